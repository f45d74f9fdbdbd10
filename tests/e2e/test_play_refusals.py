"""Refusals through Discord: each gets a clear private answer and leaves the game exactly as it was.

"Unchanged" is checked on the service: version, status, public view and the stored action log.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cogs.components import parse_cid
from cogs.play import STALE
from engine.core.registry import get_game
from tests.e2e.helpers import (
    arbiter,
    button_of,
    confirm_if_asked,
    fix_seed,
    human_game,
    latest_turn,
    member_to_act,
    open_panel,
    play_game,
    snapshot,
)
from tests.fakediscord import Member


@dataclass
class Table:
    game_id: int
    mover: Member  # who must act first
    other: Member  # the other player
    eve: Member  # not playing


@pytest.fixture
async def table(fake, service, monkeypatch):
    """alice and bob in a running game in #general; eve watches."""
    fix_seed(monkeypatch)
    alice, bob, eve = (fake.add_member(name) for name in ("alice", "bob", "eve"))
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob, settings="lab hp=20")
        mover = member_to_act(fake, latest_turn(fake))
        yield Table(game_id, mover, alice if mover is bob else bob, eve)
    assert not fake.rejections, fake.rejections


TURN_RULE = get_game("psiwars").turn_rule  # what every out-of-turn refusal cites


def private(result) -> str:
    """The one private answer an interaction got (its text), checking it is private and clear."""
    answers = result.replies  # not the clicked message
    assert not result.failed and len(answers) == 1, answers
    answer = answers[0]
    assert answer.ephemeral and answer.audience == frozenset({result.user.id}), answer
    assert "went wrong" not in answer.content
    return answer.content


def public_count(fake, channel=None) -> int:
    return len([m for m in fake.history(channel) if m.audience is None])


def act_button(turn) -> dict:
    button = button_of(turn, "act")
    assert button is not None, f"no public action on {turn!r}"
    return button


async def test_a_member_who_is_not_playing_is_refused(fake, service, table):
    game_id = table.game_id
    turn = latest_turn(fake)
    before, posted = await snapshot(service, game_id), public_count(fake)

    for button in (button_of(turn, "panel"), act_button(turn)):  # moves: refused with the turn rule
        text = private(await fake.click(table.eve, turn, button["custom_id"]))
        assert text.startswith(f"{TURN_RULE}: ") and f"not playing in game #{game_id}" in text, text
    text = private(await fake.click(table.eve, turn, button_of(turn, "hand")["custom_id"]))
    assert text == f"You are not playing in game #{game_id}, so you have no hand there."

    assert await snapshot(service, game_id) == before
    assert public_count(fake) == posted and latest_turn(fake).components  # still live for the mover


async def test_the_other_player_cannot_move_for_the_one_who_must(fake, service, table):
    game_id, mover, other = table.game_id, table.mover, table.other
    turn = latest_turn(fake)
    before = await snapshot(service, game_id)

    refused = await fake.click(other, turn, act_button(turn)["custom_id"])
    assert private(refused) == f"{TURN_RULE}: This choice belongs to {mover.name}, not to you."
    # The refusal cites the turn rule, and its Why? button opens that rule.
    why = await fake.click(other, refused.replies[0], "Why?")
    assert why.ephemeral and why.content.startswith(f"**{TURN_RULE} "), why.content
    opened = await fake.click(other, turn, button_of(turn, "panel")["custom_id"])
    assert private(opened) == f"Game #{game_id} is not waiting on you; it waits on {mover.name}."
    assert not opened.replies[0].components  # nothing to click in it
    assert await snapshot(service, game_id) == before


async def test_the_attacker_cannot_answer_the_defenders_allocation(fake, service, table):
    game_id = table.game_id
    await play_game(fake, service, game_id, until=lambda t: "Choose your defense" in str(t.components))
    turn = latest_turn(fake)
    defender = member_to_act(fake, turn)
    attacker = table.mover if defender is table.other else table.other
    view = await service.view(game_id, None)
    assert view["pending"][0]["kind"] == "defend" and view["players"][view["active"]]["name"] == attacker.name
    before = await snapshot(service, game_id)

    opened = private(await fake.click(attacker, turn, button_of(turn, "panel")["custom_id"]))
    assert opened == f"Game #{game_id} is not waiting on you; it waits on {defender.name}."
    # With this seed the allocation has few choices, so they are public buttons too (the defender's).
    block = next(b for b in turn.buttons if b["label"].startswith("Block with"))
    assert parse_cid(block["custom_id"]).seat != view["active"]
    text = private(await fake.click(attacker, turn, block["custom_id"]))
    assert text == f"{TURN_RULE}: This choice belongs to {defender.name}, not to you."
    assert await snapshot(service, game_id) == before
    # The defender can still answer it.
    panel = await open_panel(fake, defender, turn)
    assert any(b["label"].startswith("Let formation") for b in panel.buttons)


