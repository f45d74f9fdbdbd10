"""/rules, /card, /keyword, /glossary, and the "Why?" button under refusals.

Only translation: the lookup package finds entries; this cog words them and adds buttons.
"""

from __future__ import annotations

import io
import logging
import re

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.registry import find_game, game_ids, playable_games
from lookup import TITLES, Entry, default_lookup

from .components import MAX_BUTTON_LABEL, MAX_CUSTOM_ID, trim
from .format import MAX_MESSAGE, error_text
from .replies import answer

log = logging.getLogger(__name__)
GAME_CHOICES = [app_commands.Choice(name=TITLES[g], value=g) for g in game_ids()]
RULE_KINDS = ("rule", "ruling")
ENTRY_TEMPLATE = r"arb:rule:(?P<game>[a-z]+):(?P<kind>[a-z]+):(?P<key>.+)"
KIND_CODES = {"rule": "r", "ruling": "u", "term": "t", "keyword": "k", "tag": "g", "card": "c"}
CODE_KINDS = {v: k for k, v in KIND_CODES.items()}
MAX_SEE_ALSO = 5


def entry_custom_id(e: Entry) -> str | None:
    cid = f"arb:rule:{e.game}:{KIND_CODES[e.kind]}:{e.key}"
    return cid if len(cid) <= MAX_CUSTOM_ID else None


def entry_text(e: Entry) -> str:
    lines = [f"**{e.heading}** — {TITLES.get(e.game, e.game)}", e.text]
    if e.kind == "term" and e.see_also:
        lines.append("See " + ", ".join(e.see_also))
    return trim("\n".join(lines), MAX_MESSAGE)


def entry_view(entries: list[Entry]) -> discord.ui.View | None:
    """Buttons that open related entries (at most one row of five)."""
    buttons = []
    for e in entries[:MAX_SEE_ALSO]:
        cid = entry_custom_id(e)
        if cid:
            label = trim(e.heading, MAX_BUTTON_LABEL)
            buttons.append(EntryButton(discord.ui.Button(label=label, custom_id=cid,
                                                         style=discord.ButtonStyle.secondary)))
    if not buttons:
        return None
    view = discord.ui.View(timeout=None)  # no timeout: a timed-out view unregisters DynamicItems
    for b in buttons:
        view.add_item(b)
    return view


def related(e: Entry) -> list[Entry]:
    lookup = default_lookup()
    kinds = ("rule",) if e.kind in ("rule", "term", "ruling") else (e.kind,)
    found = [lookup.get(e.game, k, key) for key in e.see_also for k in kinds]
    return [x for x in found if x is not None]


def refusal_view(game: str, exc: BaseException) -> discord.ui.View | None:
    """A "Why?" button opening the rule a refusal cites, when we have that entry."""
    entry = default_lookup().cited(game, getattr(exc, "rule", None))
    if not entry or not entry_custom_id(entry):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(EntryButton(discord.ui.Button(label="Why?", custom_id=entry_custom_id(entry),
                                                style=discord.ButtonStyle.secondary)))
    return view


def refusal_kwargs(game: str | None, exc: BaseException) -> dict:
    """Followup kwargs for a refusal: the sentence with its rule, plus the "Why?" button."""
    kw: dict = {"content": error_text(exc), "ephemeral": True}
    view = refusal_view(game, exc) if game else None
    if view is not None:
        kw["view"] = view
    return kw


class EntryButton(discord.ui.DynamicItem[discord.ui.Button], template=ENTRY_TEMPLATE):
    """Opens one lookup entry privately; works on any message, before or after a restart."""

    def __init__(self, item: discord.ui.Button):
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction, item, match, /):
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        m = re.fullmatch(ENTRY_TEMPLATE, self.custom_id)
        entry = m and default_lookup().get(m["game"], CODE_KINDS.get(m["kind"], ""), m["key"])
        if not entry:
            await answer(interaction, "That entry no longer exists.", ephemeral=True)
            return
        await answer(interaction, **(await entry_message(entry)), ephemeral=True)


async def entry_message(e: Entry) -> dict:
    kw: dict = {"content": entry_text(e)}
    view = entry_view(related(e))
    if view is not None:
        kw["view"] = view
    if e.kind == "card":
        png = await card_png(e.game, e.key)
        if png:
            kw["file"] = discord.File(io.BytesIO(png), filename=f"{e.key}.png")
    return kw


async def card_png(game: str, card_id: str) -> bytes | None:
    try:
        from images.pool import draw

        return await draw("render_card", game, card_id)
    except Exception:  # the text answer stands on its own
        log.warning("no card image for %s %s", game, card_id, exc_info=True)
        return None


def choices(entries: list[Entry], typed: str = "") -> list[app_commands.Choice[str]]:
    out = [app_commands.Choice(name=trim(e.heading, 100), value=e.key[:100]) for e in entries[:25]]
    return out or ([app_commands.Choice(name=trim(typed, 100), value=typed[:100])] if typed else [])


