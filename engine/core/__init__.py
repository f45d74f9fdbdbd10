"""The shared engine contract, records, randomness and zone helpers."""

from .contract import (
    Action,
    Decision,
    EndTurn,
    Event,
    Game,
    GameState,
    HiddenSlot,
    IllegalAction,
    Outcome,
    Pass,
    PromptView,
    TableView,
    answered,
    ask,
    built,
    finish,
    interned,
    made,
    note,
    open_ask,
    plain_decision,
    plain_setattr,
    quiet,
)
from .registry import all_games, find_game, game_ids, get_game, playable_games, register
from .rng import Rng, commitment, new_seed
from .zones import draw, move

__all__ = [
    "Action", "Decision", "EndTurn", "Event", "Game", "GameState", "HiddenSlot", "IllegalAction", "Outcome", "Pass",
    "PromptView", "TableView", "answered", "ask", "built", "finish", "interned", "made", "note", "open_ask", "plain_decision", "plain_setattr", "quiet", "Rng", "commitment", "new_seed", "draw", "move", "get_game", "playable_games", "register", "all_games", "find_game",
    "game_ids",
]
