import pytest

import table.console as console
from engine.core import commitment
from table.console import main, run_console


def scripted(*answers):
    """An input() stand-in that replays answers, then keeps choosing move 1."""
    queue = list(answers)
    asked = []

    def ask(prompt):
        asked.append(prompt)
        return queue.pop(0) if queue else "1"

    return ask, asked


def test_scripted_run_prints_events_and_result_and_is_reproducible(capsys):
    result = run_console("testduel", ["ai", "random"], seed="7")
    first = capsys.readouterr().out
    assert result.finished and result.result_text
    assert f"Seed commitment: {commitment('7')}." in first
    assert "The seed was 7;" in first
    assert f"Result: {result.result_text}" in first
    assert "secret" not in first  # private lines are never printed in a scripted run
    run_console("testduel", ["ai", "random"], seed="7")
    assert capsys.readouterr().out == first


def test_human_plays_the_ai_with_numbered_moves():
    ask, asked = scripted("x", "99", "b")
    said = []
    result = run_console("testduel", ["human", "ai"], seed="5", interactive=True, ask=ask, say=said.append)
    text = "\n".join(said)
    assert result.finished
    assert "Player 1, choose a move:" in text and "    1. Put your" in text
    assert "Type a number from 1 to" in text
    assert text.count("Your secret hand") == 1  # the human's own deal, never the AI's
    assert "Your hand: " in text
    assert "scores: " in text  # the generic board summary from the public view


def test_two_people_share_the_terminal_and_hands_wait_for_the_handover():
    ask, asked = scripted()
    said = []
    run_console("testduel", ["human", "human"], seed="9", interactive=True, ask=ask, say=said.append)
    handovers = [p for p in asked if p.startswith("\nPass the terminal to")]
    assert ["Player 1" in handovers[0], "Player 2" in handovers[1]] == [True, True]
    # Each person sees only their own deal, after taking the keyboard.
    deal_lines = [i for i, line in enumerate(said) if "Your secret hand" in line]
    assert len(deal_lines) == 2


def test_quit_keeps_the_game_and_resume_finishes_it(tmp_path):
    db = tmp_path / "console.db"
    said = []
    stopped = run_console("testduel", ["human", "ai"], seed="4", interactive=True, db=db,
                          ask=scripted("1", "q")[0], say=said.append)
    assert stopped is None and any("--resume continues it" in line for line in said)
    finished = run_console("testduel", ["human", "ai"], interactive=True, db=db, resume=True,
                           ask=scripted()[0], say=said.append)
    assert finished.finished and finished.game_id == 1
    assert any(line.startswith("Resuming game #1") for line in said)


def test_board_images_are_written_when_a_renderer_exists(tmp_path, monkeypatch):
    drawn = []

    def fake_render(game, view):
        drawn.append((game, view))
        return b"\x89PNG fake"

    monkeypatch.setattr(console, "_board_renderer", lambda: fake_render)
    run_console("testduel", ["human", "ai"], seed="5", interactive=True, out=tmp_path / "out",
                ask=scripted()[0], say=lambda line: None)
    files = sorted((tmp_path / "out").glob("*.png"))
    assert files and files[0].read_bytes() == b"\x89PNG fake"
    assert all(game == "testduel" and "hand" not in view for game, view in drawn)


def test_a_missing_renderer_is_skipped(tmp_path, monkeypatch):
    monkeypatch.setattr(console, "_board_renderer", lambda: None)
    run_console("testduel", ["human", "ai"], seed="5", interactive=True, out=tmp_path / "out",
                ask=scripted()[0], say=lambda line: None)
    assert not (tmp_path / "out").exists()


def test_humans_need_interactive_mode_and_kinds_are_checked():
    with pytest.raises(ValueError, match="interactive"):
        run_console("testduel", ["human", "ai"], interactive=False)
    with pytest.raises(ValueError, match="Unknown player kind"):
        run_console("testduel", ["ai", "robot"])


def test_main_runs_a_game_and_reports_refusals(capsys):
    assert main(["--game", "testduel", "--players", "ai,random", "--seed", "3"]) == 0
    assert "Result:" in capsys.readouterr().out
    assert main(["--game", "chess", "--players", "ai,ai"]) == 2
    assert "Playable games" in capsys.readouterr().err
