"""A whole three-member game of Moon Court through Discord: the lobby, private turn prompts,
answers to claims from the public buttons, a refusal, the end, and /game verify.

Members act only with slash commands and clicks; the table service is only read, to learn what
the AI would play (the members follow it, so the game is short and the same every run) and to
check what happened."""

from __future__ import annotations

import re

from engine.core import get_game
from engine.mooncourt.cards import catalog, gift
from engine.mooncourt.state import MoonState
from tests.e2e.helpers import (
    ChannelMeter,
    Policy,
    arbiter,
    button_of,
    fix_seed,
    is_finished,
    latest_turn,
    make_move,
    member_to_act,
    members_game,
    open_panel,
    player_word_problems,
    strings_in,
    written,
    written_since,
)

GAME = get_game("mooncourt")
NAMES = {g.name for g in catalog().gifts.values()}


class FollowTheAI(Policy):
    """Plays the one move set in `move` (what the game's AI would play for the member)."""

    move = None

    def rules(self, panel_label: str, turn_text: str) -> list[tuple[str, str]]:
        return [(f"^{re.escape(self.move.group())}$", f"^{re.escape(self.move.label())}$")]


async def state_of(service, game_id: int) -> MoonState:
    return GAME.load_state((await service.store.get_game(game_id)).state)


def named(texts) -> set[str]:
    text = " ".join(texts)
    return {n for n in NAMES if n in text}


async def check_privacy(fake, service, game_id: int, since: dict[int, int], seats: dict) -> None:
    """Messages sent since `since_message` name no gift hidden from their audience now (the game's
    own list, Game.hidden_tokens, leaves out what this move's events showed everyone)."""
    s = await state_of(service, game_id)
    for m in written_since(fake, since):
        audience = [None] if m.audience is None else [seats.get(uid) for uid in m.audience]
        for seat in audience:
            leaked = named(strings_in(m.data)) & set(GAME.hidden_tokens(s, seat))
            assert not leaked, f"message {m.content[:60]!r} showed {leaked} to seat {seat}"


