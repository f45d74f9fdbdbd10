"""A game without pictures plays through Discord with text turn messages; with pictures, a board PNG."""


import images
from bot import create_bot
from tests.fakediscord import bot_session


async def test_a_text_only_game_starts_against_the_ai_and_takes_a_move(fake, service, monkeypatch):
    monkeypatch.setattr(images, "games", lambda: ("psiwars",))  # every playable game has pictures now: hide clans'
    alice = fake.add_member("alice")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        new = await fake.slash(alice, "game", "new", game="clans", opponent="ai")
        assert not new.failed and "against the AI" in new.content
        turn = fake.history()[-1]
        assert not turn.files  # no picture for this game, and no failure either
        assert "```" in turn.content and "ABCDEFGHI" in turn.content  # the text board instead
        assert "Detail" not in [b["label"] for b in turn.buttons]  # no larger picture to offer
        panel = await fake.click(alice, turn, "Your move")
        assert panel.replies[-1].ephemeral and panel.replies[-1].buttons
    assert not fake.rejections


async def test_a_clans_turn_message_carries_the_board_picture(fake, service):
    alice = fake.add_member("alice")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        new = await fake.slash(alice, "game", "new", game="clans", opponent="ai")
        assert not new.failed
        turn = fake.history()[-1]
        assert list(turn.files) == ["board.png"] and turn.files["board.png"].startswith(b"\x89PNG")
    assert not fake.rejections


async def test_picking_a_clans_unit_shows_its_reach_and_targets_on_the_board(fake, service):
    alice = fake.add_member("alice")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        new = await fake.slash(alice, "game", "new", game="clans", opponent="ai", settings="setup=auto")
        assert not new.failed and "against the AI" in new.content
        turn = fake.history()[-1]
        panel = (await fake.click(alice, turn, "Your move")).replies[-1]
        [units] = [s for s in panel.selects if "arb:grp:" in s["custom_id"]]
        unit = next(o for o in units["options"] if "(" in o["label"] and o["label"][0].isalpha()
                    and not o["label"].startswith(("Summon", "Equipment", "Items")))
        picked = await fake.choose(alice, panel, [unit["value"]], select=units["custom_id"])
        assert not picked.failed
        edited = fake.find_message(panel.id)
        assert "board.png" in edited.files and edited.files["board.png"].startswith(b"\x89PNG")
        labels = [b["label"] for b in edited.buttons] + [o["label"] for s in edited.selects for o in s["options"]]
        assert any(label.startswith("Move ") for label in labels)
        back = next(b for b in edited.buttons if "arb:nav:" in b["custom_id"] and ":-:" in b["custom_id"])
        await fake.click(alice, edited, back["custom_id"])
        assert not fake.find_message(panel.id).files  # the list of units comes without the picture
    assert not fake.rejections


async def test_a_clans_game_against_the_ai_never_names_unused_cards_in_public(fake, service):
    """Unused cards are face down: a public message may name one only once the move played it."""
    import random

    from engine.clans.cards import catalog
    from engine.core import get_game
    from tests.e2e.helpers import (
        button_of,
        latest_turn,
        pick_from_panel,
        player_word_problems,
        strings_in,
        written,
        written_since,
    )

    rng = random.Random(3)
    alice = fake.add_member("alice")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        await fake.slash(alice, "game", "new", game="clans", opponent="ai", settings="setup=auto")
        game_id = (await service.table_in(str(fake.channel.id))).game_id
        for move in range(60):
            turn = latest_turn(fake)
            if turn.content.startswith("🏁"):
                break
            row = await service.store.get_game(game_id)
            state = get_game("clans").load_state(row.state)
            secret = {catalog().cards[c].name for p in state.players for c in p.unused}
            seen = written(fake)
            panel = await fake.click(alice, turn, button_of(turn, "panel")["custom_id"])
            await pick_from_panel(fake, alice, panel.replies[-1], rng)
            await fake.settle()
            view = await service.view(game_id, None)
            events = [e.text for e in await service.store.events(game_id, since_version=row.version)
                      if e.visible_to is None]
            record = " ".join([*strings_in(view), *events])
            shown = " ".join(t for m in written_since(fake, seen) if m.audience is None for t in strings_in(m.data))
            leaks = {n for n in secret if n in shown and n not in record}
            assert not leaks, f"move {move}: public messages named face-down cards {leaks}"
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    assert not fake.rejections


