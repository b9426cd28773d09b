"""The plain-Python learned search (``tests/learned_search.py``) against ``docs/search-spec.md``."""

from __future__ import annotations

import math

import numpy as np
import pytest
from learned_search import (
    RandomMLP,
    considered_visits,
    gumbel_search,
    make_uniform,
    priors_from_logits,
    puct_search,
    search_many,
)

import ludorum


def tic_tac_toe(*actions: int) -> ludorum.State:
    state = ludorum.new("tic_tac_toe")
    for a in actions:
        state.apply_action(a)
    return state


def mlp_for(state: ludorum.State, seed: int = 0) -> RandomMLP:
    return RandomMLP(state.observation(0).size, state.num_actions, state.num_players, seed)


# Worked by hand from mctx's get_sequence_of_considered_visits (seq_halving.py).
@pytest.mark.parametrize(
    ("k", "n", "expected"),
    [
        (0, 3, (0, 1, 2)),
        (1, 5, (0, 1, 2, 3, 4)),
        (2, 6, (0, 0, 1, 1, 2, 2)),
        (3, 4, (0, 0, 0, 1)),
        (4, 16, (0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5)),
        (5, 10, (0, 0, 0, 0, 0, 1, 1, 2, 2, 3)),
        (16, 32, (0,) * 16 + (1,) * 8 + (2,) * 4 + (3,) * 4),
        (4, 3, (0, 0, 0)),
    ],
)
def test_considered_visit_sequence_is_mctx(k: int, n: int, expected: tuple[int, ...]) -> None:
    assert tuple(considered_visits(k, n)) == expected


def test_priors_are_a_float64_softmax_over_legal_actions() -> None:
    logits = [1.0, 50.0, 2.0, -3.0]
    priors = priors_from_logits(logits, [0, 2, 3])
    z = math.exp(-1.0) + 1.0 + math.exp(-5.0)
    assert priors == pytest.approx({0: math.exp(-1.0) / z, 2: 1.0 / z, 3: math.exp(-5.0) / z})
    assert 1 not in priors


def test_puct_with_uniform_evaluator_visits_each_move_once() -> None:
    state = tic_tac_toe()
    action, visits, policy, value = puct_search(state, make_uniform(2), 9, ludorum.SplitMix64(0))
    assert visits.tolist() == [1] * 9
    assert action == 0  # ties: equal priors, lowest id
    assert policy == pytest.approx([1 / 9] * 9)
    assert value.shape == (2,)


def test_gumbel_visits_each_considered_move_once_in_the_first_round() -> None:
    state = ludorum.new("chinese_checkers", players=3, max_plies=40)
    legal = len(state.legal_actions())
    _, visits, policy, _ = gumbel_search(state, mlp_for(state), legal, ludorum.SplitMix64(5))
    assert visits.sum() == legal and visits.max() == 1
    assert policy.sum() == pytest.approx(1.0)
    assert policy[~state.action_mask()].sum() == 0.0


@pytest.mark.parametrize("search", [puct_search, gumbel_search])
def test_a_forced_win_is_found(search) -> None:  # type: ignore[no-untyped-def]
    # X has 0 and 1, O has 3 and 4: X wins at 2, and loses at 5 if it does not
    state = tic_tac_toe(0, 3, 1, 4)
    action, _, _, value = search(state, make_uniform(2), 60, ludorum.SplitMix64(3))
    assert action == 2
    assert value[0] > 0 > value[1]


def test_two_player_scalar_values_mean_the_mover_and_its_negation() -> None:
    state = tic_tac_toe(4)
    mlp = mlp_for(state)

    def scalar(obs, masks, players):  # type: ignore[no-untyped-def]
        logits, values = mlp(obs, masks, players)
        return logits, values[np.arange(len(players)), players]

    def vector(obs, masks, players):  # type: ignore[no-untyped-def]
        logits, values = mlp(obs, masks, players)
        mine = values[np.arange(len(players)), players]
        out = np.zeros_like(values)
        out[np.arange(len(players)), players] = mine
        out[np.arange(len(players)), 1 - players] = -mine
        return logits, out

    for search in (puct_search, gumbel_search):
        a = search(state, scalar, 40, ludorum.SplitMix64(9))
        b = search(state, vector, 40, ludorum.SplitMix64(9))
        assert a[0] == b[0] and a[1].tolist() == b[1].tolist()
        assert np.array_equal(a[3], b[3])


def test_three_player_values_are_per_seat() -> None:
    state = ludorum.new("so_long_sucker", players=3)
    constant = np.array([0.5, -0.25, 0.125], dtype=np.float32)

    def evaluator(obs, masks, players):  # type: ignore[no-untyped-def]
        return np.zeros(masks.shape, np.float32), np.tile(constant, (len(players), 1))

    for search in (puct_search, gumbel_search):
        _, visits, _, value = search(state, evaluator, 30, ludorum.SplitMix64(1))
        assert visits.sum() == 30
        assert value.tolist() == pytest.approx(constant.tolist())


@pytest.mark.parametrize("kind", ["puct", "gumbel"])
def test_search_many_equals_searching_alone(kind: str) -> None:
    states = [tic_tac_toe(), tic_tac_toe(4), tic_tac_toe(0, 4, 8), tic_tac_toe(0, 3, 1, 4)]
    mlp = mlp_for(states[0], seed=3)
    calls: list[int] = []

    def counting(obs, masks, players):  # type: ignore[no-untyped-def]
        calls.append(len(players))
        return mlp(obs, masks, players)

    together = search_many(states, counting, 25, [ludorum.SplitMix64(i) for i in range(4)], kind)
    assert calls[0] == 4 and max(calls) <= 4 and len(calls) <= 1 + 25
    for i, state in enumerate(states):
        alone = search_many([state], mlp, 25, [ludorum.SplitMix64(i)], kind)[0]
        assert together[i][0] == alone[0]
        assert together[i][1].tolist() == alone[1].tolist()
        assert np.array_equal(together[i][2], alone[2])
        assert np.array_equal(together[i][3], alone[3])


@pytest.mark.parametrize("search", [puct_search, gumbel_search])
def test_hidden_information_search_depends_only_on_what_the_mover_knows(search) -> None:  # type: ignore[no-untyped-def]
    state = ludorum.new("armadora", first_player=0)
    rng = ludorum.SplitMix64(4)
    for _ in range(6):
        actions = state.legal_actions()
        state.apply_action(int(actions[rng.below(len(actions))]))
    mover = state.current_player
    twin = state.resample(mover, 99)
    mlp = mlp_for(state)
    a = search(state, mlp, 20, ludorum.SplitMix64(8))
    b = search(twin, mlp, 20, ludorum.SplitMix64(8))
    assert a[0] == b[0] and a[1].tolist() == b[1].tolist()
    assert np.array_equal(a[3], b[3])


def test_temperature_draws_from_the_visit_counts() -> None:
    state = tic_tac_toe()
    seen = set()
    for seed in range(30):
        action, visits, _, _ = puct_search(
            state, make_uniform(2), 18, ludorum.SplitMix64(seed), temperature=1.0
        )
        assert visits[action] > 0
        seen.add(action)
    assert len(seen) > 1
