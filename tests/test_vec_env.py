"""``ludorum.VecEnv`` against the state API: the same actions give the same observations,
masks, players, rewards and ends in every game and autoreset mode; runs do not depend on the
thread count; bad actions change nothing; and the observation layouts of every game."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from games import SPECS

import ludorum
import ludorum.agents
from ludorum import SplitMix64

#: small configurations whose episodes end within a few dozen steps
#: options under which each game's random games end soon (its spec's ``short_options``)
CONFIGS: dict[str, dict[str, Any]] = {spec.name: spec.short_options for spec in SPECS}
GAMES = ludorum.games()
MODES = ["next_step", "same_step", "disabled"]


def test_every_game_has_a_configuration() -> None:
    assert sorted(CONFIGS) == sorted(GAMES)


def check_row(env: ludorum.VecEnv, i: int, state: Any, obs: Any, info: dict[str, Any]) -> None:
    """Env ``i``'s outputs are what the state API says of ``state``."""
    player = state.current_player
    assert info["current_player"][i] == (-1 if player is None else player)
    assert (info["action_mask"][i] == state.action_mask()).all()
    if player is not None:
        assert (obs[i] == state.observation(player)).all()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", GAMES)
def test_trajectories_are_the_state_api_with_the_same_actions(game: str, mode: str) -> None:
    env = ludorum.VecEnv(game, 3, seed=5, autoreset=mode, threads=2, **CONFIGS[game])
    obs, info = env.reset()
    states = [env.game(i) for i in range(3)]
    for i, state in enumerate(states):
        assert state.ply == 0
        check_row(env, i, state, obs, info)
    ends = 0
    pending = [False] * 3
    for _ in range(80):
        actions = env.sample_actions()
        if mode == "disabled" and any(pending):
            obs, info = env.reset(options={"reset_mask": np.array(pending)})
            for i in np.flatnonzero(pending):
                states[i] = env.game(int(i))
                assert states[i].ply == 0 and env.episode(int(i)) >= 1
                check_row(env, int(i), states[i], obs, info)
            pending = [False] * 3
            continue
        before = [s.copy() for s in states]
        movers = [s.current_player for s in states]
        obs, rewards, terminated, truncated, info = env.step(actions)
        for i, state in enumerate(states):
            if pending[i]:  # next_step: this step reset the env and ignored its action
                assert not terminated[i] and not truncated[i] and (rewards[i] == 0).all()
                states[i] = env.game(i)
                assert states[i].ply == 0
                check_row(env, i, states[i], obs, info)
                pending[i] = False
                continue
            assert info["action_mask"].shape == (3, state.num_actions)
            state.apply_action(int(actions[i]))
            assert before[i].ply + 1 == state.ply
            if not state.is_over():
                assert not terminated[i] and not truncated[i] and (rewards[i] == 0).all()
                check_row(env, i, state, obs, info)
                continue
            ends += 1
            outcome = state.outcome()
            assert outcome is not None
            assert truncated[i] == (outcome.reason == "ply limit")
            assert terminated[i] == (not truncated[i])
            assert list(rewards[i]) == list(state.returns())
            last = state.observation(movers[i])
            if mode == "same_step":
                assert info["_final_obs"][i] and (info["final_obs"][i] == last).all()
                states[i] = env.game(i)
                assert states[i].ply == 0
                check_row(env, i, states[i], obs, info)
            else:
                assert (obs[i] == last).all()
                assert info["current_player"][i] == -1 and not info["action_mask"][i].any()
                pending[i] = True
    assert ends > 0


@pytest.mark.parametrize("game", GAMES)
def test_runs_do_not_depend_on_threads(game: str) -> None:
    runs = []
    for threads in (1, 2, 3):
        env = ludorum.VecEnv(game, 7, seed=11, threads=threads, **CONFIGS[game])
        obs, info = env.reset()
        seen = [obs.copy(), info["action_mask"].copy()]
        for _ in range(40):
            obs, rewards, terminated, truncated, info = env.step(env.sample_actions())
            seen += [obs.copy(), rewards.copy(), terminated.copy(), truncated.copy()]
            seen += [info["action_mask"].copy(), info["current_player"].copy()]
        runs.append(seen)
    for other in runs[1:]:
        assert all((a == b).all() for a, b in zip(runs[0], other))


