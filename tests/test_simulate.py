"""ludorum.simulate: seeding, threads, arrays, errors."""

from __future__ import annotations

import numpy as np
import pytest

import ludorum
from ludorum import SplitMix64

GAME = "chinese_checkers"


def test_results_do_not_depend_on_threads_or_batching() -> None:
    one = ludorum.simulate(GAME, games=40, seed=5, threads=1, max_plies=200)
    two = ludorum.simulate(GAME, games=40, seed=5, threads=2, max_plies=200)
    bar = ludorum.simulate(GAME, games=40, seed=5, threads=3, max_plies=200, progress=True)
    for r in (two, bar):
        assert (r.winner_masks == one.winner_masks).all()
        assert (r.lengths == one.lengths).all()
        assert (r.reasons == one.reasons).all()


def test_game_i_uses_seed_plus_i() -> None:
    batch = ludorum.simulate(GAME, games=3, seed=100, max_plies=120, pieces=10, area="free")
    single = ludorum.simulate(GAME, games=1, seed=102, max_plies=120, pieces=10, area="free")
    assert batch.lengths[2] == single.lengths[0]
    # and game i is exactly the random agent of the rules page, seeded seed + i
    state = ludorum.new(GAME, backend="reference", max_plies=120, pieces=10, area="free")
    rng = SplitMix64(102)
    while state.current_player is not None:
        moves = state.legal_moves()
        state.play(moves[rng.below(len(moves))])
    assert (state.ply, state.outcome().reason) == (single.lengths[0], single.reasons[0])


def test_arrays_and_throughput() -> None:
    r = ludorum.simulate(GAME, games=10, seed=0, max_plies=50)
    assert r.winners.dtype == np.int8 and r.lengths.dtype == np.uint32
    assert r.winners.tolist() == [-1] * 10 and set(r.reasons.tolist()) == {"ply limit"}
    assert r.games == 10 and r.plies == 500 and r.plies_per_second > 0
    assert "10 games of chinese_checkers" in r.summary()


def test_default_cap_applies_to_uncapped_games() -> None:
    r = ludorum.simulate(GAME, games=2, seed=3)
    assert r.options["max_plies"] == ludorum.game_info(GAME).simulation_max_plies == 1000
    assert r.lengths.max() <= 1000


def test_seed_is_a_64_bit_int_and_game_seeds_wrap() -> None:
    """The seed domain is ``0..2**64 - 1``, as everywhere a seed is taken (issue 16: before it,
    ``simulate`` took any int modulo 2**64, so ``-1`` meant ``2**64 - 1``; now it is refused).
    Game ``i`` still uses ``seed + i`` modulo 2**64: after ``2**64 - 1`` comes 0."""
    a = ludorum.simulate(GAME, games=2, seed=2**64 - 1, max_plies=30, area="free")
    b = ludorum.simulate(GAME, games=1, seed=0, max_plies=30, area="free")
    assert a.seed == 2**64 - 1 and a.lengths[1] == b.lengths[0]
    for backend in ludorum.BACKENDS:
        for bad in (-1, 2**64, 1.5, "1", True, None):
            with pytest.raises(ludorum.InvalidOptionError) as info:
                ludorum.simulate(GAME, games=1, seed=bad, backend=backend)
            assert str(info.value) == f"seed must be an int in 0..2**64 - 1, got {bad!r}"


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"agents": "mcts"}, "agents"),
        ({"games": -1}, "games"),
        ({"games": 1.0}, "games must be an int in 0..9223372036854775807, got 1.0"),
        ({"threads": 0}, "threads"),
        ({"threads": 1025}, "threads must be an int in 1..1024, got 1025"),
        ({"threads": 10**9}, "threads"),
        ({"threads": True}, "threads"),
        ({"max_plies": 2**32}, "max_plies must be None or an int in 1..2\\*\\*32 - 1"),
        ({"backend": "java"}, "backend"),
        ({"players": 7}, "players"),
        ({"flavour": 1}, "unknown option"),
    ],
)
def test_bad_arguments(kwargs: dict, error: str) -> None:
    with pytest.raises(ludorum.InvalidOptionError, match=error):
        ludorum.simulate(GAME, **{"games": 2, **kwargs})


def test_zero_games() -> None:
    assert ludorum.simulate(GAME, games=0).games == 0


def test_reason_codes_are_small_integers_with_a_table() -> None:
    r = ludorum.simulate("dominions", games=20, seed=1)
    assert r.reason_codes.dtype == np.uint8
    assert r.reason_names == ludorum.game_info("dominions").reasons
    assert r.reasons.tolist() == [r.reason_names[c] for c in r.reason_codes]
    # a million games: masks, winners and codes 1 byte each, lengths 4
    per_game = sum(a.itemsize for a in (r.winner_masks, r.winners, r.lengths, r.reason_codes))
    assert per_game * 10**6 < 16 * 2**20


def test_progress_comes_from_one_call_into_rust(capsys: pytest.CaptureFixture[str]) -> None:
    calls: list[int] = []
    from ludorum import _ludorum

    _, masks, lengths, codes, _ = _ludorum.simulate(
        "so_long_sucker", {}, 0, 0, 300, 2, calls.append
    )
    assert calls and calls[-1] == 300 and calls == sorted(calls)
    assert len(masks) == len(lengths) == len(codes) == 300
    ludorum.simulate("so_long_sucker", games=300, progress=True)
    assert "300/300 games" in capsys.readouterr().err


def test_progress_errors_stop_the_batch() -> None:
    from ludorum import _ludorum

    def fail(done: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        _ludorum.simulate(GAME, {"max_plies": 10**6}, 0, 0, 10**6, 2, fail)


def test_max_plies_none_means_no_limit() -> None:
    capped = ludorum.simulate("domination", games=2, seed=4)
    assert capped.options["max_plies"] == ludorum.game_info("domination").simulation_max_plies
    free = ludorum.simulate("domination", games=2, seed=4, max_plies=None)
    assert free.options["max_plies"] is None
    assert (free.lengths == capped.lengths).all()  # these games end well before the cap
    assert ludorum.simulate(GAME, games=1, max_plies=7).lengths.tolist() == [7]


def test_threads_are_capped_at_the_work() -> None:
    """Up to 1024 threads may be asked for; never more are started than there are games, so
    asking for 1024 threads for 2 games costs no more than for 2 (issue 16: 10**5 threads for
    2 games took 12 s)."""
    r = ludorum.simulate(GAME, games=2, threads=1024, max_plies=20)
    assert r.threads == 2 and r.games == 2
    from ludorum import _ludorum

    # The engine caps what it starts too, for callers of the private entry point.
    _, masks, _, _, _ = _ludorum.simulate(GAME, {"max_plies": 5}, 0, 0, 3, 10**6)
    assert len(masks) == 3
