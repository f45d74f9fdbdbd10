"""Psi Wars pictures: card faces, the public board and a player's hand.

Everything is drawn from a view (engine.psiwars.view.build_view) and the static card catalog,
never from game state. The board ignores view["hand"] and view["peek"]: it may be posted publicly.
"""

from __future__ import annotations

import json
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.psiwars.cards import LIGHTS, SCREENS, CardDef, Cost, catalog

from . import theme as t
from .theme import font

# Colours from the rulebook (§3-5). Every coloured thing also carries a text label.
KIND_COLOUR = {"ds": (52, 190, 100), "ng": (56, 124, 236), "ba": (222, 62, 62), "ma": (208, 64, 196),
               "any": (236, 236, 236)}
SCREEN_COLOUR = {"cyber": KIND_COLOUR["ds"], "psionic": KIND_COLOUR["ng"], "physical": KIND_COLOUR["ba"]}
STRIPE_COLOUR = {"battle_unit": KIND_COLOUR["ng"], "equipment": KIND_COLOUR["ma"], "power": KIND_COLOUR["any"]}
LIGHT_LABEL = {"ds": "DS", "ng": "NG", "ba": "BA", "ma": "MA", "any": "ANY"}
SCREEN_LABEL = {"cyber": "CYBER", "psionic": "PSIONIC", "physical": "PHYSICAL"}
SCREEN_SHORT = {"cyber": "CYB", "psionic": "PSI", "physical": "PHY"}
CATEGORY = {"cu": "Creation Unit", "battle_unit": "Battle Unit", "equipment": "Equipment", "power": "Power"}
TIMING = {"build": "POWER · BUILD PHASE", "battle": "POWER · BATTLE", "any": "POWER · ANY WINDOW"}
TYPE_BLURB = {  # our own one-line summaries of §3.2 for units without an ability
    "being": "Grown body and living brain, with no cyber parts.",
    "robot": "Built only from metal and cyber parts.",
    "cyborg": "Living tissue joined to cyber parts.",
}
MARKS = {  # view flag -> (badge text, badge colour), in display order
    "new": ("NEW", (176, 128, 20)),
    "depleted": ("DEPLETED", (84, 92, 110)),
    "used": ("USED", (112, 84, 160)),
    "disoriented": ("DISORIENTED", (214, 120, 24)),
    "trapped": ("TRAPPED", (24, 140, 160)),
}

CARD_W, CARD_H, STRIPE = 300, 420, 20  # five cards to a row of the hand picture
UNIT_W, UNIT_H = 176, 240  # eight units to a row on a 1600 px board
UNIT_PEEK = 48  # how much of an Equipment card shows below the unit it is under
GEAR_W = 236  # loose Equipment has room for its name, bonus and state
CU_W, CU_H = 44, 62
BOARD_W = 1600  # the detail board
PREVIEW_W = 1100  # the posted board: Discord shows it 550 px wide, so KEY px numbers show KEY / 2 px tall
KEY = 24
MINI_W = 140  # a Battle Unit on the posted board: name, marks and its three screens with totals
PAD = 24
CLEAR = t.CLEAR


def _card(card_id: str) -> CardDef:
    try:
        return catalog().cards[card_id]
    except KeyError:
        raise ValueError(f"Unknown Psi Wars card {card_id!r}") from None


def _stripe(card: CardDef):
    return KIND_COLOUR[card.cu_kind] if card.kind == "cu" else STRIPE_COLOUR[card.kind]


# The card frame and title are shared by every game's card faces (images/theme.py).
_frame, _title = t.card_frame, t.card_title


# --- card face -------------------------------------------------------------------------


def _lights(d: ImageDraw.ImageDraw, cost: Cost, right: int, top: int) -> int:
    """The five cost lights in a column at the top right (§5); returns their left edge."""
    lab = font(16, "bold")
    num = font(16, "bold")
    r = 12
    for i, key in enumerate((*LIGHTS, "any")):
        n = getattr(cost, key)
        cy = top + i * 26 + r
        cx = right - r
        if n:
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=KIND_COLOUR[key], outline=t.OUTLINE, width=2)
            t.text(d, (cx, cy + 1), str(n), num, anchor="mm")
        else:  # an unlit light: dark, no number
            d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=t.INSET, outline=t.FAINT, width=2)
        t.text(d, (cx - r - 6, cy), LIGHT_LABEL[key], lab, t.TEXT if n else t.FAINT, anchor="rm")
    return right - 2 * r - 6 - int(lab.getlength("ANY"))


