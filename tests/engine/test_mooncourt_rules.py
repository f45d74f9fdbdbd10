"""Moon Court scenarios: one test (or a few) per rule section, on hands we deal ourselves."""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from engine.core import IllegalAction, Pass, Rng, get_game
from engine.mooncourt.cards import DATA, Catalog, catalog, gift
from engine.mooncourt.state import Accuse, MoonState, Present

GAME = get_game("mooncourt")
NAMES = ["Ana", "Bram", "Cora", "Dov"]
SECTIONS = {s["id"] for s in json.loads((DATA / "rules" / "sections.json").read_text())["sections"]}


def table(*hands: list[str], fashion: str = "silver-1", active: int = 0, favour: list[int] | None = None,
          deck: list[str] | None = None, target: int = 12) -> MoonState:
    """A state at the start of an audience with these hands; the rest of the gifts form the deck."""
    used = {c for h in hands for c in h} | {fashion}
    rest = [c for c in sorted(catalog().gifts) if c not in used]
    s = MoonState(seats=NAMES[:len(hands)], rng=Rng(seed="scenario"), hands=[list(h) for h in hands],
                  deck=rest if deck is None else deck, discard=[] if deck is None else [c for c in rest if c not in deck],
                  favour=favour or [0] * len(hands), fashion=fashion, active=active, target=target)
    GAME.publish(s)
    return s


def play(s: MoonState, *moves) -> MoonState:
    """Apply moves through the full check (as the table does); returns the last state."""
    for move in moves:
        s, _ = GAME.apply(s, move)
    return s


def refused(s: MoonState, move) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(s, move)
    assert caught.value.rule in SECTIONS, caught.value.rule
    return caught.value


HAND_A = ["amber-3", "jade-5", "pearl-7", "silver-9", "amber-1"]
HAND_B = ["amber-2", "jade-6", "pearl-8", "silver-4", "jade-1"]
HAND_C = ["amber-4", "jade-2", "pearl-3", "silver-6", "pearl-1"]


# --- §2.0 the gifts, §3.0 set-up ---------------------------------------------------------------

def test_the_deck_is_one_gift_of_each_worth_per_house():
    gifts = list(catalog().gifts.values())
    assert len(gifts) == 36 and {(g.house, g.worth) for g in gifts} == {
        (h, w) for h in ("Silver", "Pearl", "Amber", "Jade") for w in range(1, 10)}
    raw = json.loads((DATA / "cards.json").read_text())
    raw["gifts"] = {g["id"]: g for g in raw["gifts"]}
    raw["gifts"]["jade-1"] = {**raw["gifts"]["jade-1"], "worth": 2}  # two Jade 2s, no Jade 1
    with pytest.raises(ValidationError, match="exactly one gift of each worth"):
        Catalog.model_validate(raw)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_five_each_turns_a_fashion_and_asks_the_opener_privately(players):
    s = GAME.setup({}, NAMES[:players], "setup-seed")
    assert all(len(h) == 5 for h in s.hands) and s.fashion is not None
    everything = [c for h in s.hands for c in h] + s.deck + [s.fashion]
    assert sorted(everything) == sorted(catalog().gifts)
    (turn,) = s.pending
    assert turn.seat == s.active and turn.kind == "present" and turn.private and not turn.reaction
    assert GAME.legal_actions(s, s.active) and all(isinstance(a, Present) for a in GAME.legal_actions(s, s.active))
    draws = [e for e in s.recent if e.visible_to]
    assert sorted(e.visible_to[0] for e in draws) == list(range(players))


def test_table_settings_are_checked():
    assert GAME.setup({"favour": 8}, NAMES[:2], "x").target == 8
    with pytest.raises(ValidationError):
        GAME.setup({"favour": 5}, NAMES[:2], "x")
    with pytest.raises(ValidationError):
        GAME.setup({"lab_hp": 30}, NAMES[:2], "x")  # another game's option


# --- §5.0 presenting, §5.1 the standard ---------------------------------------------------------

