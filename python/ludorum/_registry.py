"""The registry of games and backends: ``new``, ``games``, ``game_info``, ``from_json``.

Every fact about a game (its names, player counts, options with their types, defaults and
allowed values, hidden information, seeded setup, simulation cap, end reasons) is declared once,
in the Rust engine's list of games, and read from there: importing this module builds no game and
imports none of the pure-Python twins. Each game has a class name shared by both backends: the
Rust class in ``ludorum._ludorum`` and the twin in ``ludorum.reference.<name>``.
"""

from __future__ import annotations

import functools
import importlib
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast, overload

from . import _ludorum
from ._state import State
from .errors import InvalidOptionError

if TYPE_CHECKING:
    from .states.armadora import ArmadoraState
    from .states.chinese_checkers import ChineseCheckersState
    from .states.domination import DominationState
    from .states.dominions import DominionsState
    from .states.so_long_sucker import SoLongSuckerState

__all__ = [
    "BACKENDS",
    "GameInfo",
    "OptionInfo",
    "from_json",
    "game_class",
    "game_info",
    "games",
    "new",
]

#: the backends, the default first
BACKENDS = ("rust", "reference")


@dataclass(frozen=True)
class OptionInfo:
    """One option of a game, as the engine declares it.

    >>> import ludorum
    >>> players = ludorum.game_info("chinese_checkers").option("players")
    >>> players.kind, players.default, players.choices, players.allowed()
    ('int', 2, (2, 3, 4, 6), 'one of 2, 3, 4, 6')
    """

    #: the keyword argument (and JSON key)
    name: str
    #: ``"int"``, ``"str"``, ``"float"``, ``"seed"``, ``"player"``, ``"int_list"``, ``"bool"`` or
    #: ``"str_list"``
    kind: str
    #: the value when the option is not given (``None`` also when it depends on other options:
    #: see ``default_doc``)
    default: Any
    #: how the default is worked out when it depends on other options; ``""`` otherwise
    default_doc: str
    #: the allowed values of a choice, else ``None``
    choices: tuple[Any, ...] | None
    #: the smallest allowed integer of a range, else ``None``
    low: int | None
    #: the largest allowed integer of a range, else ``None``
    high: int | None
    #: the length of a list option (``int_list``), else ``None``
    length: int | None
    #: the names a list of names (``str_list``) may hold, else ``None``
    names: tuple[str, ...] | None
    #: whether ``None`` is allowed (what it means is in ``doc``)
    nullable: bool
    #: a one-line description
    doc: str
    _allowed: str

    def allowed(self) -> str:
        """The allowed values in words, as the error messages say them."""
        return self._allowed

    def describe_default(self) -> str:
        """The default in words: ``2``, ``'dest'``, ``None``, or how it is worked out."""
        return self.default_doc or repr(self.default)


@dataclass(frozen=True)
class GameInfo:
    """What a game declares about itself (read from the engine).

    >>> import ludorum
    >>> info = ludorum.game_info("armadora")
    >>> info.class_name, info.players, info.hidden_information, info.seeded
    ('Armadora', (2, 3, 4), True, True)
    >>> [o.name for o in info.options][:4]
    ['players', 'seed', 'first_player', 'gold']
    >>> info.utility(2), info.utility(3)
    ('zero_sum', 'general_sum')
    """

    #: the registry name (also the rules page ``docs/rules/<name>.md``)
    name: str
    #: the class name, the same in both backends
    class_name: str
    #: a one-line description
    summary: str
    #: the allowed player counts
    players: tuple[int, ...]
    #: every option, in the order of the rules page
    options: tuple[OptionInfo, ...]
    #: whether a player may not see the whole state
    hidden_information: bool
    #: whether the setup draws from the ``seed`` option
    seeded: bool
    #: the ply cap ``simulate`` applies unless told otherwise: random play need not end, or
    #: may run very long, in these games (``None``: random games always end soon)
    simulation_max_plies: int | None
    #: every end reason, in the rules' words; ``SimulationResult.reason_codes`` index it
    reasons: tuple[str, ...]
    #: the configurations ``ludorum bench`` measures, as option dicts
    bench: tuple[dict[str, Any], ...]
    #: the perft positions ``ludorum bench`` times: option dicts and depths
    bench_perft: tuple[tuple[dict[str, Any], int], ...]
    #: OpenSpiel's name for the same game, where it has one with the same move tree
    openspiel: str | None
    #: the plies of random play after the tree before a search without settings scores the
    #: position with the game's evaluation (``None``: to the end)
    search_rollout_plies: int | None
    #: the exploration constant of a search without settings
    search_exploration: float
    #: options added to the first two-player bench configuration where the agents' strength
    #: is measured (a game where a random player could stall a won game)
    search_strength_options: dict[str, Any]
    _utility: tuple[str, str]

    def utility(self, players: int) -> str:
        """``"zero_sum"`` or ``"general_sum"`` with this many players: a win scores +1, a loss
        -1 and a draw 0 for everyone, which is zero-sum with two players only."""
        return self._utility[0] if players == 2 else self._utility[1]

    def option(self, name: str) -> OptionInfo:
        """The option called ``name``.

        Raises:
            InvalidOptionError: the game has no such option.
        """
        for option in self.options:
            if option.name == name:
                return option
        if not self.options:
            raise InvalidOptionError(f"unknown option {name!r}; {self.name} has no options")
        known = ", ".join(o.name for o in self.options)
        raise InvalidOptionError(f"unknown option {name!r} for {self.name}; allowed: {known}")