def _screen_box(d: ImageDraw.ImageDraw, rect, screen: str, values, short: bool, plus: bool = False,
                size: int | None = None) -> None:
    """One coloured screen: label band, attack on top, defense below; None draws an empty slot."""
    x0, y0, x1, y1 = rect
    band = 24
    label = SCREEN_SHORT[screen] if short else SCREEN_LABEL[screen]
    lab = font(16, "condensed")
    if values is None:
        d.rounded_rectangle(rect, radius=8, fill=t.INSET, outline=t.FAINT, width=2)
        t.text(d, ((x0 + x1) / 2, y0 + band / 2 + 1), label, lab, t.FAINT, anchor="mm")
        t.text(d, ((x0 + x1) / 2, (y0 + band + y1) / 2), "—", font(size or 22, "bold"), t.FAINT, anchor="mm")
        return
    colour = SCREEN_COLOUR[screen]
    d.rounded_rectangle(rect, radius=8, fill=t.INSET, outline=colour, width=3)
    d.rounded_rectangle((x0, y0, x1, y0 + band), radius=8, fill=colour, corners=(True, True, False, False))
    t.text(d, ((x0 + x1) / 2, y0 + band / 2 + 1), label, lab, anchor="mm")
    num = font(size or (22 if short or plus else 24), "bold")
    row = (y1 - y0 - band) / 2
    for i, (tag, v) in enumerate(zip(("ATK", "DEF"), values, strict=True)):
        cy = y0 + band + row * (i + 0.5)
        s = f"+{v}" if plus else str(v)
        if short or plus:  # no room for ATK/DEF tags: attack is on top, as printed
            t.text(d, ((x0 + x1) / 2, cy), s, num, anchor="mm")
        else:
            t.text(d, (x0 + 7, cy), tag, font(16, "condensed"), t.MUTED, anchor="lm")
            t.text(d, (x1 - 8, cy), s, num, anchor="rm")


def _screen_values(card: CardDef) -> dict:
    if card.kind == "equipment":
        return {s: (card.equip_bonus or {}).get(s) for s in SCREENS}
    return {s: (sc.attack, sc.defense) if (sc := card.screen(s)) else None for s in SCREENS}


def _body_lines(card: CardDef) -> list[tuple[str, str]]:
    """(weight, paragraph) pairs for the text box."""
    if card.kind == "cu":
        label = LIGHT_LABEL[card.cu_kind]
        return [("regular", f"Pays for one {label} light or one white ANY light. Usable once per turn.")]
    if card.kind == "power":
        return [("regular", card.power.text)]
    if card.kind == "equipment":
        return [("regular", "Goes under one of your Battle Units (one each) and adds to the screens "
                            "that unit has.")]
    if card.ability:
        return [("bold", card.ability.name), ("regular", card.ability.text)]
    return [("regular", TYPE_BLURB[card.unit_type])]


def _text_box(d: ImageDraw.ImageDraw, rect, paragraphs: list[tuple[str, str]]) -> None:
    """Wrapped rules text, as large as fits between 18 px and 16 px."""
    x0, y0, x1, y1 = rect
    d.rounded_rectangle(rect, radius=8, fill=t.INSET)
    for size in (18, 17, 16):
        laid = [(w, line) for w, para in paragraphs for line in t.wrap(para, font(size, w), x1 - x0 - 20)]
        if len(laid) * (size + 4) <= y1 - y0 - 16:
            break
    y = y0 + 9
    for weight, line in laid:
        t.text(d, (x0 + 10, y), line, font(size, weight), t.TEXT if weight == "bold" else (218, 222, 232))
        y += size + 4


def _bottom_line(card: CardDef) -> str:
    if card.kind == "battle_unit":
        return card.unit_type.upper()
    if card.kind == "power":
        return TIMING[card.power.timing]
    return {"cu": "CREATION UNIT", "equipment": "EQUIPMENT"}[card.kind]


