"""A private panel follows its player: when the game comes back to them, the panel they still
have open shows their new choices (no click on "Your move" first)."""

from __future__ import annotations

import random

from cogs.components import parse_cid
from tests.e2e.helpers import arbiter, button_of, human_game, latest_turn, member_to_act, pick_from_panel


def _live_versions(message) -> set[int]:
    cids = [parse_cid(c["custom_id"]) for c in [*message.buttons, *message.selects]]
    return {c.version for c in cids if c is not None and c.kind in ("act", "pick", "grp", "many")}


async def test_an_open_panel_shows_the_new_choices_when_the_game_comes_back(fake, service):
    rng = random.Random(3)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob, settings="lab hp=20")
        panels: dict[int, object] = {}  # member -> the panel they opened last
        checked = 0
        for _ in range(60):
            turn = latest_turn(fake)
            member = member_to_act(fake, turn)
            if member is None or turn.content.startswith("🏁"):
                break
            version = (await service.get(game_id)).version
            mine = panels.get(member.id)
            if mine is not None:  # it was someone else's move since: the panel was refreshed for this one
                panel = fake.find_message(mine.id)
                assert _live_versions(panel) == {version}, panel.content
                assert "only you can see this" in panel.content  # still their private panel, naming its subject
                checked += 1
            else:
                panel = (await fake.click(member, turn, button_of(turn, "panel")["custom_id"])).replies[-1]
                panels[member.id] = panel
            await pick_from_panel(fake, member, panel, rng)
            await fake.settle()
            if member_to_act(fake, latest_turn(fake)) is member:
                panels.pop(member.id, None)  # their own turn goes on: opened afresh next time, not checked
        assert checked >= 3
    assert not fake.rejections, fake.rejections


async def test_a_panel_and_a_move_are_answered_in_one_request_each(fake, service):
    """Opening the panel is answered with the panel itself, and a move from it by turning the
    panel into what was chosen: no separate acknowledgement first (each request costs a round
    trip to Discord and counts against its rate limits)."""
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        await human_game(fake, alice, bob, settings="lab hp=20")
        turn = latest_turn(fake)
        member = member_to_act(fake, turn)
        opened = await fake.click(member, turn, button_of(turn, "panel")["custom_id"])
        assert opened.response_type == 4 and [c.method for c in opened.calls] == ["POST"]
        panel = opened.replies[-1]
        assert panel.ephemeral and "only you can see this" in panel.content
        act = next(b for b in panel.buttons if parse_cid(b["custom_id"]).kind == "act")
        moved = await fake.click(member, panel, act["custom_id"])
        assert moved.response_type == 7 and moved.original.id == panel.id
        assert fake.find_message(panel.id).content.startswith("✅ You chose")
    assert not fake.rejections, fake.rejections
