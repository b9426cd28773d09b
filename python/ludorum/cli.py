"""The ``ludorum`` command: ``demo``, ``perft``, ``simulate``, ``arena``, ``play``, ``bench``,
``rules``, ``serve``, ``web``.

Game options are flags after the game name (``--players 3 --area strict --komi 0.5``); their
names are the option names with ``-`` for ``_``, their values are read by the option's kind
(``none`` for None, ``--gold 7,6,6,5,5,4,4,3`` for a list). ``ludorum COMMAND --help`` lists
every game's options with their allowed values; ``ludorum rules GAME`` prints a game's rules.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
import time
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from . import BACKENDS, SplitMix64, __version__, game_info, games, new, perft, simulate
from ._options import flag, metavar, option_table, parse_flags
from ._terminal import default_seats, play_terminal
from .errors import LudorumError

__all__ = ["main", "play_terminal", "rules_page"]

#: the commands that take a game and its options, and the option kinds each sets itself, with
#: why (a batch gives game i the seed seed + i)
_GAME_OPTIONS: dict[str, dict[str, str]] = {
    "perft": {},
    "simulate": {"seed": "--seed S is simulate's own: game i gets seed S + i"},
    "bench": {"seed": "bench seeds its games itself"},
    "arena": {"seed": "--seed S is arena's own: round k gets seed S + k"},
    "play": {},
}


def rules_page(name: str) -> str:
    """The rules page of game ``name`` (``docs/rules/<name>.md``), as Markdown text.

    The pages are installed with the package (``ludorum/rules/<name>.md``); in a checkout they
    are read from ``docs/rules``.

    Raises:
        InvalidOptionError: unknown game.

    >>> from ludorum.cli import rules_page
    >>> rules_page("dominions").startswith("# ")
    True
    """
    game_info(name)  # an unknown game raises, naming the known ones
    page = resources.files("ludorum") / "rules" / f"{name}.md"
    if page.is_file():
        return page.read_text(encoding="utf-8")
    # A checkout where python/ludorum/rules is not the link to docs/rules (git without symlinks).
    return (Path(__file__).resolve().parents[2] / "docs" / "rules" / f"{name}.md").read_text(
        encoding="utf-8"
    )


def _option_help(command: str) -> str:
    """The game options of every game, as ``COMMAND --help`` ends with them."""
    hidden = _GAME_OPTIONS[command]
    lines = [
        "game options (flags after the game name; 'none' gives None where it is allowed; the",
        "rules pages say what each means: ludorum rules GAME):",
    ]
    for name in games():
        info = game_info(name)
        lines.append(f"  {name}: {info.summary}")
        for option in info.options:
            if option.kind in hidden:
                continue
            default = option.default_doc or repr(option.default)
            if command == "simulate" and option.name == "max_plies" and info.simulation_max_plies:
                default = f"{info.simulation_max_plies:,}, the game's simulation cap"
            head = f"    {flag(option.name)} {metavar(option)}"
            lines.append(f"{head:<30}{option.allowed()} (default {default})")
            lines += textwrap.wrap(
                option.doc, width=100, initial_indent=" " * 30, subsequent_indent=" " * 30
            )
    if command == "simulate":
        lines += [
            "",
            "simulate: --max-plies none plays every game to its end; --seed S gives game i the",
            "seed S + i.",
        ]
    if command == "bench":
        lines += [
            "",
            "bench: game options given here replace those of every row; bench seeds its games",
            "itself.",
        ]
    return "\n".join(lines)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose ``--help`` ends with the game options of its command.

    The list is made only when help is asked for: the command starts without it.
    """

    def __init__(self, *args: Any, game_options: str | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # --p must not stand for --progress
        super().__init__(*args, **kwargs)
        self.game_options = game_options

    def format_help(self) -> str:
        text = super().format_help()
        if self.game_options:
            text += "\n" + _option_help(self.game_options) + "\n"
        return text


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be a non-negative integer, got {text!r}")
    return value


def _positive_int(text: str) -> int:
    value = _non_negative(text)
    if value == 0:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {text!r}")
    return value


def _cmd_demo(args: argparse.Namespace, options: dict[str, Any]) -> None:
    for name in games():
        # Random play need not end (a random Chinese Checkers game practically never does): cap
        # it with the game's own max_plies option, so that the outcome is the rules' own.
        cap = args.max_plies or game_info(name).simulation_max_plies
        capped: dict[str, Any] = {}
        if cap and "max_plies" in new(name).options:
            capped["max_plies"] = cap
        state = new(name, **capped)
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
    depths = [args.depth] if args.only or args.depth == 0 else range(1, args.depth + 1)
    for depth in depths:
        start = time.perf_counter()
        leaves = perft(state, depth)
        seconds = time.perf_counter() - start
        rate = leaves / seconds if seconds > 0 else float("inf")
        print(f"depth {depth}: {leaves:>14,} leaves  {seconds:8.3f} s  {rate:>14,.0f} leaves/s")


def _cmd_simulate(args: argparse.Namespace, options: dict[str, Any]) -> None:
    # max_plies is passed only when given: left out, the game's simulation cap applies; given
    # as none, there is no limit.
    result = simulate(
        args.game,
        games=args.games,
        seed=args.seed,
        threads=args.threads,
        backend=args.backend,
        progress=args.progress,
        cluster=args.cluster,
        address=args.address,
        chunk_size=args.chunk_size,
        record=args.out is not None,
        out=args.out,
        overwrite=args.overwrite,
        out_format=args.format,
        **options,
    )
    if result.games == 0:
        print(f"0 games of {args.game} ({args.backend}): nothing to play")
    else:
        print(result.summary())
    if args.out is not None:
        print(f"  games written to {args.out} (read them with ludorum.read_games)")


def _cmd_bench(args: argparse.Namespace, options: dict[str, Any]) -> None:
    from .bench import run_bench

    if args.game == "agents":
        from .bench_agents import run_agents_bench

        run_agents_bench(quick=args.quick)
    elif args.game == "strength":
        from .bench_agents import run_strength_bench

        run_strength_bench(quick=args.quick)
    elif args.game == "rl":
        from .bench_rl import run_rl_bench

        run_rl_bench(quick=args.quick)
    elif args.game == "learn":
        from .bench_learn import run_learn_bench

        run_learn_bench(quick=args.quick)
    else:
        run_bench(args.game, quick=args.quick, rounds=args.rounds, **options)


def _agent_list(text: str) -> list[str]:
    """``random,mcts:2000`` as a list of agent names (checked when the command runs)."""
    names = [item.strip() for item in text.split(",") if item.strip()]
    if not names:
        raise argparse.ArgumentTypeError(f"expected agents such as random,mcts:2000, got {text!r}")
    return names


def _cmd_arena(args: argparse.Namespace, options: dict[str, Any]) -> None:
    from .agents import parse_agent
    from .arena import arena

    named: dict[str, Any] = {}
    for text in args.agents:
        label, n = text, 1
        while label in named:
            n += 1
            label = f"{text}#{n}"
        named[label] = parse_agent(text, seed=n - 1)
    result = arena(
        args.game,
        agents=named,
        games=args.games,
        seed=args.seed,
        threads=args.threads,
        progress=args.progress,
        **options,
    )
    print(result.table())
    if args.records:
        with open(args.records, "w", encoding="utf-8") as file:
            result.write_records(file)
        print(f"records: {args.records}")
    if args.chart:
        Path(args.chart).write_text(result.svg(), encoding="utf-8")
        print(f"chart: {args.chart}")


def _cmd_play(args: argparse.Namespace, options: dict[str, Any]) -> None:
    seats = args.seats if args.seats is not None else default_seats(args.game, **options)
    play_terminal(args.game, seats, options, sys.stdin, sys.stdout)


def _cmd_rules(args: argparse.Namespace, options: dict[str, Any]) -> None:
    sys.stdout.write(rules_page(args.game))


def _cmd_web(args: argparse.Namespace, options: dict[str, Any]) -> None:
    try:
        from .web import serve
    except ImportError as e:
        raise LudorumError(
            "ludorum web needs Starlette and uvicorn: pip install 'ludorum[web]'"
        ) from e
    print(f"ludorum web: http://{args.host}:{args.port}/ (tables in {args.db}); Ctrl-C stops")
    serve(args.host, args.port, args.db, args.allow_host or None)


def _cmd_serve(args: argparse.Namespace, options: dict[str, Any]) -> None:
    """The engine protocol (docs/protocol.md) on stdin and stdout: the Rust core's session,
    which reads on while a search runs (so that ``stop`` ends it); Ctrl-C ends the session."""
    from ._ludorum import ProtocolSession

    sys.stdout.flush()  # the session writes to the same stream, from Rust
    ProtocolSession(args.json).run()


def _parser() -> tuple[_Parser, dict[str, _Parser]]:
    """The parser and the parser of each command."""
    parser = _Parser(
        prog="ludorum",
        description="Play, count and simulate abstract games with ludorum.",
        epilog="ludorum COMMAND --help lists the command's options and every game's options.",
    )
    parser.add_argument("--version", action="version", version=f"ludorum {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    game_help = ", ".join(games())

    def command(name: str, help: str) -> _Parser:
        p: _Parser = sub.add_parser(
            name,
            help=help,
            description=help[0].upper() + help[1:] + ".",
            game_options=name if name in _GAME_OPTIONS else None,
        )
        return p

    demo = command("demo", "one random game of every game, then a batch of each")
    demo.add_argument("--seed", type=int, default=1, help="seed of the games (default 1)")
    demo.add_argument("--games", type=_non_negative, default=2000, help="batch size (default 2000)")
    demo.add_argument(
        "--max-plies", type=int, default=None, help="cap of the single games (default: per game)"
    )
    demo.set_defaults(run=_cmd_demo)

    p = command("perft", "count leaf move sequences to DEPTH")
    p.add_argument("game", choices=games(), metavar="GAME", help=game_help)
    p.add_argument("depth", type=_non_negative, metavar="DEPTH", help="a non-negative integer")
    p.add_argument("--backend", choices=BACKENDS, default="rust")
    p.add_argument("--only", action="store_true", help="only the given depth, not 1..DEPTH")
    p.set_defaults(run=_cmd_perft)

    s = command("simulate", "play random games, report results and speed")
    s.add_argument("game", choices=games(), metavar="GAME", help=game_help)
    s.add_argument("--games", type=_non_negative, default=1000, help="default 1000")
    s.add_argument("--seed", type=int, default=0, help="game i gets seed + i (default 0)")
    s.add_argument("--threads", type=int, default=None, help="default: all cores")
    s.add_argument("--backend", choices=BACKENDS, default="rust")
    s.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on stderr (default: on a terminal, from 1000 games)",
    )
    s.add_argument("--cluster", choices=["ray"], default=None, help="run the games on Ray")
    s.add_argument("--address", default=None, help="the Ray cluster (default: local)")
    s.add_argument("--chunk-size", type=int, default=None, help="games per Ray task")
    s.add_argument("--out", metavar="DIR", default=None, help="write every game to DIR")
    s.add_argument("--format", choices=["parquet", "jsonl"], default=None, help="of --out")
    s.add_argument(
        "--overwrite", action="store_true", help="clear DIR when it holds another run's games"
    )
    s.set_defaults(run=_cmd_simulate)

    a = command("arena", "matches between agents on a fair schedule of seats, with ratings")
    a.add_argument("game", choices=games(), metavar="GAME", help=game_help)
    a.add_argument(
        "--agents",
        type=_agent_list,
        required=True,
        help="agents separated by commas: random, mcts[:SIMULATIONS], ismcts[:SIMULATIONS]",
    )
    a.add_argument("--games", type=_non_negative, default=100, help="default 100")
    a.add_argument("--seed", type=int, default=0, help="round k gets seed + k (default 0)")
    a.add_argument("--threads", type=int, default=None, help="default: all cores")
    a.add_argument("--records", metavar="FILE.jsonl", help="write every game's record here")
    a.add_argument("--chart", metavar="FILE.svg", help="write the chart of the ratings here")
    a.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="a progress bar on stderr (default: on a terminal, from 20 games)",
    )
    a.set_defaults(run=_cmd_arena)

    pl = command("play", "play in the terminal against agents")
    pl.add_argument("game", choices=games(), metavar="GAME", help=game_help)
    pl.add_argument(
        "--seats",
        type=_agent_list,
        default=None,
        help="one per seat, separated by commas: human, random, mcts[:N], ismcts[:N] "
        "(default: you in seat 0, mcts in the others)",
    )
    pl.set_defaults(run=_cmd_play)

    b = command(
        "bench",
        "Rust vs reference vs OpenSpiel, one table; 'bench agents': MCTS; 'bench strength': "
        "the agents' ratings; 'bench rl': VecEnv; 'bench learn': the learned searches",
    )
    b.add_argument(
        "game",
        nargs="?",
        choices=[*games(), "agents", "strength", "rl", "learn"],
        metavar="GAME",
        help="default: all; 'agents' measures the search agents, 'strength' rates them per "
        "game, 'rl' the batched env, 'learn' the learned searches against mctx",
    )
    b.add_argument("--quick", action="store_true", help="shorter runs, noisier numbers")
    b.add_argument(
        "--rounds",
        type=_positive_int,
        default=1,
        metavar="N",
        help="measure each row N times in turn and print the medians (default 1)",
    )
    b.set_defaults(run=_cmd_bench)

    w = command("web", "a web page where people play each other and the agents")
    w.add_argument("--host", default="127.0.0.1", help="default 127.0.0.1 (this machine only)")
    w.add_argument("--port", type=int, default=8000, help="default 8000")
    w.add_argument("--db", default="ludorum-tables.db", help="the SQLite file of the tables")
    w.add_argument(
        "--allow-host",
        action="append",
        metavar="NAME",
        help="a host name the server answers to (repeatable; default: this machine's names on "
        "loopback, any name otherwise)",
    )
    w.set_defaults(run=_cmd_web)

    sv = command("serve", "the engine protocol on stdin/stdout (docs/protocol.md)")
    sv.add_argument("--json", action="store_true", help="JSON lines instead of GTP-style text")
    sv.set_defaults(run=_cmd_serve)

    r = command("rules", "print a game's rules page (Markdown)")
    r.add_argument("game", choices=games(), metavar="GAME", help=game_help)
    r.set_defaults(run=_cmd_rules)
    commands = {"demo": demo, "perft": p, "simulate": s, "arena": a, "play": pl, "bench": b}
    return parser, {**commands, "rules": r, "serve": sv, "web": w}


