"""Turns per second of ``ludorum.pettingzoo`` against Shimmy's OpenSpiel wrapper on Chinese
Checkers, side by side in one run (the issue's target: at least 2x).

Both are driven the same way, as an AEC user drives them: ``agent_iter()``, ``last()``, a
uniformly random legal action from the action mask, ``step()``, a reset after each game.

Run: ``.venv/bin/python benches/pettingzoo_vs_shimmy.py [seconds]``.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

import numpy as np


def turns_per_second(aec: Any, seconds: float) -> float:
    """Turns per second of random legal play through the AEC API."""
    rng = random.Random(0)
    aec.reset(seed=0)
    turns, start = 0, time.perf_counter()
    while True:
        for _ in aec.agent_iter():
            observation, _, termination, truncation, info = aec.last()
            if termination or truncation:
                action = None
            else:
                mask = (
                    observation["action_mask"]
                    if isinstance(observation, dict)
                    else info["action_mask"]
                )
                legal = np.flatnonzero(mask)
                action = int(legal[int(rng.random() * len(legal))])
            aec.step(action)
            turns += 1
        if time.perf_counter() - start >= seconds:
            return turns / (time.perf_counter() - start)
        aec.reset()


def main(seconds: float = 5.0) -> None:
    from shimmy import OpenSpielCompatibilityV0

    from ludorum.pettingzoo import env

    for players in (2, 3):
        # the game by name and config: Shimmy reloads it that way at every reset
        shimmy = OpenSpielCompatibilityV0(game_name="chinese_checkers", config={"players": players})
        theirs = turns_per_second(shimmy, seconds)
        ours = turns_per_second(env("chinese_checkers", players=players), seconds)
        print(
            f"chinese_checkers players={players}: ludorum.pettingzoo {ours:,.0f} turns/s, "
            f"Shimmy OpenSpiel {theirs:,.0f} turns/s, {ours / theirs:.1f}x"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
