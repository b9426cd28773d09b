"""Hostile arguments: every public method of both backends, every game, answers bad input with
ludorum's own error (a ``LudorumError``, a ``ValueError``), the same class and the same message
in both backends, and changes nothing.

The methods come from the typed protocols (``ludorum._state``): every member that takes arguments
must have a valid value for each argument in ``VALID`` below, so a new method is fuzzed as soon
as it is declared. Each argument in turn gets every value of ``HOSTILE`` (huge, negative, bool,
float, numpy scalars and arrays, ``None``, strings with quotes, NUL or lone surrogates, deep and
huge structures, objects whose ``__index__`` or ``__repr__`` raise), the others their valid value.
Options (``ludorum.new``) and JSON states (``from_json``) get the same treatment.
"""

from __future__ import annotations

import functools
import inspect
import json
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable

import numpy as np
import pytest
from games import SPECS, GameSpec

import ludorum
from ludorum import _state
from ludorum.agents import MCTS, Random


class BadIndex:
    """An object whose ``__index__`` raises something else than a TypeError."""

    def __index__(self) -> int:
        raise ZeroDivisionError("no index")


class BadRepr:
    """An object whose ``__repr__`` raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Int(int):
    """An int subclass (accepted where an int is, as ``operator.index`` does)."""


class Str(str):
    """A str subclass whose ``__str__`` lies: the value, not ``__str__``, counts."""

    def __str__(self) -> str:
        return "pass"


def _deep(levels: int) -> Any:
    out: Any = 0
    for _ in range(levels):
        out = [out]
    return out


HOSTILE: list[Any] = [
    -1,
    -(2**63),
    2**31,
    2**32,
    2**63,
    2**64 - 1,
    2**64,
    2**100,
    -(2**100),
    10**5000,  # its repr raises in Python >= 3.11
    Int(1),
    True,
    False,
    None,
    0.0,
    1.0,
    1.5,
    -0.0,
    float("nan"),
    float("inf"),
    1j,
    Decimal(1),
    Fraction(1, 2),
    "0",
    "1",
    "",
    " ",
    "pass",
    Str("e5-f5"),
    "\ud800",
    "a\udfffb",
    "é",
    "\x00",
    "a\nb",
    "'",
    '"',
    "\\",
    "it's",
    "x" * 100_000,
    b"0",
    bytearray(b"1"),
    np.int64(0),
    np.int64(1),
    np.int64(-1),
    np.uint64(2**64 - 1),
    np.int8(1),
    np.float64(0.0),
    np.bool_(True),
    np.array(0),
    np.array(1),
    np.array(True),
    np.array(0.0),
    np.array([0]),
    np.zeros((2, 2)),
    [],
    [0],
    (0,),
    {},
    {"a": 1},
    {0: 1},
    _deep(10_000),
    object(),
    BadIndex(),
    BadRepr(),
    ludorum.Move(0, "x"),
    ludorum.Move(2**32 - 1, "pass"),
    ludorum.Move,
    print,
]

#: a valid value for every argument of the protocols (a function of the state where it depends on
#: it); the values of the other arguments while one is fuzzed
VALID: dict[str, Callable[[Any], Any]] = {
    "player": lambda s: 0,
    "viewer": lambda s: 0,
    "action": lambda s: int(s.legal_actions()[0]),
    "move": lambda s: str(s.legal_moves()[0]),
    "text": lambda s: s.legal_moves()[0].notation,
    "depth": lambda s: 1,
    "size": lambda s: 100,
    "seed": lambda s: 7,
}

#: the members that change the state when they succeed (run on copies)
MUTATING = {"play", "apply_action", "say"}

#: depths are cheap only up to 1 in every game: larger valid values are not fuzzed
SLOW_WHEN_VALID = {"perft"}


def protocol_of(game: str) -> type:
    return getattr(_state, f"{ludorum.game_info(game).class_name}State", _state.State)


def fuzzed_members(protocol: type) -> list[tuple[str, list[str]]]:
    """(member, argument names) of every protocol method that takes arguments."""
    out = []
    for name in sorted(dir(protocol)):
        if name.startswith("_"):
            continue
        member = inspect.getattr_static(protocol, name)
        if isinstance(member, property) or not callable(member):
            continue
        parameters = list(inspect.signature(member).parameters)[1:]
        if parameters:
            out.append((name, parameters))
    return out


def plain(result: Any) -> Any:
    """A result as comparable data: arrays as lists, states as their JSON."""
    if isinstance(result, np.ndarray):
        return (str(result.dtype), result.shape, result.tolist())
    if isinstance(result, ludorum.State):
        return ("state", result.to_json(), result.key)
    if isinstance(result, (list, tuple)):
        return [plain(r) for r in result]
    return result


def outcome(call: Callable[[], Any]) -> tuple[str, Any]:
    """("ok", result) or (error class, message); "!" marks an error that is not ours."""
    try:
        return ("ok", plain(call()))
    except ludorum.LudorumError as e:
        return (type(e).__name__, str(e))
    except Exception as e:
        return (f"!{type(e).__name__}", str(e))


def test_every_argument_has_a_valid_value() -> None:
    for game in ludorum.games():
        for name, parameters in fuzzed_members(protocol_of(game)):
            for parameter in parameters:
                assert parameter in VALID, f"{game}: {name}({parameter}) is not fuzzed"


def _pair(spec: GameSpec) -> tuple[Any, Any]:
    rust = ludorum.new(spec.name)
    ref = ludorum.new(spec.name, backend="reference")
    for move in spec.opening[:2]:
        rust.play(move)
        ref.play(move)
    return rust, ref


class Findings:
    """The disagreements and foreign errors of one test, reported together at its end."""

    def __init__(self) -> None:
        self.found: list[str] = []

    def same(
        self,
        game: str,
        what: str,
        rust: Callable[[], Any],
        ref: Callable[[], Any],
        results: bool = True,
    ) -> None:
        """Both calls give the same result (unless ``results`` is false: then both succeed), or
        the same LudorumError with the same message."""
        a, b = outcome(rust), outcome(ref)
        if not results and a[0] == b[0] == "ok":
            return
        if a != b:
            self.found.append(f"{game}: {what}\n  rust:      {a!r:.300}\n  reference: {b!r:.300}")
        elif a[0].startswith("!"):
            self.found.append(f"{game}: {what}: not a LudorumError: {a!r:.300}")

    def check(self) -> None:
        shown = "\n".join(self.found[:40])
        assert not self.found, f"{len(self.found)} findings:\n{shown}"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_methods_refuse_hostile_arguments_alike(spec: GameSpec) -> None:
    rust, ref = _pair(spec)
    before = (rust.to_json(), rust.key)
    assert before == (ref.to_json(), ref.key)
    findings = Findings()
    for name, parameters in fuzzed_members(protocol_of(spec.name)):
        for fuzzed in parameters:
            for value in HOSTILE:
                if name in SLOW_WHEN_VALID and _is_valid_depth(value):
                    continue

                what = f"{name}({fuzzed}={ludorum._args.show(value)})"
                findings.same(
                    spec.name,
                    what,
                    functools.partial(_call, rust, name, parameters, fuzzed, value),
                    functools.partial(_call, ref, name, parameters, fuzzed, value),
                )
                assert (rust.to_json(), rust.key) == before, f"rust changed by {what}"
                assert (ref.to_json(), ref.key) == before, f"reference changed by {what}"
    findings.check()


def _call(state: Any, name: str, parameters: list[str], fuzzed: str, value: Any) -> Any:
    """``state.<name>(...)`` with ``value`` for ``fuzzed`` and valid values for the others."""
    if name in MUTATING:
        state = state.copy()
    kwargs = {p: VALID[p](state) for p in parameters}
    kwargs[fuzzed] = value
    return getattr(state, name)(**kwargs)


def _is_valid_depth(value: Any) -> bool:
    index = ludorum._args.integer(value)
    return index is not None and 2 <= index <= ludorum._args.MAX_DEPTH


def test_perft_refuses_hostile_depths_alike() -> None:
    findings = Findings()
    for spec in SPECS:
        rust, ref = _pair(spec)
        for value in HOSTILE:
            if _is_valid_depth(value):
                continue
            what = f"perft(state, {ludorum._args.show(value)})"
            findings.same(
                spec.name,
                what,
                functools.partial(ludorum.perft, rust, value),
                functools.partial(ludorum.perft, ref, value),
            )
    findings.check()


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_options_refuse_hostile_values_alike(spec: GameSpec) -> None:
    findings = Findings()
    for option in ludorum.game_info(spec.name).options:
        for value in [*HOSTILE, [3, 4, 4, 5, 5, 6, 6, 7], [7.0] * 8, [True] * 8, [2**70] * 8]:
            what = f"new({option.name}={ludorum._args.show(value)})"
            findings.same(
                spec.name,
                what,
                functools.partial(ludorum.new, spec.name, **{option.name: value}),
                functools.partial(
                    ludorum.new, spec.name, backend="reference", **{option.name: value}
                ),
            )
    findings.same(
        spec.name,
        "new(unknown option)",
        lambda: ludorum.new(spec.name, colour="blue"),
        lambda: ludorum.new(spec.name, backend="reference", colour="blue"),
    )
    findings.check()


def _hostile_states(data: dict[str, Any]) -> list[Any]:
    """JSON states made hostile in every field, and hostile documents."""
    out: list[Any] = [
        *HOSTILE,
        json.dumps(data)[:-1],
        "[" * 100_000,
        '{"game": "' + "\\ud800" + '"}',
        json.dumps(data).replace(data["game"], data["game"] + "\\ud800", 1),
        {"game": data["game"], "version": 1, "nest": _deep(100)},
        {**data, "viewer": 0},
        {**data, "version": 1.0},
        {**data, "version": True},
        {**data, "moves": [*data["moves"], "it's"]},
        {**data, "moves": [*data["moves"], "\ud800"]},
        {**data, "moves": [*data["moves"], "x" * 1000]},
        {**data, "moves": tuple(data["moves"])},
        {**data, "moves": data["moves"] * 10_000},
        {**data, "options": {**data["options"], "extra": 1}},
        {**data, "options": {k: v for k, v in list(data["options"].items())[1:]}},
        {**data, "extra\ud800": 1},
        {**data, "it's": 1},
        {**data, 7: 1},
        {**data, "current_player": 2**64},
        {**data, "current_player": 2**70},
        {**data, "current_player": float("nan")},
        {**data, "current_player": np.int64(0)},
        {**data, "current_player": object()},
    ]
    for key, value in data.items():
        for bad in [None, True, 1.5, "x", [], {}, -1, 2**64, "\ud800", [value], _deep(20)]:
            out.append({**data, key: bad})
        if isinstance(value, dict):
            for sub in value:
                for bad in [None, True, 0, 0.0, 1.5, "x", [], "\ud800", 2**64, -1]:
                    out.append({**data, key: {**value, sub: bad}})
        if isinstance(value, list) and value:
            out.append({**data, key: value[::-1]})
            out.append({**data, key: [*value, value[0]]})
    return out


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_from_json_refuses_hostile_states_alike(spec: GameSpec) -> None:
    rust, _ = _pair(spec)
    rust.say(1, "deal?") if spec.name == "so_long_sucker" else None
    data = rust.to_json()
    classes = [ludorum.game_class(spec.name, b) for b in ludorum.BACKENDS]
    findings = Findings()
    for value in _hostile_states(data):
        what = f"from_json({ludorum._args.show(value)})"
        findings.same(
            spec.name,
            what,
            lambda v=value: ludorum.from_json(v),
            lambda v=value: ludorum.from_json(v, backend="reference"),
        )
        findings.same(
            spec.name,
            f"{spec.class_name}.{what}",
            lambda v=value: classes[0].from_json(v),  # type: ignore[attr-defined]
            lambda v=value: classes[1].from_json(v),  # type: ignore[attr-defined]
        )
    findings.check()


def test_json_text_is_identical_in_both_backends() -> None:
    """The same state is the same JSON text, key order included (``json.dumps``)."""
    for spec in SPECS:
        rust, ref = _pair(spec)
        assert json.dumps(rust.to_json()) == json.dumps(ref.to_json())
        assert json.dumps(rust.options) == json.dumps(ref.options)
        for viewer in range(rust.num_players):
            assert json.dumps(rust.to_json(viewer=viewer)) == json.dumps(ref.to_json(viewer=viewer))


def test_module_functions_refuse_hostile_arguments_alike() -> None:
    """``ludorum.new``, ``game_info``, ``game_class``, ``Move`` and ``simulate`` (whose arguments
    are checked alike for both backends): a LudorumError, never a foreign exception."""
    findings = Findings()
    for value in HOSTILE:
        shown = ludorum._args.show(value)
        for call in (ludorum.new, ludorum.game_info, ludorum.game_class):
            findings.same("-", f"{call.__name__}({shown})", *[functools.partial(call, value)] * 2)
        findings.same(
            "-", f"Move({shown}, 'x')", *[functools.partial(ludorum.Move, value, "x")] * 2
        )
        findings.same("-", f"Move(0, {shown})", *[functools.partial(ludorum.Move, 0, value)] * 2)
        for argument in ("agents", "games", "seed", "threads", "max_plies", "progress", "komi"):
            index = ludorum._args.integer(value)
            if argument == "games" and index is not None and index > 2:
                continue  # valid, and long
            kwargs = {"games": 1, "max_plies": 40, argument: value}
            findings.same(
                "dominions",
                f"simulate({argument}={shown})",
                functools.partial(_simulated, "rust", kwargs),
                functools.partial(_simulated, "reference", kwargs),
            )
        findings.same(
            "-",
            f"simulate(backend={shown})",
            *[functools.partial(ludorum.simulate, "dominions", games=1, backend=value)] * 2,
        )
        # Agents and matches take their seeds and counts through the same checks.
        for kind, argument in [(Random, "seed"), (MCTS, "seed"), (MCTS, "threads")]:
            call = functools.partial(kind, **{argument: value})
            findings.same("-", f"{kind.__name__}({argument}={shown})", call, call, False)
        call = functools.partial(MCTS, simulations=value)
        if ludorum._args.integer(value) is None or ludorum._args.integer(value) < 1:
            findings.same("-", f"MCTS(simulations={shown})", call, call, False)
        call = functools.partial(Random().choose, value)
        findings.same("-", f"Random().choose({shown})", call, call)
        for argument in ("games", "seed", "rating", "agents"):
            if argument == "games" and (ludorum._args.integer(value) or 0) > 2:
                continue
            kwargs = {"agents": ["random", "random"], "games": 2, argument: value}
            call = functools.partial(ludorum.arena, "dominions", **kwargs)
            findings.same("-", f"arena({argument}={shown})", call, call, False)
    findings.check()


def _simulated(backend: str, kwargs: dict[str, Any]) -> Any:
    """The games of a simulation (what does not depend on the backend or the threads)."""
    r = ludorum.simulate("dominions", backend=backend, **kwargs)
    return (r.options, r.seed, r.winners.tolist(), r.lengths.tolist(), r.reasons.tolist())
