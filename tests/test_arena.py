"""``ludorum.arena``: the schedule of seats, the counts and scores, ratings, records that
replay, the table, the chart and the strength of MCTS against the random agent."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from games import SPECS

import ludorum
from ludorum import InvalidOptionError, State
from ludorum.agents import MCTS, Random
from ludorum.arena import schedule
from ludorum.bench_agents import seat_win_rates, strength_rows


@pytest.mark.parametrize(("agents", "players"), [(2, 2), (3, 2), (3, 3), (4, 3), (5, 4), (6, 6)])
def test_every_agent_plays_every_seat_equally_often(agents: int, players: int) -> None:
    names = [f"a{i}" for i in range(agents)]
    seatings = schedule(names, players)
    assert len(set(seatings)) == len(seatings)
    seats = Counter((agent, s) for seating in seatings for s, agent in enumerate(seating))
    assert len(set(seats.values())) == 1
    assert len(seats) == agents * players
    assert all(len(set(seating)) == players for seating in seatings)


def test_fewer_agents_than_seats_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="2 agents for 3 seats"):
        ludorum.arena("so_long_sucker", agents={"a": "random", "b": "random"}, players=3)
    with pytest.raises(InvalidOptionError, match="rating"):
        ludorum.arena("dominions", agents={"a": "random", "b": "random"}, rating="glicko")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="unknown agent"):
        ludorum.arena("dominions", agents={"a": "random", "b": "alphazero"})


def _arena(**kwargs: Any) -> ludorum.ArenaResult:
    defaults: dict[str, Any] = {
        "agents": {"mcts": MCTS(simulations=30, rollout_plies=20), "random": Random()},
        "games": 6,
        "seed": 5,
        "max_plies": 120,
    }
    return ludorum.arena("dominions", **{**defaults, **kwargs})


def test_counts_scores_and_seats() -> None:
    result = _arena(games=7)
    assert [r.index for r in result.records] == list(range(7))
    assert [r.seats for r in result.records[:2]] == [("mcts", "random"), ("random", "mcts")]
    assert [r.round for r in result.records] == [0, 0, 1, 1, 2, 2, 3]
    assert [r.seed for r in result.records] == [5, 5, 6, 6, 7, 7, 8]
    assert not result.fair and _arena(games=6).fair
    for s in result.standings:
        assert s.games == s.wins + s.draws + s.losses == 7
        records = [r for r in result.records if s.agent in r.seats]
        expected = sum(
            1 / len(r.winners) if r.seats.index(s.agent) in r.winners else 0
            for r in records
            if r.winners
        ) + sum(0.5 for r in records if not r.winners)
        assert s.score == pytest.approx(expected)
        assert s.low <= s.rating <= s.high


def test_records_replay_to_the_same_outcomes() -> None:
    result = _arena()
    for i, record in enumerate(result.records):
        state = result.replay(i)
        assert state.outcome() == record.outcome
        assert state.ply == record.length == len(record.actions)
    state = result.replay(1, backend="reference")
    assert state.outcome() == result.records[1].outcome


def test_seeded_setups_replay() -> None:
    result = ludorum.arena(
        "so_long_sucker",
        agents={"mcts": "mcts:30", "a": "random", "b": "random"},
        games=6,
        players=3,
        seed=2,
    )
    assert result.rating_method == "openskill"
    # a round (three seatings) is one deal
    assert [r.seed for r in result.records] == [2, 2, 2, 3, 3, 3]
    for i, record in enumerate(result.records):
        assert result.replay(i).outcome() == record.outcome


def test_results_do_not_depend_on_threads() -> None:
    one, two = _arena(threads=1), _arena(threads=2)
    assert one.records == two.records
    assert one.standings == two.standings


def test_callables_play_on_the_python_path() -> None:
    def first(state: State) -> Any:
        return state.legal_moves()[0]

    result = ludorum.arena(
        "so_long_sucker", agents={"first": first, "random": "random"}, games=4, players=2
    )
    assert result.descriptions["first"] == "first"
    for i, record in enumerate(result.records):
        assert result.replay(i).outcome() == record.outcome


def test_a_list_of_agents_is_named() -> None:
    result = ludorum.arena("dominions", agents=["random", "random", Random(seed=3)], games=6)
    assert result.agents == ("random", "random#2", "Random(seed=3)")


def test_elo_and_openskill_ratings() -> None:
    two = _arena(games=8)
    assert two.rating_method == "elo"
    assert sum(s.rating for s in two.standings) == pytest.approx(0, abs=1e-6)
    assert two.standings[0].agent == "mcts"
    skill = _arena(games=8, rating="openskill")
    assert skill.rating_method == "openskill"
    assert skill.standings[0].agent == "mcts"
    assert skill.standings[0].rating > skill.standings[1].rating


def test_table_chart_records_and_pandas() -> None:
    result = _arena()
    table = result.table()
    assert str(result) == table
    assert "mcts" in table and "rating (Elo, Bradley-Terry, 95% interval)" in table
    root = ET.fromstring(result.svg())
    assert root.tag.endswith("svg")
    assert len(root.findall("{http://www.w3.org/2000/svg}circle")) == 2
    out = io.StringIO()
    result.write_records(out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert lines[0]["game"] == "dominions" and set(lines[0]["agents"]) == {"mcts", "random"}
    assert [line["actions"] for line in lines[1:]] == [list(r.actions) for r in result.records]
    pytest.importorskip("pandas")
    frame = result.to_pandas()
    assert list(frame.index) == [s.agent for s in result.standings]
    assert int(frame.loc["mcts", "games"]) == 6
    assert len(result.records_to_pandas()) == 6


def test_no_games() -> None:
    result = _arena(games=0)
    assert result.records == () and all(s.games == 0 for s in result.standings)


#: per game with two players: the search agents at their defaults (MCTS, and ISMCTS where the
#: game hides information), the games from each seat, the game's options and the share of games
#: to win from each seat (its spec's ``strength`` and ``strength_floor``; fixed seeds)
SPEC_BY_NAME = {spec.name: spec for spec in SPECS}
STRENGTH = {
    name: (
        kinds,
        SPEC_BY_NAME[name].strength[0],
        {**options, **SPEC_BY_NAME[name].strength[1]},
        SPEC_BY_NAME[name].strength_floor,
    )
    for name, options, kinds in strength_rows()
}


@pytest.mark.parametrize("name", sorted(STRENGTH))
def test_default_searches_beat_random_from_every_seat(name: str) -> None:
    kinds, games, options, floor = STRENGTH[name]
    for kind in kinds:
        rates = seat_win_rates(name, kind(), games, seed=7, **options)
        assert all(rate >= floor for rate in rates), (kind.__name__, rates)


def test_strength_covers_every_two_player_game() -> None:
    assert set(STRENGTH) == {n for n in ludorum.games() if 2 in ludorum.game_info(n).players}
