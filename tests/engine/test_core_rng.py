import hashlib
from collections import Counter

from engine.core import Rng, commitment


def test_same_seed_same_rolls_and_state_round_trips():
    a = Rng(seed="abc")
    rolls = a.dice(20)
    b = Rng(seed="abc")
    assert b.dice(20) == rolls
    resumed = Rng.model_validate_json(Rng(seed="abc", counter=10).model_dump_json())
    assert resumed.dice(10) == rolls[10:]


def test_dice_are_fair_enough():
    rng = Rng(seed="fair")
    counts = Counter(rng.die() for _ in range(6000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert all(800 < n < 1200 for n in counts.values())


def test_commitment_is_sha256_of_seed():
    assert commitment("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_shuffle_is_a_permutation():
    items = list(range(40))
    Rng(seed="s").shuffle(items)
    assert sorted(items) == list(range(40)) and items != list(range(40))


def test_a_shuffle_makes_the_draws_below_would_make_place_by_place():
    """Seeded games stay the same games: the inlined shuffle equals Fisher-Yates over below()."""
    for seed in ("abc", "deck-7", "x"):
        for size in (0, 1, 2, 3, 17, 80):
            fast, slow = Rng(seed=seed), Rng(seed=seed)
            shuffled, expected = list(range(size)), list(range(size))
            fast.shuffle(shuffled)
            for i in range(size - 1, 0, -1):
                j = slow.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            assert shuffled == expected and fast.counter == slow.counter
            assert fast.model_fields_set == slow.model_fields_set


def test_dice_roll_what_die_would_roll_one_by_one_from_the_published_hash():
    """Seeded games stay the same games, and anyone can check a roll: die n is SHA-256 of
    "<seed>:<n>" (first 8 bytes), redrawn at or above the largest multiple of the sides."""
    for seed in ("abc", "battle-3"):
        for count, sides in ((0, 6), (1, 6), (3, 6), (12, 6), (5, 20), (4, 3)):
            fast, slow = Rng(seed=seed, counter=5), Rng(seed=seed, counter=5)
            rolled = fast.dice(count, sides)
            expected = []
            for _ in range(count):
                while True:
                    digest = hashlib.sha256(f"{seed}:{slow.counter}".encode()).digest()
                    slow.counter += 1
                    x = int.from_bytes(digest[:8], "big")
                    if x < (1 << 64) - (1 << 64) % sides:
                        break
                expected.append(x % sides + 1)
            assert rolled == expected and fast.counter == slow.counter
            assert rolled == Rng(seed=seed, counter=5).dice(count, sides)
