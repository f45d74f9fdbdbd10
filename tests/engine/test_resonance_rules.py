"""Core rules: turn phases, the seven actions, the opposed roll, limits, Karma, the library and the win."""

import pytest

from engine.core import IllegalAction
from engine.resonance.actions import Act, Deploy, EndTurn, Equip, Karma
from engine.resonance.menu import menu

from .resonance_helpers import (
    GAME,
    K,
    answer,
    attack,
    card_opt,
    codex,
    dmg,
    drive,
    equip,
    hand,
    plain,
    play,
    put,
    table,
)

P3 = "M10-2"  # Green Paragon P3/F3 Animation (Stubborn, Defensive)
I1, I2, I3 = "M01-6", "M01-7", "M01-8"  # Null Paragon Items of cost 1, 2, 3


def test_ready_phase_gains_focus_en_and_readies_units():
    s = table()
    s.players[1].en, s.players[1].base_focus = 5, 2
    a = put(s, 1, plain(), spent=True)
    s = play(s, EndTurn(seat=0))
    assert s.active == 1 and s.players[1].en == 7 and not s.units[a.uid].spent


def test_en_is_capped_at_ten_and_the_first_turn_gains_nothing():
    s = GAME.setup({"setup": "quick"}, ["Ann", "Bob"], "cap")
    assert s.first_turn and s.players[s.first].en == 10
    s = play(s, EndTurn(seat=s.first))
    assert s.players[s.active].en == 10


def test_starting_player_cannot_attack_on_the_first_turn():
    s = GAME.setup({"setup": "quick"}, ["Ann", "Bob"], "first")
    seat = s.first
    act = Act(seat=seat, actor=f"P{seat}", what="attack", target=f"P{1 - seat}")
    assert act not in GAME.legal_actions(s, seat)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, act)
    assert err.value.rule == "2.15"


def test_opposed_roll_player_attack_counts_focus_card_and_items():
    s = table()
    s.players[0].base_focus = 2
    equip(s, "P0", I1)
    hand(s, 0, "M10-4")  # Power 4
    hand(s, 1, "M10-0")  # Power 1
    s = attack(s, "P0", "P1", react=card_opt("M10-0"))
    # EV = Focus 2 + card 4 + 1 Item = 7; RV = Focus 1 + card 1 = 2
    assert dmg(s, "P1") == 5
    assert s.players[0].karma == 1 and s.players[0].tokens == 1


def test_no_damage_when_ev_does_not_beat_rv():
    s = table()
    hand(s, 0, "M10-1")  # Power 2
    hand(s, 1, "M10-5")  # Power 5
    s = attack(s, "P0", "P1", react=card_opt("M10-5"))
    assert dmg(s, "P1") == 0 and s.players[0].karma == 0


def test_critical_strike_sums_the_pair_without_focus_and_gains_karma_twice():
    s = table()
    s.players[0].base_focus = 3
    hand(s, 0, "M10-4", "M13-4")  # two Power 4
    s = attack(s, "P0", "P1", what="cs")
    # EV 8 (no Focus), RV 1
    assert dmg(s, "P1") == 7 and s.players[0].karma == 2


def test_critical_strike_needs_a_pair():
    s = table()
    hand(s, 0, "M10-4", "M10-5")
    assert not any(a.type == "act" and a.what == "cs" for a in GAME.legal_actions(s, 0))


def test_guardian_precedence_and_suppressed_animations():
    s = table()
    hand(s, 0, "M10-4")
    guard = put(s, 1, plain())
    targets = {a.target for a in GAME.legal_actions(s, 0) if a.type == "act" and a.what == "attack"}
    assert targets == {guard.uid}
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert err.value.rule == "2.5"
    s.units[guard.uid].suppressed = True
    targets = {a.target for a in GAME.legal_actions(s, 0) if a.type == "act" and a.what == "attack"}
    assert "P1" in targets


def test_suppressed_unit_takes_no_damage_and_cannot_act():
    s = table()
    u = put(s, 1, plain(), suppressed=True)
    hand(s, 0, "M10-5")
    s = attack(s, "P0", u.uid)
    assert dmg(s, u.uid) == 0
    s.active = 1
    assert not any(getattr(a, "actor", None) == u.uid for a in menu(s, 1))


def test_defensive_sacrifice_adds_the_item_power():
    s = table()
    hand(s, 0, "M10-5")  # EV 6
    equip(s, "P1", I3)
    s = attack(s, "P0", "P1", react=f"sac:{I3}")
    assert dmg(s, "P1") == 2 and s.units["P1"].items == [] and I3 in s.discard


def test_player_takes_two_actions_and_animations_one():
    s = table()
    a = put(s, 0, plain())
    s = play(s, Act(seat=0, actor="P0", what="charge"))
    s = play(s, Act(seat=0, actor=a.uid, what="charge"))
    assert not any(getattr(x, "actor", None) == a.uid for x in GAME.legal_actions(s, 0))
    s = play(s, Act(seat=0, actor="P0", what="purge"))
    assert not any(getattr(x, "actor", None) == "P0" for x in GAME.legal_actions(s, 0))
    assert s.players[0].tokens == 2


