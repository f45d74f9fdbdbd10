"""Futura scenario tests for the resolutions of the design notes' §2 (A1...): one test per
resolution that changes what the engine does, each from a built position with scripted dice. A37
and A38 live in test_futura_numbered.py."""

from collections import Counter

from engine.core import EndTurn
from engine.futura import GAME
from engine.futura import combat as C
from engine.futura.actions import (
    Ambush,
    Assault,
    Equip,
    Fight,
    Play,
    Repair,
    Sell,
    Store,
    ToBay,
    Unequip,
    Upgrade,
    Yield,
)
from engine.futura.cards import catalog
from engine.futura.loadout import die_of, stats
from engine.futura.rules import vp, vp_winners
from engine.futura.state import Holding, Station
from engine.futura.view import hidden_uids
from tests.engine.test_futura_battle import put
from tests.engine.test_futura_scenarios import duel, fighter, fresh, go, moves, station


def test_a1_vp_ties_go_to_most_stations_then_most_energy_then_are_shared():
    s, _, _ = fresh(2, "a1")
    for p in s.players:
        p.acolytes = [fighter(s, uid=f"a{p.seat}", seat=p.seat)]
    us, them = s.players
    us.holdings, us.energy = [Holding(did="aegis_outpost", station=Station(card="x", ap=20, dam=5))], 0
    them.holdings, them.energy = [], 5
    assert vp(s, 0) == vp(s, 1) and vp_winners(s) == [0]  # same VP: the station decides
    them.holdings, them.energy = [Holding(did="hive_row", station=Station(card="x", ap=20, dam=5))], 0
    assert vp_winners(s) == [0, 1]


def test_a2_every_district_still_in_the_game_counts_face_down_ones_too():
    s, me, foe = fresh(2, "a2")
    me.holdings += foe.holdings
    foe.holdings = []
    me.holdings[-1].face_down = True
    GAME.end_cycle(s, [])
    assert s.finished and s.finished.winners == [me.seat]


def test_a2_a_bombarded_district_leaves_the_game():
    s, a = duel(gear=["bulwark_frame", "dawnfall"], did="skyhook_array", ap=5)
    go(s, Assault(seat=0, primary=a.uid, district="skyhook_array"))
    go(s, Fight(seat=0), 12, 1, 10, 10)  # the station falls; Orbital Bombardment's 2d20 hit back
    assert "skyhook_array" not in s.in_game
    assert all(h.did != "skyhook_array" for p in s.players for h in p.holdings)
    assert s.cards[a.armour].ap == 60 - 20


def test_a3_artefacts_are_items():
    skull = catalog().cards["skull_of_alman"]
    assert skull.kind == "item" and skull.subtype == "artefact"


def test_a4_the_ten_item_slots_hold_five_items_two_artefacts_and_three_creatures():
    cards = catalog().cards
    for deck in catalog().decks.values():
        slots = Counter("artefact" if cards[c].kind == "item" and cards[c].subtype == "artefact" else cards[c].kind
                        for c in deck.cards if cards[c].kind in ("item", "creature"))
        assert slots == {"item": 5, "artefact": 2, "creature": 3}


def test_a5_fifteen_acolytes_three_per_house():
    houses = Counter(a.house for a in catalog().acolytes.values())
    assert len(catalog().acolytes) == 15 and set(houses.values()) == {3} and len(houses) == 5


def test_a6_station_levels_are_named_by_number():
    s, me, _ = fresh(2, "a6")
    me.holdings[0].station.level = 2
    view = GAME.view(s, me.seat)
    titles = [h["station"]["title"] for p in view["players"] for h in p["holdings"] if h.get("station")]
    assert "Stronghold" in titles and "Recon Station" in titles


