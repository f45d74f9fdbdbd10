"""A whole three-player Resonance game through Discord: the World Weaving draft, the secret Codex
choice, attacks with their prompts for the defender, to the end; then the replay verifies."""

from __future__ import annotations

import random

import pytest

from store import Store
from table import TableService
from tests.e2e.helpers import arbiter, fix_seed, is_finished, latest_turn, member_to_act, pick_from_panel


@pytest.fixture
async def service(tmp_path):
    svc = TableService(await Store.open(tmp_path / "arbiter.db"))
    yield svc
    await svc.close()


async def test_three_members_play_resonance_to_the_end(fake, service, monkeypatch):
    fix_seed(monkeypatch, "resonance-e2e")
    rng = random.Random(7)
    alice, bob, carol = (fake.add_member(n) for n in ("alice", "bob", "carol"))
    async with arbiter(fake, service):
        new = await fake.slash(alice, "game", "new", game="resonance")
        assert "opened a game" in new.content, new.content
        for member in (bob, carol):
            assert "joined" in (await fake.slash(member, "game", "join")).content
        start = await fake.slash(alice, "game", "start")
        assert "has begun" in start.content, start.content
        game_id = (await service.table_in(str(fake.channel.id))).game_id
        kinds, moves = set(), 0
        for _ in range(3000):
            turn = latest_turn(fake)
            if is_finished(turn):
                break
            member = member_to_act(fake, turn)
            assert member is not None, turn.content
            seat = await service.seat_of(game_id, str(member.id))
            own = await service.view(game_id, str(member.id))  # their private prompts by name
            kinds |= {d["kind"] for d in own["pending"] if d["seat"] == seat}
            before = (await service.get(game_id)).version
            panel = await fake.click(member, turn, "Your move" if "Your move" in str(turn.buttons)
                                     else next(b["label"] for b in turn.buttons if "arb:panel:" in b["custom_id"]))
            await pick_from_panel(fake, member, panel.followups[-1], rng)
            await fake.settle()
            assert (await service.get(game_id)).version > before, f"{member.name}'s move changed nothing"
            moves += 1
        final = latest_turn(fake)
        assert is_finished(final), f"no result after {moves} moves"
        assert {"draft", "codex_primary", "codex_secondary", "turn"} <= kinds, kinds
        assert kinds & {"defend", "react", "reaction", "defensive", "sacrifice", "survivor", "reactive"}, kinds
        info = await service.get(game_id)
        assert info.status == "finished" and info.seed in final.content
        assert (await service.verify(game_id)).startswith("✅")
    assert not fake.rejections, fake.rejections
