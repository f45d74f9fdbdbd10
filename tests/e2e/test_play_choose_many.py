"""A "choose N" decision is one submit: Resonance's four left-out Codex blocks in one select."""

from __future__ import annotations

import random

from cogs.components import parse_cid
from engine.core import get_game
from engine.resonance.cards import catalog
from tests.e2e.helpers import (
    arbiter,
    button_of,
    fix_seed,
    members_game,
    walk_until,
)


async def pending_kinds(service, game_id, member) -> tuple[int, list]:
    seat = await service.seat_of(game_id, str(member.id))
    mine = [p for p in await service.prompts(game_id, str(member.id)) if p.seat == seat]
    return seat, mine


async def test_the_four_left_out_codex_blocks_are_one_select_and_one_submit(fake, service, monkeypatch):
    fix_seed(monkeypatch, "resonance-many")
    rng = random.Random(2)
    members = [fake.add_member(n) for n in ("alice", "bob")]
    async with arbiter(fake, service):
        game_id = await members_game(fake, service, "resonance", members)

        async def dropping(member) -> bool:  # the draft and the colours come first
            _, mine = await pending_kinds(service, game_id, member)
            return bool(mine) and mine[0].kind == "codex_drop"

        turn, member = await walk_until(fake, rng, dropping)
        _, mine = await pending_kinds(service, game_id, member)
        assert mine[0].picks == 4
        panel = (await fake.click(member, turn, button_of(turn, "panel")["custom_id"])).replies[-1]
        [many] = [s for s in panel.selects if parse_cid(s["custom_id"]).kind == "many"]
        assert many["min_values"] == many["max_values"] == 4 and len(many["options"]) == 14
        assert all(o["label"].startswith("Leave out ") for o in many["options"])
        before = (await service.get(game_id)).version
        chosen = [o["value"] for o in many["options"][:4]]
        result = await fake.choose(member, panel, chosen, select=many["custom_id"])
        await fake.settle()
        assert not result.failed
        assert (await service.get(game_id)).version == before + 4  # four moves, one submit
        _, mine = await pending_kinds(service, game_id, member)
        assert not any(p.kind == "codex_drop" for p in mine)
        seat = await service.seat_of(game_id, str(member.id))
        state = get_game("resonance").load_state((await service.store.get_game(game_id)).state)
        left_out = {catalog().codex[b].name for b in state.players[seat].codex_dropped}
        assert left_out == {o["label"].removeprefix("Leave out ") for o in many["options"][:4]}
    assert not fake.rejections, fake.rejections
