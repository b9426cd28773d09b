"""So Long Sucker against an outside oracle: De Carufel and Jerade's theorem on the two-player,
two-colour endgame ("So Long Sucker: Endgame Analysis", arXiv:2403.17302).

The setting of the theorem: two players left, Blue and Red, and only their two colours in the
game; Blue, the **active** player, has the move (it must play a chip); each holds chips of its own
colour only. Piles then alternate colours (a chip played on its own colour captures the pile).
Write m_b for Blue's chips, n_r for Red's, β_1, β_2, ... for the piles with a blue chip on top and
ρ_1, ρ_2, ... for those with a red chip on top. The theorem: Blue has a winning strategy exactly
when

    m_b > 0, and either n_r = 0 or m_b + Σ|β_i|_b > n_r + Σ|ρ_i|_r − max_i |ρ_i|_r

(the sum and the maximum over no pile are 0). The pile terms |π|_b (for Blue) and |π|_r (for Red)
are read as what capturing the pile π is worth to its captor: it plays one chip on π, kills one
and takes the other |π| back, so its hand grows by |π| − 1, the chips of π under its top chip.
Two other readings (the captor's own chips in π; no maximum taken off) are refuted by the engine
below, so the oracle tells them apart.

Every position of that setting reachable from the start of a two-player game with 1, 2 or 3
chips each is solved exhaustively by the engine (every decision's primary moves: plays, kills,
rescues and refusals), and the winner found must be the one the theorem names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

import ludorum

GAME = "so_long_sucker"

# What a pile is worth to the player who captures it: the test's reading, and two readings the
# engine refutes (so the oracle can tell them apart).
Worth = Callable[[tuple[int, ...], int], int]


def chips_under_the_top(pile: tuple[int, ...], colour: int) -> int:
    return len(pile) - 1


def chips_of_the_colour(pile: tuple[int, ...], colour: int) -> int:
    return pile.count(colour)


def endgames(chips: int, first_player: int, backend: str) -> Iterator[Any]:
    """Every position of the theorem's setting reachable from the start of a two-player game."""
    start = ludorum.new(GAME, backend=backend, players=2, chips=chips, first_player=first_player)
    seen: set[int] = set()
    todo = [start]
    while todo:
        state = todo.pop()
        if state.key in seen:
            continue
        seen.add(state.key)
        if state.is_over():
            continue
        if in_setting(state):
            yield state
        for move in state.legal_moves():
            child = state.copy()
            child.play(move)
            todo.append(child)


def in_setting(state: Any) -> bool:
    """Both players alive, the active one to play, each holding its own colour only."""
    hands = state.hands()
    return (
        state.decision()["situation"] == "play"
        and all(state.alive())
        and hands[0][1] == 0
        and hands[1][0] == 0
    )


def winner(state: Any, memo: dict[int, int]) -> int:
    """The player who wins with best play from ``state`` (the game has two outcomes)."""
    key = state.key
    if key in memo:
        return memo[key]
    if state.is_over():
        (best,) = state.outcome().winners
    else:
        mover = state.current_player
        best = 1 - mover
        for move in state.legal_moves():
            state.play(move)
            found = winner(state, memo)
            state.undo()
            if found == mover:
                best = mover
                break
    memo[key] = best
    return best


def theorem(state: Any, worth: Worth = chips_under_the_top, less_the_best: bool = True) -> bool:
    """Whether the active player wins, by the theorem (with ``worth`` for |π|_b and |π|_r)."""
    blue = state.current_player
    red = 1 - blue
    hands = state.hands()
    m_b, n_r = hands[blue][blue], hands[red][red]
    if m_b == 0:
        return False
    if n_r == 0:
        return True
    piles = [chips for _, chips in state.piles()]
    betas = [worth(pile, blue) for pile in piles if pile[-1] == blue]
    rhos = [worth(pile, red) for pile in piles if pile[-1] == red]
    best_rho = max(rhos, default=0) if less_the_best else 0
    return m_b + sum(betas) > n_r + sum(rhos) - best_rho


def disagreements(
    chips: int, backend: str = "rust", **reading: Any
) -> tuple[int, list[dict[str, Any]]]:
    """How many positions were solved, and those where the engine and the theorem disagree."""
    memo: dict[int, int] = {}
    solved, wrong = 0, []
    for first_player in (0, 1):
        for state in endgames(chips, first_player, backend):
            solved += 1
            active_wins = winner(state, memo) == state.current_player
            if active_wins != theorem(state, **reading):
                wrong.append({"json": state.to_json(), "active_wins": active_wins})
    return solved, wrong


@pytest.mark.parametrize(("chips", "positions"), [(1, 4), (2, 40), (3, 3342)])
def test_the_theorem_names_the_winner_of_every_small_endgame(chips: int, positions: int) -> None:
    solved, wrong = disagreements(chips)
    assert solved == positions
    assert wrong == []


def test_the_reference_solves_the_small_endgames_alike() -> None:
    solved, wrong = disagreements(2, backend="reference")
    assert (solved, wrong) == (40, [])


@pytest.mark.parametrize(
    "reading",
    [
        {"worth": chips_of_the_colour},  # only the captor's own colour counted
        {"less_the_best": False},  # without Red's best pile taken off
    ],
)
def test_the_oracle_tells_other_readings_apart(reading: dict[str, Any]) -> None:
    _, wrong = disagreements(3, **reading)
    assert wrong, "a reading the engine should refute passed"


def test_a_single_chip_each_with_a_pile_of_each_colour() -> None:
    """Blue and Red hold one chip each, one pile is [blue], one [red], Blue to move: Blue loses.
    Capturing [blue] gives Blue its chip back and nothing more; any other play hands Red the move,
    and Red then plays its last chip so that the move comes back to Blue with none."""
    memo: dict[int, int] = {}
    found = [
        state
        for first_player in (0, 1)
        for state in endgames(2, first_player, "rust")
        if shape(state) == (1, 1, [(0,), (1,)])
    ]
    assert found
    for state in found:
        assert not theorem(state)
        assert winner(state, memo) == 1 - state.current_player


def shape(state: Any) -> tuple[int, int, list[tuple[int, ...]]]:
    """Blue's chips, Red's chips and the piles sorted, colours written 0 for Blue, 1 for Red."""
    blue = state.current_player
    hands = state.hands()
    piles = sorted(tuple(int(colour != blue) for colour in chips) for _, chips in state.piles())
    return hands[blue][blue], hands[1 - blue][1 - blue], piles