def test_a7_an_upgrade_rolls_ap_d20_plus_and_dam_die_plus_ten_twelve_sixteen():
    s, me, _ = fresh(2, "a7")
    s.cycle, me.energy = 2, 30
    did = me.holdings[0].did
    st = me.holdings[0].station
    from tests.engine.test_futura_battle import Scripted

    s.rng = Scripted(seed="x", script=[])
    go(s, Upgrade(seat=me.seat, district=did), 20, 5)
    assert (st.level, st.ap, st.dam) == (2, 40, 15)
    s.turn += 1
    go(s, Upgrade(seat=me.seat, district=did), 1, 12)
    assert (st.level, st.ap, st.dam) == (3, 31, 24)
    s.turn += 1
    go(s, Upgrade(seat=me.seat, district=did), 2, 3, 4)
    assert (st.level, st.ap, st.dam) == (4, 42, 3 + 4 + 16)


def test_a8_the_station_waits_while_its_creatures_live():
    s, a = duel(gear=["scout_weave"], creatures=["glass_mantis"], dam=30)
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)  # the mantis wins: its 6, not the station's 30
    assert s.cards[a.armour].ap == 18 - 6


def test_a9_the_ensigil_lasts_the_whole_engagement_and_only_that_one():
    s, a = duel(gear=["patrol_plate", "edge_of_dawn"], ap=60)
    s.players[0].sigils = [put(s, "sigil_paladin", 0)]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket", ensigil=True))
    go(s, Fight(seat=0), 8, 1)
    go(s, Fight(seat=0), 8, 1)
    assert station(s).ap == 60 - 2 * 9
    go(s, Yield(seat=0))
    s.turn += 2
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 8, 1)
    assert station(s).ap == 60 - 2 * 9 - 7


def test_a10_an_acolytes_own_ability_comes_back_next_cycle():
    s, a = duel(gear=["scout_weave"], cid="ghost_chen")
    a.ability_cycle = s.cycle
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    assert a.uid not in C.playable(s, "att")
    go(s, Yield(seat=0))
    s.turn, s.cycle = s.turn + 2, s.cycle + 1
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    assert a.uid in C.playable(s, "att")


def test_a11_the_stealth_manoeuvre_is_the_armours_and_leaves_chens_own_ability_unused():
    s, a = duel(gear=["stealth_plate"], cid="ghost_chen")
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    go(s, Play(seat=0, source=a.armour, tier=1, pay="energy"), 90)
    go(s, Fight(seat=0), 1, 8)
    assert a.uid in C.playable(s, "att") and a.armour not in C.playable(s, "att")


def test_a12_an_evade_succeeds_on_a_d100_at_or_under_its_tier_chance():
    for roll, evaded in ((40, True), (41, False)):
        s, a = duel(gear=["scout_weave", "blur_step"])  # Speed Run: 20/40/60
        go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
        go(s, Fight(seat=0), 1, 8)
        go(s, Play(seat=0, source=a.abilities[0], tier=2, pay="energy"), roll)
        assert s.cards[a.armour].ap == (18 if evaded else 18 - 10)


def test_a13_an_adept_rolls_a_d10():
    s, a = duel(gear=["impaler_armour"])
    assert die_of(s, a) == "d10"


def test_a14_a_base_acolyte_rolls_a_d6():
    s, a = duel()
    assert die_of(s, a) == "d6"


def test_a15_garris_greyson_strikes_for_seven_with_a_four_dam_saber():
    s, a = duel(gear=["scout_weave", "spark_blade"])
    assert stats(s, a)[1] == 7


def test_a18_ability_damage_replaces_dam_and_gets_no_sigil_bonus():
    s, a = duel(gear=["patrol_plate", "edge_of_dawn", "feral_rush"])
    s.players[0].sigils = [put(s, "sigil_paladin", 0)]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket", ensigil=True))
    go(s, Fight(seat=0), 8, 1)
    go(s, Play(seat=0, source=a.abilities[0], tier=1, pay="energy"), 10)
    assert station(s).ap == 40 - 10


def test_a19_loot_and_plunder_gives_a_free_upgrade_from_the_next_cycle():
    s, a = duel(gear=["bulwark_frame", "dawnfall"], ap=5, cid="hammerfist")
    us = s.players[0]
    us.holdings = [Holding(did="hive_row", station=Station(card="x", ap=20, dam=5))]
    s.in_game.append("hive_row")
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 12, 1)
    assert us.vouchers == 1 and not [m for m in moves(s, 0, Upgrade) if m.voucher]
    s.cycle, s.turn, s.assaulted = s.cycle + 1, s.turn + 2, False  # our next turn
    us.energy = 0
    voucher = next(m for m in moves(s, 0, Upgrade) if m.voucher)
    s.rng.script = [10, 5]
    GAME.advance(s, voucher)
    assert us.vouchers == 0 and us.holdings[0].station.level == 2 and us.energy == 0


