"""The Armadora rules page in both backends: its test oracles, the setup draws, and hidden
information as properties (a viewer cannot tell states apart that differ only in what it may
not know)."""

from __future__ import annotations

from typing import Any

import pytest

import ludorum
from ludorum import SplitMix64

GAME = "armadora"
NAMES = [f"{'abcdefgh'[x]}{y + 1}" for y in range(5) for x in range(8)]


def new(backend: str, moves: list[str] = (), **options: Any) -> Any:
    state = ludorum.new(GAME, backend=backend, **options)
    for move in moves:
        state.play(move)
    return state


def territory_sizes(state: Any) -> list[int]:
    return sorted(len(t["cells"]) for t in state.territories())


def test_setup_draws_first_player_then_gold(backend: str) -> None:
    for players in (2, 3, 4):
        for seed in range(4):
            rng = SplitMix64(seed)
            first = rng.below(players)
            gold = [3, 4, 4, 5, 5, 6, 6, 7]
            for i in range(7, 0, -1):
                j = rng.below(i + 1)
                gold[i], gold[j] = gold[j], gold[i]
            state = new(backend, players=players, seed=seed)
            assert state.current_player == first and list(state.gold()) == gold
    given = new(backend, first_player=1, gold=[7, 6, 6, 5, 5, 4, 4, 3])
    assert given.current_player == 1 and list(given.gold()) == [7, 6, 6, 5, 5, 4, 4, 3]


def test_supplies(backend: str) -> None:
    assert new(backend, players=2).supplies()[0] == (11, 2, 1, 1, 1)
    assert new(backend, players=3).supplies()[2] == (7, 2, 1, 1, 0)
    assert new(backend, players=4).supplies()[3] == (5, 1, 1, 1, 0)
    assert new(backend).palisades_left() == 35


def test_palisades_may_not_cut_off_fewer_than_four_cells(backend: str) -> None:
    state = new(backend, first_player=0)
    for move in ["a1-b1", "pass", "a2-b2", "a3-b3"]:
        state.play(move)
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("a3-a4")  # {a1, a2, a3}
    state = new(backend, first_player=0, players=4)
    for move in ["e5-f5", "f4-f5", "g4-g5"]:
        state.play(move)
    assert "h4-h5" not in {str(m) for m in state.legal_moves()}  # {f5, g5, h5}


@pytest.mark.parametrize(
    "walls",
    [
        ["b1-c1", "b2-c2", "a2-a3", "b2-b3"],  # the 2x2 corner
        ["d1-e1", "a1-a2", "b1-b2", "c1-c2", "d1-d2"],  # the strip a1-d1
        ["c2-d2", "c3-d3", "e2-f2", "e3-f3", "d1-d2", "e1-e2", "d3-d4", "e3-e4"],  # the centre
    ],
)
def test_closing_a_territory_of_four_is_legal(backend: str, walls: list[str]) -> None:
    state = new(backend, first_player=0, players=4)
    for i in range(0, len(walls), 2):
        state.play(" ".join(walls[i : i + 2]))
    assert territory_sizes(state) == [4, 36]


def test_illegal_warriors_and_passing(backend: str) -> None:
    state = new(backend, first_player=0)
    for move in ["5@c3", "1@a1"]:
        state.play(move)
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("5@e3")  # none left
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("1@c3")  # occupied
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("1@e4")  # gold
    state.play("pass")
    assert state.current_player == 1 and state.passed() == (True, False)
    state.play("1@a2")
    assert state.current_player == 1  # player 0 has passed: skipped
    state.play("pass")
    assert state.outcome() is not None and state.scores() is not None
    assert sum(state.scores()) <= 40


def two_worlds(backend: str, seed: int) -> tuple[Any, Any, int]:
    """Two games that differ only in the strength of player 1's warriors."""
    moves_a = ["1@a1", "5@b1", "1@c1", "4@d2", "c2-d2", "1@e3"]
    moves_b = ["1@a1", "4@b1", "1@c1", "5@d2", "c2-d2", "1@e3"]
    a = new(backend, moves_a, first_player=0, seed=seed)
    b = new(backend, moves_b, first_player=0, seed=seed)
    return a, b, 0


def test_a_viewer_cannot_tell_hidden_strengths_apart(backend: str) -> None:
    a, b, viewer = two_worlds(backend, 3)
    assert a.to_json() != b.to_json() and a.key != b.key
    assert a.to_json(viewer=viewer) == b.to_json(viewer=viewer)
    assert (a.observation(viewer) == b.observation(viewer)).all()
    assert a.render(viewer=viewer) == b.render(viewer=viewer)
    assert a.svg(viewer=viewer) == b.svg(viewer=viewer)
    assert a.legal_moves() == b.legal_moves()  # the viewer's own moves reveal nothing
    view = a.to_json(viewer=viewer)
    assert "?@b1" in view["moves"] and "5@b1" not in str(view)
    assert view["warriors"][NAMES.index("b1")] == [1, None]
    assert isinstance(view["supplies"][1], int) and view["viewer"] == viewer
    assert a.to_json(viewer=1) != b.to_json(viewer=1)  # player 1 knows its own


def test_a_viewers_json_cannot_be_loaded(backend: str) -> None:
    a, _, viewer = two_worlds(backend, 3)
    with pytest.raises(ludorum.InvalidStateError):
        ludorum.from_json(a.to_json(viewer=viewer), backend=backend)


def test_resample_keeps_what_the_viewer_knows(backend: str) -> None:
    a, b, viewer = two_worlds(backend, 3)
    for seed in range(6):
        sample = a.resample(viewer, seed)
        assert sample.to_json(viewer=viewer) == a.to_json(viewer=viewer)
        assert (sample.observation(viewer) == a.observation(viewer)).all()
        assert sample.resample(viewer, seed).to_json() == sample.to_json()
        assert b.resample(viewer, seed).to_json() == sample.to_json()  # only the view matters
    assert len({a.resample(viewer, s).key for s in range(12)}) > 1


def test_views_are_revealed_at_the_end(backend: str) -> None:
    a, _, _ = two_worlds(backend, 3)
    while a.current_player is not None:
        a.play("pass")
    view = a.to_json(viewer=0)
    del view["viewer"]
    assert view == a.to_json()


def test_random_games_end_with_gold_scored(backend: str) -> None:
    for players in (2, 3, 4):
        state = new(backend, players=players, seed=players)
        rng = SplitMix64(players)
        while state.current_player is not None:
            moves = state.legal_moves()
            state.play(moves[rng.below(len(moves))])
            assert all(len(t["cells"]) >= 4 for t in state.territories())
        assert state.outcome().reason in ("gold", "tie-break")
        assert state.passed() == (True,) * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_depend_only_on_what_the_viewer_knows(backend: str, players: int) -> None:
    """Property along random games: `resample` makes states that differ only in what a viewer
    may not know; every view of that viewer must be identical in them."""
    state = new(backend, players=players, seed=players)
    rng = SplitMix64(100 + players)
    while state.current_player is not None:
        for viewer in range(players):
            other = state.resample(viewer, rng.next_u64())
            assert other.to_json(viewer=viewer) == state.to_json(viewer=viewer)
            assert (other.observation(viewer) == state.observation(viewer)).all()
            if state.ply % 5 == 0:
                assert other.render(viewer=viewer) == state.render(viewer=viewer)
                assert other.svg(viewer=viewer) == state.svg(viewer=viewer)
            if state.current_player == viewer:
                assert other.legal_moves() == state.legal_moves()
        moves = state.legal_moves()
        state.play(moves[rng.below(len(moves))])
