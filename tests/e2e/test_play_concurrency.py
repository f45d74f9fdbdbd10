"""Two clicks at the same instant (asyncio.gather): exactly one move applies, once.

"Once" is checked three ways: the version rose by exactly one, exactly one action was logged and
it is the clicked one, and the public view equals the engine applying that one action to the
state before the clicks. Every other click is answered privately.
"""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from cogs.components import parse_cid
from cogs.play import STALE
from engine.core import get_game
from tests.e2e.helpers import (
    arbiter,
    button_of,
    fix_seed,
    human_game,
    latest_turn,
    member_to_act,
    open_panel,
    panel_actions,
    turn_messages,
)

PSIWARS = get_game("psiwars")


def together(service, monkeypatch, name: str, callers: int) -> asyncio.Event:
    """Hold each of the first `callers` calls of `service.<name>` until all have arrived, so the
    clicks race for the game whatever the scheduling (reads answered from memory return at once).
    Returns the event set when they all did; a call never waits more than a few seconds."""
    arrived = asyncio.Event()
    original = getattr(service, name)
    count = 0

    async def held(*args, **kwargs):
        nonlocal count
        count += 1
        if count >= callers:
            arrived.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(arrived.wait(), 5)
        return await original(*args, **kwargs)

    monkeypatch.setattr(service, name, held)
    return arrived


def refusal(result) -> str | None:
    """The private answer a click got instead of a move, if any."""
    private = [m.content for m in result.replies if m.ephemeral]
    return private[-1] if private else None


@pytest.mark.parametrize("who", [
    "the mover twice on the public button",
    "the mover twice on the panel button",
    "the mover and the other player",
    "the mover and a stranger",
    "the mover, two different moves",
])
async def test_simultaneous_clicks_apply_one_move(fake, service, monkeypatch, who):
    fix_seed(monkeypatch)
    # The race is the point here, not the warning "End Creation Units" earns on turn 1 (it ends the turn).
    monkeypatch.setattr(type(PSIWARS), "danger", lambda self, state, action: None)
    alice, bob, eve = (fake.add_member(n) for n in ("alice", "bob", "eve"))
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob, settings="lab hp=20")
        turn = latest_turn(fake)
        mover = member_to_act(fake, turn)
        other = alice if mover is bob else bob
        panel = await open_panel(fake, mover, turn)
        public = button_of(turn, "act")  # "End Creation Units"
        secret = next(o for o in panel_actions(panel) if o.custom_id != public["custom_id"])  # "Place a ..."
        clicks = {
            "the mover twice on the public button": [(mover, turn, public["custom_id"])] * 2,
            "the mover twice on the panel button": [(mover, panel, secret.custom_id)] * 2,
            "the mover and the other player": [(mover, turn, public["custom_id"]), (other, turn, public["custom_id"])],
            "the mover and a stranger": [(eve, turn, public["custom_id"]), (mover, turn, public["custom_id"])],
            "the mover, two different moves": [(mover, panel, secret.custom_id), (mover, turn, public["custom_id"])],
        }[who]
        row = await service.store.get_game(game_id)
        state = PSIWARS.load_state(row.state)
        candidates = {cid: PSIWARS.legal_actions(state, parse_cid(cid).seat)[parse_cid(cid).index]
                      for _, _, cid in clicks}
        posted = len(turn_messages(fake))

        both_read = together(service, monkeypatch, "panel_facts", 2)
        first_call = len(fake.calls)
        results = await asyncio.gather(*(fake.click(user, msg, cid) for user, msg, cid in clicks))
        assert both_read.is_set()  # both clicks read the game before either moved: a real race
        calls = fake.calls[first_call:]
        acks = [i for i, c in enumerate(calls) if c.path.startswith("/interactions/")]
        assert len(acks) == 2, calls

        assert not any(r.failed for r in results)
        after = await service.get(game_id)
        assert after.version == row.version + 1
        actions = [a for a in await service.store.actions(game_id) if a.seq >= row.version]
        assert len(actions) == 1 and actions[0].user_id == str(mover.id)
        applied = PSIWARS.parse_action(actions[0].action)
        assert applied in candidates.values()
        expected, _ = PSIWARS.apply(state, applied)
        assert await service.view(game_id, None) == PSIWARS.view(expected, None)
        assert len(turn_messages(fake)) <= posted + 1  # at most one new turn message for the one move
        assert f"arb:panel:{game_id}:{after.version}" in str(latest_turn(fake).components)

        answers = sorted(filter(None, map(refusal, results)))
        assert len(answers) == 1, answers  # the other click was refused, privately
        turn_rule = PSIWARS.turn_rule  # out-of-turn refusals cite it
        assert answers[0].startswith((STALE, f"{turn_rule}: This choice belongs to",
                                      f"{turn_rule}: You are not playing")), answers
        if who == "the mover and a stranger":
            assert answers[0].startswith(f"{turn_rule}: You are not playing in game #{game_id}")
        if who == "the mover and the other player":
            assert answers[0] == f"{turn_rule}: This choice belongs to {mover.name}, not to you."
    assert not fake.rejections, fake.rejections
