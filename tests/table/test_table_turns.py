"""What the table tells the UI about a turn: whether the same players act on (edit the turn message
in place), whether the mover may take it back, what a prompt is about, and which moves warn first.
Played through the service with Psi Wars (the flow is shared, the game only supplies positions)."""

import pytest

from engine.core import get_game
from table import TableService

pytest.importorskip("engine.psiwars")


async def two_people(svc: TableService, seed: str = "turns-1"):
    await svc.create("chan", "guild", "psiwars", "alice", "Alice")
    await svc.join("chan", "bob", "Bob")
    return await svc.start("chan", "alice", seed=seed)


def user_of(update) -> str:
    return update.to_act[0].user_id


async def test_an_update_says_whether_the_same_players_act_on(svc):
    update = await two_people(svc)
    seen = {True: 0, False: 0}
    for _ in range(60):
        if update.finished:
            break
        before = {s.seat for s in update.to_act}
        version, move = await svc.suggest(update.game_id, user_of(update), policy="random")
        update = await svc.act(update.game_id, user_of(update), move, version=version)
        assert update.from_version == version
        if {s.seat for s in update.to_act} != before:
            assert not update.same_awaited  # a change of players is never an edit in place
        seen[update.same_awaited] += 1
    assert seen[True] and seen[False]  # both kinds happen in a real game


async def test_a_turn_that_passed_to_the_ai_and_back_is_not_the_same_turn(svc):
    await svc.create("chan", "guild", "psiwars", "alice", "Alice")
    await svc.add_ai("chan", "alice")
    update = await svc.start("chan", "alice", seed="turns-ai")
    for _ in range(200):
        if update.finished:
            break
        turn = update.public_view.get("turn")
        version, move = await svc.suggest(update.game_id, "alice", policy="random")
        update = await svc.act(update.game_id, "alice", move, version=version)
        if update.public_view.get("turn") != turn:  # the AI played a whole turn in between
            assert not update.same_awaited
            return
    pytest.fail("the turn never passed to the AI")


async def test_undo_is_offered_only_after_a_move_that_can_be_taken_back(svc):
    update = await two_people(svc)
    game = get_game("psiwars")
    checked = 0
    for _ in range(40):
        if update.finished:
            break
        user = user_of(update)
        row = await svc.store.get_game(update.game_id)
        before = game.load_state(row.state)
        version, move = await svc.suggest(update.game_id, user, policy="random")
        update = await svc.act(update.game_id, user, move, version=version)
        after, events = game.apply(before, move)
        assert update.undoable == game.undoable(before, after, events)
        if update.undoable:  # nobody else acted since: it happens at once, without asking anyone
            ask, undone = await svc.request_undo(update.game_id, user)
            assert ask is None and undone.version > update.version
            assert (await svc.view(update.game_id, None))["pending"] == before.model_dump()["pending"]
            checked += 1
            break
    assert checked


async def test_a_players_own_prompt_is_briefed_in_words_with_its_timeout(svc):
    update = await two_people(svc)
    mine = await svc.briefing(update.game_id, user_of(update))
    assert mine and mine[-1].startswith("If your clock runs out, ")
    other = "bob" if user_of(update) == "alice" else "alice"
    assert await svc.briefing(update.game_id, other) == []  # not asked: nothing to brief


async def test_dangers_name_the_moves_the_game_warns_about(svc):
    update = await two_people(svc, seed="turns-danger")
    for _ in range(80):
        user = user_of(update)
        _, _, legal = await svc.legal_for(update.game_id, user)
        warned = await svc.dangers(update.game_id, legal)
        if warned:
            assert all(legal[i].label().startswith("End ") and ("ends your turn" in text or "Creation Unit" in text)
                       for i, text in warned.items())
            # Asked again for some of the moves (a click's single move), in another order, the
            # answers are the same warnings, numbered by the new list.
            subset = [legal[i] for i in reversed(range(len(legal))) if i in warned or i % 2]
            again = await svc.dangers(update.game_id, subset)
            assert again == {n: warned[legal.index(a)] for n, a in enumerate(subset) if legal.index(a) in warned}
            return
        version, move = await svc.suggest(update.game_id, user, policy="random")
        update = await svc.act(update.game_id, user, move, version=version)
    pytest.fail("no move was ever marked dangerous")


async def test_a_versions_warnings_are_worked_out_once_and_handed_out_as_copies(svc, monkeypatch):
    """The click, its panel and the turn message all ask a version's panel facts: the game judges
    each offer once, and a caller changing its warnings changes nobody else's."""
    import table.service

    judged = []
    real = table.service.warning

    def counted(engine, state, offer):
        judged.append(offer)
        return real(engine, state, offer)

    monkeypatch.setattr(table.service, "warning", counted)
    update = await two_people(svc, seed="turns-danger")
    for _ in range(80):
        user = user_of(update)
        first = await svc.panel_facts(update.game_id, user)
        assert len(judged) == len(first.offers)  # each offer of this version judged once
        if first.dangers:
            shown = dict(first.dangers)
            first.dangers.clear()
            again = await svc.panel_facts(update.game_id, user)
            assert again.dangers == shown and len(judged) == len(first.offers)
            return
        judged.clear()
        version, move = await svc.suggest(update.game_id, user, policy="random")
        update = await svc.act(update.game_id, user, move, version=version)
    pytest.fail("no move was ever marked dangerous")


async def test_panel_facts_are_what_the_separate_questions_answer(svc):
    update = await two_people(svc, seed="turns-facts")
    checked = 0
    for _ in range(40):
        for user in ("alice", "bob"):  # the player to move and the one who waits
            facts = await svc.panel_facts(update.game_id, user)
            version, seat, offers = await svc.offers_for(update.game_id, user)
            assert (facts.version, facts.seat, facts.offers) == (version, seat, offers)
            assert facts.table == await svc.get(update.game_id)
            assert facts.prompts == await svc.prompts(update.game_id, user)
            assert facts.briefing == await svc.briefing(update.game_id, user)
            assert facts.dangers == await svc.dangers(update.game_id, offers)
            several = any(d.seat == seat and d.picks > 1 for d in facts.prompts)
            _, _, legal = await svc.legal_for(update.game_id, user)
            assert len(facts.copies) == (len(legal) if several else 0) and all(n >= 1 for n in facts.copies)
            checked += bool(offers)
        user = user_of(update)
        version, move = await svc.suggest(update.game_id, user, policy="random")
        update = await svc.act(update.game_id, user, move, version=version)
        if update.finished:
            break
    assert checked >= 20
