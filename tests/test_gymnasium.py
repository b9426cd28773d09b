"""``ludorum.gymnasium``: every registered single-agent env passes Gymnasium's own
``check_env``; opponents, seeds, illegal actions and the ply limit behave as documented."""

from __future__ import annotations

import json
import warnings
from typing import Any

import numpy as np
import pytest

import ludorum
import ludorum.agents

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


def test_every_reset_deals_a_new_game_reproducibly() -> None:
    def golds(seed: int) -> list[str]:
        env = gymnasium.make("ludorum/Armadora-v0", players=2)
        env.reset(seed=seed)
        seen = [json.dumps(env.unwrapped.state.to_json()["gold"])]
        for _ in range(4):
            env.reset()
            seen.append(json.dumps(env.unwrapped.state.to_json()["gold"]))
        return seen

    first = golds(3)
    assert len(set(first)) > 1
    assert golds(3) == first
    assert golds(4) != first
    # a seed option fixes one game
    fixed = gymnasium.make("ludorum/Armadora-v0", players=2, seed=7)
    fixed.reset(seed=1)
    gold = fixed.unwrapped.state.to_json()["gold"]
    fixed.reset()
    assert fixed.unwrapped.state.to_json()["gold"] == gold


def test_action_masks_are_where_maskable_ppo_looks() -> None:
    env = gymnasium.make("ludorum/SoLongSucker-v0", players=3)
    _, info = env.reset(seed=0)
    masks = env.unwrapped.action_masks()
    assert masks.dtype == np.bool_ and (masks == info["action_mask"].astype(bool)).all()
    # through the wrappers, as sb3's vector envs reach it
    assert (env.get_wrapper_attr("action_masks")() == masks).all()
    vec = ludorum.VecEnv("so_long_sucker", 3, players=3).to_gymnasium()
    _, info = vec.reset(seed=0)
    assert (vec.action_masks() == info["action_mask"]).all()


def test_a_policy_plays_the_other_seats() -> None:
    calls = []

    def last_legal(obs: Any, masks: Any, players: Any) -> Any:
        calls.append(players.tolist())
        return masks.shape[1] - 1 - masks[:, ::-1].argmax(axis=1)

    env = gymnasium.make(
        "ludorum/Domination-v0", players=3, opponents=ludorum.agents.Policy(last_legal)
    )
    _, info = env.reset(seed=0)
    for _ in range(5):
        _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        if terminated or truncated:
            break
    assert calls and all(p in ([1], [2]) for p in calls)
