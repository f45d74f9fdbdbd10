"""Futura scenario tests for the numbered rules of the design notes that the battle example,
test_futura_numbered.py and the keyword tests leave open: one test per rule id, each from a built
position with scripted dice."""

from collections import Counter

import pytest

from engine.core import EndTurn, IllegalAction
from engine.core.rng import Rng
from engine.futura import GAME
from engine.futura import combat as C
from engine.futura import effects as fx
from engine.futura.actions import (
    Ambush,
    Assault,
    Build,
    ClaimCard,
    Equip,
    EquipCreature,
    Fight,
    Play,
    Retrieve,
    Scout,
    Sell,
    Store,
    Unequip,
    Yield,
)
from engine.futura.cards import catalog
from engine.futura.loadout import can_carry, die_of, stats
from engine.futura.state import Acolyte, Holding, Station
from tests.engine.test_futura_battle import Scripted, put


def fresh(players=2, seed="scenario"):
    s = GAME.setup({}, [f"p{i}" for i in range(players)], seed)
    return s, s.players[s.active], s.players[(s.active + 1) % players]


def fighter(s, cid="garris_greyson", gear=(), loc="bay", uid="a100", seat=0):
    """An acolyte of seat `seat` wearing and carrying the named cards (any class allowed)."""
    a = Acolyte(uid=uid, cid=cid, base_ap=catalog().acolytes[cid].base_ap, max_class="Heavy", loc=loc)
    for cid_ in gear:
        card, uid_ = catalog().cards[cid_], put(s, cid_, seat)
        s.cards[uid_].paid = True
        if card.kind == "armour":
            a.armour = uid_
        else:
            {"saber": a.sabers, "item": a.items, "ability": a.abilities}[card.kind].append(uid_)
    return a


def duel(gear=(), did="rustmarket", level=1, ap=40, dam=10, creatures=(), slots=(), cid="garris_greyson"):
    """Us (seat 0, to move, 20 energy, one acolyte in the bay and a spare on the bench so a death
    does not end the game) against Them's single station, with dice scripted by each test. Them
    keeps the three benched acolytes dealt at setup."""
    s = GAME.setup({}, ["Us", "Them"], "scenario-duel")
    s.active, s.fight, s.asks, s.claims = 0, None, [], []
    us, them = s.players
    a = fighter(s, cid, gear)
    spare = fighter(s, "tovan_reyes", loc="bench", uid="a199")
    us.acolytes, us.hand, us.sigils, us.energy, us.holdings = [a, spare], [], [], 20, []
    them.hand, them.sigils, them.energy = [], [], 0
    them.holdings = [Holding(did=did, station=Station(
        card="garrison", level=level, ap=ap, dam=dam, slots=[put(s, c, 1) for c in slots],
        creatures=[put(s, c, 1) for c in creatures]))]
    s.in_game = [did]
    GAME.publish(s)
    s.rng = Scripted(seed="x", script=[])
    return s, a


def go(s, action, *dice):
    """Check and make a move with these dice; every scripted die must be used."""
    s.rng.script.extend(dice)
    GAME.check(s, action)
    GAME.advance(s, action)
    assert not s.rng.script, f"unused dice: {s.rng.script}"


def moves(s, seat, kind):
    return [m for m in GAME.legal_actions(s, seat) if isinstance(m, kind)]


def station(s, seat=1):
    return s.players[seat].holdings[0].station


def test_rule_1_each_player_has_a_sixty_card_deck_and_the_pools_are_shared():
    for n in (2, 3, 4):
        s = GAME.setup({}, [f"p{i}" for i in range(n)], f"rule-1-{n}")
        for p in s.players:
            kinds = Counter(s.card(u).kind for u, c in s.cards.items() if c.owner == p.seat)
            assert sum(kinds.values()) == 60
            assert (kinds["armour"], kinds["saber"], kinds["sigil"], kinds["ability"]) == (15, 15, 10, 10)
            assert kinds["item"] + kinds["creature"] == 10
        assert len(s.acolyte_pool) == 15 - 3 * n and len(s.district_pool) == 12 - 3 * n
    for n in (1, 5):
        with pytest.raises(IllegalAction):
            GAME.setup({}, [f"p{i}" for i in range(n)], "rule-1-bad")


