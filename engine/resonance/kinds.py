"""Every prompt Resonance asks, by kind: the rule section it comes from (cited when an answer is
refused, and opened by "Why?"), the label of the public button that opens its owner's panel, and
one line on what the choice decides (the owner's context when nothing more specific is said)."""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import catalog


class Kind(NamedTuple):
    rule: str  # a section id of data/resonance/rules/sections.json
    button: str
    about: str


KINDS: dict[str, Kind] = {
    # set-up
    "draft": Kind("3.2", "Draft a module", "Pick a Faction Module: its ten cards go into the shared Main Deck."),
    "codex_primary": Kind("3.3", "Choose your Codex", "Your Primary colour: its first Codex block starts active; "
                                                      "the others join your Personal Codex deck."),
    "codex_secondary": Kind("3.3", "Choose your Codex", "A Secondary colour: all five of its Codex blocks join "
                                                        "your Personal Codex deck."),
    "codex_drop": Kind("3.3", "Choose your Codex", "Leave a block out of your Personal Codex deck, which keeps "
                                                   "ten blocks."),
    # the turn itself
    "turn": Kind("4.1", "Take your turn", "Act with your Player and Animations, spend Karma, or end your turn."),
    "slow": Kind("tag-slow", "Answer Slow", "A Slow Tag keeps its unit spent through the Ready Phase unless you "
                                            "pay 1 EN to remove it."),
    "refresh": Kind("2.7", "Discard down to 5", "You end the turn with more than five cards: choose which to "
                                                "discard."),
    "purge": Kind("4.2.4", "Answer Purge", "Purge may also remove one Status Tag from the unit; keeping them "
                                           "is allowed."),
    "sensor": Kind("5.1-sensor", "Answer Sensor", "Sensor showed you the top card of the Main Deck: leave it "
                                                  "there or put it on the bottom."),
    "charismatic": Kind("8.1", "Answer Charismatic", "Charismatic lets you make one opponent discard a card of "
                                                     "their choice."),
    "bane": Kind("1.0-bane", "Choose a Bane colour", "Bane weakens attacks that use keywords of the colour you "
                                                     "pick."),
    "immunized": Kind("6.3", "Choose an immunity", "Your units will ignore the Status Tag you pick."),
    # declaring and paying for an action
    "augment": Kind("4.3.3", "Choose keywords", "Add keywords to this action; each augmented one counts "
                                                "against the actor's Focus. Done goes on with those chosen."),
    "fuel": Kind("4.3.1", "Choose your fuel", "Discard the fuel for this attack: its Power adds to the EV."),
    "trickster_reply": Kind("9.3", "Answer Trickster", "The defender used Trickster: discard a card of your "
                                                       "choice or the attack is cancelled."),
    "awkward": Kind("8.0", "Answer Awkward", "Awkward costs one more card for no effect: choose which."),
    "reckless": Kind("2.9-reckless", "Answer Reckless", "Choose which of the two Reckless cards sets the EV."),
    "flux": Kind("4.7", "Answer Flux", "Each damage marker you put on the actor adds 1 to the EV."),
    "gamble": Kind("0.8", "Answer Gamble", "Each card revealed adds 1 to the EV and puts 1 damage marker on "
                                           "the actor."),
    "enhance": Kind("tag-enhance", "Answer Enhance", "The Enhance Tag lets you discard one more card to add its "
                                                     "Power to the EV."),
    # after the roll
    "potent": Kind("8.9", "Answer Potent", "Potent trades the attack's damage for its keyword effects."),
    "adaptive": Kind("0.7", "Answer Adaptive", "Adaptive can make the defender discard a card instead of "
                                               "taking the damage."),
    "edit": Kind("0.9", "Answer Edit", "Pay 1 EN to add a keyword of the target's colours to this attack."),
    "brawler": Kind("3.2-brawler", "Answer Brawler", "Brawler: choose a card from the defender's hand for them "
                                                     "to discard."),
    "splash_brawler": Kind("8.6", "Answer Splash", "Splash carries Brawler: choose the card that Animation's "
                                                   "controller discards."),
    "spread": Kind("8.8", "Answer Spread", "Spread puts 1 damage on another enemy Animation of your choice."),
    "splash": Kind("8.6", "Answer Splash", "Splash gives another enemy Animation the attack's effects, without "
                                           "damage."),
    "animate": Kind("4.9", "Answer Animate", "You may take an Animation card from the discard pile into your "
                                             "hand."),
    "alert": Kind("0.3", "Answer Alert", "Pay 1 EN to return one of your equipped Items to your hand."),
    "chain": Kind("9.6", "Answer Chain", "The target was destroyed: Chain may put 1 damage marker on another "
                                         "enemy unit."),
    "rapid": Kind("2.8-rapid", "Answer Rapid", "Pay 1 EN to attack the same target once more."),
    "specialist": Kind("0.2", "Answer Specialist", "Specialist lets you draw a card."),
    "insightful": Kind("8.3", "Answer Insightful", "Insightful lets you draw a card."),
    "shift": Kind("3.9", "Answer Shift", "Shift moves an Item between your units."),
    "support_tag": Kind("4.4", "Choose the tag's unit", "The Support's Boost Tag goes on the supported unit or "
                                                        "on the unit that acted."),
    # owed by a player whose unit is attacked or hit (usually off-turn)
    "react": Kind("4.3.5", "Choose your defence", "Your unit is attacked: discard a card (or sacrifice an Item) "
                                                  "to raise its RV, or take the hit."),
    "extra": Kind("3.7", "Add to your defence", "You may discard another card to add its Power to your RV."),
    "reactive": Kind("1.6", "Answer Reactive", "Reactive lets you discard a card now to add its Power to your "
                                               "RV."),
    "trickster": Kind("9.3", "Answer Trickster", "Trickster: discard a card and the attacker must discard one "
                                                 "too, or the attack is cancelled."),
    "survivor": Kind("4.1-survivor", "Decide on Survivor", "Survivor can save a unit from lethal damage for one "
                                                           "card; the unit is then Suppressed."),
    "area": Kind("7.6", "Answer Area", "Area damages each of your Animations: 1 EN spares one of them."),
    "bless": Kind("tag-bless", "Decide on Bless", "Spending the Bless Tag prevents 1 damage; the tag is then "
                                                  "gone."),
    "adaptive_discard": Kind("0.7", "Choose a discard", "Adaptive makes you discard a card of your choice "
                                                        "instead of taking damage."),
    "charismatic_discard": Kind("8.1", "Choose a discard", "Charismatic makes you discard a card of your "
                                                           "choice."),
    "aware": Kind("9.1", "Answer Aware", "An opponent equipped an Item: Aware lets you pay 1 EN to draw a "
                                         "card."),
    "stubborn": Kind("3.3-stubborn", "Answer Stubborn", "One of your Animations was destroyed: Stubborn lets "
                                                        "you draw a card."),
}


