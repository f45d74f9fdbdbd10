"""People around a game, through the real bot and the fake Discord: an idle player resolved by the
clock, undo with the opponent's approval, concede and rematch, spectators, /games, /notify DMs,
/autopilot, /leaderboard and the settings permissions."""

from __future__ import annotations

import random
import re

import discord
import pytest

from engine.core import get_game
from store import Store
from table import TableError, TableService
from table.joined import Joined
from tests.e2e.helpers import (
    FINISHED,
    arbiter,
    confirm_if_asked,
    fix_seed,
    human_game,
    latest_turn,
    open_panel,
    panel_actions,
    panel_groups,
    turn_messages,
    walk_until,
)

HOUR = 3600.0


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def _not_yours(self, row, engine, seat, target) -> bool:
    """Stands in for a step someone else has already answered (so the undo needs their approval)."""
    return False


async def mover_and_other(service, game_id, alice, bob):
    """(the member the game waits on, the other one): the seed decides who goes first."""
    [awaited] = (await service.current(game_id)).to_act
    return (alice, bob) if awaited.user_id == str(alice.id) else (bob, alice)


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
async def service(tmp_path, clock):
    svc = TableService(await Store.open(tmp_path / "arbiter.db"), clock=clock)
    yield svc
    await svc.close()


async def test_an_idle_player_is_pinged_then_the_clock_resolves_the_game(fake, service, clock, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob)
        changed = await fake.slash(alice, "game", "settings", hours=2.0, forfeit_after=2)
        assert "changed the clock" in changed.content and "2 timeouts in a row concede" in changed.content
        refused = await fake.slash(bob, "game", "settings", hours=1.0)
        assert refused.ephemeral and "Manage Channels" in refused.content

        idle, other = await mover_and_other(service, game_id, alice, bob)

        clock.now += 1 * HOUR  # half the clock: the idle player is reminded, with a jump to the game
        await service.fire_due()
        await fake.settle()
        reminder = turn_messages(fake)[-1]
        assert reminder.content.startswith(f"⏰ <@{idle.id}>, game #{game_id}")
        assert "Jump to the game" in reminder.content

        clock.now += 1 * HOUR  # the clock runs out: the AI moves for them
        await service.fire_due()
        await fake.settle()
        assert f"{idle.name}'s clock ran out; the table chose for them." in latest_turn(fake).content

        # They stay away: the next timeout of theirs in a row concedes for them.
        while (await service.get(game_id)).status == "active":
            waiting = [s.user_id for s in (await service.current(game_id)).to_act]
            if str(other.id) in waiting:  # the other player is here and plays on
                _, _, legal = await service.legal_for(game_id, str(other.id))
                await service.act(game_id, str(other.id), 0)
                continue
            clock.now += 2 * HOUR
            await service.fire_due()
            await fake.settle()
        final = latest_turn(fake)
        assert final.content.startswith(FINISHED), final.content
        assert f"{other.name} wins: {idle.name} conceded" in final.content
        assert await service.deadlines(game_id) == []

        board = await fake.slash(other, "leaderboard", game="psiwars")
        assert re.search(rf"1\. <@{other.id}> \*\*1216\*\*", board.content), board.content


async def test_undoing_your_own_step_needs_nobody_and_the_button_shows_only_when_allowed(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob)
        assert not [b for b in latest_turn(fake).buttons if b["label"] == "Undo"]  # nothing to take back yet
        mover, _ = await mover_and_other(service, game_id, alice, bob)
        before = (await service.get(game_id)).version
        panel = await open_panel(fake, mover, latest_turn(fake))
        place = next(o for o in panel_actions(panel) if o.label.startswith("Place a "))  # no roll, nothing hidden
        assert not (await fake.click(mover, panel, place.custom_id)).failed
        await fake.settle()
        undo = next(b for b in latest_turn(fake).buttons if b["label"] == "Undo")  # the mover is still on turn
        done = await fake.click(mover, latest_turn(fake), undo["custom_id"])
        assert not done.failed
        await fake.settle()
        assert "took back their last move" in latest_turn(fake).content
        assert (await service.get(game_id)).version == before + 2


async def test_undo_is_asked_and_approved_through_buttons(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob)
        mover, other = await mover_and_other(service, game_id, alice, bob)
        before = (await service.get(game_id)).version
        _, _, legal = await service.legal_for(game_id, str(mover.id))
        place = next(i for i, a in enumerate(legal) if a.type == "place_cu")
        await service.act(game_id, str(mover.id), place)  # a move with no roll and nothing hidden shown
        # ... that the other player already answered: now they must agree to take it back.
        monkeypatch.setattr(type(service), "_still_yours", _not_yours)

        asked = await fake.slash(mover, "game", "undo")
        assert not asked.ephemeral and f"<@{other.id}>, do you agree?" in asked.content
        not_theirs = await fake.click(mover, asked.message, "Agree")
        assert not_theirs.replies[-1].ephemeral and "not yours" in not_theirs.replies[-1].content
        agreed = await fake.click(other, asked.message, "Agree")
        assert not agreed.failed
        await fake.settle()
        assert "Agreed by everyone asked" in fake.find_message(asked.message.id).content
        assert "took back their last move" in latest_turn(fake).content
        assert (await service.get(game_id)).version == before + 2
        assert (await service.view(game_id, None))["version"] == before + 2


