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


def test_seed_wraps_to_64_bits() -> None:
    a = ludorum.simulate(GAME, games=2, seed=2**64 - 1, max_plies=30, area="free")
    b = ludorum.simulate(GAME, games=2, seed=-1, max_plies=30, area="free")
    assert (a.lengths == b.lengths).all() and a.seed == b.seed == 2**64 - 1


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"agents": "mcts"}, "agents"),
        ({"games": -1}, "games"),
        ({"threads": 0}, "threads"),
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
