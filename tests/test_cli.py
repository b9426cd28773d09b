"""The `ludorum` command."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import ludorum
import ludorum.cli
from ludorum import bench
from ludorum._options import flag, parse_flags
from ludorum.cli import main, rules_page

ROOT = Path(__file__).resolve().parents[1]


def _fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Runs ``ludorum ARGV``, which must exit with status 2; returns what it wrote to stderr."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    return capsys.readouterr().err


def test_perft(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "chinese_checkers", "2"]) == 0
    out = capsys.readouterr().out
    assert "depth 1:" in out and "324 leaves" in out


def test_perft_with_options_and_backend(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["perft", "chinese_checkers", "3", "--only", "--backend", "reference", "--pieces", "10"]
    assert main([*argv, "--area=free"]) == 0
    out = capsys.readouterr().out
    assert "4,760 leaves" in out and "depth 1" not in out


def test_game_options_between_the_game_and_the_depth(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "chinese_checkers", "--pieces", "10", "3", "--area", "free"]) == 0
    assert "depth 3:          4,760 leaves" in capsys.readouterr().out


def test_perft_depth_zero_counts_the_position(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["perft", "dominions", "0"]) == 0
    assert "depth 0:              1 leaves" in capsys.readouterr().out


def test_perft_negative_depth_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["perft", "chinese_checkers", "-1"], capsys)
    assert "DEPTH: must be a non-negative integer, got '-1'" in err


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "chinese_checkers", "--games", "20", "--players", "3", "--max-plies", "80"]
    assert main(argv) == 0
    assert "20 games of chinese_checkers" in capsys.readouterr().out


def test_simulate_no_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "dominions", "--games", "0"]) == 0
    assert "0 games of dominions (rust): nothing to play" in capsys.readouterr().out
    assert "non-negative" in _fails(["simulate", "dominions", "--games", "-3"], capsys)


def test_float_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "dominions", "--games", "3", "--komi", "0.5"]) == 0
    assert "3 games of dominions" in capsys.readouterr().out
    assert main(["perft", "dominions", "1", "--komi=-2.5", "--backend", "reference"]) == 0
    assert "11,319 leaves" in capsys.readouterr().out
    assert "--komi must be " in _fails(["perft", "dominions", "1", "--komi", "half"], capsys)


def test_list_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert parse_flags("armadora", ["--gold", "3,4,4,5, 5,6,6,7"]) == {
        "gold": [3, 4, 4, 5, 5, 6, 6, 7]
    }
    assert parse_flags("armadora", ["--gold=none"]) == {"gold": None}
    assert main(["perft", "armadora", "1", "--gold", "7,6,6,5,5,4,4,3", "--players", "3"]) == 0
    assert "depth 1:" in capsys.readouterr().out
    assert "gold" in _fails(["perft", "armadora", "1", "--gold", "7,6"], capsys)
    assert "--gold must be " in _fails(["perft", "armadora", "1", "--gold", "7,x"], capsys)


def test_max_plies_is_passed_only_when_given(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []

    def recorder(name: str, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return ludorum.simulate(name, games=0)

    monkeypatch.setattr(ludorum.cli, "simulate", recorder)
    for argv in (["--max-plies", "none"], ["--max-plies=50"], []):
        assert main(["simulate", "domination", "--games", "0", *argv]) == 0
    # None said explicitly: no limit; left out: the game's simulation cap (simulate's default)
    assert [c.get("max_plies", "left out") for c in calls] == [None, 50, "left out"]
    assert all("max_plies" not in c for c in calls[2:])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chinese_checkers", "--colour", "red"], "unknown option 'colour'"),
        (["simulate", "chinese_checkers", "--players", "5"], "players must be one of"),
        (["perft", "chinese_checkers", "2", "--players"], "needs a value"),
        (["perft", "chinese_checkers", "2", "stray"], "unexpected argument"),
        (["simulate", "armadora", "--max-plies", "9"], "unknown option 'max_plies' for armadora"),
        (["simulate", "domination", "--game", "9"], "unknown option 'game' for domination"),
        (["simulate", "domination", "--players", "none"], "--players must be "),
        (["demo", "--players", "3"], "demo takes no game options"),
        (["rules", "dominions", "--komi", "1"], "rules takes no game options"),
        (["bench", "domination", "--seed", "3"], "bench seeds its games itself"),
    ],
)
def test_bad_options_exit_2_with_a_clear_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert message in _fails(argv, capsys)


def test_game_options_before_the_game_name(capsys: pytest.CaptureFixture[str]) -> None:
    err = _fails(["simulate", "--players", "3", "chinese_checkers"], capsys)
    assert "--players is a game option: give it after the game name" in err
    assert "ludorum simulate chinese_checkers --players ..." in err
    err = _fails(["perft", "--komi=0.5"], capsys)
    assert "--komi is a game option" in err and "ludorum perft GAME --komi" in err
    # the command's own options may come first
    assert main(["simulate", "--games", "2", "dominions"]) == 0


def test_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert "invalid choice: 'chess'" in _fails(["perft", "chess", "2"], capsys)


def test_help_lists_every_option_with_its_allowed_values(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    out = capsys.readouterr().out
    for name in ludorum.games():
        assert f"  {name}:" in out
        for option in ludorum.game_info(name).options:
            if option.name == "seed":  # simulate's own --seed
                continue
            assert f"{flag(option.name)} " in out and option.allowed() in out
    assert "--max-plies none plays every game to its end" in out
    assert "(default 1,000, the game's simulation cap)" in out  # chinese_checkers


def test_demo_help_lists_no_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    out = capsys.readouterr().out
    own = {"--seed", "--games", "--max-plies"}
    for name in ludorum.games():
        for option in ludorum.game_info(name).options:
            assert flag(option.name) in own or flag(option.name) not in out
    assert "game options" not in out


def test_rules_prints_the_rules_page(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "so_long_sucker"]) == 0
    assert capsys.readouterr().out == (ROOT / "docs/rules/so_long_sucker.md").read_text()
    for name in ludorum.games():
        assert rules_page(name) == (ROOT / "docs/rules" / f"{name}.md").read_text()
    assert "invalid choice: 'go'" in _fails(["rules", "go"], capsys)
    with pytest.raises(ludorum.InvalidOptionError, match="unknown game 'go'"):
        rules_page("go")


def test_demo_runs_as_a_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ludorum.cli", "demo", "--games", "50", "--max-plies", "60"],
        capture_output=True,
        text=True,
        check=True,
    )
    for name in ludorum.games():
        assert f"== {name}: one random game, seed 1 ==" in done.stdout
        assert f"50 games of {name}" in done.stdout
    assert "reasons: last player alive: 50" in done.stdout  # So Long Sucker always ends so
    assert "plies/s" in done.stdout


def test_the_command_does_not_import_the_reference_games() -> None:
    code = """
