"""Information-set Monte-Carlo tree search (single observer, after Cowling, Powley & Whitehouse 2012).

The searching seat never looks at what it cannot see. Each iteration plays on a *determinization*:
a copy of the state in which every group of cards hidden from the seat (`Game.unknown_groups`, with
the face-down cards of `Game.hidden_slots`) is pooled, put in a canonical order and dealt back at
random into the same places (a typed slot takes only a card of its kind), and the dice are
re-seeded from public facts only. So two states that differ only in hidden information the seat
cannot see give the very same search, move for move.

One tree is shared by every determinization; a child's availability counts how often its move was
legal when its parent was reached, and UCB uses that count (moves legal only in some worlds are not
over-explored). Rollouts use a cheap policy to a depth limit, then `Game.evaluate` scores the
position for every seat; a finished game scores 1 a win, 0 a loss, an equal share a draw.

`Budget.method = "lookahead"` searches one move deep instead (`lookahead`): every legal move is
played out in the same determinized worlds with the same dice, and the weaker half is dropped
round by round. With the few dozen playouts a move can afford, a paired comparison separates
moves the tree's independent samples could not (measured in reports/strength.md).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from .contract import Action, Game, GameState, HiddenSlot
from .rng import Rng


@dataclass
class Budget:
    iterations: int = 300
    seconds: float | None = None  # a wall-clock cap as well, for play; None in tests (reproducible)
    rollout_depth: int = 30
    exploration: float = 0.7
    rollout: str = "ai"  # "ai" (the game's heuristic: stronger, slower) or "random"
    # Leave the heuristic's own move only for one whose average is better by this margin: with a
    # small budget the averages are noisy, and a noisy pick plays worse than the heuristic.
    margin: float = 0.03
    # Progressive widening: a node reached n times has at most widening * sqrt(n) children, so a
    # big move list (every card at every claim) is sampled a few moves at a time, each of them
    # visited often enough to be judged, instead of every move once or twice.
    widening: float = 2.0
    # "tree": the ISMCTS below. "lookahead": every candidate move is played out in the same
    # imagined worlds with the same dice (common random numbers) and the weaker half dropped
    # round by round (sequential halving), so the comparison between moves is paired, not noisy.
    method: str = "tree"
    # Lookahead only: with more legal moves than this, each is first scored by `evaluate` right
    # after it is made (no playout) in one imagined world, and only the best of them (and the
    # heuristic's own) are played out. Without it every move costs at least a playout a round,
    # which in Infinities or Futura (dozens of moves) is most of the budget. None: no screen.
    candidates: int | None = None


@dataclass(eq=False)
class Node:
    mover: int = -1  # the seat whose move led here (scores are from its side)
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[Action, Node] = field(default_factory=dict)

    def ucb(self, c: float) -> float:
        return self.reward / self.visits + c * math.sqrt(math.log(max(self.available, 1)) / self.visits)


def determinize(game: Game, state: GameState, seat: int, world: random.Random) -> GameState:
    """A copy of `state` as `seat` might believe it to be: hidden cards redealt, dice re-seeded."""
    copy = game.clone(state)
    slots = game.hidden_slots(copy, seat)
    for n, group in enumerate(game.unknown_groups(copy, seat)):
        mine = [slot for slot in slots if slot.group == n]
        # canonical: neither the true order nor where a card truly lies may leak
        pool = sorted([card for zone in group for card in zone] + [slot.card for slot in mine])
        world.shuffle(pool)
        _fill_slots(game, copy, mine, pool)
        for zone in group:
            size = len(zone)
            zone[:] = pool[:size]
            del pool[:size]
    game.redeal_loose(copy, seat, world)
    copy.rng = Rng(seed=f"world:{world.random()}")  # future rolls are unknown too
    return copy


def _fill_slots(game: Game, state: GameState, slots: list[HiddenSlot], pool: list[str]) -> None:
    """Give each typed slot the first pooled card of its kind, then each open slot the first card
    left: the true cards fit, so a card of the kind is always there (typed slots go first because
    an open slot would take any kind)."""
    for slot in sorted(slots, key=lambda slot: slot.kind is None):
        card = next(c for c in pool if slot.kind is None or game.card_kind(state, c) == slot.kind)
        pool.remove(card)
        slot.put(card)


def scores(game: Game, state: GameState) -> list[float]:
    n = len(state.seats)
    if state.finished:
        out = state.finished
        if out.draw or not out.winners:
            return [1 / n] * n
        return [1.0 if s in out.winners else 0.0 for s in range(n)]
    return game.evaluate(state)


def search(game: Game, state: GameState, seat: int, budget: Budget | None = None) -> Action:
    """The most visited move after the budget is spent, unless the heuristic's is about as good."""
    return think(game, state, seat, budget)[0]


@dataclass
class Thought:
    """What a search found about the move it chose: how often it was tried and how it did."""

    tried: int = 0  # playouts through the move
    share: float = 0.0  # its average score in them (a win 1, a loss 0)
    moves: int = 1  # legal moves there were to choose from
    usual: bool = True  # the heuristic player would have chosen it too