def _assignments(text: str) -> dict[str, Any]:
    """``players=3,area=free`` as a dict, with the values the engine would read."""
    out: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = None if value in ("None", "none") else value
    return out


def _option_info(data: dict[str, Any]) -> OptionInfo:
    choices = data["choices"]
    return OptionInfo(
        name=data["name"],
        kind=data["kind"],
        default=data["default"],
        default_doc=data["default_doc"],
        choices=None if choices is None else tuple(choices),
        low=data["low"],
        high=data["high"],
        length=data["length"],
        names=None if data["names"] is None else tuple(data["names"]),
        nullable=data["nullable"],
        doc=data["doc"],
        _allowed=data["allowed"],
    )


@functools.cache
def _infos() -> dict[str, GameInfo]:
    infos = {}
    for data in _ludorum.game_facts():
        infos[data["name"]] = GameInfo(
            name=data["name"],
            class_name=data["class_name"],
            summary=data["summary"],
            players=tuple(data["players"]),
            options=tuple(_option_info(o) for o in data["options"]),
            hidden_information=data["hidden_information"],
            seeded=data["seeded"],
            simulation_max_plies=data["simulation_max_plies"],
            reasons=tuple(data["reasons"]),
            bench=tuple(_assignments(spec) for spec in data["bench"]),
            bench_perft=tuple((_assignments(spec), depth) for spec, depth in data["bench_perft"]),
            openspiel=data["openspiel"],
            search_rollout_plies=data["search"]["rollout_plies"],
            search_exploration=data["search"]["exploration"],
            search_strength_options=_assignments(data["search"]["strength_options"]),
            _utility=(data["utility"]["2"], data["utility"]["more"]),
        )
    return infos


def games() -> list[str]:
    """The registry names of every game, sorted.

    >>> import ludorum
    >>> games = ludorum.games()
    >>> "dominions" in games, games == sorted(games)
    (True, True)
    """
    return sorted(_infos())


def game_info(name: str) -> GameInfo:
    """What game ``name`` declares about itself: names, players, options, and more.

    Raises:
        InvalidOptionError: unknown game.

    >>> import ludorum
    >>> ludorum.game_info("chinese_checkers").simulation_max_plies
    1000
    """
    infos = _infos()
    if not isinstance(name, str) or name not in infos:
        from ._args import show

        raise InvalidOptionError(f"unknown game {show(name)}; known games: {', '.join(games())}")
    return infos[name]


def game_class(name: str, backend: str = "rust") -> type[State]:
    """The state class of game ``name`` in ``backend``.

    Raises:
        InvalidOptionError: unknown game or backend.

    >>> import ludorum
    >>> ludorum.game_class("dominions", "reference").__name__
    'Dominions'
    """
    info = game_info(name)
    check_backend(backend)
    if backend == "rust":
        cls: type[State] = _ludorum.GAMES[name]
        return cls
    module = importlib.import_module(f"ludorum.reference.{name}")
    ref: type[State] = getattr(module, info.class_name)
    return ref


def check_backend(backend: Any) -> str:
    """``backend`` if it names a backend.

    Raises:
        InvalidOptionError: it does not.
    """
    if not isinstance(backend, str) or backend not in BACKENDS:
        from ._args import show

        raise InvalidOptionError(
            f"backend must be one of {', '.join(map(repr, BACKENDS))}, got {show(backend)}"
        )
    return backend


