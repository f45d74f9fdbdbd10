"""Rules, card and keyword lookup: exact names first, then full text (bm25), then typo-tolerant.

Typos are handled by correcting each query word to the nearest word of the game's own
vocabulary (rapidfuzz) before the full-text search, and by fuzzy-matching whole titles.
"""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache

from rapidfuzz import fuzz, process

from engine.core.registry import find_game, game_ids
from store.text_index import IndexedEntry, TextIndex

from .entries import Entry, all_entries, ruling_key

STOPWORDS = set("""a an and are as at be by can could do does for from get got has have how i if in into is it its
me my of on or so than that the their them then there these they this to up use used using was what when where
which while who whom why will with would you your yours i'm can't don't does doesn't""".split())
WORD = re.compile(r"[a-z0-9]+(?:[.'-][a-z0-9]+)*")
CITED_NUMBER = re.compile(r"(A-?\d+|\d+(?:\.\d+)*)")  # "§6.5.2.1", "A-12", "Rulebook 2.5"
RULINGS_PREFIX = re.compile(r"^(?:rulings?(?:\.md)?|arbiter ruling)\s*[:#-]?\s*", re.I)
LOOKUPS = {"keyword": ("keyword", "tag")}  # lookups beyond rules/cards/glossary: the entry kinds they search
FUZZY_WORD = 82  # a query word this close to a vocabulary word is read as that word
FUZZY_TITLE = 86  # a whole query this close to a title counts as naming it


def words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def _norm(text: str) -> str:
    return " ".join(words(text.replace("§", "")))


def _slug(text: str) -> str:
    """"Ally cards" -> "ally-cards": how word-like section ids are spelled."""
    return re.sub(r"[^a-z0-9.]+", "-", text.lower()).strip("-")


def rule_key(rule: str | None) -> str | None:
    """The section number inside a citation ("§6.5.2.1", "A-12", "Rulebook 2.5"): the fallback
    for citations that are not an exact section id."""
    match = CITED_NUMBER.search(rule) if rule else None
    return match.group(1) if match else None


def _cited_keys(rule: str) -> list[str]:
    """Spellings a citation may take, most exact first: the id as written, without "§", as a
    slug, as a RULINGS.md heading ("ruling-battlefield", "RULINGS: Battlefield"), then the
    number inside it."""
    bare = rule.strip().lstrip("§").strip()
    heading = RULINGS_PREFIX.sub("", bare)
    keys = [rule.strip(), bare, _slug(bare), ruling_key(heading), rule_key(bare)]
    return [k for k in dict.fromkeys(keys) if k]


