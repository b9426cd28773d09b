"""Recorded games as a dataset: a directory with ``meta.json`` (the game, its options, the
batch seed, the agents, the end reasons) and one file per chunk of consecutive games, Parquet
(``games-<first>.parquet``, needs pyarrow: ``pip install ludorum[dataset]``) or JSON lines
(``games-<first>.jsonl``). Each game is a row: ``index`` (its place in the whole call, so its
seed is ``seed + index``), ``winners`` (bit ``p``: player ``p`` won), ``length``, ``reason`` and
``actions`` (its action ids, in order).

``simulate(..., record=True, out=DIR)`` writes it (on a Ray cluster, chunk by chunk as they
arrive; a chunk written again, after a retry, replaces itself); :func:`read_games` reads it back
as a ``SimulationResult`` whose ``replay(i)`` plays game ``i`` again.

>>> import tempfile, ludorum
>>> out = tempfile.mkdtemp()
>>> r = ludorum.simulate("so_long_sucker", games=5, seed=3, record=True, out=out)
>>> back = ludorum.read_games(out)
>>> back.lengths.tolist() == r.lengths.tolist(), back.replay(4).outcome() == r.replay(4).outcome()
(True, True)
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np

# the result type and the winners come from the batch layer, not from ``sim`` (which imports
# this module to write datasets): no import circle
from ._batch import SimulationResult, winners

__all__ = ["FORMATS", "read_games", "write_chunk", "write_meta"]

#: The file formats of a chunk.
FORMATS = ("parquet", "jsonl")


def default_format() -> str:
    """Parquet when pyarrow is installed, else JSON lines."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return "jsonl"
    return "parquet"


def write_meta(directory: str | os.PathLike[str], meta: dict[str, Any]) -> None:
    """Writes ``meta.json`` (creating the directory)."""
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    _atomic_write(path / "meta.json", json.dumps(meta, indent=1).encode())


def write_chunk(
    directory: str | os.PathLike[str],
    first: int,
    arrays: dict[str, Any],
    reason_names: tuple[str, ...],
    fmt: str,
) -> Path:
    """Writes games ``first..`` of ``arrays`` (``winner_masks``, ``lengths``,
    ``reason_codes``, ``actions``, ``offsets``) as one file; returns its path."""
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
        from .errors import InvalidOptionError

        raise InvalidOptionError(f"format must be 'parquet' or 'jsonl', got {fmt!r}")
    return path


def _atomic_write(path: Path, data: bytes) -> None:
    temp = path.with_name(path.name + ".tmp")
    temp.write_bytes(data)
    os.replace(temp, path)


def read_games(directory: str | os.PathLike[str]) -> SimulationResult:
    """The games of a dataset directory, as one ``SimulationResult`` (recorded: its
    ``game_actions(i)`` and ``replay(i)`` work).

    Raises:
        FileNotFoundError: no ``meta.json`` in the directory.
        ValueError: the chunks do not cover games ``0..n`` exactly once.
    """
    path = Path(directory)
    meta = json.loads((path / "meta.json").read_text())
    rows: dict[int, dict[str, Any]] = {}
    for file in sorted(path.glob("games-*")):
        if file.suffix == ".parquet":
            import pyarrow.parquet as pq

            for row in pq.read_table(file).to_pylist():
                rows[int(row["index"])] = row
        elif file.suffix == ".jsonl":
            for line in file.read_text().splitlines():
                if line.strip():
                    row = json.loads(line)
                    rows[int(row["index"])] = row
    if sorted(rows) != list(range(len(rows))):
        raise ValueError(f"{path}: the chunks do not cover games 0..{len(rows) - 1} exactly")
    ordered = [rows[i] for i in range(len(rows))]
    names = tuple(meta["reason_names"])
    masks = np.array([r["winners"] for r in ordered], dtype=np.uint8)
    lengths = np.array([r["length"] for r in ordered], dtype=np.uint32)
    codes = np.array([names.index(r["reason"]) for r in ordered], dtype=np.uint8)
    actions = np.array([a for r in ordered for a in r["actions"]], dtype=np.uint32)
    offsets = np.cumsum([0, *(len(r["actions"]) for r in ordered)], dtype=np.uint64)
    return SimulationResult(
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