def test_rule_3_three_acolytes_to_the_bench_and_three_districts_each():
    s, _, _ = fresh(4, "rule-3")
    acolytes = [a.cid for p in s.players for a in p.acolytes]
    districts = [h.did for p in s.players for h in p.holdings]
    assert all(len(p.acolytes) == 3 and len(p.holdings) == 3 for p in s.players)
    assert all(a.loc == "bench" for p in s.players for a in p.acolytes)
    assert len(set(acolytes)) == 12 and len(set(districts)) == 12


def test_rule_4_starting_stations_are_free_level_one_and_there_is_no_opening_hand():
    s, me, foe = fresh(3, "rule-4")
    for p in s.players:
        for h in p.holdings:
            assert h.station.level == 1 and 11 <= h.station.ap <= 30 and 1 <= h.station.dam <= 8
    waiting = [p for p in s.players if p.seat != s.active]
    assert all(not p.hand and p.energy == 0 for p in waiting)  # nothing dealt, nothing paid
    assert me.energy == GAME.income(s, me)


def test_rule_5_the_game_lasts_five_battle_cycles():
    s, _, _ = fresh(3, "rule-5")
    turns = 0
    while not s.finished:
        GAME.advance(s, EndTurn(seat=s.active))
        turns += 1
        while s.asks:
            GAME.advance(s, GAME.ai_action(s, s.asks[0].seat))
    assert turns == 15 and s.cycle == 5 and "After 5 cycles" in s.finished.reason


def test_rule_8_a_claimed_district_turns_face_up_next_turn_and_building_costs_ten():
    s, me, foe = fresh(2, "rule-8")
    a = me.acolytes[0]
    a.loc = "bay"
    target = foe.holdings[0]
    target.station = None
    GAME.advance(s, Assault(seat=me.seat, primary=a.uid, district=target.did))
    mine = next(h for h in me.holdings if h.did == target.did)
    assert mine.face_down and not [m for m in moves(s, me.seat, Build) if m.district == target.did]
    assert not [m for m in moves(s, me.seat, Assault) if m.district == target.did]  # not from my own hand
    GAME.advance(s, EndTurn(seat=me.seat))
    assert not [m for m in moves(s, foe.seat, Assault) if m.district == target.did]  # face down: safe
    GAME.advance(s, EndTurn(seat=foe.seat))
    assert not mine.face_down
    energy = me.energy
    GAME.advance(s, Build(seat=me.seat, district=target.did))
    assert me.energy == energy - 10 and mine.station.level == 1 and 11 <= mine.station.ap <= 30


def test_rule_12_selling_gives_half_the_level_and_abilities_cannot_be_sold():
    s, me, _ = fresh(2, "rule-12")
    blade, captain = put(s, "throne_cutter", me.seat), put(s, "chosen_captain", me.seat)
    me.hand = [blade, captain]
    energy = me.energy
    GAME.advance(s, Sell(seat=me.seat, card=blade))
    assert me.energy == energy + 3 and blade in me.discard  # level 7: 3 energy
    assert not [m for m in moves(s, me.seat, Sell) if m.card == captain]


def test_rule_14_creature_level_is_capped_by_the_station_and_creatures_stay_put():
    s, me, _ = fresh(2, "rule-14")
    wolf, drake = put(s, "vyr_wolf", me.seat), put(s, "ember_drake", me.seat)
    me.hand, me.energy = [wolf, drake], 20
    h = me.holdings[0]
    offered = {m.card for m in moves(s, me.seat, EquipCreature) if m.district == h.did}
    assert offered == {wolf}  # level 3 fits a level 1 station; level 4 does not
    GAME.advance(s, EquipCreature(seat=me.seat, card=wolf, district=h.did))
    assert h.station.creatures == [wolf] and me.energy == 17
    assert not [m for m in moves(s, me.seat, Retrieve) + moves(s, me.seat, Store) if m.card == wolf]


def test_rule_17_out_of_combat_abilities_can_be_used_again_and_again_if_paid():
    s, me, foe = fresh(2, "rule-17")
    foe.holdings[0].station.slots = [put(s, "throne_cutter", foe.seat)]
    lenses = [put(s, "whisper_lens", me.seat), put(s, "whisper_lens", me.seat)]
    me.hand = list(lenses)
    for lens in lenses:
        GAME.advance(s, Scout(seat=me.seat, source=lens, district=foe.holdings[0].did))
    assert set(lenses) <= set(me.discard) and not moves(s, me.seat, Scout)


