"""The rulebook's Battle Example (Ghost Chen and Hammerfist against Aegis Outpost's Vyr Wolf and
Temple) and its VP example, reproduced exactly with scripted dice."""

from engine.core import EndTurn, Pass
from engine.core.rng import Rng
from engine.futura import GAME
from engine.futura.actions import Assault, Fight, Play
from engine.futura.cards import catalog
from engine.futura.rules import vp
from engine.futura.state import Acolyte, Card, Holding, Station


class Scripted(Rng):
    """Dice that come from a list, so a worked example can be replayed roll by roll."""

    script: list[int] = []

    def die(self, sides: int = 6) -> int:
        value = self.script.pop(0)
        assert 1 <= value <= sides, f"scripted {value} does not fit a d{sides}"
        return value

    def dice(self, count: int, sides: int = 6) -> list[int]:  # Rng.dice draws without die(): script it too
        return [self.die(sides) for _ in range(count)]


def put(s, cid, owner):
    """A new card instance, fresh (full AP)."""
    uid = s.new_uid("c")
    s.cards[uid] = Card(uid=uid, cid=cid, owner=owner, ap=catalog().cards[cid].ap)
    return uid


def example_table():
    s = GAME.setup({}, ["Us", "Them"], "battle-example")
    s.active, s.fight, s.asks, s.claims = 0, None, [], []
    us, them = s.players
    chen = Acolyte(uid="a100", cid="ghost_chen", base_ap=14, max_class="Heavy", loc="bay",
                   armour=put(s, "stealth_plate", 0), sabers=[put(s, "dawnfall", 0)],
                   abilities=[put(s, "might_makes_right", 0)])
    ham = Acolyte(uid="a101", cid="hammerfist", base_ap=16, max_class="Recon", loc="bay",
                  armour=put(s, "patrol_plate", 0), sabers=[put(s, "spark_blade", 0)])
    us.acolytes = [chen, ham]
    us.sigils, us.energy, us.holdings = [put(s, "sigil_paladin", 0)], 6, []
    wolf = put(s, "vyr_wolf", 1)
    stored = [put(s, "skull_of_alman", 1), put(s, "throne_cutter", 1)]
    them.holdings = [Holding(did="aegis_outpost", station=Station(card="imperial_garrison", level=3, ap=42, dam=15,
                                                                  slots=stored, creatures=[wolf]))]
    them.sigils = [put(s, "sigil_primal", 1)]
    s.in_game = [h.did for p in s.players for h in p.holdings]
    GAME.publish(s)
    s.rng = Scripted(seed="x", script=[])
    return s, chen, ham, wolf


def go(s, action, *dice):
    s.rng.script.extend(dice)
    GAME.check(s, action)
    GAME.advance(s, action)
    assert not s.rng.script, "not every scripted die was used"


def chen_ap(s, chen):
    return s.cards[chen.armour].ap


