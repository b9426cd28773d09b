"""The one contract of docs/design.md, for every game and both backends: API, errors, JSON, RL view.

Per-game facts (a legal opening, malformed and illegal moves, bad options) are in
`tests/data/<game>/spec.py`, loaded by `games.py` for every game of `ludorum.games()`.
"""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import numpy as np
import pytest
from games import SPECS, GameSpec

import ludorum


@pytest.fixture(params=SPECS, ids=lambda s: s.name)
def spec(request: pytest.FixtureRequest) -> GameSpec:
    return request.param


def opened(spec: GameSpec, backend: str, plies: int | None = None) -> Any:
    state = ludorum.new(spec.name, backend=backend)
    for move in spec.opening[:plies]:
        state.play(move)
    return state


def test_registry(spec: GameSpec) -> None:
    assert spec.name in ludorum.games()
    assert ludorum.game_class(spec.name).__name__ == spec.class_name
    assert ludorum.game_class(spec.name, "reference").__name__ == spec.class_name
    with pytest.raises(ludorum.InvalidOptionError, match="known games: armadora, chinese_checkers"):
        ludorum.new("chess")
    with pytest.raises(ludorum.InvalidOptionError, match="'rust', 'reference'"):
        ludorum.new(spec.name, backend="fortran")


def test_bad_options_name_the_allowed_values(spec: GameSpec, backend: str) -> None:
    for options, match in spec.bad_options:
        with pytest.raises(ludorum.InvalidOptionError, match=match) as info:
            ludorum.new(spec.name, backend=backend, **options)
        assert isinstance(info.value, ValueError)


def test_options_and_identity(spec: GameSpec, backend: str) -> None:
    for options, normalised in spec.normalised:
        state = ludorum.new(spec.name, backend=backend, **options)
        assert state.game == spec.name
        assert state.options == normalised
        assert state.num_players == normalised.get("players", 2)
        expected = spec.num_actions
        assert state.num_actions == (expected(options) if callable(expected) else expected)
        assert state.ply == 0 and state.history() == []


def test_play_undo_copy(spec: GameSpec, backend: str) -> None:
    state = ludorum.new(spec.name, backend=backend)
    start, key = state.to_json(), state.key
    state.play(spec.opening[0])
    assert state.key != key and state.ply == 1
    assert [str(m) for m in state.history()] == spec.opening[:1]
    twin = state.copy()
    twin.play(twin.legal_moves()[0])
    assert state.ply == 1 and twin.ply == 2
    assert copy.deepcopy(state) == state and copy.copy(state) == state
    assert state != twin
    assert str(state.undo()) == spec.opening[0]
    assert state.to_json() == start and state.key == key
    with pytest.raises(IndexError):
        state.undo()


def test_moves_from_either_backend_are_interchangeable(spec: GameSpec) -> None:
    rust = ludorum.new(spec.name)
    ref = ludorum.new(spec.name, backend="reference")
    assert rust.legal_moves() == ref.legal_moves()
    rust.play(ref.legal_moves()[-1])
    ref.play(rust.history()[0])
    assert rust.key == ref.key


def test_a_move_equals_its_notation(spec: GameSpec, backend: str) -> None:
    state = ludorum.new(spec.name, backend=backend)
    moves = state.legal_moves()
    first, last = moves[0], moves[-1]
    text = str(last)
    assert text in moves and first == str(first) and str(first) == first
    assert not (first != str(first)) and first != text + "x" and text + "x" not in moves
    assert hash(last) == hash(text)
    assert text in set(moves) and {m: i for i, m in enumerate(moves)}[text] == len(moves) - 1
    assert last in {text} and {text: 1}[last] == 1
    # not a string: not equal, and no error
    assert first != first.action and first != [str(first)] and first is not None
    # moves still compare by action id and notation between themselves
    assert first != ludorum.Move(first.action + 1, str(first))


def test_malformed_moves_raise_invalid_move_and_change_nothing(
    spec: GameSpec, backend: str
) -> None:
    state = opened(spec, backend, 1)
    before, key = state.to_json(), state.key
    for text in spec.malformed:
        with pytest.raises(ludorum.InvalidMoveError, match="invalid move"):
            state.play(text)
        assert state.to_json() == before and state.key == key, text


def test_illegal_moves_raise_illegal_move_and_change_nothing(spec: GameSpec, backend: str) -> None:
    state = ludorum.new(spec.name, backend=backend)
    before, key = state.to_json(), state.key
    for text in spec.illegal:
        with pytest.raises(ludorum.IllegalMoveError, match=re.escape(f"illegal move '{text}'")):
            state.play(text)
        assert state.to_json() == before and state.key == key, text


