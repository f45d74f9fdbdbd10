"""A whole three-player Grand Saga Futura game through Discord, every move picked at random from the
members' panels, to the end; then the replay verifies. Privacy is checked at every move: no payload
names a card from a hand or a station inventory (or unrevealed gear) to someone it is hidden from,
unless that name is public anyway (the same design can sit face up elsewhere)."""

from __future__ import annotations

import random

from cogs.components import parse_cid
from engine.core import get_game
from tests.e2e.helpers import (
    ChannelMeter,
    arbiter,
    button_of,
    confirm_if_asked,
    fix_seed,
    is_finished,
    known_record,
    latest_turn,
    member_to_act,
    members_game,
    player_word_problems,
    strings_in,
    written,
    written_since,
)

GAME = get_game("futura")


async def lean_pick(fake, user, panel, rng):
    """A random walk through the panel that leans towards the Assault bay and away from ending the
    turn, so that a random game has engagements (and their off-turn prompts) to check."""
    for _ in range(10):
        comps = [c for c in panel.buttons if not c.get("disabled")] + panel.selects
        options = [(c, o) for c in comps if c["type"] == 3 for o in c["options"]] + [
            (c, None) for c in comps if c["type"] != 3]

        def weight(pair):
            words = (pair[1] or pair[0]).get("label", "")
            return 6 if any(w in words for w in ("Assault", "assault", "bay", "Fight")) else (
                0.3 if "End turn" in words else 1)

        comp, option = rng.choices(options, weights=[weight(x) for x in options])[0]
        if option is not None:
            result = await fake.choose(user, panel, [option["value"]], select=comp["custom_id"])
        else:
            result = await fake.click(user, panel, comp["custom_id"])
        assert not result.failed
        if parse_cid(comp["custom_id"]).kind in ("act", "pick"):
            return await confirm_if_asked(fake, user, result, panel)
        panel = fake.find_message(panel.id)
    raise AssertionError("never reached an action")


def hidden_names(state, viewer: int | None) -> set[str]:
    """Names of the cards `viewer` may not see: other hands, unseen station inventories, unrevealed gear."""
    return {state.card(uid).name for uid in GAME.hidden_tokens(state, viewer)}


async def test_three_members_play_futura_to_the_end(fake, service, monkeypatch):
    fix_seed(monkeypatch, "futura-e2e")
    rng = random.Random(11)
    members = [fake.add_member(n) for n in ("alice", "bob", "carol")]
    async with arbiter(fake, service):
        game_id = await members_game(fake, service, "futura", members)
        seats = {m.id: await service.seat_of(game_id, str(m.id)) for m in members}
        meter = ChannelMeter(fake, service, game_id)
        await meter.start()
        kinds, moves, checked = set(), 0, 0
        for _ in range(4000):
            turn = latest_turn(fake)
            if is_finished(turn):
                break
            member = member_to_act(fake, turn)
            assert member is not None, turn.content
            state = GAME.load_state((await service.store.get_game(game_id)).state)
            kinds |= {d.kind for d in state.pending}
            before = state.version
            seen = written(fake)
            counted = await meter.around(member, turn, moves)
            panel = await fake.click(member, turn, button_of(turn, "panel")["custom_id"])
            await lean_pick(fake, member, panel.replies[-1], rng)
            await fake.settle()
            await counted(before)
            assert (await service.get(game_id)).version > before, f"{member.name}'s move changed nothing"
            for m in written_since(fake, seen):
                viewers = [None] if m.audience is None else [seats.get(uid) for uid in m.audience]
                for viewer in viewers:
                    secret = hidden_names(state, viewer)
                    shown = " ".join(strings_in(m.data))
                    checked += bool(secret)
                    suspects = {n for n in secret if n in shown}
                    if not suspects:
                        continue
                    # The same design may sit face up elsewhere, or the move may have shown it.
                    who = None if viewer is None else str(next(k for k, v in seats.items() if v == viewer))
                    known = await known_record(service, game_id, before, who)
                    if who is not None:  # and what their own open prompt tells them (a card offered to them)
                        known += " ".join(await service.briefing(game_id, who))
                    leaks = {n for n in suspects if n not in known}
                    assert not leaks, f"move {moves}: seat {viewer} was shown hidden cards {leaks}"
            moves += 1
        final = latest_turn(fake)
        assert is_finished(final), f"no result after {moves} moves"
        assert checked, "no payload was ever checked against a hidden card"
        assert {"turn", "engagement"} <= kinds, kinds
        assert kinds & {"effect", "summon", "trade", "ensigil", "claim", "crystal"}, kinds  # off-turn prompts
        info = await service.get(game_id)
        assert info.status == "finished" and info.seed in final.content
        assert (await service.verify(game_id)).startswith("✅")
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    assert not (problems := meter.problems()), problems  # issue 12: a quiet channel, prompts that say what
    assert not fake.rejections, fake.rejections
