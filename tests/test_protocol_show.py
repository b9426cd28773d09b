"""``show`` in the engine protocol draws the board as ``state.render()`` does in Python (the
engine's drawing, ``Game::board_text``, is written apart from the Python renderers): for every
game and configuration of its test spec, along a seeded random game, the engine's board lines
are the first lines of the Python drawing (without its blank lines), for the referee and, in a
game with hidden information, for every seat (which then sees only what it may)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from games import SPECS, GameSpec

import ludorum
from ludorum._ludorum import ProtocolSession


def ask(session: ProtocolSession, command: str, *args: str) -> Any:
    reply, _ = session.handle(json.dumps({"command": command, "args": list(args)}).encode())
    answer = json.loads(reply)
    assert answer["ok"], answer
    return answer["result"]


def board_lines(session: ProtocolSession, name: str, *viewer: str) -> list[str]:
    """The board part of ``show``: the lines before its summary (``game NAME ply N ...``)."""
    lines = str(ask(session, "show", *viewer)).splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith(f"game {name} ply "))
    return lines[:end]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_show_draws_the_board_as_render_does(spec: GameSpec) -> None:
    rng = random.Random(5)
    for options in [{}, spec.rich_options, *spec.more_options]:
        state = ludorum.new(spec.name, **options)
        viewers = [None, *range(state.num_players)] if spec.hidden_information else [None]
        session = ProtocolSession(True)
        ask(session, "new", spec.name)
        for ply in range(60):
            if ply % 7 == 0 or state.current_player is None:
                ask(session, "load", json.dumps(state.to_json()))
                for viewer in viewers:
                    drawn = board_lines(
                        session, spec.name, *([] if viewer is None else [str(viewer)])
                    )
                    # the protocol drops the blank lines (they would end a text answer)
                    rendered = [x for x in state.render(viewer=viewer).splitlines() if x.strip()]
                    assert len(drawn) >= 3, drawn
                    assert drawn == rendered[: len(drawn)], (options, ply, viewer)
            if state.current_player is None:
                break
            state.play(rng.choice(state.legal_moves()))


def test_a_seat_sees_its_own_strengths_only() -> None:
    session = ProtocolSession(False)
    assert session.handle(b"new armadora players=2 first_player=0 seat=1")[0] == "= 1\n\n"
    assert session.handle(b"play 3@c3")[0] == "= ?@c3\n\n"
    seated = session.handle(b"show")[0]
    assert "O?" in seated and "O3" not in seated
    assert session.handle(b"use 1 referee")[0] == "= 1\n\n"
    assert "O3" in session.handle(b"show")[0]
    assert "O?" in session.handle(b"show 1")[0]
