"""Choices the rules give a player are asked, not taken for them: Bless, Slow, Potent, Reckless,
Awkward, the Trickster reply, Gamble, Flux, Specialist/Insightful/Stubborn (in the keyword files),
Survivor against every kind of lethal damage, and what Splash carries. Standing answers and the AI
answer the routine ones."""

from engine.resonance.actions import Act, Choose, EndTurn

from .resonance_helpers import (
    GAME,
    answer,
    attack,
    codex,
    dmg,
    drive,
    hand,
    plain,
    play,
    put,
    table,
)

C4 = "M10-4"  # Power 4
P1_, P2_, P5_ = "M10-0", "M10-1", "M10-5"  # Powers 1, 2 and 5 (Green Paragon)


def declare(s, actor="P0", target="P1", what="attack"):
    return play(s, Act(seat=s.units[actor].owner, actor=actor, what=what, target=target))


def until(s, kind, answers=None):
    """Answer prompts (defaults as in drive) until a `kind` question is open."""
    answers = {k: list(v) if isinstance(v, list) else [v] for k, v in (answers or {}).items()}
    for _ in range(50):
        if s.ask is None or s.ask.kind == kind:
            return s
        k = s.ask.kind
        opts = [o for o, _ in s.ask.options]
        want = answers[k].pop(0) if answers.get(k) else None
        s = answer(s, k, want or next((o for o in ("done", "none", "no") if o in opts), opts[0]))
    raise AssertionError("no such prompt")


# --- Bless (App D 9) ---------------------------------------------------------------------------

def test_bless_is_the_defenders_choice_and_can_be_kept():
    s = table()
    s.units["P1"].tags = ["Bless"]
    hand(s, 0, C4)
    s = until(declare(s), "bless")
    assert s.ask.seat == 1 and GAME.to_act(s) == [1]  # an off-turn decision for the tag's controller
    s = drive(answer(s, "bless", "no"))
    assert dmg(s, "P1") == 4 and s.units["P1"].tags == ["Bless"]


def test_standing_answer_always_spends_bless():
    s = table()
    s.units["P1"].tags = ["Bless"]
    hand(s, 0, C4)
    s = until(declare(s), "bless")
    assert GAME.standing_action(s, 1, "bless", "always").option == "yes"
    assert GAME.standing_action(s, 1, "bless", "never").option == "no"
    assert GAME.ai_action(s, 1).option == "yes"


# --- Slow (App D 6) ----------------------------------------------------------------------------

def test_slow_payment_is_asked_per_unit_and_can_be_refused():
    s = table()
    a, b = put(s, 1, plain(), spent=True, tags=["Slow"]), put(s, 1, plain(1), spent=True, tags=["Slow"])
    s = play(s, EndTurn(seat=0))
    assert s.ask.kind == "slow" and s.ask.seat == 1
    assert GAME.standing_action(s, 1, "slow", "always").option == f"pay:{a.uid}"
    s = answer(s, "slow", f"pay:{b.uid}")
    assert [o for o, _ in s.ask.options] == [f"pay:{a.uid}", "no"]  # asked again for the other one
    s = answer(s, "slow", "no")
    assert s.ask is None and s.players[1].en == 9
    assert not s.units[b.uid].spent and s.units[b.uid].tags == []
    assert s.units[a.uid].spent and s.units[a.uid].tags == ["Slow"]


# --- Potent (App C 8.9) ------------------------------------------------------------------------

def potent_table(defender_focus=1):
    s = table()
    codex(s, 0, "X8-5", "X0-3")  # Potent/Awkward, Mark/Indirect
    s.players[0].base_focus = 2
    s.players[1].base_focus = defender_focus
    hand(s, 0, C4, P1_)  # fuel, and the card Awkward takes
    return s


def test_potent_on_a_hit_may_deal_no_damage_and_still_apply_effects():
    s = attack(potent_table(), "P0", "P1", augment=["aug:8.9", "aug:0.5"], potent="yes")
    assert dmg(s, "P1") == 0 and "Mark" in s.units["P1"].tags and s.players[0].karma == 0
    s = attack(potent_table(), "P0", "P1", augment=["aug:8.9", "aug:0.5"], potent="no")
    assert dmg(s, "P1") == 5 and "Mark" in s.units["P1"].tags


