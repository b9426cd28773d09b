"""Every ludorum game as an OpenSpiel (pyspiel) Python game: ``import ludorum.openspiel`` and
``pyspiel.load_game("ludorum_<name>")`` (``open_spiel`` must be installed; it is in the dev
extra on Linux x86-64).

Each ludorum option is a game parameter: ints, floats, bools and strings as they are, an option
whose default is ``None`` as ``-1`` (ints) or ``""`` (lists, written ``"a:b:c"``, as
OpenSpiel's game strings keep commas for their own use). The game's
type follows its configuration: zero-sum with 2 players, general-sum with more; Armadora has
imperfect information, and its states implement ``resample_from_infostate`` through
``state.resample``. Observation tensors are ludorum's ``observation(player)``, flattened. The
strings are written by the engine in a few microseconds: the observation string is the
observation tensor as text (``0``/``1`` a value); the information-state string adds the moves
so far as the player saw them (their action ids; with hidden information, another player's
hidden move is a number after the action space, Armadora's warrior its cell); ``str(state)``
is the referee's: the setup's draws, the action ids of the moves and the player to move
(``state.state.render()`` draws the board, ``state.state.history()`` lists the moves in
notation).

A seeded setup is chance (``ChanceMode.EXPLICIT_STOCHASTIC``): every
``new_initial_state()`` starts with chance nodes that draw it, so OpenSpiel's algorithms see
every deal. The first player, where the game draws one, is a chance node over the seats with
its real, uniform distribution; what else a seed decides (Armadora's gold) is a uniform draw
among the seeds ``0..setups - 1`` (the parameter ``setups``, default 1024). The parameters
``seed`` and the game's own setup options (``first_player``, Armadora's ``gold``) fix what
they name instead. ``seed`` is text, so that it takes any seed of ``0..2**64 - 1`` (OpenSpiel's
integer parameters are 32-bit): ``seed=s5``, ``seed=s3000000000`` or ``seed=0xFFFF...`` in a
game string, ``{"seed": "5"}`` in a dict.

>>> import pyspiel
>>> import ludorum.openspiel
>>> game = pyspiel.load_game("ludorum_so_long_sucker(players=3)")
>>> game.num_players(), game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
(3, True)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()
(True, [(0, 0.3333333333333333), (1, 0.3333333333333333), (2, 0.3333333333333333)])
>>> state.apply_action(2)
>>> state.current_player(), len(state.observation_tensor(0))
(2, 134)

OpenSpiel's algorithms that work on any game work on these, Python or C++ (``pyspiel.MCTSBot``
with ``pyspiel.RandomRolloutEvaluator``, CFR on small games, ``evaluate_bots``); they call back
into Python at every node, so for speed use ludorum's own agents (``ludorum.agents.MCTS``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from . import _args, _ludorum
from ._registry import from_json, game_info, games, new
from ._state import State
from .errors import InvalidOptionError
from .observation import observation_spec

__all__ = ["LudorumGame", "LudorumState", "game_type", "register"]

#: Game lengths for games without a ply cap: a bound that random play stays within (Armadora
#: ends after its warriors and palisades are placed; So Long Sucker's captures and deaths bound
#: it; Dominions' passes end it).
_MAX_LENGTH = 100_000

#: Seeds a seeded setup is drawn among when the seed decides more than the first player.
_SETUPS = 1024


def _parameters(game: str) -> dict[str, Any]:
    """The parameter specification: every option, with ``None`` defaults as -1 or ``""``."""
    info = game_info(game)
    params: dict[str, Any] = {}
    for option in info.options:
        default = option.default
        if option.name == "seed":
            # any seed of 0..2**64 - 1 (OpenSpiel's ints are 32-bit); "" draws the setup
            default = ""
        elif option.name == "max_plies":
            default = info.simulation_max_plies if info.simulation_max_plies else -1
        elif option.kind in ("int_list", "str_list"):
            default = ""
        elif default is None:
            default = -1
        params[option.name] = default
    if info.seeded:
        params["setups"] = _SETUPS
    return params


def _options(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """ludorum options from OpenSpiel parameters (the inverse of :func:`_parameters`)."""
    info = game_info(game)
    kinds = {o.name: o.kind for o in info.options}
    options: dict[str, Any] = {}
    for name, value in params.items():
        kind = kinds.get(name)
        if name == "seed":
            if value != "" and value != -1:
                options[name] = _seed(value)
        elif kind is None:
            continue  # the adapter's own parameters (setups)
        elif kind in ("int_list", "str_list"):
            if value:
                items = [v.strip() for v in str(value).replace(":", ",").split(",")]
                options[name] = [int(v) for v in items] if kind == "int_list" else items
        elif isinstance(value, int) and not isinstance(value, bool) and value == -1:
            continue  # the option's default (None, or derived from the others)
        else:
            options[name] = value
    return options


def _seed(value: Any) -> int:
    """A seed parameter: an int, or text (decimal, ``0x`` hexadecimal, or with a leading ``s``
    that keeps OpenSpiel's game-string parser from reading a large number as a 32-bit int).

    Raises:
        InvalidOptionError: not a seed of ``0..2**64 - 1``.
    """
    if isinstance(value, str):
        text = value.strip().removeprefix("s")
        try:
            value = int(text, 0)
        except ValueError:
            raise InvalidOptionError(
                f"seed must be an int in 0..2**64 - 1, got {value!r}"
            ) from None
    return _args.seed(value, InvalidOptionError)


def game_type(game: str, players: int | None = None) -> pyspiel.GameType:
    """The ``pyspiel.GameType`` of ``ludorum_<game>`` (its utility for ``players`` players)."""
    info = game_info(game)
    counts = info.players
    two = (players or min(counts)) == 2
    return pyspiel.GameType(
        short_name=f"ludorum_{game}",
        long_name=f"ludorum {info.class_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if info.seeded
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        ),
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if info.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class LudorumGame(pyspiel.Game):  # type: ignore[misc]
    """One ludorum game and configuration, as a pyspiel game."""

    def __init__(self, game: str, params: dict[str, Any] | None = None) -> None:
        given = {**_parameters(game), **(params or {})}
        self.ludorum_game = game
        self.options = _options(game, given)
        start = new(game, **self.options)
        self._start = start
        players = start.num_players
        cap = start.options.get("max_plies")
        #: the chance nodes of the setup: ``(option, outcomes)``, drawn in this order
        self.setup = _setup(game, self.options, players, int(given.get("setups", _SETUPS)))
        info = pyspiel.GameInfo(
            num_distinct_actions=start.num_actions,
            max_chance_outcomes=max((n for _, n in self.setup), default=0),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=int(cap) if cap else _MAX_LENGTH,
        )
        super().__init__(game_type(game, players), info, given)

    def new_initial_state(self) -> LudorumState:
        if self.setup:
            return LudorumState(self, None)
        return LudorumState(self, self._start.copy())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, perfect_recall)


class LudorumState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state around a ludorum state (``.state``; ``None`` while chance draws the
    setup, whose outcomes so far are ``.drawn``)."""

    def __init__(self, game: LudorumGame, state: State | None) -> None:
        super().__init__(game)
        self.state = state
        self.drawn: list[int] = []

    def current_player(self) -> int:
        if self.state is None:
            return pyspiel.PlayerId.CHANCE  # type: ignore[no-any-return]
        player = self.state.current_player
        return pyspiel.PlayerId.TERMINAL if player is None else int(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the setup's next draw, all equally likely."""
        _, n = self.get_game().setup[len(self.drawn)]
        return [(k, 1.0 / n) for k in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.state is None or self.state.current_player != player:
            return []
        return [int(a) for a in self.state.legal_actions()]

    def _apply_action(self, action: int) -> None:
        if self.state is not None:
            self.state.apply_action(int(action))
            return
        self.drawn.append(int(action))
        game = self.get_game()
        if len(self.drawn) == len(game.setup):
            drawn = {name: outcome for (name, _), outcome in zip(game.setup, self.drawn)}
            options: dict[str, Any] = {**game.options, **drawn}
            self.state = new(str(game.ludorum_game), **options)

    def _action_to_string(self, player: int, action: int) -> str:
        if self.state is None:
            return f"{self.get_game().setup[len(self.drawn)][0]}={action}"
        return str(self.state.move_from_action(int(action)))

    def is_terminal(self) -> bool:
        return self.state is not None and bool(self.state.is_over())

    def returns(self) -> list[float]:
        if self.state is None:
            return [0.0] * self.get_game().num_players()
        return [float(r) for r in self.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudorumState:
        """A state that ``player_id`` cannot tell from this one (games with hidden
        information), drawn with ``state.resample`` seeded from the sampler."""
        if self.state is None:
            return self.clone()  # type: ignore[no-any-return]
        seed = int(probability_sampler() * 2**53)
        world = self.state.resample(player_id, seed)  # type: ignore[attr-defined]
        game = self.get_game()
        fresh = game.new_initial_state()
        # the setup is public: the same draws, then the world's moves
        for outcome in self.drawn:
            fresh.apply_action(outcome)
        for move in world.history():
            fresh.apply_action(move.action)
        return fresh  # type: ignore[no-any-return]

    def __str__(self) -> str:
        if self.state is None:
            return f"setup: {self.drawn}"
        # the setup's draws (Armadora's deal) tell apart states with the same moves
        text = _text(self.state, None)
        return f"{self.drawn} {text}" if self.drawn else text


class _Observer:
    """OpenSpiel's PyObserver: the observation tensor of ``observation(player)``, written by the
    engine into one buffer that OpenSpiel copies from, and the strings of :func:`_text`."""

    def __init__(self, game: LudorumGame, perfect_recall: bool) -> None:
        spec = observation_spec(game.ludorum_game, game._start.options)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(int(np.prod(spec.shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(spec.shape)}

    def set_from(self, state: LudorumState, player: int) -> None:
        if state.state is None:
            self.tensor[:] = 0.0
            return
        # the engine writes into the buffer OpenSpiel copies from: no array per call
        _ludorum.observation_into(state.state, player, self.tensor)

    def string_from(self, state: LudorumState, player: int) -> str:
        if state.state is None:
            return f"setup: {state.drawn}"
        # the setup's draws are public: every player has seen them
        if self.perfect_recall:
            text = _text(state.state, player, recall=True)
            return f"{state.drawn} {text}" if state.drawn else text
        return _text(state.state, player)


def _setup(game: str, options: dict[str, Any], players: int, setups: int) -> list[tuple[str, int]]:
    """The chance nodes of a seeded setup that ``options`` leave open, as ``(option,
    outcomes)``: the first player over the seats, then, where the seed decides more than the
    first player, the seed among ``0..setups - 1``.

    Raises:
        InvalidOptionError: ``setups`` is not in ``1..2**20``.
    """
    setups = _args.count("setups", setups, 1, 2**20, InvalidOptionError)
    info = game_info(game)
    if not info.seeded or "seed" in options:
        return []
    draws = []
    names = {o.name for o in info.options}
    if "first_player" in names and options.get("first_player") is None:
        draws.append(("first_player", players))
    # with the first player fixed, does the seed still change the game (beyond its options)?
    fixed = {**options, "first_player": 0} if "first_player" in names else dict(options)
    one, two = new(game, **fixed, seed=0).to_json(), new(game, **fixed, seed=1).to_json()
    one.pop("options", None)
    two.pop("options", None)
    if one != two:
        draws.append(("seed", setups))
    return draws


def _text(state: State, player: int | None, recall: bool = False) -> str:
    """The engine's short text of ``state``: the referee's moves (``player`` None), or what
    ``player`` observes now, or with ``recall`` everything it has seen; written in Rust, with no
    JSON or rendering on the way (OpenSpiel's searches ask for these at every node). A
    reference state goes through its Rust twin."""
    if type(state) not in _RUST_CLASSES:
        state = from_json(state.to_json())
    if player is None:
        return _ludorum.state_text(state)
    if recall:
        return _ludorum.information_state_text(state, player)
    return _ludorum.observation_text(state, player)


#: the Rust states' classes, which the texts read in place
_RUST_CLASSES = frozenset(_ludorum.GAMES.values())


def _game_init(game: str) -> Any:
    def __init__(self: LudorumGame, params: dict[str, Any] | None = None) -> None:
        LudorumGame.__init__(self, game, params)

    return __init__


def register() -> None:
    """Registers ``ludorum_<name>`` with pyspiel for every game (done on import; idempotent)."""
    registered = set(pyspiel.registered_names())
    for game in games():
        kind = game_type(game)
        if kind.short_name in registered:
            continue

        # a class per game, as OpenSpiel's own Python games register (a registered closure
        # would be released without the GIL when the interpreter exits, and abort it)
        cls = type(
            f"Ludorum{game_info(game).class_name}Game",
            (LudorumGame,),
            {"__init__": _game_init(game), "__module__": __name__},
        )
        globals()[cls.__name__] = cls
        pyspiel.register_game(kind, cls)


register()