@lru_cache(maxsize=64)
def _card_face(card_id: str) -> Image.Image:
    card = _card(card_id)
    img = Image.new("RGBA", (CARD_W, CARD_H), CLEAR)
    d = ImageDraw.Draw(img)
    _frame(d, CARD_W, CARD_H, _stripe(card), STRIPE, 16)
    x0, x1 = STRIPE + 12, CARD_W - 14
    text_right = _lights(d, card.cost, x1, 14) - 10 if card.cost else x1
    y = _title(d, card.name, x0, 12, text_right - x0)
    t.text(d, (x0, y + 2), CATEGORY[card.kind], font(16, "bold"), _stripe(card))
    body_top = 146
    screens_top = CARD_H - 124
    if card.kind == "cu":  # a big lit light stands in for the art
        cx, cy, r = (x0 + x1) // 2, 185, 52
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=KIND_COLOUR[card.cu_kind], outline=t.OUTLINE, width=3)
        t.text(d, (cx, cy), LIGHT_LABEL[card.cu_kind], font(34, "bold"), anchor="mm", outline=3)
        body_top = 252
    if card.kind in ("battle_unit", "equipment"):
        _text_box(d, (x0, body_top, x1, screens_top - 10), _body_lines(card))
        values = _screen_values(card)
        gap = 8
        bw = (x1 - x0 - 2 * gap) / 3
        for i, s in enumerate(SCREENS):
            bx = x0 + i * (bw + gap)
            _screen_box(d, (bx, screens_top, bx + bw, screens_top + 80), s, values[s], False,
                        plus=card.kind == "equipment")
    else:
        _text_box(d, (x0, body_top, x1, CARD_H - 44), _body_lines(card))
    t.text(d, (x0, CARD_H - 22), _bottom_line(card), font(16, "bold"), anchor="lm")
    t.text(d, (x1, CARD_H - 22), card.id, font(16), t.MUTED, anchor="rm")
    return img


def render_card(card_id: str) -> Image.Image:
    """A full card face (RGBA, transparent corners), drawn from the catalog."""
    return _card_face(card_id).copy()


# --- layout helpers ------------------------------------------------------------------------

# Layout helpers are shared by every game's pictures (images/theme.py).
_flow, _label, _column, _panel = t.flow, t.label, t.column, t.panel


_names = t.seat_names


# --- a lab ---------------------------------------------------------------------------------


def _bonus_text(card: CardDef) -> str:
    """'PHY +2/+0'; screens with the same bonus share it: 'CYB PSI +1/+0', or 'ALL +1/+0'."""
    groups: dict[tuple[int, int], list[str]] = {}
    for s in SCREENS:
        if s in (card.equip_bonus or {}):
            groups.setdefault(tuple(card.equip_bonus[s]), []).append(SCREEN_SHORT[s])
    return "  ".join(f"{'ALL' if len(names) == 3 else ' '.join(names)} +{a}/+{d}" for (a, d), names in groups.items())


@lru_cache(maxsize=64)
def _gear_tab(card_id: str, w: int = UNIT_W, depleted: bool = False) -> Image.Image:
    """An Equipment card seen edge-on: its name and bonus on a magenta-striped strip."""
    card = _card(card_id)
    img = Image.new("RGBA", (w, UNIT_PEEK + 10), CLEAR)
    d = ImageDraw.Draw(img)
    _frame(d, img.width, img.height, STRIPE_COLOUR["equipment"], 12, 10)
    fnt = font(16, "condensed")
    t.text(d, (20, 12), t.fit(card.name, fnt, w - 28), fnt)
    line = _bonus_text(card) + ("  DEPLETED" if depleted else "")
    t.text(d, (20, 34), t.fit(line, fnt, w - 28), fnt, t.MUTED)
    return t.dim(img, 0.45) if depleted else img


@lru_cache(maxsize=32)
def _unit_face(card_id: str) -> tuple[Image.Image, int]:
    """A Battle Unit at board size (name, type, three screens), and the y of its type line."""
    card = _card(card_id)
    img = Image.new("RGBA", (UNIT_W, UNIT_H), CLEAR)
    d = ImageDraw.Draw(img)
    _frame(d, UNIT_W, UNIT_H, _stripe(card), 12, 12)
    x0 = 22
    y = _title(d, card.name, x0, 8, UNIT_W - x0 - 8, sizes=(20, 18, 16))
    t.text(d, (x0, y), card.unit_type.upper(), font(16, "bold"), t.MUTED)
    values = _screen_values(card)
    gap, x1, top = 5, UNIT_W - 8, UNIT_H - 80
    bw = (x1 - x0 - 2 * gap) / 3
    for i, s in enumerate(SCREENS):
        bx = x0 + i * (bw + gap)
        _screen_box(d, (bx, top, bx + bw, UNIT_H - 8), s, values[s], short=True)
    return img, y


def _unit_tile(u: dict) -> Image.Image:
    return _unit_tile_cached(json.dumps(u, sort_keys=True))