def test_rule_18_gear_changes_only_on_your_turn_on_the_bench_and_before_the_first_assault():
    s, me, foe = fresh(2, "rule-18")
    bench, bay = me.acolytes[0], me.acolytes[1]
    bay.loc = "bay"
    me.hand, me.energy = [put(s, "scout_weave", me.seat)], 20
    assert {m.acolyte for m in moves(s, me.seat, Equip)} == {bench.uid, me.acolytes[2].uid}
    assert GAME.legal_actions(s, foe.seat) == []
    foe.holdings[0].station = None
    GAME.advance(s, Assault(seat=me.seat, primary=bay.uid, district=foe.holdings[0].did))
    assert not moves(s, me.seat, Equip)
    with pytest.raises(IllegalAction):
        GAME.apply(s, Equip(seat=me.seat, card=me.hand[0], acolyte=bench.uid))


def test_rule_20_carrying_capacity_by_class():
    s, _, _ = fresh(2, "rule-20")
    base = fighter(s, gear=["chosen_captain"])
    assert not can_carry(s, base, put(s, "medi_serum", 0))  # Base: one item or ability
    recon = fighter(s, gear=["scout_weave", "spark_blade"])
    assert not can_carry(s, recon, put(s, "needle_saber", 0))  # Recon: one saber
    adept = fighter(s, gear=["lancer_plate"])
    assert not can_carry(s, adept, put(s, "aegis_buckler", 0))  # a shield needs a primary saber
    adept = fighter(s, gear=["lancer_plate", "hooked_glaive"])
    assert can_carry(s, adept, put(s, "needle_saber", 0))  # a Recon off-hand saber
    adept = fighter(s, gear=["lancer_plate", "hooked_glaive", "needle_saber"])
    assert not can_carry(s, adept, put(s, "parry_dirk", 0))  # never two off-hand sabers
    assert can_carry(s, adept, put(s, "medi_serum", 0))
    heavy = fighter(s, gear=["bulwark_frame", "siegebreaker", "medi_serum", "caustic_vial"])
    assert not can_carry(s, heavy, put(s, "snare_mine", 0))  # Heavy: two items


def test_rule_21_stats_add_base_armour_shield_and_sabers_but_not_unplayed_ability_ap():
    s, _, _ = fresh(2, "rule-21")
    a = fighter(s, gear=["lancer_plate", "oathkeeper", "aegis_buckler", "shield_wall"])
    assert stats(s, a) == (12 + 36 + 8, 3 + 9)  # Shield Wall's 10 waits until it is played


class Counting(Rng):
    """Dice that always roll 1 and remember how many sides each had."""

    sides: list[int] = []

    def die(self, sides: int = 6) -> int:
        self.sides.append(sides)
        return 1

    def dice(self, count: int, sides: int = 6) -> list[int]:  # Rng.dice draws without die(): script it too
        return [self.die(sides) for _ in range(count)]


@pytest.mark.parametrize("armour,die,level,station_dice", [
    (None, 6, 1, [8]), ("scout_weave", 8, 2, [10]), ("lancer_plate", 10, 3, [12]),
    ("bulwark_frame", 12, 4, [12, 4])])
def test_rule_22_dice_follow_the_class_and_the_station_level(armour, die, level, station_dice):
    s, a = duel(gear=[armour] if armour else [], level=level)
    assert die_of(s, a) == f"d{die}"
    GAME.advance(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    s.rng = Counting(seed="x")
    GAME.advance(s, Fight(seat=0))
    assert s.rng.sides == [die, *station_dice]


def test_rule_26_ensigiled_armour_cuts_strikes_and_the_saber_adds_its_bonus():
    s, a = duel(gear=["patrol_plate", "edge_of_dawn"])  # Recon Paladin armour and saber: bonus 2
    s.players[0].sigils = [put(s, "sigil_paladin", 0)]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket", ensigil=True))
    assert s.fight.ensigil == "Paladin" and not s.players[0].sigils
    go(s, Fight(seat=0), 8, 1)
    assert station(s).ap == 40 - (3 + 4 + 2)
    go(s, Fight(seat=0), 1, 8)
    assert s.cards[a.armour].ap == 24 - (10 - 2)


def test_rule_27_a_sigil_charges_only_when_the_oldest_matches_and_sets_the_top_tier():
    s, a = duel(gear=["scout_weave", "feral_rush"])  # Feral Rush: Primal, d20 x1/x1.5/x2
    us = s.players[0]
    rush = a.abilities[0]
    us.sigils = [put(s, "sigil_emperor", 0), put(s, "sigil_primal", 0)]
    assert all(how != "sigil" for _, how in fx.payments(s, 0, fx.effect_of(s, rush)))
    us.sigils.reverse()
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 8, 1)
    assert (3, "sigil") in [(m.tier, m.pay) for m in moves(s, 0, Play)]
    go(s, Play(seat=0, source=rush, tier=3, pay="sigil"), 10)
    assert station(s).ap == 40 - 20 and us.energy == 20
    assert [s.card(u).sigil for u in us.sigils] == ["Emperor"] and rush in us.discard


