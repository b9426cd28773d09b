"""Connect Four side by side in one run: ``ludorum.pettingzoo`` against PettingZoo's own
``connect_four_v3``, both driven as an AEC user drives them (``agent_iter()``, ``last()``, a
uniformly random legal action from the mask, ``step()``, a reset after each game); and, for
scale, ludorum's random games inside Rust (``ludorum.simulate`` on one thread) and a Python loop
over ludorum states. PettingZoo's game needs ``pip install "pettingzoo[classic]"`` (pygame); its
row is left out where it is not installed.

Run: ``.venv/bin/python benches/connect_four_peers.py [seconds]``.
"""

from __future__ import annotations

import sys
import time

# the AEC loop, driven as in the Chinese Checkers comparison (run from benches/)
from pettingzoo_vs_shimmy import turns_per_second

import ludorum


def python_loop_plies_per_second(seconds: float) -> float:
    """Plies per second of random games through ludorum's state API in a Python loop."""
    rng = ludorum.SplitMix64(0)
    plies, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = ludorum.new("connect_four")
        while not state.is_over():
            actions = state.legal_actions()
            state.apply_action(int(actions[rng.below(len(actions))]))
            plies += 1
    return plies / (time.perf_counter() - start)


def main(seconds: float = 5.0) -> None:
    from ludorum.pettingzoo import env

    rows = [
        ("ludorum.simulate, Rust, 1 thread (plies/s)", None),
        ("ludorum states, Python loop (plies/s)", python_loop_plies_per_second(seconds)),
        ("ludorum.pettingzoo AEC (turns/s)", turns_per_second(env("connect_four"), seconds)),
    ]
    result = ludorum.simulate("connect_four", games=200_000, seed=0, threads=1)
    rows[0] = (rows[0][0], float(result.plies_per_second))
    try:
        from pettingzoo.classic import connect_four_v3
    except ImportError as missing:
        print(f"(PettingZoo's connect_four_v3 is not installed: {missing})")
    else:
        theirs = turns_per_second(connect_four_v3.env(), seconds)
        rows.append(("PettingZoo connect_four_v3 AEC (turns/s)", theirs))
    for label, rate in rows:
        print(f"{label:<48} {rate:>14,.0f}")
    if len(rows) == 4:
        print(f"ludorum.pettingzoo / PettingZoo connect_four_v3: {rows[2][1] / rows[3][1]:.1f}x")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 5.0)