@lru_cache(maxsize=512)
def _unit_tile_cached(key: str) -> Image.Image:
    """A unit on the table with its marks, and its Equipment peeking out from under it."""
    u = json.loads(key)
    tile = Image.new("RGBA", (UNIT_W, UNIT_H + UNIT_PEEK), CLEAR)
    if u.get("equipment"):
        tile.alpha_composite(_gear_tab(u["equipment"]["card"]), (0, UNIT_H - 10))
    face, type_y = _unit_face(u["card"])
    if u.get("depleted"):
        face = t.dim(face, 0.5)
    tile.alpha_composite(face, (0, 0))
    d = ImageDraw.Draw(tile)
    # The engine's move labels name units as "Name [iid]", so the tag tells twin units apart.
    t.text(d, (UNIT_W - 10, type_y), u["iid"], font(16, "bold"), t.MUTED, anchor="ra")
    if u.get("trapped"):  # cage bars between name and screens: caught at a glance, still readable
        for x in range(32, UNIT_W - 8, 22):
            d.line((x, type_y + 22, x, UNIT_H - 84), fill=MARKS["trapped"][1], width=4)
    x, y = 18, type_y + 26
    for flag in (f for f in MARKS if u.get(f)):
        label, colour = MARKS[flag]
        w = t.pill_size(label, weight="condensed")[0]
        if x + w > UNIT_W - 4:
            x, y = 18, y + 28
        t.pill(d, (x, y), label, colour, weight="condensed")
        x += w + 4
    return tile


@lru_cache(maxsize=16)
def _cu_tile(kind: str, depleted: bool) -> Image.Image:
    """A Creation Unit in miniature; a depleted one is turned sideways and dimmed, like a tapped card."""
    img = Image.new("RGBA", (CU_W, CU_H), CLEAR)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, CU_W - 1, CU_H - 1), radius=8, fill=KIND_COLOUR[kind], outline=t.OUTLINE, width=2)
    t.text(d, (CU_W / 2, CU_H / 2), LIGHT_LABEL[kind], font(16, "bold"), anchor="mm")
    if depleted:
        img = t.dim(img.rotate(90, expand=True), 0.55)
    return img


def _cu_groups(cus: list[dict]) -> list[Image.Image]:
    groups = []
    for kind in LIGHTS:
        mine = sorted((c for c in cus if c["kind"] == kind), key=lambda c: c["depleted"])
        if not mine:
            continue
        ready = sum(not c["depleted"] for c in mine)
        tiles = _flow([_cu_tile(kind, c["depleted"]) for c in mine], 10_000, gap=6)
        groups.append(_column([_label(f"{LIGHT_LABEL[kind]}  {ready}/{len(mine)} ready", 16), tiles]))
    return groups


def _lab_header(view: dict, seat: int, w: int) -> Image.Image:
    p = view["players"][seat]
    img = Image.new("RGBA", (w, 48), CLEAR)
    d = ImageDraw.Draw(img)
    name_font = font(28, "bold")
    t.text(d, (0, 4), t.fit(p["name"], name_font, 380), name_font)
    x = min(int(name_font.getlength(p["name"])), 380) + 14
    tags = []
    if view.get("you") == seat:
        tags.append(("YOU", (70, 90, 130)))
    if view["active"] == seat and not view.get("outcome"):
        tags.append(("TO PLAY", MARKS["new"][1]))
    for label, colour in tags:
        x = t.pill(d, (x, 8), label, colour)[2] + 8
    counts = f"Hand {p['hand_count']}   Deck {p['deck_count']}   Discard {len(p['discard'])}"
    counts_left = w - 360 - font(20, "bold").getlength(counts)
    t.text(d, (x + 4, 10), t.fit(p["deck_name"], font(20), counts_left - x - 24), font(20), t.MUTED)
    t.text(d, (w - 360, 24), counts, font(20, "bold"), anchor="rm")
    start = view["lab_hp_start"] or 1
    frac = p["lab_hp"] / start
    colour = t.GOOD if frac > 0.5 else t.WARN if frac > 0.25 else t.BAD
    t.bar(d, (w - 340, 6, w, 42), frac, colour, f"Lab {p['lab_hp']} / {view['lab_hp_start']} HP", 20)
    return img


def _lab(view: dict, seat: int, w: int) -> Image.Image:
    around = {k: view.get(k) for k in ("you", "active", "outcome", "lab_hp_start")}  # what a lab reads
    return _lab_layer({**around, "players": {seat: view["players"][seat]}}, seat, w)


