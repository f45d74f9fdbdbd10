"""Which keywords a unit has right now, and the static numbers they change (Focus, HP, limits).

Keywords are classed by who they act for (design notes §1.8, A-7, A-8):
- ACTION keywords modify the unit's own Attack/CS/Support and are chosen within Focus when augmented;
- UNIT keywords are always on for the unit that carries them (Flaws, defensive passives);
- SIDE keywords act for the controlling Player whenever any of its units has them active ("P-static").
Everything that is not UNIT or SIDE is an ACTION keyword.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.core.memo import finite_cache

from .cards import catalog
from .state import ResState, Unit

UNIT_KWS = {"0.0", "1.0", "1.2", "2.0", "3.0", "3.1", "3.7", "4.0", "4.1", "5.0", "6.0", "6.1", "6.9",
            "7.0", "7.3", "8.0", "9.0", "9.2"}
SIDE_KWS = {"0.0", "1.6", "3.3", "4.3", "5.1", "5.3", "6.3", "7.1", "8.1", "9.1", "9.3", "9.7", "3.7"}
FLAWS = {f"{c}.0" for c in range(10)}
BOOST_TAG = {"0.4": "Liberate", "1.4": "Augment", "2.4": "Haste", "3.4": "Ward", "4.4": "Bless", "5.4": "Charge",
             "6.4": "Cure", "7.4": "Regen", "8.4": "Enhance", "9.4": "Obscure"}
STATUS_TAG = {"0.5": "Mark", "1.5": "Impair", "2.5": "Slow", "3.5": "Daze", "4.5": "Curse", "5.5": "Bind",
              "6.5": "Weaken", "7.5": "Blight", "8.5": "Silence", "9.5": "Nullify"}
TAG_KEYWORD = {v: k for k, v in {**BOOST_TAG, **STATUS_TAG}.items()}
STATUS_TAGS = set(STATUS_TAG.values())
BOOST_TAGS = set(BOOST_TAG.values())
# Keywords that only act on an Attack/CS; those that act on Support (§4.4 A, notes item 14).
SUPPORT_KWS = {"3.9", "6.7", "7.9", "8.3", "5.2", "5.6"} | set(BOOST_TAG)
# Keywords needing a choice when declared (param): Attuned, Translocate, Deadeye, Material, Multiply,
# Channel, Imbue, Improvisor, Split. Flux and Gamble ask their amounts later, at the EV step.
PARAM_KWS = {"1.3", "1.9", "6.2", "5.7", "7.8", "9.9", "5.6", "5.2", "7.9"}
# Replace the fuel-to-RV steps (GR2) or the whole roll.
ALT_KWS = {"2.6", "2.9", "7.6", "1.9"}
NO_CS_AUG = {"2.6", "2.9", "4.2", "9.8"}  # these cannot augment a Critical Strike


@finite_cache  # by keyword code
def kw_name(code: str) -> str:
    return catalog().keywords[code].name


@dataclass(frozen=True, slots=True)
class Spec:
    """What the rules read of a printed card, as a plain record: card lookups are the hottest call
    of the menu and the pipeline, and a slotted record reads its fields several times faster than
    the catalogue's pydantic CardDef."""

    id: str
    kind: str
    name: str
    power: int
    focus: int | None
    keywords: tuple[str, ...]
    module_id: int


_SPECS: dict[str, Spec] = {}  # every card by id, filled on the first lookup


def card(card_id: str) -> Spec:
    return (_SPECS or _load_specs())[card_id]


def specs() -> dict[str, Spec]:
    """Every card's Spec by id: for loops over a hand, which index it instead of calling `card` per card."""
    return _SPECS or _load_specs()


def _load_specs() -> dict[str, Spec]:
    for c in catalog().cards.values():
        _SPECS[c.id] = Spec(c.id, c.kind, c.name, c.power, c.focus, tuple(c.keywords), c.module_id)
    return _SPECS


def printed(s: ResState, u: Unit) -> tuple[str, ...]:
    """Keywords printed on an Animation, off while Silenced or Suppressed (§2.10, App D 18): the
    card record's own tuple, not a copy (every caller only reads it)."""
    if u.kind != "animation" or u.suppressed or "Silence" in u.tags and tag_active(s, u, "Silence"):
        return ()
    return (_SPECS or _load_specs())[u.card].keywords


