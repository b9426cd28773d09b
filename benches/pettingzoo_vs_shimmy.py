"""Turns per second of ``ludorum.pettingzoo`` against Shimmy's OpenSpiel wrapper on Chinese
Checkers, side by side in one run (``ludorum bench rl`` prints the same comparison for every
game OpenSpiel has).

Both are driven the same way, as an AEC user drives them: ``agent_iter()``, ``last()``, a
uniformly random legal action from the action mask, ``step()``, a reset after each game.

Run: ``.venv/bin/python benches/pettingzoo_vs_shimmy.py [seconds]``.
"""

from __future__ import annotations

import sys

from ludorum.bench_rl import shimmy_rates, turns_per_second

__all__ = ["turns_per_second"]


def main(seconds: float = 5.0) -> None:
    for players in (2, 3):
        rates = shimmy_rates("chinese_checkers", {"players": players}, seconds)
        if rates is None:
            print("Shimmy or OpenSpiel is missing: pip install shimmy open_spiel")
            return
        ours, theirs = rates
        print(
            f"chinese_checkers players={players}: ludorum.pettingzoo {ours:,.0f} turns/s, "
            f"Shimmy OpenSpiel {theirs:,.0f} turns/s, {ours / theirs:.1f}x"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