def test_potent_on_a_miss_is_declinable_and_the_ai_uses_it():
    s = attack(potent_table(7), "P0", "P1", augment=["aug:8.9", "aug:0.5"], potent="no")
    assert dmg(s, "P1") == 0 and "Mark" not in s.units["P1"].tags
    both = {"augment": ["aug:8.9", "aug:0.5"], "fuel": f"card:{C4}"}
    s = until(declare(potent_table(7)), "potent", both)
    assert GAME.ai_action(s, 0).option == "yes" and GAME.standing_action(s, 0, "potent", "miss").option == "yes"
    s = until(declare(potent_table()), "potent", both)
    assert GAME.ai_action(s, 0).option == "no"


# --- Reckless (App C 2.9) ----------------------------------------------------------------------

def reckless_table():
    s = table()
    codex(s, 0, "X2-5")  # Reckless/Anxious
    hand(s, 0, C4)
    s.main_deck.insert(0, P5_)  # the revealed card is higher
    return s


def test_reckless_attacker_chooses_which_card_sets_the_ev():
    assert dmg(attack(reckless_table(), "P0", "P1", augment=["aug:2.9"], reckless="fuel"), "P1") == 4
    assert dmg(attack(reckless_table(), "P0", "P1", augment=["aug:2.9"], reckless="top"), "P1") == 5
    s = until(declare(reckless_table()), "reckless", {"augment": "aug:2.9"})
    assert GAME.ai_action(s, 0).option == "top" and GAME.standing_action(s, 0, "reckless", "higher").option == "top"


# --- Awkward (App C 8.0) and the Trickster reply (App C 9.3) -----------------------------------

def test_awkward_extra_card_is_the_attackers_pick():
    s = table()
    codex(s, 0, "X8-5")
    hand(s, 0, C4, P1_, P2_)
    s = until(declare(s), "awkward", {"fuel": f"card:{C4}"})
    assert s.ask.private and all(a.secret for a in GAME.legal_actions(s, 0))
    assert GAME.standing_action(s, 0, "awkward", "lowest").option == f"card:{P1_}"
    s = drive(answer(s, "awkward", f"card:{P2_}"))
    assert s.players[0].hand == [P1_] and P2_ in s.discard and dmg(s, "P1") == 4


def test_trickster_reply_is_the_attackers_pick():
    s = table()
    codex(s, 1, "X9-2")  # Trickster/Obscure
    hand(s, 1, P1_)
    hand(s, 0, C4, "M13-0", P2_)
    s = until(declare(s), "trickster_reply", {"trickster": f"card:{P1_}"})
    assert s.ask.seat == 0 and s.ask.private
    assert GAME.standing_action(s, 0, "trickster_reply", "lowest").option == "card:M13-0"
    s = drive(answer(s, "trickster_reply", f"card:{P2_}"), {"fuel": f"card:{C4}"})
    assert s.players[0].hand == ["M13-0"] and dmg(s, "P1") == 4


# --- Gamble (App C 0.8) and Flux (App C 4.7) ---------------------------------------------------

def test_gamble_asks_after_each_revealed_card():
    s = table()
    codex(s, 0, "X0-4")  # Gamble/Edit
    hand(s, 0, C4)
    s = until(declare(s), "gamble", {"augment": "aug:0.8"})
    s = answer(s, "gamble", "yes")
    assert s.ask.kind == "gamble" and "+1 so far" in s.ask.prompt and dmg(s, "P0") == 1
    assert any(e.kind == "reveal" for e in s.recent)  # the card is seen before deciding again
    s = drive(answer(s, "gamble", "no"))
    assert dmg(s, "P0") == 1 and dmg(s, "P1") == 5


