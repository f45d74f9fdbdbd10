"""A restart: the bot process stops and a new one (new store connection, service and bot) logs in
to the same Discord, whose channel history is kept. Buttons posted before still work."""

from __future__ import annotations

from cogs.components import parse_cid
from engine.core import get_game
from store import Store
from table import TableService
from tests.e2e.helpers import (
    arbiter,
    button_of,
    confirm_if_asked,
    fix_seed,
    human_game,
    latest_turn,
    legal_action,
    member_to_act,
    open_panel,
    panel_actions,
    play_game,
)

PSIWARS = get_game("psiwars")


async def test_buttons_posted_before_a_restart_still_work(fake, monkeypatch, tmp_path):
    fix_seed(monkeypatch)
    db = tmp_path / "arbiter.db"
    alice, bob = fake.add_member("alice"), fake.add_member("bob")

    service = TableService(await Store.open(db))
    try:
        async with arbiter(fake, service):
            game_id = await human_game(fake, alice, bob, settings="lab hp=20")
            await play_game(fake, service, game_id, stop_after=4)
            await play_game(fake, service, game_id, until=lambda t: button_of(t, "act") is not None)
            status = (await fake.slash(alice, "game", "status")).messages[-1]
            turn = latest_turn(fake)  # the turn message the next move is made from, after the restart
            version = (await service.get(game_id)).version
    finally:
        await service.close()  # the process is gone: nothing of it survives but the database file
    assert fake.connections == 1 and button_of(turn, "act") is not None

    service = TableService(await Store.open(db))
    try:
        async with arbiter(fake, service):
            assert fake.connections == 2  # a new gateway session, same guild and history
            member = member_to_act(fake, turn)
            assert member is not None
            # The old message's panel button opens the panel...
            panel = await open_panel(fake, member, turn)
            assert panel_actions(panel) and {parse_cid(o.custom_id).version for o in panel_actions(panel)} == {version}
            # ...and its public action button applies the move.
            button = button_of(turn, "act")
            cid = parse_cid(button["custom_id"])
            expected = await legal_action(service, game_id, cid.seat, cid.index)
            assert expected.label() == button["label"]
            moved = await confirm_if_asked(fake, member, await fake.click(member, turn, button["custom_id"]))
            assert not moved.failed and not moved.replies  # no refusal, nothing private to say
            assert (await service.get(game_id)).version == version + 1
            assert latest_turn(fake).id != turn.id  # a new turn message
            last = (await service.store.actions(game_id))[-1]
            assert last.seq == version and last.user_id == str(member.id)
            assert PSIWARS.parse_action(last.action) == expected

            # The store remembered the old turn message, so the restarted bot retired its buttons.
            assert not turn.components
            # "Show my hand" on the status reply from before the restart still answers.
            hand = await fake.click(bob, status, button_of(status, "hand")["custom_id"])
            assert hand.replies[-1].ephemeral and hand.replies[-1].content.startswith(f"Your hand in game #{game_id}")

            # The game goes on from the new turn message as usual.
            more = await play_game(fake, service, game_id, stop_after=4)
            assert len(more) == 4 and (await service.get(game_id)).version == version + 5
    finally:
        await service.close()
    assert not fake.rejections, fake.rejections
