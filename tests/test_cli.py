"""The `ludorum` command."""

from __future__ import annotations

import subprocess
import sys

import pytest

import ludorum
from ludorum.cli import main


def test_perft(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "chinese_checkers", "2"]) == 0
    out = capsys.readouterr().out
    assert "depth 1:" in out and "324 leaves" in out


def test_perft_with_options_and_backend(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["perft", "chinese_checkers", "3", "--only", "--backend", "reference", "--pieces", "10"]
    assert main([*argv, "--area=free"]) == 0
    out = capsys.readouterr().out
    assert "4,760 leaves" in out and "depth 1" not in out


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "chinese_checkers", "--games", "20", "--players", "3", "--max-plies", "80"]
    assert main(argv) == 0
    assert "20 games of chinese_checkers" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chinese_checkers", "--colour", "red"], "unknown option 'colour'"),
        (["simulate", "chinese_checkers", "--players", "5"], "players must be one of"),
        (["perft", "chinese_checkers", "2", "--players"], "needs a value"),
        (["perft", "chinese_checkers", "2", "stray"], "unexpected argument"),
    ],
)
def test_bad_options_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["perft", "chess", "2"])
    assert exit_info.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_help_lists_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    assert "--anti-block 'none'" in capsys.readouterr().out


def test_demo_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ludorum.cli", "demo", "--games", "50", "--max-plies", "60"],
        capture_output=True,
        text=True,
        check=True,
    )
    for name in ludorum.games():
        assert f"== {name}: one random game, seed 1 ==" in done.stdout
        assert f"50 games of {name}" in done.stdout
    assert "reasons: last player alive: 50" in done.stdout  # So Long Sucker always ends so
    assert "plies/s" in done.stdout


def test_bench_quick_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    from ludorum import bench

    rows = bench.run_bench("chinese_checkers", quick=True, seconds=0.05)
    out = capsys.readouterr().out
    assert len(rows) == 4 and "rust/ref" in out and "M leaves/s" in out
    assert all(row["rust_1t"] > 0 and row["reference"] > 0 for row in rows)


def test_so_long_sucker_commands(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["perft", "so_long_sucker", "12", "--players", "4", "--first-player", "0", "--only"]
    assert main(argv) == 0
    assert "depth 12:         64,563 leaves" in capsys.readouterr().out
    argv = ["simulate", "so_long_sucker", "--games", "30", "--players", "6"]
    argv += ["--free-actions", "2", "--dead-capture", "giver"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "30 games of so_long_sucker" in out and "last player alive: 30" in out
    from ludorum import bench

    rows = bench.run_bench("so_long_sucker", quick=True, seconds=0.05)
    assert len(rows) == 6 and all(row["rust_1t"] > 0 for row in rows)
