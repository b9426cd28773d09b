"""The arena's games: a fair schedule of seats (:func:`schedule`) and :func:`arena`, which plays
it through ``ludorum.simulate`` and hands the records to the ratings (see ``ludorum.arena``'s
documentation for the schedule, the seeds and the scores)."""

from __future__ import annotations

import itertools
import os
import sys
import time
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from .. import _args
from .._ply_cap import with_ply_cap
from .._progress import Progress
from .._registry import game_info, new
from ..agents import AgentLike, BuiltinAgent, as_agent
from ..errors import InvalidOptionError
from ..rng import MASK64
from ..sim import simulate
from ._ratings import openskill_model, standings
from ._results import ArenaResult, GameRecord

__all__ = ["arena", "schedule"]


def schedule(agents: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """One round of seatings: every combination of ``players`` agents in each rotation.

    Raises:
        InvalidOptionError: fewer agents than seats.

    >>> from ludorum.arena import schedule
    >>> schedule(["a", "b"], 2)
    [('a', 'b'), ('b', 'a')]
    >>> schedule(["a", "b", "c"], 2)
    [('a', 'b'), ('b', 'a'), ('a', 'c'), ('c', 'a'), ('b', 'c'), ('c', 'b')]
    """
    if len(agents) < players:
        raise InvalidOptionError(
            f"{len(agents)} agents for {players} seats: give at least one agent per seat "
            "(the same agent may be given twice under two names)"
        )
    return [
        tuple(combo[(s + r) % players] for s in range(players))
        for combo in itertools.combinations(agents, players)
        for r in range(players)
    ]


def arena(
    name: str,
    agents: Mapping[str, AgentLike] | Sequence[AgentLike],
    games: int = 100,
    *,
    seed: int = 0,
    threads: int | None = None,
    progress: bool | None = None,
    rating: Literal["auto", "elo", "openskill"] = "auto",
    cluster: Literal["ray"] | None = None,
    address: str | None = None,
    **options: Any,
) -> ArenaResult:
    """Play ``games`` games of ``name`` between ``agents`` on a fair schedule of seats, and
    rate them (see the module's documentation for the schedule, the score and the ratings).

    Args:
        name: the game (``ludorum.games()``).
        agents: the agents by name: ``{"mcts": MCTS(simulations=500), "random": Random()}``;
            the values are anything ``ludorum.simulate`` takes as an agent (a built-in agent,
            its name such as ``"mcts:2000"``, a callable ``state -> Move``). A list is named by
            its items' names (``"mcts:2000"``, or the ``repr``), numbered when repeated.
        games: how many games in all.
        seed: round ``k`` has seed ``seed + k`` (mod 2**64); an int in ``0..2**64 - 1``.
        threads: threads for the games of a call (default: all cores).
        progress: a bar on stderr (default: on a terminal, from 20 games).
        rating: ``"auto"`` (Bradley-Terry on the Elo scale for two players, openskill for
            more), ``"elo"`` (two-player games only) or ``"openskill"``.
        cluster: ``None`` (this machine) or ``"ray"``: each seating's games run as Ray tasks
            (see ``ludorum.simulate``); the records and ratings are the local ones.
        address: the Ray cluster to join (default: the running instance, or a new local one).
        options: the game's options (``players`` sets the number of seats). ``max_plies``
            defaults to the game's simulation cap, as in ``ludorum.simulate``.

    Raises:
        InvalidOptionError: unknown game, agent or option; fewer agents than seats; a bad
            count or rating method.
        ImportError: the ratings need openskill and it is not installed.
    """
    named = _named(agents)
    players = new(name, **{k: v for k, v in options.items() if k == "players"}).num_players
    seatings = schedule(list(named), players)
    games = _args.count("games", games, 0, 2**63 - 1, InvalidOptionError)
    seed = _args.seed(seed, InvalidOptionError)  # as everywhere a seed is taken
    if not isinstance(rating, str) or rating not in ("auto", "elo", "openskill"):
        raise InvalidOptionError(
            f"rating must be 'auto', 'elo' or 'openskill', got {_args.show(rating)}"
        )
    if rating == "elo" and players != 2:
        raise InvalidOptionError("rating='elo' is for two-player games; use 'openskill'")
    method = "elo" if rating == "elo" or (rating == "auto" and players == 2) else "openskill"
    if method == "openskill":
        openskill_model()  # fail before playing, not after
    if threads is None:
        threads = os.cpu_count() or 1
    reasons = game_info(name).reasons

    rounds = -(-games // len(seatings)) if games else 0
    # rounds per call: a progress step, several games per thread (on Ray, one call a seating)
    block = max(1, rounds if cluster == "ray" else 4 * threads)
    wanted = games >= 20 and sys.stderr.isatty() if progress is None else progress
    bar = Progress(name, games, sys.stderr) if wanted else None
    start = time.perf_counter()
    records: dict[int, GameRecord] = {}
    played_options: dict[str, Any] | None = None
    for first in range(0, rounds, block):
        for j, seating in enumerate(seatings):
            # the rounds k of this block in which seating j plays: k * len(seatings) + j < games
            count = min(block, rounds - first, max(0, -(-(games - j) // len(seatings)) - first))
            if count <= 0:
                continue
            result = simulate(
                name,
                games=count,
                agents=[named[a] for a in seating],
                seed=(seed + first) & MASK64,
                threads=min(threads, count),
                progress=False,
                record=True,
                cluster=cluster,
                address=address,
                **options,
            )
            played_options = result.options
            for i in range(count):
                k = first + i
                index = k * len(seatings) + j
                mask = int(result.winner_masks[i])
                records[index] = GameRecord(
                    index=index,
                    round=k,
                    seed=(seed + k) & MASK64,
                    seats=seating,
                    winners=tuple(p for p in range(players) if mask >> p & 1),
                    reason=reasons[int(result.reason_codes[i])],
                    length=int(result.lengths[i]),
                    actions=tuple(int(a) for a in result.game_actions(i)),
                )
            if bar is not None:
                bar.update(len(records), time.perf_counter() - start)
    if bar is not None:
        bar.close()
    ordered = tuple(records[i] for i in range(games))
    if played_options is None:  # no games: the options as the game reads them, capped alike
        capped = with_ply_cap(name, options, options.get("max_plies", "default"))
        played_options = dict(new(name, **capped).options)
    ranked = standings(list(named), players, ordered, method)
    return ArenaResult(
        game=name,
        options=played_options,
        seed=seed,
        agents=tuple(named),
        descriptions={n: _describe(a) for n, a in named.items()},
        standings=ranked,
        records=ordered,
        rating_method=method,
        fair=games % len(seatings) == 0,
        seconds=time.perf_counter() - start,
    )


def _named(agents: Mapping[str, AgentLike] | Sequence[AgentLike]) -> dict[str, Any]:
    if isinstance(agents, Mapping):
        named = {str(k): as_agent(v) for k, v in agents.items()}
    elif not isinstance(agents, (list, tuple)):
        raise InvalidOptionError(
            f"agents must be a dict of named agents or a list of agents, got {_args.show(agents)}"
        )
    else:
        named = {}
        for a in agents:
            base = a if isinstance(a, str) else _describe(as_agent(a))
            label, n = base, 1
            while label in named:
                n += 1
                label = f"{base}#{n}"
            named[label] = as_agent(a)
    if not named:
        raise InvalidOptionError("agents: give at least one agent per seat")
    return named


def _describe(agent: Any) -> str:
    if isinstance(agent, BuiltinAgent):
        return repr(agent)
    return str(getattr(agent, "__name__", repr(agent)))
