"""SplitMix64, the one random number generator of ludorum, and the Zobrist tables drawn from it.

Both backends draw every random choice from it (seeded setups, random agents, simulations), so
that a seed names the same games in Rust and in Python. Game ``i`` of a batch seeded ``s`` uses
seed ``s + i``.

>>> from ludorum.rng import SplitMix64
>>> rng = SplitMix64(0)
>>> hex(rng.next_u64())
'0xe220a8397b1dcdaf'
>>> SplitMix64(7).below(10) in range(10)
True
"""

from __future__ import annotations

__all__ = ["MASK64", "SplitMix64", "zobrist_table"]

#: the 64 low bits: SplitMix64 works modulo 2**64
MASK64 = (1 << 64) - 1


class SplitMix64:
    """Sebastiano Vigna's SplitMix64: a 64-bit state, one addition and one mix per output.

    The same generator as the Rust core's ``SplitMix64``: the same seed gives the same stream
    in both backends. ``below(n)`` is the uniform pick ``(next_u64() * n) >> 64`` that the
    design fixes for every random choice in ludorum.

    Args:
        seed: any int; it is taken modulo 2**64 (so ``-1`` is ``2**64 - 1``).

    >>> import ludorum
    >>> rng = ludorum.SplitMix64(42)
    >>> [rng.below(6) for _ in range(5)]
    [4, 0, 1, 2, 0]
    >>> state = ludorum.new("chinese_checkers")
    >>> moves = state.legal_moves()
    >>> state.play(moves[rng.below(len(moves))])
    >>> state.ply
    1
    """

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        #: the internal state: the seed plus the golden gamma times the outputs drawn, mod 2**64
        self.state = seed & MASK64

    def next_u64(self) -> int:
        """The next 64-bit output, an int in ``0..2**64 - 1``.

        >>> SplitMix64(1).next_u64()
        10451216379200822465
        """
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in ``0..n - 1``: ``(next_u64() * n) >> 64``, one output per call.

        Args:
            n: the number of choices, at least 1.

        Returns:
            The index picked.

        >>> rng = SplitMix64(3)
        >>> [rng.below(2) for _ in range(8)]
        [0, 1, 1, 0, 0, 1, 0, 1]
        """
        return (self.next_u64() * n) >> 64

    def __repr__(self) -> str:
        return f"SplitMix64(state={self.state:#018x})"


def zobrist_table(seed: int, size: int) -> list[int]:
    """The first ``size`` outputs of SplitMix64 seeded with ``seed``, in order.

    Every game fills its Zobrist key tables this way from a constant of its own, in the order
    its rules page gives, so that both backends agree on ``state.key``.

    Args:
        seed: the game's Zobrist seed.
        size: the number of keys.

    Returns:
        The keys, each an int in ``0..2**64 - 1``.

    >>> zobrist_table(0, 2) == [SplitMix64(0).next_u64(), 0x6E789E6AA1B965F4]
    True
    """
    rng = SplitMix64(seed)
    return [rng.next_u64() for _ in range(size)]
