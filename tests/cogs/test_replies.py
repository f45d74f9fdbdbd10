"""How an interaction is answered: the first reply is the response itself, a slow one is
acknowledged before Discord's deadline, and two replies never race to be the response."""

from __future__ import annotations

import asyncio
import datetime as dt

import discord
import pytest

from cogs import replies
from cogs.replies import ack_budget, answer, edit_reply, within_ack

from .fakes import Interaction


async def test_a_quick_reply_is_the_response_itself():
    click = Interaction(1)
    await within_ack(click, answer(click, "done", ephemeral=True), thinking=False)
    assert [kind for kind, _ in click.response.calls] == ["send"]
    assert click.followup.sent == []


async def test_a_slow_click_is_acknowledged_first_and_answered_by_followup(monkeypatch):
    monkeypatch.setattr(replies, "ACK_SECONDS", 0.05)
    click = Interaction(1)

    async def slow():
        await asyncio.sleep(0.2)
        await answer(click, "late", ephemeral=True)

    await within_ack(click, slow(), thinking=False)
    assert click.response.calls == [("defer", {"thinking": False})]
    assert [m["content"] for m in click.followup.sent] == ["late"]


async def test_an_edit_answers_a_click_by_updating_its_message():
    click = Interaction(1, ephemeral=True)
    await edit_reply(click, content="✅ You chose: Attack", view=None)
    await edit_reply(click, content="and again")
    assert [kind for kind, _ in click.response.calls] == ["edit"]  # the response, then a later edit
    assert [e["content"] for e in click.edits] == ["✅ You chose: Attack", "and again"]


async def test_replies_at_once_make_one_response_and_the_rest_followups():
    click = Interaction(1)
    await asyncio.gather(*(answer(click, f"reply {i}", ephemeral=True) for i in range(3)))
    assert len(click.response.calls) == 1 and len(click.followup.sent) == 2


@pytest.mark.parametrize(("age", "left"), [(0.0, 2.0), (0.5, 1.5), (1.9, 0.1), (5.0, 0.0), (-3.0, 2.0)])
def test_the_deadline_counts_from_when_discord_created_the_interaction(monkeypatch, age, left):
    now = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
    monkeypatch.setattr(discord.utils, "utcnow", lambda: now)
    click = Interaction(1)
    click.created_at = now - dt.timedelta(seconds=age)
    assert ack_budget(click) == pytest.approx(left)


def test_a_click_is_answered_directly_only_within_its_shorter_budget(monkeypatch):
    now = dt.datetime(2026, 11, 26, 12, 0, tzinfo=dt.UTC)
    monkeypatch.setattr(discord.utils, "utcnow", lambda: now)
    click = Interaction(1)
    click.created_at = now - dt.timedelta(seconds=0.25)
    assert ack_budget(click, replies.CLICK_ACK_SECONDS) == pytest.approx(replies.CLICK_ACK_SECONDS - 0.25)