def test_presenting_lays_the_gift_face_down_and_asks_the_next_courtier():
    s = table(HAND_A, HAND_B, HAND_C)
    after, events = GAME.apply(s, Present(seat=0, card="amber-3", claim=5))
    assert "amber-3" not in after.hands[0] and [(o.seat, o.card, o.claim) for o in after.offers] == [(0, "amber-3", 5)]
    public = " ".join(e.text for e in events if e.visible_to is None)
    assert "claims it is worth 5" in public and "Amber" not in public
    (aside,) = [e for e in events if e.visible_to]
    assert aside.visible_to == [0] and aside.kind == "aside" and "Amber Bell (3)" in aside.text
    (claim,) = after.pending
    assert claim.seat == 1 and claim.kind == "accuse" and claim.reaction and claim.timeout == {"type": "pass"}
    assert claim.button and "Ana" in claim.prompt and "5" in claim.prompt
    context = " ".join(claim.context)
    assert "claims it is worth 5" in context and "Accuse:" in context and "Pass:" in context
    assert "time runs out" in context and "Silver is in fashion" in context
    assert GAME.legal_actions(after, 1) == [Accuse(seat=1), Pass(seat=1)]


def test_claims_must_rise_and_stay_between_1_and_10():
    s = play(table(HAND_A, HAND_B), Present(seat=0, card="jade-5", claim=5), Pass(seat=1))
    assert "5.1" == refused(s, Present(seat=1, card="pearl-8", claim=5)).rule
    assert "claim 6 or more" in refused(s, Present(seat=1, card="pearl-8", claim=4)).reason
    assert refused(s, Present(seat=1, card="pearl-8", claim=11)).rule == "5.0"
    assert refused(s, Present(seat=1, card="jade-5", claim=7)).reason == "That gift is not in your hand."
    assert {a.claim for a in GAME.legal_actions(s, 1) if isinstance(a, Present)} == set(range(6, 11))


def test_a_claim_of_10_leaves_only_accuse_then_pass():
    s = play(table(HAND_A, HAND_B), Present(seat=0, card="silver-9", claim=10))
    s = play(s, Pass(seat=1))
    assert GAME.legal_actions(s, 1) == [Pass(seat=1)]


# --- §4.2 turn order, §6.0 answering ------------------------------------------------------------

def test_only_the_next_courtier_answers_and_only_the_active_one_presents():
    s = play(table(HAND_A, HAND_B, HAND_C), Present(seat=0, card="jade-5", claim=4))
    for seat in (0, 2):
        for move in (Accuse(seat=seat), Pass(seat=seat), Present(seat=seat, card=s.hands[seat][0], claim=9)):
            assert refused(s, move).rule == "4.2"
    assert refused(s, Present(seat=1, card="pearl-8", claim=9)).rule == "6.0"  # answer first


def test_letting_a_claim_stand_makes_it_the_answerers_turn():
    s = play(table(HAND_A, HAND_B, HAND_C), Present(seat=0, card="jade-5", claim=4), Pass(seat=1))
    assert s.active == 1 and not s.asks and s.offers[-1].claim == 4
    (turn,) = s.pending
    assert turn.seat == 1 and turn.kind == "present" and Pass(seat=1) in GAME.legal_actions(s, 1)
    assert refused(s, Accuse(seat=1)).rule == "6.0"  # the chance to accuse has gone
    assert "Bram lets Ana's claim of 4 stand." in s.recent[-1].text


# --- §5.2 passing --------------------------------------------------------------------------------

def test_the_opener_cannot_pass():
    assert refused(table(HAND_A, HAND_B), Pass(seat=0)).rule == "5.2"


def test_passing_gives_the_table_to_the_holder_and_the_passer_opens_next():
    s = play(table(HAND_A, HAND_B, HAND_C), Present(seat=0, card="amber-1", claim=3), Pass(seat=1),
             Present(seat=1, card="jade-1", claim=6), Pass(seat=2))
    after, events = GAME.apply(s, Pass(seat=2))
    assert after.favour == [0, 2, 0]  # Bram held the standard; two gifts on the table; nobody pays
    assert after.audience == 2 and after.active == 2 and not after.offers and not after.asks
    assert all(len(h) == 5 for h in after.hands)
    assert {"amber-1", "jade-1", "silver-1"} <= set(after.discard)
    assert after.face_up == ["silver-1"]  # only the old fashion card was seen; the gifts stay unseen
    public = " ".join(e.text for e in events if e.visible_to is None)
    assert "Amber Thimble" not in public and "Jade Thimble" not in public
    assert after.pending[0].seat == 2 and after.pending[0].kind == "present"


# --- §6.1 accusations, §4.1 fashion ---------------------------------------------------------------

