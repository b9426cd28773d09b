"""The examples run end to end in their quick modes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import ludorum

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.skipif("tic_tac_toe" not in ludorum.games(), reason="tic_tac_toe is not in this build")
def test_alphazero_quick() -> None:
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "alphazero.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "against minimax, 4 games" in run.stdout


@pytest.mark.skipif(
    "connect_four" not in ludorum.games(), reason="connect_four is not in this build"
)
def test_alphazero_connect_four_quick() -> None:
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / "alphazero.py"), "--quick", "--game", "connect_four"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "against MCTS (32 simulations, random rollouts), 4 games" in run.stdout


@pytest.mark.skipif(
    "connect_four" not in ludorum.games(), reason="connect_four is not in this build"
)
def test_alphazero_saves_and_loads_the_network(tmp_path: Path) -> None:
    weights = tmp_path / "net.npz"
    script = [sys.executable, str(EXAMPLES / "alphazero.py"), "--quick", "--game", "connect_four"]
    subprocess.run([*script, "--save", str(weights)], capture_output=True, timeout=120, check=True)
    run = subprocess.run(
        [*script, "--load", str(weights), "--iterations", "0", "--eval-search", "puct"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "iteration" not in run.stdout  # no training: the loaded network plays as saved
    assert "4 games: net" in run.stdout
    # the loaded weights are the ones that play: Connect Four's cannot read tic-tac-toe
    other_game = [*script[:-1], "tic_tac_toe"]
    with pytest.raises(subprocess.CalledProcessError):
        subprocess.run(
            [*other_game, "--load", str(weights), "--iterations", "0"],
            capture_output=True,
            check=True,
            timeout=120,
        )
    # a missing file is an error, not a fresh network
    with pytest.raises(subprocess.CalledProcessError):
        subprocess.run(
            [*script, "--load", str(tmp_path / "missing.npz")], capture_output=True, check=True
        )