def test_seeds_repeat_and_differ() -> None:
    env = ludorum.VecEnv("armadora", 4, seed=1)
    first = env.reset(seed=9)[0].copy()
    assert (env.reset(seed=9)[0] == first).all()
    assert env.episode(0) == 0
    env.reset()
    assert env.episode(0) == 1
    # the seeded setups (Armadora's gold) differ between envs and between seeds
    golds = {tuple(env.game(i).gold()) for i in range(4)}
    assert len(golds) > 1


@pytest.mark.parametrize("game", GAMES)
def test_sampled_actions_are_legal(game: str) -> None:
    env = ludorum.VecEnv(game, 5, **CONFIGS[game])
    _, info = env.reset()
    for _ in range(20):
        actions = env.sample_actions()
        for i, a in enumerate(actions):
            if info["current_player"][i] >= 0:
                assert info["action_mask"][i, a]
        _, _, _, _, info = env.step(actions)


def named(state: Any, action: int) -> bool:
    """Whether ``action`` names a move of the game (legal or not)."""
    try:
        state.move_from_action(action)
    except ludorum.InvalidMoveError:
        return False
    return True


def test_bad_actions_change_nothing() -> None:
    env = ludorum.VecEnv("chinese_checkers", 4, pieces=10, area="free")
    env.reset()
    before = [env.game(i).to_json() for i in range(4)]
    actions = env.sample_actions()
    state = env.game(2)
    mask = state.action_mask()
    well_formed = next(a for a in range(1, state.num_actions) if not mask[a] and named(state, a))
    illegal = actions.copy()
    illegal[2] = well_formed
    with pytest.raises(ludorum.IllegalMoveError, match=f"env 2, action {well_formed}"):
        env.step(illegal)
    for bad, error in (
        (-1, ludorum.InvalidMoveError),
        (14642, ludorum.InvalidMoveError),
    ):
        wrong = actions.copy()
        wrong[3] = bad
        with pytest.raises(error, match="env 3"):
            env.step(wrong)
    with pytest.raises(ludorum.InvalidArgumentError, match="4 integer action ids"):
        env.step(actions[:3])
    with pytest.raises(ludorum.InvalidArgumentError, match="4 integer action ids"):
        env.step(actions.astype(np.float64))
    with pytest.raises(ludorum.InvalidArgumentError, match="4 integer action ids"):
        env.step(np.repeat(actions, 2).reshape(4, 2))
    assert [env.game(i).to_json() for i in range(4)] == before
    # a strided view and a list step as their contiguous int64 copy does
    env.step(np.repeat(actions, 2)[::2])
    assert all(env.game(i).ply == 1 for i in range(4))
    env.step(env.sample_actions().tolist())
    assert all(env.game(i).ply == 2 for i in range(4))


def test_outputs_are_read_only_views_that_the_next_step_overwrites() -> None:
    env = ludorum.VecEnv("so_long_sucker", 2)
    obs, info = env.reset()
    with pytest.raises(ValueError):
        obs[0, 0] = 1.0
    with pytest.raises(ValueError):
        info["action_mask"][0, 0] = True
    kept = obs.copy()
    obs2, *_ = env.step(env.sample_actions())
    assert obs2 is obs or np.shares_memory(obs2, obs)
    assert not (obs == kept).all()


def test_refused_configurations() -> None:
    with pytest.raises(ludorum.InvalidOptionError, match="autoreset must be one of"):
        ludorum.VecEnv("domination", 2, autoreset="sometimes")  # type: ignore[arg-type]
    with pytest.raises(ludorum.InvalidOptionError, match="num_envs"):
        ludorum.VecEnv("domination", 0)
    with pytest.raises(ludorum.InvalidOptionError, match="unknown option"):
        ludorum.VecEnv("domination", 2, colour="red")
    with pytest.raises(ludorum.InvalidOptionError, match="learner must be a seat"):
        ludorum.VecEnv("domination", 2, opponents="random", learner=2)
    with pytest.raises(ludorum.InvalidOptionError, match="built-in agents"):
        ludorum.VecEnv("domination", 2, opponents=lambda state: state.legal_moves()[0])
    with pytest.raises(ludorum.InvalidOptionError, match="reset"):
        ludorum.VecEnv("domination", 2).step([0, 0])
    env = ludorum.VecEnv("domination", 2)
    with pytest.raises(ludorum.InvalidArgumentError, match="reset_mask"):
        env.reset(options={"reset_mask": [True]})
    for dtype in ["float64", "bytes", None, np.int16]:
        with pytest.raises(ludorum.InvalidOptionError, match="obs_dtype must be"):
            ludorum.VecEnv("domination", 2, obs_dtype=dtype)  # type: ignore[arg-type]


