"""Simulations and matches on a local Ray instance give exactly the local results, also when a
worker dies mid-run; recorded games written as a dataset read back and replay."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ludorum
from ludorum.bench_learn import TimedMLP
from ludorum.distributed import chunk_bounds, merge

#: small configurations, a few chunks each
CONFIGS: dict[str, dict[str, Any]] = {
    "chinese_checkers": {"pieces": 10, "area": "free", "max_plies": 120},
    "domination": {"players": 3, "max_plies": 200},
    "dominions": {"max_plies": 120},
    "armadora": {"players": 3},
    "so_long_sucker": {"players": 4},
}


def same(a: ludorum.SimulationResult, b: ludorum.SimulationResult) -> None:
    assert a.games == b.games
    assert (a.winner_masks == b.winner_masks).all()
    assert (a.lengths == b.lengths).all()
    assert (a.reason_codes == b.reason_codes).all()
    assert a.options == b.options
    if a.actions is not None or b.actions is not None:
        assert a.actions is not None and b.actions is not None and b.offsets is not None
        assert (a.actions == b.actions).all() and (a.offsets == b.offsets).all()


# -- without Ray -------------------------------------------------------------------------------


def test_chunks_cover_the_games_once() -> None:
    assert chunk_bounds(0, 5) == []
    assert chunk_bounds(7, 7) == [(0, 7)]
    bounds = chunk_bounds(1001, 100)
    assert bounds[0] == (0, 100) and bounds[-1] == (1000, 1001)
    assert sum(b - a for a, b in bounds) == 1001


def test_merging_chunks_is_the_whole_call() -> None:
    whole = ludorum.simulate("so_long_sucker", games=30, seed=9, record=True, threads=1)
    parts = []
    for a, b in chunk_bounds(30, 7):
        r = ludorum.simulate("so_long_sucker", games=b - a, seed=9 + a, record=True, threads=1)
        parts.append(
            {
                "winner_masks": r.winner_masks,
                "lengths": r.lengths,
                "reason_codes": r.reason_codes,
                "options": r.options,
                "actions": r.actions,
                "offsets": r.offsets,
            }
        )
    merged = merge(parts)
    assert (merged["actions"] == whole.actions).all()
    assert (merged["offsets"] == whole.offsets).all()
    assert (merged["lengths"] == whole.lengths).all()


@pytest.mark.parametrize("fmt", ["parquet", "jsonl"])
def test_a_local_dataset_reads_back_and_replays(tmp_path: Path, fmt: str) -> None:
    if fmt == "parquet":
        pytest.importorskip("pyarrow", reason="Parquet needs pyarrow: ludorum[dataset]")
    result = ludorum.simulate(
        "armadora", games=12, seed=4, record=True, out=tmp_path, out_format=fmt, players=3
    )
    back = ludorum.read_games(tmp_path)
    same(result, back)
    assert back.options == result.options and back.seed == 4
    for i in (0, 11):
        assert back.replay(i).to_json() == result.replay(i).to_json()
        assert back.replay(i).outcome() is not None


def test_dataset_errors(tmp_path: Path) -> None:
    with pytest.raises(ludorum.InvalidOptionError, match="record=True"):
        ludorum.simulate("so_long_sucker", games=2, out=tmp_path)
    with pytest.raises(ludorum.InvalidOptionError, match="out_format"):
        ludorum.simulate("so_long_sucker", games=2, record=True, out=tmp_path, out_format="csv")  # type: ignore[arg-type]
    with pytest.raises(ludorum.InvalidOptionError, match="cluster must be"):
        ludorum.simulate("so_long_sucker", games=2, cluster="dask")  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        ludorum.read_games(tmp_path / "nothing")
    ludorum.simulate("so_long_sucker", games=3, record=True, out=tmp_path, out_format="jsonl")
    assert ludorum.read_games(tmp_path).games == 3
    # a chunk of games 5.. with no games 3 and 4: a gap
    first = (tmp_path / "games-000000000000.jsonl").read_text().splitlines()[0]
    (tmp_path / "games-000000000005.jsonl").write_text(first.replace('"index":0', '"index":5'))
    with pytest.raises(ValueError, match="not listed"):
        ludorum.read_games(tmp_path)


def test_the_command_line_writes_a_dataset(tmp_path: Path) -> None:
    out = tmp_path / "games"
    done = subprocess.run(
        [sys.executable, "-m", "ludorum.cli", "simulate", "so_long_sucker", "--games", "20",
         "--out", str(out), "--format", "jsonl", "--players", "3"],
        capture_output=True,
        text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "written to" in done.stdout
    assert ludorum.read_games(out).games == 20


# -- on Ray ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ray_instance() -> Any:
    ray = pytest.importorskip("ray", reason="Ray is the extra ludorum[ray]")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_ray_gives_the_local_results(ray_instance: Any, game: str) -> None:
    local = ludorum.simulate(game, games=40, seed=7, record=True, **CONFIGS[game])
    remote = ludorum.simulate(
        game, games=40, seed=7, record=True, cluster="ray", chunk_size=9, **CONFIGS[game]
    )
    same(local, remote)


def test_a_killed_worker_loses_no_game(ray_instance: Any, tmp_path: Path) -> None:
    from ludorum.distributed import simulate_on_ray

    marker = tmp_path / "killed-once"
    local = ludorum.simulate("so_long_sucker", games=60, seed=2, record=True)
    merged, chunks = simulate_on_ray(
        "so_long_sucker", 60, 2, {"record": True}, chunk_size=10, _fail_once=str(marker)
    )
    assert marker.exists()  # a worker did die
    assert chunks == 6
    assert (merged["actions"] == local.actions).all()
    assert (merged["offsets"] == local.offsets).all()
    assert (merged["lengths"] == local.lengths).all()


def test_agents_and_datasets_on_ray(ray_instance: Any, tmp_path: Path) -> None:
    agents = [ludorum.agents.MCTS(simulations=20, seed=3), "random"]
    local = ludorum.simulate("so_long_sucker", games=8, seed=1, agents=agents, players=2)
    out = tmp_path / "ds"
    remote = ludorum.simulate(
        "so_long_sucker", games=8, seed=1, agents=agents, players=2, cluster="ray",
        chunk_size=3, record=True, out=out,
    )  # fmt: skip
    assert (local.winner_masks == remote.winner_masks).all()
    back = ludorum.read_games(out)
    assert sorted(p.name for p in out.glob("games-*")) == [
        "games-000000000000.parquet",
        "games-000000000003.parquet",
        "games-000000000006.parquet",
    ]
    for i in range(8):
        assert back.replay(i).outcome() == remote.replay(i).outcome()
    assert np.array_equal(back.lengths, remote.lengths)


def test_arena_on_ray_is_the_local_arena(ray_instance: Any) -> None:
    agents = {"mcts": "mcts:16", "random": "random"}
    local = ludorum.arena("so_long_sucker", agents, games=12, seed=5, players=2)
    remote = ludorum.arena("so_long_sucker", agents, games=12, seed=5, players=2, cluster="ray")
    assert local.records == remote.records
    assert local.standings == remote.standings


# a numpy network the workers can unpickle (its class is in the package, not in this file)
@pytest.mark.parametrize("evaluator", ["uniform", TimedMLP(16)])
def test_selfplay_on_ray_is_the_local_selfplay(ray_instance: Any, evaluator: Any) -> None:
    kwargs: dict[str, Any] = {"games": 5, "simulations": 8, "seed": 3, "max_plies": 12}
    local = ludorum.selfplay("tic_tac_toe", evaluator, **kwargs)
    remote = ludorum.selfplay("tic_tac_toe", evaluator, cluster="ray", chunk_size=2, **kwargs)
    assert local.keys() == remote.keys()
    for key in local:
        if key == "policies" and evaluator != "uniform":
            # A numpy network's matrix products round differently with the size of the batch
            # (BLAS picks its kernels by shape), and Ray's chunks batch fewer games: the search
            # targets may differ in the last bits, while every move and position is the same.
            np.testing.assert_allclose(local[key], remote[key], rtol=1e-5, atol=1e-6, err_msg=key)
        else:
            np.testing.assert_array_equal(local[key], remote[key], err_msg=key)
    with pytest.raises(ludorum.InvalidOptionError, match="cluster must be"):
        ludorum.selfplay("tic_tac_toe", "uniform", cluster="dask")  # type: ignore[arg-type]
