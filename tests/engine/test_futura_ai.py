"""The Futura AI beats uniformly random play on seeded games and never makes an illegal move."""

from engine.simulate import simulate


def test_ai_beats_random_and_plays_legally():
    report = simulate("futura", 20, 7, ["ai", "random"])
    assert report["errors"] == 0
    assert report["wins"][0] >= 16


def test_ai_against_ai_gears_up_and_assaults_instead_of_turtling():
    """Two AIs must fight: each game sees armour equipped and stations assaulted, and no game runs
    into the step cap."""
    from engine.core.levels import choose
    from engine.futura import GAME
    from engine.futura.actions import Assault, Equip

    for n in range(4):
        state = GAME.setup({}, ["a", "b"], f"ai-duel-{n}")
        made = {Assault: 0, Equip: 0}
        while not state.finished:
            seat = GAME.to_act(state)[0]
            move = choose(GAME, state, seat, "ai")
            if type(move) in made:
                made[type(move)] += 1
            GAME.advance(state, move)
        assert made[Equip] > 0 and made[Assault] > 0
        assert "length limit" not in state.finished.reason