def item_kws(s: ResState, u: Unit) -> list[str]:
    if u.suppressed and u.kind != "player":
        return []
    if not u.items:
        return []
    printed_on = card_keywords()
    return [k for i in u.items for k in printed_on[i]]


def codex_kws(s: ResState, seat: int) -> list[str]:
    codex = codex_keywords()
    return [k for b in s.players[seat].active_codex for k in codex[b]]


def all_kws(s: ResState, u: Unit) -> tuple[str, ...]:
    """Every keyword the unit can draw on: printed (`printed`), its Items (`item_kws`), and for a
    Player the active Codex (`codex_kws`), in that order. What a unit draws on is looked up by
    what it is made of: the same few cards, Items and blocks are asked about on every step."""
    if u.kind == "player":
        return _keywords_of(*u.items, *s.players[u.owner].active_codex)
    if u.suppressed:
        return ()  # neither printed keywords nor Items work (§2.10)
    silenced = "Silence" in u.tags and tag_active(s, u, "Silence")  # a rare tag: asked only when there
    printing = u.card if u.kind == "animation" and not silenced else None
    if not u.items:  # most units: the printed keywords alone, already a tuple on the card's record
        return (_SPECS or _load_specs())[printing].keywords if printing else ()  # `card`, without its call
    return _keywords_of(printing, *u.items) if printing else _keywords_of(*u.items)


@lru_cache(maxsize=1 << 14)
def _keywords_of(*sources: str) -> tuple[str, ...]:
    """The keywords on each card or Codex block, in order. Called with the ids themselves, not
    tuples of them: the cache's key is then the one tuple of arguments, hashed flat (card and
    block ids never clash: `M01-0`, `X0-1`)."""
    printed_on = _keywords_by_id()
    return tuple(k for x in sources for k in printed_on[x])


@finite_cache
def _keywords_by_id() -> dict[str, list[str] | tuple[str, str]]:
    """Card id or Codex block -> its keywords (`card_keywords` and `codex_keywords` in one)."""
    return {**card_keywords(), **codex_keywords()}


def has(s: ResState, u: Unit, code: str) -> bool:
    """`code in all_kws(s, u)`: the hottest question of the menu and the pipeline."""
    return code in all_kws(s, u)


@finite_cache
def card_keywords() -> dict[str, list[str]]:
    """Card id -> its printed keywords (the catalogue's own lists, read-only)."""
    return {card_id: c.keywords for card_id, c in catalog().cards.items()}


@finite_cache
def codex_keywords() -> dict[str, tuple[str, str]]:
    """Codex block -> its keywords."""
    return {block: b.keywords for block, b in catalog().codex.items()}


def side_has(s: ResState, seat: int, code: str) -> bool:
    """A P-static keyword active anywhere on the seat's side (A-7, A-8)."""
    for u in s.units.values():
        if u.owner == seat and code in all_kws(s, u):  # `has`, without its call: asked on many steps
            return True
    return False


def side_kws(s: ResState, seat: int, mine: list[Unit] | None = None) -> set[str]:
    """Every keyword active on the seat's side: `side_has` for several keywords at once. `mine`:
    the seat's `side_units`, when the caller has them already."""
    side: set[str] = set()
    for u in side_units(s, seat) if mine is None else mine:  # a loop, each unit's tuple added in C
        side.update(all_kws(s, u))
    return side


def side_units(s: ResState, seat: int) -> list[Unit]:
    return [u for u in s.units.values() if u.owner == seat]


def animations(s: ResState, seat: int) -> list[Unit]:
    return [u for u in s.units.values() if u.owner == seat and u.kind != "player"]


# --- tags ---------------------------------------------------------------------------------

def immune(s: ResState, u: Unit, tag: str) -> bool:
    # Read without tags: a Silence Tag cannot switch off the Immunized that guards against it.
    return tag in s.players[u.owner].immunized and any("6.3" in raw_kws(s, o) for o in side_units(s, u.owner))


