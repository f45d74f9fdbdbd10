"""Futura scenario tests for the keywords and choices added on top of the first engine slice:
Informant, Warp, Summon (attacker and station), Inspire, Sacrifice, Possession, Crystal Production's
choice, trades with consent, the discard-down prompt, standing answers and the auto-continue."""

import random

from engine.core import EndTurn, Pass
from engine.futura import GAME
from engine.futura.actions import (
    Accept,
    Assault,
    Crystal,
    Discard,
    Fight,
    Offer,
    Play,
    Scout,
    Summon,
    Warp,
)
from engine.futura.state import Acolyte, Holding, Station
from tests.engine.test_futura_battle import Scripted, example_table, put


def fresh(players=2, seed="keywords"):
    s = GAME.setup({}, [f"p{i}" for i in range(players)], seed)
    return s, s.players[s.active], s.players[1 - s.active]


def example_table_at(did: str):
    """The battle example's table with the Temple and its Vyr Wolf moved onto another district."""
    s, chen, _, wolf = example_table()
    them = s.players[1]
    them.holdings[0] = Holding(did=did, station=Station(card="garrison", level=3, ap=42, dam=15, creatures=[wolf]))
    s.in_game = [did]
    return s, chen, them


def test_informant_shows_a_station_inventory_to_the_scout_alone():
    s, me, foe = fresh()
    lens = put(s, "whisper_lens", me.seat)
    me.hand.append(lens)
    stored = put(s, "throne_cutter", foe.seat)
    foe.holdings[0].station.slots.append(stored)
    move = Scout(seat=me.seat, source=lens, district=foe.holdings[0].did)
    assert move in GAME.legal_actions(s, me.seat)
    events = GAME.advance(s, move)
    assert lens in me.discard
    mine = GAME.view(s, me.seat)["players"][foe.seat]["holdings"][0]["station"]["inventory"]
    public = GAME.view(s, None)["players"][foe.seat]["holdings"][0]["station"]["inventory"]
    assert mine[0]["name"] == "Throne Cutter" and public == [{"hidden": True}]
    assert [e.visible_to for e in events if "Throne Cutter" in e.text] == [[me.seat]]


def test_warp_swaps_a_bay_acolyte_with_a_benched_one_once_a_cycle():
    s, me, _ = fresh()
    lisse = Acolyte(uid="a90", cid="lisse_calder", base_ap=11)
    me.acolytes.append(lisse)
    out, into = me.acolytes[0], me.acolytes[1]
    out.loc = "bay"
    move = Warp(seat=me.seat, source=lisse.uid, out=out.uid, into=into.uid)
    assert move in GAME.legal_actions(s, me.seat)
    GAME.advance(s, move)
    assert (out.loc, into.loc) == ("bench", "bay")
    assert not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Warp)]


def test_summon_calls_a_benched_acolyte_in_as_support_before_the_first_exchange():
    s, chen, ham, _ = example_table()
    us = s.players[0]
    call = put(s, "call_to_arms", 0)
    chen.abilities.append(call)
    ham.loc = "bench"
    s.rng = Scripted(seed="x", script=[90])  # Aegis Outpost's d100 check: passed
    GAME.advance(s, Assault(seat=0, primary=chen.uid, district="aegis_outpost"))
    while s.asks:  # the defender's declare-step answers
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    summon = Summon(seat=0, source=call, acolyte=ham.uid)
    energy = us.energy
    assert summon in GAME.legal_actions(s, 0)
    GAME.advance(s, summon)
    assert s.fight.support == ham.uid and ham.loc == "bay" and us.energy == energy - 1


def test_a_station_summon_puts_a_benched_acolyte_in_front_of_the_creatures():
    s, chen, them = example_table_at("barracks_quarter")
    guard = Acolyte(uid="a120", cid="garris_greyson", base_ap=12)
    them.acolytes = [guard]
    GAME.advance(s, Assault(seat=0, primary=chen.uid, district="barracks_quarter"))
    assert s.asks[0].kind == "summon" and s.asks[0].seat == 1
    GAME.advance(s, Summon(seat=1, source="barracks_quarter", acolyte=guard.uid))
    from engine.futura.combat import defender_unit

    assert defender_unit(s) == ("acolyte", guard.uid)


def test_inspire_and_sacrifice_are_played_from_the_support():
    s, chen, ham, _ = example_table()
    rally, oath = put(s, "rally_cry", 0), put(s, "blood_oath", 0)
    ham.abilities = [rally]
    s.players[0].energy = 10
    s.rng = Scripted(seed="x", script=[90])  # Aegis Outpost's d100 check: passed
    GAME.advance(s, Assault(seat=0, primary=chen.uid, support=ham.uid, district="aegis_outpost"))
    while s.asks:
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    inspire = next(m for m in GAME.legal_actions(s, 0) if isinstance(m, Play) and m.source == rally and m.tier == 2)
    GAME.advance(s, inspire)
    assert s.fight.inspire == 6 and rally in s.players[0].discard
    ham.abilities = [oath]
    sacrifice = next(m for m in GAME.legal_actions(s, 0) if isinstance(m, Play) and m.source == oath and m.tier == 1)
    GAME.advance(s, sacrifice)
    assert s.fight.layers[chen.uid] == 5 and ham.base_ap == 16 - 5


