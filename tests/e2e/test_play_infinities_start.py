"""The Infinities start tile through Discord: the panel asks for a side of the Rift first, then
how to turn the tile there, and the click places it."""

from __future__ import annotations

import random

from cogs.components import parse_cid
from engine.core import get_game
from engine.infinities.actions import PlaceStart
from engine.infinities.state import RIFT_AT, neighbour
from tests.e2e.helpers import (
    arbiter,
    button_of,
    fix_seed,
    members_game,
    walk_until,
)


def _kind(comp) -> str | None:
    cid = parse_cid(comp["custom_id"])
    return cid.kind if cid else None


async def test_the_start_tile_is_a_side_of_the_rift_then_a_turn(fake, service, monkeypatch):
    fix_seed(monkeypatch, "infinities-start-tile")
    rng = random.Random(4)
    members = [fake.add_member(n) for n in ("ann", "bo")]
    async with arbiter(fake, service):
        game_id = await members_game(fake, service, "infinities", members)

        async def placing(member) -> bool:  # the world and the leaders come first
            _, _, legal = await service.legal_for(game_id, str(member.id))
            return bool(legal) and all(isinstance(a, PlaceStart) for a in legal)

        turn, member = await walk_until(fake, rng, placing, limit=12)
        version, seat, legal = await service.legal_for(game_id, str(member.id))

        panel = (await fake.click(member, turn, button_of(turn, "panel")["custom_id"])).replies[-1]
        assert "Rift" in panel.content or "tile" in panel.content  # the panel names what it is about
        [sides] = [s for s in panel.selects if _kind(s) == "grp"]
        offered = [o["label"] for o in sides["options"]]
        assert len(offered) == len({a.dir for a in legal})  # one entry per free side of the Rift
        assert all(label.startswith("Your tile ") and " of the Rift (" in label for label in offered)

        side = sides["options"][-1]
        await fake.choose(member, panel, [side["value"]], select=sides["custom_id"])
        panel = fake.find_message(panel.id)  # now the turns of a tile on that side
        where = side["label"].removeprefix("Your tile ").split(" (")[0]  # "west of the Rift"
        turns = [b for b in panel.buttons if _kind(b) == "act"]
        assert turns and all(b["label"].startswith(f"Place your tile {where}, turned ") for b in turns)
        assert any(b["label"] == "Back" for b in panel.buttons)

        chosen = turns[-1]
        result = await fake.click(member, panel, chosen["custom_id"])
        await fake.settle()
        assert not result.failed
        assert (await service.get(game_id)).version > version
        move = legal[parse_cid(chosen["custom_id"]).index]
        assert move.label() == chosen["label"]
        state = get_game("infinities").load_state((await service.store.get_game(game_id)).state)
        spot = neighbour(RIFT_AT, move.dir)  # the chosen side, turned as chosen, and the leader on it
        assert state.players[seat].pos == spot and state.board[spot].rot == move.rot
    assert not fake.rejections, fake.rejections
