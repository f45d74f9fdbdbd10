"""A tiny test-only game, so the table tests do not depend on any real game.

"Duel": 12 cards numbered 1-12, three in each hidden hand. The active player puts a card face
down; the other player (a pending decision for the non-active seat) folds (active scores 1) or
challenges: a die is rolled and the active player scores 2 if the card beats twice the roll,
else the challenger scores 2. The active player then draws. First to `target` points wins;
when a player to move has no cards, the higher score wins.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, Field

from engine.core import Action, Decision, Event, Game, GameState, IllegalAction, Outcome, register


class DuelConfig(BaseModel):
    target: int = Field(5, ge=1)
    hand: int = Field(3, ge=1, le=6)


class Play(Action):
    type: Literal["play"] = "play"
    card: int
    secret: ClassVar[bool] = True

    def label(self) -> str:
        return f"Put your {self.card} face down"


class Challenge(Action):
    type: Literal["challenge"] = "challenge"


class Fold(Action):
    type: Literal["fold"] = "fold"


class DuelState(GameState):
    game: str = "testduel"
    hands: list[list[int]]
    deck: list[int]
    scores: list[int] = Field(default_factory=lambda: [0, 0])
    active: int = 0
    face_down: int | None = None
    target: int = 5


def private_hand_line(cards: list[int]) -> str:
    return f"Your secret hand: {', '.join(map(str, cards))}."


class Duel(Game):
    id = "testduel"
    title = "Duel (test game)"
    min_players = 2
    max_players = 2
    state_model = DuelState
    action_model = Annotated[Play | Challenge | Fold, Field(discriminator="type")]

    def config_model(self):
        return DuelConfig

    def setup(self, config: dict, seats: list[str], seed: str) -> DuelState:
        cfg = DuelConfig.model_validate(config)
        rng, sealed = GameState.new_rng(seed)
        deck = list(range(1, 13))
        rng.shuffle(deck)
        hands = [sorted(deck[: cfg.hand]), sorted(deck[cfg.hand: 2 * cfg.hand])]
        state = DuelState(seats=seats, rng=rng, seed_commitment=sealed, hands=hands,
                          deck=deck[2 * cfg.hand:], target=cfg.target)
        state.pending = [_play_decision(0)]
        state.recent = [Event(text=f"Each player is dealt {cfg.hand} cards.")] + [
            Event(text=private_hand_line(hand), visible_to=[seat]) for seat, hand in enumerate(hands)
        ]
        return state

    def legal_actions(self, state: DuelState, seat: int) -> list[Action]:
        if state.finished or not any(d.seat == seat for d in state.pending):
            return []
        if state.pending[0].kind == "play":
            return [Play(seat=seat, card=c) for c in sorted(state.hands[seat])]
        return [Challenge(seat=seat), Fold(seat=seat)]

    def explain_illegal(self, state: DuelState, action: Action) -> IllegalAction:
        if isinstance(action, Play):
            return IllegalAction(f"You do not hold a {action.card}.", rule="Duel 2")
        return IllegalAction("You can only play a card now.", rule="Duel 2")

    def step(self, state: DuelState, action: Action) -> list[Event]:
        me, name = action.seat, state.seats[action.seat]
        if isinstance(action, Play):
            state.hands[me].remove(action.card)
            state.face_down = action.card
            state.pending = [Decision(seat=1 - me, kind="answer", prompt="Challenge or fold?")]
            return [Event(text=f"{name} puts a card face down."),
                    Event(text=f"You put your {action.card} face down, secretly.", visible_to=[me], kind="aside")]
        active, card = state.active, state.face_down
        if isinstance(action, Fold):
            state.scores[active] += 1
            events = [Event(text=f"{name} folds; {state.seats[active]} scores 1.")]
        else:
            roll = state.rng.die()
            scorer = active if card > 2 * roll else me
            state.scores[scorer] += 2
            events = [Event(text=f"{name} challenges and rolls a {roll}.", kind="roll", data={"roll": roll}),
                      Event(text=f"The face-down card was {card}; {state.seats[scorer]} scores 2.")]
        return events + self._end_turn(state)

    def _end_turn(self, state: DuelState) -> list[Event]:
        active, events = state.active, []
        state.face_down = None
        if state.deck:
            card = state.deck.pop(0)
            state.hands[active].append(card)
            events += [Event(text=f"{state.seats[active]} draws a card."),
                       Event(text=f"You draw the {card}, secretly.", visible_to=[active])]
        events.append(Event(text=f"Rolls so far: {state.rng.counter}.", kind="trace"))
        nxt = 1 - active
        leader = max(range(2), key=lambda s: state.scores[s])
        if state.scores[leader] >= state.target:
            state.finished = Outcome(winners=[leader],
                                     reason=f"{state.seats[leader]} reached {state.scores[leader]} points")
        elif not state.hands[nxt]:
            if state.scores[0] == state.scores[1]:
                state.finished = Outcome(draw=True, reason="the cards ran out with the scores level")
            else:
                state.finished = Outcome(winners=[leader], reason="the cards ran out")
        else:
            state.active = nxt
            state.pending = [_play_decision(nxt)]
        return events

    def view(self, state: DuelState, seat: int | None) -> dict:
        view = {
            "game": self.id, "version": state.version, "names": state.seats, "scores": state.scores,
            "hand_counts": [len(h) for h in state.hands], "deck_count": len(state.deck),
            "active": state.active, "face_down": state.face_down is not None,
            "recent": self.recent_view(state, seat),
        }
        if seat is not None:
            view["hand"] = sorted(state.hands[seat])
        return view

    def standing_answers(self) -> dict[str, dict[str, str]]:
        return {"answer": {"fold": "Always fold"}}

    def standing_action(self, state: DuelState, seat: int, kind: str, answer: str) -> Action | None:
        return Fold(seat=seat) if (kind, answer) == ("answer", "fold") else None

    def ai_action(self, state: DuelState, seat: int) -> Action:
        legal = self.legal_actions(state, seat)
        return legal[0]  # lowest card; always challenge


def _play_decision(seat: int) -> Decision:
    return Decision(seat=seat, kind="play", prompt="Put a card face down.", private=True)


DUEL = register(Duel())
