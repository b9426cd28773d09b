"""``ludorum.pettingzoo`` through PettingZoo's own test functions (``api_test``, ``seed_test``,
``performance_benchmark``), for every game and player count, and the classic-games
conventions: illegal moves, the ply limit as truncation, hidden information."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import ludorum

pytest.importorskip("pettingzoo", reason="PettingZoo is the extra ludorum[rl]")

from pettingzoo.test import (
    api_test,
    parallel_api_test,
    parallel_seed_test,
    performance_benchmark,
    seed_test,
)

from ludorum.agents import Policy
from ludorum.pettingzoo import env, parallel_env, raw_env

CASES = [
    (game, {"players": n} if len(ludorum.game_info(game).players) > 1 else {})
    for game in ludorum.games()
    for n in ludorum.game_info(game).players
]


@pytest.mark.parametrize(("game", "options"), CASES, ids=str)
def test_pettingzoo_api_and_seed_tests(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # dict observations (as PettingZoo's classic games have) draw advisory warnings
        warnings.simplefilter("ignore")
        api_test(env(game, **options), num_cycles=100)
        seed_test(lambda: env(game, **options), num_cycles=30)


def test_performance_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    performance_benchmark(env("chinese_checkers", pieces=10, area="free"))
    assert "turns per second" in capsys.readouterr().out.lower()


def play_out(aec: Any, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    for _ in aec.agent_iter():
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
        else:
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_the_ply_limit_truncates() -> None:
    aec = raw_env("chinese_checkers", pieces=10, area="free", max_plies=7)
    aec.reset()
    for _ in range(7):
        assert not any(aec.truncations.values())
        aec.step(int(np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])[0]))
    assert all(aec.truncations.values()) and not any(aec.terminations.values())
    assert aec.rewards == {"player_0": 0.0, "player_1": 0.0}


def test_an_illegal_move_ends_the_game_with_minus_one_for_its_mover() -> None:
    aec = env("domination", players=3)
    aec.reset(seed=4)
    mover = aec.agent_selection
    mask = aec.observe(mover)["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        aec.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(aec.terminations.values())
    assert aec.rewards[mover] == -1
    assert all(r == 0 for a, r in aec.rewards.items() if a != mover)


def test_the_wrappers_still_refuse_what_pettingzoo_refuses() -> None:
    aec = env("tic_tac_toe")
    with pytest.raises(AttributeError, match="before reset"):
        _ = aec.agent_selection
    aec.reset(seed=0)
    for bad in (9, -1, 2.5, "4"):
        with pytest.raises(AssertionError, match="not in action space"):
            aec.step(bad)
    assert aec.unwrapped.state.history() == []
    aec.step(np.int64(4))  # a numpy integer in range is an action
    aec.step(0)
    assert [str(m) for m in aec.unwrapped.state.history()] == ["b2", "a3"]
    assert aec.agent_selection == "player_0"


def test_masks_are_zero_for_agents_not_to_move_and_views_hide_strengths() -> None:
    aec = raw_env("armadora", players=3)
    aec.reset(seed=2)
    for _ in range(6):
        mover = aec.agent_selection
        for agent in aec.agents:
            mask = aec.observe(agent)["action_mask"]
            assert mask.dtype == np.int8
            assert mask.any() == (agent == mover)
        aec.step(int(np.flatnonzero(aec.observe(mover)["action_mask"])[0]))
    state = aec.state
    for p, agent in enumerate(aec.possible_agents):
        assert (aec.observe(agent)["observation"] == state.observation(p)).all()
        # another world that player p cannot tell from this one looks the same to it
        other = state.resample(p, seed=9)
        assert (other.observation(p) == aec.observe(agent)["observation"]).all()


def test_seeds_give_the_same_game_and_ansi_renders() -> None:
    one, two = raw_env("armadora", render_mode="ansi"), raw_env("armadora", render_mode="ansi")
    one.reset(seed=5)
    two.reset(seed=5)
    assert one.state.to_json() == two.state.to_json()
    text = one.render()
    assert isinstance(text, str) and "to move" in text
    play_out(one)
    assert one.agents == []


def last_legal_policy(calls: list[list[int]]) -> Policy:
    def act(observations: Any, masks: Any, players: Any) -> Any:
        assert observations.dtype == np.float32 and masks.dtype == np.bool_
        calls.append(players.tolist())
        return masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1)

    return Policy(act)


def test_opponents_play_their_seats_and_leave_the_others_as_agents() -> None:
    calls: list[list[int]] = []
    opponents = [None, last_legal_policy(calls), "mcts:8", None]
    aec = env("so_long_sucker", players=4, opponents=opponents)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(aec, num_cycles=60)
        seed_test(lambda: env("so_long_sucker", players=4, opponents=opponents), num_cycles=20)
    aec.reset(seed=3)
    assert aec.possible_agents == ["player_0", "player_3"]
    movers = set()
    for agent in aec.agent_iter():
        movers.add(agent)
        observation, _, termination, truncation, _ = aec.last()
        if termination or truncation:
            aec.step(None)
        else:
            aec.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert movers <= {"player_0", "player_3"}
    assert calls and all(p == [1] for p in calls)
    assert set(aec.rewards) <= {"player_0", "player_3"}


def test_one_opponent_plays_every_seat_but_the_learners() -> None:
    aec = raw_env("domination", players=3, opponents="random", learner=2)
    aec.reset(seed=0)
    assert aec.possible_agents == ["player_2"] and aec.agent_selection == "player_2"
    with pytest.raises(ludorum.InvalidOptionError, match="one a seat"):
        raw_env("domination", players=3, opponents=["random", None])
    with pytest.raises(ludorum.InvalidOptionError, match="at least one seat"):
        raw_env("domination", players=2, opponents=["random", "random"])
    with pytest.raises(ludorum.InvalidOptionError, match="agent"):
        raw_env("domination", players=2, opponents=[None, 3])


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("domination", {"players": 3}),
        ("armadora", {"players": 2}),
        ("connect_four", {"opponents": "random"}),
        ("so_long_sucker", {"players": 3, "opponents": [None, "random", None]}),
    ],
    ids=str,
)
def test_parallel_env_passes_parallel_api_test(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel_env(game, **options), num_cycles=200)
        parallel_seed_test(lambda: parallel_env(game, **options), num_cycles=30)


def test_parallel_env_plays_the_mover_against_a_policy() -> None:
    calls: list[list[int]] = []
    par = parallel_env("connect_four", opponents=last_legal_policy(calls), learner=1)
    calls.clear()
    observations, _ = par.reset(seed=0)
    assert par.agents == ["player_1"] and calls == [[0]]
    done = False
    while not done:
        mask = observations["player_1"]["action_mask"]
        observations, rewards, terminations, truncations, _ = par.step(
            {"player_1": int(np.flatnonzero(mask)[0])}
        )
        done = terminations["player_1"] or truncations["player_1"]
    assert par.agents == [] and rewards["player_1"] in (-1.0, 0.0, 1.0)
    par.reset(seed=1)
    with pytest.raises(ludorum.InvalidArgumentError, match="outside the action space"):
        par.step({"player_1": 99})
    par = parallel_env("domination", players=2, opponents="random")
    observations, _ = par.reset(seed=1)
    illegal = int(np.flatnonzero(observations["player_0"]["action_mask"] == 0)[0])
    _, rewards, terminations, _, infos = par.step({"player_0": illegal})
    assert rewards == {"player_0": -1.0} and terminations == {"player_0": True}
    assert infos["player_0"]["illegal_action"] and par.agents == []
