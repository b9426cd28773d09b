"""Simulations on a Ray cluster (``pip install ludorum[ray]``): ``ludorum.simulate(...,
cluster="ray")``, ``ludorum.arena(..., cluster="ray")`` and ``ludorum.selfplay(...,
cluster="ray")`` come here.

The games are split into chunks of consecutive game indices; chunk ``[a, b)`` is the local
call ``simulate(games=b - a, seed=seed + a, threads=1, ...)``, which plays exactly games
``a..b`` of the whole call (game ``i`` is seeded ``seed + i`` wherever it runs). Each chunk is a
Ray task that runs the Rust batch with the GIL released; at most a bounded number of tasks are in
flight; results are merged in chunk order. So the arrays are those of the same call run
locally, whatever the number of workers or the order in which chunks finish. A chunk whose
worker dies is run again by Ray (``max_retries``): chunks are pure functions of their first
index, so a retry gives the same games and none is lost or counted twice.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

import numpy as np

# a chunk is played by the batch layer, not through ``simulate`` (which imports this module to
# dispatch to Ray): no import circle
from ._batch import play, prepare

__all__ = ["DEFAULT_CHUNK_SECONDS", "chunk_bounds", "selfplay_on_ray", "simulate_on_ray"]

#: Work per chunk by default: long enough that Ray's per-task cost (milliseconds) is noise.
DEFAULT_CHUNK_SECONDS = 1.0

#: Times Ray runs a chunk again after its worker died.
MAX_RETRIES = 3


def chunk_bounds(games: int, chunk: int) -> list[tuple[int, int]]:
    """``[(a, b), ...]``: consecutive chunks of at most ``chunk`` games covering ``0..games``.

    >>> chunk_bounds(10, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    return [(a, min(a + chunk, games)) for a in range(0, games, chunk)]


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the installation
        raise ImportError("cluster='ray' needs Ray: pip install 'ludorum[ray]'") from e
    return ray


def _connect(address: str | None) -> Any:
    """Ray, connected: to ``address``, to the running instance, or to a new local one."""
    ray = _ray()
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
    return ray


def _run_chunk(
    name: str, first: int, count: int, seed: int, kwargs: dict[str, Any], fail_once: str | None
) -> tuple[int, dict[str, Any]]:
    """One chunk, in a Ray worker: games ``first..first + count`` of the call."""
    if fail_once is not None and not os.path.exists(fail_once):
        # a test's way to kill this worker in the middle of the run, once
        open(fail_once, "w").close()
        os._exit(1)
    batch = prepare(name, **kwargs)
    return first, play(batch, (seed + first) % 2**64, count, threads=1).arrays()


def _calibrate(name: str, kwargs: dict[str, Any], seconds: float) -> int:
    """Games that one thread plays in about ``seconds`` (from a short local run)."""
    batch = prepare(name, **{**kwargs, "record": False})
    probe, spent = 4, 0.0
    while probe < 1 << 20:
        start = time.perf_counter()
        play(batch, 0, probe, threads=1)
        spent = time.perf_counter() - start
        if spent > 0.05:
            break
        probe *= 4
    return max(1, int(probe * seconds / max(spent, 1e-9)))


def simulate_on_ray(
    name: str,
    games: int,
    seed: int,
    kwargs: dict[str, Any],
    *,
    address: str | None = None,
    chunk_size: int | None = None,
    max_in_flight: int | None = None,
    on_chunk: Callable[[int, int, dict[str, Any]], None] | None = None,
    _fail_once: str | None = None,
) -> tuple[dict[str, Any], int]:
    """Plays games ``0..games`` of a ``simulate`` call on Ray; returns the merged arrays (as
    :func:`_run_chunk` gives them, with ``actions``/``offsets`` when recorded) and the number
    of chunks.

    Args:
        kwargs: the rest of the ``simulate`` call (agents, max_plies, record, options).
        address: the Ray cluster (``None``: the running instance, or a new local one).
        chunk_size: games per chunk (default: about one second of one core's work).
        max_in_flight: tasks submitted at once (default: twice the cluster's CPUs).
        on_chunk: called as ``on_chunk(first, count, arrays)`` as each chunk arrives (in any
            order), e.g. to write it to a dataset.
    """
    ray = _connect(address)
    if chunk_size is None:
        chunk_size = _calibrate(name, kwargs, DEFAULT_CHUNK_SECONDS)
    bounds = chunk_bounds(games, chunk_size)
    if max_in_flight is None:
        max_in_flight = 2 * max(1, int(ray.cluster_resources().get("CPU", 1)))
    task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(_run_chunk)
    done: dict[int, dict[str, Any]] = {}
    pending = list(reversed(bounds))
    running: list[Any] = []
    while pending or running:
        while pending and len(running) < max_in_flight:
            first, last = pending.pop()
            running.append(task.remote(name, first, last - first, seed, kwargs, _fail_once))
        ready, running = ray.wait(running, num_returns=1)
        for ref in ready:
            first, arrays = ray.get(ref)
            if first in done:  # cannot happen: one task per chunk; kept as a guard
                continue
            done[first] = arrays
            if on_chunk is not None:
                on_chunk(first, len(arrays["lengths"]), arrays)
    return merge([done[first] for first, _ in bounds]), len(bounds)


def _selfplay_chunk(first: int, count: int, seed: int, args: tuple[Any, ...]) -> Any:
    """One chunk of self-play, in a Ray worker: games ``first..first + count`` of the call."""
    from . import _ludorum

    game, options, evaluator, spec, temperature_plies, max_plies = args
    data = _ludorum.selfplay(
        game, options, evaluator, spec, count, (seed + first) % 2**64, temperature_plies, max_plies
    )
    return first, data


def selfplay_on_ray(
    games: int,
    seed: int,
    args: tuple[Any, ...],
    *,
    address: str | None = None,
    chunk_size: int | None = None,
) -> dict[str, np.ndarray[Any, Any]]:
    """Games ``0..games`` of a ``selfplay`` call on Ray, in chunks of consecutive games, merged
    in game order: game ``g`` is set up and searched with ``seed + g`` wherever it runs, so the
    rows are those of the same call run locally.

    Args:
        args: the rest of the call as ``_ludorum.selfplay`` takes it (game, options, evaluator,
            spec, temperature_plies, max_plies); the evaluator is sent to the workers (it must
            pickle).
        address: the Ray cluster (``None``: the running instance, or a new local one).
        chunk_size: games per chunk (default: the games shared evenly by the cluster's CPUs,
            since each chunk's games are searched in one batch).
    """
    ray = _connect(address)
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    if chunk_size is None:
        chunk_size = max(1, -(-games // cpus))
    task = ray.remote(num_cpus=1, max_retries=MAX_RETRIES)(_selfplay_chunk)
    refs = [task.remote(a, b - a, seed, args) for a, b in chunk_bounds(games, chunk_size)]
    parts = sorted(ray.get(refs), key=lambda part: part[0])
    if not parts:
        from . import _ludorum

        game, options, evaluator, spec, temperature_plies, max_plies = args
        empty = _ludorum.selfplay(
            game, options, evaluator, spec, 0, seed, temperature_plies, max_plies
        )
        return dict(empty)
    merged = {key: np.concatenate([data[key] for _, data in parts]) for key in parts[0][1]}
    merged["game_ids"] = np.concatenate([data["game_ids"] + first for first, data in parts]).astype(
        np.int64
    )
    return merged


def merge(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """The arrays of consecutive chunks as one call's (offsets shifted)."""
    if not chunks:
        return {
            "winner_masks": np.zeros(0, np.uint8),
            "lengths": np.zeros(0, np.uint32),
            "reason_codes": np.zeros(0, np.uint8),
        }
    merged: dict[str, Any] = {
        key: np.concatenate([c[key] for c in chunks])
        for key in ("winner_masks", "lengths", "reason_codes")
    }
    merged["options"] = chunks[0]["options"]
    if "actions" in chunks[0]:
        merged["actions"] = np.concatenate([c["actions"] for c in chunks])
        offsets = [np.zeros(1, np.uint64)]
        base = 0
        for c in chunks:
            offsets.append(np.asarray(c["offsets"][1:], np.uint64) + np.uint64(base))
            base += int(c["offsets"][-1])
        merged["offsets"] = np.concatenate(offsets)
    return merged
