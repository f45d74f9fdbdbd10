"""Why a Resonance move is refused, in a player's words with the section it breaks."""

from __future__ import annotations

from engine.core import Action, IllegalAction

from . import keywords as K
from . import queries as r
from .kinds import rule_of


def explain(game, s, a: Action) -> IllegalAction:
    for check in (_waiting, _actor, _target, _costs, _karma):
        reason = check(game, s, a)
        if reason:
            return reason
    return IllegalAction("That move is not available right now.", "4.2")


def _waiting(game, s, a):
    if s.ask and a.type not in ("choose", "pick"):
        return IllegalAction(f"The game is waiting for an answer first: {s.ask.prompt}.", rule_of(s.ask.kind))
    if a.type in ("choose", "pick"):
        if not s.ask or s.ask.kind != a.kind:
            return IllegalAction("There is no such question open right now.", rule_of(s.ask.kind if s.ask else "turn"))
        return IllegalAction("That is not one of the offered answers.", rule_of(a.kind))
    if s.phase != "play":
        return IllegalAction("The game is still being set up (draft and Codex choices).", "3.2")
    if a.seat != s.active:
        return IllegalAction("It is not your turn.", "4.1")
    return None


def _actor(game, s, a):
    if a.type not in ("act", "deploy", "equip"):
        return None
    uid = a.actor if a.type == "act" else f"P{a.seat}"
    u = s.units.get(uid)
    if u is None or u.owner != a.seat:
        return IllegalAction("You can only act with your own Player or Animations.", "2.6")
    if u.suppressed:
        return IllegalAction(f"{uid} is Suppressed and cannot act until it is Re-engaged.", "2.10")
    if K.is_spent(s, u):
        if u.kind == "player":
            return IllegalAction("Your Player has already taken two actions this turn.", "2.6")
        return IllegalAction(f"{uid} is spent: an Animation takes one action per turn.", "2.6")
    if a.type == "act" and a.what in ("attack", "cs"):
        if s.first_turn and a.seat == s.first:
            return IllegalAction("The starting player cannot attack on the first turn.", "2.15")
        if K.tag_active(s, u, "Bind"):
            return IllegalAction("A Bind Tag stops this unit from attacking.", "tag-bind")
        if a.what == "cs":
            if K.has(s, u, "2.0"):
                return IllegalAction("An Anxious unit cannot make a Critical Strike.", "2.0-anxious")
            if not r.cs_pairs(s, a.seat):
                return IllegalAction("A Critical Strike needs two cards of the same Power in hand.", "4.2.2")
            if not r.can_cs(s, u):
                return IllegalAction("A unit with innate Stoic cannot make a Critical Strike.", "4.2-stoic")
    if a.type == "deploy" and K.command_count(s, a.seat) >= K.focus(s, u):
        return IllegalAction("You already command as many Animations as your Focus allows.", "4.2.6")
    return None


def _target(game, s, a):
    if a.type == "act" and a.what in ("attack", "cs"):
        t = s.units.get(a.target)
        if t is None:
            return IllegalAction("That target is not in play.", "4.2.1")
        if t.owner == a.seat:
            return IllegalAction("Attacks must target an enemy unit.", "A-46")
        if t.acrobatic:
            return IllegalAction("That unit used Acrobatic and cannot be attacked until its next turn.",
                                 "2.1-acrobatic")
        if t.kind == "player" and K.guards(s, t.owner):
            return IllegalAction("That Player controls an Animation, so it cannot be attacked (Guardian "
                                 "Precedence).", "2.5")
        if s.players[a.seat].en < r.stealth_cost(s, a.seat, [a.target]):
            return IllegalAction("Targeting a Stealthy unit costs 1 extra EN that you do not have.", "9.2")
        return IllegalAction("You do not have the cards to fuel that attack.", "4.2.1")
    if a.type == "equip":
        t = s.units.get(a.target)
        if t is None or t.owner != a.seat:
            return IllegalAction("Items attach only to your own units.", "A-29")
        if len(t.items) >= K.item_limit(s, t):
            return IllegalAction("That unit already holds as many Items as it may.", "2.11")
    return None


def _costs(game, s, a):
    p = s.players[a.seat]
    if a.type == "deploy":
        if a.card not in p.hand or K.card(a.card).kind != "animation":
            return IllegalAction("That Animation is not in your hand.", "4.2.6")
        return IllegalAction(f"Deploying it costs {r.deploy_cost(s, a.seat, a.card)} EN; you have {p.en}.", "4.2.6")
    if a.type == "equip":
        if a.item in p.hand:
            return IllegalAction(f"Equipping it costs {r.equip_cost(s, a.seat, a.item)} EN; you have {p.en}.",
                                 "4.2.7")
        return IllegalAction("That Item is neither in your hand nor on one of your units.", "4.2.7")
    return None


def _karma(game, s, a):
    p = s.players[a.seat]
    if a.type == "karma":
        need = {"overclock": 1, "reengage": 1, "acquire": 3, "refine": p.base_focus + 1}[a.spend]
        if p.karma < need:
            return IllegalAction(f"That costs {need} Karma; you have {p.karma}.", "5.2")
        if a.spend == "acquire":
            return IllegalAction("Your Personal Codex deck is empty.", "5.2")
        return IllegalAction("A unit can be readied only once per turn outside the Ready Phase.", "A-23")
    if a.type == "use_tag":
        return IllegalAction("That tag cannot be used now (Haste needs a spent unit, Liberate a Suppressed one; "
                             "once per turn).", "A-23")
    return None
