"""After a crash between saving a move and posting its turn message, the restarted bot posts the
turn, so the players have live buttons again; games whose turn is up are left alone."""

from cogs.play import PlayCog

from .test_flow import ALICE, new_game


async def test_a_turn_saved_but_never_posted_is_posted_on_restart(table):
    bot, service, play, lobby = table
    await new_game(lobby)
    posted = len(bot.channel.sent)
    _, _, actions = await service.legal_for(1, str(ALICE))
    await service.act(1, str(ALICE), len(actions) - 1)  # saved; the process dies before posting
    version = (await service.get(1)).version
    assert (await service.turn_message(1))[2] < version

    restarted = PlayCog(bot, service)
    bot.cogs["Play"] = restarted
    await restarted.on_ready()
    assert len(bot.channel.sent) == posted + 1
    assert (await service.turn_message(1))[2] == version

    again = PlayCog(bot, service)  # nothing is missing now: nothing more is posted
    await again.on_ready()
    assert len(bot.channel.sent) == posted + 1