async def test_concede_then_rematch_from_the_final_message(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob)
        confirm = await fake.slash(bob, "game", "concede")
        assert confirm.ephemeral and "Concede game" in confirm.content
        done = await fake.click(bob, confirm.message, f"Concede Game #{game_id}")
        assert not done.failed
        await fake.settle()
        final = latest_turn(fake)
        assert final.content.startswith(FINISHED) and "alice wins: bob conceded" in final.content
        stranger = fake.add_member("carol")
        nope = await fake.click(stranger, final, "Rematch")
        assert nope.replies[-1].ephemeral and "Only the players" in nope.replies[-1].content
        again = await fake.click(alice, final, "Rematch")
        assert "started a rematch" in again.replies[0].content
        await fake.settle()
        new = await service.table_in(str(fake.channel.id))
        assert new.game_id != game_id and new.status == "active"
        assert [s.user_id for s in new.seats] == [str(alice.id), str(bob.id)]
        assert re.match(rf"<@({alice.id}|{bob.id})>", latest_turn(fake).content)


async def test_spectators_see_the_public_board_and_games_lists_where_you_are_awaited(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob, carol = fake.add_member("alice"), fake.add_member("bob"), fake.add_member("carol")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob)
        mover, other = await mover_and_other(service, game_id, alice, bob)
        watched = await fake.slash(carol, "game", "board")
        assert watched.ephemeral and f"Game #{game_id}" in watched.content
        hand = [b for b in watched.message.buttons if b["label"] == "Show my hand"][0]
        peek = await fake.click(carol, watched.message, hand["custom_id"])
        assert "not playing" in peek.replies[-1].content  # hidden stays hidden

        mine = await fake.slash(mover, "games")
        assert mine.ephemeral and f"#{game_id}" in mine.content and "**your move**" in mine.content
        assert "discord.com/channels/" in mine.content
        theirs = await fake.slash(other, "games")
        assert f"waiting on {mover.name}" in theirs.content
        none = await fake.slash(carol, "games")
        assert "not in any open game" in none.content


