"""Ctrl-C during long calls: a Rust ``simulate``, ``perft``, search (``Agent.choose`` and
``analyse``, the learned agents, one by one or batched), arena, self-play and a ``VecEnv``
whose opponents search check for signals about every 50 ms with
the GIL released, and raise ``KeyboardInterrupt`` within a fraction of a second, leaving the
state as it was.

Each case runs in a fresh process (issue 16: there, an interrupted batch used to end in a Rust
panic, "Failed to access NumPy array API capsule", and a deep perft ran on for 48 s), where a
thread sends SIGINT to the process while the main thread is inside the call. The call would
otherwise run for minutes (or, for the uncapped Chinese Checkers games, forever: the stop reaches
the games under way too, not only the next ones).
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

PRELUDE = """
import json, os, signal, threading, time
import ludorum

sent = []

def interrupt_soon():
    time.sleep(0.3)
    sent.append(time.perf_counter())
    os.kill(os.getpid(), signal.SIGINT)

def run(call):
    threading.Thread(target=interrupt_soon).start()
    try:
        call()
        print(json.dumps({"interrupted": False}))
    except KeyboardInterrupt:
        print(json.dumps({"interrupted": True, "after": time.perf_counter() - sent[0]}))
"""


def interrupted(code: str) -> dict[str, object]:
    """Run ``code`` after the prelude in a fresh interpreter and read its one line of JSON."""
    done = subprocess.run(
        [sys.executable, "-c", PRELUDE + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_ctrl_c_stops_a_rust_simulate() -> None:
    result = interrupted(
        """
        run(lambda: ludorum.simulate("chinese_checkers", games=2, max_plies=None, threads=2))
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_a_rust_perft_and_leaves_the_state() -> None:
    result = interrupted(
        """
        state = ludorum.new("dominions")
        state.play("63@i9")
        before = state.to_json()
        run(lambda: state.perft(5))
        assert state.to_json() == before and state.key == state.key_from_scratch()
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_a_reference_perft_and_leaves_the_state() -> None:
    result = interrupted(
        """
        state = ludorum.new("chinese_checkers", backend="reference")
        before = state.to_json()
        run(lambda: ludorum.perft(state, 6))
        assert state.to_json() == before and state.key == state.key_from_scratch()
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


# -- searches, arenas and self-play: each would run for minutes --------------------------------

HUGE = 10**8  # simulations: far more than a test could wait for
LEARNED = 10**6  # the same for the learned searches, whose setup grows with the budget


@pytest.mark.parametrize("method", ["choose", "analyse"])
@pytest.mark.parametrize("agent", ["MCTS", "ISMCTS"])
def test_ctrl_c_stops_a_search_and_leaves_the_state(method: str, agent: str) -> None:
    result = interrupted(
        f"""
        state = ludorum.new("armadora", players=2)
        before = state.to_json()
        searcher = ludorum.agents.{agent}(simulations={HUGE})
        run(lambda: searcher.{method}(state))
        assert state.to_json() == before and state.key == state.key_from_scratch()
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_a_search_on_two_threads() -> None:
    # the calling thread checks for signals while it searches its tree; the other thread's
    # tree stops on the flag the check sets
    result = interrupted(
        f"""
        state = ludorum.new("dominions")
        searcher = ludorum.agents.MCTS(simulations={HUGE}, threads=2)
        run(lambda: searcher.choose(state))
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_an_arena() -> None:
    result = interrupted(
        f"""
        run(lambda: ludorum.arena(
            "dominions", {{"a": "mcts:{HUGE}", "b": "random"}}, games=2, threads=1,
            progress=False,
        ))
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


@pytest.mark.parametrize("agent", ["PUCT", "Gumbel"])
def test_ctrl_c_stops_a_learned_search(agent: str) -> None:
    result = interrupted(
        f"""
        state = ludorum.new("dominions")
        before = state.to_json()
        searcher = ludorum.agents.{agent}("evaluation", simulations={LEARNED})
        run(lambda: searcher.choose(state))
        assert state.to_json() == before
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_a_learned_batched_search() -> None:
    result = interrupted(
        f"""
        states = [ludorum.new("dominions") for _ in range(3)]
        before = [s.to_json() for s in states]
        searcher = ludorum.agents.PUCT("evaluation", simulations={LEARNED})
        run(lambda: searcher.search_many(states))
        assert [s.to_json() for s in states] == before
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_a_simulate_with_searching_agents() -> None:
    result = interrupted(
        f"""
        run(lambda: ludorum.simulate(
            "connect_four", games=4, seed=1, agents=["mcts:{HUGE}", "random"], threads=2
        ))
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


@pytest.mark.parametrize("call", ["step", "reset"])
def test_ctrl_c_stops_a_vec_env_with_searching_opponents_and_leaves_it(call: str) -> None:
    """The opponents' searches run inside the step (or the reset, when they move first): Ctrl-C
    gives the call up, and every env and array is as before it; the next call plays on."""
    learner = 0 if call == "step" else 1
    result = interrupted(
        f"""
        import numpy as np
        env = ludorum.VecEnv(
            "connect_four", 3, seed=4, threads=2, opponents="mcts:{HUGE}", learner={learner}
        )
        if {call!r} == "step":
            obs, info = env.reset()
        else:
            obs, info = env._obs, env._info()
        before = obs.copy(), info["action_mask"].copy(), info["current_player"].copy()
        games = [env._env.game_json(i) for i in range(3)]
        actions = np.zeros(3, dtype=np.int64)
        run(lambda: env.step(actions) if {call!r} == "step" else env.reset())
        assert (obs == before[0]).all() and (info["action_mask"] == before[1]).all()
        assert (info["current_player"] == before[2]).all()
        assert [env._env.game_json(i) for i in range(3)] == games
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_selfplay() -> None:
    result = interrupted(
        f"""
        run(lambda: ludorum.selfplay("dominions", "evaluation", games=2, simulations={LEARNED}))
        """
    )
    assert result["interrupted"] is True
    assert result["after"] < 1.0, result


def test_ctrl_c_stops_the_arena_command() -> None:
    """``ludorum arena`` on a terminal: SIGINT ends it with status 130 within a second."""
    command = [
        sys.executable, "-m", "ludorum.cli", "arena", "dominions",
        "--agents", f"mcts:{HUGE},random", "--games", "2", "--threads", "1",
    ]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(2.0)  # the interpreter starts and the first search begins
        assert process.poll() is None, process.communicate()
        sent = time.perf_counter()
        process.send_signal(signal.SIGINT)
        process.wait(timeout=30)
        after = time.perf_counter() - sent
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, process.communicate()
    assert after < 1.0, after


def test_ctrl_c_ends_ludorum_serve_during_a_search() -> None:
    """``ludorum serve`` searching: SIGINT ends it with status 130 within a second."""
    command = [sys.executable, "-m", "ludorum.cli", "serve"]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write("new dominions\nanalyse mcts:10000000\n")
        process.stdin.flush()
        assert process.stdout.readline() == "= 1\n"  # the interpreter is up, the search begins
        time.sleep(0.5)
        sent = time.perf_counter()
        process.send_signal(signal.SIGINT)
        # the stopped search's answer is long (every move of Dominions): read it as it comes
        _, err = process.communicate(timeout=30)
        after = time.perf_counter() - sent
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 130, err
    assert after < 1.0, after
