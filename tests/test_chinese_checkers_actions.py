"""Chinese Checkers' compact encoding, ``actions="piece_to"``, through every RL door: the
VecEnv, Gymnasium, PettingZoo and OpenSpiel adapters size their spaces and masks by
``num_actions`` and play the ids the state API gives (docs/rules/chinese_checkers.md)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import ludorum

GAME = "chinese_checkers"
#: short random games, in the compact encoding
OPTIONS: dict[str, Any] = {"pieces": 10, "area": "free", "max_plies": 60, "actions": "piece_to"}
NUM_ACTIONS = 10 * 121 + 1


def test_the_vec_env_plays_the_states_ids() -> None:
    env = ludorum.VecEnv(GAME, 4, seed=3, threads=2, autoreset="same_step", **OPTIONS)
    _, info = env.reset()
    assert env.num_actions == NUM_ACTIONS and info["action_mask"].shape == (4, NUM_ACTIONS)
    states = [env.game(i) for i in range(4)]
    for _ in range(150):
        actions = env.sample_actions()
        for i, state in enumerate(states):
            if state.current_player is None:
                continue
            assert (info["action_mask"][i] == state.action_mask()).all()
            assert int(actions[i]) in state.legal_actions()
            state.apply_action(int(actions[i]))
        _, _, terminated, truncated, info = env.step(actions)
        for i, state in enumerate(states):
            if terminated[i] or truncated[i]:
                states[i] = env.game(i)
            else:
                assert env.game(i).to_json() == state.to_json()
    with pytest.raises(ludorum.InvalidMoveError, match=rf"0\.\.{NUM_ACTIONS - 1}"):
        env.step(np.full(4, NUM_ACTIONS))


def test_the_gymnasium_env_and_vec_env_face() -> None:
    gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is the extra ludorum[rl]")
    from gymnasium.utils.env_checker import check_env

    import ludorum.gymnasium as lg

    env = gymnasium.make(lg.env_id(GAME), **OPTIONS)
    assert env.action_space == gymnasium.spaces.Discrete(NUM_ACTIONS)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=True)
    _, info = env.reset(seed=1)
    assert info["action_mask"].shape == (NUM_ACTIONS,)
    assert env.unwrapped.action_masks().shape == (NUM_ACTIONS,)
    envs = ludorum.VecEnv(GAME, 2, **OPTIONS).to_gymnasium()
    envs.reset(seed=2)
    assert envs.action_space.contains(envs.env.sample_actions())
    assert envs.single_action_space == gymnasium.spaces.Discrete(NUM_ACTIONS)
    envs.close()


def test_pettingzoo_api_test_and_spaces() -> None:
    pytest.importorskip("pettingzoo", reason="PettingZoo is the extra ludorum[rl]")
    import gymnasium
    from pettingzoo.test import api_test, parallel_api_test

    from ludorum.pettingzoo import env, parallel_env

    aec = env(GAME, **OPTIONS)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # dict observations draw advisory warnings
        api_test(aec, num_cycles=60)
        parallel_api_test(parallel_env(GAME, **OPTIONS), num_cycles=60)
    aec.reset(seed=0)
    for agent in aec.possible_agents:
        assert aec.action_space(agent) == gymnasium.spaces.Discrete(NUM_ACTIONS)
    observation, *_ = aec.last()
    assert observation["action_mask"].shape == (NUM_ACTIONS,)


def test_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel installs on Linux x86-64 only")
    import ludorum.openspiel  # registers the ludorum_* games

    params = ",".join(f"{k}={v}" for k, v in OPTIONS.items())
    game = pyspiel.load_game(f"ludorum_{GAME}({params})")
    assert game.num_distinct_actions() == NUM_ACTIONS
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    assert state.legal_actions() == ludorum.new(GAME, **OPTIONS).legal_actions().tolist()
