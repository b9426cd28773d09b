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

# The package holds one job per module: _play (the schedule of seats and the games played on
# it), _results (what an arena returns), _ratings (scores, Bradley-Terry and openskill), _chart
# (the SVG of the ratings). Every public name is here, where it always was.
from ._play import arena, schedule
from ._ratings import ELO as ELO  # public constants of the old module, kept importable
from ._ratings import Z95 as Z95
from ._results import AgentStanding, ArenaResult, GameRecord

__all__ = ["AgentStanding", "ArenaResult", "GameRecord", "arena", "schedule"]
