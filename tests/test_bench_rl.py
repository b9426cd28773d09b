"""``ludorum bench rl`` end to end at tiny sizes, and the turns its columns take."""

from __future__ import annotations

import io
import itertools

import pytest

from ludorum import bench, bench_rl


def test_the_steps_take_turns_in_blocks_until_each_has_its_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    clock = itertools.count()
    monkeypatch.setattr(bench.time, "perf_counter", lambda: float(next(clock)))

    def step(name: str, units: int) -> int:
        calls.append(name)
        return units

    # a call ticks the clock once; blocks of 2 ticks; each runs for 4 ticks in all
    rates = bench.in_turn(
        {"a": lambda: step("a", 1), "b": lambda: step("b", 3)}, seconds=4, block=2
    )
    # two blocks of each, taking turns (one round starting with each), not one after the other
    assert "".join(calls) == "bbaaaabb"
    assert rates == {"a": 1.0, "b": 3.0}


def test_a_block_holds_at_least_one_call(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count(step=10)
    monkeypatch.setattr(bench.time, "perf_counter", lambda: float(next(clock)))
    calls: list[str] = []

    def step(name: str, units: int) -> int:
        calls.append(name)
        return units

    # every call takes 10 s, far beyond the block and the time each is given
    rates = bench.in_turn(
        {"slow": lambda: step("slow", 5), "other": lambda: step("other", 1)}, seconds=1, block=0.1
    )
    assert calls == ["other", "slow"]
    assert rates == {"slow": 0.5, "other": 0.1}


def test_no_time_still_measures_one_call_of_each(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = itertools.count()
    monkeypatch.setattr(bench.time, "perf_counter", lambda: float(next(clock)))
    calls: list[str] = []

    def step(name: str) -> int:
        calls.append(name)
        return 2

    assert bench.timed(lambda: step("timed"), 0) == 2.0
    assert bench.in_turn({"a": lambda: step("a"), "b": lambda: step("b")}, 0) == {
        "a": 2.0,
        "b": 2.0,
    }
    assert calls == ["timed", "b", "a"]


def test_the_rl_bench_prints_every_column(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_rl, "games", lambda: ["tic_tac_toe", "connect_four"])
    monkeypatch.setattr(bench_rl, "NUM_ENVS", 64)
    out = io.StringIO()
    rows = bench_rl.run_rl_bench(seconds=0.02, out=out)
    assert [row["game"] for row in rows] == ["tic_tac_toe", "connect_four"]
    for row in rows:
        assert row["vec_env_1"] > 0 and row["vec_env_2"] > 0 and row["plies"] > 0
        assert row["states"] > 0
    text = out.getvalue()
    assert "x 2nd" in text and "step/ply" in text
    table = text.split("\n\n")[0].splitlines()
    assert [line.split()[0] for line in table[2:]] == ["tic_tac_toe", "connect_four"]