class Lookup:
    def __init__(self, entries: list[Entry] | None = None) -> None:
        self.entries = entries if entries is not None else all_entries()
        self.by_key: dict[tuple[str, str, str], Entry] = {(e.game, e.kind, e.key): e for e in self.entries}
        self.by_game: dict[str, list[Entry]] = defaultdict(list)
        self.kinds: dict[str, set[str]] = defaultdict(set)  # game -> kinds of entry its data has
        # normalised name -> [(entry, strength)]: an id beats a title, a title beats a search term
        self.names: dict[str, dict[str, list[tuple[Entry, int]]]] = defaultdict(lambda: defaultdict(list))
        vocab: dict[str, set[str]] = defaultdict(set)
        for e in self.entries:
            self.by_game[e.game].append(e)
            self.kinds[e.game].add(e.kind)
            named = {_norm(t): 1 for t in e.terms} | {_norm(e.title): 2, _norm(e.key): 3}
            for name, strength in named.items():
                self.names[e.game][name].append((e, strength))
            vocab[e.game].update(w for w in words(f"{e.title} {' '.join(e.terms)} {e.text}") if len(w) > 2)
        self.vocab = {g: sorted(v) for g, v in vocab.items()}
        self.index = TextIndex()
        self.index.add([IndexedEntry(e.game, e.kind, e.key, e.title, " ".join(e.terms), e.text) for e in self.entries])

    # --- queries ------------------------------------------------------------------------
    def get(self, game: str, kind: str, key: str) -> Entry | None:
        return self.by_key.get((game, kind, key))

    def cited(self, game: str, rule: str | None) -> Entry | None:
        """The entry a refusal's rule opens (the "Why?" button): any exact section id or ruling
        heading a game cites ("ally-cards", "E.III", "4.2-stoic", "ruling-battlefield"), then the
        section number inside the citation ("§6.5.2.1" -> 6.5.2.1)."""
        if not rule:
            return None
        for key in _cited_keys(rule):
            for kind in ("rule", "ruling"):
                if entry := self.get(game, kind, key):
                    return entry
        return None

    def kinds_for(self, game: str, lookup: str) -> tuple[str, ...]:
        """The entry kinds a lookup such as "keyword" searches in `game`: what the game declares
        (Game.lookup_kinds), else the usual kinds, as far as the game's data has them."""
        registered = find_game(game)
        declared = registered.lookup_kinds.get(lookup) if registered else None
        return tuple(k for k in declared or LOOKUPS.get(lookup, ()) if k in self.kinds.get(game, ()))

    def games_with(self, lookup: str) -> list[str]:
        """The games that have something for this lookup, in the registry's order."""
        return [g for g in game_ids() if self.kinds_for(g, lookup)]

    def search(self, game: str, query: str, kinds: tuple[str, ...] = ("rule", "ruling", "term"),
               limit: int = 5) -> list[Entry]:
        """Best entries for a query, exact names always first."""
        ranked: dict[tuple[str, str], float] = {}
        norm = _norm(query)
        for e, strength in self.names[game].get(norm, []):
            if e.kind in kinds:
                ranked[(e.kind, e.key)] = 1e6 * strength + (1 if e.kind == kinds[0] else 0)
        query_words = self._query_words(game, query)
        for kind, key, score in self.index.search(game, query_words, kinds, limit=limit * 4):
            ranked.setdefault((kind, key), score)
        if "rule" in kinds and "term" not in kinds:
            self._expand_terms(game, query_words, ranked)
        if len(ranked) < limit:
            for e, score in self._fuzzy_titles(game, norm, kinds, limit):
                ranked.setdefault((e.kind, e.key), score / 100)
        best = sorted(ranked.items(), key=lambda kv: -kv[1])[:limit]
        return [self.by_key[(game, kind, key)] for (kind, key), _ in best]

    def suggest(self, game: str, typed: str, kinds: tuple[str, ...], limit: int = 25) -> list[Entry]:
        """Autocomplete: ids/titles starting with what was typed, then the search results."""
        norm = _norm(typed)
        pool = [e for e in self.by_game.get(game, []) if e.kind in kinds]
        if not norm:
            return pool[:limit]
        starts = [e for e in pool if _norm(e.key).startswith(norm) or _norm(e.title).startswith(norm)]
        out = list(dict.fromkeys(starts + self.search(game, typed, kinds, limit)))
        return out[:limit]

    # --- helpers ------------------------------------------------------------------------
    def _query_words(self, game: str, query: str) -> list[str]:
        """Content words, each corrected to the game's vocabulary when it looks like a typo."""
        vocab = self.vocab.get(game, [])
        out = []
        for w in words(query):
            if w in STOPWORDS:
                continue
            out.append(w)
            if len(w) > 3 and vocab and w not in vocab:
                match = process.extractOne(w, vocab, scorer=fuzz.ratio, score_cutoff=FUZZY_WORD)
                if match:
                    out.append(match[0])
        return out

    def _expand_terms(self, game: str, query_words: list[str], ranked: dict) -> None:
        """A glossary term the query names points at the sections that define it."""
        for _, key, score in self.index.search(game, query_words, ("term",), limit=3):
            for section in self.by_key[(game, "term", key)].see_also:
                if (game, "rule", section) in self.by_key:
                    ranked[("rule", section)] = max(ranked.get(("rule", section), 0), 0.9 * score)

    def _fuzzy_titles(self, game: str, norm: str, kinds: tuple[str, ...], limit: int) -> list[tuple[Entry, float]]:
        names = {name: [e for e, _ in named if e.kind in kinds] for name, named in self.names[game].items()}
        names = {name: entries for name, entries in names.items() if entries}
        hits = process.extract(norm, list(names), scorer=fuzz.WRatio, limit=limit, score_cutoff=FUZZY_TITLE)
        return [(e, score) for name, score, _ in hits for e in names[name]]


@cache
def default_lookup() -> Lookup:
    return Lookup()
