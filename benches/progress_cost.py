"""The cost of ``simulate``'s progress bar: the same batch with and without it, alternated.

Run: ``.venv/bin/python benches/progress_cost.py`` (prints the median plies/s of each).
"""

from __future__ import annotations

import io
import statistics
import sys
import time

import ludorum


def main(repeats: int = 6, games: int = 2000) -> None:
    rates: dict[bool, list[float]] = {False: [], True: []}
    out, sys.stderr = sys.stderr, io.StringIO()  # the bar's drawing is not what is measured
    try:
        for seed in range(repeats):
            for progress in (False, True):
                start = time.perf_counter()
                result = ludorum.simulate(
                    "chinese_checkers",
                    games=games,
                    seed=seed,
                    threads=2,
                    progress=progress,
                    pieces=10,
                    area="free",
                )
                rates[progress].append(result.plies / (time.perf_counter() - start))
    finally:
        sys.stderr = out
    off, on = statistics.median(rates[False]), statistics.median(rates[True])
    print(
        f"median plies/s over {repeats} alternated runs of {games} games, 2 threads: "
        f"without bar {off / 1e6:.2f} M, with bar {on / 1e6:.2f} M, "
        f"cost {100 * (off - on) / off:+.1f}%"
    )


if __name__ == "__main__":
    main()
