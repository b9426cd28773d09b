"""The learning libraries that need torch, on ludorum's envs (``make test-clients`` installs
them; ``make test`` skips this file where they are missing): Stable-Baselines3's own env
checker on every registered Gymnasium env, sb3-contrib's action-mask lookup through its vector
envs, and Tianshou's PettingZoo wrapper on every game."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ludorum

pytest.importorskip("torch", reason="torch is in the extra ludorum[clients] (make test-clients)")
sb3 = pytest.importorskip("stable_baselines3", reason="the extra ludorum[clients]")
sb3_contrib = pytest.importorskip("sb3_contrib", reason="the extra ludorum[clients]")

import gymnasium  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.env_util import make_vec_env  # noqa: E402

import ludorum.gymnasium as lg  # noqa: E402


@pytest.mark.parametrize("game", ludorum.games())
def test_stable_baselines_checks_every_env(game: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on observation bounds, not errors
        check_env(gymnasium.make(lg.env_id(game)).unwrapped)


def test_sb3_contrib_finds_the_masks_through_its_vector_envs() -> None:
    vec = make_vec_env(lg.env_id("so_long_sucker"), n_envs=3, env_kwargs={"players": 3}, seed=1)
    vec.reset()
    assert is_masking_supported(vec)
    masks = get_action_masks(vec)
    assert masks.shape == (3, ludorum.new("so_long_sucker", players=3).num_actions)
    assert masks.any(axis=1).all()


@pytest.mark.parametrize("game", ludorum.games())
def test_tianshou_wraps_every_game(game: str) -> None:
    pytest.importorskip("tianshou", reason="the extra ludorum[clients]")
    from tianshou.env import PettingZooEnv

    from ludorum.pettingzoo import env

    wrapped = PettingZooEnv(env(game))
    obs, _ = wrapped.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(20):
        action = int(rng.choice(np.flatnonzero(obs["mask"])))
        obs, _, terminated, truncated, _ = wrapped.step(action)
        if terminated or truncated:
            obs, _ = wrapped.reset()
