"""What the game asks, and whom: the one Decision the current step waits on, with its context.

Own-turn steps are ordinary decisions; a defence, a Power window or a Cyborg Phase owed by the
other player is a reaction, and a Power's choice (Oracle, Hunter) a private prompt. The context
lines are for the prompt's owner only and are built from what that seat may see: the public
table and their own hand.
"""

from __future__ import annotations

from functools import lru_cache

from engine.core import Decision, made, plain_decision, quiet

from . import combat
from .board import HAND_LIMIT, boost, names, ready_cus, tag, waiting_seat
from .cards import SCREENS, catalog
from .legal import Odds, ability_uses, attack_scan, defenders, window_plays
from .state import PsiState

WHEN = {"after_attack": "after attackers are declared", "after_defend": "after defenders are declared",
        "before_roll": "before the matchup is fought"}
OWN_STEPS = {
    "cu": "place a Creation Unit (Phase 1)", "build": "build (Phase 2)", "equip": "equip (Phase 3)",
    "attack": "declare attackers (Phase 4)", "cyborg": "use Cyborg abilities",
    "matchups": "choose the next matchup to fight", "discard": f"discard down to {HAND_LIMIT} cards",
}
PASS_TIMEOUT = {"type": "pass"}  # a Power window left to run out is passed: nothing is spent
YOUR_MOVE = "Your move"
CHOOSE_CARD = "Choose a card"


def decision(state: PsiState, seat: int | None = None) -> Decision:
    """The decision the current step waits on (`seat`: its owner, when the caller knows it)."""
    fields = state.__dict__  # (read from the dict: see waiting_seat)
    if seat is None:
        seat = waiting_seat(fields)
    name, phase = fields["seats"][seat], fields["phase"]
    if fields["peek"]:
        return _oracle(state, seat, name)
    if fields["hunting"]:
        return _hunter(state, seat, name)
    if phase == "defend":
        return _defend(state, seat, name)
    if phase == "window":
        return _window(state, seat, name)
    if phase == "cyborg" and seat != fields["active"]:
        return _cyborgs(state, seat, name)
    picks, upto = 1, False
    if phase == "discard":  # every card over the limit in one answer (copies of a card too)
        picks = max(1, len(fields["players"][seat].hand) - HAND_LIMIT)
    elif phase == "attack" and len(ready := attack_scan(state, seat)[0]) > 1:  # (the attackers)
        picks, upto = len(ready) + 1, True  # any of the attackers, and "done", in one answer
    return _own_step(seat, phase, name, picks, upto)


@lru_cache(maxsize=1 << 12)
def _own_step(seat: int, phase: str, name: str, picks: int, upto: bool) -> Decision:
    """The turn's own step as a shared Decision (asked after most moves): its prompt is made once."""
    return plain_decision(seat=seat, kind=phase, prompt=f"{name}: {OWN_STEPS[phase]}", button=YOUR_MOVE,
                          picks=picks, upto=upto)


# --- the prompts ---------------------------------------------------------------------------

def _oracle(state: PsiState, seat: int, name: str) -> Decision:
    prompt = f"{name}: choose a Creation Unit from the Oracle"
    if quiet(state):  # (no player reads it: the shared prompt without its context lines)
        return _private(seat, "oracle", prompt)
    shown = ", ".join(tag(state, i) for i in state.peek)
    return Decision(seat=seat, kind="oracle", private=True, button=CHOOSE_CARD, prompt=prompt, context=[
        f"The Creation Oracle shows you: {shown}.",
        "Put one Creation Unit among them into your lab, ready to spend this turn (it is not "
        "your Phase 1 placement), or take none.",
        "The other cards go to the bottom of your deck in the order they were.",
        "If time runs out, the AI chooses for you."])


def _hunter(state: PsiState, seat: int, name: str) -> Decision:
    prompt = f"{name}: take an Equipment from your deck"
    if quiet(state):  # (as for the Oracle)
        return _private(seat, "hunter", prompt)
    return Decision(seat=seat, kind="hunter", private=True, button=CHOOSE_CARD, prompt=prompt, context=[
        "Equipment Hunter: pick one Equipment from your deck to put into your hand.",
        "The card you take is shown to both players, then your deck is shuffled.",
        "If time runs out, the AI chooses for you."])


def _defend(state: PsiState, seat: int, name: str) -> Decision:
    i = state.battle.to_assign
    incoming = combat.active_units(state, state.battle.matchups[i].attack)
    prompt = f"{name}: choose your defense against formation {i + 1} ({names(state, incoming)})"
    return _reaction(state, seat, "defend", prompt, "Choose your defense", _defend_lines, incoming)


def _defend_lines(state: PsiState, seat: int, incoming: list[str]) -> list[str]:
    b = state.battle
    i = b.to_assign
    attacker = state.seats[state.active]
    hp = state.players[seat].lab_hp
    dmg = combat.attack_strength(state, incoming, "physical", boost(state, "attack", i))
    lines = [f"{attacker} attacks with formation {i + 1} of {len(b.matchups)}: "
             f"{_formation(state, incoming, i, 'attack')}.",
             f"Let it through: your lab takes {dmg} damage when the battle ends ({hp} -> {max(0, hp - dmg)} HP"
             + (", which destroys it)." if dmg >= hp else ").")]
    ready = defenders(state, seat)
    if ready:
        lines.append(f"Block: put one or two of your {len(ready)} ready Battle Units against it. Each choice "
                     "shows the chance their Physical attack destroys your blockers, then the chance your "
                     "counter destroys them.")
        odds = Odds(state, incoming)
        best = max(ready, key=lambda u: _edge(odds.of([u])))
        theirs, ours = odds.of([best])
        lines.append(f"Your best single blocker: {tag(state, best)} (they win {theirs:.0%}, counter {ours:.0%}).")
        lines.append("A unit that blocks stays depleted until your next turn.")
    later = len(b.matchups) - i - 1
    if later:
        lines.append(f"{later} more formation{'s' if later > 1 else ''} to answer after this one.")
    lines.append("If time runs out, the AI chooses your defense.")
    return lines


