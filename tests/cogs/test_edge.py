"""The edge: option values and custom ids from a client are checked before anything runs, every
reply is cut to Discord's limits in one place, and no click rewrites a message it should not."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from discord import app_commands

from cogs.components import people_button
from cogs.edge import MAX_TEXT, number_problem, text_problem, value_problem
from cogs.lobby import LobbyCog
from cogs.play import _number
from cogs.replies import fit
from cogs.tablecmds import TableCommands

from .fakes import Interaction
from .test_flow import ALICE, BOB, new_game, public_button


def param(command, name: str) -> app_commands.Parameter:
    return next(p for p in command.parameters if p.name == name)


SETTINGS = TableCommands.settings
VERIFY = LobbyCog.verify
NEW = LobbyCog.new


@pytest.mark.parametrize("hours", [1e308, float("inf"), float("nan"), -1.0, 0.0, 721.0])
def test_settings_hours_out_of_its_range_are_refused(hours):
    assert value_problem(param(SETTINGS, "hours"), hours)


def test_settings_hours_in_range_pass():
    assert value_problem(param(SETTINGS, "hours"), 48.0) is None


@pytest.mark.parametrize("game", [2 ** 63, 10 ** 20, -(2 ** 64), 2 ** 53 + 1, 1.5, True, "7"])
def test_game_numbers_beyond_what_discord_sends_are_refused(game):
    assert value_problem(param(VERIFY, "game"), game)


def test_long_and_tricky_text_is_refused_and_normal_text_passes():
    game = param(NEW, "game")
    assert value_problem(game, "x" * 1950)
    assert value_problem(game, "psi\u202ewars")  # a right-to-left override
    assert value_problem(game, "psi\x00wars")
    assert value_problem(game, 12)
    assert value_problem(game, "psiwars") is None
    assert value_problem(game, "é" * MAX_TEXT) is None
    assert value_problem(game, "x" * 5000, focused=True)  # autocomplete input too


def test_choices_are_enforced():
    assert value_problem(param(NEW, "opponent"), "robot")
    assert value_problem(param(NEW, "opponent"), "ai") is None


def test_helpers_say_why():
    assert "characters" in text_problem("x" * 300, 200)
    assert "range" in number_problem(param(VERIFY, "game"), float("inf"), whole=False)


def test_every_reply_is_cut_to_discords_limit_in_one_place():
    assert len(fit(content="x" * 6000)["content"]) == 2000
    assert fit(content="short")["content"] == "short"
    embed = SimpleNamespace(title="t" * 300, description="d" * 5000)
    fit(embed=embed)
    assert len(embed.title) == 256 and len(embed.description) == 4096


@pytest.mark.parametrize("junk", ["arb:req:5", "arb:req:1:2:3", "arb:cnc", "arb:cnc:1:2", "arb:rm:x",
                                  "arb:undo:" + "9" * 20, "arb:cnc:１"])
def test_people_buttons_need_their_exact_numbers(junk):
    assert people_button(junk) is None


def test_select_values_must_be_small_numbers():
    assert _number("3") == 3
    assert all(_number(v) is None for v in ("abc", "-1", "99999", "３", ""))


async def test_a_click_that_is_no_move_leaves_the_live_turn_message_alone(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    live = bot.channel.sent[-1]
    end = public_button(live, "End Creation Units")
    forged = end.custom_id.rsplit(":", 1)[0] + ":99"  # the live version, a move that does not exist
    click = Interaction(ALICE, "Alice")
    click.message.id = live["id"]
    before = (await service.get(1)).version
    await play.on_component(click, forged, [])
    assert click.edits == []  # the live message keeps its buttons
    assert (await service.get(1)).version == before
    [reply] = click.replies()
    assert reply["ephemeral"] is True and "went wrong" not in reply["content"]


async def test_navigation_from_a_public_message_answers_privately(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    version = (await service.get(1)).version
    click = Interaction(ALICE, "Alice")  # a public message (not ephemeral)
    await play.on_component(click, f"arb:grp:1:{version}:0", ["0"])
    assert click.edits == []  # the public message is never turned into a private panel
    [reply] = click.replies()
    assert reply["ephemeral"] is True


async def test_a_select_value_that_is_no_number_is_answered(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    version = (await service.get(1)).version
    for values in (["abc"], ["-1"], ["9" * 30]):
        click = Interaction(BOB, "Bob", ephemeral=True)
        await play.on_component(click, f"arb:pick:1:{version}:0:0", values)
        [(kind, kw)] = click.response.calls
        assert kind == "send" and kw["ephemeral"] is True and "not one I recognise" in kw["content"]
