"""The hand-written stub of the extension matches the compiled module (mypy.stubtest), with
every runtime name present in the stub; and every game's class, which the stub leaves to
``ludorum.State`` and the game's own protocol, honours both member by member."""

from __future__ import annotations

import inspect
import subprocess
import sys
from typing import Any

import pytest

import ludorum

#: the members of a protocol that are not its API
_PLUMBING = {"_is_protocol", "_is_runtime_protocol", "__init__", "__subclasshook__"}


def test_stubtest() -> None:
    pytest.importorskip("mypy", reason="mypy is a dev dependency: pip install -e '.[dev]'")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "ludorum._ludorum"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def protocol_members(protocol: type) -> dict[str, Any]:
    """The members a protocol declares (its own and its bases'), by name."""
    members: dict[str, Any] = {}
    for cls in reversed(protocol.__mro__):
        if cls is object or cls.__name__ in {"Protocol", "Generic"}:
            continue
        for name, value in vars(cls).items():
            if name in _PLUMBING or (name.startswith("__") and name not in {"__copy__", "__eq__"}):
                continue
            if name.startswith("_") and not name.startswith("__") and name != "_repr_svg_":
                continue
            members[name] = value
    return members


def parameters(function: Any) -> list[str]:
    """The parameter names of a function or a Rust method, without ``self``."""
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):  # a slot wrapper without a text signature
        return []
    return [p for p in signature.parameters if p not in {"self", "cls", "args", "kwargs"}]


def protocols() -> dict[str, type]:
    """The protocol of every game that has one: ``ludorum.<Class>State``."""
    found = {}
    for name in ludorum.games():
        protocol = getattr(ludorum, f"{ludorum.game_info(name).class_name}State", None)
        if protocol is not None:
            found[name] = protocol
    return found


@pytest.mark.parametrize("name", ludorum.games())
def test_every_game_class_honours_its_protocols(name: str) -> None:
    wanted = [ludorum.State, *([protocols()[name]] if name in protocols() else [])]
    for backend in ludorum.BACKENDS:
        cls = ludorum.game_class(name, backend)
        assert isinstance(ludorum.new(name, backend=backend), wanted[-1])
        for protocol in wanted:
            for member, declared in protocol_members(protocol).items():
                assert hasattr(cls, member), f"{cls.__name__} ({backend}) lacks {member}"
                if inspect.isfunction(declared):
                    got = parameters(getattr(cls, member))
                    if got:  # Rust methods carry their text signature
                        assert got == parameters(declared), (backend, member)


def test_the_game_classes_are_reached_through_the_registry() -> None:
    # Not as names of the extension module: the stub would need one entry per game.
    from ludorum import _ludorum

    for name, cls in _ludorum.GAMES.items():
        assert cls is ludorum.game_class(name)
        assert not hasattr(_ludorum, cls.__name__)


def test_the_protocols_are_checked_against_something() -> None:
    # The test above must be able to fail: a member no class has is reported.
    assert "resample" in protocol_members(ludorum.ArmadoraState)
    assert "legal_moves" in protocol_members(ludorum.State)
    assert not hasattr(ludorum.game_class("dominions"), "resample")