# Prompts whose options name hidden cards whatever they offer: answered with Pick, shown to the owner only.
PRIVATE_KINDS = {"codex_primary", "codex_secondary", "codex_drop", "refresh", "fuel", "react", "extra", "reactive",
                 "trickster", "survivor", "adaptive_discard", "brawler", "charismatic_discard", "trickster_reply",
                 "awkward", "splash_brawler"}
# Prompts whose "no" answer spends nothing (no card, no EN): what a timeout chooses (the notes' safest default).
NO_COST_ON_TIMEOUT = ("react", "extra", "reactive", "trickster", "area", "aware", "slow")


def answer_type(kind: str, private: bool) -> str:
    """The move that answers a prompt: "pick" when its options name hidden cards, else "choose"."""
    return "pick" if private or kind in PRIVATE_KINDS else "choose"


def timeout_for(kind: str, private: bool, options: list[tuple[str, str]]) -> dict[str, Any] | None:
    """The answer taken when the prompt runs out: no reaction and no payment, but Survivor is used
    with the lowest card when it can be (A-27). None: the AI answers."""
    chosen = None
    if kind == "survivor":
        cards = [(o, label) for o, label in options if o.startswith("card:")]
        chosen = min(cards, key=lambda c: catalog().card(c[0][5:]).power) if cards else None
    elif kind in NO_COST_ON_TIMEOUT:
        by_id = dict(options)
        for o in ("no", "none"):  # a loop, not a generator: most reactions ask this
            if o in by_id:
                chosen = o, by_id[o]
                break
    if chosen is None:
        return None
    return {"type": answer_type(kind, private), "kind": kind, "option": chosen[0], "text": chosen[1]}


def timeout_line(timeout: dict[str, Any] | None) -> str:
    if timeout is None:
        return "If your time runs out, the AI answers for you."
    return f"If your time runs out: {timeout['text']}."


def prompt_fields(kind: str, seat: int, active: int, private: bool, options: list[tuple[str, str]],
                  context: list[str] | None = None, quiet: bool = False) -> dict[str, Any]:
    """The shared-prompt fields of an Ask: owed off-turn or not, its button, its timeout answer, and
    the owner's context (what is happening, then what a timeout does). `quiet`: no player reads
    the prompt (self-play, `engine.core.quiet`), so the context is left empty."""
    timeout = timeout_for(kind, private, options)
    if quiet:
        return {"reaction": seat != active, "button": KINDS[kind].button if kind in KINDS else "Answer",
                "timeout": timeout, "context": []}
    about = context or [KINDS[kind].about if kind in KINDS else ""]
    return {"reaction": seat != active, "button": KINDS[kind].button if kind in KINDS else "Answer",
            "timeout": timeout, "context": [line for line in about if line] + [timeout_line(timeout)]}


def rule_of(kind: str) -> str:
    """The section a prompt of this kind comes from (the turn structure for anything unknown)."""
    return KINDS[kind].rule if kind in KINDS else KINDS["turn"].rule
