"""Hand-written Gods & Clans views, shaped exactly like engine.clans.view.build_view.

Written by hand (not played out) so the golden pictures stay put while the rules engine changes,
and so that every mark appears at once: God, Equipment (one pinned on an enemy), Break, Poison,
both at once, summoned this turn, done (attacked, or moved and left), mid-activation. test_clans_images checks the keys against a
view the engine makes.
"""

from __future__ import annotations

from engine.clans.cards import catalog

# The quick-start battlefield (data/clans/battlemaps.json), row 1 first.
FIELD = [
    "GGGGFGGGG", "GGGGGGGWG", "GGGGFGGGG", "MGGFFGGGG", "GGGFGGWWG", "GGMGGGGGG",
    "GGGGFGGWG", "MGMFGFGGG", "GGGGFGGGG", "FGGGGGGGM", "FMGGGGGFG", "GGGWWGGGG",
]


def _unit(iid, card, owner, tile, hp=None, *, statuses=(), equipment=None, act="fresh", new=False):
    c = catalog().cards[card]
    return {"iid": iid, "card": card, "name": c.name, "owner": owner, "tile": tile,
            "hp": c.hp if hp is None else hp, "max_hp": c.hp, "statuses": list(statuses), "equipment": equipment,
            "act": act, "new": new, "god": c.god}


def _player(seat, name, deck, sp, exp, gained, unused, used, homebase, terrain=()):
    return {"seat": seat, "name": name, "deck": catalog().decks[deck].name, "sp": sp, "exp": exp,
            "exp_gained": gained, "unused_count": unused, "used": list(used), "homebase": homebase,
            "terrain": list(terrain)}


def _view(**over):
    view = {"game": "clans", "version": 41, "turn": 9, "round": 5, "max_rounds": 40, "phase": "play", "active": 0,
            "field": list(FIELD), "units": [], "players": [], "current": None, "pending": [], "recent": [],
            "outcome": None, "you": None}
    view.update(over)
    return view


def make_board_view() -> dict:
    """Ann's turn 9, public: her archer is mid-activation, Bob's Poison and Break are on the field."""
    units = [
        _unit("A01", "aurelius", 0, "F5", 21, equipment="blessed_longsword"),
        _unit("A04", "templar_knight", 0, "D7", 7, equipment="cursed_brooch", act="done"),
        _unit("A06", "shieldmaiden", 0, "E6", 3, statuses=["break", "poison"], act="moved"),
        _unit("A08", "chapel_archer", 0, "C5"),
        _unit("A10", "crossbow_sister", 0, "F3", new=True),
        _unit("A11", "acolyte_healer", 0, "B6", act="moved"),
        _unit("B02", "sanguria", 1, "D9", 18, equipment="vampiric_signet"),
        _unit("B03", "iron_maiden_knight", 1, "D8", 6, statuses=["break"]),
        _unit("B05", "crimson_duelist", 1, "F8", act="done"),
        _unit("B07", "nightshade_archer", 1, "G9", 2, statuses=["break"]),
        _unit("B09", "noble_executioner", 1, "E10"),
    ]
    players = [
        _player(0, "Ann", "sacred_cross", 3, 2, 7, 21,
                ["templar_knight", "shieldmaiden", "chapel_archer", "crossbow_sister", "acolyte_healer",
                 "blessed_longsword", "mountain_sanctuary"], "E2", ["mountain"]),
        _player(1, "Bob", "crimson_nobles", 5, 4, 4, 21,
                ["iron_maiden_knight", "crimson_duelist", "nightshade_archer", "noble_executioner",
                 "vampiric_signet", "cursed_brooch", "venom_flask"], "E11"),
    ]
    return _view(units=units, players=players, current="A11",
                 pending=[{"seat": 0, "kind": "turn", "prompt": "Ann: your turn.", "private": False}],
                 recent=[
                     "Bob uses Venom Flask on Shieldmaiden (E6): it suffers Poison.",
                     "Bob ends the turn.",
                     "Status damage: Shieldmaiden (E6) takes 3 (3 HP left).",
                     "Status damage: Iron Maiden Knight (D8) takes 1 (6 HP left).",
                     "Turn 9 (round 5): Ann gains 4 SP (7 SP, 2 EXP).",
                     "Ann summons Crossbow Sister on F3 for 4 SP; it acts from next turn.",
                     "Templar Knight attacks: Iron Maiden Knight (D8) takes 3 (6 HP left). Iron Maiden Knight "
                     "strikes back: Templar Knight (D7) takes 2 (7 HP left).",
                     "Acolyte Healer moves B5 to B6.",
                 ])


