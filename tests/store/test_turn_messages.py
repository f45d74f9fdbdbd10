"""The newest turn message of each game survives a restart of the bot (same database file)."""

from store import Store


async def test_turn_message_is_remembered_replaced_and_forgotten(db):
    path = db("t.db")
    store = await Store.open(path)
    game = await store.create_game("psiwars", "c1", "g1", "u1", {})
    assert await store.turn_message(game.id) is None
    await store.set_turn_message(game.id, "c1", "m1", 3)
    await store.set_turn_message(game.id, "c1", "m2", 5)
    await store.close()

    store = await Store.open(path)
    assert await store.turn_message(game.id) == ("c1", "m2", 5)
    await store.forget_turn_message(game.id)
    assert await store.turn_message(game.id) is None
    await store.close()