def test_bad_move_objects(spec: GameSpec, backend: str) -> None:
    state = ludorum.new(spec.name, backend=backend)
    with pytest.raises(ludorum.InvalidMoveError):
        state.play(42)  # type: ignore[arg-type]
    good = state.legal_moves()[0]
    other = next(m for m in spec.opening if m != str(good))
    with pytest.raises(ludorum.InvalidMoveError):
        state.play(ludorum.Move(good.action, other))  # action and notation disagree


def test_action_view(spec: GameSpec, backend: str) -> None:
    state = ludorum.new(spec.name, backend=backend)
    actions = state.legal_actions()
    assert isinstance(actions, np.ndarray) and actions.dtype == np.int32
    assert actions.tolist() == [m.action for m in state.legal_moves()]
    assert actions.tolist() == sorted(actions.tolist())
    mask = state.action_mask()
    assert mask.dtype == np.bool_ and mask.shape == (state.num_actions,)
    assert np.flatnonzero(mask).tolist() == actions.tolist()
    state.apply_action(int(actions[0]))
    assert state.ply == 1
    before = state.to_json()
    # a move legal before that is not legal now (there may be none: a Connect Four column
    # takes more than one disc)
    for illegal in sorted(set(actions.tolist()) - set(state.legal_actions().tolist()))[:1]:
        with pytest.raises(ludorum.IllegalMoveError):
            state.apply_action(illegal)
    for bad in (state.num_actions, -1):
        with pytest.raises(ludorum.InvalidMoveError):
            state.apply_action(bad)
    assert state.to_json() == before
    move = state.legal_moves()[0]
    assert state.parse_move(str(move)) == move


def test_observation(spec: GameSpec, backend: str) -> None:
    for options, _ in spec.normalised:
        state = ludorum.new(spec.name, backend=backend, **options)
        n = state.num_players
        obs = state.observation(0)
        assert obs.dtype == np.float32 and obs.shape == spec.observation_shape(options)
        where = spec.to_move_plane
        plane = obs[where(options) if callable(where) else where]
        assert plane.min() == plane.max() == float(state.current_player == 0)
        other = ludorum.new(
            spec.name, backend="rust" if backend != "rust" else "reference", **options
        )
        for player in range(n):
            assert (state.observation(player) == other.observation(player)).all()
        with pytest.raises(ValueError):
            state.observation(n)


def test_outcome_and_returns_while_running(spec: GameSpec, backend: str) -> None:
    state = opened(spec, backend)
    assert state.outcome() is None and not state.is_over()
    assert state.returns() == [0.0] * state.num_players


def test_json_round_trip(spec: GameSpec, backend: str) -> None:
    state = ludorum.new(spec.name, backend=backend, **spec.rich_options)
    while state.current_player is not None:
        state.play(state.legal_moves()[-1 if state.ply % 3 else 0])
    data = state.to_json()
    assert json.loads(json.dumps(data)) == data
    again = ludorum.from_json(data, backend=backend)
    assert again == state and again.key == state.key
    assert ludorum.from_json(json.dumps(data), backend=backend) == state
    other = "reference" if backend == "rust" else "rust"
    assert ludorum.from_json(data, backend=other).to_json() == data
    while state.ply:  # undoing a finished game reopens it
        state.undo()
    assert state.to_json() == ludorum.new(spec.name, backend=backend, **spec.rich_options).to_json()


def _tampered(data: dict[str, Any], players: int) -> list[dict[str, Any]]:
    out = []

    def variant(**changes: Any) -> None:
        d = copy.deepcopy(data)
        for k, v in changes.items():
            if v is KeyError:
                del d[k]
            else:
                d[k] = v
        out.append(d)

    options = data["options"]
    variant(game="chess")
    variant(version=2)
    variant(version=True)
    if options:  # a game may have no options at all
        first_option = next(iter(options))
        variant(options={**options, first_option: "nonsense"})
        variant(options={k: v for k, v in options.items() if k != first_option})
    variant(options={**options, "extra": 1})
    variant(moves=[*data["moves"], "nonsense"])
    variant(moves=data["moves"][:-1])
    variant(moves=" ".join(data["moves"]))
    variant(moves=[*data["moves"][:-1], 7])
    variant(moves=data["moves"] + data["moves"][-1:])  # the same move again is illegal
    variant(current_player=(data["current_player"] + 1) % players)
    variant(current_player=None)
    variant(current_player=True)
    variant(outcome={"winners": [0], "reason": "resigned"})
    variant(extra=1)
    for key, value in data.items():  # every field missing, and each game-specific one changed
        variant(**{key: KeyError})
        if key not in ("game", "version", "options", "moves", "current_player", "outcome"):
            if isinstance(value, str):
                variant(**{key: value[::-1]})
                variant(**{key: value[:-1]})
            elif isinstance(value, list) and not value:
                variant(**{key: [0]})
            elif isinstance(value, list):
                variant(**{key: value[::-1] if value[::-1] != value else [*value, value[0]]})
                variant(**{key: value[:-1]})
    return out


