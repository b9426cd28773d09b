"""Every member of the public state API is documented, in both backends, and the documented
examples of :class:`ludorum.State` hold in both backends.

The texts live on the protocols (``ludorum._state`` and ``ludorum/states/<game>.py``); the
reference shows them through ``help(state.<member>)`` and the Rust classes carry copies.
"""

from __future__ import annotations

import doctest
import functools
import inspect
from typing import Any

import pytest

import ludorum
from ludorum import _state

#: the protocol of each game: its ``<ClassName>State`` protocol where it has one (State and the
#: game's own views), else State
PROTOCOLS: dict[str, type] = {
    name: getattr(ludorum, f"{ludorum.game_info(name).class_name}State", _state.State)
    for name in ludorum.games()
}


def members(protocol: type) -> list[str]:
    """The public members of a protocol, its bases' included, sorted."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls.__module__ == _state.__name__ or cls.__module__.startswith("ludorum.states."):
            names.update(n for n in vars(cls) if not n.startswith("_"))
    return sorted(names)


def doc_of(owner: type, name: str) -> str:
    return inspect.getdoc(inspect.getattr_static(owner, name)) or ""


def takes_arguments(protocol: type, name: str) -> bool:
    member = inspect.getattr_static(protocol, name)
    if isinstance(member, property):
        return False
    return len(inspect.signature(member).parameters) > 1


def test_every_game_has_a_protocol() -> None:
    assert sorted(PROTOCOLS) == sorted(ludorum.games())
    assert "move_from_action" in members(ludorum.State)
    assert "board" in members(ludorum.DominionsState)


@pytest.mark.parametrize("game", sorted(PROTOCOLS))
def test_the_protocols_are_fully_documented(game: str) -> None:
    """Summary, an Args section for every argument, and a runnable example, on every member."""
    protocol = PROTOCOLS[game]
    for name in members(protocol):
        doc = doc_of(protocol, name)
        summary = doc.split("\n", 1)[0]
        assert summary.endswith("."), f"{name}: no one-line summary"
        assert ">>> " in doc, f"{name}: no example"
        if takes_arguments(protocol, name):
            parameters = list(inspect.signature(getattr(protocol, name)).parameters)[1:]
            assert "Args:" in doc, f"{name}: no Args section"
            for parameter in parameters:
                assert f"    {parameter}:" in doc, f"{name}: argument {parameter} undocumented"


@pytest.mark.parametrize("backend", ludorum.BACKENDS)
@pytest.mark.parametrize("game", sorted(PROTOCOLS))
def test_every_state_member_is_documented(game: str, backend: str) -> None:
    """``help(state.<member>)`` has a summary and an example, and names the exceptions the
    protocol names, for every member of the game's protocol."""
    state = ludorum.new(game, backend=backend)
    protocol = PROTOCOLS[game]
    undocumented = []
    for name in members(protocol):
        assert hasattr(state, name), f"{type(state).__name__} has no {name}"
        doc = doc_of(type(state), name)
        summary = doc.split("\n", 1)[0].strip()
        if not summary or ">>> " not in doc:
            undocumented.append(name)
        elif "Raises:" in doc_of(protocol, name) and "Raises:" not in doc:
            undocumented.append(f"{name} (no Raises section)")
    assert not undocumented, f"{type(state).__name__} ({backend}): {', '.join(undocumented)}"


def protocol_examples() -> list[Any]:
    """(protocol member, doctest) for every example of the protocols."""
    finder = doctest.DocTestFinder(exclude_empty=True)
    tests = []
    for test in finder.find(_state, "ludorum._state", globs={}):
        if test.examples:
            tests.append(pytest.param(test, id=test.name.removeprefix("ludorum._state.")))
    return tests


@pytest.mark.parametrize("backend", ludorum.BACKENDS)
@pytest.mark.parametrize("test", protocol_examples())
def test_the_documented_examples_hold_in_every_backend(
    test: doctest.DocTest,
    backend: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The protocols' examples build states with ``ludorum.new``: run them in each backend."""
    from ludorum import _registry

    monkeypatch.setattr(ludorum, "new", functools.partial(_registry.new, backend=backend))
    monkeypatch.setattr(
        ludorum, "from_json", functools.partial(_registry.from_json, backend=backend)
    )
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0, "".join(failures)