def test_flux_count_is_asked_at_the_ev_step_with_any_number():
    s = table()
    codex(s, 0, "X4-4")  # Flux/Siphon
    hand(s, 0, C4)
    s.units["P0"].damage = 3
    s = until(declare(s), "augment")
    assert "aug:4.7" in [o for o, _ in s.ask.options]  # no count at the augment step
    s = until(answer(s, "augment", "aug:4.7"), "flux")
    assert [o for o, _ in s.ask.options] == [str(x) for x in range(0, 8)]  # 0 up to the HP left
    s = drive(answer(s, "flux", "5"))
    assert dmg(s, "P0") == 8 and dmg(s, "P1") == 9


# --- Survivor (App C 4.1) against every lethal damage --------------------------------------------

def test_survivor_is_asked_against_piercing_damage():
    for choice in ("no", f"card:{P1_}"):
        s = table()
        codex(s, 0, "X4-3")  # Curse/Piercing
        codex(s, 1, "X4-1")  # Survivor/Stoic
        s.units["P1"].damage = 9
        hand(s, 0, P5_)
        hand(s, 1, P1_)
        guard = put(s, 1, plain())  # Focus 5: EV 6 deals 1, Piercing 1 to the Player
        s = until(declare(s, target=guard.uid), "survivor", {"augment": "aug:4.6", "react": "none"})
        assert s.ask.seat == 1
        warned = GAME.danger(s, Choose(seat=1, kind="survivor", option=choice))
        assert (warned is not None and "lose the game" in warned) == (choice == "no")  # red, asked once
        s = drive(answer(s, "survivor", choice))
        if choice == "no":
            assert s.finished and s.finished.winners == [0]
        else:
            assert not s.finished and s.units["P1"].suppressed and dmg(s, "P1") == 9


def test_survivor_is_asked_against_spread_damage():
    s = table()
    codex(s, 0, "X8-4")  # Lingering/Spread
    hand(s, 0, P5_)
    hand(s, 1, P1_)
    a, b = put(s, 1, plain()), put(s, 1, "M13-0")  # M13-0: Feeble, Survivor, Power 1
    s = until(declare(s, target=a.uid), "survivor", {"augment": "aug:8.8", "react": "none", "spread": b.uid})
    assert GAME.danger(s, Choose(seat=1, kind="survivor", option="no")) is None  # an Animation: the game goes on
    s = drive(answer(s, "survivor", "no"))
    assert b.uid not in s.units and s.players[1].hand == [P1_]


def test_survivor_is_asked_against_blight_and_flux_markers():
    s = table()
    codex(s, 0, "X4-1")  # Survivor/Stoic
    s.units["P0"].tags = ["Blight"]
    s.units["P0"].damage = 9
    hand(s, 0, P1_)
    s = play(s, Act(seat=0, actor="P0", what="charge"))
    assert s.ask.kind == "survivor" and s.ask.seat == 0
    s = answer(s, "survivor", f"card:{P1_}")
    assert not s.finished and s.units["P0"].suppressed and dmg(s, "P0") == 9 and s.held is None
    s = table()
    codex(s, 0, "X4-1", "X4-4")  # Survivor/Stoic, Flux/Siphon
    s.units["P0"].damage = 8
    hand(s, 0, C4, P1_)
    s = until(declare(s), "survivor", {"augment": "aug:4.7", "fuel": f"card:{C4}", "flux": "2"})
    s = drive(answer(s, "survivor", f"card:{P1_}"))
    assert dmg(s, "P0") == 8 and s.units["P0"].suppressed and dmg(s, "P1") == 4  # no markers placed: +0 EV


# --- Splash (App C 8.6) ------------------------------------------------------------------------

def test_splash_carries_brawler_to_the_second_animations_controller():
    s = table()
    codex(s, 0, "X8-3", "X3-1")  # Silence/Splash, Sturdy/Brawler
    s.players[0].base_focus = 2
    hand(s, 0, C4)
    hand(s, 1, P1_, P2_)
    a, b = put(s, 1, "M13-1"), put(s, 1, plain())
    s = attack(s, "P0", a.uid, augment=["aug:8.6", "aug:3.2", "done"], react="none", brawler=f"card:{P2_}",
               splash=b.uid, splash_brawler=f"card:{P1_}")
    assert s.players[1].hand == [] and dmg(s, b.uid) == 0


