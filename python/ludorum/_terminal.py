"""``ludorum play``: a game in the terminal between people and agents, read from a text stream
and written to another (the command gives it stdin and stdout; tests give it strings).

It is its own module because it is a small interactive program of its own (a prompt, move
lists, undo), while ``ludorum.cli`` parses the command line and dispatches; the old import path
``ludorum.cli.play_terminal`` still names it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TextIO

from ._registry import game_info, new
from .errors import LudorumError

__all__ = ["play_terminal"]

#: how many legal moves a turn lists before ``moves`` must be asked for
_LISTED_MOVES = 40

_PLAY_HELP = """\
Type a move in the game's notation (see: ludorum rules GAME), or one of:
  moves   list every legal move
  undo    take back to your previous turn
  help    this text
  quit    end the game"""


def play_terminal(
    game: str, seats: Sequence[str], options: dict[str, Any], stdin: TextIO, stdout: TextIO
) -> None:
    """A game of ``game`` between the people at ``human`` seats and agents (``ludorum play``),
    read from ``stdin`` and written to ``stdout``.

    Each human turn shows the board (in games of hidden information, as that seat sees it),
    the legal moves and a prompt; the input is a move in notation, ``moves``, ``undo``
    (back to that person's previous turn), ``help`` or ``quit``; the end of the input quits.
    The agents' moves are printed as the human seats see them. Agents are seeded by the game's
    ``seed`` option (0 without one).

    Raises:
        LudorumError: not one seat per player, or an unknown agent or option.

    >>> import io
    >>> from ludorum.cli import play_terminal
    >>> out = io.StringIO()
    >>> play_terminal("dominions", ["random", "random"], {"max_plies": 4}, io.StringIO(), out)
    >>> out.getvalue().splitlines()[-1]
    'game over: a draw (ply limit)'
    """
    from .agents import parse_agent

    state = new(game, **options)
    if len(seats) != state.num_players:
        raise LudorumError(
            f"{len(seats)} seats for {state.num_players} players: give one per seat "
            f"(--seats human,mcts:1000 ...; --players N changes the number of players)"
        )
    seed = int(options.get("seed") or 0)
    agents: dict[int, Any] = {
        p: parse_agent(text, seed=seed + p) for p, text in enumerate(seats) if text != "human"
    }
    humans = [p for p, text in enumerate(seats) if text == "human"]
    hidden = game_info(game).hidden_information

    def say(text: str = "") -> None:
        stdout.write(text + "\n")
        stdout.flush()

    def notation(viewer: int | None) -> str:
        """The last move as ``viewer`` may see it (everything, without a viewer)."""
        if hidden and viewer is not None:
            return str(state.to_json(viewer=viewer)["moves"][-1])
        return state.history()[-1].notation

    names = ", ".join(f"{p}: {text}" for p, text in enumerate(seats))
    say(f"{game}, seats {names}. Type help for the commands.")
    turns: list[int] = []  # the ply of every human decision taken, for undo
    listed: int | None = None  # the ply whose moves were last shown
    while (player := state.current_player) is not None:
        if player in agents:
            move = agents[player].choose(state)
            state.play(move)
            viewer = humans[0] if len(humans) == 1 else None
            say(f"player {player} ({seats[player]}) plays {notation(viewer)}")
            continue
        if listed != state.ply:
            listed = state.ply
            say()
            say(state.render(viewer=player) if hidden else state.render())
            moves = [m.notation for m in state.legal_moves()]
            more = f" ... ({len(moves) - _LISTED_MOVES} more: type moves)"
            shown = " ".join(moves[:_LISTED_MOVES]) + (more if len(moves) > _LISTED_MOVES else "")
            say(f"{len(moves)} legal moves: {shown}")
        stdout.write(f"player {player}> ")
        stdout.flush()
        line = stdin.readline()
        if not line:
            say()
            say("end of input: the game is left unfinished")
            return
        text = line.strip()
        if not text:
            continue
        if text == "quit":
            say("quit: the game is left unfinished")
            return
        if text == "help":
            say(_PLAY_HELP)
        elif text == "moves":
            say(" ".join(m.notation for m in state.legal_moves()))
        elif text == "undo":
            if not turns:
                say("nothing to undo: this is your first turn")
                continue
            target = turns.pop()
            while state.ply > target:
                state.undo()
            say(f"undone: back to ply {target}")
        else:
            try:
                state.play(text)
            except ValueError as e:
                say(f"error: {e}")
                continue
            turns.append(state.ply - 1)
            say(f"player {player} plays {notation(player)}")
    say()
    say(state.render())
    outcome = state.outcome()
    assert outcome is not None
    if outcome.winners:
        who = ", ".join(f"player {p} ({seats[p]})" for p in outcome.winners)
        say(f"game over: {who} won ({outcome.reason})")
    else:
        say(f"game over: a draw ({outcome.reason})")
