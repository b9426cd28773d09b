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
