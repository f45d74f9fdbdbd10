"""The real discord.py client running our cogs against the fake Discord on 127.0.0.1."""

from __future__ import annotations

import discord
import pytest

from bot import create_bot
from cogs.components import parse_cid
from engine.core.registry import get_game
from store import Store
from table import TableService
from tests.e2e.helpers import latest_turn, pick_from_panel
from tests.fakediscord import FakeDiscord, LoopbackGuard, bot_session


@pytest.fixture(autouse=True)
def loopback_only():
    with LoopbackGuard() as guard:
        yield guard
    assert not guard.blocked


@pytest.fixture
async def service(tmp_path):
    svc = TableService(await Store.open(tmp_path / "e2e.db"))
    yield svc
    await svc.close()


def panel_key(msg, fake=None):
    """The custom id of a turn message's "Your move" button; with `fake`, a missing one fails
    with every message and edit the channel saw (a rare CI failure left too little to go on)."""
    found = [b["custom_id"] for b in msg.buttons if getattr(parse_cid(b["custom_id"]), "kind", None) == "panel"]
    if not found and fake is not None:
        def labels(payload):
            return [b.get("label") for row in payload.get("components") or [] for b in row.get("components", [])]
        seen = [f"{m.id}{' (ephemeral)' if m.audience else ''}: " + " | ".join(
            f"{(v.get('content') or '')[:50]!r} {labels(v)}" for v in [*m.versions, m.data]) for m in fake.history()]
        raise AssertionError(f"no Your move button on {msg!r}; the channel saw:\n" + "\n".join(seen))
    return found[0]


async def test_solo_game_over_the_gateway(service):
    async with FakeDiscord.running() as fake:
        alice = fake.add_member("alice")
        eve = fake.add_member("eve")
        async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
            choices = await fake.autocomplete(alice, "game", "new", focused="game", game="psi")
            assert [c["value"] for c in choices.choices] == ["psiwars"]
            new = await fake.slash(alice, "game", "new", game="psiwars", opponent="ai")
            assert "against the AI" in new.content and not new.failed
            turn = fake.history()[-1]
            assert turn.content.startswith(f"<@{alice.id}>")
            # Eve is not playing: her clicks change nothing and she is told why, privately.
            stranger = await fake.click(eve, turn, panel_key(turn))
            assert stranger.replies[0].ephemeral and "not playing" in stranger.replies[0].content
            panel = await fake.click(alice, turn, panel_key(turn))
            assert panel.replies[0].ephemeral and panel.replies[0].buttons
            hand = await fake.click(alice, turn, "Show my hand")
            assert hand.replies[0].ephemeral and "Your hand" in hand.replies[0].content
            # Play the first listed action from the private panel: alice plays on, so her turn
            # message is refreshed in place (edited, no new ping) with the new state's buttons.
            before, old_key = len(fake.find_message(turn.id).versions), panel_key(turn)
            first = panel.replies[0].buttons[0]
            done = await fake.click(alice, panel.replies[0], first["custom_id"])
            assert not done.failed
            await fake.wait_for(lambda: len(fake.find_message(turn.id).versions) > before, timeout=5)
            # The live turn message carries the new version's button: this one edited in place
            # (the usual case), or a new one with the old one stripped (CI once saw the latter).
            live = latest_turn(fake)
            assert old_key != panel_key(live, fake)
            assert live.id == turn.id or not fake.find_message(turn.id).buttons
            # The old message's button is stale now.
            status = await fake.slash(alice, "game", "status")
            assert not status.failed
        assert not fake.rejections, fake.rejections


async def test_abort_needs_creator_or_manage_channels(service):
    async with FakeDiscord.running() as fake:
        alice = fake.add_member("alice")
        bob = fake.add_member("bob")
        mod = fake.add_member("mod", permissions=discord.Permissions(manage_channels=True).value)
        async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
            await fake.slash(alice, "game", "new", game="psiwars")
            refused = await fake.slash(bob, "game", "abort")
            assert refused.ephemeral and "Manage Channels" in refused.content
            join = await fake.slash(bob, "game", "join")
            assert "joined" in join.content
            busy = await fake.slash(bob, "game", "new", game="psiwars")
            assert busy.ephemeral and "already" in busy.content
            ok = await fake.slash(mod, "game", "abort")
            assert "aborted game #1" in ok.content and not ok.ephemeral
        assert not fake.rejections, fake.rejections




async def test_whole_game_over_the_gateway_and_stale_buttons(service):
    import random

    rng = random.Random(11)
    async with FakeDiscord.running() as fake:
        alice = fake.add_member("alice")
        async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
            await fake.slash(alice, "game", "new", game="psiwars", opponent="ai")
            status = await fake.slash(alice, "game", "status")
            old = status.messages[-1]
            moves = 0
            for _ in range(400):
                turn = latest_turn(fake)  # posted anew, or refreshed in place while alice plays on
                if not turn.components or turn.content.startswith("🏁"):
                    break
                assert turn.content.startswith(f"<@{alice.id}>")
                opened = await fake.click(alice, turn, panel_key(turn))
                before = (await service.get(1)).version
                await pick_from_panel(fake, alice, opened.replies[0], rng)
                await fake.settle()
                assert (await service.get(1)).version > before
                moves += 1
            final = latest_turn(fake)
            assert moves > 5 and (await service.get(1)).version > 10  # a click may play two moves (a joined pair)
            assert final.content.startswith("🏁 Game #1"), final.content
            assert (await service.get(1)).seed in final.content
            # The /game status reply still has its buttons: clicking one now is stale.
            stale = await fake.click(alice, old, "Show my hand")
            assert stale.replies[0].ephemeral
            # The game is over, so the click is refused with the rule that ended it (and its Why?).
            stale = await fake.click(alice, old, panel_key(old))
            end_rule = get_game("psiwars").end_rule
            assert stale.replies[0].content.startswith(f"{end_rule}: Game #1 is over")
            assert [b["label"] for b in stale.replies[0].buttons] == ["Why?"]
            assert not fake.find_message(old.id).components  # and it lost its buttons
        assert not fake.rejections, fake.rejections
