"""So Long Sucker (Hausner, Nash, Shapley and Shubik, 1950): the pure-Python reference twin.

Behaviour follows ``docs/rules/so_long_sucker.md``; every encoding both backends share (the
decisions, notation, position-relative action ids, observation, computed Zobrist keys, JSON)
follows ``docs/rules/so_long_sucker.md``, whose **Decisions** settle what the shared page left
open. Written for clarity first: it is the oracle the Rust core is tested against.

>>> state = SoLongSucker(first_player=0)
>>> [str(m) for m in state.legal_moves()]
['play R new']
>>> state.play("play R new")
>>> [str(m) for m in state.legal_moves()]
['give B', 'give G', 'give Y']
>>> state.play("give G")
>>> state.decision()
{'situation': 'play', 'player': 2, 'pile': None, 'in_need': None}
>>> state.givers(), state.piles()
((0, 2), ((1, (0,)),))
>>> str(state.undo())
'give G'
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from .. import _args
from .._types import Message, Move, Outcome
from ..errors import IllegalMoveError, InvalidMoveError
from ._base import ReferenceState, is_int
from ._core import SplitMix64

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["COLOUR_NAMES", "LETTERS", "SITUATIONS", "ZOBRIST_SEED", "SoLongSucker", "zobrist"]

# -- colours, situations ----------------------------------------------------------------------

#: colour letters in seat order: colour c belongs to player c
LETTERS = "RBGYPO"
#: colour names in seat order, for error messages
COLOUR_NAMES = ("red", "blue", "green", "yellow", "purple", "orange")
#: the four situations of a decision, in the order of their numbers (key, observation)
SITUATIONS = ("play", "give", "kill", "rescue")
_PLAY, _GIVE, _KILL, _RESCUE = SITUATIONS

_MAX_PILE_ID = 2**32 - 1

# -- Zobrist keys -----------------------------------------------------------------------------

#: "SOLONGSU": the key entries are computed from it, not drawn into a table
ZOBRIST_SEED = 0x534F_4C4F_4E47_5355


@cache
def zobrist(tag: int, a: int, b: int, c: int) -> int:
    """The key entry ``z(tag, a, b, c)``: the first output of SplitMix64 seeded with
    ``ZOBRIST_SEED ^ (tag << 48 | a << 32 | b << 16 | c)`` (a, b, c < 2**16).

    >>> zobrist(3, 1, 0, 0) == SplitMix64(ZOBRIST_SEED ^ (3 << 48 | 1 << 32)).next_u64()
    True
    """
    assert 0 <= a < 1 << 16 and 0 <= b < 1 << 16 and 0 <= c < 1 << 16, (tag, a, b, c)
    return SplitMix64(ZOBRIST_SEED ^ ((tag << 48) | (a << 32) | (b << 16) | c)).next_u64()


def _used_entry(used: int) -> int:
    """The key entry of ``used`` free actions in this decision: the count has no limit, so it is
    split in 16-bit parts, ``z(6, used mod 2**16, (used >> 16) mod 2**16, (used >> 32) mod
    2**16)`` (the same as ``z(6, used, 0, 0)`` below 65,536).

    >>> _used_entry(5) == zobrist(6, 5, 0, 0), _used_entry(65536) == zobrist(6, 0, 1, 0)
    (True, True)
    """
    mask = 0xFFFF
    return zobrist(6, used & mask, (used >> 16) & mask, (used >> 32) & mask)


# -- options ----------------------------------------------------------------------------------

# -- the state --------------------------------------------------------------------------------


class SoLongSucker(ReferenceState):
    """A game of So Long Sucker for 2 to 6 players.

    Options: ``players`` (2..6), ``chips`` (None for 7, 6 or 5 by player count, or 1..20),
    ``seed`` (int in 0..2**64 - 1: draws the first player), ``first_player`` (None or a player
    index), ``dead_capture`` (``player`` or ``giver``), ``free_actions`` (0..100: how many of its
    own free actions the decider sees listed per decision).

    Raises:
        InvalidOptionError: an unknown option or a value out of range.

    >>> s = SoLongSucker(players=5)
    >>> s.options["chips"], s.num_actions
    (6, 201)
    >>> SoLongSucker(dead_capture="nobody")
    Traceback (most recent call last):
    ...
    ludorum.errors.InvalidOptionError: dead_capture must be one of 'player', 'giver', got 'nobody'
    """

    _game = "so_long_sucker"

    def __init__(self, **options: Any) -> None:
        self._options = options  # after the engine's check (`_args.options`), defaults included
        players: int = self._options["players"]
        chips: int = self._options["chips"]
        self._num_players = players
        #: N, the chips in the game: also the most piles there can be at once
        self._num_chips: int = players * chips
        #: M, the action slots per colour: N pile ranks, then ``new``
        self._slots: int = self._num_chips + 1
        p2 = players * players
        self._give_base = players * self._slots
        self._free_base = self._give_base + 3 * players + 1
        self._num_actions = self._give_base + p2 + 4 * players + 1
        assert self.num_actions == self._free_base + p2 + players
        #: extended ids of other actors' free actions: ``P² + P`` per actor past the space
        self._per_actor = p2 + players

        first: int | None = self._options["first_player"]
        if first is None:
            first = SplitMix64(self._options["seed"]).below(players)

        # Piles in ascending id: [id, colours bottom to top]. The rank of a pile is its index.
        self._piles: list[tuple[int, list[int]]] = []
        self._next_pile = 1
        # hands[p][c]: player p's chips of colour c (c = p: its stock).
        self._hands: list[list[int]] = [
            [chips if c == p else 0 for c in range(players)] for p in range(players)
        ]
        self._dead_box: list[int] = [0] * players
        self._alive: list[bool] = [True] * players
        # The decision: situation, decider (kept in _turn for the base class), the pile id of a
        # give or kill decision, the player in need of a rescue decision; situation None once
        # over. _decision_key is its key entry, kept so that removing piles (which shifts ranks)
        # never needs the old rank again.
        self._situation: str | None = _PLAY
        self._turn: int = first
        self._pile_id: int | None = None
        self._in_need: int | None = None
        self._decision_key = 0
        self._givers: list[int] = []
        self._used = 0
        self._outcome: Outcome | None = None
        self._history: list[Move] = []
        # One snapshot per move: the whole position before it, for an exact undo.
        self._snapshots: list[tuple[Any, ...]] = []
        self._chat: list[Message] = []

        self._key = 0
        for p in range(players):
            self._key ^= zobrist(2, p, p, chips)
        self._push(first)
        self._set_decision(_PLAY, first)
        assert self._key == self.key_from_scratch()

    # -- simple views -------------------------------------------------------------------------

    def piles(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The piles on the table in ascending id: ``(id, colours bottom to top)``.

        A pile's rank (its index here) is what the action ids of plays use.

        >>> s = SoLongSucker(first_player=1); s.play("play B new"); s.piles()
        ((1, (1,)),)
        """
        return tuple((pile_id, tuple(chips)) for pile_id, chips in self._piles)

    def hands(self) -> tuple[tuple[int, ...], ...]:
        """Each player's chips by colour (its own colour is its stock, others are prisoners).

        >>> SoLongSucker(players=2, chips=3).hands()
        ((3, 0), (0, 3))
        """
        return tuple(tuple(hand) for hand in self._hands)

    def dead_box(self) -> tuple[int, ...]:
        """The chips killed, by colour.

        >>> SoLongSucker(players=3).dead_box()
        (0, 0, 0)
        """
        return tuple(self._dead_box)

    def alive(self) -> tuple[bool, ...]:
        """Whether each player is still in the game.

        >>> SoLongSucker(players=2).alive()
        (True, True)
        """
        return tuple(self._alive)

    def decision(self) -> dict[str, Any] | None:
        """The decision to take now, as in the JSON state; ``None`` once the game is over.

        Returns:
            ``{"situation", "player", "pile", "in_need"}``: the situation (``play``, ``give``,
            ``kill`` or ``rescue``), the player who decides, the pile id of a give or kill
            decision and the player in need of a rescue (else ``None``).

        >>> SoLongSucker(first_player=3).decision()
        {'situation': 'play', 'player': 3, 'pile': None, 'in_need': None}
        """
        if self._situation is None:
            return None
        return {
            "situation": self._situation,
            "player": self._turn,
            "pile": self._pile_id,
            "in_need": self._in_need,
        }

    def givers(self) -> tuple[int, ...]:
        """The chain of players who gave the move, oldest first; its last has (or had) it.

        >>> SoLongSucker(first_player=2).givers()
        (2,)
        """
        return tuple(self._givers)

    @property
    def chat(self) -> list[Message]:
        """The public chat: ``Message(ply, player, text)`` in the order said.

        >>> s = SoLongSucker(); s.say(1, "deal?"); s.chat
        [Message(ply=0, player=1, text='deal?')]
        """
        return list(self._chat)

    def say(self, player: int, text: str) -> None:
        """Add a line to the public chat, as said by ``player`` now: ``Message(ply, player,
        text)``.

        Any player may speak, alive or dead, also after the end. The chat is part of the JSON
        state, not of the key; undo leaves it as it is and copy copies it.

        Args:
            player: the speaker.
            text: what is said.

        Raises:
            InvalidArgumentError: ``player`` is not a player of this game, or ``text`` is not
                a str of valid Unicode (a lone surrogate cannot be written as UTF-8 or JSON).

        >>> s = SoLongSucker()
        >>> s.say(1, "deal?"); s.say(2, "no")
        >>> [m.text for m in s.chat]
        ['deal?', 'no']
        """
        player = self._check_player(player)
        text = _args.text(text)
        self._chat.append(Message(len(self._history), player, text))

    def key_from_scratch(self) -> int:
        """The Zobrist key recomputed from the whole position; always equals ``key``.

        Returns:
            The key, an int in ``0..2**64 - 1``, computed entry by entry with :func:`zobrist`
            as ``docs/rules/so_long_sucker.md`` says.

        >>> s = SoLongSucker(); s.key_from_scratch() == s.key
        True
        """
        key = 0
        for rank, (_, chips) in enumerate(self._piles):
            for depth, colour in enumerate(chips):
                key ^= zobrist(1, rank, depth, colour)
        for p, hand in enumerate(self._hands):
            for c, count in enumerate(hand):
                if count > 0:
                    key ^= zobrist(2, p, c, count)
        for p, alive in enumerate(self._alive):
            if not alive:
                key ^= zobrist(3, p, 0, 0)
        if self._situation is not None:
            key ^= self._decision_entry(self._situation, self._turn, self._pile_id, self._in_need)
        for position, player in enumerate(self._givers):
            key ^= zobrist(5, position, player, 0)
        if self._used > 0 and self._outcome is None:
            key ^= _used_entry(self._used)
        return key

    # -- small helpers ------------------------------------------------------------------------

    def _holds_chips(self, player: int) -> bool:
        return sum(self._hands[player]) > 0

    def _has_prisoner(self, player: int) -> bool:
        return any(n > 0 for c, n in enumerate(self._hands[player]) if c != player)

    def _rank_of(self, pile_id: int) -> int | None:
        for rank, (i, _) in enumerate(self._piles):
            if i == pile_id:
                return rank
        return None

    def _pile(self, pile_id: int) -> list[int]:
        rank = self._rank_of(pile_id)
        assert rank is not None, pile_id
        return self._piles[rank][1]

    def _options_of(self, chips: list[int]) -> list[int]:
        """The living players whose colour is not in the pile ``chips``."""
        return [p for p in range(self.num_players) if self._alive[p] and p not in chips]

    # -- state changes, each keeping the key up to date ---------------------------------------

    def _set_count(self, player: int, colour: int, count: int) -> None:
        old = self._hands[player][colour]
        if old > 0:
            self._key ^= zobrist(2, player, colour, old)
        if count > 0:
            self._key ^= zobrist(2, player, colour, count)
        self._hands[player][colour] = count

    def _add_chips(self, player: int, colour: int, n: int) -> None:
        self._set_count(player, colour, self._hands[player][colour] + n)

    def _put_on_pile(self, rank: int, colour: int) -> None:
        chips = self._piles[rank][1]
        self._key ^= zobrist(1, rank, len(chips), colour)
        chips.append(colour)

    def _start_pile(self, colour: int) -> int:
        """Start a pile with one chip; return its id."""
        pile_id = self._next_pile
        self._next_pile += 1
        self._piles.append((pile_id, []))
        self._put_on_pile(len(self._piles) - 1, colour)
        return pile_id

    def _pile_key(self, rank: int) -> int:
        key = 0
        for depth, colour in enumerate(self._piles[rank][1]):
            key ^= zobrist(1, rank, depth, colour)
        return key

    def _remove_pile(self, pile_id: int) -> list[int]:
        """Take a pile off the table and return its chips; every later pile moves down a rank."""
        rank = self._rank_of(pile_id)
        assert rank is not None, pile_id
        for r in range(rank, len(self._piles)):
            self._key ^= self._pile_key(r)
        _, chips = self._piles.pop(rank)
        for r in range(rank, len(self._piles)):
            self._key ^= self._pile_key(r)
        return chips

    def _kill_player(self, player: int) -> None:
        self._alive[player] = False
        self._key ^= zobrist(3, player, 0, 0)

    def _decision_entry(
        self, situation: str, decider: int, pile_id: int | None, in_need: int | None
    ) -> int:
        if situation in (_GIVE, _KILL):
            assert pile_id is not None
            extra = self._rank_of(pile_id)
            assert extra is not None
        elif situation == _RESCUE:
            assert in_need is not None
            extra = in_need
        else:
            extra = 0
        return zobrist(4, SITUATIONS.index(situation), decider, extra)

    def _set_decision(
        self,
        situation: str,
        decider: int,
        pile_id: int | None = None,
        in_need: int | None = None,
    ) -> None:
        self._key ^= self._decision_key
        self._situation, self._turn = situation, decider
        self._pile_id, self._in_need = pile_id, in_need
        self._decision_key = self._decision_entry(situation, decider, pile_id, in_need)
        self._key ^= self._decision_key

    def _end(self, winner: int) -> None:
        """The game is over: no decision any more, and ``winner`` is the last player alive."""
        self._key ^= self._decision_key
        self._decision_key = 0
        self._situation, self._pile_id, self._in_need = None, None, None
        self._turn = winner
        self._outcome = Outcome((winner,), "last player alive")

    def _push(self, player: int) -> None:
        self._key ^= zobrist(5, len(self._givers), player, 0)
        self._givers.append(player)

    def _pop(self) -> int:
        player = self._givers.pop()
        self._key ^= zobrist(5, len(self._givers), player, 0)
        return player

    def _set_used(self, used: int) -> None:
        # The count is in the key only while the game runs; at the end it is always 0.
        if self._used > 0:
            self._key ^= _used_entry(self._used)
        if used > 0:
            self._key ^= _used_entry(used)
        self._used = used

    # -- the flow of the move ----------------------------------------------------------------

    def _give_move(self, player: int) -> None:
        """``player`` is given the move: it goes on top of the chain and has the move."""
        self._push(player)
        self._has_move(player)

    def _has_move(self, player: int) -> None:
        """``player`` (the top of the chain) has the move: it plays if it holds a chip, else it is
        in need and the rescue round starts."""
        assert self._givers and self._givers[-1] == player, (self._givers, player)
        if self._holds_chips(player):
            self._set_decision(_PLAY, player)
        else:
            self._ask_next(player, player)

    def _ask_next(self, in_need: int, after: int) -> None:
        """Ask the next helper of ``in_need`` in seat order after ``after`` (stopping before
        ``in_need``), skipping the dead and those holding no prisoner now; nobody left: it dies.
        """
        n = self.num_players
        p = (after + 1) % n
        while p != in_need:
            if self._alive[p] and self._has_prisoner(p):
                self._set_decision(_RESCUE, p, in_need=in_need)
                return
            p = (p + 1) % n
        self._die(in_need)

    def _die(self, player: int) -> None:
        """``player`` (in need, on top of the chain) dies; the game ends if one player is left,
        else the move goes back to its giver."""
        self._kill_player(player)
        living = [p for p in range(self.num_players) if self._alive[p]]
        if len(living) == 1:
            # The game ends the moment one living player is left: the chain stays as it is.
            self._end(living[0])
            return
        if not self._move_back():
            # The chain ran empty: the first living player in seat order after the dead one.
            n = self.num_players
            nxt = next((player + i) % n for i in range(1, n) if self._alive[(player + i) % n])
            self._give_move(nxt)

    def _move_back(self) -> bool:
        """The move goes back to the giver of the top: pop the top, then every dead player on top;
        the new top has the move again. False (nothing done beyond popping) if the chain ran
        empty."""
        self._pop()
        while self._givers and not self._alive[self._givers[-1]]:
            self._pop()
        if not self._givers:
            return False
        self._has_move(self._givers[-1])
        return True

    def _after_play(self, player: int, pile_id: int) -> None:
        """Resolve a play by ``player`` onto pile ``pile_id``: capture, give, or forced move."""
        chips = self._pile(pile_id)
        colour = chips[-1]
        if len(chips) >= 2 and chips[-2] == colour:
            if self._alive[colour]:
                self._set_decision(_KILL, colour, pile_id=pile_id)
                return
            # A dead colour captures: the whole pile goes to the dead box.
            for c in self._remove_pile(pile_id):
                self._dead_box[c] += 1
            if self._options["dead_capture"] == "giver" and self._move_back():
                return
            if not self._givers:
                # Going back ran the chain empty: the player has the move again all the same.
                self._push(player)
            self._has_move(player)
            return
        options = self._options_of(chips)
        if len(options) >= 2:
            self._set_decision(_GIVE, player, pile_id=pile_id)
        elif len(options) == 1:
            self._give_move(options[0])
        else:
            # Every living colour is in the pile: the one whose topmost chip lies deepest.
            topmost = {c: depth for depth, c in enumerate(chips)}
            living = [c for c in topmost if self._alive[c]]
            self._give_move(min(living, key=lambda c: topmost[c]))

    # -- decoding moves -----------------------------------------------------------------------

    def _decode(self, action: int) -> tuple[Any, ...]:
        """The move of a (well-formed) action id as a tuple: ``("play", colour, rank or None)``,
        ``("give", player)``, ``("kill", colour)``, ``("rescue", colour)``, ``("refuse",)``,
        ``("transfer", actor, colour, receiver)`` or ``("free_kill", actor, colour)``.

        Raises:
            InvalidMoveError: not an id of this state (out of range, or the extended id of the
            decider's own free action).
            IllegalMoveError: an in-space free action once the game is over (nobody decides),
            or a play onto a rank with no pile.
        """
        n = self.num_players
        end = self.num_actions + n * self._per_actor
        # The messages are worded as in the Rust core: the same in both backends.
        if not 0 <= action < end:
            raise InvalidMoveError(
                f"invalid move '{action}': action ids run from 0 to {end - 1} "
                "(free actions of other players included)"
            )
        if action < self._give_base:
            colour, rank = divmod(action, self._slots)
            if rank == self._num_chips:
                return ("play", colour, None)
            if rank >= len(self._piles):
                raise IllegalMoveError(
                    f"illegal move 'action {action}': it plays {LETTERS[colour]} onto the pile "
                    f"of rank {rank}, and there are only {len(self._piles)} piles"
                )
            return ("play", colour, rank)
        rest = action - self._give_base
        if rest < 3 * n:
            kind, index = divmod(rest, n)
            return (("give", "kill", "rescue")[kind], index)
        if rest == 3 * n:
            return ("refuse",)
        if action < self.num_actions:
            if self.current_player is None:
                raise IllegalMoveError(
                    f"illegal move 'action {action}': the game is over: nobody decides, so a "
                    "free action in the action space has no actor"
                )
            actor = self._turn
            rest = action - self._free_base
        else:
            actor, rest = divmod(action - self.num_actions, self._per_actor)
            if actor == self.current_player:
                raise InvalidMoveError(
                    f"invalid move '{action}': {COLOUR_NAMES[actor]} decides now: its free "
                    f"actions have ids in the action space, from {self._free_base}"
                )
        if rest < n * n:
            colour, receiver = divmod(rest, n)
            return ("transfer", actor, colour, receiver)
        return ("free_kill", actor, rest - n * n)

    def _free_action_id(self, actor: int, rest: int) -> int:
        """The id of ``actor``'s free action ``rest`` (``C * P + Y`` or ``P² + C``)."""
        if actor == self.current_player:
            return self._free_base + rest
        return self.num_actions + actor * self._per_actor + rest

    def _notation(self, decoded: tuple[Any, ...]) -> str:
        kind = decoded[0]
        if kind == "play":
            _, colour, rank = decoded
            where = "new" if rank is None else f"on {self._piles[rank][0]}"
            return f"play {LETTERS[colour]} {where}"
        if kind == "refuse":
            return "refuse"
        if kind in ("give", "kill", "rescue"):
            return f"{kind} {LETTERS[decoded[1]]}"
        if kind == "transfer":
            _, actor, colour, receiver = decoded
            return f"{LETTERS[actor]}: transfer {LETTERS[colour]} to {LETTERS[receiver]}"
        _, actor, colour = decoded
        return f"{LETTERS[actor]}: kill {LETTERS[colour]}"

    def move_from_action(self, action: int) -> Move:
        """The move with this action id in this position, without building the legal moves.

        Action ids depend on the position (``docs/rules/so_long_sucker.md``): ids
        ``0..num_actions - 1`` are the decider's view (a play onto the pile of rank r, the
        decider's own free actions), ids past it the free actions of the other players.

        Args:
            action: an action id.

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the id names no move (out of range, or the extended id of the
            decider's own free action).
            IllegalMoveError: a play onto a rank with no pile, or an in-space free action once
            the game is over.

        >>> s = SoLongSucker(first_player=0)
        >>> s.move_from_action(28), s.move_from_action(149 + 20 + 2 * 4 + 1)
        (Move('play R new'), Move('B: transfer G to B'))
        """
        action = _args.action_id(action)
        return Move(action, self._notation(self._decode(action)))

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The move named by ``text``, with its action id in this position; checks syntax, not
        legality, except that the pile must exist.

        Args:
            text: ``play G on 3``, ``play G new``, ``give B``, ``kill R``, ``rescue R``,
                ``refuse``, or a free action ``B: transfer G to Y``, ``B: kill G``.

        Returns:
            The :class:`~ludorum.Move`.

        Raises:
            InvalidMoveError: the text does not name a move.
            IllegalMoveError: ``play C on I`` and there is no pile I now.

        >>> s = SoLongSucker(first_player=0)
        >>> s.parse_move("play R new"), s.parse_move("B: kill G").action
        (Move('play R new'), 187)
        >>> s.parse_move("play O new")
        Traceback (most recent call last):
        ...
        ludorum.errors.InvalidMoveError: invalid move 'play O new': 'O' is not a colour of this game (one of R, B, G, Y)
        """  # noqa: E501
        text = _args.notation(text)
        n = self.num_players
        letters = LETTERS[:n]

        def bad(reason: str) -> InvalidMoveError:
            return InvalidMoveError(f"invalid move '{text}': {reason}")

        def colour(token: str) -> int:
            if len(token) != 1 or token not in letters:
                raise bad(f"'{token}' is not a colour of this game (one of {', '.join(letters)})")
            return letters.index(token)

        def pile(token: str) -> int:
            if (
                not 1 <= len(token) <= 10
                or not set(token) <= set("0123456789")
                or token[0] == "0"
                or int(token) > _MAX_PILE_ID
            ):
                raise bad(
                    f"'{token}' is not a pile id (a decimal number from 1 to {_MAX_PILE_ID} "
                    "without leading zeros)"
                )
            return int(token)

        # The shapes are tried in the order of the Rust core, so both report the same error.
        t = text.split(" ")
        if len(t) == 4 and t[0] == "play" and t[2] == "on":
            c, pile_id = colour(t[1]), pile(t[3])
            rank = self._rank_of(pile_id)
            if rank is None:
                raise IllegalMoveError(f"illegal move '{text}': there is no pile {pile_id}")
            return Move(c * self._slots + rank, text)
        if len(t) == 3 and t[0] == "play" and t[2] == "new":
            return Move(colour(t[1]) * self._slots + self._num_chips, text)
        if len(t) == 2 and t[0] in ("give", "kill", "rescue"):
            kind = ("give", "kill", "rescue").index(t[0])
            return Move(self._give_base + kind * n + colour(t[1]), text)
        if t == ["refuse"]:
            return Move(self._give_base + 3 * n, text)
        if len(t) == 5 and t[0].endswith(":") and t[1] == "transfer" and t[3] == "to":
            actor, c, receiver = colour(t[0][:-1]), colour(t[2]), colour(t[4])
            return Move(self._free_action_id(actor, c * n + receiver), text)
        if len(t) == 3 and t[0].endswith(":") and t[1] == "kill":
            actor, c = colour(t[0][:-1]), colour(t[2])
            return Move(self._free_action_id(actor, n * n + c), text)
        raise bad(
            "expected 'play C on I', 'play C new', 'give X', 'kill C', 'rescue C', 'refuse', "
            "'A: transfer C to Y' or 'A: kill C' (single spaces, colour letters in capitals)"
        )

    # -- move generation ----------------------------------------------------------------------

    def _free_moves_of(self, actor: int) -> list[Move]:
        """Every free action ``actor`` may make now, ascending id (assumes the game runs)."""
        if not self._alive[actor]:
            return []
        n = self.num_players
        moves = []
        held = [c for c in range(n) if c != actor and self._hands[actor][c] > 0]
        for colour in held:
            for receiver in range(n):
                if receiver != actor and self._alive[receiver]:
                    action = self._free_action_id(actor, colour * n + receiver)
                    notation = self._notation(("transfer", actor, colour, receiver))
                    moves.append(Move(action, notation))
        for colour in held:
            action = self._free_action_id(actor, n * n + colour)
            moves.append(Move(action, self._notation(("free_kill", actor, colour))))
        return moves

    def free_moves(self, player: int) -> list[Move]:
        """The free actions ``player`` may take now, whoever has to decide.

        Transfers of prisoners (by colour, then receiver), then kills of prisoners (by colour),
        with their action ids in this position; the decider's own are also in
        :meth:`legal_moves` when the ``free_actions`` option allows.

        Args:
            player: any player of this game.

        Returns:
            A new list of :class:`~ludorum.Move`; empty for a dead player and once the game is
            over.

        Raises:
            ValueError: ``player`` is not a player of this game.

        >>> s = SoLongSucker(first_player=0); s.free_moves(1)
        []
        """
        player = self._check_player(player)
        if self._outcome is not None:
            return []
        return self._free_moves_of(player)

    def legal_moves(self) -> list[Move]:
        """The moves the decider may make, in ascending action id.

        Its primary moves, then, with ``free_actions = k > 0``, its own free actions while it
        has made fewer than k in this decision (not those that would leave it, having the move,
        without chips).

        Returns:
            A new list of :class:`~ludorum.Move`; empty once the game is over.

        >>> [str(m) for m in SoLongSucker(players=2, first_player=1).legal_moves()]
        ['play B new']
        """
        if self._outcome is not None:
            return []
        n = self.num_players
        decider = self._turn
        moves: list[Move] = []
        if self._situation == _PLAY:
            for colour in range(n):
                if self._hands[decider][colour] > 0:
                    for rank in range(len(self._piles)):
                        action = colour * self._slots + rank
                        moves.append(Move(action, self._notation(("play", colour, rank))))
                    action = colour * self._slots + self._num_chips
                    moves.append(Move(action, self._notation(("play", colour, None))))
        elif self._situation == _GIVE:
            assert self._pile_id is not None
            for p in self._options_of(self._pile(self._pile_id)):
                moves.append(Move(self._give_base + p, self._notation(("give", p))))
        elif self._situation == _KILL:
            assert self._pile_id is not None
            chips = self._pile(self._pile_id)
            for colour in range(n):
                if colour in chips:
                    action = self._give_base + n + colour
                    moves.append(Move(action, self._notation(("kill", colour))))
        else:
            for colour in range(n):
                if colour != decider and self._hands[decider][colour] > 0:
                    action = self._give_base + 2 * n + colour
                    moves.append(Move(action, self._notation(("rescue", colour))))
            moves.append(Move(self._give_base + 3 * n, "refuse"))
        if self._used < self._options["free_actions"]:
            # Every free action takes one chip from its actor: with the move and one chip left,
            # none is listed (it would leave the decider without chips).
            if not (self._situation == _PLAY and sum(self._hands[decider]) <= 1):
                moves.extend(self._free_moves_of(decider))
        return moves

    def _illegal_reason(self, move: Move) -> str | None:
        """Why a well-formed move is not legal now, or None if it is (the game running).

        The reasons, in this order, are worded as in the Rust core: the messages of both
        backends are the same."""
        decoded = self._decode(move.action)
        kind = decoded[0]
        decider = self._turn
        situation = self._situation

        def wrong(what: str) -> str:
            return f"it is {COLOUR_NAMES[decider]}'s decision ({situation}), not {what}"

        if kind == "play":
            if situation != _PLAY:
                return wrong("a play")
            colour = decoded[1]
            if self._hands[decider][colour] == 0:
                return f"{COLOUR_NAMES[decider]} holds no {COLOUR_NAMES[colour]} chip"
            return None
        if kind == "give":
            if situation != _GIVE:
                return wrong("a give")
            assert self._pile_id is not None
            target = decoded[1]
            if not self._alive[target]:
                return f"{COLOUR_NAMES[target]} is dead"
            if target not in self._options_of(self._pile(self._pile_id)):
                return f"{COLOUR_NAMES[target]}'s colour is in pile {self._pile_id}"
            return None
        if kind == "kill":
            if situation != _KILL:
                return wrong("a kill")
            assert self._pile_id is not None
            if decoded[1] not in self._pile(self._pile_id):
                return f"pile {self._pile_id} holds no {COLOUR_NAMES[decoded[1]]} chip"
            return None
        if kind in ("rescue", "refuse"):
            if situation != _RESCUE:
                return wrong("a rescue")
            if kind == "refuse":
                return None
            colour = decoded[1]
            name = COLOUR_NAMES[decider]
            if colour == decider:
                return f"{name}'s own chips are not prisoners: a rescue hands over a prisoner"
            if self._hands[decider][colour] == 0:
                return f"{name} holds no {COLOUR_NAMES[colour]} chip"
            return None
        actor, colour = decoded[1], decoded[2]
        who = COLOUR_NAMES[actor]
        if not self._alive[actor]:
            return f"{who} is dead"
        if colour == actor:
            verb = "transfer" if kind == "transfer" else "kill"
            return f"{who} cannot {verb} chips of its own colour ({LETTERS[colour]})"
        if self._hands[actor][colour] == 0:
            return f"{who} holds no {COLOUR_NAMES[colour]} chip"
        if kind == "transfer":
            receiver = decoded[3]
            if receiver == actor:
                return f"{who} cannot transfer to itself"
            if not self._alive[receiver]:
                return f"{COLOUR_NAMES[receiver]} is dead"
        return None

    def _is_legal(self, move: Move) -> bool:
        # Free actions of any living player are legal though only the decider's are listed.
        return self._illegal_reason(move) is None

    def _why_illegal(self, move: Move) -> str:
        return self._illegal_reason(move) or "not a legal move in this position"

    # -- playing and undoing ------------------------------------------------------------------

    def _snapshot(self) -> tuple[Any, ...]:
        return (
            tuple((pile_id, tuple(chips)) for pile_id, chips in self._piles),
            self._next_pile,
            tuple(tuple(hand) for hand in self._hands),
            tuple(self._dead_box),
            tuple(self._alive),
            (self._situation, self._turn, self._pile_id, self._in_need, self._decision_key),
            tuple(self._givers),
            self._used,
            self._outcome,
            self._key,
        )

    def _apply(self, move: Move) -> None:
        """Play a move known to be legal, then resolve everything that follows until a player
        must decide or the game is over."""
        decoded = self._decode(move.action)
        self._snapshots.append(self._snapshot())
        before = (self._situation, self._turn, self._pile_id, self._in_need)
        decider = self._turn
        kind = decoded[0]
        free = kind in ("transfer", "free_kill")
        if kind == "play":
            _, colour, rank = decoded
            self._add_chips(decider, colour, -1)
            if rank is None:
                pile_id = self._start_pile(colour)
            else:
                pile_id = self._piles[rank][0]
                self._put_on_pile(rank, colour)
            self._after_play(decider, pile_id)
        elif kind == "give":
            self._give_move(decoded[1])
        elif kind == "kill":
            assert self._pile_id is not None
            chips = self._remove_pile(self._pile_id)
            chips.remove(decoded[1])
            self._dead_box[decoded[1]] += 1
            for colour in range(self.num_players):
                if colour in chips:
                    self._add_chips(decider, colour, chips.count(colour))
            self._give_move(decider)
        elif kind == "rescue":
            in_need = self._in_need
            assert in_need is not None
            self._add_chips(decider, decoded[1], -1)
            self._add_chips(in_need, decoded[1], 1)
            self._set_decision(_PLAY, in_need)
        elif kind == "refuse":
            assert self._in_need is not None
            self._ask_next(self._in_need, decider)
        else:
            actor, colour = decoded[1], decoded[2]
            has_move = self._situation == _PLAY and actor == decider
            self._add_chips(actor, colour, -1)
            if kind == "transfer":
                receiver = decoded[3]
                self._add_chips(receiver, colour, 1)
                if self._situation == _RESCUE and receiver == self._in_need:
                    # A transfer to the player in need rescues it.
                    self._set_decision(_PLAY, receiver)
            else:
                self._dead_box[colour] += 1
            if has_move and not self._holds_chips(actor):
                # The player with the move gave away its last chip: it is in need at once.
                self._ask_next(actor, actor)
        after = (self._situation, self._turn, self._pile_id, self._in_need)
        if not free or after != before:
            self._set_used(0)
        elif decoded[1] == decider:
            self._set_used(self._used + 1)
        self._history.append(move)

    def undo(self) -> Move:
        """Take back the last move and return it (with the action id it had when played),
        restoring the exact previous position; the chat stays as it is.

        Returns:
            The :class:`~ludorum.Move` taken back.

        Raises:
            IndexError: no move has been played.

        >>> s = SoLongSucker(first_player=0); s.play("play R new"); s.undo()
        Move('play R new')
        """
        if not self._history:
            raise IndexError("no move to undo")
        move = self._history.pop()
        (
            piles,
            self._next_pile,
            hands,
            dead_box,
            alive,
            decision,
            givers,
            self._used,
            self._outcome,
            self._key,
        ) = self._snapshots.pop()
        self._piles = [(pile_id, list(chips)) for pile_id, chips in piles]
        self._hands = [list(hand) for hand in hands]
        self._dead_box = list(dead_box)
        self._alive = list(alive)
        self._situation, self._turn, self._pile_id, self._in_need, self._decision_key = decision
        self._givers = list(givers)
        return move

    # -- observation --------------------------------------------------------------------------

    def observation(self, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees, as a flat float32 array of length ``N * (P + 2) + P² + 5P + 5``
        (N chips, P players).

        Relative to ``player`` (player k is ``(player + k) % P``, colour k its colour): table,
        hands, dead box, alive, situation, decider, pile, in need, giver, free actions left, as
        ``docs/rules/so_long_sucker.md`` lays them out.

        Args:
            player: the player who looks, in ``0..num_players - 1``.

        Returns:
            A new array.

        Raises:
            ValueError: ``player`` is not a player of this game.

        >>> SoLongSucker().observation(0).shape
        (209,)
        """
        player = self._check_player(player)
        n = self.num_players
        chips_total = self._num_chips

        def rel(p: int) -> int:
            return (p - player) % n

        table = np.zeros(chips_total * (n + 1), dtype=np.float32)
        j = 0
        for _, chips in self._piles:
            for depth, colour in enumerate(chips):
                table[j * (n + 1) + rel(colour)] = 1.0
                if depth == 0:
                    table[j * (n + 1) + n] = 1.0
                j += 1
        hands = np.zeros(n * n, dtype=np.float32)
        for p in range(n):
            for c in range(n):
                hands[rel(p) * n + rel(c)] = self._hands[p][c]
        dead = np.zeros(n, dtype=np.float32)
        alive = np.zeros(n, dtype=np.float32)
        for p in range(n):
            dead[rel(p)] = self._dead_box[p]
            alive[rel(p)] = 1.0 if self._alive[p] else 0.0
        situation = np.zeros(4, dtype=np.float32)
        decider = np.zeros(n, dtype=np.float32)
        pile = np.zeros(chips_total, dtype=np.float32)
        in_need = np.zeros(n, dtype=np.float32)
        giver = np.zeros(n, dtype=np.float32)
        free_left = np.zeros(1, dtype=np.float32)
        if self._situation is not None:
            situation[SITUATIONS.index(self._situation)] = 1.0
            decider[rel(self._turn)] = 1.0
            if self._pile_id is not None:
                rank = self._rank_of(self._pile_id)
                assert rank is not None
                pile[rank] = 1.0
            if self._in_need is not None:
                in_need[rel(self._in_need)] = 1.0
            free_left[0] = max(0, self._options["free_actions"] - self._used)
        if len(self._givers) >= 2 and self._outcome is None:
            giver[rel(self._givers[-2])] = 1.0
        obs = np.concatenate(
            [table, hands, dead, alive, situation, decider, pile, in_need, giver, free_left]
        )
        assert obs.shape == (chips_total * (n + 2) + n * n + 5 * n + 5,)
        return obs

    # -- JSON ---------------------------------------------------------------------------------

    def _json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The fields of ``docs/rules/so_long_sucker.md`` between ``moves`` and
        ``current_player``, chat included (``from_json`` restores it). Every viewer sees
        everything.

        >>> d = SoLongSucker(first_player=0).to_json()
        >>> d["hands"][0], d["decision"], d["givers"], d["chat"]
        ([7, 0, 0, 0], {'situation': 'play', 'player': 0, 'pile': None, 'in_need': None}, [0], [])
        """
        return {
            "piles": [
                {"id": pile_id, "chips": "".join(LETTERS[c] for c in chips)}
                for pile_id, chips in self._piles
            ],
            "next_pile": self._next_pile,
            "hands": [list(hand) for hand in self._hands],
            "dead_box": list(self._dead_box),
            "alive": list(self._alive),
            "decision": self.decision(),
            "givers": list(self._givers),
            "free_actions_used": self._used,
            "chat": [{"ply": m.ply, "player": m.player, "text": m.text} for m in self._chat],
        }

    def _restore_json(self, data: dict[str, Any]) -> None:
        """Restore the chat, which replaying the moves cannot give back."""
        if "chat" not in data:
            return  # reported as a missing key by from_json
        chat = data["chat"]
        if not isinstance(chat, list):
            raise ValueError("'chat' must be a list")
        messages = []
        for i, line in enumerate(chat):
            if not isinstance(line, dict) or set(line) != {"ply", "player", "text"}:
                raise ValueError(
                    f"chat line {i} must be a dict with exactly 'ply', 'player' and 'text'"
                )
            ply, player, text = line["ply"], line["player"], line["text"]
            if not is_int(ply) or ply < 0:
                raise ValueError(f"chat line {i}: 'ply' must be an int >= 0")
            if not is_int(player) or not 0 <= player < self.num_players:
                raise ValueError(
                    f"chat line {i}: 'player' must be an int in 0..{self.num_players - 1}"
                )
            if not isinstance(text, str):
                raise ValueError(f"chat line {i}: 'text' must be a str")
            messages.append(Message(ply, player, text))
        self._chat = messages
