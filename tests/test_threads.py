"""One state used from several threads: each call is atomic in both backends, so the state is
never corrupted nor seen half changed, and no call fails for being concurrent (the contract of
``ludorum.StateInUseError``).

Issue 16: reference states used to get corrupted (key differing from the key from scratch, JSON
that no longer loads), and the Rust backend refused every call overlapping a ``perft`` with
PyO3's ``RuntimeError: Already borrowed``.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import ludorum
from ludorum import SplitMix64

GAMES = ["chinese_checkers", "so_long_sucker", "dominions"]


@pytest.fixture(autouse=True)
def switch_often() -> Iterator[None]:
    """Make the interpreter switch threads as often as it can, so that calls interleave."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def hammer(state: Any, seed: int, steps: int, failures: list[BaseException]) -> None:
    """Play, undo, copy and read one shared state; a move read as legal may be stale by the time
    it is played, another thread having moved meanwhile (an ``IllegalMoveError``, or in So Long
    Sucker an ``InvalidMoveError`` when its action id now names another move), and there may be
    nothing to undo."""
    rng = SplitMix64(seed)
    try:
        for _ in range(steps):
            roll = rng.below(6)
            try:
                if roll < 3:
                    moves = state.legal_moves()
                    if moves:
                        state.play(moves[rng.below(len(moves))])
                elif roll == 3:
                    state.undo()
                elif roll == 4:
                    data = state.to_json()
                    assert data["moves"] == [str(m) for m in ludorum.from_json(data).history()]
                else:
                    copy = state.copy()
                    assert copy.key == copy.key_from_scratch()
            except (ludorum.IllegalMoveError, ludorum.InvalidMoveError, IndexError):
                pass  # a stale move (So Long Sucker's ids move with the piles), or no move
    except BaseException as e:  # reported by the test
        failures.append(e)


@pytest.mark.parametrize("game", GAMES)
def test_a_shared_state_stays_whole(game: str, backend: str) -> None:
    options = {} if game == "so_long_sucker" else {"max_plies": 300}
    state = ludorum.new(game, backend=backend, **options)
    failures: list[BaseException] = []
    steps = 150 if backend == "reference" else 600
    threads = [
        threading.Thread(target=hammer, args=(state, seed, steps, failures)) for seed in range(4)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures
    assert state.key == state.key_from_scratch()
    again = ludorum.from_json(state.to_json(), backend=backend)
    assert again == state and again.key == state.key
    other = ludorum.from_json(state.to_json(), backend="rust" if backend != "rust" else "reference")
    assert other.key == state.key


def test_perft_leaves_the_state_free(backend: str) -> None:
    """``perft`` counts a copy of the position as it was called: other threads read and play on
    the state meanwhile, without error (the Rust backend releases the GIL while counting)."""
    state = ludorum.new("chinese_checkers", backend=backend)
    state.play("e5-f5")
    depth = 3 if backend == "rust" else 2
    after = state.copy()
    after.play("m5-l5")
    expected = (state.perft(depth), after.perft(depth))  # the two positions it may be called on
    counts: list[int] = []
    failures: list[BaseException] = []

    def count() -> None:
        try:
            counts.append(state.perft(depth))
        except BaseException as e:
            failures.append(e)

    worker = threading.Thread(target=count)
    worker.start()
    while worker.is_alive():
        state.play("m5-l5")
        assert state.to_json()["moves"] == ["e5-f5", "m5-l5"] and state.legal_moves()
        state.undo()
    worker.join()
    assert not failures, failures
    assert counts[0] in expected, counts
    assert state.history() == [ludorum.Move(state.history()[0].action, "e5-f5")]


def test_state_in_use_error_is_ours() -> None:
    """What a call raises should it ever find its state held (it cannot, under the GIL, through
    ludorum's own methods): ludorum's class, a RuntimeError, not PyO3's bare one."""
    assert issubclass(ludorum.StateInUseError, RuntimeError)
    assert not issubclass(ludorum.StateInUseError, ludorum.LudorumError)
    assert "lock" in (ludorum.StateInUseError.__doc__ or "")


def test_an_agent_searches_a_copy() -> None:
    """A Rust agent searches a copy of the state with the GIL released: the state stays free
    for other threads meanwhile (it used to be held for the whole search)."""
    from ludorum.agents import MCTS

    state = ludorum.new("chinese_checkers")
    chosen: list[ludorum.Move] = []
    worker = threading.Thread(target=lambda: chosen.append(MCTS(simulations=3000).choose(state)))
    worker.start()
    while worker.is_alive():
        state.play("e5-f5")
        state.undo()
    worker.join()
    assert chosen and chosen[0] in ludorum.new("chinese_checkers").legal_moves() + [
        m for m in _after("e5-f5").legal_moves()
    ]


def _after(move: str) -> Any:
    state = ludorum.new("chinese_checkers")
    state.play(move)
    return state
