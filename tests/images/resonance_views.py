"""Hand-written Resonance views, shaped exactly like engine.resonance.view.build_view.

Written by hand (not played out) so the golden pictures stay put while the rules engine changes, and
so that every mark (spent, suppressed, acrobatic, Bane, active and inactive Tags, Echo tokens, a
player who is out) appears at once. A test checks their keys against a real build_view.
"""

from __future__ import annotations

from engine.resonance.cards import COLOURS, catalog

# Cards in the private hand of seat 0: none of them appears anywhere on the table views below.
HAND = ["M25-5", "M04-6", "M17-2", "M09-8", "M28-1", "M33-7"]
CODEX_DECK = ["X3-2", "X1-4", "X3-1", "X1-3", "X3-4", "X1-2", "X3-3", "X0-2", "X0-3", "X1-1"]


def _kw_names(codes: list[str]) -> list[str]:
    return [catalog().keywords[k].name for k in codes]


def _item(card_id: str) -> dict:
    c = catalog().card(card_id)
    return {"card": c.id, "name": c.name, "power": c.power, "keywords": _kw_names(c.keywords)}


def _marks(**over) -> dict:
    marks = {"damage": 0, "spent": False, "suppressed": False, "tags": [], "items": [], "acrobatic": False}
    marks.update(over)
    marks["items"] = [_item(i) for i in marks["items"]]
    return marks


def _animation(card_id: str, *, focus: int | None = None, bane: str | None = None, **marks) -> dict:
    c = catalog().card(card_id)
    out = {"uid": c.id, "name": f"{c.name} [{c.id}]", "kind": "animation", "max_hp": c.power,
           "focus": c.focus if focus is None else focus, **_marks(**marks),
           "card": c.id, "power": c.power, "printed_focus": c.focus, "keywords": _kw_names(c.keywords)}
    if bane:
        out["bane"] = bane
    return out


def _echo(uid: str, **marks) -> dict:
    return {"uid": uid, "name": f"Echo [{uid}]", "kind": "echo", "max_hp": 1, "focus": 1, **_marks(**marks)}


def _codex(ids: list[str]) -> list[dict]:
    return [{"id": b, "name": catalog().codex[b].name} for b in ids]


def _player(seat: int, name: str, *, hp: int, max_hp: int = 10, en: int, karma: int = 0, tokens: int = 0,
            focus: int = 1, primary: str, codex: list[str], modules: list[int], unit: dict,
            animations: list[dict], hand_count: int = 5, codex_count: int = 9, alive: bool = True) -> dict:
    player_unit = {"uid": f"P{seat}", "name": name, "kind": "player", "max_hp": max_hp, "focus": focus,
                   **_marks(**unit), "damage": max_hp - hp}
    return {"seat": seat, "name": name, "alive": alive, "en": en, "karma": karma, "tokens": tokens, "focus": focus,
            "base_focus": focus, "hp": hp, "max_hp": max_hp, "hand_count": hand_count, "codex_count": codex_count,
            "primary": primary, "active_codex": _codex(codex),
            "modules": [catalog().modules[m].name for m in modules], "unit": player_unit, "animations": animations}


def _base(players: list[dict], **over) -> dict:
    view = {
        "game": "resonance", "version": 143, "turn": 14, "round": 7, "max_rounds": 60, "phase": "play",
        "active": 0, "first": 1, "seed_commitment": "7b1e" * 16, "deck_count": 41,
        "discard": [f"{catalog().card(c).name} (P{catalog().card(c).power})" for c in ("M32-7", "M41-1", "M11-6")],
        "discard_count": 23, "pool": [], "players": players, "combat": None, "pending": [],
        "recent": ["Round 7, Ann's turn.", "Ann gains 2 EN (now 6).",
                   "Green-Blue Harmonist [M31-4] attacks Red-Yellow Guardian [M32-2]: EV 7 against RV 5, a hit.",
                   "Red-Yellow Guardian [M32-2] takes 2 damage and gains a Daze Tag.",
                   "Ann spends 3 Karma to acquire Green Codex 2: Stubborn & Ward."],
        "outcome": None, "you": None,
    }
    view.update(over)
    return view


def _ann() -> dict:
    return _player(0, "Ann", hp=7, en=6, karma=2, tokens=1, focus=3, primary="Green",
                   codex=["X3-1", "X3-2", "X1-3"], modules=[31, 11, 4],
                   unit={"items": ["M11-9"], "tags": ["Ward", "Mark"]}, animations=[
                       _animation("M31-4", spent=True, damage=1, items=["M31-6"]),
                       _animation("M11-2", tags=["Haste", "Daze (inactive)"]),
                       _animation("M04-0", bane="Red", acrobatic=True),
                   ], codex_count=7)


