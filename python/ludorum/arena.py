"""Matches between agents: a fair schedule of seats, results per agent, ratings with intervals.

``ludorum.arena(name, agents={...}, games=N)`` plays ``N`` games between named agents and
returns an :class:`ArenaResult`: per agent the games, wins, draws, losses and score, a rating
with a 95% interval, and the record of every game (seats, winners, length, seed, action ids),
so that any game can be replayed.

**The schedule.** For ``P`` seats and ``K >= P`` agents, a *round* plays every combination of
``P`` agents (in the order the agents are given) in each of its ``P`` rotations: seating ``r``
of a combination ``(a0, a1, ..., a(P-1))`` puts agent ``a((s + r) mod P)`` in seat ``s``. A round
holds ``C(K, P) * P`` games, and in it every agent plays every seat equally often, against every
set of opponents equally often. ``games`` need not be a multiple of the round: the last round is
then cut short, and the seats are fair only up to that cut (``ArenaResult.fair`` says whether
they are). Two agents in a two-player game simply alternate seats.

**Seeds.** All games of round ``k`` share the seed ``seed + k`` (mod 2**64): a seeded setup
(Armadora's gold, a random first player) is dealt once per round and played from every seating,
as in duplicate bridge, which takes the luck of the deal out of the comparison. As in
``ludorum.simulate``, the agents' seeds are offset by the game's seed. The games are played by
``ludorum.simulate(..., agents=[...], record=True)``, one call per seating and block of rounds:
built-in agents inside Rust with the GIL released, Python callables in Python. The results do
not depend on ``threads``.

**Score.** A sole winner scores 1; winners who share a win score ``1 / #winners`` each; in a
draw (no winner) every player scores ``1 / P``; losers score 0. ``wins`` counts the games an
agent won or shared, ``draws`` the games nobody won, ``losses`` the rest.

**Ratings.** With two players (and ``rating="auto"``), a Bradley-Terry fit of all games, on the
Elo scale: the expected score of ``a`` against ``b`` is ``1 / (1 + 10 ** ((Rb - Ra) / 400))``; a
draw counts as half a win for each; one virtual draw between every pair of agents that met
keeps the fit finite when an agent won every game; the ratings are centred on 0 (their mean);
the interval is ``± 1.96`` standard errors from the fit's Fisher information. With more players
(or ``rating="openskill"``), the Weng-Lin Plackett-Luce model of the ``openskill`` library
(``pip install ludorum[arena]``), updated game by game in the schedule's order, with the winners
ranked first and the others tied after them; the rating is ``mu`` and the interval
``mu ± 1.96 sigma``.

>>> import ludorum
>>> from ludorum.agents import MCTS, Random
>>> result = ludorum.arena("dominions", agents={"mcts": MCTS(simulations=30), "random": Random()},
...                        games=4, seed=1, max_plies=60)
>>> [(s.agent, s.games) for s in result.standings]
[('mcts', 4), ('random', 4)]
>>> [r.seats for r in result.records[:2]]
[('mcts', 'random'), ('random', 'mcts')]
>>> result.replay(0).outcome() == result.records[0].outcome
True
"""

from __future__ import annotations

import html
import importlib
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, Literal

from . import _args
from ._registry import game_info, new
from ._state import State
from ._types import Outcome
from .agents import AgentLike, BuiltinAgent, as_agent
from .errors import InvalidOptionError
from .rng import MASK64
from .sim import _Progress, simulate

__all__ = ["AgentStanding", "ArenaResult", "GameRecord", "arena", "schedule"]