def test_possession_turns_the_support_on_its_own_primary():
    s, chen, ham, _ = example_table()
    from engine.futura.combat import play

    s.rng = Scripted(seed="x", script=[90])  # Aegis Outpost's d100 check: passed
    GAME.advance(s, Assault(seat=0, primary=chen.uid, support=ham.uid, district="aegis_outpost"))
    while s.asks:
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    skull = s.players[1].holdings[0].station.slots[0]
    s.players[1].sigils = [put(s, "sigil_puritan", 1)]
    play(s, 1, skull, 1, "sigil", [])
    assert s.fight.possessed == {ham.uid: 2}
    # Chen 1, Hammerfist 8, the wolf 5: Hammerfist wins its roll but strikes Chen; the wolf strikes Chen too.
    ap_before = chen.base_ap + s.cards[chen.armour].ap
    s.rng.script = [1, 8, 5]
    GAME.advance(s, Fight(seat=0))
    while s.asks:
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    wolf = s.players[1].holdings[0].station.creatures[0]
    assert s.cards[wolf].ap == 57  # nothing reached the wolf
    assert chen.base_ap + s.cards[chen.armour].ap < ap_before
    assert s.fight.possessed == {ham.uid: 1}


def test_crystal_production_lets_the_defender_possess_instead_of_driving_off():
    s, chen, them = example_table_at("glasswater_refinery")
    s.rng = Scripted(seed="x", script=[10])  # the attacker's d100: 10 is 20 or less, caught
    GAME.advance(s, Assault(seat=0, primary=chen.uid, district="glasswater_refinery"))
    assert s.asks[0].kind == "crystal" and s.asks[0].timeout == {"type": "crystal", "choice": "drive"}
    GAME.advance(s, Crystal(seat=1, choice="possess"))
    assert s.fight is not None and s.fight.possessed == {chen.uid: 1}


def test_driving_the_attackers_off_also_drops_the_defenders_ensigil_question():
    s, chen, them = example_table_at("glasswater_refinery")
    them.sigils = [put(s, "sigil_primal", 1)]  # matches the Vyr Wolf: the ensigil question is queued too
    s.rng = Scripted(seed="x", script=[10])
    GAME.advance(s, Assault(seat=0, primary=chen.uid, district="glasswater_refinery"))
    assert [d.kind for d in s.asks] == ["crystal", "ensigil"]
    GAME.advance(s, Crystal(seat=1, choice="drive"))
    assert s.fight is None and not any(d.kind == "ensigil" for d in s.asks)
    assert GAME.to_act(s) == [0]  # back to the attacker's turn, not a question about a fight that is over


def test_a_trade_needs_the_other_players_consent():
    s, me, foe = fresh()
    card = me.hand[0]
    offer = next(m for m in GAME.legal_actions(s, me.seat)
                 if isinstance(m, Offer) and m.card == card and m.to == foe.seat and m.price == 0)
    GAME.advance(s, offer)
    assert GAME.to_act(s) == [foe.seat] and s.asks[0].kind == "trade"
    GAME.advance(s, Pass(seat=foe.seat))
    assert card in me.hand and s.trade is None
    assert not [m for m in GAME.legal_actions(s, me.seat) if isinstance(m, Offer) and m.to == foe.seat]
    s2, me2, foe2 = fresh(seed="keywords-2")
    card, foe2.energy = me2.hand[0], 50
    level = s2.card(card).level
    GAME.advance(s2, next(m for m in GAME.legal_actions(s2, me2.seat)
                          if isinstance(m, Offer) and m.card == card and m.price == level))
    before = (me2.energy, foe2.energy)
    GAME.advance(s2, Accept(seat=foe2.seat))
    assert card in foe2.hand and (me2.energy, foe2.energy) == (before[0] + level, before[1] - level)


def test_over_five_cards_the_player_chooses_the_discards_and_draws_nothing():
    s, me, foe = fresh()
    GAME.advance(s, EndTurn(seat=me.seat))
    while s.asks:
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    extra = [put(s, "spark_blade", me.seat) for _ in range(2)]
    me.hand += extra
    deck = len(me.deck)
    GAME.advance(s, EndTurn(seat=foe.seat))
    assert s.asks[0].kind == "discard" and s.asks[0].seat == me.seat
    GAME.advance(s, Discard(seat=me.seat, card=extra[0]))
    assert s.asks[0].kind == "discard"
    GAME.advance(s, Discard(seat=me.seat, card=extra[1]))
    assert not s.asks and len(me.hand) == 5 and len(me.deck) == deck


def test_standing_answers_and_the_attackers_auto_continue():
    s, chen, _, _ = example_table()
    assert set(GAME.standing_answers()) >= {"ensigil", "effect", "life_support", "trade", "engagement"}
    s.rng.script = [90]
    GAME.advance(s, Assault(seat=0, primary=chen.uid, district="aegis_outpost"))
    while s.asks:
        GAME.advance(s, Pass(seat=s.asks[0].seat))
    assert GAME.standing_action(s, 0, "engagement", "armour") == Fight(seat=0)
    s.cards[chen.armour].ap = 10  # armour below half: the player is asked again
    assert GAME.standing_action(s, 0, "engagement", "armour") is None


def test_off_turn_prompts_are_raised_only_with_a_real_answer():
    for n in range(12):
        s = GAME.setup({}, ["a", "b", "c"], f"answers-{n}")
        chooser = random.Random(n)
        while not s.finished:
            for d in s.asks[:1]:
                if d.kind in ("effect", "ensigil", "life_support", "summon", "trade"):
                    assert [m for m in GAME.legal_actions(s, d.seat) if not isinstance(m, Pass)], d.kind
            GAME.advance(s, chooser.choice(GAME.legal_actions(s, GAME.to_act(s)[0])))