def _bob() -> dict:
    return _player(1, "Bob", hp=4, max_hp=11, en=9, karma=0, tokens=2, focus=2, primary="Red",
                   codex=["X7-1", "X2-3"], modules=[32, 41, 20],
                   unit={"items": ["M32-9", "M41-6"], "tags": ["Blight"], "suppressed": True}, animations=[
                       _animation("M32-2", damage=2, tags=["Daze", "Regen"], spent=True),
                       _echo("E1"), _echo("E2", spent=True),
                   ], hand_count=6)


def _cy() -> dict:
    return _player(2, "Cy", hp=10, en=3, karma=5, focus=4, primary="Purple", codex=["X9-1", "X4-2", "X9-4", "X5-1"],
                   modules=[33, 28, 17], unit={}, animations=[
                       _animation("M33-4", focus=3, tags=["Impair"]),
                       _animation("M28-2", suppressed=True),
                       _animation("M17-4", damage=3, spent=True, items=["M17-7"]),
                       _animation("M33-0"),
                   ], codex_count=6)


def _di() -> dict:
    return _player(3, "Di", hp=0, en=0, karma=1, tokens=0, focus=1, primary="Blue", codex=["X8-1"],
                   modules=[25, 9, 20], unit={}, animations=[], hand_count=0, alive=False)


def make_two_view() -> dict:
    """Two players, public, between actions: Ann to play."""
    return _base([_ann(), _bob()], pending=[{"seat": 0, "kind": "turn", "prompt": "Ann: choose an action",
                                             "private": False}])


def make_four_view() -> dict:
    """Four players, public: Cy to play, Di already out."""
    return _base([_ann(), _bob(), _cy(), _di()], active=2, turn=27, round=7, version=311,
                 pending=[{"seat": 2, "kind": "turn", "prompt": "Cy: choose an action", "private": False},
                          {"seat": 1, "kind": "secret", "prompt": "Bob is choosing", "private": True}])


def make_combat_view() -> dict:
    """Two players, public, mid-attack: Ann's Harmonist has fuelled its attack on Bob's Guardian."""
    view = _base([_ann(), _bob()])
    view["combat"] = {"actor": "Green-Blue Harmonist [M31-4]", "action": "attack",
                      "targets": ["Red-Yellow Guardian [M32-2]"], "keywords": ["Daze", "Splash", "Impact", "Ward"],
                      "ev": 9, "ev_parts": ["Focus 4", "cards 4", "Mark +1"], "stage": "react"}
    view["pending"] = [{"seat": 1, "kind": "react", "prompt": "Bob: defend with a discard or take the hit",
                        "private": False}]
    view["recent"] = view["recent"][:-1] + ["Green-Blue Harmonist [M31-4] attacks Red-Yellow Guardian [M32-2].",
                                            "Ann discards fuel for 4 Power: EV 9."]
    return view


def make_hand_view() -> dict:
    """Ann's own view of the two-player table: her hand, Codex deck, Secondaries and Immunized."""
    view = make_two_view()
    view["you"] = 0
    ann = view["players"][0]
    ann["hand"] = [{"card": c, "name": f"{catalog().card(c).name} (P{catalog().card(c).power})",
                    "kind": catalog().card(c).kind} for c in HAND]
    ann["hand_count"] = len(HAND)
    ann["codex_deck"] = _codex(CODEX_DECK[:7])
    ann["secondaries"] = [COLOURS[1], COLOURS[8]]
    ann["immunized"] = ["Daze"]
    ann["seen"] = []
    view["pending"] = [{"seat": 0, "kind": "discard", "private": True,
                        "prompt": f"Discard {catalog().card(HAND[0]).name} for Enhance?"}]
    view["options"] = [f"Discard {catalog().card(HAND[0]).name}", "Keep it"]
    return view


def make_big_hand_view() -> dict:
    """A seat holding 16 cards: the hand picture switches to small faces and still fits."""
    view = make_hand_view()
    ann = view["players"][0]
    cards = HAND + ["M07-1", "M07-5", "M09-2", "M28-8", "M25-0", "M25-9", "M17-0", "M17-9", "M04-5", "M04-8"]
    ann["hand"] = [{"card": c, "name": catalog().card(c).name, "kind": catalog().card(c).kind} for c in cards]
    ann["hand_count"] = len(cards)
    return view