@pytest.mark.parametrize("opponents", ["random", "mcts:16", ["random", "mcts:8", "random"]])
def test_opponents_play_inside_the_step(opponents: Any) -> None:
    env = ludorum.VecEnv("so_long_sucker", 4, players=3, opponents=opponents, learner=1)
    env.reset()
    assert env.single_agent and env.learner == 1
    ends = 0
    for _ in range(60):
        _, rewards, terminated, _, info = env.step(env.sample_actions())
        assert rewards.shape == (4,)
        assert set(info["current_player"].tolist()) <= {1, -1}
        for i in range(4):
            if terminated[i]:
                ends += 1
                assert rewards[i] in (-1.0, 1.0)
            else:
                assert rewards[i] == 0.0
    assert ends > 0


def test_a_policy_is_called_once_for_all_the_envs_that_wait_for_it() -> None:
    calls = []

    def first_legal(obs: Any, masks: Any, players: Any) -> Any:
        assert obs.shape[1:] == env.observation_shape and masks.dtype == np.bool_
        # every env that waits for one of the policy's seats is in this one call
        waiting = np.isin(env._current_player, [1, 2, 3])
        assert len(players) == waiting.sum() > 0
        assert (masks == env.action_masks()[waiting]).all()
        for row, player in enumerate(players):
            i = np.flatnonzero(waiting)[row]
            assert (obs[row] == env.game(i).observation(int(player))).all()
        calls.append(len(players))
        return masks.argmax(axis=1)

    policy = ludorum.agents.Policy(first_legal)
    env = ludorum.VecEnv("so_long_sucker", 6, players=4, opponents=policy, learner=0)
    env.reset(seed=2)
    for _ in range(40):
        _, _, _, _, info = env.step(env.sample_actions())
        assert set(info["current_player"].tolist()) <= {0, -1}
    assert max(calls) > 1


def test_a_mixed_list_of_agents_policies_and_learned_searches() -> None:
    policy = ludorum.agents.Policy(lambda obs, masks, players: masks.argmax(axis=1))
    puct = ludorum.agents.PUCT(evaluator="uniform", simulations=4)
    env = ludorum.VecEnv(
        "so_long_sucker", 3, players=4, opponents=[None, policy, puct, "random"], learner=0
    )
    env.reset(seed=1)
    ends = 0
    for _ in range(80):
        _, _, terminated, truncated, info = env.step(env.sample_actions())
        assert set(info["current_player"].tolist()) <= {0, -1}
        ends += int(terminated.sum() + truncated.sum())
    assert ends > 0
    # a policy's illegal action is refused, naming the env
    bad = ludorum.agents.Policy(lambda obs, masks, players: (~masks).argmax(axis=1))
    wrong = ludorum.agents.Policy(lambda obs, masks, players: [0.5] * len(players))
    cases: list[tuple[Any, Any, str]] = [
        (bad, (ludorum.IllegalMoveError, ludorum.InvalidMoveError), "env ., action"),
        (wrong, ludorum.InvalidArgumentError, "integer action ids"),
    ]
    for policy, error, message in cases:
        bad_env = ludorum.VecEnv("so_long_sucker", 2, players=3, opponents=policy)
        with pytest.raises(error, match=message):
            bad_env.reset()
            for _ in range(10):
                bad_env.step(bad_env.sample_actions())


def test_unseeded_resets_deal_new_games() -> None:
    env = ludorum.VecEnv("armadora", 1, seed=5)
    golds = []
    for _ in range(4):
        env.reset()
        golds.append(tuple(env.game(0).gold()))
    assert len(set(golds)) > 1


# -- observation layouts -----------------------------------------------------------------------

