"""The one contract of DESIGN.md, checked on both backends: API, errors, JSON, RL view."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

import ludorum

GAME = "chinese_checkers"


def test_registry() -> None:
    assert ludorum.games() == ["chinese_checkers"]
    with pytest.raises(ludorum.InvalidOptionError, match="known games: chinese_checkers"):
        ludorum.new("chess")
    with pytest.raises(ludorum.InvalidOptionError, match="'rust', 'reference'"):
        ludorum.new(GAME, backend="fortran")


@pytest.mark.parametrize(
    ("options", "match"),
    [
        ({"players": 5}, "players must be one of 2, 3, 4, 6, got 5"),
        ({"players": True}, "players must be one of"),
        ({"players": "2"}, "players must be one of"),
        ({"players": 3, "pieces": 15}, "pieces"),
        ({"pieces": 12}, "pieces"),
        ({"area": "everywhere"}, "'dest', 'strict', 'free'"),
        ({"anti_block": "partial"}, "'none', 'full'"),
        ({"max_plies": 0}, "max_plies"),
        ({"max_plies": -3}, "max_plies"),
        ({"max_plies": 2.5}, "max_plies"),
        ({"colour": "red"}, "unknown option 'colour'.*players, pieces, area, anti_block"),
    ],
)
def test_bad_options_name_the_allowed_values(backend: str, options: dict, match: str) -> None:
    with pytest.raises(ludorum.InvalidOptionError, match=match) as info:
        ludorum.new(GAME, backend=backend, **options)
    assert isinstance(info.value, ValueError)


def test_options_and_identity(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, players=3)
    assert state.game == GAME
    assert state.num_players == 3
    assert state.options == {
        "players": 3,
        "pieces": 10,
        "area": "dest",
        "anti_block": "none",
        "max_plies": None,
    }
    assert state.num_actions == 14642


def test_play_undo_copy(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    start = state.to_json()
    key = state.key
    move = state.legal_moves()[3]
    state.play(move)
    assert state.current_player == 1 and state.ply == 1
    assert state.history() == [move]
    twin = state.copy()
    twin.play(twin.legal_moves()[0])
    assert state.ply == 1 and twin.ply == 2
    assert copy.deepcopy(state) == state and copy.copy(state) == state
    assert state.undo() == move
    assert state.to_json() == start and state.key == key
    with pytest.raises(IndexError):
        state.undo()


def test_moves_from_either_backend_are_interchangeable() -> None:
    rust = ludorum.new(GAME)
    ref = ludorum.new(GAME, backend="reference")
    assert rust.legal_moves() == ref.legal_moves()
    rust.play(ref.legal_moves()[5])
    ref.play(rust.history()[0])
    assert rust.key == ref.key


BAD_TEXT = ["x9-a1", "e5g6", "e5-e5", "", "E5-F5", " e5-f5", "e5-f5 ", "pass!", "e0-f5", "e14-f5"]


@pytest.mark.parametrize("text", BAD_TEXT)
def test_malformed_moves_raise_invalid_move_and_change_nothing(backend: str, text: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    state.play("e5-f5")
    before, key = state.to_json(), state.key
    with pytest.raises(ludorum.InvalidMoveError, match="invalid move"):
        state.play(text)
    assert state.to_json() == before and state.key == key


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("f1-g1", ""),  # an empty hole
        ("m5-l5", ""),  # the opponent's piece
        ("e5-h4", ""),  # unreachable
        ("pass", ""),  # pass while moves exist
        ("a1-b1", ""),  # occupied destination
    ],
)
def test_illegal_moves_raise_illegal_move_and_change_nothing(
    backend: str, text: str, why: str
) -> None:
    state = ludorum.new(GAME, backend=backend)
    before, key = state.to_json(), state.key
    with pytest.raises(ludorum.IllegalMoveError, match=f"illegal move '{text}'"):
        state.play(text)
    assert state.to_json() == before and state.key == key


def test_bad_move_objects(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    with pytest.raises(ludorum.InvalidMoveError):
        state.play(42)  # type: ignore[arg-type]
    with pytest.raises(ludorum.InvalidMoveError):
        state.play(ludorum.Move(5, "e5-f5"))  # the action disagrees with the notation


def test_action_view(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    actions = state.legal_actions()
    assert isinstance(actions, np.ndarray) and actions.dtype == np.int32
    assert actions.tolist() == [m.action for m in state.legal_moves()]
    mask = state.action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (14642,)
    assert np.flatnonzero(mask).tolist() == actions.tolist()
    state.apply_action(int(actions[0]))
    assert state.ply == 1
    before = state.to_json()
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(int(actions[0]))  # that piece has moved
    with pytest.raises(ludorum.InvalidMoveError):
        state.apply_action(14642)
    with pytest.raises(ludorum.InvalidMoveError):
        state.apply_action(-1)
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(14641)  # pass while moves exist
    assert state.to_json() == before
    assert state.parse_move(str(state.legal_moves()[0])) == state.legal_moves()[0]


def test_observation(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, players=3)
    obs = state.observation(0)
    assert obs.dtype == np.float32 and obs.shape == (4, 121)
    assert obs[0].sum() == 10 and obs[3].min() == 1.0
    state.play(state.legal_moves()[0])
    mine = state.observation(1)
    assert (mine[0] == state.observation(0)[1]).all()  # planes rotate with the viewer
    assert mine[3].min() == 1.0 and state.observation(0)[3].max() == 0.0
    with pytest.raises(ValueError):
        state.observation(3)


def test_outcome_and_returns_while_running(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, players=4)
    assert state.outcome() is None and not state.is_over()
    assert state.returns() == [0.0] * 4


def test_json_round_trip(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, players=4, area="strict", max_plies=50)
    for _ in range(20):
        state.play(state.legal_moves()[-1])
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    again = ludorum.from_json(data, backend=backend)
    assert again == state and again.key == state.key
    assert ludorum.from_json(json.dumps(data), backend=backend) == state
    other = "reference" if backend == "rust" else "rust"
    assert ludorum.from_json(data, backend=other).to_json() == data


def _tampered(data: dict) -> list[dict]:
    out = []

    def variant(**changes):
        d = copy.deepcopy(data)
        for k, v in changes.items():
            if v is KeyError:
                del d[k]
            else:
                d[k] = v
        out.append(d)

    variant(game="chess")
    variant(version=2)
    variant(version=True)
    variant(options={**data["options"], "players": 5})
    variant(options={k: v for k, v in data["options"].items() if k != "area"})
    variant(moves=[*data["moves"], "e5-e5"])
    variant(moves=[*data["moves"], "q1-p1"])
    variant(moves=data["moves"][:-1])
    variant(moves="e5-f5")
    variant(moves=[*data["moves"][:-1], 7])
    variant(board=data["board"].replace("0", "1", 1))
    variant(board=data["board"][:-1])
    variant(current_player=(data["current_player"] + 1) % 2)
    variant(current_player=None)
    variant(outcome={"winners": [0], "reason": "home filled"})
    variant(extra=1)
    for key in data:
        variant(**{key: KeyError})
    return out


def test_tampered_json_is_rejected(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    for move in ["e5-f5", "m5-l5", "e6-f6"]:
        state.play(move)
    data = state.to_json()
    for bad in _tampered(data):
        with pytest.raises(ludorum.InvalidStateError):
            ludorum.from_json(bad, backend=backend)
    cls = ludorum.game_class(GAME, backend)
    for bad in [None, [], "{", {"game": GAME}]:
        with pytest.raises(ludorum.InvalidStateError):
            ludorum.from_json(bad, backend=backend)  # type: ignore[arg-type]
    with pytest.raises(ludorum.InvalidStateError):
        cls.from_json({**data, "moves": object()})
    assert data == state.to_json()


def test_rendering(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    state.play("e5-f5")
    text = str(state)
    assert text == state.render() and text.endswith("to move: 1")
    assert text.count("0") >= 15
    svg = state.svg()
    assert svg.startswith("<svg") and svg == state._repr_svg_()
    assert "e5-f5" in svg
    assert repr(state).startswith("<ChineseCheckers")


def test_key_is_a_64_bit_int(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    assert isinstance(state.key, int) and 0 <= state.key < 2**64
    assert state.key == state.key_from_scratch()