async def test_stale_buttons_after_the_board_changed(fake, service, table):
    game_id, mover = table.game_id, table.mover
    status = (await fake.slash(mover, "game", "status")).messages[-1]
    assert not status.ephemeral and button_of(status, "panel")
    turn = latest_turn(fake)
    old_panel = await open_panel(fake, mover, turn)
    old_act = next(b for b in old_panel.buttons if parse_cid(b["custom_id"]).kind == "act")

    # The board changes: the mover ends their Creation Units phase from the public button (with
    # no Creation Unit in play that ends their turn).
    assert act_button(turn)["label"] == "End Creation Units"
    assert act_button(turn)["style"] == 4  # red: it ends the whole turn, so it asks once
    asked = await fake.click(mover, turn, act_button(turn)["custom_id"])
    assert asked.replies[-1].ephemeral and "ends your turn" in asked.replies[-1].content
    assert (await snapshot(service, game_id))[0] == parse_cid(old_act["custom_id"]).version  # not yet
    done = await confirm_if_asked(fake, mover, asked)
    assert not done.failed
    before = await snapshot(service, game_id)
    assert before[0] == parse_cid(old_act["custom_id"]).version + 1

    stale = await fake.click(mover, old_panel, old_act["custom_id"])
    answer = stale.replies[-1]
    assert answer.ephemeral and answer.content.startswith(STALE), answer.content
    assert not old_panel.components  # the outdated panel lost its buttons...
    # ...and the answer says where the game stands now (the mover's turn ended).
    assert answer.content.endswith(f"is not waiting on you; it waits on {table.other.name}."), answer.content

    stale = await fake.click(mover, status, button_of(status, "panel")["custom_id"])
    assert stale.replies[-1].ephemeral and stale.replies[-1].content.startswith(STALE)
    assert not status.components
    assert await snapshot(service, game_id) == before


async def test_a_second_game_in_a_busy_channel_is_refused(fake, service, table):
    game_id = table.game_id
    before, posted = await snapshot(service, game_id), public_count(fake)
    for member, opponent in ((table.other, "human"), (table.mover, "ai"), (table.eve, "ai")):
        text = private(await fake.slash(member, "game", "new", game="psiwars", opponent=opponent))
        assert text == f"A game of Intergalactic Psi Wars is already running here (game #{game_id})."
    assert await snapshot(service, game_id) == before and public_count(fake) == posted
    assert [t.game_id for t in await service.list_tables()] == [game_id]
    # Another channel is free.
    elsewhere = await fake.slash(table.eve, "game", "new", game="psiwars", channel=fake.add_channel("free"))
    assert not elsewhere.ephemeral and "opened a game" in elsewhere.content
    assert await snapshot(service, game_id) == before


@pytest.mark.parametrize("options, expected", [
    ({"settings": "lab hp=19"}, "lab hp must be from 20 to 40 (not 19)"),
    ({"settings": "lab_hp=41"}, "lab hp must be from 20 to 40 (not 41)"),
    ({"settings": "Lab HP=twenty"}, "lab hp must be a whole number (not twenty)"),
    ({"settings": "lab hp=25, speed=3"}, "I could not read “speed=3” as a setting of Intergalactic Psi Wars"),
    ({"settings": "setup=auto"}, "I could not read “setup=auto”"),  # another game's setting
    ({"game": "chess"}, "There is no playable game called 'chess'. Playable games: "),
    ({"game": "PsiWars"}, "There is no playable game called 'PsiWars'"),
])
async def test_bad_option_values_are_refused_privately(fake, service, table, options, expected):
    game_id = table.game_id
    other = fake.add_channel("lobby")
    before, posted = await snapshot(service, game_id), public_count(fake)
    text = private(await fake.slash(table.eve, "game", "new", channel=other, **{"game": "psiwars", **options}))
    assert expected in text and ("psiwars" in text or "Psi Wars" in text), text
    assert "Input should" not in text and "lab_hp" not in text  # player words, not pydantic's
    assert await service.table_in(str(other.id)) is None and public_count(fake, other) == 0
    assert await snapshot(service, game_id) == before and public_count(fake) == posted


async def test_lobby_misuse_is_refused_privately(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob, eve = (fake.add_member(n) for n in ("alice", "bob", "eve"))
    async with arbiter(fake, service):
        assert "no game in this channel" in private(await fake.slash(bob, "game", "join"))
        await fake.slash(alice, "game", "new", game="psiwars")
        game_id = (await service.table_in(str(fake.channel.id))).game_id
        lobby = await snapshot(service, game_id)
        seats = (await service.get(game_id)).seats
        assert "needs at least 2 players" in private(await fake.slash(alice, "game", "start"))
        assert "already seated" in private(await fake.slash(alice, "game", "join"))
        assert "not seated" in private(await fake.slash(eve, "game", "leave"))
        await fake.slash(bob, "game", "join")
        assert private(await fake.slash(bob, "game", "start")) == "Only the game's creator (alice) can start the game."
        assert "is full" in private(await fake.slash(eve, "game", "join"))
        table = await service.get(game_id)
        assert table.status == "lobby" and [s.name for s in table.seats] == [s.name for s in seats] + ["bob"]
        assert (await snapshot(service, game_id))[0] == lobby[0]
    assert not fake.rejections, fake.rejections


async def test_the_options_list_offers_only_the_chosen_games_settings(fake, service):
    alice = fake.add_member("alice")
    async with arbiter(fake, service):
        psi = await fake.autocomplete(alice, "game", "new", focused="settings", game="psiwars", settings="")
        clans = await fake.autocomplete(alice, "game", "new", focused="settings", game="clans", settings="")
        later = await fake.autocomplete(alice, "game", "new", focused="settings", game="psiwars",
                                        settings="lab hp=25, max")
        none = await fake.autocomplete(alice, "game", "new", focused="settings", settings="")
    assert "lab hp=30" in [c["value"] for c in psi.choices]
    assert not any(c["value"].startswith("setup") for c in psi.choices)
    assert "setup=choose" in [c["value"] for c in clans.choices]
    assert not any("lab hp" in c["value"] for c in clans.choices)
    assert [c["value"] for c in later.choices] == ["lab hp=25, max rounds=40"]
    assert none.choices == []
    assert not fake.rejections, fake.rejections
