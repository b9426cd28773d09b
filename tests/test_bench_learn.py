"""``ludorum bench learn`` end to end at tiny sizes: every column, the peer column left out or
filled, the MLP share a fraction."""

from __future__ import annotations

import io

import pytest

from ludorum import bench_learn


def test_the_learn_bench_prints_its_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_learn, "N", 16)
    monkeypatch.setattr(bench_learn, "MLP_N", 8)
    monkeypatch.setattr(bench_learn, "mctx_search", lambda game, plies: None)
    out = io.StringIO()
    rows = bench_learn.run_learn_bench(repeats=1, out=out)
    games = [row["game"] for row in rows]
    assert "tic_tac_toe" in games and "connect_four" in games
    assert all(g not in games for g in ("chinese_checkers", "armadora")), "too many actions"
    text = out.getvalue()
    assert "| tic_tac_toe |" in text and "not installed" in text
    assert "| pipeline |" in text
    for row in rows:
        assert row["uniform_1t"] > 0 and row["zeros_1t"] > 0
        shares = [v for k, v in row.items() if k.startswith("share_")]
        assert shares and all(0 <= s <= 1 for s in shares)
        assert "share_64_pipeline" in row and "share_256_1t" in row


def test_the_columns_take_turns_and_keep_their_best_run(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    clock = iter(float(t) for t in range(1000))
    monkeypatch.setattr(bench_learn.time, "perf_counter", lambda: next(clock))
    # each run ticks the clock once more while it runs: "a" takes 1 tick, "b" 1 + 2 ticks
    runs = {
        "a": lambda: calls.append("a"),
        "b": lambda: (calls.append("b"), next(clock), next(clock)),
    }
    best = bench_learn.interleaved_best(runs, rounds=2, turn=3)
    # one untimed run each, then two rounds of a turn of three runs each
    assert calls == ["a", "b"] + (["a"] * 3 + ["b"] * 3) * 2
    assert best == {"a": 1.0, "b": 3.0}