async def test_notify_dm_is_tried_at_once_then_reminders_arrive_by_dm(fake, service, clock, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        on = await fake.slash(alice, "notify", dm=True)
        assert on.ephemeral and "DMs when a game waits on you: **on**" in on.content
        assert "will DM you here" in fake.dms(alice)[-1].content
        game_id = await human_game(fake, alice, bob)
        [awaited] = (await service.current(game_id)).to_act
        if awaited.user_id != str(alice.id):  # let bob move once so that the game waits on alice
            await service.act(game_id, str(bob.id), 0)
            while str(alice.id) not in [s.user_id for s in (await service.current(game_id)).to_act]:
                await service.act(game_id, str(bob.id), 0)
        clock.now += 12 * HOUR
        await service.fire_due()
        await fake.settle()
        assert fake.dms(alice)[-1].content.startswith(f"⏰ <@{alice.id}>, game #")
        assert fake.dms(bob) == []  # bob never asked for DMs
        off = await fake.slash(alice, "notify", dm=False, reminders=False)
        assert "**off**; reminders: **off**" in off.content


async def test_autopilot_lists_prompts_and_sets_an_answer(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        await human_game(fake, alice, bob)
        listing = await fake.slash(bob, "autopilot")
        assert listing.ephemeral and "Always pass Power windows" in listing.content and "none set" in listing.content
        assert "`window`" not in listing.content  # the prompt is named in words, not by the game's id for it
        prompts = await fake.autocomplete(bob, "autopilot", focused="prompt", prompt="")
        assert ("Always pass Power windows", "window") in [(c["name"], c["value"]) for c in prompts.choices]
        choices = await fake.autocomplete(bob, "autopilot", focused="answer", prompt="window", answer="")
        assert {c["value"] for c in choices.choices} == {"pass", "ai", "off"}
        done = await fake.slash(bob, "autopilot", prompt="window", answer="pass")
        assert "Always pass Power windows" in done.content
        assert (await fake.slash(bob, "autopilot")).content.count("Always pass Power windows") == 2
        bad = await fake.slash(bob, "autopilot", prompt="nonsense", answer="ai")
        assert bad.ephemeral and "no routine prompt" in bad.content


async def test_only_moderators_choose_the_game_channels(fake, service):
    alice = fake.add_member("alice")
    mod = fake.add_member("mod", permissions=discord.Permissions(manage_channels=True).value)
    other = fake.add_channel("games")
    async with arbiter(fake, service):
        refused = await fake.slash(alice, "game", "channels", action="add")
        assert refused.ephemeral and "Manage Channels" in refused.content
        added = await fake.slash(mod, "game", "channels", action="add", options={"channel": other})
        assert f"<#{other.id}>" in added.content
        blocked = await fake.slash(alice, "game", "new", game="psiwars")
        assert blocked.ephemeral and "only in" in blocked.content
        opened = await fake.slash(alice, "game", "new", game="psiwars", channel=other)
        assert "opened a game" in opened.content


async def test_the_undo_button_on_the_turn_message_asks_the_other_player(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob, carol = fake.add_member("alice"), fake.add_member("bob"), fake.add_member("carol")
    async with arbiter(fake, service) as bot:
        game_id = await human_game(fake, alice, bob)
        mover, other = await mover_and_other(service, game_id, alice, bob)
        assert not any(b["label"] == "Undo" for b in latest_turn(fake).buttons)  # nothing to undo yet
        _, _, legal = await service.legal_for(game_id, str(mover.id))
        place = next(i for i, a in enumerate(legal) if a.type == "place_cu")
        update = await service.act(game_id, str(mover.id), place)
        await bot.get_cog("Play").post_update(await service.get(game_id), update)
        monkeypatch.setattr(type(service), "_still_yours", _not_yours)  # as if the other had answered it
        turn = latest_turn(fake)
        nothing = await fake.click(other, turn, "Undo")
        assert nothing.replies[-1].ephemeral and "no move of yours" in nothing.replies[-1].content
        stranger = await fake.click(carol, turn, "Undo")
        assert stranger.replies[-1].ephemeral and "not playing" in stranger.replies[-1].content
        asked = await fake.click(mover, turn, "Undo")
        question = asked.replies[-1]
        assert not question.ephemeral and f"<@{other.id}>, do you agree?" in question.content
        await fake.click(other, question, "Agree")
        await fake.settle()
        assert "took back their last move" in latest_turn(fake).content


async def _undoable_pair(service, game_id: int, member) -> str | None:
    """The label of a joined pair offered to `member` whose two moves could both be taken back."""
    engine = get_game("psiwars")
    try:
        _, _, found = await service.offers_for(game_id, str(member.id))
    except TableError:  # not this member's move
        return None
    state = engine.load_state((await service.store.get_game(game_id)).state)
    for offer in found:
        if isinstance(offer, Joined):
            after = state
            for move in offer.moves():
                new, events = engine.apply(after, move)
                if not engine.undoable(after, new, events):
                    break
                after = new
            else:
                if engine.to_act(after) == [offer.seat]:
                    return offer.label()
    return None


async def test_one_press_of_undo_takes_back_a_whole_joined_click(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob)
        turn, mover = await walk_until(fake, random.Random(7),
                                       lambda m: _has(_undoable_pair(service, game_id, m)))
        label = await _undoable_pair(service, game_id, mover)
        before = await service.current(game_id)
        board_before = {k: v for k, v in before.public_view.items() if k != "version"}
        panel = await open_panel(fake, mover, turn)
        option = next((o for o in panel_actions(panel) if o.label == label), None)
        if option is None:  # the pair sits in its group ("End ..., then <kind>")
            select, value = next(v for g, v in panel_groups(panel).items() if label.startswith(g.split(", then")[0]))
            await fake.choose(mover, panel, [value], select=select)
            panel = fake.find_message(panel.id)
            option = next(o for o in panel_actions(panel) if o.label == label)
        if option.value is None:
            clicked = await fake.click(mover, panel, option.custom_id)
        else:
            clicked = await fake.choose(mover, panel, [option.value], select=option.custom_id)
        await confirm_if_asked(fake, mover, clicked, panel)
        await fake.settle()
        assert (await service.get(game_id)).version == before.version + 2  # one click, two moves
        undo = next(b for b in latest_turn(fake).buttons if b["label"] == "Undo")
        assert not (await fake.click(mover, latest_turn(fake), undo["custom_id"])).failed
        await fake.settle()
        shown = latest_turn(fake)
        assert "took back the last 2 moves" in shown.content  # the turn message tells the table
        now = await service.current(game_id)
        assert {k: v for k, v in now.public_view.items() if k != "version"} == board_before
        assert [s.user_id for s in now.to_act] == [s.user_id for s in before.to_act]
        assert not [b for b in shown.buttons if b["label"] == "Undo"]  # nothing more of theirs to take back


async def _has(label) -> bool:
    return (await label) is not None
