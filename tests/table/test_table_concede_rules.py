"""A game whose rules say what a concession does (Game.concede_action) gets its own move from
/game concede, in or out of turn, instead of the table's generic ending or AI stand-in."""

from engine.core import get_game

INF = get_game("infinities")


async def _state(svc, g):
    return INF.load_state((await svc.store.get_game(g)).state)


async def test_conceding_out_of_turn_applies_the_games_own_concession(svc):
    await svc.create("inf", "guild", "infinities", "alice", "Alice")
    await svc.join("inf", "bob", "Bob")
    await svc.join("inf", "carol", "Carol")
    g = (await svc.start("inf", "alice", seed="concede-rules")).game_id
    before = await _state(svc, g)
    quitter = next(s for s in range(3) if s not in INF.to_act(before))  # not asked for anything now
    user = ["alice", "bob", "carol"][quitter]

    update = await svc.concede(g, user)

    after = await _state(svc, g)
    assert after.players[quitter].conceded and not after.finished  # two leaders play on (rule 37)
    assert not update.finished and after.version == before.version + 1
    logged = [a.action for a in await svc.store.actions(g)]
    assert '"type":"concede"' in logged[-1].replace(" ", "")  # the engine's move, in the log
    info = await svc.get(g)
    assert not info.seats[quitter].is_ai  # no AI stand-in: the rules make the leader pass
    assert (await svc.store.get_game(g)).seats[quitter].conceded  # rated as a loss
