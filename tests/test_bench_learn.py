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