import sys
from ludorum.cli import main
main(["perft", "chinese_checkers", "2", "--players", "3"])
try:
    main(["simulate", "--help"])
except SystemExit:
    pass
twins = sorted(m for m in sys.modules if m.startswith("ludorum.reference.") and m[18:19] != "_")
print("twins:", twins)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert "depth 2:" in done.stdout and "game options" in done.stdout
    assert "twins: []" in done.stdout


def test_bench_quick_prints_the_table_and_its_progress(
    capsys: pytest.CaptureFixture[str],
) -> None:
    rows = bench.run_bench("chinese_checkers", quick=True, seconds=0.05)
    out, err = capsys.readouterr()
    assert len(rows) == len(bench._configs("chinese_checkers"))
    assert "rust/ref" in out and "M leaves/s" in out
    assert all(row["rust_1t"] > 0 and row["reference"] > 0 for row in rows)
    if all("openspiel_cpp" in row for row in rows):  # OpenSpiel installed: its MCTS rollouts too
        assert all(row["openspiel_mcts"] > 0 for row in rows) and "OS MCTS" in out
    # a line per row on stderr as it starts (not a terminal here)
    total = len(rows) + err.count("] perft ")
    assert f"[1/{total}] chinese_checkers players=2" in err
    assert f"[{total}/{total}] perft chinese_checkers" in err
    assert out.index("configuration") < out.index("chinese_checkers players=2")


