"""The search agents through the Python API, on every game: determinism by seed and thread
count, the statistics of ``analyse``, immediate wins found and immediate losses avoided in
positions found along seeded random games, and information-set search that depends only on
what its player may see. Strength against the random agent is in ``test_arena.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import ludorum
from ludorum import SplitMix64, State
from ludorum.agents import ISMCTS, MCTS, Random

GAMES = ludorum.games()


def _capped(name: str, **options: Any) -> State:
    """A new game, with the game's simulation cap where random play need not end."""
    cap = ludorum.game_info(name).simulation_max_plies
    if cap is not None:
        options.setdefault("max_plies", cap)
    return ludorum.new(name, **options)


def _positions(name: str, count: int, seed: int = 11) -> list[State]:
    """``count`` positions along seeded random games, each up to 30 plies in and never over
    (a short game stops at its last position before the end)."""
    rng = SplitMix64(seed)
    out = []
    for game_seed in range(count):
        options = {"seed": game_seed} if ludorum.game_info(name).seeded else {}
        state = _capped(name, **options)
        for _ in range(rng.below(30)):
            moves = state.legal_moves()
            after = state.copy()
            after.play(moves[rng.below(len(moves))])
            if after.is_over():
                break
            state = after
        out.append(state)
    return out


def _wins_at_once(state: State, move: Any) -> bool:
    """Whether ``move`` ends the game at once with the player to move its sole winner."""
    player = state.current_player
    after = state.copy()
    after.play(move)
    outcome = after.outcome()
    return outcome is not None and outcome.winners == (player,)


def _search(simulations: int, seed: int = 0, threads: int = 1) -> MCTS:
    return MCTS(simulations=simulations, seed=seed, threads=threads, rollout_plies=40)


@pytest.mark.parametrize("name", GAMES)
def test_choices_are_reproducible_by_seed_and_threads(name: str) -> None:
    for state in _positions(name, 2):
        before = state.to_json()
        for threads in (1, 2):
            a = _search(120, seed=5, threads=threads).analyse(state)
            b = _search(120, seed=5, threads=threads).analyse(state)
            assert a == b, f"{name}: the same seed and threads give the same search"
            assert a.simulations == 120
            assert sum(m.visits for m in a.moves) == 120
            move = _search(120, seed=5, threads=threads).choose(state)
            assert move == _search(120, seed=5, threads=threads).choose(state)
            assert move in state.legal_moves()
        assert state.to_json() == before, "the state is not changed"


@pytest.mark.parametrize("name", GAMES)
def test_analyse_adds_up(name: str) -> None:
    state = _positions(name, 1)[0]
    analysis = _search(64, seed=2).analyse(state)
    assert sum(m.visits for m in analysis.moves) == analysis.simulations == 64
    assert all(-1 <= v <= 1 for m in analysis.moves for v in m.values)
    assert all(len(m.values) == state.num_players for m in analysis.moves)
    assert Random(seed=1).analyse(state).simulations == 0
    assert "visits" in analysis.table(3)


def _walk(name: str, seeds: range) -> Iterator[State]:
    """Every position along seeded random games (capped), in order."""
    for seed in seeds:
        options = {"seed": seed} if ludorum.game_info(name).seeded else {}
        state = _capped(name, **options)
        rng = SplitMix64(seed)
        while state.current_player is not None:
            yield state
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])


#: positions each game contributes to the win and loss checks, at most
_PER_GAME = 4


def test_immediate_wins_are_found() -> None:
    """Along random games, every position (up to a few per game) where some move, not all,
    wins at once, with few enough moves for the budget: MCTS plays a winning move."""
    tried: dict[str, int] = {}
    for name in GAMES:
        tried[name] = 0
        for state in _walk(name, range(40)):
            if tried[name] >= _PER_GAME:
                break
            moves = state.legal_moves()
            if len(moves) * 4 > 300:
                continue
            winning = [m for m in moves if _wins_at_once(state, m)]
            if 0 < len(winning) < len(moves):
                tried[name] += 1
                choice = _search(300, seed=3).choose(state)
                assert choice in winning, f"{name}: missed a win {winning} at ply {state.ply}"
    assert sum(tried.values()) >= 6, tried