def test_a20_the_victor_claims_unused_abilities_too_and_the_acolyte_goes_to_the_pool():
    s, a = duel(gear=["scout_weave", "chosen_captain"], dam=40)
    gear = a.gear()
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    assert s.claims[0].cards == gear and "garris_greyson" in s.acolyte_pool


def test_a21_several_stations_upgrade_in_one_turn_each_once():
    s, me, _ = fresh(2, "a21")
    s.cycle, me.energy = 2, 40
    for h in me.holdings[:2]:
        GAME.advance(s, Upgrade(seat=me.seat, district=h.did))
    assert [h.station.level for h in me.holdings[:2]] == [2, 2]
    assert {m.district for m in moves(s, me.seat, Upgrade)} == {me.holdings[2].did}


def test_a22_a_support_serves_again_on_its_next_turn():
    s, me, foe = fresh(2, "a22")
    me.energy = 30
    for a in me.acolytes:
        a.loc = "bay"
    p1, p2, sup = me.acolytes
    for h in foe.holdings:
        h.station = None
    GAME.advance(s, Assault(seat=me.seat, primary=p1.uid, support=sup.uid, district=foe.holdings[0].did))
    GAME.advance(s, Assault(seat=me.seat, primary=p2.uid, support=sup.uid, district=foe.holdings[0].did))
    assert not [m for m in moves(s, me.seat, Assault) if m.support == sup.uid]
    GAME.advance(s, EndTurn(seat=me.seat))
    GAME.advance(s, EndTurn(seat=foe.seat))
    assert [m for m in moves(s, me.seat, Assault) if m.support == sup.uid]


def test_a23_one_sigil_per_engagement():
    s, a = duel(gear=["patrol_plate", "edge_of_dawn"])
    us = s.players[0]
    us.sigils = [put(s, "sigil_paladin", 0), put(s, "sigil_paladin", 0)]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket", ensigil=True))
    assert len(us.sigils) == 1
    go(s, Fight(seat=0), 8, 1)
    assert station(s).ap == 40 - 9  # one bonus of 2, not two


def test_a24_the_swap_effect_is_warp_and_no_card_calls_it_ward():
    words = {e.keyword for c in catalog().cards.values() for e in [c.effect or getattr(c, "ability", None)] if e}
    words |= {a.ability.keyword for a in catalog().acolytes.values()}
    assert "Warp" in words and "Ward" not in words


def test_a25_the_hand_is_refilled_to_five_not_dealt_five():
    s, me, foe = fresh(2, "a25")
    foe.hand, foe.sigils = [put(s, "spark_blade", foe.seat) for _ in range(3)], []
    deck = len(foe.deck)
    GAME.advance(s, EndTurn(seat=me.seat))
    assert len(foe.hand) == 5 and deck - len(foe.deck) == 2 + len(foe.sigils)  # sigils go to the bay


def test_a26_a_station_has_as_many_slots_as_its_level():
    s, me, _ = fresh(2, "a26")
    h = me.holdings[0]
    h.station.level = 3
    me.hand = [put(s, "spark_blade", me.seat) for _ in range(4)]
    for uid in me.hand[:3]:
        GAME.advance(s, Store(seat=me.seat, card=uid, district=h.did))
    assert len(h.station.slots) == 3 and not [m for m in moves(s, me.seat, Store) if m.district == h.did]


def test_a27_setup_stations_cost_nothing():
    s, me, _ = fresh(2, "a27")
    assert all(h.station for h in me.holdings) and me.energy == GAME.income(s, me)


