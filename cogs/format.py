"""Discord-free message text: turn headers, event logs, errors, trimming to 2000 characters.

Seats are duck-typed (seat, user_id, name, is_ai) so tests need no table service.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

from engine.core import PromptView

from .components import ELLIPSIS, trim

MAX_MESSAGE = 2000
BARE_SECTION = re.compile(r"\s*\(§\s*[\w.-]+\)|,\s*§\s*[\w.-]*\w(?=\))")  # "(§2.0)": a number without its title tells players nothing
MAX_EVENT_LINE = 300  # one very long event must not push every other line out


def mention(seat: Any) -> str:
    """A ping for a human (Discord ids are digits), the plain name for an AI or console seat."""
    uid = str(getattr(seat, "user_id", ""))
    if not getattr(seat, "is_ai", False) and uid.isdigit():
        return f"<@{uid}>"
    return f"**{seat.name}**"


def mention_ids(seats: Iterable[Any]) -> list[int]:
    """The user ids a turn message may ping (allowed_mentions is limited to exactly these)."""
    return [int(s.user_id) for s in seats if not getattr(s, "is_ai", False) and str(s.user_id).isdigit()]


def error_text(exc: BaseException) -> str:
    """TableError(message, rule) and IllegalAction(reason, rule) as one sentence for the user."""
    msg = getattr(exc, "message", None) or getattr(exc, "reason", None) or str(exc) or "That did not work."
    rule = getattr(exc, "rule", None)
    return f"{rule}: {msg}" if rule and not str(msg).startswith(str(rule)) else str(msg)


def _prompts(prompts: Sequence[PromptView], seats: Sequence[int]) -> list[str]:
    out: list[str] = []
    for d in prompts:
        p = d.prompt.strip()
        if d.player and p.startswith(f"{d.player}: "):  # the line already names them: once is enough
            p = p[len(d.player) + 2:]
        p = BARE_SECTION.sub("", p)
        if d.seat in seats and p and p not in out:
            out.append(p)
    return out


def awaited_line(to_act: Sequence[Any], prompts: Sequence[PromptView]) -> str:
    """Line 1 of a turn message: who must act and what the game waits for."""
    if not to_act:
        return "Waiting on nobody right now."
    who = ", ".join(mention(s) for s in to_act)
    said = _prompts(prompts, [s.seat for s in to_act])
    if said:
        return f"{who}: {'; '.join(said)}"
    return f"{who}: your move."


def panel_label(to_act: Sequence[Any], prompts: Sequence[PromptView]) -> str:
    """The public button that opens the private panel: the label the game gave the decision
    ("Choose your defense"), else "Your move" on one's own turn and "Make your choice" off it."""
    if len(to_act) != 1:
        return "Make your choice"
    mine = [d for d in prompts if d.seat == to_act[0].seat]
    named = next((d.button for d in mine if d.button), None)
    if named:
        return named
    return "Make your choice" if any(d.reaction for d in mine) else "Your move"


def status_line(game_id: int, title: str, view: dict) -> str:
    """Line 2: small text with the game, turn and phase, from whatever the view offers."""
    parts = [f"Game #{game_id}", title]
    if view.get("turn") is not None:
        parts.append(f"turn {view['turn']}")
    if view.get("phase_label"):
        parts.append(str(view["phase_label"]))
    return "-# " + " · ".join(parts)


def fit_message(head: Sequence[str], log: Sequence[str], limit: int = MAX_MESSAGE,
                tail: Sequence[str] = ()) -> str:
    """Join head, a bulleted log and tail, dropping detail until it fits in `limit`.

    First long log lines are cut, then the oldest log lines are replaced by a count; the head
    and tail are only trimmed as a last resort. Never raises, never exceeds `limit`.
    """
    lines = [trim(BARE_SECTION.sub("", str(line)), MAX_EVENT_LINE) for line in log if str(line).strip()]

    def build(kept: list[str], dropped: int) -> str:
        body = ([f"-# … {dropped} earlier event{'s' if dropped != 1 else ''} not shown"] if dropped else [])
        body += [f"• {line}" for line in kept]
        return "\n".join([*head, *body, *tail])

    for dropped in range(len(lines) + 1):
        text = build(lines[dropped:], dropped)
        if len(text) <= limit:
            return text
    text = "\n".join([*head, *tail])
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