@t.layer(maxsize=16, flat=True)
def _lab_layer(view: dict, seat: int, w: int) -> Image.Image:
    """One player's side of the table: header, Battle Units, then Creation Units and loose gear."""
    p = view["players"][seat]
    inner = w - 32
    parts = [_lab_header(view, seat, inner)]
    if p["units"]:
        parts.append(_flow([_unit_tile(u) for u in p["units"]], inner, gap=14, row_gap=10))
    else:
        parts.append(_label("No Battle Units in the lab", 18, "regular", t.MUTED))
    bottom = _cu_groups(p["cus"]) or [_label("No Creation Units", 18, "regular", t.MUTED)]
    if p["gear"]:
        tabs = [_gear_tab(g["card"], GEAR_W, g["depleted"]) for g in p["gear"]]
        bottom.append(_column([_label("Equipment not under a unit", 16), _flow(tabs, inner, gap=8)]))
    parts.append(_flow(bottom, inner, gap=36))
    return _panel(_column(parts, gap=14), w)


# --- header, battle and log ------------------------------------------------------------------

WINDOW_LABEL = {"after_attack": "Powers after attackers", "after_defend": "Powers after defenders",
                "before_roll": "Powers before the roll"}


def _waiting(view: dict) -> str:
    return t.waiting(view)


def _header(view: dict, w: int) -> Image.Image:
    names = _names(view)
    over = t.game_over(view)
    if over:
        first, second = over
    else:
        first = (f"Turn {view['turn']}  ·  Round {view['round']} of {view['max_rounds']}  ·  "
                 f"{names[view['active']]}'s turn")
        second = "  ·  ".join(filter(None, [view["phase_label"], WINDOW_LABEL.get(view.get("window")),
                                            _waiting(view)]))
    img = Image.new("RGBA", (w - 32, 66), CLEAR)
    d = ImageDraw.Draw(img)
    t.text(d, (0, 0), t.fit(first, font(28, "bold"), img.width - 100), font(28, "bold"))
    t.text(d, (0, 40), t.fit(second, font(20), img.width), font(20), t.MUTED)
    t.text(d, (img.width, 4), f"v{view['version']}", font(18), t.FAINT, anchor="ra")
    return _panel(img, w)


def _unit_names(view: dict, iids: list[str], withdrawn: set[str]) -> str:
    """'Name [iid]' as in the move labels, with the marks that matter in a fight."""
    units = {u["iid"]: u for p in view["players"] for u in p["units"]}
    out = []
    for iid in iids:
        u = units.get(iid)
        if u is None:  # gone from the lab: destroyed earlier in this battle
            out.append(f"destroyed [{iid}]")
            continue
        notes = [n for n, on in (("withdrawn", iid in withdrawn), ("trapped", u["trapped"]),
                                 ("disoriented", u["disoriented"])) if on]
        out.append(f"{u['name']} [{iid}]" + (f" ({', '.join(notes)})" if notes else ""))
    return " + ".join(out)


def _strength_chips(strengths: dict | None, skip: list[str], size: int = 20, cw: int = 150) -> Image.Image:
    """A formation's summed screens as 'CYB 3 / 2' chips; grey where it has none or it is skipped."""
    ch, gap = size + 14, 8
    img = Image.new("RGBA", (3 * cw + 2 * gap, ch), CLEAR)
    d = ImageDraw.Draw(img)
    for i, s in enumerate(SCREENS):
        x = i * (cw + gap)
        v = (strengths or {}).get(s)
        colour = SCREEN_COLOUR[s] if v is not None and s not in skip else t.FAINT
        d.rounded_rectangle((x, 0, x + cw - 1, ch - 1), radius=8, fill=t.INSET, outline=colour, width=2)
        d.rounded_rectangle((x, 0, x + 52, ch - 1), radius=8, fill=colour, corners=(True, False, False, True))
        t.text(d, (x + 26, ch / 2), SCREEN_SHORT[s], font(16, "condensed"), anchor="mm")
        if v is None:
            value, fill = "—", t.FAINT
        elif s in skip:
            value, fill = "skipped" if cw >= 150 else "skip", t.MUTED
        else:
            value, fill = f"{v['attack']} / {v['defense']}", t.TEXT
        t.text(d, (x + 52 + (cw - 52) / 2, ch / 2), value, font(size, "bold"), fill, anchor="mm")
    return img


