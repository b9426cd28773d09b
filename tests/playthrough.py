"""Golden playthroughs, as OpenSpiel keeps them: `tests/data/<game>/playthrough.txt` records
seeded random games of a game (the player to move, legal moves, observation, key, JSON and, where
information is hidden, player 0's view at every ply; then the outcome and returns), and
`tests/test_playthrough.py` replays each file in both backends and fails on any difference.

Nothing here knows a game: a file is made for any game of `ludorum.games()` from its facts (its
default options, and the first bench configuration that differs from them), and a new game gets
its file by running, from the repository root:

    .venv/bin/python -m tests.playthrough --regenerate <game>

(without a game: every game; without `--regenerate`: the text is printed, not written). The
file is written from the Rust core, and only if the reference gives the same text.

>>> record("no game", "rust", []).splitlines()[0]
'# Golden playthrough of no game, written by tests/playthrough.py: do not edit it by hand.'
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np

import ludorum
from ludorum import SplitMix64

DATA = Path(__file__).parent / "data"

#: the seed of the SplitMix64 that draws every move (a move is `moves[rng.below(len(moves))]`)
SEED = 2024
#: a game is cut after this many plies if it has not ended (random play need not end soon)
MAX_PLIES = 300
#: plies shown in full at the start and at the end; those between are summed up
HEAD, TAIL = 10, 5
#: plies summed up a line: their moves and a sha256 of what their full blocks would say
PER_LINE = 10
#: a list of legal moves longer than twice this shows its first and last this many
EDGE = 20
#: an observation or a JSON text longer than this is shown as its sha256 and length
LONG = 1200

COMMAND = ".venv/bin/python -m tests.playthrough --regenerate"


def path(game: str) -> Path:
    """Where the playthrough of `game` is kept."""
    return DATA / game / "playthrough.txt"


def configurations(game: str) -> list[dict[str, Any]]:
    """The options a new file plays: the defaults, then the first bench configuration of the
    game's facts whose options (after defaults) differ from them, if any."""
    default = ludorum.new(game).options
    for options in ludorum.game_info(game).bench:
        if ludorum.new(game, **options).options != default:
            return [{}, dict(options)]
    return [{}]


def header(game: str) -> list[str]:
    """The comment that opens every file: what it is, how to remake it, and its format."""
    return [
        f"# Golden playthrough of {game}, written by tests/playthrough.py: do not edit it by hand.",
        "# tests/test_playthrough.py replays each game below in both backends (the Rust core and",
        "# the reference) and fails on any difference. After an intended change of behaviour,",
        "# and for a new game, write it again from the repository root with:",
        f"#   {COMMAND} {game}",
        "#",
        "# game OPTIONS seed S                a game: the options given, moves drawn by",
        f"#                                    SplitMix64(S), cut at ply {MAX_PLIES}",
        "# options {...}, players ...         the options as the state has them, its sizes",
        "# ply N: player P, key K             the player to move and the Zobrist key",
        f'#   legal COUNT: ID "MOVE", ...      action ids and notation (beyond {2 * EDGE}: the',
        f"#                                    first and last {EDGE}, and a sha256 of them all)",
        "#   observation SHAPE: ...           the mover's: its non-zero entries by flat index",
        "#                                    (FIRST-LAST for a run), =VALUE unless 1",
        "#   json: {...}                      the JSON state, compact",
        "#   view 0: {...}                    player 0's JSON (games with hidden information)",
        '#   move ID "MOVE"                   the move drawn: moves[rng.below(len(moves))]',
        f'# plies A-B: "MOVE" ... (sha256 H)   the plies after the first {HEAD} and before the',
        f"#                                    last {TAIL}, {PER_LINE} a line: their moves and a",
        "#                                    sha256 of their full blocks",
        "# end at ply N: ... / cut at ply N   the outcome and returns, then the last position",
        "#                                    (with the observation of player 0)",
        f"# A text longer than {LONG} characters is shown as its sha256 and length.",
    ]


def record(
    game: str, backend: str, games: list[tuple[dict[str, Any], int]], full: bool = False
) -> str:
    """The text of the playthrough file of `game` for `games` ((options, seed) each), played
    in `backend`; with `full`, every ply in full (to find where two backends part)."""
    lines = header(game)
    for options, seed in games:
        lines.append("")
        lines.append(f"game {json.dumps(options)} seed {seed}")
        lines.extend(play(game, backend, options, seed, full))
    return "\n".join(lines) + "\n"


