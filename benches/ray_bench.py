"""Games per second on a local Ray instance against local threads on the same machine, for
chunks of about a second, and the chunk size below which Ray's per-task cost dominates.

Run: ``.venv/bin/python benches/ray_bench.py [GAME]`` (default so_long_sucker).
"""

from __future__ import annotations

import os
import sys
import time

import ludorum
from ludorum.distributed import _calibrate


def rate(game: str, games: int, **kwargs: object) -> float:
    start = time.perf_counter()
    ludorum.simulate(game, games=games, seed=1, **kwargs)  # type: ignore[arg-type]
    return games / (time.perf_counter() - start)


def main(game: str = "so_long_sucker") -> None:
    import ray

    cores = os.cpu_count() or 1
    ray.init(num_cpus=cores, include_dashboard=False, log_to_driver=False)
    second = _calibrate(game, {}, 1.0)  # games one core plays in about a second
    games = second * cores * 8  # eight chunks of a second per core
    rate(game, cores * 100, cluster="ray", chunk_size=100)  # start the workers
    local = rate(game, games, threads=cores)
    remote = rate(game, games, cluster="ray", chunk_size=second)
    print(f"{game}: {games:,} games, chunks of {second:,} games (~1 s)")
    print(f"  local threads ({cores}): {local:,.0f} games/s")
    print(f"  Ray ({cores} CPUs):      {remote:,.0f} games/s ({remote / local:.2f}x local)")
    for fraction in (0.3, 0.1, 0.03, 0.01, 0.003):
        chunk = max(1, int(second * fraction))
        r = rate(game, min(games, chunk * cores * 40), cluster="ray", chunk_size=chunk)
        print(f"  chunks of {chunk:,} games (~{fraction:g} s): {r / local:.2f}x local")
    ray.shutdown()


if __name__ == "__main__":
    main(*sys.argv[1:])