def _split_game_options(
    command: str, parser: argparse.ArgumentParser, argv: list[str]
) -> tuple[list[str], list[str]]:
    """``argv`` of a command that takes game options, as (the command's own, game options).

    A game option is a flag after the game name that names an option of that game and is not
    one of the command's own flags; any other flag after the game name is refused here with
    the game's options, and a game option before the game name with where it goes.

    Raises:
        LudorumError: a flag that is no option of the game or of the command, or a game
            option before the game name.
    """
    own = set(parser._option_string_actions)
    names = set(games())
    at = next((i for i, token in enumerate(argv) if token in names), None)
    for token in argv[:at]:
        name = token.partition("=")[0]
        if name.startswith("--") and name not in own and _is_game_option(name):
            where = (
                f"ludorum {command} {argv[at]} {name} ..."
                if at is not None
                else f"ludorum {command} GAME {name} ..."
            )
            raise LudorumError(f"{name} is a game option: give it after the game name ({where})")
    if at is None:
        return argv, []
    game, sets_itself = argv[at], _GAME_OPTIONS[command]
    table = option_table(game)
    mine, theirs = argv[: at + 1], []
    rest = iter(argv[at + 1 :])
    for token in rest:
        name = token.partition("=")[0]
        if not name.startswith("--") or name in own:
            mine.append(token)
            continue
        option = table.get(name[2:].replace("-", "_"))
        if option is None:
            flags = ", ".join(flag(o.name) for o in table.values() if o.kind not in sets_itself)
            raise LudorumError(
                f"unknown option {name[2:].replace('-', '_')!r} for {game}; "
                f"its options: {flags or 'none'}"
            )
        if option.kind in sets_itself:
            raise LudorumError(f"{name} is not an option of {command}: {sets_itself[option.kind]}")
        theirs.append(token)
        if "=" not in token:
            value = next(rest, None)
            if value is None or value.startswith("--"):
                raise LudorumError(f"option {name} needs a value")
            theirs.append(value)
    return mine, theirs


def _is_game_option(name: str) -> bool:
    option = name[2:].replace("-", "_")
    return any(option in option_table(game) for game in games())


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``ludorum`` command; returns the exit status.

    >>> from ludorum.cli import main
    >>> main(["perft", "chinese_checkers", "2", "--only"])  # doctest: +ELLIPSIS
    depth 2:            324 leaves ...
    0
    """
    argv = list(sys.argv[1:] if argv is None else argv)
    parser, commands = _parser()
    command = argv[0] if argv else ""
    try:
        game_argv: list[str] = []
        if command in _GAME_OPTIONS:
            argv, game_argv = _split_game_options(command, commands[command], argv)
        args, extra = parser.parse_known_args(argv)
        if extra:
            if args.command in _GAME_OPTIONS or not extra[0].startswith("--"):
                raise LudorumError(
                    f"unexpected argument {extra[0]!r}; game options look like --players 3"
                )
            raise LudorumError(f"{args.command} takes no game options, got {extra[0]}")
        options = parse_flags(args.game, game_argv) if game_argv else {}
        args.run(args, options)
    except LudorumError as e:
        parser.exit(2, f"ludorum {command}: error: {e}\n")
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