async def test_three_members_play_moon_court_to_the_end(fake, service, monkeypatch):
    fix_seed(monkeypatch, "mooncourt-e2e")
    alice, bob, carol = members = [fake.add_member(n) for n in ("alice", "bob", "carol")]
    async with arbiter(fake, service):
        listed = await fake.autocomplete(alice, "game", "new", focused="game", game="moon")
        assert [c["value"] for c in listed.choices] == ["mooncourt"]
        game_id = await members_game(fake, service, "mooncourt", members)
        seats = {m.id: await service.seat_of(game_id, str(m.id)) for m in members}

        # Show my hand answers each member alone, with their own gifts.
        turn = latest_turn(fake)
        for member in members:
            answer = (await fake.click(member, turn, button_of(turn, "hand")["custom_id"])).replies[-1]
            own = {gift(c).name for c in (await state_of(service, game_id)).hands[seats[member.id]]}
            assert answer.audience == frozenset({member.id}) and named([answer.content]) == own

        policy, kinds, refused, early = FollowTheAI(), set(), False, None
        meter = ChannelMeter(fake, service, game_id)
        await meter.start()
        for step in range(300):
            turn = latest_turn(fake)
            if is_finished(turn):
                break
            member = member_to_act(fake, turn)
            seat = seats[member.id]
            state = await state_of(service, game_id)
            (decision,) = state.pending
            assert decision.seat == seat and decision.kind in ("present", "accuse")
            kinds.add(decision.kind)
            others = [m for m in members if m is not member]
            if decision.kind == "present" and step < 6:
                # The private prompt reaches its owner alone: their panel lists their own gifts,
                # and the others' clicks on the same button get no panel.
                panel = await open_panel(fake, member, turn)
                early = early or (member, panel)  # its buttons are pressed again after the end
                assert named(strings_in(panel.data)) == {gift(c).name for c in state.hands[seat]}
                for other in others:
                    reply = (await fake.click(other, turn, button_of(turn, "panel")["custom_id"])).replies[-1]
                    assert reply.audience == frozenset({other.id}) and "not waiting on you" in reply.content
                    assert not reply.components
                own = (await service.view(game_id, str(member.id)))["pending"][0]["context"]
                assert own and not (await service.view(game_id, str(others[0].id)))["pending"][0]["context"]
            if decision.kind == "accuse" and not refused:
                # A claim's answer belongs to the member asked: anyone else pressing it is refused
                # privately and the game does not move.
                public = next(b for b in turn.buttons if b["label"] == "Pass")
                reply = (await fake.click(others[0], turn, public["custom_id"])).replies[-1]
                assert reply.audience == frozenset({others[0].id}) and f"belongs to {member.name}" in reply.content
                # The refusal cites the turn rule, and its Why? button opens it.
                assert reply.content.startswith(f"{GAME.turn_rule}: ")
                why = await fake.click(others[0], reply, "Why?")
                assert why.ephemeral and why.content.startswith(f"**{GAME.turn_rule} "), why.content
                assert (await service.get(game_id)).version == state.version
                refused = True
            seen, version = written(fake), state.version
            policy.move = GAME.ai_action(state, seat)
            counted = await meter.around(member, turn, step)
            label, via = await make_move(fake, member, turn, policy, prefer_public=decision.kind == "accuse")
            await fake.settle()
            await counted(version)
            assert (await service.get(game_id)).version > version, f"{member.name}'s {label!r} changed nothing"
            assert via == ("public" if decision.kind == "accuse" else "panel")
            await check_privacy(fake, service, game_id, seen, seats)
        final = latest_turn(fake)
        assert is_finished(final) and kinds == {"present", "accuse"} and refused
        info = await service.get(game_id)
        assert info.status == "finished" and info.seed in final.content
        finished = await state_of(service, game_id)
        winners = " and ".join(finished.seats[w] for w in finished.finished.winners)
        assert winners in final.content and "favour" in final.content
        # The key moments: the richest audiences won, told from the public log.
        moments = final.content.split("**Key moments**\n", 1)[1].split("\n**Last moves**", 1)[0].splitlines()
        assert 1 <= len(moments) <= 3 and all(m.startswith("★ ") and "wins the audience" in m for m in moments)
        assert not (problems := meter.problems()), problems  # issue 12: a quiet channel, prompts that say what

        # A button of the game pressed after its end is refused with the rule that ended it, and
        # that refusal's Why? button opens the rule.
        owner, panel = early
        select = panel.components[0]["components"][0]
        late = await fake.choose(owner, panel, [select["options"][0]["value"]], select["custom_id"])
        refusal = late.replies[-1]
        assert refusal.ephemeral and refusal.content.startswith(f"{GAME.end_rule}: "), refusal.content
        why = await fake.click(owner, refusal, "Why?")
        assert why.ephemeral and why.content.startswith(f"**{GAME.end_rule} "), why.content

        # The game's rules, glossary and cards are looked up like every other game's.
        card = await fake.slash(carol, "card", game="mooncourt", name="ambr bell")
        assert card.content.startswith("**Amber Bell** — Moon Court") and "Worth 3." in card.content
        term = await fake.slash(carol, "glossary", game="mooncourt", term="standard", private=True)
        assert term.ephemeral and "latest claim" in term.content
        rule = await fake.slash(carol, "rules", game="mooncourt", query="what happens if I don't answer in time")
        assert "6.2 Unanswered Claims" in rule.content

        verdict = await fake.slash(alice, "game", "verify")
        assert verdict.content.startswith("✅") and not verdict.ephemeral, verdict.content
    assert not (problems := player_word_problems(fake)), "\n".join(problems)
    assert not fake.rejections, fake.rejections


async def test_a_standing_answer_lets_claims_stand_without_asking(fake, service, monkeypatch):
    fix_seed(monkeypatch, "mooncourt-autopilot")
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with arbiter(fake, service):
        game_id = await members_game(fake, service, "mooncourt", [alice, bob])
        offered = await fake.autocomplete(bob, "autopilot", focused="answer", prompt="accuse")
        assert {c["value"] for c in offered.choices} >= {"never", "sure", "ai", "off"}
        set_ = await fake.slash(bob, "autopilot", prompt="accuse", answer="never")
        assert set_.ephemeral and "Never accuse" in set_.content, set_.content
        policy, bob_seat = FollowTheAI(), await service.seat_of(game_id, str(bob.id))
        for _ in range(6):  # until alice has presented once and bob's answer was given for him
            turn = latest_turn(fake)
            if "bob lets alice's claim" in turn.content:
                break
            member = member_to_act(fake, turn)
            state = await state_of(service, game_id)
            assert not (member is bob and state.pending[0].kind == "accuse"), "bob was asked anyway"
            policy.move = GAME.ai_action(state, await service.seat_of(game_id, str(member.id)))
            await make_move(fake, member, turn, policy, prefer_public=True)
        turn = latest_turn(fake)
        assert "bob lets alice's claim" in turn.content and member_to_act(fake, turn) is bob
        state = await state_of(service, game_id)
        assert state.active == bob_seat and state.pending[0].kind == "present"  # now bob's own turn
    assert not fake.rejections, fake.rejections
