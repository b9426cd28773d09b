"""The learned searches from Python: ``ludorum.agents.PUCT`` / ``Gumbel`` with the built-in
evaluators and numpy callables, batching, errors for bad evaluators, ``ludorum.selfplay``, and an
exact minimax evaluator that makes the search play perfectly."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import ludorum
from ludorum.agents import PUCT, Gumbel, SearchResult
from ludorum.errors import IllegalMoveError, InvalidArgumentError, InvalidOptionError


def _positions(count: int, plies: int = 6) -> list[Any]:
    out = []
    rng = ludorum.SplitMix64(3)
    for seed in range(count):
        state = ludorum.new("dominions", seed=seed) if _seeded() else ludorum.new("dominions")
        for _ in range(rng.below(plies)):
            if state.is_over():
                break
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
        if not state.is_over():
            out.append(state)
    return out


def _seeded() -> bool:
    return bool(ludorum.game_info("dominions").seeded)


class Counting:
    """A numpy evaluator: logits from a fixed random table, values 0.1 for the mover."""

    def __init__(self, num_actions: int) -> None:
        self.calls = 0
        self.rows: list[int] = []
        self.table = np.random.default_rng(0).normal(size=num_actions).astype(np.float32)

    def __call__(
        self, observations: np.ndarray, masks: np.ndarray, players: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        assert observations.dtype == np.float32 and masks.dtype == np.bool_
        assert players.dtype == np.int64
        assert observations.shape[0] == masks.shape[0] == players.shape[0]
        assert masks.any(axis=1).all()
        self.calls += 1
        self.rows.append(len(players))
        logits = np.broadcast_to(self.table, masks.shape).copy()
        values = np.full(len(players), 0.1, dtype=np.float32)
        return logits, values


@pytest.mark.parametrize("cls", [PUCT, Gumbel])
@pytest.mark.parametrize("evaluator", ["uniform", "evaluation", "numpy"])
def test_search_result(cls: Any, evaluator: str) -> None:
    state = _positions(1)[0]
    e: Any = Counting(state.num_actions) if evaluator == "numpy" else evaluator
    agent = cls(e, simulations=40, seed=1, reuse=False)
    r = agent.search(state)
    assert isinstance(r, SearchResult)
    assert r.visits.dtype == np.int64 and r.visits.shape == (state.num_actions,)
    assert r.policy.dtype == np.float32 and r.policy.shape == (state.num_actions,)
    assert r.value.dtype == np.float64 and r.value.shape == (state.num_players,)
    assert int(r.visits.sum()) == 40
    assert abs(float(r.policy.sum()) - 1) < 1e-5
    legal = state.action_mask()
    assert legal[r.action] and not r.visits[~legal].any() and not r.policy[~legal].any()
    # The same seed and calls give the same results; choose agrees with search.
    again = cls(e, simulations=40, seed=1, reuse=False)
    assert again.choose(state).action == r.action
    if evaluator == "numpy":
        assert e.calls <= 2 * 41


@pytest.mark.parametrize("cls", [PUCT, Gumbel])
def test_search_many_is_batched_and_equals_searching_alone(cls: Any) -> None:
    states = _positions(6)
    e = Counting(states[0].num_actions)
    many = cls(e, simulations=16, seed=5, reuse=False).search_many(states)
    assert e.calls <= 17, "one call for the roots, then one per simulation step"
    assert max(e.rows) <= len(states) and e.rows[0] == len(states)
    alone_agent = cls(Counting(states[0].num_actions), simulations=16, seed=5, reuse=False)
    for state, r in zip(states, many):
        alone = alone_agent.search(state)
        assert alone.action == r.action
        np.testing.assert_array_equal(alone.visits, r.visits)
        np.testing.assert_array_equal(alone.policy, r.policy)
        np.testing.assert_array_equal(alone.value, r.value)


@pytest.mark.parametrize("cls", [PUCT, Gumbel])
def test_threads_share_the_roots_and_change_nothing(cls: Any) -> None:
    states = _positions(24)
    found = {}
    for threads in (1, 2):
        e = Counting(states[0].num_actions)
        found[threads] = cls(e, simulations=12, seed=2, reuse=False, threads=threads).search_many(
            states
        )
        assert e.calls <= 13, "still one evaluator call per step, whatever the threads"
    for one, two in zip(found[1], found[2]):
        assert one.action == two.action
        np.testing.assert_array_equal(one.visits, two.visits)
        np.testing.assert_array_equal(one.policy, two.policy)
    kwargs: dict[str, Any] = {"games": 20, "simulations": 6, "seed": 4, "max_plies": 10}
    alone = ludorum.selfplay("dominions", "evaluation", **kwargs)
    shared = ludorum.selfplay("dominions", "evaluation", threads=2, **kwargs)
    for key in alone:
        np.testing.assert_array_equal(alone[key], shared[key], err_msg=key)
    with pytest.raises(InvalidOptionError, match="threads"):
        cls("uniform", threads=0)


def test_tree_reuse_keeps_the_visits() -> None:
    state = ludorum.new("dominions")
    agent = PUCT("uniform", simulations=30)
    first = agent.search(state)
    kept = int(first.visits[first.action])
    state.play(state.move_from_action(first.action))
    second = agent.search(state)
    assert int(second.visits.sum()) == kept - 1 + 30


def test_three_players_value_per_seat() -> None:
    state = ludorum.new("so_long_sucker", players=3, seed=1)
    r = Gumbel("evaluation", simulations=20).search(state)
    assert r.value.shape == (3,)
    values = np.zeros((1, 3), dtype=np.float32)

    def three(obs: np.ndarray, masks: np.ndarray, players: np.ndarray) -> Any:
        return np.zeros(masks.shape, np.float32), np.repeat(values, len(players), axis=0)

    assert PUCT(three, simulations=10).search(state).value.shape == (3,)


def _bad(kind: str) -> Any:
    def evaluator(obs: np.ndarray, masks: np.ndarray, players: np.ndarray) -> Any:
        n, a = masks.shape
        if kind == "logits shape":
            return np.zeros((n, a + 1)), np.zeros(n)
        if kind == "values shape":
            return np.zeros((n, a)), np.zeros((n, 5))
        if kind == "nan":
            return np.zeros((n, a)), np.full(n, np.nan)
        if kind == "not a pair":
            return np.zeros((n, a))
        raise ZeroDivisionError("the model broke")

    return evaluator


@pytest.mark.parametrize("kind", ["logits shape", "values shape", "nan", "not a pair"])
def test_bad_evaluator_output_is_refused(kind: str) -> None:
    with pytest.raises(InvalidArgumentError, match="bad evaluator output"):
        PUCT(_bad(kind), simulations=5).choose(ludorum.new("dominions"))


def test_evaluator_errors_propagate_and_bad_settings_are_refused() -> None:
    with pytest.raises(ZeroDivisionError, match="the model broke"):
        Gumbel(_bad("raise"), simulations=5).search(ludorum.new("dominions"))
    with pytest.raises(InvalidOptionError):
        PUCT("nonsense")
    with pytest.raises(InvalidOptionError):
        PUCT(42)
    with pytest.raises(InvalidOptionError):
        Gumbel("uniform", max_considered=0)
    with pytest.raises(InvalidOptionError):
        PUCT("uniform", dirichlet_fraction=2)
    state = ludorum.new("dominions")
    while not state.is_over():
        state.play(state.legal_moves()[0])
    with pytest.raises(IllegalMoveError):
        PUCT("uniform", simulations=5).choose(state)


@pytest.mark.parametrize("search", ["gumbel", "puct"])
def test_selfplay_arrays(search: str) -> None:
    e = Counting(ludorum.new("dominions").num_actions)
    data = ludorum.selfplay(
        "dominions",
        e,
        games=3,
        simulations=8,
        search=search,
        seed=2,
        max_plies=10,
        temperature_plies=2,
    )
    t = len(data["players"])
    assert t == 30
    spec = ludorum.new("dominions").observation_spec()
    assert data["observations"].shape == (t, *spec.shape)
    assert data["observations"].dtype == np.float32
    a = ludorum.new("dominions").num_actions
    assert data["masks"].shape == data["policies"].shape == (t, a)
    assert data["returns"].shape == (t, 2) and data["returns"].dtype == np.float32
    assert data["game_ids"].dtype == np.int64
    assert not data["policies"][~data["masks"]].any()
    np.testing.assert_allclose(data["policies"].sum(axis=1), 1, atol=1e-5)
    assert list(data["game_ids"]) == [g for g in range(3) for _ in range(10)]
    assert list(data["plies"]) == list(range(10)) * 3
    # Replaying the recorded actions gives the recorded observations, masks and movers.
    for g in range(3):
        rows = np.flatnonzero(data["game_ids"] == g)
        state = ludorum.new("dominions")
        for row in rows:
            assert state.current_player == data["players"][row]
            np.testing.assert_array_equal(state.action_mask(), data["masks"][row])
            np.testing.assert_array_equal(
                state.observation(state.current_player), data["observations"][row]
            )
            state.apply_action(int(data["actions"][row]))
        assert (data["returns"][rows] == 0).all(), "cut at max_plies: returns 0"
    assert e.calls <= 10 * 9


def test_selfplay_to_the_end_records_the_returns() -> None:
    data = ludorum.selfplay("dominions", "evaluation", games=2, simulations=4, search="puct")
    for g in range(2):
        rows = np.flatnonzero(data["game_ids"] == g)
        state = ludorum.new("dominions")
        for row in rows:
            state.apply_action(int(data["actions"][row]))
        assert state.is_over()
        np.testing.assert_array_equal(
            data["returns"][rows], np.tile(state.returns(), (len(rows), 1))
        )


@pytest.mark.parametrize("fmt", ["jsonl", None])
def test_selfplay_out_writes_a_dataset(tmp_path: Any, fmt: str | None) -> None:
    if fmt is None:
        pytest.importorskip("pyarrow")
    data = ludorum.selfplay(
        "dominions", "evaluation", games=3, simulations=4, seed=5, out=tmp_path, out_format=fmt
    )
    back = ludorum.read_games(tmp_path)
    assert back.game == "dominions" and back.seed == 5 and len(back.lengths) == 3
    for g in range(3):
        rows = np.flatnonzero(data["game_ids"] == g)
        assert back.game_actions(g).tolist() == data["actions"][rows].tolist()
        state = back.replay(g)
        assert state.is_over()
        np.testing.assert_array_equal(state.returns(), data["returns"][rows[0]])
    saved = np.load(tmp_path / "selfplay.npz")
    assert sorted(saved.files) == sorted(data)
    np.testing.assert_array_equal(saved["policies"], data["policies"])
    cut = ludorum.selfplay(
        "dominions",
        "uniform",
        games=2,
        simulations=4,
        max_plies=3,
        out=tmp_path / "cut",
        out_format="jsonl",
    )
    assert ludorum.read_games(tmp_path / "cut").lengths.tolist() == [3, 3]
    assert len(cut["actions"]) == 6
    with pytest.raises(InvalidOptionError):
        ludorum.selfplay("dominions", "uniform", games=1, simulations=4, out_format="csv")


def _minimax_table(root: Any) -> dict[tuple[bytes, int], float]:
    """Every position reachable from ``root`` by its observation for the mover -> the exact
    value for the mover (negamax, draws 0), memoised by key."""
    memo: dict[int, float] = {}
    table: dict[tuple[bytes, int], float] = {}

    def value(state: Any) -> float:
        key = state.key
        if key in memo:
            return memo[key]
        mover = state.current_player
        best = -2.0
        for move in state.legal_moves():
            state.play(move)
            if state.is_over():
                v = float(state.returns()[mover])
            else:
                child = value(state)
                v = child if state.current_player == mover else -child
            state.undo()
            best = max(best, v)
        memo[key] = best
        table[(state.observation(mover).tobytes(), mover)] = best
        return best

    value(root.copy())
    return table


def _exact(table: dict[tuple[bytes, int], float]) -> Any:
    def evaluator(obs: np.ndarray, masks: np.ndarray, players: np.ndarray) -> Any:
        values = np.array(
            [table[(o.tobytes(), int(p))] for o, p in zip(obs, players)], dtype=np.float32
        )
        return np.zeros(masks.shape, np.float32), values

    return evaluator


def _play(root: Any, agents: list[Any]) -> list[float]:
    state = root.copy()
    while not state.is_over():
        state.play(agents[state.current_player].choose(state))
    return list(state.returns())


@pytest.mark.skipif("tic_tac_toe" not in ludorum.games(), reason="no tic_tac_toe in this build")
@pytest.mark.parametrize("cls", [PUCT, Gumbel])
def test_exact_evaluator_plays_tic_tac_toe_perfectly(cls: Any) -> None:
    root = ludorum.new("tic_tac_toe")
    exact = _exact(_minimax_table(root))
    agents = [cls(exact, simulations=64, seed=s) for s in range(2)]
    assert _play(root, agents) == [0.0, 0.0], "perfect play draws"
    for seat in range(2):
        for seed in range(4):
            seats: list[Any] = [ludorum.agents.Random(seed=seed)] * 2
            seats[seat] = cls(exact, simulations=64, seed=seed)
            assert _play(root, seats)[seat] >= 0, "never loses"


def _endgame(seed: int, left: int) -> Any:
    """A Dominions position ``left`` plies before the end of a random game."""
    rng = ludorum.SplitMix64(seed)
    state = ludorum.new("dominions")
    history = []
    while not state.is_over():
        history.append(state.copy())
        moves = state.legal_moves()
        state.play(moves[rng.below(len(moves))])
    return history[max(0, len(history) - left)]


@pytest.mark.parametrize("cls", [PUCT, Gumbel])
def test_exact_evaluator_picks_a_best_move_in_endgames(cls: Any) -> None:
    for seed in range(4):
        root = _endgame(seed, 3)
        table = _minimax_table(root)
        mover = root.current_player
        best = table[(root.observation(mover).tobytes(), mover)]
        move = cls(_exact(table), simulations=64, seed=seed).choose(root)
        after = root.copy()
        after.play(move)
        if after.is_over():
            got = after.returns()[mover]
        else:
            v = table[(after.observation(after.current_player).tobytes(), after.current_player)]
            got = v if after.current_player == mover else -v
        assert got == best


def test_learned_agents_where_agents_are_taken() -> None:
    # simulate and arena play them as Python callables; a VecEnv searches its waiting envs at once
    result = ludorum.simulate(
        "dominions", games=2, agents=[PUCT("uniform", simulations=4), "random"], max_plies=20
    )
    assert len(result.lengths) == 2
    analysis = Gumbel("evaluation", simulations=16).analyse(ludorum.new("dominions"))
    assert analysis.simulations == 16
    env = ludorum.VecEnv("dominions", num_envs=2, opponents=PUCT("uniform", simulations=4))
    _, info = env.reset()
    assert info["current_player"].tolist() == [0, 0]
    _, _, _, _, info = env.step(env.sample_actions())
    assert set(info["current_player"].tolist()) <= {0, -1}


def test_hidden_information_searches_the_mover_s_view() -> None:
    def play(texts: list[str]) -> Any:
        state = ludorum.new("armadora", first_player=0)
        for text in texts:
            state.play(text)
        return state

    a = play(["3@c3", "1@e3", "1@a1", "2@g4"])
    b = play(["3@c3", "4@e3", "1@a1", "1@g4"])
    assert a.to_json(viewer=0) == b.to_json(viewer=0)
    for cls in (PUCT, Gumbel):
        ra = cls(Counting(a.num_actions), simulations=24, seed=2).search(a)
        rb = cls(Counting(b.num_actions), simulations=24, seed=2).search(b)
        assert ra.action == rb.action
        np.testing.assert_array_equal(ra.visits, rb.visits)


@pytest.mark.parametrize(
    "make",
    [
        lambda: PUCT("evaluation", simulations=30, seed=9, dirichlet_fraction=0.25, temperature=1),
        lambda: PUCT("uniform", simulations=30, seed=9, leaves_per_game=4, cache=True),
        lambda: Gumbel("evaluation", simulations=30, seed=9, leaves_per_game=3, max_considered=4),
    ],
)
def test_same_seed_same_calls_same_results(make: Any) -> None:
    state = ludorum.new("dominions")
    a, b = make(), make()
    for _ in range(3):
        ra, rb = a.search(state), b.search(state)
        assert ra.action == rb.action
        np.testing.assert_array_equal(ra.visits, rb.visits)
        state.play(state.move_from_action(ra.action))


class RowWise:
    """A numpy evaluator whose every row depends on that leaf alone (no matrix product, whose
    rounding may change with the batch's size), counting its calls."""

    def __init__(self, num_actions: int) -> None:
        self.calls = 0
        self.table = np.random.default_rng(1).normal(size=num_actions).astype(np.float32)

    def __call__(
        self, observations: np.ndarray, masks: np.ndarray, players: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        self.calls += 1
        flat = observations.reshape(len(players), -1)
        weights = np.arange(flat.shape[1], dtype=np.float32) % 7 - 3
        h = np.tanh((flat * weights).sum(axis=1) / 10)
        return self.table * h[:, None], h


@pytest.mark.parametrize("cls", [PUCT, Gumbel])
@pytest.mark.parametrize("game", ["connect_four", "armadora"])
def test_pipeline_changes_no_result(cls: Any, game: str) -> None:
    states = [ludorum.new(game) for _ in range(5)]
    rng = ludorum.SplitMix64(2)
    for i, state in enumerate(states):
        for _ in range(i):
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
    found = {}
    calls = {}
    for pipeline in (False, True):
        e = RowWise(states[0].num_actions)
        agent = cls(e, simulations=12, seed=3, reuse=False, pipeline=pipeline)
        found[pipeline] = agent.search_many(states)
        calls[pipeline] = e.calls
    assert calls[False] < calls[True] <= 2 * calls[False], "two half calls per step"
    plain, piped = found[False], found[True]
    np.testing.assert_array_equal(plain.actions, piped.actions)
    np.testing.assert_array_equal(plain.visits, piped.visits)
    np.testing.assert_array_equal(plain.policies, piped.policies)
    np.testing.assert_array_equal(plain.values, piped.values)


def test_pipeline_takes_one_thread() -> None:
    with pytest.raises(InvalidOptionError, match="threads must be 1"):
        Gumbel("uniform", pipeline=True, threads=2)


def test_search_many_takes_reference_states_and_any_iterable() -> None:
    """Rust states go to the search as they are; a batch holding reference states, or given as
    a generator, is searched as its Rust twins; a batch with something else is refused before
    anything is searched (the agent's stream has not moved)."""
    states = [ludorum.new("connect_four")]
    for column in (3, 4, 2):
        states.append(states[-1].copy())
        states[-1].apply_action(column)
    twins = [ludorum.new("connect_four", backend="reference") for _ in states]
    for twin, state in zip(twins, states):
        for move in state.history():
            twin.apply_action(move.action)

    def rows(batch: Any) -> list[Any]:
        found = Gumbel("uniform", simulations=8, seed=3, reuse=False).search_many(batch)
        return [found.actions, found.visits, found.policies, found.values]

    expected = rows(states)
    mixed = [twins[0], *states[1:]]
    for batch in (twins, mixed, [*states[:-1], twins[-1]], iter(states), tuple(twins)):
        for got, want in zip(rows(batch), expected):
            np.testing.assert_array_equal(got, want)
    agent = Gumbel("uniform", simulations=8, seed=3, reuse=False)
    with pytest.raises(InvalidArgumentError, match="ludorum state"):
        agent.search_many([*states, "not a state"])
    with pytest.raises(InvalidArgumentError, match="every state must be a connect_four state"):
        agent.search_many([*states, ludorum.new("tic_tac_toe")])
    found = agent.search_many(states)
    np.testing.assert_array_equal(found.visits, expected[1])
