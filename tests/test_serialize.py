"""``state.serialize()`` and ``ludorum.deserialize``: the compact record of a position is the
same bytes in both backends, rebuilds the same state in either, and refuses anything corrupt
or forged with ``InvalidStateError`` (never an impossible state)."""

from __future__ import annotations

import struct
from typing import Any

import pytest
from games import SPECS

import ludorum
from ludorum import SplitMix64

#: every game in the configurations of its spec (``tests/data/<game>/spec.py``)
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    (spec.name, options) for spec in SPECS for options in [spec.rich_options, *spec.more_options]
]


def played(game: str, options: dict[str, Any], plies: int) -> tuple[Any, Any]:
    """The same random game in both backends."""
    rust = ludorum.new(game, **options)
    ref = ludorum.new(game, backend="reference", **options)
    rng = SplitMix64(plies)
    for _ in range(plies):
        if rust.is_over():
            break
        actions = rust.legal_actions()
        action = int(actions[rng.below(len(actions))])
        rust.apply_action(action)
        ref.apply_action(action)
    return rust, ref


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=[g for g, _ in CONFIGS])
@pytest.mark.parametrize("plies", [0, 7, 40])
def test_both_backends_write_and_read_the_same_records(
    game: str, options: dict[str, Any], plies: int
) -> None:
    rust, ref = played(game, options, plies)
    data = rust.serialize()
    assert isinstance(data, bytes) and data[:4] == b"LDR\x01"
    assert ref.serialize() == data
    for backend in ludorum.BACKENDS:
        back = ludorum.deserialize(data, backend=backend)
        assert back.to_json() == rust.to_json()
        assert back.key == rust.key
        assert back.serialize() == data


def test_the_record_is_small() -> None:
    rust, _ = played("chinese_checkers", {}, 40)
    header = len(rust.serialize()) - 4 - 4 * rust.ply
    assert rust.ply == 40 and header < 120


@pytest.mark.parametrize("backend", ludorum.BACKENDS)
def test_corrupt_and_forged_records_are_refused(backend: str) -> None:
    rust, _ = played("armadora", {"players": 3, "seed": 1}, 12)
    data = rust.serialize()
    moves_at = len(data) - 4 * rust.ply
    forged_move = data[:moves_at] + struct.pack("<I", 2478) * rust.ply  # repeated passes...
    wrong_count = data[: moves_at - 4] + struct.pack("<I", rust.ply + 1) + data[moves_at:]
    bad_options = data.replace(b'"players":3', b'"players":9')
    cases = [
        b"",
        b"LDR\x02" + data[4:],
        b"XXXX" + data[4:],
        data[:3],
        data[:10],
        data[:-1],
        data + b"\x00",
        forged_move,
        wrong_count,
        bad_options,
        data.replace(b"armadora", b"armadoro"),
    ]
    for case in cases:
        with pytest.raises(ludorum.InvalidStateError, match="invalid serialized state"):
            ludorum.deserialize(case, backend=backend)
    with pytest.raises(ludorum.InvalidStateError):
        ludorum.deserialize("LDR", backend=backend)  # type: ignore[arg-type]