def _loses_at_once(state: State, move: Any) -> bool:
    """Whether after ``move`` the opponent (two players) has a move that wins at once."""
    after = state.copy()
    after.play(move)
    if after.current_player is None or after.current_player == state.current_player:
        return False
    return any(_wins_at_once(after, reply) for reply in after.legal_moves())


def test_immediate_losses_are_avoided() -> None:
    """Two-player positions along random games where some moves let the opponent win at once
    and others do not, and no move wins at once: MCTS plays one that does not lose."""
    tried: dict[str, int] = {}
    for name in GAMES:
        if 2 not in ludorum.game_info(name).players or ludorum.game_info(name).hidden_information:
            continue  # with hidden information, the opponent's win may not be knowable
        tried[name] = 0
        for state in _walk(name, range(30)):
            if tried[name] >= _PER_GAME:
                break
            moves = state.legal_moves()
            if len(moves) > 24 or state.num_players != 2:
                continue
            if any(_wins_at_once(state, m) for m in moves):
                continue
            safe = [m for m in moves if not _loses_at_once(state, m)]
            if 0 < len(safe) < len(moves):
                tried[name] += 1
                # enough simulations to try every reply of the opponent after every move
                choice = _search(3000, seed=4).choose(state)
                assert choice in safe, f"{name}: lost at once at ply {state.ply}, safe: {safe}"
    assert sum(tried.values()) >= 4, tried


def test_information_set_search_sees_only_its_players_view() -> None:
    # Two referee states that agree on everything player 0 sees: player 1's warriors differ
    # only in strength.
    a = ludorum.new("armadora", first_player=0)
    b = a.copy()
    for text_a, text_b in [("3@c3", "3@c3"), ("1@e3", "4@e3"), ("1@a1", "1@a1"), ("2@g4", "1@g4")]:
        a.play(text_a)
        b.play(text_b)
    assert a.to_json() != b.to_json()
    assert a.to_json(viewer=0) == b.to_json(viewer=0)
    for threads in (1, 2):
        for agent in (ISMCTS, MCTS):  # MCTS searches information sets in Armadora too
            pa = agent(simulations=200, seed=9, threads=threads, rollout_plies=40).analyse(a)
            pb = agent(simulations=200, seed=9, threads=threads, rollout_plies=40).analyse(b)
            assert pa == pb, "the choice depends only on what player 0 may see"


def test_callables_and_names_are_agents() -> None:
    def first(state: State) -> Any:
        return state.legal_moves()[0]

    result = ludorum.simulate(
        "so_long_sucker", games=2, agents=[first, "mcts:20"], players=2, record=True
    )
    assert result.agents[0] == "first"
    assert result.replay(1).outcome() is not None


def test_the_agents_bench_has_a_speed_row_per_game() -> None:
    from ludorum.bench_agents import (
        SPEED_OPENING,
        opening,
        opening_plies,
        search_speed,
        search_speeds,
        speed_rows,
    )

    rows = speed_rows()
    assert {name for name, _ in rows} == set(ludorum.games())
    players = {ludorum.new(n, **o).num_players for n, o in rows if n == "armadora"}
    assert players == {2, 4}  # the fewest and the most players
    # a short game opens with fewer plies, so that the search has a game left to search
    assert opening_plies("chinese_checkers", dict(rows)["chinese_checkers"]) == SPEED_OPENING
    plies = opening_plies("tic_tac_toe", {})
    assert 0 < plies < SPEED_OPENING
    state = opening("tic_tac_toe", {}, plies)
    assert state.ply == plies
    wall, cpu = search_speed(state, simulations=50, rounds=1, seconds=0.01)
    assert wall > 0 and cpu > 0
    # every thread count measured, each the best of its rounds
    both = search_speeds(state, (1, 2), simulations=50, rounds=2, seconds=0.01)
    assert sorted(both) == [1, 2] and all(w > 0 and c > 0 for w, c in both.values())
