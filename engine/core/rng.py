"""Auditable randomness whose whole state lives in the game state.

Draw n is the SHA-256 of "<seed>:<n>", so anyone holding the revealed seed can recompute every
roll of a game. Before the end only the commitment (SHA-256 of the seed) is public.
"""

from __future__ import annotations

import functools
import hashlib
import secrets
from typing import Any

from pydantic import BaseModel


def new_seed() -> str:
    return secrets.token_hex(16)


def commitment(seed: str) -> str:
    return hashlib.sha256(seed.encode()).hexdigest()


_sha256 = hashlib.sha256


@functools.lru_cache(maxsize=1024)
def _seeded(seed: str) -> Any:
    """SHA-256 fed "<seed>:", to copy for each draw: cheaper than hashing the whole text again."""
    return _sha256(f"{seed}:".encode())


def _draw(seeded: Any, n: int) -> int:
    """Draw n: the first 8 bytes of SHA-256("<seed>:<n>"), as a number."""
    hashed = seeded.copy()
    hashed.update(b"%d" % n)
    return int.from_bytes(hashed.digest()[:8], "big")


@functools.lru_cache(maxsize=1024)
def _limit(n: int) -> int:
    """The largest multiple of n that fits in 64 bits: draws at or above it are redrawn."""
    return (1 << 64) - (1 << 64) % n


class Rng(BaseModel):
    seed: str
    counter: int = 0

    def _next64(self) -> int:
        # Every roll of every game comes through here (or through `dice`/`shuffle`): the counter
        # is set in the field dict directly (pydantic's assignment hook costs more than the hash).
        fields = self.__dict__
        n = fields["counter"]
        fields["counter"] = n + 1
        self.__pydantic_fields_set__.add("counter")
        return _draw(_seeded(fields["seed"]), n)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection, so no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _limit(n)
        while True:
            x = self._next64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        """`count` dice, each the draw `die(sides)` would give, in one loop (a battle rolls many)."""
        fields = self.__dict__
        seeded, n, limit = _seeded(fields["seed"]), fields["counter"], _limit(sides)
        faces = []
        for _ in range(count):
            while True:
                x = _draw(seeded, n)
                n += 1
                if x < limit:
                    break
            faces.append(x % sides + 1)
        if count:
            fields["counter"] = n
            self.__pydantic_fields_set__.add("counter")
        return faces

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place: place i takes the draw `below(i + 1)` would give, hashed here in
        one loop (shuffling the decks is much of every game's set-up)."""
        fields = self.__dict__
        seeded, start = _seeded(fields["seed"]), fields["counter"]
        n = start
        for i in range(len(items) - 1, 0, -1):
            size = i + 1
            limit = _limit(size)
            while True:
                x = _draw(seeded, n)
                n += 1
                if x < limit:
                    break
            j = x % size
            items[i], items[j] = items[j], items[i]
        if n != start:
            fields["counter"] = n
            self.__pydantic_fields_set__.add("counter")

    def choice(self, items: list):
        return items[self.below(len(items))]