def test_a28_a_spent_sigil_no_longer_wards():
    s, a = duel(gear=["patrol_plate", "edge_of_dawn"])
    s.players[0].sigils = [put(s, "sigil_paladin", 0)]
    ward = put(s, "sigil_emperor", 1)
    s.players[1].sigils = [ward]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket", ensigil=True))
    s.players[1].sigils.remove(ward)  # spent elsewhere
    go(s, Fight(seat=0), 8, 1)
    assert station(s).ap == 40 - 9


def test_a29_repair_costs_a_tenth_of_the_missing_ap_and_a_mechanic_pays_one_less():
    s, me, _ = fresh(2, "a29")
    mech = fighter(s, cid="garris_greyson", gear=["warden_shell"], loc="bench", seat=me.seat)
    plain = fighter(s, cid="tovan_reyes", gear=["warden_shell"], loc="bench", uid="a101", seat=me.seat)
    me.acolytes, me.energy = [mech, plain], 10
    s.cards[mech.armour].ap = s.cards[plain.armour].ap = 27 - 21  # 21 missing: 3 energy
    GAME.advance(s, Repair(seat=me.seat, acolyte=plain.uid))
    GAME.advance(s, Repair(seat=me.seat, acolyte=mech.uid))
    assert me.energy == 10 - 3 - 2 and s.cards[plain.armour].ap == 27 == s.cards[mech.armour].ap


def test_a29_broken_armour_is_discarded_on_the_bench_unless_a_mechanic_wears_it():
    s, me, _ = fresh(2, "a29b")
    mech = fighter(s, cid="garris_greyson", gear=["warden_shell"], seat=me.seat)
    plain = fighter(s, cid="tovan_reyes", gear=["warden_shell"], uid="a101", seat=me.seat)
    me.acolytes = [mech, plain]
    for a in (mech, plain):
        s.cards[a.armour].ap, s.cards[a.armour].broken = 0, True
        C.to_bench(s, a)
    kept = mech.armour
    assert kept and plain.armour is None and s.cards[kept].broken


def test_a30_unequipping_is_free_re_equipping_costs_half_and_a_mechanic_swaps_armour_free():
    s, me, _ = fresh(2, "a30")
    plain = fighter(s, cid="tovan_reyes", gear=["warden_shell"], loc="bench", uid="a101", seat=me.seat)
    mech = fighter(s, cid="garris_greyson", loc="bench", seat=me.seat)
    me.acolytes, me.energy = [plain, mech], 10
    armour = plain.armour
    GAME.advance(s, Unequip(seat=me.seat, card=armour))
    assert me.energy == 10 and armour in me.hand
    costs = {m.acolyte: m for m in moves(s, me.seat, Equip) if m.card == armour}
    GAME.advance(s, costs[plain.uid])
    assert me.energy == 10 - 2  # level 4, paid before: 2
    GAME.advance(s, Unequip(seat=me.seat, card=armour))
    GAME.advance(s, Equip(seat=me.seat, card=armour, acolyte=mech.uid))
    assert me.energy == 8 and mech.armour == armour


def test_a31_an_acolyte_left_in_the_bay_assaults_next_turn_at_no_cost():
    s, me, foe = fresh(2, "a31")
    a = me.acolytes[0]
    energy = me.energy
    GAME.advance(s, ToBay(seat=me.seat, acolyte=a.uid))
    assert me.energy == energy - 1
    GAME.advance(s, EndTurn(seat=me.seat))
    GAME.advance(s, EndTurn(seat=foe.seat))
    energy = me.energy
    foe.holdings[0].station = None
    GAME.advance(s, Assault(seat=me.seat, primary=a.uid, district=foe.holdings[0].did))
    assert me.energy == energy


def test_a32_no_ambush_without_an_ambush_card():
    s, a = duel(gear=["scout_weave"])
    s.players[1].acolytes[0].loc = "bay"
    assert not moves(s, 0, Ambush)
    s.players[0].hand = [put(s, "shadow_strike", 0)]
    assert moves(s, 0, Ambush)


