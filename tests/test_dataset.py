"""Datasets that refuse what is not whole: ``read_games`` checks every chunk against the list in
``meta.json`` (file, first game, count, SHA-256), rows against themselves and, when asked, every
game against its replay; a new run refuses a directory holding another run."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ludorum
from ludorum import dataset


def chunked(out: Path, games: int, size: int, seed: int = 0) -> ludorum.SimulationResult:
    """A dataset of ``games`` games in chunks of ``size``, as a Ray run writes it."""
    result = ludorum.simulate("tic_tac_toe", games=games, seed=seed, record=True)
    assert result.actions is not None and result.offsets is not None
    dataset.claim(out, overwrite=False)
    chunks = []
    for first in range(0, games, size):
        last = min(first + size, games)
        offsets = result.offsets[first : last + 1]
        arrays = {
            "winner_masks": result.winner_masks[first:last],
            "lengths": result.lengths[first:last],
            "reason_codes": result.reason_codes[first:last],
            "actions": result.actions[int(offsets[0]) : int(offsets[-1])],
            "offsets": offsets - offsets[0],
        }
        chunks.append(dataset.write_chunk(out, first, arrays, result.reason_names, "jsonl"))
    meta = {
        "game": result.game,
        "options": result.options,
        "seed": seed,
        "agents": list(result.agents),
        "reason_names": list(result.reason_names),
        "games": games,
    }
    dataset.write_meta(out, meta, chunks)
    return result


def meta_of(out: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((out / "meta.json").read_text())
    return loaded


def reseal(out: Path, name: str) -> None:
    """Writes the SHA-256 of chunk ``name`` into meta.json, as a careful forger would."""
    meta = meta_of(out)
    for chunk in meta["chunks"]:
        if chunk["file"] == name:
            chunk["sha256"] = hashlib.sha256((out / name).read_bytes()).hexdigest()
    (out / "meta.json").write_text(json.dumps(meta))


def test_a_whole_dataset_reads_back_and_verifies(tmp_path: Path) -> None:
    result = chunked(tmp_path, 40, 15)
    back = ludorum.read_games(tmp_path, verify=True)
    assert back.lengths.tolist() == result.lengths.tolist()
    assert [c["count"] for c in meta_of(tmp_path)["chunks"]] == [15, 15, 10]


def test_a_missing_last_chunk_is_refused(tmp_path: Path) -> None:
    chunked(tmp_path, 40, 15)
    (tmp_path / "games-000000000030.jsonl").unlink()
    with pytest.raises(ludorum.InvalidStateError, match="missing: \\['games-000000000030"):
        ludorum.read_games(tmp_path)


def test_rows_cut_at_a_line_boundary_are_refused(tmp_path: Path) -> None:
    chunked(tmp_path, 40, 15)
    chunk = tmp_path / "games-000000000015.jsonl"
    lines = chunk.read_text().splitlines(keepends=True)
    chunk.write_text("".join(lines[:-3]))
    with pytest.raises(ludorum.InvalidStateError, match="SHA-256"):
        ludorum.read_games(tmp_path)
    reseal(tmp_path, chunk.name)  # the checksum forged too: the count still tells
    with pytest.raises(ludorum.InvalidStateError, match=r"not games 15\.\.29"):
        ludorum.read_games(tmp_path)


def test_an_edited_winner_is_refused_even_with_a_forged_checksum(tmp_path: Path) -> None:
    result = chunked(tmp_path, 20, 20)
    chunk = tmp_path / "games-000000000000.jsonl"
    rows = [json.loads(line) for line in chunk.read_text().splitlines()]
    won = next(i for i, r in enumerate(rows) if r["winners"] in (1, 2))
    rows[won]["winners"] ^= 3  # the other player
    chunk.write_text("".join(json.dumps(r, separators=(",", ":")) + "\n" for r in rows))
    with pytest.raises(ludorum.InvalidStateError, match="SHA-256"):
        ludorum.read_games(tmp_path)
    reseal(tmp_path, chunk.name)
    back = ludorum.read_games(tmp_path)  # cheap checks pass: only the replay tells
    with pytest.raises(ludorum.InvalidStateError, match=f"game {won} replays to winners"):
        back.replay(won)
    with pytest.raises(ludorum.InvalidStateError, match=f"game {won} replays"):
        ludorum.read_games(tmp_path, verify=True)
    assert back.replay(won - 1 if won else won + 1).outcome() is not None
    assert result.games == 20


def test_an_edited_length_is_refused(tmp_path: Path) -> None:
    chunked(tmp_path, 10, 10)
    chunk = tmp_path / "games-000000000000.jsonl"
    rows = [json.loads(line) for line in chunk.read_text().splitlines()]
    rows[3]["length"] += 1
    chunk.write_text("".join(json.dumps(r) + "\n" for r in rows))
    reseal(tmp_path, chunk.name)
    with pytest.raises(ludorum.InvalidStateError, match="game 3 contradicts itself"):
        ludorum.read_games(tmp_path)


def test_a_duplicate_chunk_file_is_refused(tmp_path: Path) -> None:
    chunked(tmp_path, 30, 15)
    shutil.copy(tmp_path / "games-000000000015.jsonl", tmp_path / "games-000000000015 (1).jsonl")
    with pytest.raises(ludorum.InvalidStateError, match="not listed: \\['games-000000000015 \\("):
        ludorum.read_games(tmp_path)


def test_an_unfinished_run_is_refused(tmp_path: Path) -> None:
    chunked(tmp_path, 30, 15)
    meta = meta_of(tmp_path)
    meta["complete"] = False
    (tmp_path / "meta.json").write_text(json.dumps(meta))
    with pytest.raises(ludorum.InvalidStateError, match="did not finish"):
        ludorum.read_games(tmp_path)
    (tmp_path / "meta.json").write_text(json.dumps({"game": "tic_tac_toe"}))  # no layout
    with pytest.raises(ludorum.InvalidStateError, match="layout"):
        ludorum.read_games(tmp_path)


def test_a_new_run_refuses_a_directory_with_another_run(tmp_path: Path) -> None:
    chunked(tmp_path, 40, 15, seed=7)
    before = {f.name: f.read_bytes() for f in tmp_path.iterdir()}
    with pytest.raises(ludorum.InvalidArgumentError, match=r"another run.*overwrite=True"):
        ludorum.simulate("tic_tac_toe", games=20, record=True, out=tmp_path, out_format="jsonl")
    assert {f.name: f.read_bytes() for f in tmp_path.iterdir()} == before
    # cleared when asked: the 40 games of seed 7 do not mix into the 20 of seed 0
    ludorum.simulate(
        "tic_tac_toe", games=20, record=True, out=tmp_path, out_format="jsonl", overwrite=True
    )
    back = ludorum.read_games(tmp_path, verify=True)
    assert back.games == 20 and back.seed == 0
    assert sorted(f.name for f in tmp_path.iterdir()) == ["games-000000000000.jsonl", "meta.json"]


def test_a_run_that_dies_leaves_a_refused_dataset(tmp_path: Path) -> None:
    dataset.claim(tmp_path, overwrite=False)
    with pytest.raises(ludorum.InvalidStateError, match="did not finish"):
        ludorum.read_games(tmp_path)
    with pytest.raises(ludorum.InvalidArgumentError, match="another run"):
        dataset.claim(tmp_path, overwrite=False)


def test_a_refused_call_leaves_the_directory_alone(tmp_path: Path) -> None:
    with pytest.raises(ludorum.InvalidOptionError):
        ludorum.simulate("tic_tac_toe", games=-1, record=True, out=tmp_path / "new")
    assert not (tmp_path / "new").exists()
    with pytest.raises(ludorum.InvalidOptionError):
        ludorum.selfplay("tic_tac_toe", "nonsense", games=1, out=tmp_path / "new")
    assert not (tmp_path / "new").exists()


def test_selfplay_refuses_a_directory_with_another_run(tmp_path: Path) -> None:
    ludorum.simulate("tic_tac_toe", games=3, record=True, out=tmp_path, out_format="jsonl")
    with pytest.raises(ludorum.InvalidArgumentError, match="another run"):
        ludorum.selfplay("tic_tac_toe", "uniform", games=1, simulations=2, out=tmp_path)
    ludorum.selfplay(
        "tic_tac_toe", "uniform", games=2, simulations=2, out=tmp_path, out_format="jsonl",
        overwrite=True,
    )  # fmt: skip
    assert ludorum.read_games(tmp_path, verify=True).games == 2


def test_the_command_line_refuses_and_overwrites(tmp_path: Path) -> None:
    def run(*extra: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "ludorum.cli", "simulate", "tic_tac_toe", "--games", "5",
             "--out", str(tmp_path), "--format", "jsonl", *extra],
            capture_output=True,
            text=True,
        )  # fmt: skip

    assert run().returncode == 0
    refused = run()
    assert refused.returncode != 0 and "overwrite" in refused.stderr
    assert run("--overwrite").returncode == 0
    assert ludorum.read_games(tmp_path).games == 5
