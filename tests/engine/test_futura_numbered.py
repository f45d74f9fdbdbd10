"""Futura scenario tests, one per numbered rule of the design notes (and the resolutions they lean
on) that the battle example and the other scenario files do not already pin down."""

import pytest

from engine.core import EndTurn, IllegalAction, Pass
from engine.futura import GAME
from engine.futura.actions import Assault, DropSigil, Fight, Recall, Retrieve, Store, ToBay, Upgrade
from engine.futura.cards import catalog
from engine.futura.loadout import can_carry
from engine.futura.rules import vp
from engine.futura.state import Acolyte, Holding, Station, beats
from tests.engine.test_futura_battle import example_table, put


def fresh(players=2, seed="numbered"):
    s = GAME.setup({}, [f"p{i}" for i in range(players)], seed)
    return s, s.players[s.active], s.players[1 - s.active]


def test_rule_2_the_highest_d6_goes_first_and_ties_reroll():
    s = GAME.setup({}, ["a", "b", "c"], "first")
    rolls = [e for e in s.recent if e.text.startswith("Rolls for first player")]
    last = [int(part.rsplit(" ", 1)[1]) for part in rolls[-1].text.split(": ", 1)[1].rstrip(".").split(", ")]
    assert s.first == last.index(max(last)) and last.count(max(last)) == 1 and s.active == s.first


def test_rule_6_income_is_nine_plus_each_stations_district_energy_and_level():
    s, me, _ = fresh()
    want = 9 + sum(catalog().districts[h.did].energy + h.station.level
                   + catalog().districts[h.did].ability.params.get("energy", 0)
                   * (catalog().districts[h.did].ability.keyword in ("Populous", "Crystal Production"))
                   for h in me.holdings if h.station)
    assert GAME.income(s, me) == want
    me.holdings[0].face_down = True
    assert GAME.income(s, me) < want


def test_rule_7_and_24_refill_to_five_with_sigils_going_to_a_bay_of_at_most_five():
    s, me, foe = fresh()
    assert len(me.hand) == 5 and all(s.card(u).kind != "sigil" for u in me.hand)
    assert all(s.card(u).kind == "sigil" for u in me.sigils) and len(me.sigils) <= 5
    for _ in range(12):
        GAME.advance(s, EndTurn(seat=s.active))
        while s.asks:
            GAME.advance(s, GAME.ai_action(s, s.asks[0].seat))
        assert all(len(p.sigils) <= 5 for p in s.players)


def test_rule_11_an_upgrade_waits_a_cycle_happens_once_a_turn_and_rerolls_the_stats():
    s, me, foe = fresh()
    me.energy = 50
    assert not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Upgrade)]  # cycle 1: built this cycle
    s.cycle = 2
    did = me.holdings[0].did
    GAME.advance(s, Upgrade(seat=me.seat, district=did))
    st = me.holdings[0].station
    assert st.level == 2 and 21 <= st.ap <= 40 and 11 <= st.dam <= 20 and me.energy == 40
    with pytest.raises(IllegalAction):
        GAME.apply(s, Upgrade(seat=me.seat, district=did))


def test_rule_13_storing_and_retrieving_is_free_and_slots_equal_the_level():
    s, me, _ = fresh()
    energy, h = me.energy, me.holdings[0]
    card = me.hand[0]
    GAME.advance(s, Store(seat=me.seat, card=card, district=h.did))
    assert h.station.slots == [card] and me.energy == energy
    assert not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Store) and m.district == h.did]
    GAME.advance(s, Retrieve(seat=me.seat, card=card))
    assert card in me.hand and me.energy == energy


def test_rules_15_and_16_moving_to_the_bay_costs_by_class_and_recall_is_once_a_turn():
    s, me, _ = fresh()
    a, b = me.acolytes[0], me.acolytes[1]
    energy = me.energy
    GAME.advance(s, ToBay(seat=me.seat, acolyte=a.uid))
    GAME.advance(s, ToBay(seat=me.seat, acolyte=b.uid))
    assert me.energy == energy - 2  # Base acolytes: 1 each
    GAME.advance(s, Recall(seat=me.seat, acolytes=[a.uid]))
    assert a.loc == "bench" and not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Recall)]


def test_rule_19_a_saber_needs_armour_of_its_class():
    s, me, _ = fresh()
    a = Acolyte(uid="a91", cid="garris_greyson", base_ap=12, max_class="Recon")
    me.acolytes.append(a)
    a.armour = put(s, "scout_weave", me.seat)
    assert can_carry(s, a, put(s, "spark_blade", me.seat))  # Recon saber on Recon armour
    assert not can_carry(s, a, put(s, "throne_cutter", me.seat))  # a Heavy saber needs Heavy armour


def test_rule_23_the_sigil_wheel():
    wheel = ["Paladin", "Primal", "Strategist", "Puritan", "Emperor"]
    for i, deity in enumerate(wheel):
        assert beats(deity, wheel[(i + 1) % 5]) and not beats(wheel[(i + 1) % 5], deity)
        assert beats(deity, None) and not beats(None, deity)
        assert not beats(deity, wheel[(i + 2) % 5])