INTRO = ("-# 👋 New here? The blue button opens your choices (only you see them); **Show my hand** shows "
         "your cards. This message is edited while you play on, and pings whoever acts next. `/help` explains more.")


def turn_message(game_id: int, title: str, to_act: Sequence[Any], prompts: Sequence[PromptView], view: dict,
                 events: Sequence[str], private_for: Sequence[str] = (), routine: Sequence[str] = (),
                 *, intro: bool = False) -> str:
    """routine: the awaited decisions a standing answer (/autopilot) could cover, in words;
    intro: the game's first turn message, which says how playing here works."""
    head = [awaited_line(to_act, prompts), status_line(game_id, title, view)]
    tail = [INTRO] if intro else []
    if private_for:
        tail.append(f"-# 🔒 {', '.join(private_for)}: you have private news, press Show my hand.")
    if routine:
        kinds = "; ".join(f"“{k}”" for k in routine)
        tail.append(f"-# ⚙️ A routine prompt: `/autopilot` can answer it for you from now on ({kinds}).")
    return fit_message(head, events, tail=tail)


def game_summary(moves: int, view: dict) -> str:
    """"41 moves over 12 turns": how long the game was, from what any view offers."""
    turns = view.get("turn")
    return f"{moves} moves" + (f" over {turns} turns" if isinstance(turns, int) and turns > 1 else "")


def finished_message(game_id: int, title: str, result: str | None, events: Sequence[str],
                     seed: str | None, commitment: str | None, *, players: Sequence[Any] = (),
                     summary: str = "", moments: Sequence[str] = ()) -> str:
    """The last message: the result (pinging the players), how long it took, its key moments,
    what happened last (the rating change among it), and the seed that lets anyone re-check
    every roll."""
    head = [f"🏁 Game #{game_id} ({title}) is over. {result or ''}".rstrip()]
    who = ", ".join(mention(s) for s in players)
    if who or summary:
        head.append(f"{who}: {summary}." if who and summary else who or f"{summary}.")
    if moments:
        head.append("**Key moments**")
        head += [f"★ {trim(BARE_SECTION.sub('', m), MAX_EVENT_LINE)}" for m in moments]
        head.append("**Last moves**")
    tail = []
    if seed and not any(seed in e for e in events):  # the service may already have said it
        check = f" It hashes to the commitment `{commitment}` shown at the start." if commitment else ""
        tail.append(f"Seed: `{seed}`.{check} Every roll can now be re-checked.")
    return fit_message(head, events, tail=tail)


def seats_text(seats: Sequence[Any]) -> str:
    if not seats:
        return "nobody yet"
    return ", ".join(f"{s.name}{' (AI)' if getattr(s, 'is_ai', False) else ''}" for s in seats)


def duration_text(seconds: float) -> str:
    """"24 hours", "90 minutes", "45 seconds": the largest unit that reads naturally."""
    if not math.isfinite(seconds):  # settings are checked, but never let wording crash
        return "an unlimited time"
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= 2 * size or seconds == size:
            n = seconds / size
            shown = f"{n:g}" if n == int(n) else f"{n:.1f}"
            return f"{shown} {unit}{'s' if shown != '1' else ''}"
    return f"{seconds:g} seconds"


def clock_text(clock: Any) -> str:
    """A ClockSettings in one sentence."""
    parts = [f"{'quick play, ' if clock.quick else ''}{duration_text(clock.seconds)} a move"]
    parts.append(f"reminder after {duration_text(clock.reminder_after)}" if clock.reminder_after else "no reminder")
    parts.append("on timeout the AI moves" if clock.on_timeout == "ai" else "on timeout the turn is passed "
                 "where the game allows (else the AI moves)")
    if clock.forfeit_after:
        parts.append(f"{clock.forfeit_after} timeouts in a row concede the game")
    return "; ".join(parts) + "."


def prompt_name(kind: str, answers: dict[str, str]) -> str:
    """A routine prompt named by what its standing answers say (the game's own answers, not "ai");
    one with none of its own is named by its kind in plain words ("Defend prompts")."""
    said = [text for key, text in answers.items() if key != "ai"]
    return " / ".join(said[:2]) or f"{kind.replace('_', ' ').capitalize()} prompts"