def test_rule_28_a_sigil_in_the_other_bay_that_beats_yours_wards_off_its_bonus():
    s, a = duel(gear=["patrol_plate", "edge_of_dawn"])
    s.players[0].sigils = [put(s, "sigil_paladin", 0)]
    s.players[1].sigils = [put(s, "sigil_emperor", 1)]  # Emperor beats Paladin
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket", ensigil=True))
    go(s, Fight(seat=0), 8, 1)
    assert station(s).ap == 40 - (3 + 4)  # no saber bonus
    go(s, Fight(seat=0), 1, 8)
    assert s.cards[a.armour].ap == 24 - 10  # no armour cut


def test_rule_29_triggers_free_charged_sigil_and_overcharge():
    s, a = duel(gear=["scout_weave", "gauss_canon"])
    bomb, rush = put(s, "chroma_bomb", 0), put(s, "feral_rush", 0)
    assert fx.payments(s, 0, fx.effect_of(s, bomb)) == [(1, "free")]
    assert fx.payments(s, 0, fx.effect_of(s, rush)) == [(1, "energy"), (2, "energy"), (3, "energy")]
    gauss = a.abilities[0]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 8, 1)
    go(s, Play(seat=0, source=gauss, tier=3, pay="overcharge"), 5, 51)  # d12 5, chance 51: x4
    assert station(s).ap == 40 - 20 and s.players[0].energy == 17


def test_rule_29_a_failed_overcharge_hurts_its_user():
    s, a = duel(gear=["scout_weave", "gauss_canon"])
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 8, 1)
    go(s, Play(seat=0, source=a.abilities[0], tier=3, pay="overcharge"), 5, 50)  # 50 is not over 50
    assert station(s).ap == 40 and s.cards[a.armour].ap == 18 - 5


def test_rule_30_declared_effects_fire_before_the_exchanges_and_passives_are_always_on():
    s, a = duel(gear=["scout_weave"], did="watchtower_spire")  # Sharp Shooter
    go(s, Assault(seat=0, primary=a.uid, district="watchtower_spire"), 9)
    assert s.fight.exchange == 0 and s.cards[a.armour].ap == 18 - 4
    kess = fighter(s, cid="kess_harlan", loc="bench", uid="a101")
    assert stats(s, kess) == (12 + 4, 4 + 2)  # Cyborg without playing anything


def test_rule_31_a_district_ability_works_once_a_cycle_and_an_acolyte_ability_once_a_cycle():
    s, a = duel(gear=["scout_weave"], did="watchtower_spire", cid="ghost_chen")
    go(s, Assault(seat=0, primary=a.uid, district="watchtower_spire"), 2)  # Sharp Shooter: 1
    go(s, Fight(seat=0), 1, 8)
    go(s, Play(seat=0, source=a.uid, tier=1, pay="energy"), 90)  # Ghost Step fails
    assert s.players[1].holdings[0].used_cycle == s.cycle and a.ability_cycle == s.cycle
    go(s, Yield(seat=0))
    s.turn += 2  # Chen's next turn, same cycle
    go(s, Assault(seat=0, primary=a.uid, district="watchtower_spire"))  # no second Sharp Shooter
    go(s, Fight(seat=0), 1, 8)
    assert a.uid not in C.playable(s, "att")


def test_rule_32_the_defender_answers_first():
    s, a = duel(gear=["scout_weave", "feral_rush"], slots=["void_prism"])
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 8, 1)
    assert [(d.seat, d.kind) for d in s.asks] == [(1, "effect"), (0, "effect")]


def test_rule_34_declaring_reveals_the_fighters_gear_but_not_their_abilities():
    s, a = duel(gear=["scout_weave", "spark_blade", "feral_rush"])
    assert not any(s.cards[u].revealed for u in a.gear())
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    assert s.cards[a.armour].revealed and s.cards[a.sabers[0]].revealed
    assert not s.cards[a.abilities[0]].revealed