def test_rule_33_a_support_serves_twice_a_turn_and_then_cannot_be_primary():
    s, me, foe = fresh()
    me.energy = 30
    for a in me.acolytes:
        GAME.advance(s, ToBay(seat=me.seat, acolyte=a.uid))
    p1, p2, sup = me.acolytes
    for h in foe.holdings[:2]:
        h.station = None  # unbuilt: the declaration itself claims them
    GAME.advance(s, Assault(seat=me.seat, primary=p1.uid, support=sup.uid, district=foe.holdings[0].did))
    assert not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Assault) and m.primary == sup.uid]
    GAME.advance(s, Assault(seat=me.seat, primary=p2.uid, support=sup.uid, district=foe.holdings[0].did))
    assert not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Assault) and m.support == sup.uid]
    assert not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Assault) and m.primary == p1.uid]


def test_rule_36_the_defender_wins_ties_and_never_strikes_the_support():
    s, chen, ham, wolf = example_table()
    s.rng.script = [90]
    GAME.advance(s, Assault(seat=0, primary=chen.uid, support=ham.uid, district="aegis_outpost"))
    while s.asks:
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    ham_ap = ham.base_ap + s.cards[ham.armour].ap
    s.rng.script = [5, 5, 5]  # all three tie
    GAME.advance(s, Fight(seat=0))
    while s.asks:
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    assert s.cards[wolf].ap == 57  # nobody beat the wolf
    assert ham.base_ap + s.cards[ham.armour].ap == ham_ap


def test_rule_41_a_fallen_station_gives_the_district_face_down_and_its_stored_cards():
    s, chen, ham, wolf = example_table()
    them = s.players[1]
    st = them.holdings[0].station
    st.creatures, st.ap = [], 3
    s.rng.script = [90, 10, 1]  # Crystal Madness passed; Chen 10 beats the station's 1
    GAME.advance(s, Assault(seat=0, primary=chen.uid, district="aegis_outpost"))
    while s.asks and s.asks[0].kind != "claim":
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    if s.fight:
        GAME.advance(s, Fight(seat=0))
    while s.asks and s.asks[0].kind != "claim":
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    us = s.players[0]
    assert any(h.did == "aegis_outpost" and h.face_down for h in us.holdings)
    assert s.claims and s.claims[0].seat == 0 and len(s.claims[0].cards) == 2
    assert s.asks[0].kind == "claim" and s.asks[0].seat == 0


def test_rule_46_and_47a_a_player_without_acolytes_is_out_and_the_last_one_wins():
    s, me, foe = fresh()
    foe.acolytes = []
    GAME.advance(s, EndTurn(seat=me.seat))
    assert foe.out and s.finished and s.finished.winners == [me.seat]


def test_rule_47b_holding_every_district_wins_at_the_end_of_the_cycle():
    s, me, foe = fresh()
    me.holdings += foe.holdings
    foe.holdings = []
    while not s.finished:
        GAME.advance(s, EndTurn(seat=s.active))
        while s.asks:
            GAME.advance(s, GAME.ai_action(s, s.asks[0].seat))
    assert s.finished.winners == [me.seat] and "every district" in s.finished.reason


def test_rule_48_victory_points():
    s, me, _ = fresh()
    me.energy, me.holdings = 7, [Holding(did="aegis_outpost", station=Station(card="x", level=2, ap=30, dam=12))]
    stored = put(s, "throne_cutter", me.seat)
    me.holdings[0].station.slots = [stored]
    a = Acolyte(uid="a95", cid="garris_greyson", base_ap=12, armour=put(s, "scout_weave", me.seat),
                abilities=[put(s, "last_breath", me.seat)])  # abilities score nothing (A39)
    me.acolytes = [a]
    gear = 0.5 * (s.card(stored).level + s.card(a.armour).level)
    assert vp(s, me.seat) == 7 + (3 + 2) + (2 + 2) + gear  # energy, station, Recon acolyte, gear


def test_a38_the_oldest_sigil_may_be_discarded_on_your_own_turn():
    s, me, _ = fresh()
    me.sigils = [put(s, "sigil_paladin", me.seat), put(s, "sigil_primal", me.seat)]
    first = me.sigils[0]
    GAME.advance(s, DropSigil(seat=me.seat))
    assert me.sigils[0] != first and first in me.discard


def test_populous_is_declared_at_the_start_of_each_cycle_for_every_holder():
    """The book: declared at the start of a cycle. The second player's d4 must defend on the first
    player's turn too, as the first player's does on the second's."""
    s, me, foe = fresh()
    foe.holdings[0].did = "hive_row"  # the second player holds a built Populous district
    me.holdings[0].did = "rustmarket"
    for p in (me, foe):
        p.holdings = [h for h in p.holdings if h.did != "hive_row" or p is foe]
    assert foe.seat not in s.populous
    for _ in range(2):  # the first player's turn, then the second's: the cycle ends
        s.asks = []
        GAME.advance(s, EndTurn(seat=s.active))
    assert s.active == me.seat and s.cycle == 2
    assert s.populous == [foe.seat]
