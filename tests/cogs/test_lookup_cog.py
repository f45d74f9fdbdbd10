"""/keyword for any game with keyword data, and a plain answer for a game without."""

from types import SimpleNamespace

from cogs.lookup import LookupCog
from lookup import TITLES, default_lookup
from tests.cogs.fakes import Interaction


async def test_keyword_defaults_to_a_game_with_keywords_and_refuses_one_without():
    cog = LookupCog(bot=None)
    with_keywords = default_lookup().games_with("keyword")
    without = next(g for g in TITLES if g not in with_keywords)

    asked = Interaction(1)
    await LookupCog.keyword.callback(cog, asked, query="4.6")
    [reply] = asked.replies()
    assert TITLES[with_keywords[0]] in reply["content"] and not reply.get("ephemeral")

    refused = Interaction(1)
    await LookupCog.keyword.callback(cog, refused, query="4.6", game=without)
    [reply] = refused.replies()
    assert reply["ephemeral"] and reply["content"].startswith(f"{TITLES[without]} has no keywords to look up")


async def test_autocomplete_without_a_chosen_game_offers_nothing():
    cog = LookupCog(bot=None)
    typing = Interaction(1)
    typing.namespace = SimpleNamespace(game=None)
    assert await cog.rules_complete(typing, "turn") == []
    assert await cog.keyword_complete(typing, "ward")  # the default game's keywords