# Typing sugar: with a literal name of a game that has its own protocol (``ludorum/states/``),
# ``new`` returns that protocol; any other name gives a State.
@overload
def new(
    name: Literal["chinese_checkers"], *, backend: str = ..., **options: Any
) -> ChineseCheckersState: ...
@overload
def new(name: Literal["domination"], *, backend: str = ..., **options: Any) -> DominationState: ...
@overload
def new(name: Literal["dominions"], *, backend: str = ..., **options: Any) -> DominionsState: ...
@overload
def new(name: Literal["armadora"], *, backend: str = ..., **options: Any) -> ArmadoraState: ...
@overload
def new(
    name: Literal["so_long_sucker"], *, backend: str = ..., **options: Any
) -> SoLongSuckerState: ...
@overload
def new(name: str, *, backend: str = ..., **options: Any) -> State: ...
def new(name: str, *, backend: str = "rust", **options: Any) -> State:
    """A new game of ``name`` at its start, in ``backend`` (``"rust"`` or ``"reference"``).

    Options are per game (see ``ludorum.game_info(name).options`` and ``ludorum rules NAME``);
    unknown or out-of-range options raise :class:`~ludorum.InvalidOptionError` naming the allowed
    values.

    Raises:
        InvalidOptionError: unknown game, backend or option, or a value out of range.

    >>> import ludorum
    >>> state = ludorum.new("chinese_checkers", players=3)
    >>> state.num_players, state.current_player, len(state.legal_moves())
    (3, 0, 14)
    """
    return game_class(name, backend)(**options)


def from_json(data: dict[str, Any] | str, *, backend: str = "rust") -> State:
    """Rebuild a state from ``state.to_json()`` (a dict, or the same as a JSON string).

    The moves are replayed and every other field is checked against the replay.

    Raises:
        InvalidStateError: malformed, tampered or inconsistent data.

    >>> import ludorum
    >>> state = ludorum.new("chinese_checkers")
    >>> state.play("e5-f5")
    >>> ludorum.from_json(state.to_json()) == state
    True
    """
    from . import _args

    check_backend(backend)
    data = _args.state(data)  # the envelope, checked alike for both backends
    # Every state class has a ``from_json`` static method (the State protocol describes
    # instances, not classes).
    state: State = cast(Any, game_class(data["game"], backend)).from_json(data)
    return state


def deserialize(data: bytes, *, backend: str = "rust") -> State:
    """Rebuild a state from ``state.serialize()``: the game, its options and every move,
    replayed with full checks (a corrupt or forged record raises, it never makes a state).

    Raises:
        InvalidStateError: not a record of this format, a truncated one, refused options, or a
            move that is not legal where it stands.

    >>> import ludorum
    >>> state = ludorum.new("so_long_sucker", players=3)
    >>> state.apply_action(int(state.legal_actions()[0]))
    >>> twin = ludorum.deserialize(state.serialize(), backend="reference")
    >>> twin.to_json() == state.to_json(), twin.serialize() == state.serialize()
    (True, True)
    """
    import json
    import struct

    from .errors import InvalidStateError, LudorumError

    check_backend(backend)
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InvalidStateError(f"a serialized state is bytes, got {type(data).__name__}")
    data = bytes(data)
    if backend == "rust":
        from . import _ludorum

        state: State = _ludorum.deserialize(data)
        return state

    def bad(why: str) -> InvalidStateError:
        return InvalidStateError(f"invalid serialized state: {why}")

    try:
        if data[:4] != b"LDR\x01":
            raise bad("not a ludorum record of version 1 (it starts with LDR\\x01)")
        size = data[4]
        name = data[5 : 5 + size].decode()
        at = 5 + size
        (length,) = struct.unpack_from("<I", data, at)
        options = json.loads(data[at + 4 : at + 4 + length])
        at += 4 + length
        (count,) = struct.unpack_from("<I", data, at)
        at += 4
    except (IndexError, struct.error, UnicodeDecodeError, ValueError) as e:
        raise bad(f"malformed ({e})") from None
    if len(data) - at != 4 * count:
        raise bad(f"{count} moves announced, {len(data) - at} bytes follow")
    if name not in games():
        raise bad(f"unknown game '{name}'")
    try:
        state = new(name, backend="reference", **options)
    except LudorumError as e:
        raise bad(f"its options: {e}") from None
    for k, action in enumerate(struct.unpack_from(f"<{count}I", data, at)):
        try:
            state.apply_action(action)
        except LudorumError as e:
            raise bad(f"move {k}: {e}") from None
    return state
