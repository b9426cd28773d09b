"""Recorded games as a dataset: a directory with ``meta.json`` (the game, its options, the
batch seed, the agents, the end reasons, and the list of chunks) and one file per chunk of
consecutive games, Parquet (``games-<first>.parquet``, needs pyarrow: ``pip install
ludorum[dataset]``) or JSON lines (``games-<first>.jsonl``). Each game is a row: ``index`` (its
place in the whole call, so its seed is ``seed + index``), ``winners`` (bit ``p``: player ``p``
won), ``length``, ``reason`` and ``actions`` (its action ids, in order).

``simulate(..., record=True, out=DIR)`` writes it (on a Ray cluster, chunk by chunk as they
arrive; a chunk written again, after a retry, replaces itself); :func:`read_games` reads it back
as a ``SimulationResult`` whose ``replay(i)`` plays game ``i`` again.

A dataset is whole or refused. ``meta.json`` lists every chunk (its file, first game, count of
games and SHA-256) and is written complete only when the run ends; :func:`read_games` refuses
a run that did not finish, a missing, extra, duplicated, cut or edited chunk, and rows that
contradict themselves. A new run refuses a directory that holds another run's files unless
asked to clear it (``overwrite=True``).

>>> import tempfile, ludorum
>>> out = tempfile.mkdtemp()
>>> r = ludorum.simulate("so_long_sucker", games=5, seed=3, record=True, out=out)
>>> back = ludorum.read_games(out)
>>> back.lengths.tolist() == r.lengths.tolist(), back.replay(4).outcome() == r.replay(4).outcome()
(True, True)
>>> ludorum.simulate("so_long_sucker", games=5, record=True, out=out)
Traceback (most recent call last):
...
ludorum.errors.InvalidArgumentError: ... holds the games of another run ...
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import numpy as np

# the result type and the winners come from the batch layer, not from ``sim`` (which imports
# this module to write datasets): no import circle
from ._batch import SimulationResult, winners
from ._registry import new
from .errors import InvalidArgumentError, InvalidOptionError, InvalidStateError

__all__ = ["FORMATS", "claim", "read_games", "write_chunk", "write_meta"]

#: The file formats of a chunk.
FORMATS = ("parquet", "jsonl")

#: The dataset layout ``meta.json`` declares; a reader refuses any other.
LAYOUT = 2

#: The names a run writes in its directory: anything else there is left alone.
_META = "meta.json"
_CHUNKS = "games-*"
_OWN = (_META, _CHUNKS, "selfplay.npz", "*.tmp")


def default_format() -> str:
    """Parquet when pyarrow is installed, else JSON lines."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return "jsonl"
    return "parquet"


def claim(directory: str | os.PathLike[str], overwrite: bool) -> None:
    """Makes ``directory`` this run's: refuses one that holds another run's files (or clears
    them with ``overwrite=True``), then marks it with an unfinished ``meta.json``, so that a run
    that dies leaves a dataset :func:`read_games` refuses rather than a part of one.

    Raises:
        InvalidArgumentError: the directory holds another run's files and ``overwrite`` is
            false, or ``directory`` is a file.
        InvalidOptionError: ``overwrite`` is not a bool.
    """
    if not isinstance(overwrite, (bool, np.bool_)):
        raise InvalidOptionError(f"overwrite must be True or False, got {overwrite!r}")
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise InvalidArgumentError(f"{str(path)!r} is a file, not a directory for a dataset")
    found = sorted({f for pattern in _OWN for f in path.glob(pattern)}) if path.exists() else []
    if found and not overwrite:
        names = ", ".join(f.name for f in found[:3]) + (", ..." if len(found) > 3 else "")
        raise InvalidArgumentError(
            f"{str(path)!r} holds the games of another run ({names}): pass overwrite=True to "
            "clear it, or choose another directory"
        )
    for file in found:
        file.unlink()
    path.mkdir(parents=True, exist_ok=True)
    _atomic_write(path / _META, json.dumps({"layout": LAYOUT, "complete": False}).encode())


