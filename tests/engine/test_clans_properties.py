"""Gods & Clans properties over 1,000+ random games (1-vs-1 and 2-vs-2, automatic and chosen set-up):
no exception, and after every move the state keeps its invariants and the public view hides unused cards.

Games are kept short (a low round cap and a chooser that ends turns often) so the run stays in the tens
of seconds; a few full-length games check that play always ends by itself.
"""

import json
import random

from engine.clans import actions as act
from engine.clans.cards import DATA, catalog
from engine.clans.state import coord, dist, parse_coord
from engine.core import get_game

GAME = get_game("clans")
CARDS = catalog().cards


def check_invariants(s) -> None:
    tiles = [u.pos for u in s.units.values()]
    assert len(tiles) == len(set(tiles)), "two units share a tile"
    homes = {p.homebase for p in s.players if p.homebase}
    for u in s.units.values():
        d = CARDS[u.card]
        assert 0 < u.hp <= d.hp, (u.card, u.hp)
        assert u.pos not in homes
        t = s.tile(u.pos)
        rules = s.players[u.owner].terrain
        assert t in "GF" or (t == "W" and "water" in rules) or (t == "M" and "mountain" in rules)
        assert len(set(u.statuses)) == len(u.statuses) and not (d.god and u.statuses)
        assert u.equipment is None or CARDS[u.equipment].kind == "equipment"
        assert not s.players[u.owner].out
    for seat, p in enumerate(s.players):
        assert p.sp >= 0 and p.exp >= 0 and p.exp_gained >= 0
        deck = catalog().decks[p.deck_key].cards
        assert not set(p.used) & set(p.unused)
        assert len(p.used) + len(p.unused) == len(deck) - 2  # the God and the Homebase are never cards in hand
        if s.phase == "play" and not p.out:
            assert any(u.owner == seat and CARDS[u.card].god for u in s.units.values())
    if s.finished:
        w = s.finished.winners
        assert s.finished.draw or (w and len({x % 2 for x in w}) == 1)
        return
    assert len(s.pending) == 1 and s.pending[0].kind == {"setup": "setup", "play": "turn", "react": "ward"}[s.phase]


def check_public_view(s) -> None:
    public = GAME.view(s, None)
    assert "hand" not in public
    text = json.dumps(public)
    shown = {c for p in s.players for c in p.used} | {u.card for u in s.units.values()}  # team-mates share a deck
    for p in s.players:
        for card in set(p.unused) - shown:
            assert f'"{card}"' not in text, f"public view names the unused card {card}"


SECTIONS = {x["id"] for x in json.loads((DATA / "rules" / "sections.json").read_text())["sections"]}
ARTS = [c for c, d in CARDS.items() if d.kind == "art"]


def some_moves(s, seat, rnd) -> list:
    """Random, mostly illegal moves of every kind."""
    units = list(s.units) or ["A99"]
    tile = coord((rnd.randrange(9), rnd.randrange(12)))
    card = rnd.choice(list(CARDS))
    u, t = rnd.choice(units), rnd.choice(units)
    return [act.Attack(seat=seat, unit=u, target=t), act.Move(seat=seat, unit=u, to=tile),
            act.UseAbility(seat=seat, unit=u, ability=rnd.randrange(2), target=t),
            act.React(seat=seat, unit=u, ability=rnd.randrange(2)), act.Pass(seat=seat), act.EndTurn(seat=seat),
            act.CastArt(seat=seat, card=rnd.choice(ARTS), target=t, allies=(u, rnd.choice(units))),
            act.CastTerrain(seat=seat, card=card), act.UseItem(seat=seat, card=card, target=t),
            act.Equip(seat=seat, card=card, unit=u), act.Assimilate(seat=seat, card=card), act.Summon(seat=seat, card=card, tile=tile),
            act.DraftMap(seat=seat, piece=rnd.randrange(1, 13)),
            act.PlaceMap(seat=seat, piece=rnd.randrange(1, 13), face=rnd.choice("AB"), rotation=rnd.choice((0, 90))),
            act.PlaceHomebase(seat=seat, tile=tile), act.PlaceGod(seat=seat, tile=tile)]


def check_refusals(s, seat, legal, rnd) -> None:
    """Every refusal explains itself with a rulebook section that exists."""
    for a in some_moves(s, seat, rnd):
        if a not in legal:
            why = GAME.explain_illegal(s, a)
            assert why.reason and why.rule in SECTIONS, (a, why.reason, why.rule)


def eager(s, seat, legal, rnd):
    """A random player that likes to fight: a random hit when it has one, else often the move that
    closes in on the nearest foe (cheap, so a thousand games stay quick)."""
    hits = [a for a in legal if a.type in ("attack", "ability", "art", "item")]
    if hits and rnd.random() < 0.6:
        return rnd.choice(hits)
    moves = [a for a in legal if a.type == "move"]
    foes = [u.pos for u in s.units.values() if s.foes(u.owner, seat)]
    if moves and foes and rnd.random() < 0.6:
        return min(moves, key=lambda m: (min(dist(parse_coord(m.to), f) for f in foes), rnd.random()))
    return None


def play(seed: int, seats: int, setup: str, rounds: int, end_bias: float, sp: int = 4) -> object:
    config = {"setup": setup, "max_rounds": rounds, "sp_per_turn": sp}
    s = GAME.setup(config, [f"P{i}" for i in range(seats)], f"prop-{seed}")
    rnd = random.Random(seed)
    for _ in range(5_000):
        if s.finished:
            break
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        assert legal
        quick = [a for a in legal if a.type in ("end_turn", "pass")]
        action = eager(s, seat, legal, rnd)
        if action is None:
            action = quick[0] if quick and rnd.random() < end_bias else rnd.choice(legal)
        GAME.advance(s, action)
        check_invariants(s)
        if rnd.random() < 0.1:
            check_public_view(s)
        if rnd.random() < 0.05 and not s.finished:
            (seat,) = GAME.to_act(s)
            check_refusals(s, seat, GAME.legal_actions(s, seat), rnd)
    assert s.finished
    return s


def test_a_thousand_short_random_games_keep_the_invariants():
    ended = {"god": 0, "cap": 0, "out": 0}
    for n in range(1_000):
        seats = 4 if n % 4 == 3 else 2
        setup = "choose" if n % 10 in (0, 3) else "auto"  # both seat counts build their own field
        s = play(n, seats, setup, rounds=4, end_bias=0.3, sp=6)
        ended["god" if "fallen" in s.finished.reason else "cap"] += 1
        ended["out"] += sum(p.out for p in s.players) if seats == 4 and not s.finished.draw else 0
    assert ended["cap"] and ended["god"] and ended["out"]  # both endings happen, and 2-vs-2 players drop out


def test_full_length_random_games_end_by_themselves():
    for n in range(4):
        s = play(10_000 + n, 2 if n % 2 else 4, "auto", rounds=40, end_bias=0.1)
        assert s.finished.winners or s.finished.draw
