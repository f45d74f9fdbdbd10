"""Psi Wars' fast paths give exactly what the plain way gives: payments."""

from itertools import combinations, product

from engine.core import get_game
from engine.psiwars import legal
from engine.psiwars.board import LIGHTS, _payments


def _every_payment(cost: tuple[int, ...], ready: tuple[int, ...]) -> tuple[tuple[str, ...], ...]:
    """Payments worked out the long way: the coloured lights first, then every distinct choice of
    the spare Creation Units for the Any lights."""
    left = [have - need for have, need in zip(ready, cost[:4], strict=True)]
    if min(left) < 0:
        return ()
    pool = [k for k, n in zip(LIGHTS, left, strict=True) for _ in range(n)]
    return tuple(sorted(set(combinations(pool, cost[4])))) if cost[4] <= len(pool) else ()


def test_payments_with_capped_spares_match_the_long_way():
    costs = [(1, 0, 0, 0, 0), (0, 1, 1, 0, 1), (0, 0, 0, 1, 2), (1, 0, 0, 1, 3), (0, 0, 0, 0, 1)]
    for cost in costs:
        for ready in product(range(5), repeat=4):
            assert _payments(cost, ready) == _every_payment(cost, ready), (cost, ready)


def _equips_the_long_way(state, seat: int) -> list:
    """Loose Equipment built before this turn onto each Battle Unit without Equipment, not used."""
    lab = state.players[seat].lab
    kind = {i: legal.cdef(state, i).kind for i in lab}
    gear = [i for i in lab if kind[i] == "equipment" and not state.cards[i].carrier
            and state.cards[i].created_turn < state.turn]
    units = [i for i in lab if kind[i] == "battle_unit" and not state.cards[i].equipment and not state.cards[i].used]
    return legal._equips(state, seat, gear, units)


def test_attack_list_from_one_pass_matches_the_separate_lists():
    # The equip and attack steps walk the lab once (and self-play keeps that walk for the prompt
    # and the moves); they must list what the attackers and the long way list separately.
    game = get_game("psiwars")
    checked = 0
    for n in range(12):
        state = game.setup({}, ["a", "b"], f"attack-scan-{n}")
        with game.steady(state, quiet=True):  # (where the walk is kept)
            while not state.finished:
                seat = game.to_act(state)[0]
                if state.phase in ("equip", "attack") and not (state.peek or state.hunting):
                    gear = _equips_the_long_way(state, seat)
                    assert legal.equips(state, seat) == gear
                    if state.phase == "attack":
                        units = legal.attackers(state, seat)
                        ids = tuple(state.cards[u].card for u in units)
                        assert legal.attack_moves(state, seat) == gear + list(legal._attacks(seat, tuple(units), ids))
                    checked += 1
                game.advance(state, game.random_action(state, seat))
    assert checked > 50


def test_moves_made_without_validation_match_validated_ones():
    # Blocks of units, attacks, builds and equips skip pydantic's check; they must be the moves it
    # would have made (fields in order, what counts as given, the dump).
    game = get_game("psiwars")
    checked = {legal.Block: 0, legal.Attack: 0, legal.Build: 0, legal.Equip: 0}
    for n in range(12):
        state = game.setup({}, ["a", "b"], f"blocks-{n}")
        while not state.finished:
            seat = game.to_act(state)[0]
            for move in game.legal_actions(state, seat):
                if type(move) in checked and (not isinstance(move, legal.Block) or move.units):
                    made = type(move)(**{name: move.__dict__[name] for name in move.model_fields_set})
                    assert list(move.__dict__.items()) == list(made.__dict__.items())
                    assert move.model_fields_set == made.model_fields_set
                    assert move.model_dump_json() == made.model_dump_json()
                    checked[type(move)] += 1
            state, _ = game.apply(state, game.random_action(state, seat))
    assert min(checked.values()) > 10, checked


def test_prompts_made_without_validation_match_validated_ones():
    from engine.core import Decision
    from engine.psiwars import prompts

    pairs = [(prompts._bare(0, "window", "Ann: pass?", True, "Go", True),
              Decision(seat=0, kind="window", prompt="Ann: pass?", reaction=True, timeout=prompts.PASS_TIMEOUT,
                       button="Go")),
             (prompts._bare(1, "defend", "Bob: defend", True, "Defend", False),
              Decision(seat=1, kind="defend", prompt="Bob: defend", reaction=True, timeout=None, button="Defend")),
             (prompts._private(1, "oracle", "Bob: choose"),
              Decision(seat=1, kind="oracle", private=True, button=prompts.CHOOSE_CARD, prompt="Bob: choose"))]
    for quick, validated in pairs:
        assert list(quick.__dict__.items()) == list(validated.__dict__.items())
        assert quick.model_fields_set == validated.model_fields_set
        assert quick.model_dump_json() == validated.model_dump_json()
    assert pairs[0][0].timeout is not prompts.PASS_TIMEOUT  # its own copy, as validation makes
