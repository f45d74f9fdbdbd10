"""Discord-free component planning: custom_ids and the layout of buttons and selects.

Everything here is pure so the limits Discord enforces (5 rows, 5 buttons a row, one select a
row, 25 options, 100-char custom_ids, 80-char button labels) are checked by unit tests rather
than discovered as 400 errors. cogs/play.py turns these specs into discord.ui items.

custom_id formats (every acting component carries game id and state version, so a click on an
old message is recognised as stale instead of acting twice; the seat stops one player's button
from being used to index another player's action list):

    arb:act:<game>:<version>:<seat>:<index>           a button that plays action <index>
    arb:pick:<game>:<version>:<seat>:<slot>           a select whose values are action indices
    arb:many:<game>:<version>:<seat>                  a select of several action indices at once ("choose N")
    arb:grp:<game>:<version>:<seat>                   a select whose values are group numbers
    arb:nav:<game>:<version>:<seat>:<group|->:<page>  panel navigation ("-" = the group list)
    arb:ok:<game>:<version>:<seat>:<index>            confirms a move the game warned about, and plays it
    arb:panel:<game>:<version>                        "Your move": opens the private panel
    arb:hand:<game>                                   "Show my hand" (never stale)
    arb:det:<game>                                    "Detail": the full-size board, privately (never stale)
    arb:req:<request>:<1|0>                           approve / refuse an undo or replacement request
    arb:cnc:<game>                                    confirm conceding
    arb:rm:<game>                                     rematch, on a finished game's message
    arb:undo:<game>                                   ask to take back your own last move
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

# Discord's limits.
MAX_ROWS = 5
MAX_BUTTONS_PER_ROW = 5
MAX_OPTIONS = 25
MAX_CUSTOM_ID = 100
MAX_BUTTON_LABEL = 80
MAX_OPTION_LABEL = 100
MAX_OPTION_DESCRIPTION = 100
MAX_PLACEHOLDER = 150

# Our choices.
DIRECT_BUTTONS = 20  # up to this many actions are shown as plain buttons
MAX_PUBLIC_ACTIONS = 4  # non-secret actions offered right on the public turn message
SINGLETON_BUTTONS = 10  # one-action groups shown as buttons beside the group select

ELLIPSIS = "…"


class ActionLike(Protocol):
    secret: bool
    seat: int

    def label(self) -> str: ...

    def group(self) -> str: ...


def trim(text: str, limit: int) -> str:
    """Shorten `text` to at most `limit` characters, marking the cut with an ellipsis."""
    text = " ".join(str(text).split())  # labels are one line
    if len(text) <= limit:
        return text
    return text[: limit - 1].rstrip() + ELLIPSIS


def _nonempty(text: str, limit: int) -> str:
    return trim(text, limit) or "?"  # Discord rejects empty labels


# --- custom_ids --------------------------------------------------------------------------

@dataclass(frozen=True)
class Cid:
    kind: str  # act | pick | grp | nav | panel | hand
    game_id: int
    version: int | None = None
    seat: int | None = None
    index: int | None = None  # act: action index; pick: slot
    group: int | None = None  # nav: None = the group list
    page: int = 0

    def encode(self) -> str:
        g, v, s = self.game_id, self.version, self.seat
        match self.kind:
            case "act" | "pick" | "ok":
                cid = f"arb:{self.kind}:{g}:{v}:{s}:{self.index}"
            case "grp" | "many":
                cid = f"arb:{self.kind}:{g}:{v}:{s}"
            case "nav":
                cid = f"arb:nav:{g}:{v}:{s}:{'-' if self.group is None else self.group}:{self.page}"
            case "panel":
                cid = f"arb:panel:{g}:{v}"
            case "hand":
                cid = f"arb:hand:{g}"
            case "detail":
                cid = f"arb:det:{g}"
            case _:
                raise ValueError(f"unknown component kind {self.kind!r}")
        if len(cid) > MAX_CUSTOM_ID:
            raise ValueError(f"custom_id too long: {cid!r}")
        return cid


_N = r"([0-9]{1,15})"  # ASCII digits only; ids and versions stay far below SQLite's 2**63
_PATTERNS = {
    "act": re.compile(rf"arb:act:{_N}:{_N}:{_N}:{_N}"),
    "pick": re.compile(rf"arb:pick:{_N}:{_N}:{_N}:{_N}"),
    "ok": re.compile(rf"arb:ok:{_N}:{_N}:{_N}:{_N}"),
    "grp": re.compile(rf"arb:grp:{_N}:{_N}:{_N}"),
    "many": re.compile(rf"arb:many:{_N}:{_N}:{_N}"),
    "nav": re.compile(rf"arb:nav:{_N}:{_N}:{_N}:(-|[0-9]{{1,9}}):{_N}"),
    "panel": re.compile(rf"arb:panel:{_N}:{_N}"),
    "hand": re.compile(rf"arb:hand:{_N}"),
    "det": re.compile(rf"arb:det:{_N}"),
}
# What the DynamicItems register: every button and every select we make.
BUTTON_TEMPLATE = r"arb:(?:act|ok|nav|panel|hand|det|req|cnc|rm|undo):[-:0-9]+"
PEOPLE_KINDS = {"req": 2, "cnc": 1, "rm": 1, "undo": 1}  # buttons the People cog answers: how many numbers


def people_button(custom_id: str) -> tuple[str, list[int]] | None:
    """(kind, numbers) of a People-cog button, None for anything else (also for a wrong count)."""
    parts = custom_id.split(":")
    if len(parts) < 3 or parts[0] != "arb" or PEOPLE_KINDS.get(parts[1]) != len(parts) - 2:
        return None
    if not all(p.isascii() and p.isdigit() and len(p) <= 15 for p in parts[2:]):
        return None
    return parts[1], [int(p) for p in parts[2:]]


def ask_buttons(request_id: int) -> Layout:
    return [(ButtonSpec(f"arb:req:{request_id}:1", "Agree", "success"),
             ButtonSpec(f"arb:req:{request_id}:0", "Refuse", "danger"))]


def concede_buttons(game_id: int) -> Layout:
    return [(ButtonSpec(f"arb:cnc:{game_id}", f"Concede Game #{game_id}", "danger"),)]


def rematch_buttons(game_id: int) -> Layout:
    return [(ButtonSpec(f"arb:rm:{game_id}", "Rematch", "success"),)]
SELECT_TEMPLATE = r"arb:(?:pick|grp|many):[:0-9]+"


def parse_cid(custom_id: str) -> Cid | None:
    """The inverse of Cid.encode; None for anything that is not ours."""
    kind = custom_id.split(":", 2)[1] if custom_id.startswith("arb:") and custom_id.count(":") >= 2 else ""
    pattern = _PATTERNS.get(kind)
    m = pattern.fullmatch(custom_id) if pattern else None
    if not m:
        return None
    n = m.groups()
    g = int(n[0])
    match kind:
        case "act" | "pick" | "ok":
            return Cid(kind, g, int(n[1]), int(n[2]), int(n[3]))
        case "grp" | "many":
            return Cid(kind, g, int(n[1]), int(n[2]))
        case "nav":
            return Cid(kind, g, int(n[1]), int(n[2]), group=None if n[3] == "-" else int(n[3]), page=int(n[4]))
        case "panel":
            return Cid(kind, g, int(n[1]))
        case "det":
            return Cid("detail", g)
        case _:
            return Cid(kind, g)


# --- layout specs ------------------------------------------------------------------------

@dataclass(frozen=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: str = "secondary"  # primary | secondary | success | danger
    disabled: bool = False


@dataclass(frozen=True)
class OptionSpec:
    label: str
    value: str
    description: str | None = None


@dataclass(frozen=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[OptionSpec, ...]
    min_values: int = 1
    max_values: int = 1  # several: one submit picks that many options ("choose N")


Row = tuple[ButtonSpec, ...] | SelectSpec
Layout = list[Row]


def check_layout(rows: Layout) -> None:
    """Raise ValueError if Discord would reject this message's components."""
    if len(rows) > MAX_ROWS:
        raise ValueError(f"{len(rows)} rows > {MAX_ROWS}")
    ids: list[str] = []
    for row in rows:
        if isinstance(row, SelectSpec):
            ids.append(row.custom_id)
            if not 1 <= len(row.options) <= MAX_OPTIONS:
                raise ValueError(f"select with {len(row.options)} options")
            if not 1 <= row.min_values <= row.max_values <= len(row.options):
                raise ValueError(f"select taking {row.min_values}..{row.max_values} of {len(row.options)} options")
            if len(row.placeholder) > MAX_PLACEHOLDER:
                raise ValueError("placeholder too long")
            values = [o.value for o in row.options]
            if len(set(values)) != len(values):
                raise ValueError("duplicate option values")
            for o in row.options:
                if not 1 <= len(o.label) <= MAX_OPTION_LABEL or len(o.value) > MAX_OPTION_LABEL:
                    raise ValueError(f"bad option {o!r}")
                if o.description is not None and len(o.description) > MAX_OPTION_DESCRIPTION:
                    raise ValueError("option description too long")
        else:
            if not 1 <= len(row) <= MAX_BUTTONS_PER_ROW:
                raise ValueError(f"button row with {len(row)} buttons")
            for b in row:
                ids.append(b.custom_id)
                if not 1 <= len(b.label) <= MAX_BUTTON_LABEL:
                    raise ValueError(f"bad button label {b.label!r}")
    if any(len(i) > MAX_CUSTOM_ID for i in ids) or len(set(ids)) != len(ids):
        raise ValueError("custom_ids must be unique and at most 100 characters")