#: the z value of a two-sided 95% interval
Z95 = 1.959963984540054
#: the Elo scale: a rating difference of 400 is odds of 10 to 1
ELO = 400 / math.log(10)


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
        return _svg(self, width)

    def _repr_svg_(self) -> str:
        return self.svg()


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
        _openskill()  # fail before playing, not after
    if threads is None:
        threads = os.cpu_count() or 1
    reasons = game_info(name).reasons

    rounds = -(-games // len(seatings)) if games else 0
    # rounds per call: a progress step, several games per thread (on Ray, one call a seating)
    block = max(1, rounds if cluster == "ray" else 4 * threads)
    wanted = games >= 20 and sys.stderr.isatty() if progress is None else progress
    bar = _Progress(name, games, sys.stderr) if wanted else None
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
    if played_options is None:  # no games: the options as the game reads them
        capped = dict(options)
        cap = game_info(name).simulation_max_plies
        if cap is not None and "max_plies" not in capped:
            capped["max_plies"] = cap
        played_options = dict(new(name, **capped).options)
    standings = _standings(list(named), players, ordered, method)
    return ArenaResult(
        game=name,
        options=played_options,
        seed=seed,
        agents=tuple(named),
        descriptions={n: _describe(a) for n, a in named.items()},
        standings=standings,
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


def _scores(record: GameRecord, players: int) -> list[float]:
    if not record.winners:
        return [1 / players] * players
    share = 1 / len(record.winners)
    return [share if p in record.winners else 0.0 for p in range(players)]


def _standings(
    agents: list[str], players: int, records: Sequence[GameRecord], method: str
) -> tuple[AgentStanding, ...]:
    count = {a: [0, 0, 0, 0] for a in agents}  # games, wins, draws, losses
    score = dict.fromkeys(agents, 0.0)
    for record in records:
        for p, (agent, s) in enumerate(zip(record.seats, _scores(record, players))):
            c = count[agent]
            c[0] += 1
            c[1 if p in record.winners else 2 if not record.winners else 3] += 1
            score[agent] += s
    ratings = _elo(agents, records) if method == "elo" else _openskill_ratings(agents, records)
    standings = []
    for a in agents:
        games, wins, draws, losses = count[a]
        rating, low, high = ratings[a]
        standings.append(AgentStanding(a, games, wins, draws, losses, score[a], rating, low, high))
    standings.sort(key=lambda s: -s.rating)
    return tuple(standings)


def _elo(agents: list[str], records: Sequence[GameRecord]) -> dict[str, tuple[float, float, float]]:
    """A Bradley-Terry fit on the Elo scale, centred on 0, with ``± 1.96`` standard errors."""
    import numpy as np

    index = {a: i for i, a in enumerate(agents)}
    k = len(agents)
    n = np.zeros((k, k))  # games between i and j
    s = np.zeros((k, k))  # score of i against j
    for record in records:
        i, j = (index[x] for x in record.seats)
        first = _scores(record, 2)[0]
        n[i, j] += 1
        n[j, i] += 1
        s[i, j] += first
        s[j, i] += 1 - first
    met = (n > 0) & ~np.eye(k, dtype=bool)
    n = n + met  # one virtual draw between every pair that met
    s = s + 0.5 * met
    theta = np.zeros(k)
    for _ in range(100):
        p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i scores against j
        gradient = (s - n * p).sum(axis=1)
        w = n * p * (1 - p)
        hessian = w - np.diag(w.sum(axis=1))
        step = np.linalg.pinv(-hessian) @ gradient
        theta = theta + step
        theta -= theta.mean()
        if np.abs(step).max() < 1e-10:
            break
    p = 1 / (1 + np.exp(theta[None, :] - theta[:, None]))
    w = n * p * (1 - p)
    covariance = np.linalg.pinv(np.diag(w.sum(axis=1)) - w)
    out = {}
    for a, i in index.items():
        se = math.sqrt(max(0.0, float(covariance[i, i]))) * ELO
        r = float(theta[i]) * ELO
        out[a] = (r, r - Z95 * se, r + Z95 * se)
    return out


def _openskill() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise ImportError(
            "ratings of games with more than two players use openskill: "
            "pip install 'ludorum[arena]' (or pip install openskill)"
        ) from None
    return PlackettLuce


def _openskill_ratings(
    agents: list[str], records: Sequence[GameRecord]
) -> dict[str, tuple[float, float, float]]:
    model = _openskill()()
    ratings = {a: model.rating(name=a) for a in agents}
    for record in records:
        teams = [[ratings[a]] for a in record.seats]
        ranks = [1 if p in record.winners or not record.winners else 2 for p in range(len(teams))]
        for agent, (rated,) in zip(record.seats, model.rate(teams, ranks=ranks)):
            ratings[agent] = rated
    return {a: (r.mu, r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma) for a, r in ratings.items()}


def _ticks(low: float, high: float, count: int = 6) -> Iterator[float]:
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw)) if raw > 0 else 1.0
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    tick = math.ceil(low / step) * step
    while tick <= high + 1e-9:
        yield tick
        tick += step


def _svg(result: ArenaResult, width: int) -> str:
    rows = result.standings
    label = 12 + 7 * max(5, *(len(s.agent) for s in rows))
    top, row_height, bottom = 36, 28, 40
    height = top + row_height * len(rows) + bottom
    low = min(s.low for s in rows)
    high = max(s.high for s in rows)
    if not high > low:
        low, high = low - 1, high + 1
    pad = (high - low) * 0.05
    low, high = low - pad, high + pad
    left, right = label + 10, width - 20

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * (right - left)

    scale = "Elo (Bradley-Terry)" if result.rating_method == "elo" else "openskill mu"
    title = f"{result.game}: {len(result.records)} games, rating with 95% interval"
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2:.1f}" y="20" text-anchor="middle" font-weight="bold">'
        f"{html.escape(title)}</text>",
    ]
    axis_y = top + row_height * len(rows) + 4
    for tick in _ticks(low, high):
        tx = x(tick)
        parts.append(
            f'<line x1="{tx:.1f}" y1="{top - 4}" x2="{tx:.1f}" y2="{axis_y}" stroke="#ddd"/>'
        )
        parts.append(
            f'<text x="{tx:.1f}" y="{axis_y + 16}" text-anchor="middle" font-size="11">'
            f"{tick:g}</text>"
        )
    parts.append(
        f'<text x="{(left + right) / 2:.1f}" y="{height - 6}" text-anchor="middle" '
        f'font-size="11">{html.escape(scale)}</text>'
    )
    for i, s in enumerate(rows):
        y = top + row_height * i + row_height / 2
        parts.append(
            f'<text x="{label}" y="{y + 4:.1f}" text-anchor="end">{html.escape(s.agent)}</text>'
        )
        parts.append(
            f'<line x1="{x(s.low):.1f}" y1="{y:.1f}" x2="{x(s.high):.1f}" y2="{y:.1f}" '
            f'stroke="#3366aa" stroke-width="2"/>'
        )
        for end in (s.low, s.high):
            parts.append(
                f'<line x1="{x(end):.1f}" y1="{y - 6:.1f}" x2="{x(end):.1f}" y2="{y + 6:.1f}" '
                f'stroke="#3366aa" stroke-width="2"/>'
            )
        parts.append(
            f'<circle cx="{x(s.rating):.1f}" cy="{y:.1f}" r="5" fill="#cc3311">'
            f"<title>{html.escape(s.agent)}: {s.rating:.1f} [{s.low:.1f}, {s.high:.1f}]"
            "</title></circle>"
        )
    parts.append("</svg>")
    return "\n".join(parts)
