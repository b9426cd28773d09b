"""What the package declares: one abi3 wheel for Python >= 3.9, its license, its metadata, and
the files the wheel and the sdist carry (read from pyproject.toml as maturin reads it; building
the wheel is left to `maturin build`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

import ludorum

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    tomllib = pytest.importorskip("tomli")

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
MATURIN = PYPROJECT["tool"]["maturin"]


def _include(fmt: str) -> list[str]:
    """The `include` patterns of `[tool.maturin]` that apply to ``fmt`` ("wheel" or "sdist")."""
    patterns = []
    for entry in MATURIN.get("include", []):
        if isinstance(entry, str):
            patterns.append(entry)
        elif fmt in ([entry["format"]] if isinstance(entry["format"], str) else entry["format"]):
            patterns.append(entry["path"])
    return patterns


def _wheel_targets(pattern: str) -> list[str]:
    """Where maturin (>= 1.12.1) puts the files ``pattern`` matches in the wheel: matched from the
    project root, else from python-source; files under python-source go in relative to it."""
    python = ROOT / MATURIN["python-source"]
    files = [p for p in ROOT.glob(pattern) if p.is_file()]
    if not files:
        files = [p for p in python.glob(pattern) if p.is_file()]
    return sorted(
        str(p.relative_to(python) if p.is_relative_to(python) else p.relative_to(ROOT))
        for p in files
    )


def test_one_abi3_wheel_for_python_3_9_and_later() -> None:
    assert "pyo3/abi3-py39" in MATURIN["features"]
    assert PROJECT["requires-python"] == ">=3.9"
    classifiers = PROJECT["classifiers"]
    for minor in range(9, 14):
        assert f"Programming Language :: Python :: 3.{minor}" in classifiers
    assert "Typing :: Typed" in classifiers
    assert (ROOT / "python/ludorum/py.typed").is_file()
    requires = PYPROJECT["build-system"]["requires"]
    assert requires == ["maturin>=1.12.1,<2"], "the include patterns need maturin >= 1.12.1"


def test_license_and_metadata() -> None:
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "2026 ludorum developers" in text
    # PEP 639: an SPDX expression excludes the deprecated license classifiers
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])
    assert PROJECT["authors"] == [{"name": "ludorum developers"}]
    assert PROJECT["keywords"]
    assert PROJECT["urls"]["Repository"] == "https://github.com/ludorum/ludorum"
    assert {"Documentation", "Issues"} <= set(PROJECT["urls"])
    licenses = pytest.importorskip("packaging.licenses")
    assert licenses.canonicalize_license_expression(PROJECT["license"]) == "MIT"


def test_extras() -> None:
    extras = PROJECT["optional-dependencies"]
    assert {"dev", "rl", "ray", "arena", "openspiel"} <= set(extras)
    assert any(r.startswith("mypy") for r in extras["dev"])


def test_the_readme_names_every_extra() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [e for e in PROJECT["optional-dependencies"] if f"ludorum[{e}]" not in readme]
    assert not missing, f"README.md's install list lacks {missing}"


def test_the_wheel_carries_the_rules_page_of_every_game() -> None:
    targets = [t for pattern in _include("wheel") for t in _wheel_targets(pattern)]
    assert targets == sorted(f"ludorum/rules/{name}.md" for name in ludorum.games())


def test_the_rules_pages_are_kept_once_in_the_repository() -> None:
    link = ROOT / "python/ludorum/rules"
    assert link.is_symlink(), "python/ludorum/rules must be the link to docs/rules"
    assert link.resolve() == (ROOT / "docs/rules").resolve()


def test_the_sdist_carries_docs_and_tests() -> None:
    patterns = _include("sdist")
    for pattern in patterns:
        assert _wheel_targets(pattern), f"{pattern!r} matches no file"
    carried = {p for pattern in patterns for p in ROOT.glob(pattern) if p.is_file()}
    assert ROOT / "docs/adding-a-game.md" in carried
    assert ROOT / "tests/test_packaging.py" in carried
    assert ROOT / "tests/data/dominions/perft.txt" in carried
    assert PROJECT["readme"] == "README.md"  # maturin puts the readme and license in the sdist