def _matchup(view: dict, m: dict, current: int | None, withdrawn: set[str], w: int) -> Image.Image:
    """One formation: attackers on the left, blockers (or none) on the right, summed screens under each."""
    label = font(20, "bold")
    # Clip long player names so the unit names, the point of the row, still fit.
    attacker, defender = (t.fit(_names(view)[s], label, 180) for s in (view["active"], 1 - view["active"]))
    side_w = (w - 100 - 60) // 2
    img = Image.new("RGBA", (w, 92), CLEAR)
    d = ImageDraw.Draw(img)
    now = m["index"] == current and not m["resolved"]
    t.box(d, (0, 0, w - 1, 91), fill=t.INSET, edge=t.ACCENT if now else t.PANEL_EDGE, radius=10, line=3 if now else 2)
    t.text(d, (16, 8), f"#{m['index'] + 1}", font(24, "bold"))
    if now or m["resolved"]:
        t.pill(d, (12, 50), "NOW" if now else "DONE", MARKS["new"][1] if now else (70, 110, 80))
    x = 100
    t.text(d, (x, 10), t.fit(f"{attacker}: {_unit_names(view, m['attack'], withdrawn)}", label, side_w), label)
    img.alpha_composite(_strength_chips(m["attack_strength"], m["skip"]), (x, 46))
    t.text(d, (x + side_w + 30, 46), "vs", font(22, "bold"), t.MUTED, anchor="mm")
    x += side_w + 60
    if m["defend"]:
        t.text(d, (x, 10), t.fit(f"{defender}: {_unit_names(view, m['defend'], withdrawn)}", label, side_w), label)
        img.alpha_composite(_strength_chips(m["defend_strength"], m["skip"]), (x, 46))
    elif view["phase"] in ("attack", "defend") or view.get("window") == "after_attack":
        t.text(d, (x, 10), f"{defender} has not blocked it", label, t.MUTED)
    else:
        t.pill(d, (x, 8), "UNBLOCKED", t.BAD, size=18)
        t.text(d, (x, 52), f"Its Physical attack goes to {defender}'s lab", font(18), t.MUTED)
    return t.dim(img, 0.35) if m["resolved"] else img


def _battle(view: dict, w: int) -> Image.Image:
    b = view["battle"]
    names = _names(view)
    inner = w - 32
    title = f"Battle: {names[view['active']]} attacks {names[1 - view['active']]}"
    withdrawn = set(b.get("withdrawn") or [])
    rows = [_label(title + ("" if b["declared"] else " (still declaring)"), 24)]
    rows += [_matchup(view, m, b.get("current"), withdrawn, inner) for m in b["matchups"]]
    if not b["matchups"]:
        rows.append(_label("No formations declared yet", 18, "regular", t.MUTED))
    rows.append(_label("Formations in declared order. Chips: attack / defense summed over the formation, "
                       "Equipment included", 16, "regular", t.MUTED, max_w=inner))
    return _panel(_column(rows, gap=10), w, edge=t.ACCENT)


_recent = t.recent


# --- the two pictures ---------------------------------------------------------------------------


def render_board(view: dict, detail: bool = False) -> Image.Image:
    """The table as all may see it: the viewer's lab (seat 0's when public) at the bottom.

    The default picture is the preview sized for the channel (units as small tiles with their
    screen totals, no log); detail=True draws full unit faces, Equipment and the latest events.
    Reads only public fields, so it is safe for the channel whatever else the view holds.
    """
    bottom = view["you"] if view.get("you") is not None else 0
    if not detail:
        return _preview(view, bottom)
    w = BOARD_W - 2 * PAD
    parts = [_header(view, w), _lab(view, 1 - bottom, w)]
    if view.get("battle"):
        parts.append(_battle(view, w))
    parts.append(_lab(view, bottom, w))
    if view.get("recent"):
        parts.append(_recent(view["recent"], w))
    return t.stack(parts, gap=14, pad=PAD)


# --- the preview board -----------------------------------------------------------------------------

MINI_MARKS = {"new": "NEW", "depleted": "SPENT", "used": "USED", "disoriented": "DIS", "trapped": "TRAP"}


def _totals(u: dict) -> dict:
    """Each screen's attack and defense with the unit's Equipment added (only to screens it has)."""
    values = _screen_values(_card(u["card"]))
    bonus = _card(u["equipment"]["card"]).equip_bonus or {} if u.get("equipment") else {}
    return {s: (v[0] + bonus[s][0], v[1] + bonus[s][1]) if v and s in bonus else v for s, v in values.items()}


