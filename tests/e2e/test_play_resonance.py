"""A whole three-player Resonance game through Discord: the World Weaving draft, the secret Codex
choice, attacks with their prompts for the defender, to the end; then the replay verifies."""

from __future__ import annotations

import random

from engine.core import get_game
from engine.resonance.cards import catalog
from engine.resonance.effects import card_name
from tests.e2e.helpers import (
    ChannelMeter,
    arbiter,
    fix_seed,
    is_finished,
    known_record,
    latest_turn,
    members_game,
    player_word_problems,
    random_walk,
    strings_in,
    written,
    written_since,
)


def hidden_names(state) -> set[str]:
    """Names of the cards in hands and Personal Codex decks: nobody but their owner may see them."""
    names = {card_name(c) for p in state.players for c in p.hand}
    return names | {catalog().codex[b].name for p in state.players for b in p.codex_deck}


async def test_three_members_play_resonance_to_the_end(fake, service, monkeypatch):
    fix_seed(monkeypatch, "resonance-e2e")
    rng = random.Random(7)
    members = [fake.add_member(n) for n in ("alice", "bob", "carol")]
    async with arbiter(fake, service):
        game_id = await members_game(fake, service, "resonance", members)
        meter = ChannelMeter(fake, service, game_id)
        await meter.start()

        async def around(member, turn, moves):
            """A public message may name a hidden card only if the move made it public."""
            state = get_game("resonance").load_state((await service.store.get_game(game_id)).state)
            secret, seen = hidden_names(state), written(fake)
            counted = await meter.around(member, turn, moves)

            async def no_leak(before):
                await counted(before)
                # A message posted by this move may name only what the move made public; an edited
                # turn message (or the final one, with its key moments) also retells earlier public lines.
                fresh = await known_record(service, game_id, before)
                told = await known_record(service, game_id, -1)
                for m in written_since(fake, seen):
                    if m.audience is not None:
                        continue
                    record = fresh if m.id not in seen and not is_finished(m) else told
                    shown = " ".join(strings_in(m.data))
                    leaks = {n for n in secret if n in shown and n not in record}
                    assert not leaks, f"move {moves}: public messages named hidden cards {leaks}"
            return no_leak

        moves, kinds = await random_walk(fake, service, game_id, rng, around=around)
        final = latest_turn(fake)
        assert is_finished(final), f"no result after {moves} moves"
        assert {"draft", "codex_primary", "codex_secondary", "turn"} <= kinds, kinds
        assert kinds & {"defend", "react", "reaction", "defensive", "sacrifice", "survivor", "reactive"}, kinds
        info = await service.get(game_id)
        assert info.status == "finished" and info.seed in final.content
        assert (await service.verify(game_id)).startswith("✅")
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    assert not (problems := meter.problems()), problems  # issue 12: a quiet channel, prompts that say what
    assert not fake.rejections, fake.rejections
