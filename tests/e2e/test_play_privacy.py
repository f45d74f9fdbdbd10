"""Privacy: no payload the bot writes shows a card name to someone it is hidden from.

`PayloadLog` (tests/e2e/helpers.py) pairs every message payload the bot wrote (content, embeds,
component labels/custom_ids/options, attachment names and bytes incl. PNG text chunks) with the
game state current at that moment. A name is hidden from the channel while the card is in a hand,
a deck or an Oracle peek, unless it is public then (in a lab or discard pile, or revealed by a
public event); a player's private replies may name their own cards but not the opponent's.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, PngImagePlugin

from engine.core import get_game
from tests.e2e.helpers import (
    PayloadLog,
    Sent,
    ai_game,
    arbiter,
    button_of,
    fix_seed,
    human_game,
    latest_turn,
    names_in,
    play_game,
    png_text_chunks,
    renders_images,
    strings_in,
)

PRIVACY_SEED = "arbiter-e2e-12"  # 97 moves with Policy: an Oracle peek, an Equipment Hunter reveal, battles
AI_PRIVACY_SEED = "arbiter-e2e-12"  # against the AI: 16 moves, with an Oracle peek


# --- the scanner itself: it must find what it is meant to find ------------------------------------

ALICE, BOB = 101, 202  # member ids of seats 0 and 1 in the synthetic log


@pytest.fixture
def dealt():
    """A log holding one freshly dealt Psi Wars state (nothing public yet) and a name only seat 0 holds."""
    game = get_game("psiwars")
    state = game.setup({}, ["alice", "bob"], "scanner-self-test")
    log = PayloadLog(fake=None, store=None, seats={ALICE: 0, BOB: 1})
    log.states.append(state)
    log.revealed.append(set())
    theirs = names_in(state, state.players[1].hand + state.players[1].deck)
    secret = next(n for n in sorted(names_in(state, state.players[0].hand)) if n not in theirs)
    return log, state, secret


def sent(payload: dict | None = None, files=(), audience=None, state: int = 0) -> Sent:
    return Sent("synthetic", audience, strings_in(payload or {}), list(files), state=state, since=state)


def png(text: str, how: str) -> bytes:
    info = PngImagePlugin.PngInfo()
    if how == "iTXt":
        info.add_itxt("Description", text, zip=True)
    else:
        info.add_text("Description", text, zip=how == "zTXt")
    out = io.BytesIO()
    Image.new("RGB", (4, 4)).save(out, "PNG", pnginfo=info)
    return out.getvalue()


@pytest.mark.parametrize("where", ["content", "embed", "button label", "custom_id", "select option",
                                   "placeholder", "attachment name"])
def test_the_scanner_finds_a_hidden_name_in_every_part_of_a_message(dealt, where):
    log, _, secret = dealt
    payload = {
        "content": {"content": f"news: {secret.upper()} appears"},
        "embed": {"embeds": [{"title": "Board", "fields": [{"name": "Hand", "value": secret}]}]},
        "button label": {"components": [{"type": 1, "components": [{"type": 2, "label": secret, "custom_id": "x"}]}]},
        "custom_id": {"components": [{"type": 1, "components": [{"type": 2, "label": "Go", "custom_id": f"a:{secret}"}]}]},
        "select option": {"components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "ok", "value": "1", "description": secret}]}]}]},
        "placeholder": {"components": [{"type": 1, "components": [
            {"type": 3, "custom_id": "s", "placeholder": f"Play {secret}?", "options": []}]}]},
        "attachment name": {"attachments": [{"filename": f"{secret}.png", "description": ""}]},
    }[where]
    assert log.leaks([sent(payload)]), where
    assert not log.leaks([sent({"content": "nothing to see"})])


@pytest.mark.parametrize("how", ["tEXt", "zTXt", "iTXt"])
def test_the_scanner_reads_png_text_chunks_and_raw_bytes(dealt, how):
    log, _, secret = dealt
    image = png(f"hand: {secret}", how)
    assert any(secret in t for t in png_text_chunks(image))
    assert log.leaks([sent(files=[("board.png", image)])])
    assert log.leaks([sent(files=[("log.txt", f"{secret}".encode())])])
    assert png_text_chunks(b"not a png") == [] and not log.leaks([sent(files=[("board.png", png("x", how))])])


def test_public_copies_own_cards_and_whole_words_are_not_leaks(dealt):
    log, state, secret = dealt
    assert not log.leaks([sent({"content": f"{secret}s and {secret}-like"})])  # other words
    # Seat 0 may see its own hand; seat 1 may not.
    assert not log.leaks([sent({"content": secret}, audience=frozenset({ALICE}))])
    assert log.leaks([sent({"content": secret}, audience=frozenset({BOB}))])
    # Once a copy is face up in a lab, the name is public.
    later = state.model_copy(deep=True)
    copy = next(i for i in later.players[0].hand if names_in(later, [i]) == {secret})
    later.players[0].hand.remove(copy)
    later.players[0].lab.append(copy)
    log.states.append(later)
    log.revealed.append(set())
    assert not log.leaks([sent({"content": secret}, state=1)])


# --- whole games through Discord ---------------------------------------------------------------------

def assert_scanned(log: PayloadLog, members, moves) -> None:
    """No leaks, and the scan was not vacuous: hidden names existed and real payloads were read,
    and the private panels (which do name hand cards) would have been caught had they been public."""
    assert log.leaks() == []
    public = [s for s in log.sent if s.audience is None and s.state >= 0]
    assert len(public) > len(moves) and all(log.hidden(s, None) for s in public)  # a post or an edit a move
    if renders_images():
        assert any(name.endswith(".png") for s in public for name, _ in s.files)
    for member in members:
        private = [s for s in log.sent if s.audience == frozenset({member.id}) and s.state >= 0]
        assert private and log.leaks([dataclasses.replace(s, audience=None) for s in private]), member.name


async def test_no_hidden_card_is_shown_during_a_game_between_members(fake, service, monkeypatch):
    fix_seed(monkeypatch, PRIVACY_SEED)
    alice, bob, eve = (fake.add_member(n) for n in ("alice", "bob", "eve"))

    async def look_around(move):
        """Now and then both players look at their hands and a spectator asks for the board."""
        turn = latest_turn(fake)
        if move.step % 10 == 0 and button_of(turn, "hand"):  # (not on the final message)
            for member in (alice, bob):
                hand = await fake.click(member, turn, button_of(turn, "hand")["custom_id"])
                assert hand.replies[-1].ephemeral
        if move.step % 20 == 0:
            status = await fake.slash(eve, "game", "status")
            assert not status.ephemeral

    with PayloadLog(fake, service.store) as log:
        async with arbiter(fake, service):
            game_id = await human_game(fake, alice, bob, settings="lab hp=20")
            log.seats = {int(s.user_id): s.seat for s in (await service.get(game_id)).seats}
            moves = await play_game(fake, service, game_id, after_move=look_around)
    assert (await service.get(game_id)).status == "finished"
    assert {"defend", "oracle", "hunter"} <= {m.kind for m in moves}  # the tricky hidden-card moments
    assert_scanned(log, (alice, bob), moves)
    assert not fake.rejections


async def test_no_card_of_the_ai_is_shown_to_its_opponent(fake, service, monkeypatch):
    fix_seed(monkeypatch, AI_PRIVACY_SEED)
    carol = fake.add_member("carol")
    with PayloadLog(fake, service.store) as log:
        async with arbiter(fake, service):
            game_id = await ai_game(fake, carol, settings="lab hp=20")
            log.seats = {int(carol.id): 0}
            moves = await play_game(fake, service, game_id)
    assert (await service.get(game_id)).status == "finished" and "oracle" in {m.kind for m in moves}
    assert_scanned(log, (carol,), moves)
