"""Test agents for Chinese Checkers: a greedy one, so that differential games also reach
`home filled`, `home blocked` and `repetition`, not only the ply limit."""

from __future__ import annotations

from typing import Any

from ludorum import SplitMix64
from ludorum.reference import chinese_checkers as cc


def _distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = cc.HOLES[a], cc.HOLES[b]
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def _tip(state: Any, player: int) -> int:
    """The hole of the player's home farthest from the centre: pieces pack towards it."""
    ref = state if hasattr(state, "home_area") else None
    if ref is None:
        ref = cc.ChineseCheckers(**state.options)
    home = ref.home_area(player)
    return max(home, key=lambda h: max(abs(c) for c in (*cc.HOLES[h], -sum(cc.HOLES[h]))))


def greedy_pick(state: Any, rng: SplitMix64, greed: float = 0.85) -> int:
    """Index into ``state.legal_moves()``: mostly the move that gets closest to the home tip."""
    moves = state.legal_moves()
    if len(moves) == 1 or rng.next_u64() / 2**64 > greed:
        return rng.below(len(moves))
    tip = _tip(state, state.current_player)

    def gain(move: Any) -> int:
        a, _, b = str(move).partition("-")
        return _distance(cc.hole_index(a), tip) - _distance(cc.hole_index(b), tip)

    best = max(gain(m) for m in moves)
    choices = [i for i, m in enumerate(moves) if gain(m) == best]
    return choices[rng.below(len(choices))]