def test_support_purge_and_charge():
    s = table()
    a = put(s, 0, plain(), damage=2)
    s.units["P0"].damage = 3
    s.units["P0"].tags = ["Mark"]
    s.players[0].en = 5
    s = drive(play(s, Act(seat=0, actor="P0", what="support", target=a.uid)))
    assert dmg(s, a.uid) == 1
    s = play(s, Act(seat=0, actor="P0", what="purge"))
    assert dmg(s, "P0") == 2 and s.ask.kind == "purge"  # §4.2.4: removing a Status Tag is optional
    s = answer(s, "purge", "P0|Mark")
    assert s.units["P0"].tags == []
    s = play(s, Act(seat=0, actor=a.uid, what="charge"))
    assert s.players[0].en == 6


def test_deploy_pays_power_enters_spent_and_respects_the_command_limit():
    s = table()
    hand(s, 0, P3, "M13-2")
    s = play(s, Deploy(seat=0, card=P3))
    assert s.players[0].en == 7 and s.units[P3].spent
    assert not any(a.type == "deploy" for a in GAME.legal_actions(s, 0))  # Focus 1: one Animation
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Deploy(seat=0, card="M13-2"))
    assert err.value.rule == "4.2.6"


def test_echo_tokens_do_not_count_against_the_command_limit():
    from .resonance_helpers import echo

    s = table()
    echo(s, 0)
    hand(s, 0, P3)
    assert Deploy(seat=0, card=P3) in GAME.legal_actions(s, 0)


def test_item_limits_one_per_animation_and_focus_for_the_player():
    s = table()
    a = put(s, 0, plain())
    equip(s, a.uid, I1)
    hand(s, 0, I2, I3)
    targets = {x.target for x in GAME.legal_actions(s, 0) if x.type == "equip" and x.item == I2}
    assert targets == {"P0"}
    s = play(s, Equip(seat=0, item=I2, target="P0"))
    assert s.players[0].en == 8
    assert not any(x.type == "equip" and x.item == I3 for x in GAME.legal_actions(s, 0))
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Equip(seat=0, item=I3, target="P0"))
    assert err.value.rule == "2.11"


def test_moving_an_item_is_an_equip_action_and_free():
    s = table()
    s.players[0].base_focus = 2
    a = put(s, 0, plain())
    equip(s, "P0", I2)
    s = play(s, Equip(seat=0, item=I2, target=a.uid))
    assert s.units[a.uid].items == [I2] and s.players[0].en == 10 and s.players[0].tokens == 1


def test_karma_spends():
    s = table()
    s.players[0].karma = 10
    deck = len(s.main_deck)
    s = play(s, Karma(seat=0, spend="overclock"))
    assert len(s.players[0].hand) == 1 and len(s.main_deck) == deck - 1 and s.players[0].karma == 9
    s = play(s, Karma(seat=0, spend="refine"))
    assert s.players[0].base_focus == 2 and s.players[0].karma == 7
    s = play(s, Karma(seat=0, spend="refine"))
    assert s.players[0].base_focus == 3 and s.players[0].karma == 4
    top = s.players[0].codex_deck[0]
    s = play(s, Karma(seat=0, spend="acquire"))
    s = drive(s)
    assert top in s.players[0].active_codex and s.players[0].karma == 1
    s.players[0].tokens = 2
    s = play(s, Karma(seat=0, spend="reengage", unit="P0"))
    assert s.players[0].tokens == 1 and s.players[0].karma == 0


def test_readying_outside_the_ready_phase_is_once_per_turn():
    s = table()
    s.players[0].karma = 5
    a = put(s, 0, plain(), spent=True)
    s = play(s, Karma(seat=0, spend="reengage", unit=a.uid))
    s = play(s, Act(seat=0, actor=a.uid, what="charge"))
    assert Karma(seat=0, spend="reengage", unit=a.uid) not in GAME.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Karma(seat=0, spend="reengage", unit=a.uid))
    assert err.value.rule == "A-23"


def test_reengage_removes_suppression():
    s = table()
    s.players[0].karma = 1
    a = put(s, 0, plain(), spent=True, suppressed=True)
    s = play(s, Karma(seat=0, spend="reengage", unit=a.uid))
    assert not s.units[a.uid].suppressed and not s.units[a.uid].spent


def test_end_phase_refreshes_the_hand_to_five():
    s = table()
    hand(s, 0, "M10-0", "M10-1")
    s = play(s, EndTurn(seat=0))
    assert len(s.players[0].hand) == 5
    s = table()
    hand(s, 0, "M10-0", "M10-1", "M10-2", "M10-4", "M10-5", "M10-6", "M10-7")
    s = play(s, EndTurn(seat=0))
    assert s.ask.kind == "refresh" and s.active == 0
    s = answer(s, "refresh", "M10-0")
    s = answer(s, "refresh", "M10-1")
    assert s.players[0].hand == ["M10-2", "M10-4", "M10-5", "M10-6", "M10-7"] and s.active == 1


