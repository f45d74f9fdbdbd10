"""A whole three-player Infinities game through Discord: set-up (world, leader, exploration,
deployment), action rolls, Main-phase actions and their off-turn prompts, End phases, to the end;
every payload the bot wrote is scanned so no hand card reaches anyone but its holder."""

from __future__ import annotations

import dataclasses
import random

from engine.infinities.cards import card, catalog
from engine.infinities.state import InfState
from tests.e2e.helpers import (
    ChannelMeter,
    PayloadLog,
    arbiter,
    button_of,
    fix_seed,
    is_finished,
    latest_turn,
    members_game,
    player_word_problems,
    random_walk,
)

NAMES = {c.name for c in catalog().cards.values()}


def names(cards) -> set[str]:
    return {card(c).name for c in cards}


def public_names(s: InfState) -> set[str]:
    """Face up: every group and timeline, and the top card of each discard pile (I25)."""
    up = set().union(*(names(p.group + p.timeline) for p in s.players))
    return up | names(pile.discard[-1] for pile in s.piles.values() if pile.discard)


def secret_names(s: InfState, viewer: int | None) -> set[str]:
    """Hands (but one's own) and the faction decks; a name the viewer holds is not secret from them."""
    hidden = set().union(*(names(p.hand) for t, p in enumerate(s.players) if t != viewer))
    hidden |= set().union(*(names(pile.deck) for pile in s.piles.values()))
    own = names(s.players[viewer].hand) if viewer is not None else set()
    return hidden - own


def named_in(text: str) -> set[str]:
    """A public event that names a card (played, destroyed, discarded, revealed) makes it public."""
    return {n for n in NAMES if n in text}


def test_card_names_are_not_tile_or_leader_names():
    cat = catalog()
    others = {ld.name for ld in cat.leaders.values()} | {s.name for t in cat.tiles.values()
                                                        for s in (t.side_a, t.side_b)}
    assert not NAMES & others  # otherwise the scan would flag a tile or a leader as a card


async def test_three_members_play_infinities_to_the_end_and_no_hand_leaks(fake, service, monkeypatch):
    fix_seed(monkeypatch, "infinities-e2e")
    rng = random.Random(11)
    members = [fake.add_member(n) for n in ("alice", "bob", "carol")]
    log = PayloadLog(fake, service.store, load=InfState.model_validate_json, public_of=public_names,
                     secret_of=secret_names, revealed_by=named_in)
    with log:
        async with arbiter(fake, service):
            game_id = await members_game(fake, service, "infinities", members)
            log.seats = {int(s.user_id): s.seat for s in (await service.get(game_id)).seats}
            meter = ChannelMeter(fake, service, game_id)
            await meter.start()

            async def around(member, turn, moves):
                if moves % 25 == 0 and button_of(turn, "hand"):  # now and then a look at the hand
                    hand = await fake.click(member, turn, button_of(turn, "hand")["custom_id"])
                    assert hand.replies[-1].ephemeral
                return await meter.around(member, turn, moves)

            moves, kinds = await random_walk(fake, service, game_id, rng, around=around)
            final = latest_turn(fake)
            assert is_finished(final), f"no result after {moves} moves"
            info = await service.get(game_id)
            assert info.status == "finished" and info.seed in final.content
            assert (await service.verify(game_id)).startswith("✅")
    assert {"world", "leader", "explore", "deploy", "roll", "main", "end"} <= kinds, kinds
    assert kinds & {"move", "target", "discover", "reaction"}, kinds
    assert log.leaks() == []
    assert not (problems := meter.problems()), problems  # issue 12: a quiet channel, prompts that say what
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    public = [s for s in log.sent if s.audience is None and s.state >= 0]
    assert len(public) > moves and all(log.hidden(s, None) for s in public)  # the scan had secrets to find
    assert any(name.endswith(".png") for s in public for name, _ in s.files)
    for m in members:  # their private panels name their own cards: the scanner would catch them in public
        private = [s for s in log.sent if s.audience == frozenset({m.id}) and s.state >= 0]
        assert private and log.leaks([dataclasses.replace(s, audience=None) for s in private]), m.name
    assert not fake.rejections, fake.rejections
