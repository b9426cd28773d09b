"""The typed contract every game state honours, in both backends: :class:`State`.

``ludorum.new`` and ``ludorum.from_json`` return a :class:`State`. A game may also have its own
protocol, in ``ludorum/states/<game>.py`` (``ludorum.DominionsState`` and so on), that adds the
game's views: ``ludorum.new`` with the game's literal name returns it, and ``isinstance(state,
ludorum.DominionsState)`` narrows a :class:`State` to it for type checkers. These are
:class:`typing.Protocol` classes: no state inherits from them, the Rust classes and the
pure-Python reference classes match them member by member, so that type checkers catch
``state.play(5)`` or a misspelt method, and ``isinstance(x, ludorum.State)`` tells a game state
from anything else.

The docstrings here are the documentation of both backends: the reference shows the same texts
(``help(state.play)``), and the Rust classes carry copies of them.

>>> import ludorum
>>> def first_moves(state: ludorum.State, n: int) -> list[str]:
...     return [str(m) for m in state.legal_moves()[:n]]
>>> first_moves(ludorum.new("chinese_checkers"), 2)
['d1-f4', 'd1-f6']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from ._types import Move, Outcome
    from .observation import ObservationSpec

__all__ = ["State"]

_S = TypeVar("_S", bound="State")


@runtime_checkable
class State(Protocol):
    """A game in progress, in either backend: the one contract every game offers.

    Make one with ``ludorum.new(name, backend=..., **options)`` or ``ludorum.from_json(data)``.
    Moves are :class:`~ludorum.Move` values (an action id and its notation); a checked
    :meth:`play` and :meth:`undo` walk the game tree; :meth:`legal_actions`,
    :meth:`action_mask` and :meth:`apply_action` are the integer view for reinforcement
    learning. Two states are equal (``==``) when their :meth:`to_json` is; states are mutable,
    hence not hashable: use :attr:`key` to index positions. ``str(state)`` is the ASCII board and
    Jupyter draws :meth:`svg`. ``copy.copy`` and ``copy.deepcopy`` give independent copies.

    Bad arguments raise ludorum's own errors (:class:`~ludorum.LudorumError`, a ``ValueError``),
    the same class and message in both backends, and change nothing. Each call is atomic: calls
    from several threads run one after the other; a sequence of calls needs a lock of the
    caller's (see :class:`~ludorum.StateInUseError`).

    >>> import ludorum
    >>> state = ludorum.new("chinese_checkers")
    >>> isinstance(state, ludorum.State)
    True
    >>> state.play("e5-f4")
    >>> state.current_player, state.ply, state.undo()
    (1, 1, Move('e5-f4'))
    """

    # -- identity -----------------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The registry name of the game, as given to ``ludorum.new``.

        >>> import ludorum
        >>> ludorum.new("chinese_checkers").game
        'chinese_checkers'
        """
        ...

    @property
    def num_players(self) -> int:
        """The number of players; players are numbered ``0..num_players - 1`` in turn order.

        >>> import ludorum
        >>> ludorum.new("chinese_checkers", players=3).num_players
        3
        """
        ...

    @property
    def options(self) -> dict[str, Any]:
        """Every option of the game with its value after defaults, as a new dict.

        The keys are the option names of the game's rules page; ``ludorum.new(game,
        **state.options)`` starts the same game again.

        >>> import ludorum
        >>> options = ludorum.new("chinese_checkers", players=3).options
        >>> options["players"], options["pieces"]
        (3, 10)
        """
        ...

    # -- the position -------------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The player who must decide now (0-based), or ``None`` once the game is over.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.current_player
        0
        >>> state.play("e5-f4")
        >>> state.current_player
        1
        """
        ...

    @property
    def key(self) -> int:
        """The 64-bit Zobrist key of the position, an int in ``0..2**64 - 1``.

        It is maintained incrementally and is part of the published format: both backends and
        every version agree on it (the key tables are described on the game's rules page).
        Positions that are equal for the rules have equal keys.

        >>> import ludorum
        >>> ludorum.new("chinese_checkers").key
        18270048635473872849
        """
        ...

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the position alone, without the incremental updates.

        It always equals :attr:`key`; it is there to test that it does.

        Returns:
            The key, an int in ``0..2**64 - 1``.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.play("e5-f4")
        >>> state.key_from_scratch() == state.key
        True
        """
        ...

    @property
    def ply(self) -> int:
        """The number of moves played so far (the length of :meth:`history`).

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.play("e5-f4")
        >>> state.ply
        1
        """
        ...

    def history(self) -> list[Move]:
        """The moves played so far, oldest first.

        Returns:
            A new list of :class:`~ludorum.Move`.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.play("e5-f4"); state.play("m5-l5")
        >>> state.history()
        [Move('e5-f4'), Move('m5-l5')]
        """
        ...

    # -- moves --------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """The moves the current player may make, in ascending action id.

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> import ludorum
        >>> moves = ludorum.new("chinese_checkers").legal_moves()
        >>> len(moves), moves[:2]
        (18, [Move('d1-f4'), Move('d1-f6')])
        """
        ...

    def play(self, move: Move | str) -> None:
        """Play a move, given as a :class:`~ludorum.Move` or as its notation.

        The notation is the one of the game's rules page (``str(move)``). On any error the
        state is left exactly as it was.

        Args:
            move: a :class:`~ludorum.Move` of this game (its action id and notation must agree)
                or a notation string such as ``"e5-f4"``.

        Raises:
            InvalidMoveError: ``move`` is neither a Move nor a string (an object whose ``str``
                is a move is refused too), or does not name a move of this game (a syntax
                error).
            IllegalMoveError: the move is well formed but not legal now, or the game is over.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.play("e5-f4")
        >>> state.play(state.legal_moves()[0])
        >>> state.play("d1-d2")
        Traceback (most recent call last):
        ...
        ludorum.errors.IllegalMoveError: illegal move 'd1-d2': d2 is occupied
        """
        ...

    def parse_move(self, text: str) -> Move:
        """The move named by ``text`` in the game's notation; checks syntax, not legality.

        Args:
            text: a move in the notation of the game's rules page.

        Returns:
            The :class:`~ludorum.Move`, with its action id.

        Raises:
            InvalidMoveError: ``text`` does not name a move of this game.
            IllegalMoveError: So Long Sucker only: ``text`` plays onto a pile that does not
                exist now (its action ids depend on the position).

        >>> import ludorum
        >>> move = ludorum.new("chinese_checkers").parse_move("e5-f4")
        >>> move, move.action
        (Move('e5-f4'), 1720)
        """
        ...

    def move_from_action(self, action: int) -> Move:
        """The move with this action id, without building the list of legal moves.

        Checks that the id names a move of this game, not that the move is legal now: use it
        to name an action of :meth:`legal_actions` or of a policy.

        Args:
            action: an action id in ``0..num_actions - 1``. A few moves lie outside the action
                space and are never listed (Dominions' ``resign`` is ``num_actions``; in So
                Long Sucker, ids past it are the free actions of players other than the one
                to decide).

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: no move of this game has this id.
            IllegalMoveError: So Long Sucker only: the id plays onto a pile that does not exist
                now, or names a free action once the game is over.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.move_from_action(1720)
        Move('e5-f4')
        >>> state.move_from_action(int(state.legal_actions()[0])) == state.legal_moves()[0]
        True
        """
        ...

    def undo(self) -> Move:
        """Take back the last move and return it; a finished game is running again.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.play("e5-f4")
        >>> state.undo()
        Move('e5-f4')
        >>> state.undo()
        Traceback (most recent call last):
        ...
        IndexError: no move to undo
        """
        ...

    # -- the integer view (reinforcement learning) --------------------------------------------

    @property
    def num_actions(self) -> int:
        """The size of the action space: action ids are ``0..num_actions - 1``.

        It is fixed for a game and its options (see the encoding on the game's rules page).

        >>> import ludorum
        >>> ludorum.new("chinese_checkers").num_actions
        14642
        """
        ...

    def legal_actions(self) -> npt.NDArray[np.int32]:
        """The action ids of :meth:`legal_moves`, ascending.

        Returns:
            A new one-dimensional numpy ``int32`` array; empty once the game is over.

        >>> import ludorum
        >>> ludorum.new("chinese_checkers").legal_actions()[:3]
        array([752, 754, 874], dtype=int32)
        """
        ...

    def action_mask(self) -> npt.NDArray[np.bool_]:
        """The legal actions as a mask: True at every id of :meth:`legal_actions`.

        Returns:
            A new numpy ``bool`` array of length :attr:`num_actions`.

        >>> import ludorum
        >>> mask = ludorum.new("chinese_checkers").action_mask()
        >>> mask.shape, int(mask.sum()), bool(mask[752])
        ((14642,), 18, True)
        """
        ...

    def apply_action(self, action: int) -> None:
        """Play the move with this action id; on any error the state is left as it was.

        Args:
            action: an action id, usually one of :meth:`legal_actions`.

        Raises:
            InvalidMoveError: ``action`` is not an int in ``0..num_actions - 1`` (numpy integers
                are; bools and floats are not), or names no move of this game.
            IllegalMoveError: the move is not legal now, or the game is over.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.apply_action(int(state.legal_actions()[0]))
        >>> state.history()
        [Move('d1-f4')]
        >>> state.apply_action(14641)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        ludorum.errors.IllegalMoveError: illegal move 'pass': pass is legal only when ...
        """
        ...

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` may see, as a numpy ``float32`` tensor for learning agents.

        The planes, relative to ``player``, are described on the game's rules page; hidden
        information (Armadora's warrior strengths) of other players stays hidden.

        Args:
            player: the player who looks, in ``0..num_players - 1``.

        Returns:
            A new array whose shape depends only on the game and its options.

        Raises:
            InvalidArgumentError: ``player`` is not a player of this game.

        >>> import ludorum
        >>> ludorum.new("chinese_checkers").observation(0).shape
        (3, 121)
        """
        ...

    def observation_spec(self) -> ObservationSpec:
        """The layout of :meth:`observation`: its shape, bounds and the name of each plane or slice.

        The layout depends only on the game and its options, as the rules page writes it.

        >>> import ludorum
        >>> spec = ludorum.new("chinese_checkers").observation_spec()
        >>> spec.shape, spec.names[-1]
        ((3, 121), 'to move')
        """
        ...

    # -- the end ------------------------------------------------------------------------------

    def is_over(self) -> bool:
        """True once the game has an outcome (then :attr:`current_player` is ``None``).

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers", max_plies=1)
        >>> state.is_over()
        False
        >>> state.play("e5-f4")
        >>> state.is_over()
        True
        """
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it runs.

        Returns:
            ``Outcome(winners, reason)``: the winners as a tuple of players (empty for a draw)
            and the reason in the words of the rules page.

        >>> import ludorum
        >>> state = ludorum.new("dominions")
        >>> state.outcome() is None
        True
        >>> state.play("resign")
        >>> state.outcome()
        Outcome(winners=(1,), reason='resignation')
        """
        ...

    def returns(self) -> list[float]:
        """The result for each player: +1.0 for a winner, -1.0 for a loser.

        Returns:
            One float per player; all 0.0 in a draw and while the game runs.

        >>> import ludorum
        >>> state = ludorum.new("dominions")
        >>> state.returns()
        [0.0, 0.0]
        >>> state.play("resign")
        >>> state.returns()
        [-1.0, 1.0]
        """
        ...

    # -- search and copies --------------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """The number of move sequences of length ``depth`` from here (bulk-counted at the end).

        A sequence that ends the game early is not counted. It counts from a copy of the
        position: the state is free for other calls meanwhile. The Rust backend releases the
        GIL, and Ctrl-C stops it within a fraction of a second.

        Args:
            depth: the number of plies, an int in ``0..255`` (depth 0 counts 1).

        Returns:
            The count of leaves.

        Raises:
            InvalidArgumentError: ``depth`` is not an int in ``0..255``.
            KeyboardInterrupt: interrupted (Ctrl-C); the state is unchanged.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.perft(1), state.perft(2)
        (18, 324)
        """
        ...

    def copy(self: _S) -> _S:
        """An independent copy: playing on one leaves the other as it was.

        Returns:
            A state of the same class and backend, equal to this one.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> other = state.copy()
        >>> other.play("e5-f4")
        >>> state.ply, other.ply, state == other
        (0, 1, False)
        """
        ...

    def __copy__(self: _S) -> _S:
        """The same as :meth:`copy`: ``copy.copy(state)`` is independent of ``state``.

        >>> import copy, ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> copy.copy(state) == state
        True
        """
        ...

    # -- formats ------------------------------------------------------------------------------

    def serialize(self) -> bytes:
        """The position as compact bytes: the options and the action ids of the moves.

        ``ludorum.deserialize`` rebuilds it in either backend, replaying every move with full
        checks, and both backends write the same bytes. Far cheaper than :meth:`to_json`, for
        pickling search trees and sending positions between processes; So Long Sucker's chat
        is not part of a position and is not carried.

        >>> import ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.play("e5-f5")
        >>> ludorum.deserialize(state.serialize()).to_json() == state.to_json()
        True
        """
        ...

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The whole state as plain JSON-able values, history included.

        ``ludorum.from_json`` rebuilds an equal state from it, in either backend. The fields are
        described on the game's rules page.

        Args:
            viewer: ``None`` for the full state, or a player for what that player may see. In
                games of hidden information (Armadora) the other players' hidden values are
                left out and a ``"viewer"`` field is added, and ``from_json`` refuses such a
                view; in the other games every player sees the full state.

        Returns:
            A new dict with ``game``, ``version``, ``options``, ``moves``,
            ``current_player``, ``outcome`` and the game's own fields.

        Raises:
            InvalidArgumentError: ``viewer`` is not ``None`` nor a player of this game.

        >>> import json, ludorum
        >>> state = ludorum.new("chinese_checkers")
        >>> state.play("e5-f4")
        >>> data = state.to_json()
        >>> data["moves"], data["current_player"]
        (['e5-f4'], 1)
        >>> ludorum.from_json(json.dumps(data)).to_json() == data
        True
        """
        ...

    def render(self, viewer: int | None = None) -> str:
        """The board as ASCII text, ending with a status line; ``str(state)`` is the same.

        Args:
            viewer: the player whose view is drawn, in games of hidden information; ``None``
                draws what every player may see.

        Returns:
            The text, lines separated by ``"\\n"``.

        Raises:
            InvalidArgumentError: ``viewer`` is neither ``None`` nor a player of this game
                (the games without hidden information draw the same board for everyone).

        >>> import ludorum
        >>> print(ludorum.new("chinese_checkers").render().splitlines()[-1])
        to move: 0
        """
        ...

    def svg(self, viewer: int | None = None, size: int = 420) -> str:
        """The board as a self-contained SVG document (Jupyter shows states this way).

        Args:
            viewer: the player whose view is drawn, in games of hidden information; ``None``
                draws what every player may see.
            size: the width of the drawing in pixels, an int in ``1..10000``.

        Returns:
            The SVG text.

        Raises:
            InvalidArgumentError: ``size`` is not an int in ``1..10000``, or ``viewer`` is
                neither ``None`` nor a player of this game (the games without hidden
                information draw the same board for everyone).

        >>> import ludorum
        >>> ludorum.new("chinese_checkers").svg(size=300)[:46]
        '<svg xmlns="http://www.w3.org/2000/svg" width='
        """
        ...
