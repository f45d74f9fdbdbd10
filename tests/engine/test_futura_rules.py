"""Futura scenario tests for single rules: set-up, unbuilt districts, A37, refusals, capacity, views."""

import json
from pathlib import Path

import pytest

from engine.core import EndTurn, IllegalAction
from engine.futura import GAME
from engine.futura.actions import Assault, Build, Equip, ToBay
from engine.futura.explain import WHY
from engine.futura.loadout import can_carry
from engine.futura.state import Acolyte, Card, Holding

SECTIONS = {s["id"] for s in json.loads(
    (Path(__file__).resolve().parents[2] / "data/futura/rules/sections.json").read_text())["sections"]}


def fresh(players=2, seed="rules"):
    return GAME.setup({}, [f"p{i}" for i in range(players)], seed)


def test_setup_deals_three_acolytes_and_three_built_districts_each():
    s = fresh(4)
    for p in s.players:
        assert len(p.acolytes) == 3 and len(p.holdings) == 3
        for h in p.holdings:
            assert 11 <= h.station.ap <= 30 and 1 <= h.station.dam <= 8 and h.station.level == 1
        assert len(p.deck) + len(p.hand) + len(p.sigils) + len(p.discard) == 60
    assert len(s.acolyte_pool) == 3 and len(s.in_game) == 12


def test_every_refusal_cites_a_section_that_exists():
    assert {rule for _, rule in WHY.values()} <= SECTIONS
    for rule in (GAME.turn_rule, GAME.end_rule, "A37", "faq-timing-priority", "recording-damage"):
        assert rule in SECTIONS


def test_declaring_on_an_unbuilt_district_claims_it_face_down():
    s = fresh()
    me, foe = s.players[s.active], s.players[1 - s.active]
    foe.holdings[0].station = None
    a = me.acolytes[0]
    GAME.advance(s, ToBay(seat=me.seat, acolyte=a.uid))
    target = foe.holdings[0].did
    GAME.advance(s, Assault(seat=me.seat, primary=a.uid, district=target))
    assert any(h.did == target and h.face_down for h in me.holdings)
    assert all(h.did != target for h in foe.holdings)


def test_no_building_or_equipping_after_the_first_assault():
    s = fresh()
    me, foe = s.players[s.active], s.players[1 - s.active]
    foe.holdings[0].station = None
    me.holdings.append(Holding(did=s.district_pool.pop(0)))
    s.in_game.append(me.holdings[-1].did)
    me.energy = 40
    a = me.acolytes[0]
    GAME.advance(s, ToBay(seat=me.seat, acolyte=a.uid))
    GAME.advance(s, Assault(seat=me.seat, primary=a.uid, district=foe.holdings[0].did))
    with pytest.raises(IllegalAction) as refusal:
        GAME.check(s, Build(seat=me.seat, district=me.holdings[-2].did))
    assert refusal.value.rule == "A37"


def test_class_climbs_one_step_a_turn_and_capacity_is_held():
    s = fresh()
    me = s.players[s.active]
    a = Acolyte(uid="a77", cid="garris_greyson", base_ap=12)
    me.acolytes.append(a)

    def card(cid):
        uid = s.new_uid("c")
        s.cards[uid] = Card(uid=uid, cid=cid, owner=me.seat)
        return uid

    assert not can_carry(s, a, card("lancer_plate"))  # Adept straight from Base: no
    assert can_carry(s, a, card("scout_weave"))
    assert not can_carry(s, a, card("spark_blade"))  # Base carries no saber
    velaris = Acolyte(uid="a78", cid="sister_velaris", base_ap=15)  # Commander: Adept at once
    me.acolytes.append(velaris)
    assert can_carry(s, velaris, card("impaler_armour"))


def test_equipping_costs_the_cards_level():
    s = fresh(seed="equip-cost")
    me = s.players[s.active]
    uid = s.new_uid("c")
    s.cards[uid] = Card(uid=uid, cid="warden_shell", owner=me.seat, ap=27)
    me.hand.append(uid)
    move = next(m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Equip) and m.card == uid)
    before, level = me.energy, s.card(move.card).level
    GAME.advance(s, move)
    assert me.energy == before - level and move.card not in me.hand


def test_public_view_hides_hands_and_station_inventories():
    s = fresh(3, "views")
    me = s.players[0]
    store = next(m for m in GAME.legal_actions(s, 0) if m.type == "store")
    GAME.advance(s, store)
    view = GAME.view(s, None)
    assert all(p["hand"] is None for p in view["players"])
    assert all(c == {"hidden": True} for p in view["players"] for h in p["holdings"]
               for c in h["station"]["inventory"])
    own = GAME.view(s, 0)
    assert len(own["players"][0]["hand"]) == len(me.hand)
    assert "p0" in GAME.board_text(view)


def test_five_cycles_end_on_victory_points():
    s = fresh(2, "cycles")
    while not s.finished:
        GAME.advance(s, EndTurn(seat=s.active))
    assert s.cycle == 5 and "victory points" in s.finished.reason


def test_the_book_pays_full_income_on_the_first_turn():
    s = fresh(2, "half")
    first = s.players[s.active]
    assert first.energy == GAME.income(s, first)


def test_with_the_handicap_only_the_games_first_turn_gains_half_the_income():
    s = GAME.setup({"handicap": True}, ["p0", "p1"], "half")
    first, other = s.players[s.active], s.players[1 - s.active]
    assert first.energy == (GAME.income(s, first) + 1) // 2 < GAME.income(s, first)
    GAME.advance(s, EndTurn(seat=first.seat))
    while s.active != other.seat:  # a hand to trim first, say
        GAME.advance(s, GAME.ai_action(s, GAME.to_act(s)[0]))
    assert other.energy == GAME.income(s, other)


def _last_turn_of_the_game(seed="danger"):
    s = fresh(seed=seed)
    s.cycle = s.cycles
    s.active = (s.first - 1) % len(s.players)  # the last player of the last cycle
    GAME.publish(s)
    return s


def test_ending_the_last_cycle_behind_warns_and_ending_it_ahead_does_not():  # A1
    s = _last_turn_of_the_game()
    me = s.active
    behind = GAME.clone(s)
    behind.players[1 - me].energy = 500  # energy is victory points (rule 48): far behind
    assert "would not win" in GAME.danger(behind, EndTurn(seat=me))
    ahead = GAME.clone(s)
    ahead.players[me].energy = 500
    assert GAME.danger(ahead, EndTurn(seat=me)) is None
    early = GAME.clone(behind)
    early.cycle = 1
    assert GAME.danger(early, EndTurn(seat=me)) is None  # not the last cycle: the game goes on


def test_discarding_down_to_five_is_one_choose_n_decision():  # rule 7
    from engine.futura.tactics import offer_discard

    s = fresh()
    p = s.players[0]
    extra = 8 - len(p.hand)
    p.hand, p.deck = p.hand + p.deck[:extra], p.deck[extra:]
    over = len(p.hand) - 5
    assert over == 3
    offer_discard(s, p)
    GAME.publish(s)
    (d,) = s.pending
    assert d.kind == "discard" and d.picks == over
    discards = GAME.legal_actions(s, 0)
    GAME.advance(s, discards[0])
    assert s.pending[0].kind == "discard" and s.pending[0].picks == over - 1  # re-asked for the rest