def _chunks(items: Sequence, size: int) -> list[list]:
    return [list(items[i:i + size]) for i in range(0, len(items), size)]


def group_actions(actions: Sequence[ActionLike]) -> list[tuple[str, list[int]]]:
    """(group name, action indices) in order of first appearance: stable for a given state."""
    groups: dict[str, list[int]] = {}
    for i, a in enumerate(actions):
        groups.setdefault(a.group() or "Actions", []).append(i)
    return list(groups.items())


def _act_button(game_id: int, version: int, seat: int, index: int, label: str) -> ButtonSpec:
    return ButtonSpec(Cid("act", game_id, version, seat, index).encode(), _nonempty(label, MAX_BUTTON_LABEL),
                      "primary")


def _button_rows(game_id, version, seat, actions, indices: list[int], budget: int,
                 groups: list[list[int]] | None = None) -> list[tuple[ButtonSpec, ...]]:
    """Buttons for `indices`, one row per group when that fits in `budget` rows, else packed."""
    if groups:
        per_group = [chunk for g in groups for chunk in _chunks(g, MAX_BUTTONS_PER_ROW)]
        if len(per_group) <= budget:
            return [tuple(_act_button(game_id, version, seat, i, actions[i].label()) for i in c)
                    for c in per_group]
    return [tuple(_act_button(game_id, version, seat, i, actions[i].label()) for i in c)
            for c in _chunks(indices, MAX_BUTTONS_PER_ROW)][:budget]