def test_perpetual_library_reshuffles_the_discard_pile():
    s = table()
    s.discard = s.main_deck[:3]
    s.main_deck = []
    s.players[0].karma = 1
    s = play(s, Karma(seat=0, spend="overclock"))
    assert len(s.players[0].hand) == 1 and len(s.main_deck) == 2 and s.discard == []


def test_ten_damage_on_a_player_ends_the_game():
    s = table()
    s.units["P1"].damage = 8
    hand(s, 0, "M10-5")
    s = attack(s, "P0", "P1")
    assert s.finished and s.finished.winners == [0] and s.phase == "over"
    assert GAME.to_act(s) == []


def test_three_players_the_destroyer_wins():
    s = table(3)
    s.units["P2"].damage = 9
    hand(s, 0, "M10-5")
    s = attack(s, "P0", "P2")
    assert s.finished.winners == [0]


def test_round_cap_ends_a_stalled_game_on_hp():
    s = table()
    s.max_rounds = 3
    s.units["P0"].damage = 4
    s.active, s.first = 1, 0
    GAME.publish(s)
    s = play(s, EndTurn(seat=1))
    assert s.finished and s.finished.winners == [1]


def test_public_view_hides_hands_and_codex_decks():
    s = table()
    hand(s, 0, "M10-5")
    hand(s, 1, "M10-4")
    public = GAME.view(s, None)
    text = str(public)
    assert "M10-5" not in text and "M10-4" not in text
    assert all("hand" not in p and "codex_deck" not in p for p in public["players"])
    mine = GAME.view(s, 0)
    assert [c["card"] for c in mine["players"][0]["hand"]] == ["M10-5"] and "hand" not in mine["players"][1]
    assert "Ann" in GAME.board_text(public)


def test_the_owners_view_of_their_codex_deck_does_not_give_away_its_shuffled_order():
    s = table()
    s.players[0].codex_deck = ["X3-4", "X1-2", "X2-5"]
    mine = GAME.view(s, 0)["players"][0]["codex_deck"]
    assert [b["id"] for b in mine] == ["X1-2", "X2-5", "X3-4"]


def test_defender_reaction_is_a_private_decision_for_the_defender():
    s = table()
    hand(s, 0, "M10-5")
    hand(s, 1, "M10-1")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert GAME.to_act(s) == [1] and s.pending[0].kind == "react" and s.pending[0].private
    assert all(a.secret for a in GAME.legal_actions(s, 1))


def test_standing_answers_answer_routine_reactions():
    s = table()
    hand(s, 0, "M10-5")
    hand(s, 1, "M10-1")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    assert "react" in GAME.standing_answers()
    move = GAME.standing_action(s, 1, "react", "never")
    assert move.option == "none"
    assert GAME.standing_action(s, 1, "survivor", "always") is None


def test_refusals_cite_sections():
    s = table()
    s.players[0].tokens = 2
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Act(seat=0, actor="P0", what="charge"))
    assert err.value.rule == "2.6"
    s.players[0].tokens = 0
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Karma(seat=0, spend="refine"))
    assert err.value.rule == "5.2"
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, Act(seat=1, actor="P1", what="charge"))
    assert err.value.rule in (None, "4.1")


def test_codex_keyword_is_offered_to_the_player_only():
    s = table()
    codex(s, 0, "X0-1")  # Aura, Specialist
    a = put(s, 0, plain())
    hand(s, 0, "M10-4", "M10-5")
    enemy = put(s, 1, plain(1))
    t = play(s, Act(seat=0, actor=a.uid, what="attack", target=enemy.uid))
    assert t.ask.kind == "fuel"  # GR6: no Codex access for the Animation, so no augment step
    t = play(s, Act(seat=0, actor="P0", what="attack", target=enemy.uid))
    assert t.ask.kind == "augment" and "aug:0.1" in [o for o, _ in t.ask.options]


def test_focus_limits_augmented_keywords():
    s = table()
    codex(s, 0, "X0-1", "X3-3")  # Aura, Specialist, Daze, Sculpt
    hand(s, 0, "M10-4")
    s = play(s, Act(seat=0, actor="P0", what="attack", target="P1"))
    s = answer(s, "augment", "aug:0.1")
    assert s.ask is None  # Focus 1: one keyword, so the step closes by itself
    assert dmg(s, "P1") == 5  # Focus 1 + card 4 + Aura 1 - RV 1
    assert K.focus(s, s.units["P0"]) == 1


def test_every_section_cited_by_a_refusal_exists():
    import ast
    from pathlib import Path

    from engine.core.data import read_json
    from engine.resonance.cards import DATA

    ids = {sec["id"] for sec in read_json(DATA / "rules" / "sections.json")["sections"]}
    tree = ast.parse((Path(__file__).resolve().parents[2] / "engine" / "resonance" / "explain.py").read_text())
    cited = {node.args[1].value for node in ast.walk(tree)
             if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction"
             and len(node.args) == 2 and isinstance(node.args[1], ast.Constant)}
    assert len(cited) > 15 and cited <= ids, sorted(cited - ids)
