"""A whole Gods & Clans game between two members through Discord (a short one: three rounds),
with issue 12's checks on the channel: a quiet channel, pings only when owed, prompts that say what."""

from __future__ import annotations

import random

from tests.e2e.helpers import (
    ChannelMeter,
    arbiter,
    fix_seed,
    is_finished,
    latest_turn,
    members_game,
    player_word_problems,
    random_walk,
)


async def test_two_members_play_a_short_clans_game_to_the_end(fake, service, monkeypatch):
    fix_seed(monkeypatch, "clans-e2e")
    rng = random.Random(5)
    members = [fake.add_member(n) for n in ("alice", "bob")]
    async with arbiter(fake, service):
        game_id = await members_game(fake, service, "clans", members, settings="setup=auto, max rounds=3")
        meter = ChannelMeter(fake, service, game_id)
        await meter.start()
        moves, kinds = await random_walk(fake, service, game_id, rng, around=meter.around)
        final = latest_turn(fake)
        assert is_finished(final), f"no result after {moves} moves"
        assert moves >= 6, moves
        assert (await service.verify(game_id)).startswith("✅")
    assert len(meter.per_turn) >= 6  # three rounds of two turns
    assert not (problems := meter.problems()), problems
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    assert not fake.rejections, fake.rejections