def play(game: str, backend: str, options: dict[str, Any], seed: int, full: bool) -> list[str]:
    """The lines of one seeded random game, after its `game` line."""
    state = ludorum.new(game, backend=backend, **options)
    hidden = ludorum.game_info(game).hidden_information
    shape = "x".join(map(str, state.observation(0).shape))
    lines = [
        f"options {json.dumps(state.options)}",
        f"players {state.num_players}, actions {state.num_actions}, observation {shape}",
    ]
    rng = SplitMix64(seed)
    plies: list[tuple[list[str], str]] = []  # the full block of each ply and its move
    while state.current_player is not None and state.ply < MAX_PLIES:
        player = state.current_player
        moves = state.legal_moves()
        move = moves[rng.below(len(moves))]
        block = [f"ply {state.ply}: player {player}, key {state.key:#018x}"]
        block.append(f"  {legal(moves)}")
        actions = state.legal_actions().tolist()
        if actions != [m.action for m in moves]:
            block.append(f"  legal_actions() disagrees with legal_moves(): {actions}")
        block.append(f"  observation {observation(state.observation(player))}")
        block.extend(position(state, hidden))
        block.append(f"  move {move.action} {json.dumps(move.notation)}")
        plies.append((block, move.notation))
        state.play(move)
    for first, last in spans(len(plies), full):
        if first == last:
            lines.extend(plies[first][0])
        else:
            chunk = plies[first : last + 1]
            played = " ".join(json.dumps(notation) for _, notation in chunk)
            digest = sha256("\n".join(line for block, _ in chunk for line in block))
            lines.append(f"plies {first}-{last}: {played} (sha256 {digest})")
    outcome = state.outcome()
    if outcome is None:
        end = f"cut at ply {state.ply}: no outcome, player {state.current_player} to move"
    else:
        winners = json.dumps(list(outcome.winners))
        end = f"end at ply {state.ply}: winners {winners}, reason {json.dumps(outcome.reason)}"
    lines.append(f"{end}, returns {json.dumps(list(state.returns()))}")
    lines.append(f"  key {state.key:#018x}")
    lines.append(f"  observation {observation(state.observation(0))}")
    lines.extend(position(state, hidden))
    return lines


def spans(count: int, full: bool = False) -> Iterator[tuple[int, int]]:
    """The plies shown in full, one at a time, and those summed up, `PER_LINE` at a time:
    (first, last) each.

    >>> list(spans(3)), len(list(spans(300))), len(list(spans(300, full=True)))
    ([(0, 0), (1, 1), (2, 2)], 44, 300)
    """
    if full or count <= HEAD + TAIL + PER_LINE:
        yield from ((ply, ply) for ply in range(count))
        return
    yield from ((ply, ply) for ply in range(HEAD))
    for first in range(HEAD, count - TAIL, PER_LINE):
        yield first, min(first + PER_LINE, count - TAIL) - 1
    yield from ((ply, ply) for ply in range(count - TAIL, count))


def position(state: Any, hidden: bool) -> list[str]:
    """The JSON of `state`, and player 0's view where information is hidden."""
    lines = [f"  json: {shorten(compact(state.to_json()))}"]
    if hidden:
        lines.append(f"  view 0: {shorten(compact(state.to_json(viewer=0)))}")
    return lines


def legal(moves: list[Any]) -> str:
    """`legal 3: 0 "a", 4 "b", 9 "c"`; a long list keeps its ends and gives a sha256 of all."""
    items = [f"{m.action} {json.dumps(m.notation)}" for m in moves]
    if len(items) <= 2 * EDGE:
        return f"legal {len(items)}: {', '.join(items)}"
    digest = sha256("\n".join(items))
    return (
        f"legal {len(items)}: {', '.join(items[:EDGE])}, ..., {', '.join(items[-EDGE:])} "
        f"(sha256 {digest})"
    )


def observation(obs: Any) -> str:
    """`3x121: 30 nonzero: 0-14 242-362 ...`: runs of equal non-zero values, `=v` unless 1; a
    long one as the sha256 of its float32 bytes (little-endian, C order).

    >>> observation(np.array([[0, 1, 1], [0.5, 0, 2]], dtype=np.float32))
    '2x3: 4 nonzero: 1-2 3=0.5 5=2'
    """
    flat = np.asarray(obs, dtype="<f4").ravel()
    shape = "x".join(map(str, np.shape(obs)))
    nonzero = np.flatnonzero(flat).tolist()
    runs: list[list[int]] = []  # [first, last] of runs of one value
    for i in nonzero:
        if runs and runs[-1][1] == i - 1 and flat[i] == flat[runs[-1][0]]:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    parts = []
    for first, last in runs:
        part = str(first) if first == last else f"{first}-{last}"
        if flat[first] != 1:
            part += "=" + np.format_float_positional(flat[first], unique=True, trim="-")
        parts.append(part)
    text = f"{shape}: {len(nonzero)} nonzero: {' '.join(parts)}"
    if len(text) <= LONG:
        return text
    digest = hashlib.sha256(np.ascontiguousarray(flat).tobytes()).hexdigest()
    return f"{shape}: {len(nonzero)} nonzero, float32 sha256 {digest}"


def compact(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))


def shorten(text: str) -> str:
    """`text`, or its sha256 and length when longer than `LONG`."""
    return text if len(text) <= LONG else f"sha256 {sha256(text)} ({len(text)} chars)"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def games_of(text: str) -> list[tuple[dict[str, Any], int]]:
    """The (options, seed) of each `game` line of a playthrough file."""
    found = []
    for line in text.splitlines():
        if line.startswith("game "):
            options, _, seed = line[len("game ") :].rpartition(" seed ")
            found.append((json.loads(options), int(seed)))
    return found


def main(argv: list[str] | None = None) -> int:
    description = (__doc__ or "").split("\n\n")[0]
    parser = argparse.ArgumentParser(prog="python -m tests.playthrough", description=description)
    parser.add_argument("games", nargs="*", help="games (default: every game)")
    parser.add_argument(
        "--regenerate", action="store_true", help="write tests/data/<game>/playthrough.txt"
    )
    args = parser.parse_args(argv)
    for game in args.games or ludorum.games():
        games = [(options, SEED) for options in configurations(game)]
        text = record(game, "rust", games)
        if not args.regenerate:
            sys.stdout.write(text)
            continue
        if record(game, "reference", games) != text:
            print(f"{game}: the backends disagree; nothing written", file=sys.stderr)
            return 1
        path(game).parent.mkdir(parents=True, exist_ok=True)
        path(game).write_text(text)
        print(f"wrote {path(game)} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
