"""``ludorum.gymnasium``: every registered single-agent env passes Gymnasium's own
``check_env``; opponents, seeds, illegal actions and the ply limit behave as documented."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ludorum

gymnasium = pytest.importorskip("gymnasium", reason="Gymnasium is the extra ludorum[rl]")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import ludorum.gymnasium as lg  # noqa: E402


@pytest.mark.parametrize("game", ludorum.games())
def test_every_registered_env_passes_check_env(game: str) -> None:
    env = gymnasium.make(lg.env_id(game))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning either
        check_env(env.unwrapped, skip_render_check=True)


def test_ids_and_opponents() -> None:
    assert lg.env_id("chinese_checkers") == "ludorum/ChineseCheckers-v0"
    env = gymnasium.make(
        "ludorum/Domination-v0", players=3, learner=2, opponents=["random", "mcts:8", None]
    )
    obs, info = env.reset(seed=1)
    assert env.unwrapped.state.current_player == 2
    rng = np.random.default_rng(0)
    for _ in range(30):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, _, terminated, truncated, info = env.step(action)
        assert env.observation_space.contains(obs)
        if terminated or truncated:
            break
        assert env.unwrapped.state.current_player == 2
    with pytest.raises(ludorum.InvalidOptionError, match="one a seat"):
        gymnasium.make("ludorum/Domination-v0", opponents=["random"] * 3)


def test_same_seed_same_episode() -> None:
    def run(seed: int) -> list[float]:
        env = gymnasium.make("ludorum/Armadora-v0", players=3, opponents="mcts:16")
        obs, info = env.reset(seed=seed)
        seen = [float(obs.sum())]
        while True:
            obs, reward, terminated, truncated, info = env.step(
                int(np.flatnonzero(info["action_mask"])[0])
            )
            seen.append(float(obs.sum()))
            if terminated or truncated:
                return [*seen, reward]

    assert run(4) == run(4)


def test_illegal_actions_lose_or_raise() -> None:
    env = gymnasium.make("ludorum/ChineseCheckers-v0", pieces=10, area="free")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    strict = gymnasium.make("ludorum/ChineseCheckers-v0", illegal="raise", pieces=10, area="free")
    strict.reset(seed=0)
    before = strict.unwrapped.state.to_json()
    with pytest.raises((ludorum.IllegalMoveError, ludorum.InvalidMoveError)):
        strict.step(illegal)
    assert strict.unwrapped.state.to_json() == before


def test_the_ply_limit_truncates() -> None:
    env = gymnasium.make("ludorum/ChineseCheckers-v0", pieces=10, area="free", max_plies=6)
    _, info = env.reset(seed=0)
    for _ in range(3):
        _, reward, terminated, truncated, info = env.step(
            int(np.flatnonzero(info["action_mask"])[0])
        )
    assert truncated and not terminated and reward == 0.0