def test_a33_an_eliminated_players_stations_defend_themselves_without_prompts():
    s = GAME.setup({}, ["a", "b", "c"], "a33")
    s.active, s.asks, s.fight = 0, [], None
    out = s.players[2]
    out.out, out.acolytes = True, []
    h = out.holdings[0]
    h.station.creatures = [put(s, "vyr_wolf", 2)]
    out.sigils = [put(s, "sigil_primal", 2)]  # would match the wolf
    h.station.slots = [put(s, "chroma_bomb", 2)]
    a = s.players[0].acolytes[0]
    a.loc = "bay"
    GAME.advance(s, Assault(seat=0, primary=a.uid, district=h.did))
    assert not s.asks
    GAME.advance(s, Fight(seat=0))
    assert all(d.seat != 2 for d in s.asks)


def test_a35_an_initiative_check_must_beat_its_threshold_or_the_attacker_retreats():
    for roll, holds in ((20, False), (21, True)):
        s, a = duel(gear=["scout_weave"], did="aegis_outpost")
        energy = s.players[0].energy
        go(s, Assault(seat=0, primary=a.uid, district="aegis_outpost"), roll)
        assert (s.fight is not None) == holds and a.loc == "bay" and s.players[0].energy == energy


def test_a36_gear_is_hidden_until_its_first_engagement_and_abilities_until_played():
    s, a = duel(gear=["scout_weave", "feral_rush"])
    armour, rush = a.gear()
    assert {armour, rush} <= set(hidden_uids(s, 1))
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    assert armour not in hidden_uids(s, 1) and rush in hidden_uids(s, 1)


def test_a39_abilities_equip_free_and_score_nothing():
    s, me, _ = fresh(2, "a39")
    a = me.acolytes[0]
    captain = put(s, "chosen_captain", me.seat)
    me.hand = [captain]
    before, points = me.energy, vp(s, me.seat)
    GAME.advance(s, Equip(seat=me.seat, card=captain, acolyte=a.uid))
    assert me.energy == before and vp(s, me.seat) == points
    assert not [m for m in moves(s, me.seat, Sell) if m.card == captain]


def test_a40_hand_cards_and_face_down_districts_score_nothing_and_half_points_stay():
    s, me, _ = fresh(2, "a40")
    points = vp(s, me.seat)
    me.hand.append(put(s, "dawnfall", me.seat))
    me.holdings.append(Holding(did="skyhook_array", face_down=True))
    assert vp(s, me.seat) == points
    me.acolytes[0].items.append(put(s, "scatter_blaster", me.seat))  # level 2: 1
    me.acolytes[1].items.append(put(s, "medi_serum", me.seat))  # level 1: 0.5
    assert vp(s, me.seat) == points + 1.5


def test_a41_reaching_heavy_takes_off_the_off_hand_saber_and_the_shield():
    s, me, _ = fresh(2, "a41")
    a = fighter(s, gear=["lancer_plate", "hooked_glaive", "needle_saber", "aegis_buckler"], loc="bench",
                seat=me.seat)
    me.acolytes, me.energy, me.hand = [a], 20, [put(s, "bulwark_frame", me.seat)]
    off, shield = a.sabers[1], a.items[0]
    GAME.advance(s, Equip(seat=me.seat, card=me.hand[0], acolyte=a.uid))
    assert a.sabers == [a.sabers[0]] and not a.items
    kept = set(me.hand) | {u for h in me.holdings for u in h.station.slots}
    assert {off, shield} <= kept


def test_a42_a_strike_that_kills_a_creature_never_reaches_the_station():
    s, a = duel(gear=["bulwark_frame", "dawnfall"], creatures=["glass_mantis"], ap=1)
    s.cards[station(s).creatures[0]].ap = 1
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 12, 1)
    assert station(s).ap == 1 and not station(s).creatures and s.fight is not None


def test_a43_yield_is_the_retreat():
    s, a = duel(gear=["scout_weave"])
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 8, 1)
    label = next(m for m in GAME.legal_actions(s, 0) if isinstance(m, Yield)).label()
    go(s, Yield(seat=0))
    assert "retreat" in label and s.fight is None and a.loc == "bay"


