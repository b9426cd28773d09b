"""ludorum against OpenSpiel on Chinese Checkers, for ``ludorum bench agents``: OpenSpiel's
C++ ``MCTSBot`` searching the same position, and a match between the two engines' searches.

The match needs one game on two boards: OpenSpiel's first player starts at the top of its star
and ludorum's at the bottom, OpenSpiel decides each hop of a chain as its own action where
ludorum plays a whole turn as one move, and neither reads the other's notation. So every move
is carried over by comparing boards: after ludorum's move, the OpenSpiel turn (a chain of its
actions) that reaches the same board; after OpenSpiel's turn, the ludorum move that does.

This is its own module because it is about one game and one other engine, while the benches
that run it (``ludorum.bench_agents``) and the generic bench (``ludorum.bench``) are about
every game. It is imported only when the bench runs (OpenSpiel is optional: ``pyspiel`` is
passed in by the caller).
"""

from __future__ import annotations

from typing import Any

from ._registry import new
from .agents import MCTS
from .bench import timed

__all__ = ["CC_OPTIONS", "ROLLOUT_TURNS", "openspiel_match", "openspiel_search_rate"]

#: the Chinese Checkers configuration of the agents bench, and the rollout cut in turns
CC_OPTIONS: dict[str, Any] = {"players": 2, "pieces": 10, "area": "free"}
ROLLOUT_TURNS = 100


def openspiel_search_rate(pyspiel: Any, simulations: int, seconds: float) -> float:
    """OpenSpiel's C++ ``MCTSBot`` with ``RandomRolloutEvaluator``, simulations per second.

    OpenSpiel's rollouts run to the end of the game; with ``max_moves=100`` (counted in turns:
    a hop chain is one) they stop at turn 100 of the game, that is 100 turns from the start
    minus the depth of the tree (a few turns), a little shorter than ludorum's 100 turns after
    the tree: what differs can only flatter OpenSpiel.
    """
    game = pyspiel.load_game(
        f"chinese_checkers(players={CC_OPTIONS['players']},max_moves={ROLLOUT_TURNS})"
    )
    state = game.new_initial_state()
    seeds = iter(range(1 << 62))

    def search() -> int:
        seed = next(seeds)
        bot = pyspiel.MCTSBot(
            game,
            pyspiel.RandomRolloutEvaluator(1, seed),
            1.4,
            simulations,
            1000,
            False,
            seed,
            False,
        )
        bot.step(state)
        return simulations

    return timed(search, seconds)


def _openspiel_board(state: Any) -> list[str]:
    """OpenSpiel's Chinese Checkers board in reading order (top row first): '.', '1', '2'."""
    rows = str(state).split("Player")[0].strip("\n").split("\n")
    return [cell for row in rows for cell in row.split()]


def _ludorum_board(state: Any) -> list[str]:
    """ludorum's board in OpenSpiel's reading order and digits.

    OpenSpiel's first player starts at the top and ludorum's at the bottom, so one board is the
    other turned half a turn: OpenSpiel's rows top to bottom are ludorum's rows ``a`` to ``q``,
    each read right to left; ludorum's player ``p`` is OpenSpiel's digit ``p + 1``.
    """
    rows: list[list[str]] = []
    for line in state.render().splitlines():
        parts = line.split()
        if len(parts) >= 3 and len(parts[0]) == 1 and parts[0].isalpha():
            rows.append(parts[1:-1])
    cells: list[str] = []
    for row in reversed(rows):  # the render draws row q first
        cells += ["." if c == "." else str(int(c) + 1) for c in reversed(row)]
    return cells


def _openspiel_turns(state: Any) -> list[Any]:
    """The distinct states after one whole turn of OpenSpiel's player to move (a hop chain is
    several of its actions)."""
    player, stack = state.current_player(), [state]
    found: dict[str, Any] = {}
    while stack:
        node = stack.pop()
        for action in node.legal_actions():
            child = node.clone()
            child.apply_action(action)
            if child.is_terminal() or child.current_player() != player:
                found.setdefault(str(child).split("Player")[0], child)
            else:
                stack.append(child)
    return list(found.values())


def _leader(state: Any) -> int | None:
    """The player whose pieces have come further toward home (the sum of each piece's rows
    gained), ``None`` when equal: who leads a game stopped at the turn limit."""
    board = _ludorum_board(state)  # OpenSpiel's reading order: row 0 at the top
    rows = [row for row, count in enumerate(_ROW_LENGTHS) for _ in range(count)]
    # OpenSpiel's first player ('1') starts at the top and goes down; ludorum's player 0 is '1'.
    gained = [
        sum(rows[i] for i, c in enumerate(board) if c == "1"),
        sum(16 - rows[i] for i, c in enumerate(board) if c == "2"),
    ]
    if gained[0] == gained[1]:
        return None
    return 0 if gained[0] > gained[1] else 1


#: the number of holes in each row of the star, top to bottom
_ROW_LENGTHS = (1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1)


def openspiel_match(pyspiel: Any, games: int, per_move: float, max_turns: int) -> dict[str, int]:
    """ludorum's MCTS against OpenSpiel's C++ MCTSBot on Chinese Checkers (2 players, 10 pieces,
    ``free``), each with ``per_move`` seconds of wall time per decision (OpenSpiel decides each
    hop of a chain on its own, with that time for each), seats alternating, ``max_turns`` turns
    at most (then the player whose pieces have come further wins, by ludorum's evaluation).
    Rollouts: ludorum's cut at 100 turns and scored; OpenSpiel's to its ``max_moves``."""
    score = {"ludorum": 0, "openspiel": 0, "draws": 0}
    game = pyspiel.load_game(f"chinese_checkers(players=2,max_moves={max_turns})")
    for g in range(games):
        ours = g % 2  # ludorum's seat
        lud = new("chinese_checkers", players=2, pieces=10, area="free", max_plies=max_turns)
        agent = MCTS(simulations=10**9, rollout_plies=ROLLOUT_TURNS, seed=g, time_limit=per_move)
        bot = pyspiel.MCTSBot(
            game,
            pyspiel.RandomRolloutEvaluator(1, g),
            1.4,
            10**9,
            1000,
            False,
            g,
            False,
            pyspiel.ChildSelectionPolicy.UCT,
            per_move,
        )
        os_state = game.new_initial_state()
        while lud.current_player is not None and not os_state.is_terminal():
            if lud.current_player == ours:
                lud.play(agent.choose(lud))
                board = _ludorum_board(lud)
                matches = [t for t in _openspiel_turns(os_state) if _openspiel_board(t) == board]
                assert matches, "every ludorum move is one OpenSpiel turn"
                os_state = matches[0]
            else:
                player = os_state.current_player()
                while not os_state.is_terminal() and os_state.current_player() == player:
                    os_state.apply_action(bot.step(os_state))
                board = _openspiel_board(os_state)
                for move in lud.legal_moves():
                    after = lud.copy()
                    after.play(move)
                    if _ludorum_board(after) == board:
                        lud.play(move)
                        break
                else:
                    raise AssertionError("every OpenSpiel turn is one ludorum move")
        outcome = lud.outcome()
        if outcome is not None and outcome.winners:
            winner: int | None = outcome.winners[0]
        else:
            winner = _leader(lud)
        if winner is None:
            score["draws"] += 1
        else:
            score["ludorum" if winner == ours else "openspiel"] += 1
    return score
