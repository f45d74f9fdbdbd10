"""Whole games: they always end, never lose a card, replay exactly, and never leak the hand."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.psiwars.state import PsiState

from .psiwars_helpers import GAME
from .random_play import play_randomly


def zones_hold_every_card_once(s: PsiState) -> None:
    for seat, p in enumerate(s.players):
        zones = p.hand + p.deck + p.discard + p.lab + (s.peek if seat == s.active else [])
        assert len(zones) == 40 == len(set(zones)), "a card was created or lost"
        assert all(s.cards[i].owner == seat for i in zones)


def random_game(seed: str, check_every_step: bool) -> tuple[PsiState, list]:
    s = GAME.setup({}, ["Ann", "Bob"], seed)
    return s, play_randomly(GAME, s, seed, after=zones_hold_every_card_once if check_every_step else None)


def test_a_thousand_random_games_end_cleanly():
    for n in range(1000):
        s, _ = random_game(f"prop-{n}", check_every_step=n < 100)
        zones_hold_every_card_once(s)
        assert s.finished.draw or len(s.finished.winners) == 1


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(min_size=1, max_size=12), st.integers(20, 40))
def test_any_seed_and_lab_size_plays_to_an_end(seed, hp):
    s = GAME.setup({"lab_hp": hp}, ["Ann", "Bob"], seed)
    assert all(p.lab_hp == hp for p in s.players)
    random_game(seed, check_every_step=True)


def test_replay_from_seed_and_actions_gives_the_same_state():
    s, actions = random_game("replay-me", check_every_step=False)
    stored = [a.model_dump_json() for a in actions]
    again = GAME.setup({}, ["Ann", "Bob"], "replay-me")
    for raw in stored:
        again, _ = GAME.apply(again, GAME.parse_action(raw))
    assert again.model_dump_json() == s.model_dump_json()


def test_public_view_and_events_do_not_depend_on_hidden_cards():
    """Swap which cards sit in the waiting player's hand and deck: nothing the others see may change."""
    s = GAME.setup({}, ["Ann", "Bob"], "leak")
    chooser = random.Random(3)
    swaps = 0
    while not s.finished:
        seat = GAME.to_act(s)[0]
        twin = s.model_copy(deep=True)
        p = twin.players[1 - seat]
        if p.hand and p.deck:
            h, d = p.hand[0], p.deck[-1]
            twin.cards[h].card, twin.cards[d].card = twin.cards[d].card, twin.cards[h].card
            if twin.cards[h].card != s.cards[h].card:
                swaps += 1
                assert GAME.view(s, None) == GAME.view(twin, None)
                assert GAME.view(s, seat) == GAME.view(twin, seat)
                assert GAME.view(s, 1 - seat) != GAME.view(twin, 1 - seat)  # the owner does see it
        events = GAME.advance(s, chooser.choice(GAME.legal_actions(s, seat)))
        hidden = {f"[{i}]" for pl in s.players for i in pl.hand + pl.deck}
        for e in events:
            if e.visible_to is None:
                assert not any(h in e.text for h in hidden), f"public event names a hidden card: {e.text}"
    assert swaps > 50


def test_moves_that_name_hand_cards_are_secret():
    from engine.psiwars import actions

    for cls in (actions.PlaceCU, actions.Build, actions.PlayPower, actions.Discard, actions.OracleTake,
                actions.HunterTake):
        assert cls.secret
    for cls in (actions.Attack, actions.Block, actions.Equip, actions.Done, actions.Pass, actions.Resolve):
        assert not cls.secret


def test_the_quick_yes_no_questions_agree_with_the_move_lists():
    """The automatic steps ask whether a move exists without building the moves: at every
    position of random games the answer matches the list."""
    from engine.psiwars import board, legal

    asked = set()

    def agree(s: PsiState) -> None:
        for seat in (0, 1):
            assert legal.can_play_in_window(s, seat) == bool(legal.window_plays(s, seat))
            _, _, gear, free = legal._attack_scan(s, seat)  # what the equip and attack steps ask
            assert bool(gear and free) == bool(legal.equips(s, seat))
            asked.add(("window", bool(legal.window_plays(s, seat))))
            asked.add(("equip", bool(legal.equips(s, seat))))
            for attacking in (True, False):
                units = board.ready_units(s, seat, attacking)
                assert board.any_ready_unit(s, seat, attacking) == bool(units)
                asked.add(("units", bool(units)))
            if s.battle is not None:
                assert legal.can_use_ability(s, seat) == bool(legal.ability_uses(s, seat))
                asked.add(("cyborg", bool(legal.ability_uses(s, seat))))

    for n in range(20):
        s = GAME.setup({}, ["Ann", "Bob"], f"ask-{n}")
        play_randomly(GAME, s, f"ask-{n}", after=agree)
    assert asked == {(kind, answer) for kind in ("window", "cyborg", "equip", "units") for answer in (True, False)}