def test_the_battle_example_exchange_by_exchange():
    s, chen, ham, wolf = example_table()
    # Declared with Hammerfist as support (1 energy) and Chen's Paladin sigil on her gear; Crystal
    # Madness: Chen rolls 30 on the d100, just clearing the check.
    go(s, Assault(seat=0, primary=chen.uid, support=ham.uid, district="aegis_outpost", ensigil=True), 30)
    assert s.players[0].energy == 5 and s.fight.ensigil == "Paladin"
    assert s.asks[0].kind == "ensigil"  # the Wolf could take the defender's Primal sigil...
    go(s, Pass(seat=1))  # ...but the defender keeps it to charge Feral Form
    # 1: Chen 4, Hammerfist 2, Wolf 7. Feral Form at tier 3 with the sigil: d20 8 x2 = 16, cut by 4.
    go(s, Fight(seat=0), 4, 2, 7)
    go(s, Play(seat=1, source=wolf, tier=3, pay="sigil"), 8)
    go(s, Pass(seat=0))
    assert chen_ap(s, chen) == 66
    # 2: Chen 8, Hammerfist 7, Wolf 6: 21 + 7 + 4 for the sigil = 32; the Wolf keeps 25 (67 in all).
    go(s, Fight(seat=0), 8, 7, 6)
    go(s, Pass(seat=0))
    assert s.cards[wolf].ap == 25
    # 3: Chen 3, Hammerfist 8, Wolf 5: the stealth manoeuvre (3 energy) fails on 80; Chen loses 9 - 4.
    go(s, Fight(seat=0), 3, 8, 5)
    go(s, Play(seat=0, source=chen.armour, tier=3, pay="energy"), 80)
    assert chen_ap(s, chen) == 61 and s.cards[wolf].ap == 18
    # 4: Chen 11, Hammerfist 8, Wolf 8 (a tie: Hammerfist's strike fails). Might Makes Right at tier 2
    # with her last 2 energy: 20 DAM, and the Wolf is dead; the station still has 42.
    go(s, Fight(seat=0), 11, 8, 8)
    go(s, Play(seat=0, source=chen.abilities[0], tier=2, pay="energy"))
    assert s.players[0].energy == 0 and wolf not in s.players[1].holdings[0].station.creatures
    assert s.players[1].holdings[0].station.ap == 42
    # 5 and 6: the Temple strikes back for 15, less 4 each time: 50, then 39 (a 12-12 tie).
    go(s, Fight(seat=0), 3, 4, 10)
    assert chen_ap(s, chen) == 50
    go(s, Fight(seat=0), 12, 7, 12)
    assert chen_ap(s, chen) == 39
    # 7: Chen's 9 beats the 4: 21 + 4 leaves 17. 8: 21 + 7 + 4 = 32 and the station falls.
    go(s, Fight(seat=0), 9, 2, 4)
    assert s.players[1].holdings[0].station.ap == 17
    go(s, Fight(seat=0), 9, 6, 3)
    assert s.fight is None
    assert [h.did for h in s.players[0].holdings if h.face_down] == ["aegis_outpost"]
    assert s.players[0].vouchers == 1  # Hammerfist's Loot & Plunder
    assert sorted(s.card(u).name for u in s.claims[0].cards) == ["Skull of Al'man the Cursed", "Throne Cutter"]
    assert s.asks[0].kind == "claim" and s.asks[0].seat == 0
    assert chen.loc == "bay" and ham.loc == "bay"  # survivors stay in the bay (rule 40)


def test_the_vp_example_scores_38():
    """Two stations (2 and 3 energy), a Heavy and a Recon acolyte, equipment levels 20, 5 energy."""
    s = GAME.setup({}, ["Us", "Them"], "vp-example")
    us = s.players[0]
    us.holdings = [Holding(did="aegis_outpost", station=Station(card="aoric_temple", ap=20, dam=5)),
                   Holding(did="reactor_nine", station=Station(card="aoric_temple", ap=20, dam=5))]
    heavy = Acolyte(uid="a90", cid="ghost_chen", base_ap=14, armour=put(s, "stealth_plate", 0),
                    sabers=[put(s, "siegebreaker", 0)])  # levels 10 + 8
    recon = Acolyte(uid="a91", cid="hammerfist", base_ap=16, armour=put(s, "ranger_coat", 0))  # level 2
    us.acolytes, us.energy = [heavy, recon], 5
    assert vp(s, 0) == 38


def test_a_turn_ends_and_the_next_player_gains_income():
    s = GAME.setup({}, ["A", "B"], "income")
    nxt = 1 - s.active
    before = s.players[nxt].energy
    expected = GAME.income(s, s.players[nxt])
    GAME.advance(s, EndTurn(seat=s.active))
    assert s.active == nxt and s.players[nxt].energy == before + expected
    assert len(s.players[nxt].hand) == 5 and all(s.card(u).kind != "sigil" for u in s.players[nxt].hand)
