"""The hand-written stub of the extension matches the compiled module (mypy.stubtest), with
every runtime name present in the stub."""

from __future__ import annotations

import subprocess
import sys

import pytest


def test_stubtest() -> None:
    pytest.importorskip("mypy", reason="mypy is a dev dependency: pip install -e '.[dev]'")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "ludorum._ludorum"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
