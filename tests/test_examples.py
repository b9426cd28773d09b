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