async def test_four_members_start_a_two_versus_two_clans_game_and_one_concedes(fake, service):
    ann, bob, cleo, dev = (fake.add_member(n) for n in ("ann", "bob", "cleo", "dev"))
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        await fake.slash(ann, "game", "new", game="clans", settings="setup=auto")
        for member in (bob, cleo, dev):
            assert "joined" in (await fake.slash(member, "game", "join")).content
        start = await fake.slash(ann, "game", "start")
        assert "has begun" in start.content, start.content
        game_id = (await service.table_in(str(fake.channel.id))).game_id
        view = await service.view(game_id, None)
        assert view["teams"] == [[0, 2], [1, 3]]
        confirm = await fake.slash(bob, "game", "concede")
        assert "the AI plays your seat to the end" in confirm.content
        await fake.click(bob, confirm.message, f"Concede Game #{game_id}")
        await fake.settle()
        info = await service.get(game_id)
        assert info.status == "active" and info.seats[1].is_ai  # the game goes on, bob's seat with the AI
        assert "bob concedes; the AI plays their seat to the end." in fake.history()[-1].content
    assert not fake.rejections


async def test_detail_posts_the_full_size_board_to_the_clicker_only(fake, service):
    from io import BytesIO

    from PIL import Image

    alice, eve = fake.add_member("alice"), fake.add_member("eve")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        await fake.slash(alice, "game", "new", game="clans", opponent="ai", settings="setup=auto")
        turn = fake.history()[-1]
        public = len([m for m in fake.history() if m.audience is None])
        for member in (alice, eve):  # a player sees it from their own view, a watcher from the public one
            detail = (await fake.click(member, turn, "Detail")).replies[-1]
            assert detail.ephemeral and list(detail.files) == ["detail.png"]
            big = Image.open(BytesIO(detail.files["detail.png"])).size
            small = Image.open(BytesIO(turn.files["board.png"])).size
            assert big[0] * big[1] > small[0] * small[1]  # the larger drawing, not the preview
        assert len([m for m in fake.history() if m.audience is None]) == public  # nothing posted in the channel
    assert not fake.rejections


async def test_the_clans_homebase_is_picked_row_first_with_the_rows_squares_on_the_board(fake, service):
    """The book's set-up: the Homebase is a row, then a square of it (no pages of 25 squares),
    and picking the row shows the board with that row's squares marked."""
    from tests.e2e.helpers import button_of, latest_turn, panel_groups

    alice = fake.add_member("alice")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        new = await fake.slash(alice, "game", "new", game="clans", opponent="ai", settings="setup=choose")
        assert not new.failed
        for _ in range(40):  # lay battlemaps (the first choice each time) until the Homebase is asked
            turn = latest_turn(fake)
            panel = (await fake.click(alice, turn, button_of(turn, "panel")["custom_id"])).replies[-1]
            rows = {name: where for name, where in panel_groups(panel).items() if name.startswith("Homebase in row")}
            if rows:
                break
            first = next(b for b in panel.buttons if b["custom_id"].startswith("arb:act:"))
            assert not (await fake.click(alice, panel, first["custom_id"])).failed
            await fake.settle()
        else:
            raise AssertionError("the Homebase was never asked")
        assert 1 < len(rows) <= 6 and not any("page" in s["placeholder"] for s in panel.selects)
        name, (select, value) = next(iter(rows.items()))
        assert not (await fake.choose(alice, panel, [value], select=select)).failed
        edited = fake.find_message(panel.id)
        squares = [b["label"] for b in edited.buttons if b["custom_id"].startswith("arb:act:")]
        row = name.rsplit(" ", 1)[1]
        assert 0 < len(squares) <= 9 and all(s.startswith("Homebase on ") and s.removeprefix("Homebase on ")[1:] == row
                                             for s in squares)
        assert edited.files["board.png"].startswith(b"\x89PNG")  # the row's squares marked on the board
    assert not fake.rejections
