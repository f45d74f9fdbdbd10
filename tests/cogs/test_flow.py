"""The cogs against the real table service and Psi Wars engine, with a fake Discord surface."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace

import discord
import pytest

from cogs.components import parse_cid, public_actions
from cogs.play import NOT_POSTED, STALE, ArbButton, ArbSelect
from table import TableError

from .fakes import Interaction, custom_ids, items

ALICE, BOB, EVE = 111, 222, 333


async def new_game(lobby, opponent="ai", user=ALICE, name="Alice"):
    inter = Interaction(user, name)
    await lobby.new.callback(lobby, inter, "psiwars", opponent, None)
    return inter


def panel_button(msg):
    return next(i for i in items(msg.get("view")) if parse_cid(i.custom_id).kind == "panel")


def public_button(msg, label):
    return next(i for i in items(msg.get("view")) if isinstance(i, ArbButton) and i.item.label == label)


async def test_solo_game_posts_a_turn_message(table):
    bot, service, play, lobby = table
    inter = await new_game(lobby)
    assert "against the AI" in inter.replies()[0]["content"]
    [msg] = bot.channel.sent
    assert msg["content"].startswith("<@111>: ")
    assert [u.id for u in msg["allowed_mentions"].users] == [ALICE]
    assert msg["allowed_mentions"].everyone is False
    labels = [i.item.label for i in items(msg["view"])]
    assert labels[:2] == ["Your move", "Show my hand"]
    # Phase 1: placing a CU names a card kind from the hand (secret); ending the phase is public.
    assert "End Creation Units" in labels
    assert not any("Creation Unit" in lbl and lbl.startswith("Place") for lbl in labels)
    assert all(len(c) <= 100 for c in custom_ids(msg["view"]))


async def test_public_button_acts_and_strips_previous_message(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    first = bot.channel.sent[0]
    end = public_button(first, "End Creation Units")
    assert end.item.style == discord.ButtonStyle.danger  # on turn 1 it ends the whole turn: red, asked once
    ask = Interaction(ALICE, "Alice")
    await play.on_component(ask, end.custom_id, [])
    asked = ask.replies()[-1]
    assert asked["ephemeral"] and "ends your turn" in asked["content"] and len(bot.channel.sent) == 1
    yes = next(i.item for i in items(asked["view"]) if i.item.label.startswith("Yes: "))
    click = Interaction(ALICE, "Alice")
    await play.on_component(click, yes.custom_id, [])
    assert click.response.is_done()  # the click is answered (its panel, or silently)
    assert len(bot.channel.sent) == 2
    assert bot.channel.stripped == [(first["id"], {"view": None})]
    # The same button again is now stale: nothing is played, the clicker gets the current state.
    before = (await service.get(1)).version
    again = Interaction(ALICE, "Alice")
    await play.on_component(again, end.custom_id, [])
    assert (await service.get(1)).version == before
    assert again.replies()[-1]["content"].startswith(STALE)
    assert again.replies()[-1]["ephemeral"] is True
    assert again.edits == [{"view": None}]  # the stale message loses its buttons


async def test_strangers_and_wrong_players_change_nothing(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    msg = bot.channel.sent[0]
    version = (await service.get(1)).version
    for label in ("End Creation Units", "Your move", "Show my hand"):
        eve = Interaction(EVE, "Eve")
        await play.on_component(eve, public_button(msg, label).custom_id, [])
        [reply] = eve.replies()
        assert reply["ephemeral"] is True and "not playing in game #1" in reply["content"]
    assert (await service.get(1)).version == version
    assert len(bot.channel.sent) == 1


async def test_other_seat_cannot_use_someone_elses_button(table):
    bot, service, play, lobby = table
    await new_game(lobby, opponent="human")
    await lobby.join.callback(lobby, Interaction(BOB, "Bob"))
    await lobby.start.callback(lobby, Interaction(ALICE, "Alice"))
    msg = bot.channel.sent[-1]
    actor = msg["allowed_mentions"].users[0].id  # the dice chose who goes first
    other, actor_name = (BOB, "Alice") if actor == ALICE else (ALICE, "Bob")
    end = public_button(msg, "End Creation Units")
    assert parse_cid(end.custom_id).seat == (0 if actor == ALICE else 1)
    wrong = Interaction(other)
    await play.on_component(wrong, end.custom_id, [])
    assert f"belongs to {actor_name}" in wrong.replies()[0]["content"]
    wrong2 = Interaction(other)
    await play.on_component(wrong2, public_button(msg, "Your move").custom_id, [])
    assert f"not waiting on you; it waits on {actor_name}" in wrong2.replies()[0]["content"]
    assert (await service.get(1)).version == 0


async def test_hand_is_private(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    click = Interaction(ALICE, "Alice")
    await play.on_component(click, public_button(bot.channel.sent[0], "Show my hand").custom_id, [])
    [reply] = click.replies()
    assert reply["ephemeral"] is True and "Your hand in game #1" in reply["content"]
    assert "Your move" in [i.item.label for i in items(reply.get("view"))]


async def test_lobby_errors_and_abort_permissions(table):
    bot, service, play, lobby = table
    await new_game(lobby, opponent="human")
    with pytest.raises(TableError, match="already running here"):
        await new_game(lobby, opponent="human", user=BOB, name="Bob")
    # A refusal is answered ephemerally with the service's sentence.
    inter = Interaction(BOB, "Bob")
    await lobby.cog_app_command_error(inter, discord.app_commands.CommandInvokeError(
        lobby.new, TableError("A game of Psi Wars is already running here (game #1).")))
    assert inter.replies()[0]["ephemeral"] is True
    eve = Interaction(EVE, "Eve")
    await lobby.abort.callback(lobby, eve)
    assert "Manage Channels" in eve.replies()[0]["content"] and eve.replies()[0]["ephemeral"]
    assert (await service.get(1)).status == "lobby"
    mod = Interaction(EVE, "Eve", manage_channels=True)
    await lobby.abort.callback(lobby, mod)
    assert "aborted game #1" in mod.replies()[0]["content"]
    assert (await service.get(1)).status == "aborted"


async def test_status_and_list(table):
    bot, service, play, lobby = table
    empty = Interaction(ALICE)
    await lobby.status.callback(lobby, empty)
    assert "no game in this channel" in empty.replies()[0]["content"]
    await new_game(lobby)
    st = Interaction(ALICE)
    await lobby.status.callback(lobby, st)
    reply = st.replies()[0]
    assert reply["content"].startswith("<@111>: ") and reply["allowed_mentions"].users is False
    ls = Interaction(ALICE)
    await lobby.list_games.callback(lobby, ls)
    assert "#1 Intergalactic Psi Wars in <#500>" in ls.replies()[0]["content"]


async def click_panel(play, user, panel_reply, rng):
    """Pick a random action from a private panel, walking group selects and pages."""
    reply = panel_reply
    for _ in range(10):
        kids = items(reply.get("view"))
        assert kids, reply
        item = rng.choice(kids)
        cid = parse_cid(item.custom_id)
        inter = Interaction(user, ephemeral=True)
        if isinstance(item, ArbSelect):
            values = [rng.choice(item.item.options).value]
        else:
            values = []
            if item.item.disabled:
                continue
        await play.on_component(inter, item.custom_id, values)
        asked = inter.edits[-1] if inter.edits else {}
        if cid.kind in ("act", "pick") and str(asked.get("content", "")).startswith("⚠️"):
            reply = asked  # the move asks once: the next pick may be its red "Yes"
            continue
        if cid.kind in ("act", "pick", "ok"):
            return inter
        reply = inter.edits[-1]  # navigation edits the panel in place
    raise AssertionError("panel navigation never reached an action")


async def test_play_a_whole_game_through_the_panel(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    rng = random.Random(5)
    for _ in range(400):
        msg = bot.channel.sent[-1]
        if msg["content"].startswith("🏁"):
            break
        opener = Interaction(ALICE, "Alice")
        await play.on_component(opener, panel_button(msg).custom_id, [])
        panel = opener.replies()[-1]
        assert panel["ephemeral"] is True
        done = await click_panel(play, ALICE, panel, rng)
        assert any(e.get("content", "").startswith("✅ You chose") for e in done.edits)
    last = bot.channel.sent[-1]
    assert last["content"].startswith("🏁 Game #1"), "the game did not finish in 400 moves"
    assert [i.item.label for i in items(last["view"])] == ["Rematch"]  # the only button left
    seed = (await service.get(1)).seed
    assert seed and seed in last["content"]
    # Every turn message but the last lost its buttons; the others moves refreshed one in place.
    assert len(bot.channel.stripped) == len(bot.channel.sent) - 1
    assert bot.channel.edited and len(bot.channel.sent) < (await service.get(1)).version / 2


async def test_a_refused_post_is_explained_and_the_move_stands(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    end = public_button(bot.channel.sent[0], "End Creation Units")

    async def refuse(**kw):
        raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Access")

    bot.channel.send = refuse
    ask = Interaction(ALICE, "Alice")
    await play.on_component(ask, end.custom_id, [])  # it ends the turn, so it asks first
    yes = next(i.item for i in items(ask.replies()[-1]["view"]) if i.item.label.startswith("Yes: "))
    click = Interaction(ALICE, "Alice")
    await play.on_component(click, yes.custom_id, [])
    assert click.replies()[-1]["content"] == NOT_POSTED
    assert (await service.get(1)).version > 0


async def test_board_and_hand_images_are_attached(table, monkeypatch):
    import cogs.play

    calls = []

    async def fake_draw(name, game, view, **options):  # the worker pool's entry point, recorded
        calls.append((name.removeprefix("render_"), game, view.get("you")))
        return name.encode()

    monkeypatch.setattr(cogs.play, "draw", fake_draw)
    bot, service, play, lobby = table
    await new_game(lobby)
    assert bot.channel.sent[0]["file"].filename == "board.png"
    click = Interaction(ALICE, "Alice")
    await play.on_component(click, public_button(bot.channel.sent[0], "Show my hand").custom_id, [])
    assert click.replies()[0]["file"].filename == "hand.png"
    # The board is drawn from the public view (you=None), the hand from Alice's own (seat 0).
    assert calls == [("board", "psiwars", None), ("hand", "psiwars", 0)]


async def test_a_move_on_the_turn_message_brings_the_next_private_choices(table):
    """A public button that leaves the player choices the turn message cannot show answers with
    their panel (no extra click on "Your move"); when every next choice is on the message, no panel."""
    bot, service, play, lobby = table
    await new_game(lobby)
    for _ in range(40):
        acts = [i for i in items(bot.channel.sent[-1]["view"]) if parse_cid(i.custom_id).kind == "act"]
        click = Interaction(ALICE, "Alice")
        await play.on_component(click, acts[-1].custom_id, [])
        asked = click.replies()[-1] if click.replies() else {}
        if str(asked.get("content", "")).startswith("⚠️"):  # a red move: say yes
            yes = next(i.item for i in items(asked["view"]) if i.item.label.startswith("Yes: "))
            click = Interaction(ALICE, "Alice")
            await play.on_component(click, yes.custom_id, [])
        _, _, actions = await service.legal_for(1, str(ALICE))
        panels = [r for r in click.replies() if r.get("view") and r["content"].startswith("✅ You chose")]
        if actions and len(public_actions(actions)) < len(actions):
            [panel] = panels
            assert panel["ephemeral"] is True
            assert len(custom_ids(panel["view"])) >= min(len(actions), 2)
            return
        assert not panels
    raise AssertionError("no public move ever left private choices")


async def test_a_slow_panel_refresh_never_holds_up_the_next_turn_message(table):
    """Refreshing a waiting player's open panel happens after the turn message is up, outside its
    lock: a panel edit Discord is slow to take does not delay the game's next turn message."""
    bot, service, play, lobby = table
    await new_game(lobby, opponent="human")
    await lobby.join.callback(lobby, Interaction(BOB, "Bob"))
    await lobby.start.callback(lobby, Interaction(ALICE, "Alice"))
    first = (await service.current(1)).to_act[0]
    mover, waiter = (str(ALICE), str(BOB)) if first.user_id == str(ALICE) else (str(BOB), str(ALICE))
    released = asyncio.Event()

    class SlowPanel(Interaction):
        async def edit_original_response(self, **kw):
            await released.wait()  # Discord sits on this edit
            await super().edit_original_response(**kw)

    slow = SlowPanel(int(waiter))
    play._saw_panel(slow, 1)  # the waiting player has their panel open
    table_info = await service.get(1)
    update = await service.current(1)
    while not any(s.user_id == waiter for s in update.to_act):  # the mover plays until the waiter is asked
        version, move = await service.suggest(1, mover, policy="random")
        update = await service.act(1, mover, move, version=version)
    refreshing = asyncio.create_task(play.post_update(table_info, update, actor_id=mover))
    await asyncio.sleep(0.05)
    assert not refreshing.done() and not slow.edits  # stuck in the panel edit
    version, move = await service.suggest(1, waiter, policy="random")
    later = await service.act(1, waiter, move, version=version)
    posted = len(bot.channel.sent) + len(bot.channel.edited)
    await asyncio.wait_for(play.post_update(table_info, later, actor_id=waiter), timeout=5)
    assert len(bot.channel.sent) + len(bot.channel.edited) > posted  # the next turn message is up
    released.set()
    await refreshing
    assert slow.edits  # the refresh itself still lands


async def test_refreshes_of_one_panel_land_in_order_and_skip_the_outdated(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    released = asyncio.Event()

    class SlowPanel(Interaction):
        async def edit_original_response(self, **kw):
            await released.wait()
            await super().edit_original_response(**kw)

    panel = SlowPanel(ALICE)
    play._saw_panel(panel, 1)
    first = asyncio.create_task(play._refresh_panel(1, str(ALICE)))
    await asyncio.sleep(0.01)  # the first is with Discord now
    queued = [asyncio.create_task(play._refresh_panel(1, str(ALICE))) for _ in range(2)]
    await asyncio.sleep(0.01)
    released.set()
    await asyncio.gather(first, *queued)
    assert len(panel.edits) == 2  # the first, then only the newest of the two that waited
    assert not play._panel_tickets  # nothing left behind