def test_an_accused_true_claim_wins_for_the_presenter_and_costs_the_accuser():
    s = play(table(HAND_A, HAND_B, favour=[0, 3]), Present(seat=0, card="pearl-7", claim=7))
    after, events = GAME.apply(s, Accuse(seat=1))
    assert after.favour == [1, 2] and after.active == 1 and after.audience == 2
    assert "Pearl Harp (7), judged 7 against a claim of 7: the claim was true" in events[0].text
    assert "pearl-7" in after.face_up


def test_fashion_makes_a_gift_count_two_more():
    s = play(table(HAND_A, HAND_B, fashion="amber-9"), Present(seat=0, card="amber-3", claim=5))
    after, events = GAME.apply(s, Accuse(seat=1))
    assert "judged 5" in events[0].text and after.favour == [1, 0]


def test_an_accused_lie_wins_for_the_accuser_and_costs_the_liar():
    s = play(table(HAND_A, HAND_B, favour=[2, 0]), Present(seat=0, card="amber-1", claim=2), Pass(seat=1),
             Present(seat=1, card="pearl-8", claim=8), Pass(seat=0), Present(seat=0, card="jade-5", claim=9))
    after, events = GAME.apply(s, Accuse(seat=1))
    assert "the claim was a lie" in events[0].text
    assert after.favour == [1, 3] and after.active == 0  # Bram wins all three gifts; Ana opens next


def test_favour_never_drops_below_zero():
    s = play(table(HAND_A, HAND_B), Present(seat=0, card="silver-9", claim=9))
    after = play(s, Accuse(seat=1))
    assert after.favour == [1, 0]


# --- §7.1 refilling and the deck -------------------------------------------------------------------

def test_an_empty_deck_is_rebuilt_from_the_set_aside_gifts():
    s = table(HAND_A, HAND_B, deck=["jade-9"])  # one card left, the rest set aside
    s.face_up = ["jade-8"]
    after, events = GAME.apply(play(s, Present(seat=0, card="amber-1", claim=1)), Accuse(seat=1))
    assert any("shuffled into a new deck" in e.text for e in events)
    assert after.face_up == [] and all(len(h) == 5 for h in after.hands)
    everything = [c for h in after.hands for c in h] + after.deck + after.discard + [after.fashion]
    assert sorted(everything) == sorted(catalog().gifts)


# --- §8.0 the end, §8.1 after it --------------------------------------------------------------------

def test_reaching_the_target_ends_the_game_and_nothing_moves_after():
    s = play(table(HAND_A, HAND_B, favour=[11, 0]), Present(seat=0, card="silver-9", claim=9))
    after, events = GAME.apply(s, Accuse(seat=1))
    assert after.finished and after.finished.winners == [0] and not after.pending
    assert "Ana reaches 12 favour" in events[-1].text and events[-1].kind == "end"
    assert refused(after, Pass(seat=1)).rule == "8.1"


def test_equal_leaders_share_the_win():
    s = play(table(HAND_A, HAND_B, HAND_C, favour=[11, 12, 0]), Present(seat=0, card="silver-9", claim=9))
    after = play(s, Pass(seat=1), Pass(seat=1))  # Bram lets it stand, then passes: Ana gets 1
    assert after.finished.winners == [0, 1] and "share" in after.finished.reason


def test_the_move_cap_ends_the_game_with_most_favour_winning():
    capped = type(GAME)()
    capped.max_steps = 2
    s = table(HAND_A, HAND_B, favour=[1, 4])
    s = capped.apply(capped.apply(s, Present(seat=0, card="amber-1", claim=1))[0], Pass(seat=1))[0]
    assert s.finished.winners == [1] and "600" not in s.finished.reason and "after 2 moves" in s.finished.reason
    level = table(HAND_A, HAND_B, favour=[3, 3])
    level = capped.apply(capped.apply(level, Present(seat=0, card="amber-1", claim=1))[0], Pass(seat=1))[0]
    assert level.finished.draw and level.finished.winners == []


# --- §9.0 hidden information: views and prompts -------------------------------------------------------

