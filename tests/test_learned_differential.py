"""The Rust learned searches (``ludorum.agents.PUCT`` / ``Gumbel``) against the plain-Python one.

Both are written from ``docs/search-spec.md``; with the same deterministic evaluator and the
same seed they must give the same visit counts and the same action (and the same policy and
value up to float rounding). The agent holds one ``SplitMix64(seed)`` that every search
advances; the reference is given a generator of the same seed and searches the same positions
in the same order.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from learned_search import RandomMLP, gumbel_search, puct_search

import ludorum
import ludorum.agents

if not hasattr(ludorum.agents, "PUCT") or not hasattr(ludorum.agents, "Gumbel"):
    pytest.skip("ludorum.agents has no PUCT / Gumbel yet", allow_module_level=True)

SIMULATIONS = 24

GAMES = [
    ("tic_tac_toe", {}),
    ("connect_four", {}),
    ("chinese_checkers", {"players": 3, "max_plies": 60}),
    ("chinese_checkers", {"players": 4, "max_plies": 60}),
    ("so_long_sucker", {"players": 3}),
    ("so_long_sucker", {"players": 4}),
    ("armadora", {}),
]


def positions(name: str, options: dict[str, Any], count: int = 3) -> list[Any]:
    """A few positions along a seeded random game (the start, then every few plies)."""
    if name not in ludorum.games():
        pytest.skip(f"{name} is not in this build")
    state = ludorum.new(name, **options)
    rng = ludorum.SplitMix64(17)
    out = []
    while len(out) < count and not state.is_over():
        out.append(state.copy())
        for _ in range(3):
            if state.is_over():
                break
            actions = state.legal_actions()
            state.apply_action(int(actions[rng.below(len(actions))]))
    return out


def check_same(rust: Any, ref: tuple[int, np.ndarray, np.ndarray, np.ndarray]) -> None:
    action, visits, policy, value = ref
    assert np.asarray(rust.visits).tolist() == visits.tolist()
    assert int(rust.action) == action
    np.testing.assert_allclose(np.asarray(rust.policy, dtype=np.float64), policy, atol=1e-6)
    np.testing.assert_allclose(np.asarray(rust.value, dtype=np.float64), value, atol=1e-5)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_puct_matches_the_reference(name: str, options: dict[str, Any]) -> None:
    states = positions(name, options)
    mlp = RandomMLP(states[0].observation(0).size, states[0].num_actions, states[0].num_players)
    agent = ludorum.agents.PUCT(
        mlp,
        simulations=SIMULATIONS,
        seed=5,
        c_puct=1.25,
        temperature=0.0,
        dirichlet_fraction=0.0,
        reuse=False,
    )
    rng = ludorum.SplitMix64(5)
    for state in states:
        check_same(agent.search(state), puct_search(state, mlp, SIMULATIONS, rng, c_puct=1.25))


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
def test_gumbel_matches_the_reference(name: str, options: dict[str, Any]) -> None:
    states = positions(name, options)
    mlp = RandomMLP(states[0].observation(0).size, states[0].num_actions, states[0].num_players)
    agent = ludorum.agents.Gumbel(
        mlp, simulations=SIMULATIONS, seed=7, max_considered=8, reuse=False
    )
    rng = ludorum.SplitMix64(7)
    for state in states:
        check_same(agent.search(state), gumbel_search(state, mlp, SIMULATIONS, rng, 8))


def test_puct_two_player_scalar_values() -> None:
    """``(L,)`` values: the mover's value, the other seat its negation, in both."""
    state = positions("tic_tac_toe", {}, 1)[0]
    mlp = RandomMLP(state.observation(0).size, state.num_actions, 2, seed=4)

    def scalar(obs: np.ndarray, masks: np.ndarray, players: np.ndarray) -> Any:
        logits, values = mlp(obs, masks, players)
        return logits, values[np.arange(len(players)), players]

    agent = ludorum.agents.PUCT(scalar, simulations=SIMULATIONS, seed=3, reuse=False)
    check_same(agent.search(state), puct_search(state, scalar, SIMULATIONS, ludorum.SplitMix64(3)))
