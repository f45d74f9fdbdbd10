"""A whole three-player Resonance game through Discord: the World Weaving draft, the secret Codex
choice, attacks with their prompts for the defender, to the end; then the replay verifies."""

from __future__ import annotations

import random

from engine.core import get_game
from engine.resonance.cards import catalog
from engine.resonance.effects import card_name
from tests.e2e.helpers import (
    arbiter,
    button_of,
    fix_seed,
    is_finished,
    latest_turn,
    member_to_act,
    members_game,
    pick_from_panel,
    player_word_problems,
    strings_in,
    written,
    written_since,
)


def hidden_names(state) -> set[str]:
    """Names of the cards in hands and Personal Codex decks: nobody but their owner may see them."""
    names = {card_name(c) for p in state.players for c in p.hand}
    return names | {catalog().codex[b].name for p in state.players for b in p.codex_deck}


async def public_record(service, game_id: int, since: int) -> str:
    """Everything public about the game now: its public view and the public log after `since`."""
    view = await service.view(game_id, None)
    events = [e.text for e in await service.store.events(game_id, since_version=since) if e.visible_to is None]
    return " ".join([*strings_in(view), *events])


async def test_three_members_play_resonance_to_the_end(fake, service, monkeypatch):
    fix_seed(monkeypatch, "resonance-e2e")
    rng = random.Random(7)
    alice, bob, carol = (fake.add_member(n) for n in ("alice", "bob", "carol"))
    async with arbiter(fake, service):
        game_id = await members_game(fake, service, "resonance", [alice, bob, carol])
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
            state = get_game("resonance").load_state((await service.store.get_game(game_id)).state)
            secret = hidden_names(state)
            seen = written(fake)
            panel = await fake.click(member, turn, button_of(turn, "panel")["custom_id"])
            await pick_from_panel(fake, member, panel.followups[-1], rng)
            await fake.settle()
            assert (await service.get(game_id)).version > before, f"{member.name}'s move changed nothing"
            # A public message may name a hidden card only if the move made it public.
            record = await public_record(service, game_id, before)
            shown = " ".join(t for m in written_since(fake, seen) if m.audience is None for t in strings_in(m.data))
            leaks = {n for n in secret if n in shown and n not in record}
            assert not leaks, f"move {moves}: public messages named hidden cards {leaks}"
            moves += 1
        final = latest_turn(fake)
        assert is_finished(final), f"no result after {moves} moves"
        assert {"draft", "codex_primary", "codex_secondary", "turn"} <= kinds, kinds
        assert kinds & {"defend", "react", "reaction", "defensive", "sacrifice", "survivor", "reactive"}, kinds
        info = await service.get(game_id)
        assert info.status == "finished" and info.seed in final.content
        assert (await service.verify(game_id)).startswith("✅")
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    assert not fake.rejections, fake.rejections