@t.layer(maxsize=256)
def _mini_unit(u: dict) -> Image.Image:
    """A unit on the posted board: name, tag, marks, Equipment name, and its screens with totals."""
    card = _card(u["card"])
    h = 170
    img = Image.new("RGBA", (MINI_W, h), CLEAR)
    d = ImageDraw.Draw(img)
    _frame(d, MINI_W, h, _stripe(card), 8, 10)
    x0, x1 = 14, MINI_W - 6
    name = font(18, "condensed")
    t.text(d, (x0, 5), t.fit(u["name"], name, x1 - x0), name)
    t.text(d, (x0, 28), f"[{u['iid']}]", font(16, "bold"), t.MUTED)
    marks = [MINI_MARKS[f] for f in MINI_MARKS if u.get(f)]
    if marks:
        t.text(d, (x1, 28), t.fit(" ".join(marks), font(16, "condensed"), x1 - x0 - 40), font(16, "condensed"),
               MARKS["disoriented"][1] if u.get("disoriented") or u.get("trapped") else t.ACCENT, anchor="ra")
    if u.get("equipment"):
        t.text(d, (x0, 50), t.fit("+ " + u["equipment"]["name"], name, x1 - x0), name, STRIPE_COLOUR["equipment"])
    gap, top = 3, h - 86
    bw = (x1 - x0 - 2 * gap) / 3
    for i, (s, v) in enumerate(_totals(u).items()):
        bx = x0 + i * (bw + gap)
        _screen_box(d, (bx, top, bx + bw, h - 6), s, v, short=True, size=KEY)
    return t.dim(img, 0.45) if u.get("depleted") else img


@t.layer()
def _preview_lab_head(p: dict, you: bool, to_play: bool, start: int, w: int) -> Image.Image:
    img = Image.new("RGBA", (w, 84), CLEAR)
    d = ImageDraw.Draw(img)
    bar_w = 300
    name_font = font(28, "bold")
    t.text(d, (0, 2), t.fit(p["name"], name_font, w - bar_w - 260), name_font, t.ACCENT if to_play else t.TEXT)
    x = min(int(name_font.getlength(p["name"])), w - bar_w - 260) + 12
    for word, colour, on in (("TO PLAY", MARKS["new"][1], to_play), ("YOU", (70, 90, 130), you)):
        if on:
            x = t.pill(d, (x, 4), word, colour, size=20)[2] + 8
    frac = p["lab_hp"] / (start or 1)
    colour = t.GOOD if frac > 0.5 else t.WARN if frac > 0.25 else t.BAD
    t.bar(d, (w - bar_w, 0, w, 40), frac, colour, f"Lab {p['lab_hp']} / {start} HP", KEY)
    counts = f"Hand {p['hand_count']}   Deck {p['deck_count']}   Discard {len(p['discard'])}"
    t.text(d, (w, 66), counts, font(KEY, "bold"), anchor="rm")
    room = w - font(KEY, "bold").getlength(counts) - 24
    t.text(d, (0, 66), t.fit(p["deck_name"], font(20), room), font(20), t.MUTED, anchor="lm")
    return img


def _preview_lab(view: dict, seat: int, w: int) -> Image.Image:
    return _lab_panel(view["players"][seat], view.get("you") == seat, view["active"] == seat and not view.get("outcome"),
                      view["lab_hp_start"], w)


@t.layer(maxsize=16, flat=True)
def _lab_panel(p: dict, you: bool, to_play: bool, start: int, w: int) -> Image.Image:
    """One lab on the posted board: drawn again only when that lab (or whose turn it is) changes."""
    inner = w - 32
    head = _preview_lab_head({k: p[k] for k in ("name", "lab_hp", "hand_count", "deck_count", "discard", "deck_name")},
                             you, to_play, start, inner)
    units = (_flow([_mini_unit(u) for u in p["units"]], inner, gap=8, row_gap=8) if p["units"]
             else _label("No Battle Units in the lab", 20, "regular", t.MUTED))
    chips = []
    for kind in LIGHTS:
        mine = [c for c in p["cus"] if c["kind"] == kind]
        if mine:
            ready = sum(not c["depleted"] for c in mine)
            chips.append(t.pill_row(((f"{LIGHT_LABEL[kind]} {ready}/{len(mine)} ready", KIND_COLOUR[kind]
                                      if ready else t.FAINT),), KEY))
    chips += [t.pill_row(((f"Gear: {g['name'] if 'name' in g else _card(g['card']).name}", STRIPE_COLOUR["equipment"]),),
                         20) for g in p["gear"]]
    rows = [head, units] + ([_flow(chips, inner, gap=10, row_gap=6)] if chips else [])
    return _panel(_column(rows, gap=10), w, pad=16)