def _pick_select(game_id, version, seat, slot, actions, indices, placeholder) -> SelectSpec:
    return SelectSpec(
        Cid("pick", game_id, version, seat, slot).encode(), trim(placeholder, MAX_PLACEHOLDER),
        tuple(OptionSpec(_nonempty(actions[i].label(), MAX_OPTION_LABEL), str(i)) for i in indices))


def _nav(game_id, version, seat, group, page, label, disabled=False) -> ButtonSpec:
    return ButtonSpec(Cid("nav", game_id, version, seat, group=group, page=page).encode(), label,
                      "secondary", disabled)


def _pager(game_id, version, seat, group, page, pages) -> list[ButtonSpec]:
    return [_nav(game_id, version, seat, group, max(page - 1, 0), "◀ Prev", disabled=page == 0),
            _nav(game_id, version, seat, group, min(page + 1, pages - 1), "Next ▶", disabled=page >= pages - 1)]


def plan_panel(actions: Sequence[ActionLike], game_id: int, version: int, seat: int,
               group: int | None = None, page: int = 0, *, group_first: bool = False) -> Layout:
    """The private panel for one seat's legal actions.

    Few actions: buttons. More: one select per group if that fits, else a select of groups
    (one-action groups as buttons beside it), then that group's actions, paged by 25.
    group_first: always start from the select of groups (games whose groups are pieces on a
    board: pick a unit, then see its moves on the board).
    """
    if not actions:
        return []
    groups = group_actions(actions)
    if group is not None and 0 <= group < len(groups):
        return _plan_group(actions, game_id, version, seat, group, groups[group], page)

    n = len(actions)
    if group_first and len(groups) > 1:
        return _group_select(actions, game_id, version, seat, groups, page)
    if n <= DIRECT_BUTTONS:
        return list(_button_rows(game_id, version, seat, actions, list(range(n)), MAX_ROWS,
                                 [ix for _, ix in groups]))

    singles = [ix[0] for _, ix in groups if len(ix) == 1]
    multi = [(name, ix) for name, ix in groups if len(ix) > 1]
    single_rows = _chunks(singles, MAX_BUTTONS_PER_ROW)
    if all(len(ix) <= MAX_OPTIONS for _, ix in multi) and len(single_rows) + len(multi) <= MAX_ROWS:
        rows: Layout = [_pick_select(game_id, version, seat, k, actions, ix, f"{name} ({len(ix)})")
                        for k, (name, ix) in enumerate(multi)]
        rows += [tuple(_act_button(game_id, version, seat, i, actions[i].label()) for i in c) for c in single_rows]
        return rows

    return _group_select(actions, game_id, version, seat, groups, page)