def test_views_of_perfect_information_games_are_the_full_state(
    spec: GameSpec, backend: str
) -> None:
    if spec.hidden_information:
        pytest.skip("a viewer sees less than the full state (see the game's own tests)")
    state = opened(spec, backend)
    for viewer in range(state.num_players):
        assert state.to_json(viewer=viewer) == state.to_json()


def test_a_viewer_must_be_a_player(spec: GameSpec, backend: str) -> None:
    state = opened(spec, backend)
    for bad in (state.num_players, -1):
        with pytest.raises(ValueError, match=r"(viewer|player) must be"):
            state.to_json(viewer=bad)


def test_tampered_json_is_rejected(spec: GameSpec, backend: str) -> None:
    state = opened(spec, backend)
    data = state.to_json()
    for bad in _tampered(data, state.num_players):
        with pytest.raises(ludorum.InvalidStateError):
            ludorum.from_json(bad, backend=backend)
    for bad in [None, [], "{", {"game": spec.name}, {"game": spec.name, "version": 1}]:
        with pytest.raises(ludorum.InvalidStateError):
            ludorum.from_json(bad, backend=backend)  # type: ignore[arg-type]
    with pytest.raises(ludorum.InvalidStateError):
        ludorum.game_class(spec.name, backend).from_json({**data, "moves": object()})
    assert data == state.to_json()


def test_rendering(spec: GameSpec, backend: str) -> None:
    state = opened(spec, backend, 1)
    text = str(state)
    assert text == state.render() and text.endswith(f"to move: {state.current_player}")
    svg = state.svg()
    assert svg.startswith("<svg") and svg == state._repr_svg_()
    assert spec.opening[0] in svg
    assert repr(state).startswith(f"<{spec.class_name}")
    assert state.svg(size=200) != svg


def test_key_is_a_64_bit_int(spec: GameSpec, backend: str) -> None:
    state = opened(spec, backend)
    assert isinstance(state.key, int) and 0 <= state.key < 2**64
    assert state.key == state.key_from_scratch()


def test_pickle_round_trips(spec: GameSpec, backend: str) -> None:
    import pickle

    state = opened(spec, backend)
    copy_ = pickle.loads(pickle.dumps(state))
    assert type(copy_) is type(state) and copy_ == state and copy_.key == state.key
    assert copy_.to_json() == state.to_json()
    move = state.legal_moves()[0]
    assert pickle.loads(pickle.dumps(move)) == move


def test_move_from_action_names_every_legal_action(spec: GameSpec, backend: str) -> None:
    state = opened(spec, backend)
    for move in state.legal_moves()[:300]:
        assert state.move_from_action(move.action) == move
    assert type(state.legal_moves()[0]) is ludorum.Move


BAD_PLAYERS = [-1, 2**64, 2**70, -(2**70), True, 1.5, None, "0"]
BAD_ACTIONS = [-1, 2**64, 2**70, -(2**70), True]


def test_bad_player_and_action_arguments_agree_across_backends(spec: GameSpec) -> None:
    """Out-of-range or mistyped players and viewers, and out-of-range action ids however large:
    the same ValueError subclass and message in both backends, and nothing changes."""
    rust, ref = opened(spec, "rust"), opened(spec, "reference")
    before = rust.to_json()

    def same_error(call: Any) -> None:
        outcomes = []
        for state in (rust, ref):
            with pytest.raises(ValueError) as info:
                call(state)
            outcomes.append((type(info.value), str(info.value)))
        assert outcomes[0] == outcomes[1]

    for value in [*BAD_PLAYERS, rust.num_players]:
        same_error(lambda s, v=value: s.observation(v))
        if value is not None:
            same_error(lambda s, v=value: s.to_json(viewer=v))
    for value in [*BAD_ACTIONS, rust.num_actions]:
        same_error(lambda s, v=value: s.apply_action(v))
        for state in (rust, ref):
            if value != rust.num_actions:  # So Long Sucker names ids past the action space
                with pytest.raises(ludorum.InvalidMoveError):
                    state.move_from_action(value)
    assert rust.to_json() == before == ref.to_json()


def test_help_is_useful_in_both_backends(spec: GameSpec, backend: str) -> None:
    cls = ludorum.game_class(spec.name, backend)
    for member in ("play", "undo", "legal_moves", "to_json", "apply_action", "move_from_action"):
        doc = getattr(cls, member).__doc__ or ""
        assert ">>>" in doc, f"{member} has an example"
    assert "Raises:" in (cls.play.__doc__ or "")