# --- Purge (§4.2.4) and Animate (App C 4.9) ------------------------------------------------------

def test_purge_lets_the_controller_pick_or_keep_a_status_tag():
    s = table()
    s.units["P0"].tags = ["Mark", "Bind"]
    s = play(s, Act(seat=0, actor="P0", what="purge"))
    assert [o for o, _ in s.ask.options] == ["P0|Mark", "P0|Bind", "P0|"]
    assert GAME.ai_action(s, 0).option == "P0|Bind"  # the AI drops the tag that hurts most
    assert answer(s, "purge", "P0|Bind").units["P0"].tags == ["Mark"]
    assert answer(s, "purge", "P0|").units["P0"].tags == ["Mark", "Bind"]


def test_purge_blight_marker_comes_after_the_tag_choice():
    s = table()
    s.units["P0"].tags = ["Blight"]
    s.units["P0"].damage = 2
    s = play(s, Act(seat=0, actor="P0", what="purge"))
    assert dmg(s, "P0") == 1 and s.ask.kind == "purge"
    s = answer(s, "purge", "P0|Blight")
    assert dmg(s, "P0") == 1 and s.units["P0"].tags == []  # Blight removed before it could fire


def test_cards_of_equal_power_are_each_offered_for_fuel_and_defence():
    s = table()
    hand(s, 0, C4, "M10-3", P1_)  # two different Power-4 Animations
    hand(s, 1, "M11-3", "M11-4")  # two different Power-4 cards for the defender
    s = declare(s)
    assert [o for o, _ in s.ask.options] == ["card:M10-3", f"card:{C4}", f"card:{P1_}"]
    s = answer(s, "fuel", "card:M10-3")
    assert s.players[0].hand == [C4, P1_]
    assert {"card:M11-3", "card:M11-4"} <= {o for o, _ in s.ask.options}


# --- Support Boost Tags (§4.4 A) and Chain (App C 9.6) -------------------------------------------

def test_support_boost_tag_goes_where_the_controller_chooses():
    from .resonance_helpers import support

    for choice in ("P0", "ally"):
        s = table()
        codex(s, 0, "X3-2")  # Stubborn/Ward
        ally = put(s, 0, plain(), damage=1)
        s = support(s, "P0", ally.uid, augment=["aug:3.4"], support_tag=ally.uid if choice == "ally" else "P0")
        holder = ally.uid if choice == "ally" else "P0"
        other = "P0" if choice == "ally" else ally.uid
        assert s.units[holder].tags == ["Ward"] and s.units[other].tags == []


def test_chain_may_be_declined():
    s = table()
    codex(s, 0, "X9-3")  # Nullify/Chain
    hand(s, 0, P5_)
    a, b = put(s, 1, "M13-0"), put(s, 1, plain())
    s = until(declare(s, target=a.uid), "chain", {"augment": "aug:9.6", "react": "none"})
    assert "no" in [o for o, _ in s.ask.options] and GAME.ai_action(s, 0).option == "P1"
    s = drive(answer(s, "chain", "no"))
    assert a.uid not in s.units and dmg(s, b.uid) == 0


# --- what a prompt left to run out chooses (design notes: the safest no-cost default) ------------

def test_a_timed_out_reaction_spends_nothing_but_survivor_is_used():
    s = table()
    hand(s, 0, "M10-5")
    hand(s, 1, "M10-1")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert s.pending[0].kind == "react"
    chosen = GAME.timeout_action(s, 1)
    assert chosen is not None and chosen.option in ("no", "none") and chosen in GAME.legal_actions(s, 1)

    s = table()
    codex(s, 0, "X4-3")  # Curse/Piercing
    codex(s, 1, "X4-1")  # Survivor/Stoic
    s.units["P1"].damage = 9
    hand(s, 0, P5_)
    hand(s, 1, P1_)
    guard = put(s, 1, plain())
    s = until(declare(s, target=guard.uid), "survivor", {"augment": "aug:4.6", "react": "none"})
    assert GAME.timeout_action(s, 1).option == f"card:{P1_}"
    assert GAME.timeout_action(s, 0) is None  # nothing is owed by the attacker now
