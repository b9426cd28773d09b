"""The ``ludorum`` command: ``demo``, ``perft``, ``simulate``, ``bench``.

Game options are flags after the game name (``--players 3 --area strict``); their names are the
option names with ``-`` for ``_``. ``ludorum COMMAND --help`` lists every game's options.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from typing import Any

from ._registry import BACKENDS, game_info, games, new
from .errors import LudorumError
from .reference._core import SplitMix64
from .sim import perft, simulate

__all__ = ["main"]


def _option_help() -> str:
    lines = ["game options (flags after the game name):"]
    for name in games():
        defaults = new(name, backend="reference").options
        flags = " ".join(f"--{k.replace('_', '-')} {v!r}" for k, v in defaults.items())
        lines.append(f"  {name}: {flags}")
    return "\n".join(lines)


def _parse_options(extra: Sequence[str]) -> dict[str, Any]:
    """``--players 3 --area=strict --max-plies none`` as ``{"players": 3, ...}``."""
    options: dict[str, Any] = {}
    items = list(extra)
    while items:
        flag = items.pop(0)
        if not flag.startswith("--") or len(flag) < 3:
            raise LudorumError(f"unexpected argument {flag!r}; game options look like --players 3")
        name, _, value = flag[2:].partition("=")
        if not _:
            if not items or items[0].startswith("--"):
                raise LudorumError(f"option --{name} needs a value")
            value = items.pop(0)
        options[name.replace("-", "_")] = _parse_value(value)
    return options


def _parse_value(text: str) -> Any:
    if text.lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        return text


def _cmd_demo(args: argparse.Namespace, options: dict[str, Any]) -> None:
    if options:
        raise LudorumError("demo takes no game options")
    for name in games():
        # Random play need not end (a random Chinese Checkers game practically never does): cap
        # it with the game's own max_plies option, so that the outcome is the rules' own.
        cap = args.max_plies or game_info(name).simulation_max_plies
        capped = cap and "max_plies" in new(name, backend="reference").options
        state = new(name, **({"max_plies": cap} if capped else {}))
        rng = SplitMix64(args.seed)
        while state.current_player is not None:
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
        print(f"== {name}: one random game, seed {args.seed} ==")
        print(state.render())
        print(f"{state.ply} plies, outcome: {state.outcome()}")
        print()
        result = simulate(name, games=args.games, seed=args.seed, progress=True)
        print(result.summary())
        print()


def _cmd_perft(args: argparse.Namespace, options: dict[str, Any]) -> None:
    state = new(args.game, backend=args.backend, **options)
    for depth in [args.depth] if args.only else range(1, args.depth + 1):
        start = time.perf_counter()
        leaves = perft(state, depth)
        seconds = time.perf_counter() - start
        rate = leaves / seconds if seconds > 0 else float("inf")
        print(f"depth {depth}: {leaves:>14,} leaves  {seconds:8.3f} s  {rate:>14,.0f} leaves/s")


def _cmd_simulate(args: argparse.Namespace, options: dict[str, Any]) -> None:
    result = simulate(
        args.game,
        games=args.games,
        seed=args.seed,
        threads=args.threads,
        backend=args.backend,
        progress=args.progress,
        **options,
    )
    print(result.summary())


def _cmd_bench(args: argparse.Namespace, options: dict[str, Any]) -> None:
    from .bench import run_bench

    run_bench(args.game, quick=args.quick, **options)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="ludorum",
        description="Play, count and simulate abstract games with ludorum.",
        epilog=_option_help(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    common = {"epilog": _option_help(), "formatter_class": argparse.RawDescriptionHelpFormatter}

    demo = sub.add_parser("demo", help="one random game of every game, then a batch", **common)
    demo.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    demo.add_argument("--games", type=int, default=2000, help="batch size (default 2000)")
    demo.add_argument(
        "--max-plies", type=int, default=None, help="cap of the single games (default: per game)"
    )
    demo.set_defaults(run=_cmd_demo)

    p = sub.add_parser("perft", help="count leaf move sequences to DEPTH", **common)
    p.add_argument("game", choices=games(), metavar="GAME", help=", ".join(games()))
    p.add_argument("depth", type=int, metavar="DEPTH")
    p.add_argument("--backend", choices=BACKENDS, default="rust")
    p.add_argument("--only", action="store_true", help="only the given depth, not 1..DEPTH")
    p.set_defaults(run=_cmd_perft)

    s = sub.add_parser("simulate", help="play random games, report results and speed", **common)
    s.add_argument("game", choices=games(), metavar="GAME", help=", ".join(games()))
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--threads", type=int, default=None, help="default: all cores")
    s.add_argument("--backend", choices=BACKENDS, default="rust")
    s.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None)
    s.set_defaults(run=_cmd_simulate)

    b = sub.add_parser("bench", help="Rust vs reference vs OpenSpiel, one table", **common)
    b.add_argument("game", nargs="?", choices=games(), metavar="GAME", help="default: all")
    b.add_argument("--quick", action="store_true", help="shorter runs, noisier numbers")
    b.set_defaults(run=_cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ludorum`` command; returns the exit status."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    try:
        options = _parse_options(extra)
        args.run(args, options)
    except LudorumError as e:
        parser.exit(2, f"ludorum {args.command}: error: {e}\n")
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
