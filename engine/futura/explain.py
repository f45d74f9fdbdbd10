"""Why a Futura move is refused, in a player's words, citing a section id of data/futura/rules/sections.json."""

from __future__ import annotations

from engine.core import Action, IllegalAction

from .state import FuturaState

MANAGEMENT = ("equip", "unequip", "sell", "store", "retrieve", "equip_creature", "build", "upgrade", "repair")
# The section each kind of move is governed by, and the usual reason it is refused.
WHY = {
    "equip": ("Equipping needs a benched acolyte, enough energy (the card's level) and room within its class "
              "and carrying capacity; armour may be at most one class above the best it has worn.",
              "carrying-capacity"),
    "unequip": ("Only cards on a benched acolyte can be taken off, and ability cards never come off.", "ability-cards"),
    "sell": ("You can sell cards from your hand or your stations for half their level; abilities can't be sold.",
             "faq-energy-resources"),
    "store": ("A card is stored in a free slot of one of your stations: a station has as many slots as its level.",
              "station-inventory-slots"),
    "retrieve": ("Only a card stored in one of your stations can be taken back.", "station-inventory-slots"),
    "equip_creature": ("A creature goes into one of your stations that is strong enough for its level "
                       "(3, 5, 7, 10 by station level), paying its level in energy.", "creature-cards"),
    "build": ("A station is built on a face-up district of yours with no station, for 10 energy.",
              "claiming-districts"),
    "upgrade": ("A station upgrades once a turn for 10 energy, from the cycle after it was built, up to level 4.",
                "upgrading-your-stations"),
    "repair": ("Repairs cost one energy per 10 missing armour AP on a benched acolyte; broken armour needs a "
               "Mechanic.", "A29"),
    "to_bay": ("Moving to the Assault bay costs 1 (Base, Recon) or 2 (Adept, Heavy) energy from the bench.",
               "conducting-an-assault"),
    "recall": ("Recall happens once a turn and costs each acolyte's move cost.", "ending-your-turn"),
    "assault": ("An assault needs a primary in the Assault bay that has not attacked or supported this turn, "
                "a support that has supported fewer than two assaults (1 energy), and an enemy face-up district.",
                "conducting-an-assault"),
    "ambush": ("An ambush needs an Ambush card and targets an enemy acolyte left in its owner's Assault bay.",
               "ambush"),
    "drop_sigil": ("You have no sigil to discard.", "A38"),
    "fight": ("There is no engagement waiting for the next exchange.", "recording-damage"),
    "yield": ("There is no engagement to yield from.", "ending-your-turn"),
    "play": ("That effect can't be played now: the window, its use limit or its cost doesn't allow it.",
             "triggering-an-effect"),
    "ensigil": ("Only the defender, with an oldest sigil matching the first creature, can ensigil it.",
                "ensigiling-equipment"),
    "claim": ("That is not one of the ways to place this claimed card.", "claiming-equipment"),
    "scout": ("An informant needs a Whisper Lens, or a district with Informant not yet used this cycle, and an "
              "enemy station with stored cards.", "informant"),
    "warp": ("A warp swaps an acolyte of the Assault bay that has not fought this turn with a benched one, once a "
             "cycle (or with a Warp card before the first exchange).", "A24"),
    "summon": ("Summon calls a benched acolyte: as support before the first exchange for 1 energy, or to defend a "
               "station when its assault is declared.", "summon"),
    "crystal": ("Only the defender whose crystals caught the attacker chooses to drive it off or possess it.",
                "crystal-production"),
    "offer": ("A trade offers a card from your hand to each other player once a turn, before your first assault, "
              "at a price they can pay.", "faq-energy-resources"),
    "accept": ("There is no trade offer waiting for you, or you can't pay its price.", "faq-energy-resources"),
    "discard": ("Only a card in your hand can be discarded, and only while you hold more than five.",
                "at-the-start-of-your-turn"),
}


ANSWER_TYPES = ("play", "pass", "ensigil", "claim", "summon", "crystal", "accept", "discard")


def explain(game, s: FuturaState, a: Action) -> IllegalAction:
    if s.asks and s.asks[0].seat == a.seat and a.type not in ANSWER_TYPES:
        return IllegalAction("Answer the open prompt first.", "faq-timing-priority")
    if s.fight is not None and a.type in MANAGEMENT + ("end_turn", "assault", "ambush"):
        return IllegalAction("An engagement is under way: fight on or yield first.", "recording-damage")
    if a.type in MANAGEMENT and s.assaulted:
        return IllegalAction("After the turn's first assault you can no longer buy, equip, store, build or "
                             "upgrade until your next turn.", "A37")
    reason, rule = WHY.get(a.type, ("That move is not available right now.", "parts-of-a-turn"))
    return IllegalAction(reason, rule)