class LookupCog(commands.Cog, name="Lookup"):
    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.lookup = default_lookup()

    async def _answer(self, interaction: discord.Interaction, game: str, query: str, kinds: tuple[str, ...],
                      private: bool, what: str) -> None:
        hits = self.lookup.search(game, query, kinds=kinds, limit=MAX_SEE_ALSO + 1)
        if not hits:
            await answer(interaction,
                         f"No {what} in {TITLES[game]} matches “{trim(query, 100)}”. Try fewer or other words.",
                         ephemeral=True)
            return
        if hits[0].kind == "card":
            await interaction.response.defer(ephemeral=private)
        kw = await entry_message(hits[0])
        others = [h for h in hits[1:] if h not in related(hits[0])]
        if others and "view" not in kw:
            kw["view"] = entry_view(others)
        await answer(interaction, **kw, ephemeral=private)

    @app_commands.command(name="help", description="How playing here works: a turn, the buttons, the commands")
    @app_commands.describe(game="A game, for how its turn works here")
    @app_commands.choices(game=GAME_CHOICES)
    async def help(self, interaction: discord.Interaction, game: str | None = None):
        await answer(interaction, help_text(game, self.lookup), ephemeral=True)

    @app_commands.command(name="rules", description="Look up a rule of a game (section number, title or question)")
    @app_commands.describe(game="Which game", query="A section number, a title, or your question",
                           private="Only you see the answer")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str, query: str, private: bool = False):
        await self._answer(interaction, game, query, RULE_KINDS, private, "rule")

    @rules.autocomplete("query")
    async def rules_complete(self, interaction: discord.Interaction, current: str):
        game = interaction.namespace.game
        return choices(self.lookup.suggest(game, current, RULE_KINDS), current) if game else []

    @app_commands.command(name="card", description="Show a card and its text")
    @app_commands.describe(game="Which game", name="The card's name")
    @app_commands.choices(game=GAME_CHOICES)
    async def card(self, interaction: discord.Interaction, game: str, name: str, private: bool = False):
        await self._answer(interaction, game, name, ("card",), private, "card")

    @card.autocomplete("name")
    async def card_complete(self, interaction: discord.Interaction, current: str):
        game = interaction.namespace.game
        return choices(self.lookup.suggest(game, current, ("card",)), current) if game else []

    @app_commands.command(name="keyword", description="A game's keywords and tags (by number like 4.6, or name)")
    @app_commands.describe(query="Keyword number or name, or a tag name",
                           game="Which game (default: the first game that has keywords)")
    @app_commands.choices(game=GAME_CHOICES)
    async def keyword(self, interaction: discord.Interaction, query: str, game: str | None = None,
                      private: bool = False):
        games = self.lookup.games_with("keyword")
        game = game or next(iter(games), None)
        if game not in games:
            have = ", ".join(TITLES.get(g, g) for g in games) or "no game yet"
            await interaction.response.send_message(
                f"{TITLES.get(game, game)} has no keywords to look up; /keyword covers {have}.", ephemeral=True)
            return
        await self._answer(interaction, game, query, self.lookup.kinds_for(game, "keyword"), private, "keyword or tag")

    @keyword.autocomplete("query")
    async def keyword_complete(self, interaction: discord.Interaction, current: str):
        game = interaction.namespace.game or next(iter(self.lookup.games_with("keyword")), None)
        kinds = self.lookup.kinds_for(game, "keyword") if game else ()
        return choices(self.lookup.suggest(game, current, kinds), current) if kinds else []

    @app_commands.command(name="glossary", description="What a game term means")
    @app_commands.describe(game="Which game", term="The term")
    @app_commands.choices(game=GAME_CHOICES)
    async def glossary(self, interaction: discord.Interaction, game: str, term: str, private: bool = False):
        await self._answer(interaction, game, term, ("term",), private, "glossary term")

    @glossary.autocomplete("term")
    async def glossary_complete(self, interaction: discord.Interaction, current: str):
        game = interaction.namespace.game
        return choices(self.lookup.suggest(game, current, ("term",)), current) if game else []


BUTTONS_HELP = [
    "**The turn message** names who must act and shows the board. It is edited while the same player "
    "goes on; a new message (with a ping) comes only when someone else must act.",
    "**Your move / Choose …** opens your choices, privately. **Show my hand** shows your cards, only to you.",
    "**Red buttons** are moves that can lose the game, end your turn early or cannot be taken back: they ask once.",
    "**Undo** appears when your last move can still be taken back; if nobody else has acted since, it needs "
    "no one's approval.",
    "**Why?** under a refusal opens the rule it cites.",
]
COMMANDS_HELP = ("`/game new` · `/game join` · `/game start` · `/game status` · `/games` · `/autopilot` · "
                 "`/notify` · `/rules` · `/card` · `/glossary`")


def help_text(game: str | None, lookup) -> str:
    """/help: without a game, the games and how the buttons work; with one, how its turn goes here
    (the rule it cites for turn order), its routine prompts and its settings. All from the registry
    and the game's own rules text, so a new game needs nothing here."""
    found = find_game(game) if game else None
    if found is None:
        games = ", ".join(f"{g.title} (`{g.id}`)" for g in playable_games())
        head = [f"**Arbiter** runs these games: {games}. `/help game:` tells how one plays here."]
        return _fit([*head, *BUTTONS_HELP, COMMANDS_HELP])
    players = (f"{found.min_players} players" if found.min_players == found.max_players
               else f"{found.min_players}–{found.max_players} players")
    lines = [f"**{found.title}** ({players}){'' if found.playable else ': rules lookup only for now'}."]
    turn = lookup.cited(found.id, found.turn_rule) if found.turn_rule else None
    if turn is not None:
        lines.append(f"**How a turn goes** ({turn.heading}): {trim(turn.text, 500)}")
    if found.playable:
        routine = [d for answers in found.standing_answers().values() for d in answers.values()]
        if routine:
            lines.append("**Routine prompts** `/autopilot` can answer for you: " + "; ".join(routine[:6]) + ".")
        model = found.config_model()
        if model is not None and model.model_fields:
            named = [(f.description or name.replace("_", " ")) for name, f in model.model_fields.items()]
            lines.append("**Settings** for `/game new settings:`: " + "; ".join(named) + ".")
    return _fit([*lines, *BUTTONS_HELP, COMMANDS_HELP])


def _fit(lines: list[str]) -> str:
    text = "\n".join(lines)
    return text if len(text) <= MAX_MESSAGE else trim(text, MAX_MESSAGE)