@t.layer(flat=True)
def _preview_header(first: str, second: str, w: int) -> Image.Image:
    rows = [_label(first, 30, max_w=w - 32)]
    if second:
        rows.append(_label(second, 22, "regular", t.MUTED, max_w=w - 32))
    return _panel(_column(rows, gap=4), w, pad=14)


def _preview_matchup(view: dict, m: dict, current: int | None, withdrawn: set[str], w: int) -> Image.Image:
    names = _names(view)
    now = m["index"] == current and not m["resolved"]
    state = " · NOW" if now else " · DONE" if m["resolved"] else ""
    who = f"#{m['index'] + 1}{state}  {names[view['active']]}: {_unit_names(view, m['attack'], withdrawn)}"
    if m["defend"]:
        against = f"{names[1 - view['active']]}: {_unit_names(view, m['defend'], withdrawn)}"
    elif view["phase"] in ("attack", "defend") or view.get("window") == "after_attack":
        against = "not blocked yet"
    else:
        against = "UNBLOCKED: its Physical attack goes to the lab"
    rows = [_label(who, 20, max_w=w - 24, fill=t.ACCENT if now else t.TEXT),
            _label("vs " + against, 20, "regular", t.MUTED, max_w=w - 24)]
    chips = [_strength_chips(m["attack_strength"], m["skip"], KEY, 136)]
    if m["defend"]:
        chips += [_label("vs", 22, fill=t.MUTED), _strength_chips(m["defend_strength"], m["skip"], KEY, 136)]
    rows.append(_flow(chips, w - 24, gap=16))
    out = _panel(_column(rows, gap=4), w, pad=10, fill=t.INSET, edge=t.ACCENT if now else t.PANEL_EDGE)
    return t.dim(out, 0.35) if m["resolved"] else out


@t.layer(flat=True)
def _preview_battle(view: dict, w: int) -> Image.Image:
    b = view["battle"]
    names = _names(view)
    withdrawn = set(b.get("withdrawn") or [])
    title = f"Battle: {names[view['active']]} attacks {names[1 - view['active']]}"
    rows = [_label(title + ("" if b["declared"] else " (still declaring)"), 24)]
    rows += [_preview_matchup(view, m, b.get("current"), withdrawn, w - 32) for m in b["matchups"]]
    if not b["matchups"]:
        rows.append(_label("No formations declared yet", 20, "regular", t.MUTED))
    return _panel(_column(rows, gap=8), w, edge=t.ACCENT)


def _preview(view: dict, bottom: int) -> Image.Image:
    """The posted board: header, both labs (the viewer's at the bottom) and the battle, no log."""
    w = PREVIEW_W - 32
    names = _names(view)
    over = t.game_over(view)
    if over:
        first, second = over
    else:
        first = f"Turn {view['turn']} · Round {view['round']} of {view['max_rounds']} · {names[view['active']]}'s turn"
        second = "  ·  ".join(filter(None, [view["phase_label"], WINDOW_LABEL.get(view.get("window")), _waiting(view)]))
    parts = [_preview_header(first, second, w), _preview_lab(view, 1 - bottom, w)]
    if view.get("battle"):
        parts.append(_preview_battle(view, w))
    parts.append(_preview_lab(view, bottom, w))
    return t.stack(parts, gap=10, pad=16)


def render_hand(view: dict) -> Image.Image:
    """A player's private cards (and any Creation Oracle peek) as card faces, five to a row."""
    seat = view.get("you")
    if seat is None:
        raise ValueError("render_hand needs a seat's private view, not the public one")
    hand = view.get("hand") or []
    row_w = 5 * CARD_W + 4 * 16
    count = f"{len(hand)} card" + ("" if len(hand) == 1 else "s")
    parts = [_label(f"{view['players'][seat]['name']}'s hand: {count}", 28, max_w=row_w)]
    if hand:
        parts.append(_flow([_card_face(c["card"]) for c in hand], row_w, gap=16, row_gap=16))
    else:
        parts.append(_label("No cards in hand", 20, "regular", t.MUTED))
    if view.get("peek"):
        parts.append(_label("Creation Oracle: the top of your deck", 24, fill=t.ACCENT))
        parts.append(_flow([_card_face(c["card"]) for c in view["peek"]], row_w, gap=16))
    return t.stack([_column(parts, gap=14)], pad=PAD)


def clear_caches() -> None:
    """Forget cached faces, tiles and labels (for cold-start timing and tests that watch drawing)."""
    for cached in (_card_face, _gear_tab, _unit_face, _unit_tile_cached, _cu_tile):
        cached.cache_clear()
    t.clear_layers()
