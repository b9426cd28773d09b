"""The engine protocol (docs/protocol.md) from outside: the golden transcripts of
``tests/data/protocol/`` through ``ludorum serve`` (cargo test replays them in-process), a
Node.js client playing every game through the standalone binary, hostile input, and random
games through the protocol giving ``ludorum.simulate``'s outcomes."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import ludorum
from ludorum._ludorum import ProtocolSession

ROOT = Path(__file__).resolve().parent.parent
TRANSCRIPTS = sorted((ROOT / "tests/data/protocol").glob("*.txt"))
ENGINE = ROOT / "target/release/ludorum-engine"


def serve(lines: list[str], json_mode: bool = False) -> str:
    """The answers of ``ludorum serve`` to ``lines``, each sent once the one before it is answered
    (as a client waits for an answer: the session reads on while a search runs, so that a later
    ``stop`` or ``quit`` would end it)."""
    args = [sys.executable, "-m", "ludorum.cli", "serve"] + (["--json"] if json_mode else [])
    process = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None
    answers = []
    try:
        for line in lines:
            process.stdin.write(f"{line}\n")
            process.stdin.flush()
            if not line.strip() or line.lstrip().startswith("#"):
                continue  # no answer
            answer = [process.stdout.readline()]
            while not json_mode and answer[-1] not in ("\n", ""):
                answer.append(process.stdout.readline())
            answers.append("".join(answer))
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    return "".join(answers)


def read_transcript(path: Path) -> list[str]:
    """The lines of a transcript, with ``{known games}`` standing for every game of the list,
    sorted, as errors name them (so that a new game changes no transcript)."""
    text = path.read_text().replace("{known games}", ", ".join(sorted(ludorum.games())))
    return text.splitlines()


@pytest.mark.parametrize("path", TRANSCRIPTS, ids=lambda p: p.stem)
def test_golden_transcripts_through_ludorum_serve(path: Path) -> None:
    lines = read_transcript(path)
    sent = [line[2:] for line in lines if line.startswith("> ")]
    expected = "".join(f"{line}\n" for line in lines if not line.startswith("> "))
    assert serve(sent, json_mode=path.stem.startswith("json")) == expected


def test_there_are_transcripts_of_both_modes() -> None:
    assert {p.stem.startswith("json") for p in TRANSCRIPTS} == {True, False}


def test_hostile_input_through_ludorum_serve() -> None:
    long = "play " + "x" * (ProtocolSession.MAX_LINE + 5)
    data = b"new so_long_sucker\n" + long.encode() + b"\n\xff\xfe\x00\x01\nlegal\nquit\n"
    args = [sys.executable, "-m", "ludorum.cli", "serve"]
    done = subprocess.run(args, input=data, capture_output=True)
    assert done.returncode == 0, done.stderr
    answers = done.stdout.decode().split("\n\n")
    assert answers[0] == "= 1"
    assert answers[1].startswith("? line longer than")
    assert answers[2] == "? the line is not UTF-8 text"
    assert answers[3].startswith("= play ")
    assert answers[4] == "="


def test_a_node_client_plays_every_game_through_the_binary() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed: the client in another language cannot run")
    assert ENGINE.exists(), f"{ENGINE} is missing: `make build` builds it"
    done = subprocess.run(
        [node, str(ROOT / "tests/protocol/client.mjs"), str(ENGINE), "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "all games played" in done.stdout
    assert done.stdout.count(" plies, ") == 2 * 2 * 7


def test_the_binary_refuses_unknown_arguments() -> None:
    assert ENGINE.exists(), f"{ENGINE} is missing: `make build` builds it"
    done = subprocess.run([str(ENGINE), "--colour"], capture_output=True, text=True)
    assert done.returncode == 2 and "unknown argument" in done.stderr


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("chinese_checkers", {"pieces": 10, "area": "free", "max_plies": 200}),
        ("domination", {"players": 3, "max_plies": 300}),
        ("dominions", {"max_plies": 300}),
        ("armadora", {"players": 3}),
        ("so_long_sucker", {"players": 4}),
    ],
)
def test_random_games_through_the_protocol_are_simulate_s(game: str, options: dict) -> None:
    """Game i of a batch seeded s: ``new GAME seed=s+i`` (seeded games) and ``seed s+i``, then
    ``genmove random`` to the end, as ``ludorum.simulate`` plays it."""
    seed, games = 100, 40
    result = ludorum.simulate(game, games=games, seed=seed, **options)
    seeded = any(o.name == "seed" for o in ludorum.game_info(game).options)
    session = ProtocolSession(True)

    def call(command: str, *args: str) -> object:
        reply, _ = session.handle(json.dumps({"command": command, "args": list(args)}).encode())
        answer = json.loads(reply)
        assert answer["ok"], answer
        return answer["result"]

    assignments = [f"{k}={v}" for k, v in options.items()]
    for i in range(games):
        extra = [f"seed={seed + i}"] if seeded else []
        call("new", game, *assignments, *extra)
        call("seed", str(seed + i))
        plies = 0
        while call("current_player") != "none":
            call("genmove", "random")
            plies += 1
        outcome = call("outcome")
        assert plies == result.lengths[i]
        mask = int(result.winner_masks[i])  # bit p: player p won
        winners = [p for p in range(8) if mask >> p & 1]
        assert outcome == {"winners": winners, "reason": result.reasons[i]}
        call("close")


def test_stop_ends_a_search_of_ludorum_serve() -> None:
    """``ludorum serve`` reads on while it searches, as the binary does: ``stop`` ends the search,
    which answers with what it found; the line after it is answered after it, in order."""
    args = [sys.executable, "-m", "ludorum.cli", "serve"]
    process = subprocess.Popen(
        args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write("new dominions\nanalyse mcts:10000000\n")
        process.stdin.flush()
        assert process.stdout.readline() == "= 1\n" and process.stdout.readline() == "\n"
        time.sleep(0.5)  # the search runs: it would take minutes
        process.stdin.write("stop\ncurrent_player\nquit\n")
        process.stdin.flush()
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0, err
    answers = out.split("\n\n")
    analysis = json.loads(answers[0].removeprefix("= "))
    assert analysis["stopped"] is True and analysis["simulations"] < 10_000_000
    assert answers[1:4] == ["=", "= 0", "="]