def test_a16_the_ambush_example_starts_chen_at_39_and_ends_with_her_death():
    """The book's ambush: Velaris (Impaler Armour, two Recon sabers for 15 DAM, Gauss Canon) with
    Garris in support against Ghost Chen left in the bay with 39 armour AP (A16, not 34)."""
    s, _, _ = fresh(2, "a16")
    s.active, s.asks, s.claims, s.fight, s.assaulted = 1, [], [], None, False
    us, them = s.players
    chen = fighter(s, cid="ghost_chen", gear=["stealth_plate", "dawnfall"], seat=0)
    s.cards[chen.armour].ap = 39
    velaris = fighter(s, cid="sister_velaris", gear=["impaler_armour", "ember_fang", "needle_saber", "gauss_canon"],
                      uid="a200", seat=1)
    garris = fighter(s, cid="garris_greyson", gear=["patrol_plate", "spark_blade"], uid="a201", seat=1)
    assert stats(s, velaris)[1] == 15 and stats(s, garris)[1] == 7  # A15: 7, not 6
    us.acolytes = [chen, fighter(s, cid="hammerfist", loc="bench", uid="a101", seat=0)]
    us.energy, us.sigils = 0, [put(s, "sigil_primal", 0)]
    them.acolytes, them.energy, them.sigils = [velaris, garris], 1, [put(s, "sigil_emperor", 1)]
    them.hand = [put(s, "shadow_strike", 1)]
    GAME.publish(s)
    from tests.engine.test_futura_battle import Scripted

    s.rng = Scripted(seed="x", script=[])
    go(s, Ambush(seat=1, card=them.hand[0], primary=velaris.uid, support=garris.uid, target=chen.uid))
    # 1: Velaris 9, Garris 6, Chen 6: Gauss Canon overcharged with the Emperor sigil, d12 7 x4 = 28.
    go(s, Fight(seat=1), 9, 6, 6)
    go(s, next(m for m in GAME.legal_actions(s, 0) if not isinstance(m, Play)))
    go(s, Play(seat=1, source=velaris.abilities[0], tier=3, pay="overcharge"), 7, 60)
    assert s.cards[chen.armour].ap == 11
    # 2: Velaris 1, Garris 7, Chen 3: Chen hits Velaris for 21 (50 -> 29), Garris hits Chen for 7.
    go(s, Fight(seat=1), 1, 7, 3)
    go(s, next(m for m in GAME.legal_actions(s, 0) if not isinstance(m, Play)))
    assert s.cards[chen.armour].ap == 4 and s.cards[velaris.armour].ap == 29
    # 3: Velaris 6, Garris 2, Chen 5: Ghost Step at tier 3 with the Primal sigil evades (30 <= 60).
    go(s, Fight(seat=1), 6, 2, 5)
    go(s, Play(seat=0, source=chen.uid, tier=3, pay="sigil"), 30)
    assert s.cards[chen.armour].ap == 4 and not us.sigils
    # 4: Velaris 12 (a d10 here, A13: 10), Garris 6, Chen 5: 15 + 7 breaks the armour and empties her base AP.
    go(s, Fight(seat=1), 10, 6, 5)
    assert chen not in us.acolytes and s.fight is None
    assert s.claims[0].seat == 1 and s.claims[0].winner == velaris.uid


def test_a34_elements_change_nothing_outside_card_text():
    s, a = duel(gear=["scout_weave", "spark_blade"])  # an Electric saber...
    assert catalog().districts["rustmarket"].resistance == catalog().cards["spark_blade"].element
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))  # ...against an Electric-resistant district
    go(s, Fight(seat=0), 8, 1)
    assert station(s).ap == 40 - 7


def test_a45_ability_levels_set_no_limit():
    s, me, _ = fresh(2, "a45")
    a = fighter(s, gear=["lancer_plate"], loc="bench", seat=me.seat)
    me.acolytes, me.energy = [a], 0
    me.hand = [put(s, "gauss_canon", me.seat), put(s, "might_makes_right", me.seat)]  # levels 5 and 4
    for uid in list(me.hand):
        GAME.advance(s, Equip(seat=me.seat, card=uid, acolyte=a.uid))
    assert len(a.abilities) == 2 and me.energy == 0