# The archer on C5 (SPD 2, RNG 3) as the table would ask for it: plain tile strings.
ARCHER_HIGHLIGHT = {
    "selected": "C5",
    "reach": ["A3", "B3", "C3", "D3", "B4", "C4", "D4", "A5", "B5", "D5", "E5", "A6", "D6", "A7", "B7", "C7",
              "E7"],
    "attack": ["D8", "F8"],
}


def make_four_view() -> dict:
    """A 2-vs-2 table (teams are coming): four owners, four Homebases, Dev (seat 4) to play."""
    units = [
        _unit("A01", "aurelius", 0, "C3", 25),
        _unit("B02", "sanguria", 1, "C10"),
        _unit("C03", "aurelius", 2, "G3", equipment="pilgrim_boots"),
        _unit("D04", "sanguria", 3, "G10", 20, act="done"),
        _unit("A05", "bastion_guard", 0, "D5"),
        _unit("B06", "shade_assassin", 1, "D7", 4, statuses=["break"]),
        _unit("C07", "cleric_of_dawn", 2, "F5", statuses=["poison"]),
        _unit("D08", "bat_swarm_caller", 3, "F7", new=True),
        _unit("D09", "mist_stalker", 3, "E6", act="done"),
    ]
    players = [
        _player(0, "Ann", "sacred_cross", 2, 1, 1, 26, ["bastion_guard"], "C2"),
        _player(1, "Bob", "crimson_nobles", 6, 0, 0, 26, ["shade_assassin"], "C11"),
        _player(2, "Cleo", "sacred_cross", 1, 0, 2, 25, ["cleric_of_dawn", "pilgrim_boots"], "G2"),
        _player(3, "Dev", "crimson_nobles", 0, 3, 3, 25, ["bat_swarm_caller", "mist_stalker", "venom_flask"], "G11"),
    ]
    return _view(version=77, turn=14, round=4, active=3, units=units, players=players,
                 pending=[{"seat": 3, "kind": "turn", "prompt": "Dev: your turn.", "private": False}],
                 recent=["Dev summons Bat Swarm Caller on F7 for 4 SP; it acts from next turn.",
                         "Mist Stalker attacks: Cleric of Dawn (F5) takes 2 (4 HP left)."])


HAND = ["luminel", "cross_squire", "paladin_captain", "bastion_guard", "tower_shield", "holy_water", "swift_prayer",
        "cross_of_judgment", "trinity_seal", "pilgrims_path"]


def make_hand_view() -> dict:
    """Ann's own view of the same moment: her unused cards are listed."""
    view = make_board_view()
    view["you"] = 0
    view["players"][0]["unused_count"] = len(HAND)
    view["hand"] = [{"card": c, "name": catalog().cards[c].name} for c in HAND]
    return view


def make_over_view() -> dict:
    """The game has ended: Sanguria fell."""
    view = make_board_view()
    view["units"] = [u for u in view["units"] if u["iid"] != "B02"]
    view.update(phase="over", pending=[], version=58,
                outcome={"winners": [0], "draw": False, "reason": "Ann wins: Countess Sanguria has fallen (god-card)."})
    return view
