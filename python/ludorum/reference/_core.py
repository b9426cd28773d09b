"""SplitMix64 and Zobrist tables: the one RNG of ludorum, shared by every reference game.

>>> rng = SplitMix64(0)
>>> hex(rng.next_u64())
'0xe220a8397b1dcdaf'
>>> SplitMix64(7).below(10) in range(10)
True
"""

from __future__ import annotations

__all__ = ["MASK64", "SplitMix64", "zobrist_table"]

MASK64 = (1 << 64) - 1


class SplitMix64:
    """Sebastiano Vigna's SplitMix64.

    ``below(n)`` is the uniform pick ``(next_u64() * n) >> 64`` that DESIGN.md fixes.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``0..n`` (n ≥ 1)."""
        return (self.next_u64() * n) >> 64


def zobrist_table(seed: int, size: int) -> list[int]:
    """``size`` keys drawn in order from SplitMix64 seeded with the game's constant."""
    rng = SplitMix64(seed)
    return [rng.next_u64() for _ in range(size)]
