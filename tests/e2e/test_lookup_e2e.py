"""Rules lookup through the real client: /rules, /card, /keyword, /glossary, and "Why?" under refusals."""

from __future__ import annotations

from bot import create_bot
from tests.fakediscord import bot_session


async def test_rules_answers_with_see_also_buttons_that_open_entries(fake, service):
    alice = fake.add_member("alice")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        typed = await fake.autocomplete(alice, "rules", focused="query", game="psiwars", query="6.5.4.3")
        assert typed.choices and typed.choices[0]["value"].startswith("6.5.4.3")
        answer = await fake.slash(alice, "rules", game="psiwars", query="what do I need to roll to win a battle")
        assert "6.5.4.3" in answer.content and not answer.ephemeral
        assert answer.message.buttons
        opened = await fake.click(alice, answer.message, answer.message.buttons[0]["custom_id"])
        assert opened.ephemeral and "Intergalactic Psi Wars" in opened.content
        nothing = await fake.slash(alice, "rules", game="clans", query="zzzqqq")
        assert nothing.ephemeral and "No rule" in nothing.content
    assert not fake.rejections


async def test_card_keyword_and_glossary(fake, service):
    bob = fake.add_member("bob")
    async with bot_session(fake, create_bot(service, guild_id=fake.guild_id)):
        card = await fake.slash(bob, "card", game="psiwars", name="gost operativ")
        assert "Ghost Operative" in card.content and "Long-Range Strike" in card.content
        for game, name in (("clans", "aurelius"), ("resonance", "M06-7"), ("psiwars", "ghost operative")):
            shown = await fake.slash(bob, "card", game=game, name=name)
            [picture] = shown.message.files.values()
            assert picture.startswith(b"\x89PNG"), game  # every game with pictures draws its cards
        keyword = await fake.slash(bob, "keyword", query="4.6")
        assert "Piercing" in keyword.content
        tags = await fake.autocomplete(bob, "keyword", focused="query", query="ward")
        assert any("Ward" in c["name"] for c in tags.choices)
        term = await fake.slash(bob, "glossary", game="psiwars", term="disoriented", private=True)
        assert term.ephemeral and "isorient" in term.content
    assert not fake.rejections