def write_meta(
    directory: str | os.PathLike[str], meta: dict[str, Any], chunks: Iterable[dict[str, Any]]
) -> None:
    """Writes the finished run's ``meta.json``: ``meta`` and the list of its ``chunks`` (as
    :func:`write_chunk` returns them), in game order."""
    listed = sorted(chunks, key=lambda c: int(c["first"]))
    whole = {**meta, "layout": LAYOUT, "complete": True, "chunks": listed}
    _atomic_write(Path(directory) / _META, json.dumps(whole, indent=1).encode())


def write_chunk(
    directory: str | os.PathLike[str],
    first: int,
    arrays: dict[str, Any],
    reason_names: tuple[str, ...],
    fmt: str,
) -> dict[str, Any]:
    """Writes games ``first..`` of ``arrays`` (``winner_masks``, ``lengths``,
    ``reason_codes``, ``actions``, ``offsets``) as one file; returns its entry for
    ``meta.json``: ``file``, ``first``, ``count`` and ``sha256`` (of the file's bytes)."""
    count = len(arrays["lengths"])
    offsets = np.asarray(arrays["offsets"], dtype=np.int64)
    actions = np.asarray(arrays["actions"], dtype=np.uint32)
    columns: dict[str, list[Any]] = {
        "index": list(range(first, first + count)),
        "winners": [int(w) for w in arrays["winner_masks"]],
        "length": [int(n) for n in arrays["lengths"]],
        "reason": [reason_names[int(c)] for c in arrays["reason_codes"]],
        "actions": [actions[offsets[i] : offsets[i + 1]].tolist() for i in range(count)],
    }
    Path(directory).mkdir(parents=True, exist_ok=True)
    path = Path(directory) / f"games-{first:012d}.{fmt}"
    if fmt == "parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.table(
            {
                "index": pa.array(columns["index"], pa.int64()),
                "winners": pa.array(columns["winners"], pa.uint8()),
                "length": pa.array(columns["length"], pa.uint32()),
                "reason": pa.array(columns["reason"], pa.string()),
                "actions": pa.array(columns["actions"], pa.list_(pa.uint32())),
            }
        )
        temp = path.with_suffix(".parquet.tmp")
        pq.write_table(table, temp)
        os.replace(temp, path)
    elif fmt == "jsonl":
        rows = (
            json.dumps({k: columns[k][i] for k in columns}, separators=(",", ":"))
            for i in range(count)
        )
        _atomic_write(path, ("\n".join(rows) + "\n").encode())
    else:
        raise InvalidOptionError(f"format must be 'parquet' or 'jsonl', got {fmt!r}")
    return {"file": path.name, "first": first, "count": count, "sha256": _sha256(path)}


