"""The Futura AI beats uniformly random play on seeded games and never makes an illegal move."""

from engine.simulate import simulate


def test_ai_beats_random_and_plays_legally():
    report = simulate("futura", 20, 7, ["ai", "random"])
    assert report["errors"] == 0
    assert report["wins"][0] >= 16
