"""What :func:`ludorum.arena` returns: every game's record, each agent's standing, and the
result that holds them, with its table, DataFrames, JSON lines and chart."""

from __future__ import annotations

import importlib
import json
import math
from dataclasses import dataclass
from typing import IO, Any

from .._registry import new
from .._state import State
from .._types import Outcome
from ._chart import svg

__all__ = ["AgentStanding", "ArenaResult", "GameRecord"]


@dataclass(frozen=True)
class GameRecord:
    """One game of an arena: who sat where, who won, and the moves to replay it."""

    #: index of the game in ``ArenaResult.records``
    index: int
    #: the round (its games share the seed)
    round: int
    #: the game's seed: its ``seed`` option in games with a seeded setup; the agents' offset
    seed: int
    #: the agent's name in every seat
    seats: tuple[str, ...]
    #: the winning seats (empty for a draw)
    winners: tuple[int, ...]
    #: why the game ended, in the rules' words
    reason: str
    #: plies played
    length: int
    #: the action ids of the moves, in order
    actions: tuple[int, ...]

    @property
    def outcome(self) -> Outcome:
        """The outcome, as ``state.outcome()`` gives it at the end of the game."""
        return Outcome(self.winners, self.reason)

    @property
    def winner_agents(self) -> tuple[str, ...]:
        """The names of the winning agents."""
        return tuple(self.seats[p] for p in self.winners)

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-able dict (one line of ``ludorum arena --records``)."""
        return {
            "index": self.index,
            "round": self.round,
            "seed": self.seed,
            "seats": list(self.seats),
            "winners": list(self.winners),
            "reason": self.reason,
            "length": self.length,
            "actions": list(self.actions),
        }


@dataclass(frozen=True)
class AgentStanding:
    """One agent's results over an arena, and its rating with a 95% interval."""

    agent: str
    games: int
    wins: int
    draws: int
    losses: int
    #: sum of the scores (win 1, shared win 1/#winners, draw 1/#players, loss 0)
    score: float
    rating: float
    low: float
    high: float

    @property
    def score_rate(self) -> float:
        """Mean score per game (``nan`` without games)."""
        return self.score / self.games if self.games else math.nan


@dataclass(frozen=True)
class ArenaResult:
    """What :func:`arena` played and found: standings best first, and every game's record."""

    game: str
    #: the game's options as the games were created (seeded games got their round's seed)
    options: dict[str, Any]
    seed: int
    #: the agents' names, in the order given
    agents: tuple[str, ...]
    #: the agents' descriptions (``repr`` of built-in agents), by name
    descriptions: dict[str, str]
    #: per agent, highest rating first
    standings: tuple[AgentStanding, ...]
    records: tuple[GameRecord, ...]
    #: ``"elo"`` (Bradley-Terry) or ``"openskill"`` (Plackett-Luce)
    rating_method: str
    #: every agent played every seat equally often
    fair: bool
    seconds: float

    def standing(self, agent: str) -> AgentStanding:
        """The standing of ``agent``.

        Raises:
            KeyError: no agent of that name.
        """
        for s in self.standings:
            if s.agent == agent:
                return s
        raise KeyError(agent)

    def replay(self, i: int, backend: str = "rust") -> State:
        """Game ``i`` played again from its record: the state at its end.

        >>> import ludorum
        >>> r = ludorum.arena("so_long_sucker", agents={"a": "random", "b": "random",
        ...                   "c": "random"}, games=3, players=3)
        >>> all(r.replay(i).outcome() == r.records[i].outcome for i in range(3))
        True
        """
        record = self.records[i]
        options = dict(self.options)
        if "seed" in options:
            options["seed"] = record.seed
        state = new(self.game, backend=backend, **options)
        for action in record.actions:
            state.apply_action(action)
        return state

    def table(self) -> str:
        """The standings as a plain-text table, best first."""
        scale = "Elo, Bradley-Terry" if self.rating_method == "elo" else "openskill mu"
        width = max(5, *(len(a) for a in self.agents))
        lines = [
            f"{len(self.records)} games of {self.game}, seed {self.seed}"
            f"{'' if self.fair else ' (last round cut short: seats not exactly fair)'}",
            f"{'agent':<{width}} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6} "
            f"{'score':>8} {'score%':>7}  rating ({scale}, 95% interval)",
        ]
        for s in self.standings:
            lines.append(
                f"{s.agent:<{width}} {s.games:>6} {s.wins:>6} {s.draws:>6} {s.losses:>6} "
                f"{s.score:>8.1f} {100 * s.score_rate:>6.1f}%  "
                f"{s.rating:>8.1f} [{s.low:.1f}, {s.high:.1f}]"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def to_pandas(self) -> Any:
        """The standings as a pandas DataFrame, one row per agent.

        Raises:
            ImportError: pandas is not installed.
        """
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError("ArenaResult.to_pandas needs pandas: pip install pandas") from None
        rows = [
            {
                **{k: getattr(s, k) for k in AgentStanding.__dataclass_fields__},
                "score_rate": s.score_rate,
            }
            for s in self.standings
        ]
        return pandas.DataFrame(rows).set_index("agent")

    def records_to_pandas(self) -> Any:
        """Every game's record as a pandas DataFrame, one row per game (actions as lists).

        Raises:
            ImportError: pandas is not installed.
        """
        try:
            pandas = importlib.import_module("pandas")
        except ImportError:
            raise ImportError(
                "ArenaResult.records_to_pandas needs pandas: pip install pandas"
            ) from None
        return pandas.DataFrame([r.to_json() for r in self.records]).set_index("index")

    def write_records(self, file: IO[str]) -> None:
        """Every game's record as JSON lines (:meth:`GameRecord.to_json`), after a first line
        that names the game, its options, the seed and the agents."""
        head = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "agents": self.descriptions,
        }
        file.write(json.dumps(head) + "\n")
        for record in self.records:
            file.write(json.dumps(record.to_json()) + "\n")

    def svg(self, width: int = 560) -> str:
        """The ratings with their 95% intervals as an SVG chart (standard library only).

        >>> import ludorum
        >>> r = ludorum.arena("dominions", agents={"a": "random", "b": "random"}, games=2)
        >>> r.svg().startswith("<svg")
        True
        """
        return svg(self, width)

    def _repr_svg_(self) -> str:
        return self.svg()