def test_rule_35_creatures_fight_first_lowest_level_first_then_the_station():
    s, a = duel(gear=["bulwark_frame", "dawnfall"], creatures=["glass_mantis", "scrap_hound"])
    mantis, hound = station(s).creatures
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    assert C.defender_unit(s) == ("creature", hound)
    go(s, Fight(seat=0), 12, 1, 1)  # the hound's d8 and its Droid d4; 3 + 18 kills it
    assert hound not in station(s).creatures and hound in s.players[1].discard
    assert C.defender_unit(s) == ("creature", mantis) and station(s).ap == 40


def test_rule_36a_a_support_adds_only_its_plain_dam_and_plays_nothing():
    s, a = duel(gear=["patrol_plate", "edge_of_dawn"])
    ham = fighter(s, cid="hammerfist", gear=["patrol_plate", "edge_of_dawn", "feral_rush"], uid="a101")
    s.players[0].acolytes.append(ham)
    s.players[0].sigils = [put(s, "sigil_paladin", 0)]
    go(s, Assault(seat=0, primary=a.uid, support=ham.uid, district="rustmarket", ensigil=True))
    go(s, Fight(seat=0), 1, 8, 5)  # only the support beats the station
    assert not s.asks and station(s).ap == 40 - (3 + 4)  # no sigil bonus, no Feral Rush
    assert s.cards[a.armour].ap == 24 - (10 - 2) and s.cards[ham.armour].ap == 24


def test_rule_39_damage_beyond_a_creature_is_lost_and_the_station_falls_at_zero():
    s, a = duel(gear=["bulwark_frame", "dawnfall"], creatures=["scrap_hound"], ap=5)
    hound = station(s).creatures[0]
    s.cards[hound].ap = 10
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 12, 1, 1)  # 21 DAM into a 10 AP hound: 11 lost
    assert station(s).ap == 5
    go(s, Fight(seat=0), 12, 1)
    assert s.fight is None and [h.did for h in s.players[0].holdings] == ["rustmarket"]


def test_rule_39a_a_station_plays_its_stored_one_off_cards_but_never_stored_gear():
    s, a = duel(gear=["scout_weave"], slots=["chroma_bomb", "throne_cutter", "feral_rush"])
    bomb = station(s).slots[0]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    assert fx.station_sources(s, "rustmarket") == [bomb]
    go(s, Fight(seat=0), 1, 8)
    go(s, Play(seat=1, source=bomb, tier=1, pay="free"))
    assert s.cards[a.armour].ap == 18 - 12 and bomb in s.players[1].discard
    assert len(station(s).slots) == 2


def test_rule_40_a_yield_ends_the_engagement_and_the_survivors_stay_in_the_bay():
    s, a = duel(gear=["scout_weave"])
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    go(s, Yield(seat=0))
    assert s.fight is None and a.loc == "bay" and station(s).ap == 40
    assert not moves(s, 0, Assault)  # a primary attacks once a turn


def test_rule_42_a_dead_primarys_gear_goes_to_the_victor_and_the_support_walks_home():
    s, a = duel(gear=["scout_weave", "spark_blade"], dam=40)
    ham = fighter(s, cid="hammerfist", uid="a101")
    s.players[0].acolytes.append(ham)
    gear = a.gear()
    go(s, Assault(seat=0, primary=a.uid, support=ham.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 1, 8)
    assert a not in s.players[0].acolytes and "garris_greyson" in s.acolyte_pool
    assert ham.loc == "bench" and s.claims[0].seat == 1 and s.claims[0].cards == gear
    assert s.asks[0].kind == "claim" and s.asks[0].seat == 1 and s.asks[0].reaction


def test_rule_42a_claimed_cards_are_equipped_stored_sold_kept_or_go_home():
    s, a = duel(gear=["warden_shell", "spark_blade", "sentry_drone"], dam=40)
    armour, blade, drone = a.gear()
    blade2 = put(s, "crown_shard", 0)
    a.sabers = [blade]
    s.players[0].energy = 0
    them = s.players[1]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    assert s.claims[0].cards == [armour, blade, drone]
    s.claims[0].cards.append(blade2)
    bench = them.acolytes[0]
    them.energy, them.hand = 10, [put(s, "medi_serum", 1) for _ in range(4)]
    hows = {m.how for m in moves(s, 1, ClaimCard)}
    assert hows == {"equip", "store", "sell", "hand", "discard"}
    go(s, ClaimCard(seat=1, card=armour, how="equip", where=bench.uid))
    assert bench.armour == armour and them.energy == 10 - 4
    go(s, ClaimCard(seat=1, card=blade, how="store", where="rustmarket"))
    assert station(s).slots == [blade]
    go(s, ClaimCard(seat=1, card=drone, how="hand"))
    assert len(them.hand) == 5 and "hand" not in {m.how for m in moves(s, 1, ClaimCard)}
    go(s, ClaimCard(seat=1, card=blade2, how="sell"))
    assert them.energy == 6 + 1 and blade2 in s.players[0].discard and not s.claims and not s.asks


def test_rule_43_station_damage_persists_across_turns():
    s, a = duel(gear=["scout_weave"])
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 8, 1)
    go(s, Yield(seat=0))
    s.rng.script = [1] * 60
    GAME.advance(s, EndTurn(seat=0))
    GAME.advance(s, EndTurn(seat=1))
    assert station(s).ap == 40 - 3