SPEC_CONFIGS = [
    (spec.name, options) for spec in SPECS for options in [spec.rich_options, *spec.more_options]
]


@pytest.mark.parametrize(("game", "options"), SPEC_CONFIGS, ids=str)
def test_observations_keep_to_their_layout(backend: str, game: str, options: dict[str, Any]):
    state = ludorum.new(game, backend=backend, **options)
    spec = state.observation_spec()
    assert spec == ludorum.observation.observation_spec(game, state.options)
    low, high = spec.bounds()
    assert spec.parts[0].start == 0 and spec.parts[-1].stop == spec.shape[0]
    assert all(a.stop == b.start for a, b in zip(spec.parts, spec.parts[1:]))
    assert len(set(spec.names)) == len(spec.names)
    rng = SplitMix64(3)
    while True:
        for player in range(state.num_players):
            obs = state.observation(player)
            assert obs.shape == spec.shape
            assert (low <= obs).all() and (obs <= high).all(), spec
        if state.is_over():
            break
        actions = state.legal_actions()
        state.apply_action(int(actions[rng.below(len(actions))]))


@pytest.mark.parametrize(("game", "options"), SPEC_CONFIGS, ids=str)
def test_uint8_observations_are_the_float32_ones(game: str, options: dict[str, Any]) -> None:
    # the env seeds each episode's setup itself
    options = {k: v for k, v in options.items() if k != "seed"}

    def env(dtype: Any) -> ludorum.VecEnv:
        return ludorum.VecEnv(game, 4, seed=5, autoreset="same_step", obs_dtype=dtype, **options)

    floats, bytes_ = env("float32"), env(np.uint8)
    assert (floats.obs_dtype, bytes_.obs_dtype) == (np.float32, np.uint8)
    (f, _), (b, _) = floats.reset(), bytes_.reset()
    for _ in range(40):
        assert b.dtype == np.uint8 and (b.astype(np.float32) == f).all()
        actions = floats.sample_actions()
        f, rf, *_, fi = floats.step(actions)
        b, rb, *_, bi = bytes_.step(actions)
        assert (rf == rb).all() and (fi["action_mask"] == bi["action_mask"]).all()
        assert bi["final_obs"].dtype == np.uint8
        assert (bi["final_obs"].astype(np.float32) == fi["final_obs"]).all()


def test_the_vec_env_has_the_states_layout() -> None:
    env = ludorum.VecEnv("armadora", 2, players=3, rules="advanced")
    assert env.observation_spec() == ludorum.new("armadora", **env.options).observation_spec()
    assert env.observation_spec().shape == env.observation_shape


# -- Gymnasium's vector API --------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_the_gymnasium_face(mode: str) -> None:
    pytest.importorskip("gymnasium", reason="Gymnasium is the extra ludorum[rl]")
    envs = ludorum.VecEnv(
        "chinese_checkers", 3, autoreset=mode, pieces=10, area="free", max_plies=20
    ).to_gymnasium()
    obs, _ = envs.reset(seed=2)
    assert envs.observation_space.contains(obs)
    assert (
        envs.metadata["autoreset_mode"].value
        == {
            "next_step": "NextStep",
            "same_step": "SameStep",
            "disabled": "Disabled",
        }[mode]
    )
    for _ in range(25):
        actions = envs.env.sample_actions()
        assert envs.action_space.contains(actions)
        if mode == "disabled" and envs.env.episode(0) == 0 and envs.env._ended.any():
            envs.reset(options={"reset_mask": envs.env._ended.copy()})
            continue
        obs, rewards, *_ = envs.step(actions)
        assert rewards.shape == (3,) and rewards.dtype == np.float32
        assert envs.observation_space.contains(obs)
    envs.close()


def test_the_gymnasium_face_in_bytes() -> None:
    pytest.importorskip("gymnasium", reason="Gymnasium is the extra ludorum[rl]")
    envs = ludorum.VecEnv("armadora", 3, obs_dtype="uint8", players=3).to_gymnasium()
    obs, _ = envs.reset(seed=4)
    assert envs.single_observation_space.dtype == np.uint8 and obs.dtype == np.uint8
    assert envs.observation_space.contains(obs)
    for _ in range(10):
        obs, *_ = envs.step(envs.env.sample_actions())
        assert envs.observation_space.contains(obs)