def _group_select(actions, game_id, version, seat, groups, page) -> Layout:
    """Too many to show at once (or pieces first): a select of groups, one-action groups beside it."""
    singles = [ix[0] for _, ix in groups if len(ix) == 1]
    shown_singles = set(singles[:SINGLETON_BUTTONS])
    listed = [(k, name, ix) for k, (name, ix) in enumerate(groups) if not (len(ix) == 1 and ix[0] in shown_singles)]
    pages = _chunks(listed, MAX_OPTIONS)
    page = min(max(page, 0), max(len(pages) - 1, 0))
    rows = []
    if pages:
        label = "Choose what kind of move" + (f" (page {page + 1}/{len(pages)})" if len(pages) > 1 else "")
        rows.append(SelectSpec(Cid("grp", game_id, version, seat).encode(), label, tuple(
            OptionSpec(_nonempty(f"{name} ({len(ix)})", MAX_OPTION_LABEL), str(k)) for k, name, ix in pages[page])))
    if len(pages) > 1:
        rows.append(tuple(_pager(game_id, version, seat, None, page, len(pages))))
    rows += [tuple(_act_button(game_id, version, seat, i, actions[i].label()) for i in c)
             for c in _chunks([i for i in singles if i in shown_singles], MAX_BUTTONS_PER_ROW)]
    return rows


def _plan_group(actions, game_id, version, seat, k, named_group, page) -> Layout:
    name, ix = named_group
    back = _nav(game_id, version, seat, None, 0, "Back")
    if len(ix) <= DIRECT_BUTTONS:
        return [*_button_rows(game_id, version, seat, actions, ix, MAX_ROWS - 1), (back,)]
    pages = _chunks(ix, MAX_OPTIONS)
    if 1 < len(pages) < MAX_ROWS:  # up to 100 moves: one select per 25, so no click goes on paging
        return [*(_pick_select(game_id, version, seat, n, actions, chunk,
                               f"{name} ({n * MAX_OPTIONS + 1}-{n * MAX_OPTIONS + len(chunk)} of {len(ix)})")
                  for n, chunk in enumerate(pages)), (back,)]
    page = min(max(page, 0), len(pages) - 1)
    paged = len(pages) > 1
    placeholder = f"{name} ({len(ix)})" + (f", page {page + 1}/{len(pages)}" if paged else "")
    pager = _pager(game_id, version, seat, k, page, len(pages)) if paged else []
    return [_pick_select(game_id, version, seat, 0, actions, pages[page], placeholder), (*pager, back)]