def tag_active(s: ResState, u: Unit, tag: str) -> bool:
    """A tag on the unit that currently works: Tolerant and Immunized switch Status Tags off."""
    if tag not in u.tags:
        return False
    if tag in STATUS_TAGS:
        if immune(s, u, tag):
            return False
        if tolerant_shield(s, u):
            return False
    return True


def raw_kws(s: ResState, u: Unit) -> list[str]:
    """Keywords ignoring tags (used where a tag's own activity is being decided)."""
    if u.suppressed and u.kind != "player":
        return []
    out = list(card(u.card).keywords) if u.kind == "animation" else []
    for i in u.items:
        out += card(i).keywords
    return out + (codex_kws(s, u.owner) if u.kind == "player" else [])


def tolerant_shield(s: ResState, u: Unit) -> bool:
    """Tolerant: Status Tags are inactive while their count is at most the unit's Focus.

    The Focus compared is taken without tags, so Impair cannot decide its own activity (RULINGS)."""
    if "6.1" not in raw_kws(s, u):
        return False
    count = sum(1 for t in u.tags if t in STATUS_TAGS)
    return count <= focus(s, u, with_tags=False)


# --- stats --------------------------------------------------------------------------------

def focus(s: ResState, u: Unit, with_tags: bool = True) -> int:
    if u.kind == "player":
        base = s.players[u.owner].base_focus
    elif u.kind == "echo":
        base = 1
    else:
        base = card(u.card).focus
    cut = 0
    if u.kind != "echo":
        kws = all_kws(s, u) if with_tags else raw_kws(s, u)
        if "4.0" in kws:
            cut += 1
        if with_tags and "Impair" in u.tags and tag_active(s, u, "Impair"):  # a rare tag: asked only when there
            cut += 1
        if cut and "3.1" in kws:
            cut = 0  # Sturdy: unaffected by Focus reductions (GR3)
    bonus = growth_bonus(s, u) if u.kind != "player" and with_tags else 0
    return max(0, base - cut + bonus)


def growth_bonus(s: ResState, u: Unit) -> int:
    """+1 while another friendly unit with Growth is spent; never more than +1; Ageless blocks it.
    The spent Growth unit is looked for first: it is rare, and Ageless is asked only then."""
    for o in s.units.values():
        if (o.owner == u.owner and o.spent and o.kind == "animation" and o.uid != u.uid and not o.suppressed
                and "6.9" in all_kws(s, o)):
            return 0 if side_has(s, u.owner, "4.3") else 1
    return 0


def power(s: ResState, u: Unit) -> int:
    if u.kind == "echo":
        return 1
    return card(u.card).power


def max_hp(s: ResState, u: Unit) -> int:
    """A-13: Player 10 + Resilient - Limited; Animation Power (+Leader) - Limited, at least 1."""
    limited = 1 if "7.0" in all_kws(s, u) else 0
    if u.kind == "player":
        return 10 + (1 if side_has(s, u.owner, "7.1") else 0) - limited
    return max(1, power(s, u) + u.leader - limited)


def item_limit(s: ResState, u: Unit, side: set[str] | None = None, player_focus: int | None = None) -> int:
    """`side`: the owner's `side_kws`, and `player_focus` its Player's `focus`, when the caller has them already."""
    if u.kind == "player":
        broad = "9.7" in side if side is not None else side_has(s, u.owner, "9.7")
        return (focus(s, u) if player_focus is None else player_focus) + (1 if broad else 0)
    return 1


def is_spent(s: ResState, u: Unit) -> bool:
    if u.kind == "player":
        return s.players[u.owner].tokens >= 2
    return u.spent


def guards(s: ResState, seat: int) -> bool:
    """Guardian Precedence (§2.5): any non-Suppressed Animation shields the Player. One pass over
    the table with no list made: the menu asks it of every enemy Player on every step."""
    for a in s.units.values():
        if a.owner == seat and a.kind != "player" and not a.suppressed:
            return True
    return False


def command_count(s: ResState, seat: int, mine: list[Unit] | None = None) -> int:
    """Animations counted against the command limit: Echo tokens do not count (App C 7.9). `mine`:
    the seat's `side_units`, when the caller has them already."""
    count = 0
    for a in side_units(s, seat) if mine is None else mine:  # a loop, no comprehension: each menu asks
        if a.kind == "animation":
            count += 1
    return count