def test_bench_rounds_print_the_median_of_each_figure(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # four rates a round; every key sees 1000, 2000 and 9000 once: median 2000, mean 4000
    rates = iter([1000.0, 2000.0, 9000.0] * 4)
    measured: list[dict[str, object]] = []

    def measure(config: bench.BenchConfig, *rest: object) -> dict[str, object]:
        row: dict[str, object] = {"game": config.game, "options": config.options}
        row |= {key: next(rates) for key in ("rust_1t", "rust_nt", "python_loop", "reference")}
        measured.append(row)
        return row

    monkeypatch.setattr(bench, "_measure", measure)
    monkeypatch.setattr(bench, "_perft_configs", lambda name, seconds: [])
    [row] = bench.run_bench("dominions", seconds=0.01, rounds=3, progress=False)
    assert len(measured) == 3, "one measurement per round"
    for key in ("rust_1t", "rust_nt", "python_loop", "reference"):
        assert row[key] == 2000.0, key
    out = capsys.readouterr().out
    assert "(3 rounds, " in out
    # the printed row is the medians' (9k and 1k were the last round's rust rates)
    assert bench._format_row("dominions ", row) in out.splitlines()
    assert "2k" in out and "9k" not in out
    with pytest.raises(ValueError, match="at least 1"):
        bench.run_bench("dominions", rounds=0)
    assert "must be at least 1" in _fails(["bench", "dominions", "--rounds", "0"], capsys)


def test_so_long_sucker_commands(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["perft", "so_long_sucker", "12", "--players", "4", "--first-player", "0", "--only"]
    assert main(argv) == 0
    assert "depth 12:         64,563 leaves" in capsys.readouterr().out
    argv = ["simulate", "so_long_sucker", "--games", "30", "--players", "6"]
    argv += ["--free-actions", "2", "--dead-capture", "giver"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "30 games of so_long_sucker" in out and "last player alive: 30" in out
    rows = bench.run_bench("so_long_sucker", quick=True, seconds=0.05, progress=False)
    assert len(rows) == len(bench._configs("so_long_sucker"))
    assert all(row["rust_1t"] > 0 for row in rows)
    assert capsys.readouterr().err == ""


def test_arena_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records, chart = tmp_path / "games.jsonl", tmp_path / "ratings.svg"
    argv = ["arena", "dominions", "--agents", "random,mcts:30", "--games", "4", "--seed", "3"]
    argv += ["--max-plies", "80", "--records", str(records), "--chart", str(chart)]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "4 games of dominions, seed 3" in out and "mcts:30" in out
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert lines[0]["options"]["max_plies"] == 80 and len(lines) == 5
    state = ludorum.new("dominions", max_plies=80)
    for action in lines[1]["actions"]:
        state.apply_action(action)
    outcome = state.outcome()
    assert outcome is not None and list(outcome.winners) == lines[1]["winners"]
    assert chart.read_text().startswith("<svg")
    assert "unknown agent 'alphazero'" in _fails(
        ["arena", "dominions", "--agents", "random,alphazero"], capsys
    )


def _play(
    argv: list[str], lines: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO(lines))
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out


def test_play_against_an_agent(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(
        ["armadora", "--seats", "human,mcts:30", "--first-player", "0"],
        "help\nxyz\n9@c3\n3@c3\nundo\n2@c3\nquit\n",
        monkeypatch,
        capsys,
    )
    assert "seats 0: human, 1: mcts:30" in out
    assert "undo    take back to your previous turn" in out
    assert "error: " in out and "'xyz'" in out
    assert "player 0 plays 3@c3" in out and "player 0 plays 2@c3" in out
    assert "undone: back to ply 0" in out
    # the agent's warriors are shown face down, on the board and in its moves
    moves = [line for line in out.splitlines() if line.startswith("player 1 (mcts:30) plays")]
    assert len(moves) == 2 and not any(re.search(r"\d@", line) for line in moves)
    assert "legal moves: 1@a1" in out and "quit: the game is left unfinished" in out


def test_play_to_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a human who plays the first legal move every turn, until the game ends
    state = ludorum.new("so_long_sucker", players=2, seed=4)
    agent = ludorum.agents.MCTS(simulations=20, seed=5)  # play seeds seat p with seed + p
    script = []
    while state.current_player is not None:
        if state.current_player == 0:
            move = state.legal_moves()[0]
            script.append(move.notation)
        else:
            move = agent.choose(state)
        state.play(move)
    out = _play(
        ["so_long_sucker", "--seats", "human,mcts:20", "--players", "2", "--seed", "4"],
        "moves\n" + "\n".join(script) + "\n",
        monkeypatch,
        capsys,
    )
    assert out.rstrip().splitlines()[-1].startswith("game over: ")
    outcome = state.outcome()
    assert outcome is not None
    assert f"({outcome.reason})" in out.rstrip().splitlines()[-1]


def test_play_talks(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --seats: you against the default agent; help explains the game's notation."""
    out = _play(["armadora", "--first-player", "0"], "help\nquit\n", monkeypatch, capsys)
    assert "seats 0: human, 1: mcts" in out
    assert "c2-d2 e4-e5" in out  # the palisades' notation, from the rules page


def test_play_says_the_agent_is_thinking_and_reads_upper_case(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(
        ["armadora", "--seats", "human,mcts:30", "--first-player", "0"],
        "3@C3\nquit\n",
        monkeypatch,
        capsys,
    )
    assert "player 0 plays 3@c3" in out
    assert re.search(r"player 1 \(mcts:30\) is thinking \.* ?\d+\.\d s", out), out


def test_play_reports_the_typed_error_when_no_case_names_a_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(["tic_tac_toe", "--seats", "human,random"], "Z9\nquit\n", monkeypatch, capsys)
    assert "error: invalid move 'Z9'" in out


def test_play_refuses_a_wrong_number_of_seats(capsys: pytest.CaptureFixture[str]) -> None:
    assert "1 seats for 2 players" in _fails(["play", "dominions", "--seats", "human"], capsys)


def test_play_through_a_pipe() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ludorum.cli", "play", "dominions", "--seats", "human,random"],
        input="undo\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "nothing to undo" in run.stdout and "legal moves" in run.stdout


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"ludorum {ludorum.__version__}\n"
    assert ludorum.__version__ == version("ludorum")


def test_play_shows_the_board_from_your_seat_after_every_move(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _play(
        ["armadora", "--seats", "human,mcts:20", "--first-player", "0"],
        "3@c3\nquit\n",
        monkeypatch,
        capsys,
    )
    lines = out.splitlines()
    header = "   a   b   c   d   e   f   g   h"  # the columns: the board with its coordinates
    boards = [i for i, line in enumerate(lines) if line == header]
    # at the start, after your move and after the agent's reply
    assert len(boards) == 3, out
    mine = next(i for i, line in enumerate(lines) if line.endswith("player 0 plays 3@c3"))
    reply = next(i for i, line in enumerate(lines) if line.startswith("player 1 (mcts:20) plays"))
    assert any(mine < b < reply for b in boards) and any(b > reply for b in boards)
    # drawn from your seat: your warrior's strength, the agent's supply face down
    after_reply = "\n".join(lines[reply:])
    assert "O3" in after_reply and re.search(r"1 G goblin +supply \d+ face down", after_reply)