def test_rule_44_an_ambush_needs_a_card_and_the_target_defends_alone_winning_ties():
    s, a = duel(gear=["scout_weave", "spark_blade"])
    them = s.players[1]
    prey = them.acolytes[0]
    prey.loc = "bay"
    assert not moves(s, 0, Ambush)
    strike = put(s, "shadow_strike", 0)
    s.players[0].hand = [strike]
    go(s, Ambush(seat=0, card=strike, primary=a.uid, target=prey.uid))
    assert strike in s.players[0].discard and C.defender_unit(s) == ("acolyte", prey.uid)
    base = prey.base_ap
    go(s, Fight(seat=0), 4, 4)  # a tie: the target strikes
    assert s.cards[a.armour].ap == 18 - stats(s, prey)[1] and prey.base_ap == base


def test_rule_45_life_support_keeps_the_acolyte_alive_at_zero_and_sends_it_home():
    s, a = duel(gear=["last_breath"], dam=40)
    card = a.abilities[0]
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    assert s.asks[0].kind == "life_support" and s.asks[0].seat == 0
    go(s, Play(seat=0, source=card))
    assert a in s.players[0].acolytes and a.base_ap == 0 and a.loc == "bench"
    assert card in s.players[0].discard and s.fight is None and not s.claims



def test_rule_10_a_class_drop_sends_what_no_longer_fits_to_a_slot_then_the_hand_then_the_discard():
    s, me, _ = fresh(2, "rule-10")
    a = fighter(s, cid="tovan_reyes", gear=["scout_weave", "spark_blade"], loc="bench", seat=me.seat)
    me.acolytes.append(a)
    blade, slots = a.sabers[0], me.holdings[0].station.slots
    slots.clear()
    GAME.advance(s, Unequip(seat=me.seat, card=a.armour))  # Base again: no saber
    assert not a.sabers and slots == [blade]
    for h in me.holdings:  # now every slot is full and the hand holds five
        h.station.slots = [put(s, "spark_blade", me.seat) for _ in range(h.station.level)]
    me.hand = [put(s, "spark_blade", me.seat) for _ in range(4)]
    a.armour, a.sabers = put(s, "scout_weave", me.seat), [put(s, "ember_fang", 1)]  # a claimed saber
    claimed = a.sabers[0]
    GAME.advance(s, Unequip(seat=me.seat, card=a.armour))
    assert claimed in s.players[1].discard and claimed not in me.hand


def test_rule_42a_a_claimed_ability_equips_free_and_a_kept_card_costs_its_full_level_later():
    s, a = duel(gear=["warden_shell", "chosen_captain"], dam=40)
    armour, captain = a.gear()
    them = s.players[1]
    them.energy = 0
    go(s, Assault(seat=0, primary=a.uid, district="rustmarket"))
    go(s, Fight(seat=0), 1, 8)
    go(s, ClaimCard(seat=1, card=armour, how="hand"))
    bench = them.acolytes[0]
    go(s, ClaimCard(seat=1, card=captain, how="equip", where=bench.uid))
    assert captain in bench.abilities and them.energy == 0
    s.active, s.assaulted, them.energy = 1, False, 10  # Them's own turn
    GAME.publish(s)
    go(s, Equip(seat=1, card=armour, acolyte=them.acolytes[1].uid))
    assert them.energy == 10 - 4  # the full level: Them never paid for it
