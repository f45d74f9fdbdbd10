"""Key moments of a finished game: the largest swings, from public log lines, for every game."""

import pytest

from engine.core import get_game
from engine.core.moments import DEFAULT_PATTERNS, key_moments

LOG = ["Turn 1: Ann gains 4 SP.", "Wolf takes 2 damage.", "Bear is destroyed.", "Wolf takes 9 damage.",
       "Turn 2: Bob gains 4 SP.", "Owl takes 3 damage.", "Wolf takes 9 damage."]


def test_the_default_picks_what_was_destroyed_and_the_biggest_hits_in_the_order_they_happened():
    assert key_moments(LOG, DEFAULT_PATTERNS, limit=2) == ["Bear is destroyed.", "Wolf takes 9 damage."]
    assert key_moments(LOG, DEFAULT_PATTERNS, limit=3) == ["Bear is destroyed.", "Wolf takes 9 damage.",
                                                          "Owl takes 3 damage."]  # a sentence told twice counts once
    assert key_moments(["Turn 1.", "Turn 2."], DEFAULT_PATTERNS) == []  # nothing swung: nothing to tell


# Lines as each game writes them: the swing first, then a smaller one and routine lines.
SAMPLES = {
    "resonance": (["Blue Sentinel [M25-3] is destroyed.", "Bob takes 1 damage (Flux): 1/10.",
                   "Round 2, Ann's turn."], 1),
    "psiwars": (["Formation 1 (EMP Lancer [B28]) is unblocked: Ann's lab takes 7 damage (13 HP left).",
                 "Formation 2 (Psi Adept [A25]) is unblocked: Bob's lab takes 1 damage (29 HP left).",
                 "Ann builds Vat Brute [A23]."], 1),
    "clans": (["Bat Swarm Caller (D8) is destroyed; Ann gains 2 EXP.",
               "Templar Knight attacks: Bat Swarm Caller (D8) takes 3 (4 HP left).", "Bob ends the turn."], 1),
    "futura": (["The station on Skyhook Array falls: Ann claims the district.",
                "Sister Velaris takes 10 (30 AP left).", "Ann sells Snare Mine for 1 energy."], 1),
    "infinities": (["Bob is defeated and leaves the map.", "Ann scores 3 (Control an Influence 5 tile); now 13.",
                    "Ann takes control of Ion Furnace."], 1),
    "mooncourt": (["Bob wins the audience and 5 favour (now 10). Ann loses 1 favour (now 4).",
                   "Ann wins the audience and 2 favour (now 2).", "Ann plays a card face down."], 1),
}


@pytest.mark.parametrize("game", sorted(SAMPLES))
def test_each_game_names_its_own_swings(game):
    lines, top = SAMPLES[game]
    engine = get_game(game)
    assert engine.key_moments(lines, limit=top) == lines[:top]
    assert lines[-1] not in engine.key_moments(lines)  # a routine line is never a key moment
