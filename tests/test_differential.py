"""The Rust core against the pure-Python reference, written independently from the rules page.

At every ply both must agree on the legal moves, key, JSON, outcome and returns, with undo and
copy interleaved; perft and simulate must agree too.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludorum
from ludorum.reference._core import SplitMix64

from cc_agents import greedy_pick
from conftest import assert_same_state

GAME = "chinese_checkers"

CONFIGS: list[dict[str, Any]] = [
    *({"players": 2, "pieces": 15, "area": a} for a in ("dest", "strict", "free")),
    *({"players": 2, "pieces": 10, "area": a} for a in ("dest", "strict", "free")),
    *({"players": n, "area": a} for n in (3, 4, 6) for a in ("dest", "strict", "free")),
    {"players": 2, "anti_block": "full"},
    {"players": 4, "anti_block": "full", "area": "free"},
    {"players": 6, "anti_block": "full", "area": "strict"},
]


def pair(options: dict[str, Any]) -> tuple[Any, Any]:
    return ludorum.new(GAME, **options), ludorum.new(GAME, backend="reference", **options)


@pytest.mark.parametrize("options", CONFIGS, ids=str)
def test_seeded_games_agree_at_every_ply(options: dict[str, Any]) -> None:
    for seed in range(3):
        rust, ref = pair({**options, "max_plies": 400})
        rng = SplitMix64(seed)
        while True:
            where = f"({options}, seed {seed}, ply {ref.ply})"
            assert_same_state(rust, ref, where)
            if ref.current_player is None:
                break
            roll = rng.below(20)
            if roll == 0 and ref.ply:  # undo one ply in both, then go on from there
                assert str(rust.undo()) == str(ref.undo())
                continue
            if roll == 1:  # a copy must be independent of its original
                twin = rust.copy()
                twin.play(twin.legal_moves()[0])
                assert twin.ply == rust.ply + 1
            index = greedy_pick(ref, rng) if seed else rng.below(len(ref.legal_moves()))
            rust.play(rust.legal_moves()[index])
            ref.play(ref.legal_moves()[index])
        assert rust.ply == ref.ply


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(data=st.data(), config=st.sampled_from(CONFIGS))
def test_hypothesis_play_undo_copy(data: st.DataObject, config: dict[str, Any]) -> None:
    rust, ref = pair({**config, "max_plies": 60})
    copies: list[tuple[Any, Any]] = []
    for step in range(data.draw(st.integers(0, 80), label="steps")):
        action = data.draw(st.sampled_from(["play", "play", "play", "undo", "copy", "json"]))
        if action == "play" and ref.current_player is not None:
            n = len(ref.legal_moves())
            i = data.draw(st.integers(0, n - 1), label="move")
            rust.play(rust.legal_moves()[i])
            ref.play(ref.legal_moves()[i])
        elif action == "undo" and ref.ply:
            assert rust.undo() == ref.undo()
        elif action == "copy":
            copies.append((rust.copy(), ref.copy()))
        elif action == "json":
            rust = ludorum.from_json(rust.to_json())
            ref = ludorum.from_json(ref.to_json(), backend="reference")
        assert_same_state(rust, ref, f"step {step}")
    for r, p in copies:
        assert_same_state(r, p, "copy")
    while ref.ply:  # undo after any sequence restores the start exactly
        assert rust.undo() == ref.undo()
    assert_same_state(rust, ref, "after undoing everything")
    assert rust.to_json() == ludorum.new(GAME, **config, max_plies=60).to_json()


@pytest.mark.parametrize(
    ("options", "depth"),
    [
        ({"players": 2, "pieces": 15, "area": "strict"}, 3),
        ({"players": 3, "area": "dest"}, 3),
        ({"players": 4, "area": "strict"}, 3),
        ({"players": 6, "area": "free"}, 3),
        ({"players": 2, "pieces": 10, "area": "dest"}, 3),
    ],
    ids=str,
)
def test_perft_agrees(options: dict[str, Any], depth: int) -> None:
    rust, ref = pair(options)
    assert ludorum.perft(rust, depth) == ludorum.perft(ref, depth)


def test_perft_agrees_from_a_midgame_position() -> None:
    rust, ref = pair({"players": 3, "area": "strict"})
    rng = SplitMix64(9)
    for _ in range(40):
        i = greedy_pick(ref, rng)
        rust.play(rust.legal_moves()[i])
        ref.play(ref.legal_moves()[i])
    assert ludorum.perft(rust, 3) == ludorum.perft(ref, 3)


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2, "pieces": 10, "area": "free"},
        {"players": 3},
        {"players": 6, "area": "strict"},
    ],
    ids=str,
)
def test_simulate_agrees_between_backends(options: dict[str, Any]) -> None:
    rust = ludorum.simulate(GAME, games=6, seed=11, max_plies=150, **options)
    ref = ludorum.simulate(GAME, games=6, seed=11, max_plies=150, backend="reference", **options)
    assert rust.winners.tolist() == ref.winners.tolist()
    assert rust.lengths.tolist() == ref.lengths.tolist()
    assert rust.reasons.tolist() == ref.reasons.tolist()