def think(game: Game, state: GameState, seat: int, budget: Budget | None = None) -> tuple[Action, Thought]:
    """The search's move for `seat` and what it found about it (for a hint's reason)."""
    budget = budget or Budget()
    legal = game.legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0], Thought()
    if budget.method == "lookahead":
        return lookahead(game, state, seat, legal, budget)
    # Seeded from public facts only: the same information set gives the same search.
    world = random.Random(f"ismcts:{state.game}:{state.version}:{seat}")
    # The heuristic may peek at hidden cards: it reads a redealt copy, never the true state.
    usual = game.ai_action(determinize(game, state, seat, random.Random(f"usual:{world.random()}")), seat)
    root = Node(mover=seat)
    deadline = time.perf_counter() + budget.seconds if budget.seconds else None
    for _ in range(budget.iterations):
        if deadline and time.perf_counter() > deadline:
            break
        _iterate(game, determinize(game, state, seat, world), root, world, budget, usual)
    move = _final_choice(root, legal, usual, budget.margin)
    node = root.children.get(move)
    if node is None or not node.visits:
        return move, Thought(moves=len(legal), usual=move == usual)
    return move, Thought(node.visits, node.reward / node.visits, len(legal), move == usual)


def _final_choice(root: Node, legal: list[Action], usual: Action, margin: float) -> Action:
    """The most visited move, unless the heuristic's move (`usual`) is about as good."""
    if not root.children:
        return usual
    best, node = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))
    mine = root.children.get(usual)
    if mine is not None and mine.visits and best != usual and (
            node.visits <= mine.visits or node.reward / node.visits < mine.reward / mine.visits + margin):
        best = usual
    return next((a for a in legal if a == best), legal[0])


def _iterate(game: Game, d: GameState, root: Node, world: random.Random, budget: Budget, usual: Action) -> None:
    path = [root]
    node = root
    while not d.finished:  # selection and one expansion
        mover = game.to_act(d)[0]
        legal = game.legal_actions(d, mover)
        tried = [a for a in legal if a in node.children]
        for a in tried:
            node.children[a].available += 1
        room = len(node.children) < budget.widening * math.sqrt(node.visits + 1)
        if len(tried) < len(legal) and (room or not tried):
            # The heuristic's move is tried first, so a small budget still weighs it.
            untried = [a for a in legal if a not in node.children]
            action = usual if node is root and usual in untried else untried[world.randrange(len(untried))]
            child = node.children[action] = Node(mover=mover, available=1)
            game.advance(d, action)
            path.append(child)
            break
        action, node = max(((a, node.children[a]) for a in tried), key=lambda an: an[1].ucb(budget.exploration))
        game.advance(d, action)
        path.append(node)
    _rollout(game, d, budget)
    result = scores(game, d)
    for n in path:
        n.visits += 1
        if n.mover >= 0:
            n.reward += result[n.mover]


def _rollout(game: Game, d: GameState, budget: Budget) -> None:
    for _ in range(budget.rollout_depth):
        if d.finished:
            return
        mover = game.to_act(d)[0]
        if budget.rollout == "ai":
            game.advance(d, game.ai_action(d, mover))
        else:
            game.advance(d, game.random_action(d, mover))


def lookahead(game: Game, state: GameState, seat: int, legal: list[Action], budget: Budget) -> tuple[Action, Thought]:
    """Flat Monte-Carlo over the legal moves with common random numbers and sequential halving.

    World k is the same determinization with the same dice for every candidate, so the difference
    between two moves' totals is a paired sample: luck that hits both alike cancels out. Each round
    plays every surviving move in a fresh batch of worlds and keeps the better half; the
    heuristic's own move always survives, and is left only for one better by the margin."""
    world = random.Random(f"lookahead:{state.game}:{state.version}:{seat}")
    usual = game.ai_action(determinize(game, state, seat, random.Random(f"usual:{world.random()}")), seat)
    alive = [usual] + [a for a in legal if a != usual]
    if budget.candidates and len(alive) > budget.candidates:
        alive = _screen(game, determinize(game, state, seat, world), seat, alive, budget.candidates)
    totals = dict.fromkeys(alive, 0.0)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    deadline = time.perf_counter() + budget.seconds if budget.seconds else None
    n = 0  # worlds every surviving move has been played in
    for r in range(rounds):
        for _ in range(max(1, budget.iterations // (rounds * len(alive)))):
            if deadline and n and time.perf_counter() > deadline:
                break  # out of time: every move still in has seen the same n worlds
            w = determinize(game, state, seat, world)
            for move in alive:
                totals[move] += _playout(game, w, move, seat, budget)
            n += 1
        if r < rounds - 1:
            ranked = sorted(alive[1:], key=lambda a: -totals[a])
            alive = [usual] + ranked[:max(1, len(alive) // 2 - 1)]
    best = max(alive, key=lambda a: totals[a])
    if best != usual and totals[best] < totals[usual] + budget.margin * n:
        best = usual
    return best, Thought(n, totals[best] / n, len(legal), best == usual)


def _screen(game: Game, world: GameState, seat: int, moves: list[Action], keep: int) -> list[Action]:
    """The first move (the heuristic's) and the `keep - 1` others that score best in `world` right
    after they are made: a cheap cut of a long move list before the paired playouts."""
    scored = []
    for move in moves[1:]:
        d = game.clone(world)
        game.advance(d, move)
        scored.append((-scores(game, d)[seat], len(scored), move))
    return moves[:1] + [move for *_, move in sorted(scored)[:keep - 1]]


def _playout(game: Game, world: GameState, move: Action, seat: int, budget: Budget) -> float:
    """`seat`'s score after `move` in a copy of `world`, played on by the heuristic to the depth."""
    d = game.clone(world)
    game.advance(d, move)
    _rollout(game, d, budget)
    return scores(game, d)[seat]
