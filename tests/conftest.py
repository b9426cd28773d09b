"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import ludorum

DATA = Path(__file__).parent / "data"

#: per-game test data; its `spec.py` files are loaded by `games.py`, not collected (five modules
#: named `spec` would clash under --doctest-modules)
collect_ignore = ["data"]


@pytest.fixture(params=ludorum.BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each test that takes ``backend`` runs once per backend."""
    return request.param


def parse_value(text: str) -> Any:
    """An option value of a vector line, read as the Rust core's `parse_assignments` reads it."""
    if text.lstrip("-").isdigit():
        return int(text)
    words: dict[str, Any] = {"None": None, "none": None, "true": True, "True": True}
    words.update({"false": False, "False": False})
    return words.get(text, text)


def read_vectors(game: str, name: str) -> list[tuple[dict[str, Any], list[str]]]:
    """Lines of ``tests/data/<game>/<name>``: ``k=v,k=v field field ...`` (``#`` comments)."""
    rows = []
    for line in (DATA / game / name).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        spec, *fields = line.split()
        options = dict(item.split("=", 1) for item in spec.split(",")) if spec != "-" else {}
        rows.append(({k: parse_value(v) for k, v in options.items()}, fields))
    return rows


def read_jsonl(game: str, name: str) -> list[dict[str, Any]]:
    """The JSON objects of ``tests/data/<game>/<name>``, one a line (``#`` lines are comments)."""
    rows = []
    for line in (DATA / game / name).read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            rows.append(json.loads(line))
    return rows


def assert_same_state(rust: Any, ref: Any, where: str = "") -> None:
    """Everything the differential tests compare, with a message that says where."""
    moves_r = [str(m) for m in rust.legal_moves()]
    moves_p = [str(m) for m in ref.legal_moves()]
    assert moves_r == moves_p, f"legal moves differ {where}"
    assert rust.legal_actions().tolist() == ref.legal_actions().tolist(), where
    assert rust.key == ref.key, f"keys differ {where}"
    assert rust.current_player == ref.current_player, where
    assert rust.outcome() == ref.outcome(), f"outcomes differ {where}"
    assert rust.returns() == ref.returns(), where
    # The same text, key order included (a program comparing `json.dumps` output sees no
    # difference between the backends).
    assert json.dumps(rust.to_json()) == json.dumps(ref.to_json()), f"JSON differs {where}"
    assert rust.history() == ref.history(), f"history (actions) differs {where}"
    for viewer in range(ref.num_players):
        assert json.dumps(rust.to_json(viewer=viewer)) == json.dumps(ref.to_json(viewer=viewer)), (
            f"views differ {where}"
        )
        assert (rust.observation(viewer) == ref.observation(viewer)).all(), where
