"""Whole Psi Wars games through Discord: two members from `/game new` to the announced result, and
one member against the AI. Members only use slash commands, buttons and selects."""

from __future__ import annotations

from tests.e2e.helpers import (
    AI_SEED,
    SEED,
    ChannelMeter,
    ai_game,
    arbiter,
    awaited_changes,
    fix_seed,
    human_game,
    latest_turn,
    owed_pings,
    play_game,
    player_word_problems,
    renders_images,
    turn_messages,
)


def assert_announced(final, table, result_text: str, seed: str = SEED) -> None:
    """The last turn message names the result and reveals the seed matching the commitment."""
    assert final.content.startswith(f"🏁 Game #{table.game_id} ({table.title}) is over. {result_text}"), final.content
    assert seed in final.content and table.seed == seed
    assert table.seed_commitment and table.seed_commitment in final.content
    buttons = [c for row in final.components for c in row["components"]]
    assert [b["label"] for b in buttons] == ["Rematch"]  # nothing left to click but a rematch


async def test_two_members_play_a_whole_game(fake, service, monkeypatch):
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await human_game(fake, alice, bob, settings="lab hp=20")
        first = latest_turn(fake)
        meter = ChannelMeter(fake, service, game_id)
        await meter.start()
        moves = await play_game(fake, service, game_id, after_move=meter.after_move)
        final = latest_turn(fake)
        table = await service.get(game_id)
        outcome = (await service.view(game_id, None))["outcome"]

    assert table.status == "finished" and outcome and outcome["winners"]
    winner = table.seats[outcome["winners"][0]].name
    assert_announced(final, table, f"{winner} wins")
    assert f"Seed commitment: {table.seed_commitment}" in first.content  # announced before the first move
    assert SEED not in first.content

    by = {m.member.name for m in moves}
    assert by == {"alice", "bob"}
    labels = [m.label for m in moves]
    assert any(label.startswith("Build ") for label in labels)
    assert any(label.startswith("Attack with ") for label in labels)
    # The defender's allocation was asked of the defender, who is not the active player, and
    # answered both ways through "Choose your defense".
    defences = [m for m in moves if m.kind == "defend"]
    assert defences, "no battle reached the defender's allocation"
    assert all(m.seat != m.active and m.panel_label == "Choose your defense" for m in defences)
    assert {m.member.name for m in defences} <= {"alice", "bob"}
    assert any(m.label.startswith("Block with") for m in defences)
    assert any(m.label.startswith("Let formation") for m in defences)
    assert {"panel", "public"} <= {m.via for m in moves}

    # One stored action per move; a new turn message (+ the opening one) only when the awaited
    # players change to someone not yet pinged this game turn, the others edit it in place; only
    # the newest turn message keeps its buttons.
    assert len(await service.store.actions(game_id)) == len(moves) == table.version - moves[0].version_before
    turns = turn_messages(fake)
    assert len(turns) == owed_pings(moves) + 1 < len(moves) / 2
    assert owed_pings(moves) <= awaited_changes(moves)
    # Power windows are routine prompts: their turn messages point to /autopilot.
    shown = [v.get("content", "") for t in turns for v in [*t.versions, t.data]]  # every edit of each
    assert any("`/autopilot` can answer it for you from now on (“Always pass Power windows”)" in text
               for text in shown), "no routine prompt shown"
    assert all(not t.components for t in turns[:-1])  # the final one keeps only its Rematch button
    assert all(t.versions and "arb:panel:" in str(t.versions[0]["components"]) for t in turns[:-1])
    if renders_images():  # else the bot posts text only, by design
        assert all(t.files.get("board.png", b"").startswith(b"\x89PNG") for t in turns)
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    assert not (problems := meter.problems()), problems  # issue 12: a quiet channel, prompts that say what
    assert not fake.rejections, fake.rejections


async def test_the_same_seed_and_choices_replay_the_same_game(fake, service, monkeypatch):
    """Determinism: a second game in another channel with the same seed and policy makes the same moves."""
    fix_seed(monkeypatch)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    other = fake.add_channel("second-table")
    async with arbiter(fake, service):
        one = await human_game(fake, alice, bob, settings="lab hp=20")
        first = await play_game(fake, service, one, stop_after=16)
        two = await human_game(fake, alice, bob, channel=other, settings="lab hp=20")
        second = await play_game(fake, service, two, channel=other, stop_after=16)
    assert [(m.member.name, m.label) for m in first] == [(m.member.name, m.label) for m in second]
    views = [await service.view(game, None) for game in (one, two)]
    for view in views:
        del view["recent"]  # its first lines name the game number
    assert views[0] == views[1]


async def test_a_member_alone_plays_the_ai_to_the_end(fake, service, monkeypatch):
    fix_seed(monkeypatch, AI_SEED)
    carol = fake.add_member("carol")
    async with arbiter(fake, service):
        game_id = await ai_game(fake, carol, settings="lab hp=20")
        moves = await play_game(fake, service, game_id)
        final = latest_turn(fake)
        table = await service.get(game_id)
        outcome = (await service.view(game_id, None))["outcome"]

    assert table.status == "finished" and [s.is_ai for s in table.seats] == [False, True]
    assert outcome["winners"], outcome
    assert_announced(final, table, f"{table.seats[outcome['winners'][0]].name} wins", AI_SEED)
    assert moves and all(m.member is carol for m in moves)
    assert any(m.kind == "defend" and m.seat != m.active for m in moves)  # carol defended against the AI
    actions = await service.store.actions(game_id)
    ai_moves = [a for a in actions if a.user_id == "ai:1"]
    assert ai_moves and {a.user_id for a in actions} == {str(carol.id), "ai:1"}
    assert len(moves) <= len(actions) - len(ai_moves) <= 2 * len(moves)  # a click plays one move, or a joined pair
    # Every turn message pinged carol (the AI is never pinged), and only her moves needed clicks.
    assert all(t.content.startswith(f"<@{carol.id}>") for t in turn_messages(fake)[:-1])
    assert not service.bugs and not fake.rejections, (service.bugs, fake.rejections)