def plan_picks(actions: Sequence[ActionLike], game_id: int, version: int, seat: int, picks: int,
               upto: bool = False, copies: Sequence[int] = ()) -> Layout:
    """A "choose N" decision as one select that takes exactly `picks` of the moves (`upto`: one
    to `picks` of them), one submit played in the order listed; [] when it does not fit one
    select (then they go one by one). `copies[i]`: how often move i may be picked (copies of a
    card in hand): each further copy is an option of its own, valued "i.2", "i.3"..."""
    options = [OptionSpec(_nonempty(a.label() + (f" (copy {k})" if k > 1 else ""), MAX_OPTION_LABEL),
                          str(i) if k == 1 else f"{i}.{k}")
               for i, a in enumerate(actions) for k in range(1, 1 + (copies[i] if i < len(copies) else 1))]
    most = min(picks, len(options)) if upto else picks
    if not 1 < most <= len(options) <= MAX_OPTIONS:
        return []
    return [SelectSpec(Cid("many", game_id, version, seat).encode(), f"Choose up to {most}" if upto else f"Choose {picks}",
                       tuple(options), min_values=1 if upto else picks, max_values=most)]


def picked_move(value: str) -> int | None:
    """The move index a "choose N" option value names ("4", or "4.2" for a second copy), or None."""
    index, _, copy = value.partition(".")
    ok = index.isascii() and index.isdigit() and len(index) <= 4 and (not copy or (copy.isascii() and copy.isdigit()
                                                                                   and len(copy) <= 2))
    return int(index) if ok else None


WARN = "⚠️ "


def mark_danger(rows: Layout, danger: Collection[int]) -> Layout:
    """Show the moves the game warns about (action indices in `danger`) in red: danger-styled
    buttons, and a warning sign before their select options (a select cannot be coloured)."""
    if not danger:
        return rows
    out: Layout = []
    for row in rows:
        if isinstance(row, SelectSpec):
            picks = (cid := parse_cid(row.custom_id)) is not None and cid.kind == "pick"
            out.append(replace(row, options=tuple(
                replace(o, label=trim(WARN + o.label, MAX_OPTION_LABEL)) if picks and int(o.value) in danger else o
                for o in row.options)))
        else:
            out.append(tuple(replace(b, style="danger") if _acts_on(b, danger) else b for b in row))
    return out


def _acts_on(button: ButtonSpec, indices: Collection[int]) -> bool:
    cid = parse_cid(button.custom_id)
    return cid is not None and cid.kind == "act" and cid.index in indices


def confirm_buttons(game_id: int, version: int, seat: int, index: int, label: str) -> Layout:
    """The one question asked before a move the game warns about: do it anyway, or go back."""
    return [(ButtonSpec(Cid("ok", game_id, version, seat, index).encode(),
                        _nonempty(f"Yes: {label}", MAX_BUTTON_LABEL), "danger"),
             ButtonSpec(Cid("nav", game_id, version, seat, group=None, page=0).encode(), "Back"))]


def public_actions(actions: Sequence[ActionLike]) -> list[int]:
    """Indices of actions that may sit on the public message: never a secret one, and only
    when there are few of them (the rest live in the private panel)."""
    shown = [i for i, a in enumerate(actions) if not getattr(a, "secret", False)]
    return shown if len(shown) <= MAX_PUBLIC_ACTIONS else []


def plan_turn(game_id: int, version: int, *, panel_label: str | None, seat: int | None = None,
              actions: Sequence[ActionLike] = (), hand: bool = True, undo: bool = False,
              detail: bool = False) -> Layout:
    """Components of the public turn message: "Your move" + "Show my hand" (+ "Undo", which takes
    back the clicker's own last move, + "Detail", the full-size board), then up to four public
    action buttons of the one seat that must act."""
    first: list[ButtonSpec] = []
    if panel_label:
        first.append(ButtonSpec(Cid("panel", game_id, version).encode(), _nonempty(panel_label, MAX_BUTTON_LABEL),
                                "primary"))
    if hand:
        first.append(ButtonSpec(Cid("hand", game_id).encode(), "Show my hand"))
    if undo:
        first.append(ButtonSpec(f"arb:undo:{game_id}", "Undo"))
    if detail:
        first.append(ButtonSpec(Cid("detail", game_id).encode(), "Detail"))
    rows: Layout = [tuple(first)] if first else []
    if seat is not None:
        picks = public_actions(actions)
        if picks:
            rows.append(tuple(ButtonSpec(Cid("act", game_id, version, seat, i).encode(),
                                         _nonempty(actions[i].label(), MAX_BUTTON_LABEL), "secondary")
                              for i in picks))
    return rows
