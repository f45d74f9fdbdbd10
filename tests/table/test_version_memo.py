"""The table's per-version memo: answers live exactly as long as their game's version."""

from table.helpers import VersionMemo


def test_answers_last_until_the_game_moves_on():
    memo = VersionMemo()
    memo.of(1, 5)["offers"] = ["a"]
    assert memo.of(1, 5) == {"offers": ["a"]}
    assert memo.of(2, 5) == {}  # another game's answers are its own
    assert memo.of(1, 6) == {}  # a new version starts empty
    assert memo.of(1, 5) == {}


def test_a_late_question_about_an_older_version_keeps_the_newer_answers():
    memo = VersionMemo()
    memo.of(1, 6)["offers"] = ["new"]
    memo.of(1, 5)["offers"] = ["old"]  # answered, but not kept
    assert memo.of(1, 6) == {"offers": ["new"]}


def test_only_the_most_recently_moved_games_are_kept():
    memo = VersionMemo(limit=2)
    for game in (1, 2):
        memo.of(game, 1)["x"] = game
    memo.of(1, 2)["x"] = "moved"  # game 1 moved last, so game 2 is the oldest now
    memo.of(3, 1)["x"] = 3
    assert memo.of(1, 2) == {"x": "moved"} and memo.of(3, 1) == {"x": 3}
    assert memo.of(2, 1) == {}


def test_a_state_rewritten_under_the_same_number_starts_afresh():
    memo = VersionMemo()
    memo.of(1, 5, '{"a": 1}')["state"] = "old"
    assert memo.of(1, 5, '{"a": 2}') == {}  # a repair stored another text as version 5
    assert memo.of(1, 5, '{"a": 1}') == {}
