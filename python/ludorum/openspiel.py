"""Every ludorum game as an OpenSpiel (pyspiel) Python game: ``import ludorum.openspiel`` and
``pyspiel.load_game("ludorum_<name>")`` (``open_spiel`` must be installed; it is in the dev
extra on Linux x86-64).

Each ludorum option is a game parameter: ints, floats, bools and strings as they are, an option
whose default is ``None`` as ``-1`` (ints) or ``""`` (lists, written ``"a:b:c"``, as
OpenSpiel's game strings keep commas for their own use). The game's
type follows its configuration: zero-sum with 2 players, general-sum with more; Armadora has
imperfect information, and its states implement ``resample_from_infostate`` through
``state.resample``. Observation tensors are ludorum's ``observation(player)``, flattened;
information-state strings are the player's JSON view (its history as it saw it).

>>> import pyspiel
>>> import ludorum.openspiel
>>> game = pyspiel.load_game("ludorum_so_long_sucker(players=3)")
>>> game.num_players(), game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
(3, True)
>>> state = game.new_initial_state()
>>> state.current_player() in (0, 1, 2), len(state.observation_tensor(0))
(True, 134)

OpenSpiel's algorithms that work on any game work on these, Python or C++ (``pyspiel.MCTSBot``
with ``pyspiel.RandomRolloutEvaluator``, CFR on small games, ``evaluate_bots``); they call back
into Python at every node, so for speed use ludorum's own agents (``ludorum.agents.MCTS``).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found]

from ._registry import game_info, games, new
from ._state import State
from .observation import observation_spec

__all__ = ["LudorumGame", "LudorumState", "game_type", "register"]

#: Game lengths for games without a ply cap: a bound that random play stays within (Armadora
#: ends after its warriors and palisades are placed; So Long Sucker's captures and deaths bound
#: it; Dominions' passes end it).
_MAX_LENGTH = 100_000


def _parameters(game: str) -> dict[str, Any]:
    """The parameter specification: every option, with ``None`` defaults as -1 or ``""``."""
    info = game_info(game)
    params: dict[str, Any] = {}
    for option in info.options:
        default = option.default
        if option.name == "max_plies":
            default = info.simulation_max_plies if info.simulation_max_plies else -1
        elif option.kind in ("int_list", "str_list"):
            default = ""
        elif default is None:
            default = -1
        params[option.name] = default
    return params


def _options(game: str, params: dict[str, Any]) -> dict[str, Any]:
    """ludorum options from OpenSpiel parameters (the inverse of :func:`_parameters`)."""
    info = game_info(game)
    kinds = {o.name: o.kind for o in info.options}
    options: dict[str, Any] = {}
    for name, value in params.items():
        kind = kinds.get(name)
        if kind in ("int_list", "str_list"):
            if value:
                items = [v.strip() for v in str(value).replace(":", ",").split(",")]
                options[name] = [int(v) for v in items] if kind == "int_list" else items
        elif isinstance(value, int) and not isinstance(value, bool) and value == -1:
            continue  # the option's default (None, or derived from the others)
        else:
            options[name] = value
    return options


def game_type(game: str, players: int | None = None) -> pyspiel.GameType:
    """The ``pyspiel.GameType`` of ``ludorum_<game>`` (its utility for ``players`` players)."""
    info = game_info(game)
    counts = info.players
    two = (players or min(counts)) == 2
    return pyspiel.GameType(
        short_name=f"ludorum_{game}",
        long_name=f"ludorum {info.class_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
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
        info = pyspiel.GameInfo(
            num_distinct_actions=start.num_actions,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if players == 2 else None,
            max_game_length=int(cap) if cap else _MAX_LENGTH,
        )
        super().__init__(game_type(game, players), info, given)

    def new_initial_state(self) -> LudorumState:
        return LudorumState(self, self._start.copy())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, perfect_recall)


class LudorumState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state around a ludorum state (``.state``)."""

    def __init__(self, game: LudorumGame, state: State) -> None:
        super().__init__(game)
        self.state = state

    def current_player(self) -> int:
        player = self.state.current_player
        return pyspiel.PlayerId.TERMINAL if player is None else int(player)

    def _legal_actions(self, player: int) -> list[int]:
        if self.state.current_player != player:
            return []
        return [int(a) for a in self.state.legal_actions()]

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.state.move_from_action(int(action)))

    def is_terminal(self) -> bool:
        return bool(self.state.is_over())

    def returns(self) -> list[float]:
        return [float(r) for r in self.state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudorumState:
        """A state that ``player_id`` cannot tell from this one (games with hidden
        information), drawn with ``state.resample`` seeded from the sampler."""
        seed = int(probability_sampler() * 2**53)
        world = self.state.resample(player_id, seed)  # type: ignore[attr-defined]
        game = self.get_game()
        fresh = game.new_initial_state()
        for move in world.history():
            fresh.apply_action(move.action)
        return fresh  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return str(self.state.render())


class _Observer:
    """OpenSpiel's PyObserver: the observation tensor of ``observation(player)`` and, with
    perfect recall, the player's JSON view as the information-state string."""

    def __init__(self, game: LudorumGame, perfect_recall: bool) -> None:
        spec = observation_spec(game.ludorum_game, game._start.options)
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(int(np.prod(spec.shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(spec.shape)}

    def set_from(self, state: LudorumState, player: int) -> None:
        self.tensor[:] = state.state.observation(player).ravel()

    def string_from(self, state: LudorumState, player: int) -> str:
        if self.perfect_recall:
            view = state.state.to_json(viewer=player)
            return json.dumps(view, separators=(",", ":"))
        return str(state.state.render(viewer=player))


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
