"""``ludorum play``: a game in the terminal between people and agents, read from a text stream
and written to another (the command gives it stdin and stdout; tests give it strings).

It is its own module because it is a small interactive program of its own (a prompt, move
lists, undo), while ``ludorum.cli`` parses the command line and dispatches; the old import path
``ludorum.cli.play_terminal`` still names it.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from ._registry import game_info, new
from .errors import LudorumError

__all__ = ["default_seats", "notation_help", "play_terminal"]

#: the agent that plays the seats ``--seats`` leaves out
DEFAULT_AGENT = "mcts"

#: seconds between two dots while an agent thinks
_DOT_EVERY = 1.0

#: how many legal moves a turn lists before ``moves`` must be asked for
_LISTED_MOVES = 40

_PLAY_HELP = """\
Type a move in the game's notation (see: ludorum rules GAME), or one of:
  moves   list every legal move
  undo    take back to your previous turn
  help    this text and how the game's moves are written
  quit    end the game"""


def default_seats(game: str, **options: Any) -> list[str]:
    """The seats of ``ludorum play`` without ``--seats``: you in seat 0, the default agent
    (``mcts``) in every other.

    >>> default_seats("armadora", players=3)
    ['human', 'mcts', 'mcts']
    """
    return ["human"] + [DEFAULT_AGENT] * (new(game, **options).num_players - 1)


def notation_help(game: str) -> str:
    """How the moves of ``game`` are written: the sections of its rules page whose heading
    names the notation or the moves (``ludorum rules GAME`` prints the whole page).

    >>> "c2-d2 e4-e5" in notation_help("armadora")
    True
    """
    from .cli import rules_page

    page = rules_page(game)
    sections = re.split(r"(?m)^(?=#{2,3} )", page)
    chosen = [x.strip() for x in sections if re.match(r"#{2,3} .*(notation|moves)", x, re.I)]
    return "\n\n".join(chosen) if chosen else f"see: ludorum rules {game}"


@contextmanager
def _thinking(say: Any, stdout: TextIO, who: str) -> Iterator[None]:
    """Says that ``who`` is thinking, with a dot a second until it is done, and how long."""
    stdout.write(f"{who} is thinking ")
    stdout.flush()
    done = threading.Event()

    def dots() -> None:
        while not done.wait(_DOT_EVERY):
            stdout.write(".")
            stdout.flush()

    ticker = threading.Thread(target=dots, daemon=True)
    start = time.perf_counter()
    ticker.start()
    try:
        yield
    finally:
        done.set()
        ticker.join()
        say(f" {time.perf_counter() - start:.1f} s")


def _play_typed(state: Any, text: str) -> None:
    """Plays ``text``, or its lower case when only that names a move (``B2`` for ``b2``); the
    error is the one of the text as typed."""
    try:
        state.play(text)
    except ValueError:
        if text.lower() == text:
            raise
        try:
            state.play(text.lower())
        except ValueError:
            pass
        else:
            return
        raise


def play_terminal(
    game: str, seats: Sequence[str], options: dict[str, Any], stdin: TextIO, stdout: TextIO
) -> None:
    """A game of ``game`` between the people at ``human`` seats and agents (``ludorum play``),
    read from ``stdin`` and written to ``stdout``.

    The board, with its coordinates, is shown after every move (yours and the agents'), from
    your seat when one person plays (in games of hidden information, as that seat sees it), and
    at each human turn with the legal moves and a prompt; the input is a move in notation,
    ``moves``, ``undo`` (back to that person's previous turn), ``help`` or ``quit``; the end of
    the input quits.
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

    # "you": the one person at the table, whose seat every board after a move is drawn from
    # (with several people and hidden information, each sees the board at its own turns only)
    you = humans[0] if len(humans) == 1 else None
    drawn: tuple[int, int | None] | None = None  # the ply and seat of the last board drawn

    def draw(viewer: int | None) -> None:
        """The board from ``viewer``'s seat, with its coordinates, once per ply and seat."""
        nonlocal drawn
        if hidden and viewer is None:
            return  # nobody may see everything while the game runs
        seen = (state.ply, viewer if hidden else None)
        if drawn != seen:
            drawn = seen
            say()
            say(state.render(viewer=viewer) if hidden else state.render())

    names = ", ".join(f"{p}: {text}" for p, text in enumerate(seats))
    say(f"{game}, seats {names}. Type help for the commands.")
    turns: list[int] = []  # the ply of every human decision taken, for undo
    listed: int | None = None  # the ply whose moves were last shown
    while (player := state.current_player) is not None:
        if player in agents:
            with _thinking(say, stdout, f"player {player} ({seats[player]})"):
                move = agents[player].choose(state)
            state.play(move)
            say(f"player {player} ({seats[player]}) plays {notation(you)}")
            if humans and state.current_player is not None:
                draw(you)
            continue
        if listed != state.ply:
            listed = state.ply
            draw(player)
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
            say()
            say(notation_help(game))
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
                _play_typed(state, text)
            except ValueError as e:
                say(f"error: {e}")
                continue
            turns.append(state.ply - 1)
            say(f"player {player} plays {notation(player)}")
            if state.current_player is not None:
                draw(player)
    say()
    say(state.render())
    outcome = state.outcome()
    assert outcome is not None
    if outcome.winners:
        who = ", ".join(f"player {p} ({seats[p]})" for p in outcome.winners)
        say(f"game over: {who} won ({outcome.reason})")
    else:
        say(f"game over: a draw ({outcome.reason})")
