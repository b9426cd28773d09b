"""SplitMix64 and Zobrist tables for the reference games: re-exported from :mod:`ludorum.rng`,
where they live as a public API shared by both backends.

>>> rng = SplitMix64(0)
>>> hex(rng.next_u64())
'0xe220a8397b1dcdaf'
"""

from __future__ import annotations

from ..rng import MASK64, SplitMix64, zobrist_table

__all__ = ["MASK64", "SplitMix64", "zobrist_table"]
