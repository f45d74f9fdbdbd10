"""Hand-written Psi Wars views, shaped exactly like engine.psiwars.view.build_view.

Written by hand (not played out) so the golden pictures stay put while the rules engine changes,
and so that every mark and battle case appears at once.
"""

from __future__ import annotations

from engine.psiwars.cards import catalog


def _named(iid, card):
    return {"iid": iid, "card": card, "name": catalog().cards[card].name}


def _unit(iid, card, name, *, eq=None, **marks):
    flags = {"depleted": False, "disoriented": False, "trapped": False, "used": False, "new": False}
    flags.update(marks)
    return {"iid": iid, "card": card, "name": name, **flags,
            "equipment": {"iid": eq[0], "card": eq[1], "name": eq[2]} if eq else None}


def _cus(owner, spec):
    """spec: kind -> (total, depleted)."""
    out = []
    for kind, (total, spent) in spec.items():
        out += [{"iid": f"{owner}-{kind}{i}", "card": f"CU-{kind.upper()}", "kind": kind, "depleted": i < spent}
                for i in range(total)]
    return out


def _screens(cyber=None, psionic=None, physical=None):
    pair = lambda v: {"attack": v[0], "defense": v[1]} if v else None  # noqa: E731
    return {"cyber": pair(cyber), "psionic": pair(psionic), "physical": pair(physical)}


def _player(seat, name, deck_name, hp, hand_count, deck_count, discard, cus, units, gear):
    return {"seat": seat, "name": name, "deck_name": deck_name, "lab_hp": hp, "hand_count": hand_count,
            "deck_count": deck_count, "discard": discard, "cus": cus, "units": units, "gear": gear}


def _base(**over):
    view = {
        "game": "psiwars", "version": 57, "turn": 9, "round": 5, "max_rounds": 40,
        "phase": "matchups", "phase_label": "Phase 4: Battle - matchups", "active": 0, "lab_hp_start": 30,
        "seed_commitment": "9f2c" * 16, "window": None, "pending": [], "players": [], "battle": None,
        "recent": [], "outcome": None, "you": None,
    }
    view.update(over)
    return view


def make_battle_view() -> dict:
    """Mid-battle, public: every unit mark, Equipment under units, loose gear, four kinds of matchup."""
    alice = _player(0, "Alice", "Bio-Psi Warlord", 21, 6, 22, ["W04", "B01", "W06"],
                    _cus("a", {"ba": (4, 3), "ng": (3, 2), "ds": (1, 0), "ma": (1, 1)}), [
        _unit("a1", "B05", "Bio-Titan", eq=("a8", "E01", "Kinetic Blade"), used=True),
        _unit("a2", "B01", "Gene-Hound", used=True),
        _unit("a3", "B04", "Psi Adept", eq=("a9", "E03", "Psi Amplifier Crown"), used=True),
        _unit("a4", "Y01", "Wired Scout", used=True),
        _unit("a5", "B03", "Vat Brute", used=True),
        _unit("a6", "B02", "Neural Acolyte", new=True, depleted=True),
        _unit("a7", "B06", "Mind Titan", trapped=True),
    ], [])
    bob = _player(1, "Bob", "Techno Warlord", 14, 4, 19, ["R01", "W05"],
                  _cus("b", {"ds": (3, 1), "ma": (3, 3), "ng": (1, 0)}), [
        _unit("b1", "R03", "Assault Mech", used=True),
        _unit("b2", "R02", "Firewall Sentinel", eq=("b7", "E02", "Ablative Plating"), used=True),
        _unit("b3", "R04", "Hacker Core", used=True, disoriented=True),
        _unit("b4", "R05", "Siege Colossus", depleted=True),
        _unit("b5", "Y03", "EMP Lancer", trapped=True, depleted=True),
        _unit("b6", "R01", "Scrap Drone", new=True, depleted=True),
    ], [{"iid": "b8", "card": "E05", "name": "Neural Spike Rifle", "depleted": False},
        {"iid": "b9", "card": "E04", "name": "Quantum Firewall", "depleted": True}])
    m = lambda i, att, dfd, a, d, resolved=False, skip=(): {  # noqa: E731
        "index": i, "attack": att, "defend": dfd, "blocked": dfd is not None, "resolved": resolved,
        "skip": list(skip), "attack_strength": a, "defend_strength": d}
    battle = {"matchups": [
        m(0, ["a1", "a2"], ["b1", "b2"], _screens(physical=(9, 5)), _screens(cyber=(2, 6), physical=(5, 8)),
          resolved=True),
        m(1, ["a3"], ["b3"], _screens(psionic=(6, 4), physical=(1, 2)), _screens(cyber=(0, 3), physical=(0, 2)),
          skip=["cyber"]),
        m(2, ["a4"], None, _screens(), None),
        m(3, ["a5"], None, _screens(psionic=(0, 1), physical=(3, 3)), None),
    ], "current": 1, "declared": True, "withdrawn": ["a4"]}
    return _base(players=[alice, bob], battle=battle, pending=[
        {"seat": 0, "kind": "first_mental", "prompt": "Choose which mental screen matchup #2 fights first",
         "private": False}], recent=[
        "Alice attacks with 4 formations.",
        "Bob blocks Bio-Titan + Gene-Hound with Assault Mech + Firewall Sentinel.",
        "Wired Scout uses Uplink Ping: Bob's lab takes 1 damage (15 -> 14).",
        "Bob plays Electro-Magnetic Disrupter on matchup #2: no Cyber phase there.",
        "Matchup #1, Physical: A 9 vs D 8, need 7, rolled 5 - fail. Counter: A 5 vs D 5, need 8, rolled 6 - fail.",
        "Both formations of matchup #1 survive.",
    ])


def make_over_view() -> dict:
    """Game over, seen by Bob (seat 1): his lab at the bottom, Alice's lab emptied."""
    alice = _player(0, "Alice", "Bio-Psi Warlord", 0, 3, 15, ["B01"] * 3, [], [], [])
    bob = _player(1, "Bob", "Techno Warlord", 9, 5, 12, [],
                  _cus("b", {"ds": (2, 0), "ma": (2, 0)}), [
        _unit("b1", "R05", "Siege Colossus", eq=("b2", "E05", "Neural Spike Rifle"), used=True, depleted=True)], [])
    return _base(version=140, turn=24, round=12, phase="over", phase_label="Game over", active=1,
                 players=[alice, bob], you=1, seed="c0ffee" * 4,
                 outcome={"winners": [1], "draw": False, "reason": "Alice's lab fell to 0 HP."},
                 recent=["Siege Colossus hits Alice's lab for 6 (6 -> 0).", "Bob wins."],
                 hand=[_named("b30", "W07")])


def make_hand_view() -> dict:
    """Alice's private view in her Build Phase, with a Creation Oracle peek open."""
    view = make_battle_view()
    view.update(phase="build", phase_label="Phase 2: Build", battle=None, you=0, pending=[])
    view["players"][0]["hand_count"] = 7
    view["hand"] = [_named(f"h{i}", c) for i, c in enumerate(["CU-NG", "B04", "Y04", "E03", "W03", "W06", "W01"])]
    view["peek"] = [_named(f"p{i}", c) for i, c in enumerate(["CU-BA", "B02", "E01", "W04"])]
    return view
