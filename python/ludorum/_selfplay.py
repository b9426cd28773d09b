"""``ludorum.selfplay``: games between a learned search and itself, in lockstep, as training
arrays (``docs/search-spec.md``)."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import _args, _ludorum
from .agents import PUCT, Gumbel
from .errors import InvalidOptionError

_PUCT_KEYS = ("c_puct", "dirichlet_alpha", "dirichlet_fraction", "temperature")
_GUMBEL_KEYS = ("max_considered", "c_visit", "c_scale", "gumbel_scale")
_COMMON_KEYS = ("leaves_per_game", "reuse", "cache")


def selfplay(
    game: str,
    evaluator: Any,
    games: int = 1,
    simulations: int = 200,
    search: str = "gumbel",
    threads: int = 1,
    seed: int = 0,
    max_plies: int | None = None,
    temperature_plies: int = 0,
    **options: Any,
) -> dict[str, np.ndarray[Any, Any]]:
    """Plays ``games`` games of ``game`` between a learned search and itself, all in lockstep:
    every ply one batched search of all live games, so one evaluator call per simulation step.

    Game ``g`` is set up as ``simulate`` sets up game ``g`` with this ``seed`` and searched with
    its own SplitMix64(``seed + g``); the tree is reused from move to move. PUCT self-play mixes
    Dirichlet noise into the root (``dirichlet_fraction=0.25`` unless given) and draws its moves
    at temperature 1 for the first ``temperature_plies`` plies of each game (default 0: always
    the most visited move); Gumbel's move is its own (the Gumbel noise explores).

    Args:
        game: the game's name.
        evaluator: ``"uniform"``, ``"evaluation"`` or a callable
            ``(observations, masks, players) -> (logits, values)``.
        games: how many games.
        simulations: simulations per move.
        search: ``"gumbel"`` or ``"puct"``.
        threads: 1 (the searches of all games are batched on one thread, which the evaluator
            call dominates; a Python evaluator cannot run on Rust threads).
        seed: the seed.
        max_plies: a game stops after this many plies (its returns are then 0).
        temperature_plies: see above.
        **options: the search's settings (``c_puct``, ``dirichlet_alpha``,
            ``dirichlet_fraction``, ``temperature``, ``max_considered``, ``c_visit``,
            ``c_scale``, ``gumbel_scale``, ``leaves_per_game``, ``reuse``, ``cache``); any
            other name is an option of the game.

    Returns:
        One row per ply, game after game (plies ascending): ``observations`` float32
        ``(T, *obs_shape)`` (the mover's view), ``masks`` bool ``(T, A)``, ``policies`` float32
        ``(T, A)`` (the search's targets), ``players`` int64 ``(T,)``, ``returns`` float32
        ``(T, P)`` (the game's final returns, repeated per ply), ``game_ids`` int64 ``(T,)``,
        ``plies`` int64 ``(T,)`` and ``actions`` int64 ``(T,)`` (the moves played).

    Raises:
        InvalidOptionError: a bad setting or game option, or an unknown evaluator.

    >>> import ludorum
    >>> data = ludorum.selfplay("dominions", "uniform", games=2, simulations=8, max_plies=6)
    >>> data["policies"].shape[0] == data["observations"].shape[0] == 12
    True
    """
    if search not in ("gumbel", "puct"):
        raise InvalidOptionError(f"search must be 'gumbel' or 'puct', got {_args.show(search)}")
    games = _args.count("games", games, 0, 2**31 - 1, InvalidOptionError)
    threads = _args.count("threads", threads, 1, 1024, InvalidOptionError)
    seed = _args.seed(seed, InvalidOptionError)
    temperature_plies = _args.count(
        "temperature_plies", temperature_plies, 0, 2**32 - 1, InvalidOptionError
    )
    if max_plies is not None:
        max_plies = _args.count("max_plies", max_plies, 0, 2**32 - 1, InvalidOptionError)
    keys = (_PUCT_KEYS if search == "puct" else _GUMBEL_KEYS) + _COMMON_KEYS
    settings = {k: options.pop(k) for k in list(options) if k in keys}
    if search == "puct":
        settings.setdefault("dirichlet_fraction", 0.25)
        agent: PUCT | Gumbel = PUCT(evaluator, simulations=simulations, seed=seed, **settings)
    else:
        agent = Gumbel(evaluator, simulations=simulations, seed=seed, **settings)
    data: dict[str, np.ndarray[Any, Any]] = _ludorum.selfplay(
        game,
        options,
        evaluator,
        agent.spec(),
        games,
        seed,
        temperature_plies,
        max_plies,
    )
    return data