def test_views_show_a_face_down_gift_only_to_the_one_who_laid_it():
    s = play(table(HAND_A, HAND_B, HAND_C), Present(seat=0, card="pearl-7", claim=6))
    public, ana, bram = GAME.view(s, None), GAME.view(s, 0), GAME.view(s, 1)
    assert "Pearl Harp" not in json.dumps(public) and "Pearl Harp" not in json.dumps(bram)
    assert ana["table"][0]["gift"] == "Pearl Harp (7)" and bram["table"][0]["gift"] is None
    assert "hand" not in public and [c["card"] for c in bram["hand"]] == sorted(
        HAND_B, key=lambda c: (gift(c).worth, gift(c).house))
    for name in (gift(c).name for c in HAND_A + HAND_B + HAND_C):
        assert name not in json.dumps(public)
    # The claim's context lines reach Bram alone, in his view and the typed table view.
    assert bram["pending"][0]["context"] and not public["pending"][0]["context"] and not ana["pending"][0]["context"]
    assert GAME.table_view(s, 1).prompts[0].context and not GAME.table_view(s, 2).prompts[0].context
    # The game's own list of what each seat may not see (Game.hidden_tokens) agrees.
    assert {"pearl-7", "Pearl Harp"} <= set(GAME.hidden_tokens(s, None)) & set(GAME.hidden_tokens(s, 1))
    assert not {"pearl-7", "Pearl Harp", "jade-5"} & set(GAME.hidden_tokens(s, 0))
    assert not {"silver-1", "Silver Thimble"} & set(GAME.hidden_tokens(s, None))  # the fashion card is face up
    board = GAME.board_text(public)
    assert "Waiting: Bram: accuse Ana's claim of 6" in board and "Bram: 0 favour, 5 cards in hand <- to answer" in board


def test_the_odds_line_counts_only_what_the_answerer_has_seen():
    # Jade in fashion: only the Jade Crown and Jade Orrery count 10 or more, and Bram holds the Orrery.
    s = play(table(HAND_A, ["jade-9", "amber-2", "pearl-2", "silver-2", "jade-1"], fashion="jade-7"),
             Present(seat=0, card="amber-1", claim=10))
    assert "Of the 30 cards you have not seen, 1 would make the claim true." in s.pending[0].context


# --- §9.1 undo, §6.2 timeouts, §10.0 standing answers ----------------------------------------------

def test_presenting_and_letting_stand_can_be_taken_back_but_not_an_ended_audience():
    s = table(HAND_A, HAND_B)
    for move in (Present(seat=0, card="jade-5", claim=5), Pass(seat=1)):
        after, events = GAME.apply(s, move)
        assert GAME.undoable(s, after, events), move
        s = after
    assert not GAME.undoable(s, *GAME.apply(s, Pass(seat=1)))  # Bram passes: the audience ends
    asked = play(table(HAND_A, HAND_B), Present(seat=0, card="jade-5", claim=5))
    assert not GAME.undoable(asked, *GAME.apply(asked, Accuse(seat=1)))


def test_an_unanswered_claim_stands_when_the_clock_runs_out():
    s = play(table(HAND_A, HAND_B), Present(seat=0, card="jade-5", claim=5))
    assert GAME.timeout_action(s, 1) == Pass(seat=1)
    assert GAME.is_reaction(s, 1) and not GAME.is_reaction(play(s, Pass(seat=1)), 1)
    assert GAME.timeout_action(play(s, Pass(seat=1)), 1) is None  # a turn: the AI (or skip) decides


def test_standing_answers():
    assert set(GAME.standing_answers()["accuse"]) == {"never", "sure"}
    possible = play(table(HAND_A, HAND_B, fashion="jade-7"), Present(seat=0, card="amber-1", claim=10))
    assert GAME.standing_action(possible, 1, "accuse", "never") == Pass(seat=1)
    assert GAME.standing_action(possible, 1, "accuse", "sure") == Pass(seat=1)
    # Bram holds both gifts that could count 10 with Jade in fashion: the claim is provably false.
    impossible = play(table(HAND_A, ["jade-8", "jade-9", "pearl-2", "silver-2", "jade-1"], fashion="jade-7"),
                      Present(seat=0, card="amber-1", claim=10))
    assert GAME.standing_action(impossible, 1, "accuse", "sure") == Accuse(seat=1)
    assert GAME.standing_action(impossible, 0, "accuse", "sure") is None  # not Ana's prompt


# --- the AI -----------------------------------------------------------------------------------------

def test_the_ai_tells_the_truth_when_it_can_and_accuses_the_impossible():
    s = play(table(HAND_A, HAND_B), Present(seat=0, card="jade-5", claim=4), Pass(seat=1))
    assert GAME.ai_action(s, 1) == Present(seat=1, card="jade-6", claim=6)  # weakest gift that beats 4
    impossible = play(table(HAND_A, ["jade-8", "jade-9", "pearl-2", "silver-2", "jade-1"], fashion="jade-7"),
                      Present(seat=0, card="amber-1", claim=10))
    assert GAME.ai_action(impossible, 1) == Accuse(seat=1)