def _atomic_write(path: Path, data: bytes) -> None:
    temp = path.with_name(path.name + ".tmp")
    temp.write_bytes(data)
    os.replace(temp, path)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_games(directory: str | os.PathLike[str], verify: bool = False) -> SimulationResult:
    """The games of a dataset directory, as one ``SimulationResult`` (recorded: its
    ``game_actions(i)`` and ``replay(i)`` work).

    Every chunk ``meta.json`` lists must be there, whole and unedited (its SHA-256), and no
    other; the chunks must cover games ``0..games`` once each, and every row must agree with
    itself (``length`` is the number of actions, ``winners`` names players of the game,
    ``reason`` is one of the game's). ``replay(i)`` checks that game ``i`` replays to its
    recorded winners, reason and length; ``verify=True`` replays every game now.

    Args:
        directory: the dataset's directory.
        verify: replay every game and compare it with its row (slower: about the cost of
            playing the games again, in Python).

    Raises:
        FileNotFoundError: no ``meta.json`` in the directory.
        InvalidStateError: the dataset is not whole, or not what its ``meta.json`` lists
            (the message says which file and why), or a game does not replay as recorded.

    >>> import tempfile, pathlib, ludorum
    >>> out = pathlib.Path(tempfile.mkdtemp())
    >>> _ = ludorum.simulate("tic_tac_toe", games=3, record=True, out=out, out_format="jsonl")
    >>> ludorum.read_games(out, verify=True).games
    3
    >>> chunk = out / "games-000000000000.jsonl"
    >>> _ = chunk.write_text(chunk.read_text().splitlines(keepends=True)[0])  # games 1, 2 cut
    >>> ludorum.read_games(out)
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidStateError: ...games-000000000000.jsonl: its SHA-256 is not the one ...
    """
    path = Path(directory)
    meta = json.loads((path / _META).read_text())
    where = str(path)
    if not isinstance(meta, dict) or meta.get("layout") != LAYOUT:
        raise InvalidStateError(
            f"{where}: meta.json is not a dataset of layout {LAYOUT} (written by another "
            "version of ludorum, or not by ludorum)"
        )
    if meta.get("complete") is not True:
        raise InvalidStateError(f"{where}: the run that writes it did not finish")
    games = int(meta["games"])
    names = tuple(meta["reason_names"])
    chunks = meta["chunks"]
    listed = [c["file"] for c in chunks]
    present = sorted(f.name for f in path.glob(_CHUNKS))
    if sorted(listed) != present or len(set(listed)) != len(listed):
        missing = sorted(set(listed) - set(present))
        extra = sorted(set(present) - set(listed))
        raise InvalidStateError(
            f"{where}: the chunk files are not the ones meta.json lists "
            f"(missing: {missing or 'none'}; not listed: {extra or 'none'})"
        )
    rows: list[dict[str, Any]] = []
    for chunk in chunks:
        file = path / chunk["file"]
        first, count = int(chunk["first"]), int(chunk["count"])
        if first != len(rows):
            raise InvalidStateError(
                f"{file}: starts at game {first}, but the chunks before it end at {len(rows)}"
            )
        if _sha256(file) != chunk["sha256"]:
            raise InvalidStateError(
                f"{file}: its SHA-256 is not the one meta.json lists (cut, edited or replaced)"
            )
        read = _read_chunk(file)
        if [int(r["index"]) for r in read] != list(range(first, first + count)):
            raise InvalidStateError(f"{file}: its rows are not games {first}..{first + count - 1}")
        rows.extend(read)
    if len(rows) != games:
        raise InvalidStateError(
            f"{where}: the chunks hold {len(rows)} games, meta.json says {games}"
        )
    players = new(meta["game"], **meta["options"]).num_players
    for row in rows:
        if int(row["length"]) != len(row["actions"]) or row["reason"] not in names:
            raise InvalidStateError(f"{where}: game {row['index']} contradicts itself: {row}")
        if not 0 <= int(row["winners"]) < 1 << players:
            raise InvalidStateError(f"{where}: game {row['index']} names winners out of range")
    masks = np.array([r["winners"] for r in rows], dtype=np.uint8)
    lengths = np.array([r["length"] for r in rows], dtype=np.uint32)
    codes = np.array([names.index(r["reason"]) for r in rows], dtype=np.uint8)
    actions = np.array([a for r in rows for a in r["actions"]], dtype=np.uint32)
    offsets = np.cumsum([0, *(len(r["actions"]) for r in rows)], dtype=np.uint64)
    result = SimulationResult(
        game=meta["game"],
        options=meta["options"],
        backend="rust",
        seed=int(meta["seed"]),
        threads=int(meta.get("threads", 1)),
        winners=winners(masks),
        winner_masks=masks,
        lengths=lengths,
        reason_codes=codes,
        reason_names=names,
        seconds=float(meta.get("seconds", 0.0)),
        agents=tuple(meta.get("agents", ("random",))),
        actions=actions,
        offsets=offsets,
    )
    if verify:
        for i in range(games):
            result.replay(i)  # checks the row
    return result


def _read_chunk(file: Path) -> list[dict[str, Any]]:
    if file.suffix == ".parquet":
        import pyarrow.parquet as pq

        rows: list[dict[str, Any]] = pq.read_table(file).to_pylist()
        return rows
    if file.suffix == ".jsonl":
        return [json.loads(line) for line in file.read_text().splitlines() if line.strip()]
    raise InvalidStateError(f"{file}: a chunk is .parquet or .jsonl")
