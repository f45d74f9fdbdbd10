"""/hint through the fake Discord: a private suggestion for the asker's move in every playable
game, never naming a card hidden from the asker; off in rated games unless the server allows it;
the game's log says a hint was given."""

from __future__ import annotations

import re

import discord
import pytest

from engine.core import get_game, playable_games
from table.thinking import ThinkPool
from tests.e2e.helpers import (
    PayloadLog,
    Policy,
    ai_game,
    arbiter,
    fix_seed,
    human_game,
    latest_turn,
    member_to_act,
    play_game,
)
from tests.fakediscord import FakeDiscord

GAMES = sorted(g.id for g in playable_games())


class FirstOffered(Policy):
    """Plays the first move its panel offers, whatever the game."""

    def rules(self, panel_label: str, turn_text: str) -> list[tuple[str, str]]:
        return [("", "")]


@pytest.fixture(autouse=True)
def quick_thinking(service):
    """Think in place for at most a fraction of a second: the tests need a hint, not a good one."""
    service.thinking = ThinkPool(workers=0, seconds=0.2)


def hidden_words(game_id: str, state, seat: int) -> set[str]:
    """What the asker may not see: the game's own list of hidden tokens (card ids and names)."""
    return {t.strip("[]").lower() for t in get_game(game_id).hidden_tokens(state, seat) if t.strip("[]")}


def shown(texts: list[str], words: set[str]) -> set[str]:
    text = " ".join(texts).lower()
    return {w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)}


async def ask(fake: FakeDiscord, member, **options):
    result = await fake.slash(member, "hint", **options)
    assert not result.failed and result.ephemeral and result.messages
    return result


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_hint_suggests_a_move_privately_and_names_no_hidden_card(fake, service, monkeypatch, game_id):
    fix_seed(monkeypatch, f"hint-{game_id}")
    alice = fake.add_member("alice")
    async with arbiter(fake, service):
        new = await fake.slash(alice, "game", "new", game=game_id, opponent="ai")
        assert not new.failed and "against the AI" in new.content, new.content
        game_id_n = int(re.search(r"game #(\d+)", new.content).group(1))
        engine = get_game(game_id)
        for _ in range(60):  # on to a turn of alice's where something is hidden from her
            row = await service.store.get_game(game_id_n)
            state, seat = engine.load_state(row.state), row.seat_of(str(alice.id))
            if seat in engine.to_act(state) and hidden_words(game_id, state, seat):
                break
            await play_game(fake, service, game_id_n, stop_after=1, policy=FirstOffered())
        before = len(fake.history())
        tip = await ask(fake, alice)
        text = " ".join(tip.texts)
        assert "Hint for game #" in text and "**" in text, text
        secret = hidden_words(game_id, state, seat)
        assert shown([" ".join(sorted(secret))], secret) == secret  # the scan can find them...
        assert not shown(tip.texts, secret), text  # ...and the hint names none
        assert "_" not in text.replace("**", "")  # player words: no engine ids
        # Nothing public was posted about it but the log line, and the game did not move.
        assert all(m.ephemeral for m in fake.history()[before:]) or len(fake.history()) == before
        assert (await service.store.get_game(game_id_n)).version == row.version
        logged = [e.text for e in await service.store.events(game_id_n)]
        assert "alice asked for a hint." in logged
    assert not fake.rejections


async def test_no_hint_when_it_is_not_your_move_or_there_is_no_game(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob, eve = (fake.add_member(n) for n in ("alice", "bob", "eve"))
    async with arbiter(fake, service):
        none = await ask(fake, eve)
        assert "no game in this channel" in " ".join(none.texts)
        game_id = await human_game(fake, alice, bob)
        await service.allow_hints_in_rated(str(fake.guild_id), True, is_admin=True)
        waiting = [m for m in (alice, bob) if f"<@{m.id}>" not in latest_turn(fake).content]
        refused = await ask(fake, waiting[0])
        assert "can move now" in " ".join(refused.texts)
        assert not any("asked for a hint" in e.text for e in await service.store.events(game_id))


async def test_hints_are_off_in_rated_games_until_a_moderator_allows_them(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    mod = fake.add_member("mod", permissions=discord.Permissions(manage_channels=True).value)
    async with arbiter(fake, service):
        await human_game(fake, alice, bob)
        mover = next(m for m in (alice, bob) if f"<@{m.id}>" in latest_turn(fake).content)
        refused = await ask(fake, mover)
        assert "Hints are off in rated games" in " ".join(refused.texts)
        denied = await ask(fake, alice, allow_in_rated=True)
        assert "Only someone with Manage Channels" in " ".join(denied.texts)
        allowed = await ask(fake, mod, allow_in_rated=True)
        assert "now allowed" in " ".join(allowed.texts)
        tip = await ask(fake, mover)
        assert "Hint for game #" in " ".join(tip.texts)
    assert not fake.rejections


async def test_the_privacy_scanner_finds_nothing_in_hints_during_a_game_against_the_ai(fake, service, monkeypatch):
    """The payload scanner of test_play_privacy reads every message the bot wrote, hints included."""
    fix_seed(monkeypatch, "arbiter-e2e-12")
    carol = fake.add_member("carol")
    with PayloadLog(fake, service.store) as log:
        async with arbiter(fake, service):
            game_id = await ai_game(fake, carol, settings="lab hp=20")
            log.seats = {int(carol.id): 0}
            hints = []

            async def hint_now_and_then(move):
                if move.step % 4 == 0 and member_to_act(fake, latest_turn(fake)) is carol:
                    hints.append(await ask(fake, carol))

            await play_game(fake, service, game_id, stop_after=16, after_move=hint_now_and_then)
    assert len(hints) >= 2
    assert log.leaks() == []
    # Hints were scanned too: they are private replies to carol.
    assert sum(1 for s in log.sent if s.audience == frozenset({carol.id}) and "Hint for game" in " ".join(s.texts)) >= 2
