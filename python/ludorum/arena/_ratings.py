"""The scores and ratings of an arena's games (see ``ludorum.arena``'s documentation): per
agent the counts and score, and a rating with a 95% interval, by Bradley-Terry on the Elo scale
(two players) or by openskill's Plackett-Luce model (more)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ._results import AgentStanding, GameRecord

__all__ = ["ELO", "Z95", "openskill_model", "standings"]

#: the z value of a two-sided 95% interval
Z95 = 1.959963984540054
#: the Elo scale: a rating difference of 400 is odds of 10 to 1
ELO = 400 / math.log(10)


def _scores(record: GameRecord, players: int) -> list[float]:
    if not record.winners:
        return [1 / players] * players
    share = 1 / len(record.winners)
    return [share if p in record.winners else 0.0 for p in range(players)]


def standings(
    agents: list[str], players: int, records: Sequence[GameRecord], method: str
) -> tuple[AgentStanding, ...]:
    """Each agent's counts, score and rating (``method``: ``"elo"`` or ``"openskill"``), highest
    rating first."""
    count = {a: [0, 0, 0, 0] for a in agents}  # games, wins, draws, losses
    score = dict.fromkeys(agents, 0.0)
    for record in records:
        for p, (agent, s) in enumerate(zip(record.seats, _scores(record, players))):
            c = count[agent]
            c[0] += 1
            c[1 if p in record.winners else 2 if not record.winners else 3] += 1
            score[agent] += s
    ratings = _elo(agents, records) if method == "elo" else _openskill_ratings(agents, records)
    rows = []
    for a in agents:
        games, wins, draws, losses = count[a]
        rating, low, high = ratings[a]
        rows.append(AgentStanding(a, games, wins, draws, losses, score[a], rating, low, high))
    rows.sort(key=lambda s: -s.rating)
    return tuple(rows)


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


def openskill_model() -> Any:
    """openskill's Plackett-Luce model (the class).

    Raises:
        ImportError: openskill is not installed.
    """
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
    model = openskill_model()()
    ratings = {a: model.rating(name=a) for a in agents}
    for record in records:
        teams = [[ratings[a]] for a in record.seats]
        ranks = [1 if p in record.winners or not record.winners else 2 for p in range(len(teams))]
        for agent, (rated,) in zip(record.seats, model.rate(teams, ranks=ranks)):
            ratings[agent] = rated
    return {a: (r.mu, r.mu - Z95 * r.sigma, r.mu + Z95 * r.sigma) for a, r in ratings.items()}
