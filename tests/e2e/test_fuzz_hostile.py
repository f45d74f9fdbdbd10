"""Hostile input through the fake Discord: every command option and every component gets values a
modified client could send (6,000-character strings, control and bidi characters, 1e308, NaN,
2**64, values outside the choices, forged and malformed custom ids, forged select values).

Done when: 0 unanswered interactions, 0 payloads over a Discord limit (the fake refuses those),
0 ERROR logs, and 0 public messages changed by a forged click.
"""

from __future__ import annotations

import logging
import random

import discord
import pytest

from tests.e2e.helpers import arbiter, button_of, fix_seed, human_game, latest_turn, member_to_act

LONG = "x" * 6000
STRINGS = [LONG, "y" * 1999, "z" * 2001, "", "\u202egnp.lissim", "a\x00b\x1b[2J", "\u200b" * 300,
           "🎲" * 1500, "e\u0301" * 900, "@everyone <@&1> <#1>", "'; DROP TABLE games; --", "arb:act:1:0:0:0"]
NUMBERS = [2 ** 63, 10 ** 20, -(2 ** 64), 2 ** 53 + 1, 1e308, -1e308, float("inf"), float("-inf"), float("nan"),
           -1, 0, 5e-324]
WRONG_TYPE = ["abc", True, None]
FORGED_IDS = ["arb:act:1:0:0:-1", "arb:act:99999999999999999999:0:0:0", f"arb:hand:{2 ** 63}", "arb:hand:１",
              "arb:req:1", "arb:req:1:2:3", "arb:cnc", "arb:rm:x", "arb:undo:" + "9" * 40, "x" * 100, "",
              "arb:nav:1:0:0:-:99999999", "arb:rule:psiwars:rule:" + "q" * 78, "arb:grp:1:0:0", "arb:pick:1:0:0:0"]
FORGED_VALUES = [["abc"], ["-1"], ["9" * 90], ["0", "1"], [], ["\u202e"], ["99"]]


def leaf_commands(specs: list[dict], path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], list[dict]]]:
    """(command path, its options) for every slash command the bot synced."""
    out = []
    for spec in specs:
        here = (*path, spec["name"])
        subs = [o for o in spec.get("options") or [] if o["type"] in (1, 2)]
        if subs:
            out += leaf_commands(subs, here)
        else:
            out.append((here, [o for o in spec.get("options") or [] if o["type"] not in (1, 2)]))
    return out


def benign(option: dict, fake, other):
    """A value the real client could send, for the required options beside the hostile one."""
    if option.get("choices"):
        return option["choices"][0]["value"]
    return {3: "psiwars", 4: 1, 5: False, 6: other, 7: fake.channel, 10: 1.0}.get(option["type"])


def hostile(option: dict, rng: random.Random) -> list:
    values = {3: STRINGS, 4: NUMBERS + WRONG_TYPE[:1], 10: NUMBERS + WRONG_TYPE[:1], 5: ["yes", 2]}.get(option["type"], [])
    return rng.sample(values, min(len(values), 6)) + ([LONG] if option["type"] == 3 else [])


def public_state(fake) -> dict[int, tuple]:
    """Every public message as it stands: what a forged click must never change."""
    return {m.id: (m.content, repr(m.components), len(m.versions), m.deleted)
            for m in fake.history() if m.audience is None}


def answered(result) -> None:
    assert not result.failed and result.acked, f"unanswered: {str(result.payload['data'])[:300]}"


@pytest.fixture
def errors(caplog):
    caplog.set_level(logging.ERROR)
    yield caplog
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


async def test_hostile_options_and_forged_clicks_change_nothing(fake, service, monkeypatch, errors):
    fix_seed(monkeypatch)
    rng = random.Random(18)
    alice, bob, eve = (fake.add_member(n) for n in ("alice", "bob", "eve"))
    mod = fake.add_member("mod", permissions=discord.Permissions(manage_channels=True).value)
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob, settings="lab hp=20")
        version = (await service.get(game_id)).version
        commands = leaf_commands(fake.commands[fake.guild_id])
        assert len(commands) >= 20

        # Every option of every command, as a stranger and as a moderator.
        sent = 0
        for path, options in commands:
            for option in options:
                others = {o["name"]: benign(o, fake, bob) for o in options if o.get("required") and o is not option}
                for value in hostile(option, rng):
                    user = mod if sent % 3 == 0 else eve
                    result = await fake.forge_command(user, *path, raw={option["name"]: value}, options=others)
                    answered(result)
                    sent += 1
                if option.get("autocomplete"):
                    for typed in (LONG, "\u202e" * 10, ""):
                        values = {**others, option["name"]: typed}
                        result = await fake.autocomplete(eve, *path, focused=option["name"], options=values)
                        answered(result)
        assert sent >= 150
        assert (await service.get(game_id)).version == version  # no option moved the game
        assert (await service.get(game_id)).config.get("clock") is None  # no endless clock was saved
        settings = await fake.slash(mod, "game", "settings", options={"server_default": True})
        assert "1 day a move" in settings.content  # the server defaults still read, unchanged

        # Forged and malformed clicks on the public turn message and on a private panel.
        turn = latest_turn(fake)
        mover = member_to_act(fake, turn)
        panel = (await fake.click(mover, turn, button_of(turn, "panel")["custom_id"])).replies[0]
        real_ids = [c["custom_id"] for m in (turn, panel) for c in m.buttons + m.selects]
        forged = FORGED_IDS + [f"{cid}:1" for cid in real_ids] + [cid.replace(f":{game_id}:", ":4242:", 1)
                                                                  for cid in real_ids]
        before = public_state(fake)
        for message in (turn, panel):
            for user in (mover, eve, bob if mover is alice else alice):
                if not message.visible_to(user):
                    continue
                for custom_id in forged:
                    for kind in (2, 3):
                        values = rng.choice(FORGED_VALUES) if kind == 3 else None
                        answered(await fake.forge_component(user, message, custom_id, component_type=kind,
                                                            values=values))
                for select in message.selects:  # a real select with values that are not its options
                    for values in FORGED_VALUES:
                        answered(await fake.forge_component(user, message, select["custom_id"], component_type=3,
                                                            values=values))
        assert public_state(fake) == before, "a forged click changed a public message"
        assert (await service.get(game_id)).version == version
    assert not fake.rejections, [(c.path, c.status, c.response) for c in fake.rejections][:3]
    assert not fake.internal_errors