def _window(state: PsiState, seat: int, name: str) -> Decision:
    prompt = f"{name}: play Powers {WHEN[state.window.name]}, or pass"
    if seat == state.active:
        return _bare(seat, "window", prompt, False, YOUR_MOVE, True)
    return _reaction(state, seat, "window", prompt, "Play a Power or pass", _window_lines, passes=True)


def _window_lines(state: PsiState, seat: int) -> list[str]:
    lines = [f"Powers window {WHEN[state.window.name]} in {state.seats[state.active]}'s battle."]
    lines += _battle_lines(state)
    playable = list(dict.fromkeys(catalog().cards[a.card].name for a in window_plays(state, seat)))
    ready = ", ".join(f"{k.upper()} {n}" for k, n in ready_cus(state, seat).items() if n)
    lines.append(f"Powers you can play now: {', '.join(playable) or 'none'} (ready Creation Units: {ready or 'none'}).")
    lines.append("Pass: play nothing now. The window closes when both players pass in a row; "
                 "a Power played reopens it.")
    lines.append("If time runs out, you pass and nothing is spent.")
    return lines


def _cyborgs(state: PsiState, seat: int, name: str) -> Decision:
    return _reaction(state, seat, "cyborg", f"{name}: use Cyborg abilities", "Use your Cyborgs or pass", _cyborg_lines)


def _cyborg_lines(state: PsiState, seat: int) -> list[str]:
    lines = [f"Cyborg Phase of {state.seats[state.active]}'s battle: their Cyborgs have acted, now yours may."]
    seen = set()
    for use in ability_uses(state, seat):
        if use.unit not in seen:
            seen.add(use.unit)
            ability = catalog().cards[state.cards[use.unit].card].ability
            lines.append(f"{tag(state, use.unit)}: {ability.name}. {ability.text}")
    lines.append("A Cyborg that uses its ability leaves its formation and stays depleted until your next turn.")
    lines.append("Pass: your Cyborgs keep their places and fight normally.")
    lines.append("If time runs out, the AI chooses for you.")
    return lines


def _reaction(state: PsiState, seat: int, kind: str, prompt: str, button: str, lines, *args,
              passes: bool = False) -> Decision:
    """An answer owed off-turn, with its context `lines(state, seat, *args)` for its owner; in
    quiet self-play, where no player reads them, the shared prompt without them."""
    if quiet(state):
        return _bare(seat, kind, prompt, True, button, passes)
    return Decision(seat=seat, kind=kind, prompt=prompt, context=lines(state, seat, *args), reaction=True,
                    timeout=PASS_TIMEOUT if passes else None, button=button)


@lru_cache(maxsize=1 << 12)
def _bare(seat: int, kind: str, prompt: str, reaction: bool, button: str, passes: bool) -> Decision:
    """A prompt without context lines (`passes`: running out passes), one object for every time it
    is asked: nothing changes a published Decision in place."""
    return made(Decision, seat=seat, kind=kind, prompt=prompt, reaction=reaction,
                timeout=dict(PASS_TIMEOUT) if passes else None, button=button)


@lru_cache(maxsize=1 << 10)
def _private(seat: int, kind: str, prompt: str) -> Decision:
    """A Power's private choice without context lines, one object for every time it is asked (as
    `_bare`)."""
    return made(Decision, seat=seat, kind=kind, private=True, button=CHOOSE_CARD, prompt=prompt)


# The two prompts above are put together without validation (`made`: every value is the rules'
# own): a new formation to defend against makes a new prompt every few steps, and pydantic's
# check was most of its cost.


# --- shared wording ------------------------------------------------------------------------

def _edge(odds: tuple[float, float]) -> float:
    """How good a block is for the defender: their counter's chance minus the attack's."""
    theirs, ours = odds
    return ours - theirs


def _formation(state: PsiState, units: list[str], index: int, side: str) -> str:
    """Units with each screen's Attack/Defense (Powers and Equipment included)."""
    strengths = combat.formation_strengths(state, units, index, side)
    screens = ", ".join(f"{s.capitalize()} {v['attack']}/{v['defense']}" for s in SCREENS if (v := strengths[s]))
    return f"{names(state, units)} ({screens})" if screens else names(state, units)


def _battle_lines(state: PsiState) -> list[str]:
    """Each formation of the battle from the defender's side."""
    lines = []
    for i, m in enumerate(state.battle.matchups):
        attack = combat.active_units(state, m.attack)
        if not attack:
            continue
        head = f"Formation {i + 1}: {_formation(state, attack, i, 'attack')}"
        defend = combat.active_units(state, m.defend)
        if m.resolved:
            lines.append(f"{head}, already fought.")
        elif defend:
            lines.append(f"{head} against your {_formation(state, defend, i, 'defend')}.")
        elif state.battle.to_assign > i:
            dmg = combat.attack_strength(state, attack, "physical", boost(state, "attack", i))
            lines.append(f"{head}, unblocked: {dmg} damage to your lab when the battle ends.")
        else:
            lines.append(f"{head}, not answered yet.")
    return lines
