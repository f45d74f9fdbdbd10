"""The edge: what a Discord client sends is checked here before any command or button runs.

Discord's own client keeps options within the ranges and choices a command declares, but a
modified client (or a raw request) can send anything: 6,000-character strings, 1e308, NaN,
2**64, values that are not among the choices, custom ids and select values that are on no
message. discord.py passes all of it through, so:

* `ArbiterTree.interaction_check` checks every slash-command option against its declaration
  (length, range, finiteness, choices, no control or bidi-override characters) and answers a
  bad one with a private sentence; an autocomplete with bad input gets no suggestions.
* `genuine(interaction, custom_id, values)` says whether a clicked component (and its chosen
  values) really is on the message it claims to come from, so a forged click changes nothing.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable
from typing import Any

import discord
from discord import app_commands

from .components import BUTTON_TEMPLATE, SELECT_TEMPLATE
from .lookup import ENTRY_TEMPLATE
from .replies import answer

MAX_TEXT = 200  # a string option with no declared max length: names, ids, questions
MAX_INTEGER = 2 ** 53  # Discord's integer options stay within +-2**53
BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}

STRING, INTEGER, BOOLEAN, NUMBER = 3, 4, 5, 10


class ArbiterTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        problem = option_problem(interaction)
        if problem is None:
            return True
        if interaction.type == discord.InteractionType.autocomplete:
            await interaction.response.autocomplete([])
        else:
            await answer(interaction, problem, ephemeral=True)
        return False


def option_problem(interaction: discord.Interaction) -> str | None:
    """A sentence about the first option that breaks its command's declaration, else None."""
    data: Any = interaction.data or {}
    if interaction.type not in (discord.InteractionType.application_command,
                                discord.InteractionType.autocomplete) or data.get("type", 1) != 1:
        return None
    try:
        command, options = interaction.client.tree._get_app_command_options(data)
    except discord.DiscordException:
        return None  # an unknown command: discord.py answers nothing, nothing runs
    params = {p.display_name: p for p in getattr(command, "parameters", [])}  # as the client names them
    for option in options:
        param = params.get(option.get("name"))
        if param is None:
            return f"`/{command.qualified_name}` has no option called that."
        problem = value_problem(param, option.get("value"), focused=bool(option.get("focused")))
        if problem:
            return f"`{param.display_name}`: {problem}"
    return None


def value_problem(param: app_commands.Parameter, value: Any, *, focused: bool = False) -> str | None:
    kind = param.type.value
    if focused:  # what has been typed so far, as text
        return text_problem(value, _limit(param))
    if kind == STRING:
        return text_problem(value, _limit(param)) or _choice_problem(param, value)
    if kind == BOOLEAN:
        return None if isinstance(value, bool) else "choose true or false."
    if kind in (INTEGER, NUMBER):
        return number_problem(param, value, whole=kind == INTEGER) or _choice_problem(param, value)
    return None  # users, channels, roles: discord.py resolves them from the payload


def text_problem(value: Any, limit: int) -> str | None:
    if not isinstance(value, str):
        return "that is not text."
    if len(value) > limit:
        return f"at most {limit} characters, please."
    if any(unicodedata.category(c) == "Cc" or c in BIDI_CONTROLS for c in value):
        return "that text contains control characters I cannot use."
    return None


def number_problem(param: app_commands.Parameter, value: Any, *, whole: bool) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or (whole and not isinstance(value, int)):
        return "that is not a number."
    if not math.isfinite(value) or abs(value) > MAX_INTEGER:
        return "that number is out of range."
    low, high = param.min_value, param.max_value
    if (low is not None and value < low) or (high is not None and value > high):
        return f"choose a number from {low:g} to {high:g}." if low is not None and high is not None \
            else "that number is out of range."
    return None


def _choice_problem(param: app_commands.Parameter, value: Any) -> str | None:
    choices = [c.value for c in param.choices]
    return None if not choices or value in choices else "that is not one of the choices."


def _limit(param: app_commands.Parameter) -> int:
    declared = param.max_value if param.type.value == STRING else None
    return int(declared) if declared else MAX_TEXT


# --- components ---------------------------------------------------------------------------

BUTTON, SELECT = 2, 3
# The custom ids our DynamicItems answer, by component type (cogs/play.py, cogs/lookup.py).
HANDLED = {BUTTON: [re.compile(BUTTON_TEMPLATE), re.compile(ENTRY_TEMPLATE)], SELECT: [re.compile(SELECT_TEMPLATE)]}


def unanswered(interaction: discord.Interaction) -> bool:
    """Whether discord.py will drop this component click without running any of our items: its
    custom id is not ours, or not on the message it came from (a forged or malformed click).
    discord.py answers nothing then, so the caller must."""
    data: Any = interaction.data or {}
    custom_id, kind = str(data.get("custom_id", "")), data.get("component_type")
    if not any(p.fullmatch(custom_id) for p in HANDLED.get(kind, [])):
        return True
    return _component(interaction, custom_id, kind) is None


def genuine(interaction: discord.Interaction, custom_id: str, values: Iterable[str] = ()) -> bool:
    """Whether the clicked component is on the message the click came from, with every chosen
    value among its options. A forged custom id or select value fails this."""
    item = _component(interaction, custom_id)
    if item is None:
        return False
    options = {o.value for o in getattr(item, "options", [])}
    return set(values) <= options if options else not list(values)


def _component(interaction: discord.Interaction, custom_id: str, kind: int | None = None) -> Any:
    message = interaction.message
    for row in message.components if message is not None else []:
        for item in getattr(row, "children", [row]):
            if getattr(item, "custom_id", None) == custom_id and kind in (None, item.type.value):
                return item
    return None
