"""``ludorum.selfplay``: games between a learned search and itself, in lockstep, as training
arrays (``docs/search-spec.md``)."""

from __future__ import annotations

import os
import time
from typing import Any, Literal

import numpy as np

from . import _args, _ludorum, dataset
from ._registry import game_info, new
from .agents import PUCT, Gumbel
from .errors import InvalidOptionError

_PUCT_KEYS = ("c_puct", "dirichlet_alpha", "dirichlet_fraction", "temperature")
_GUMBEL_KEYS = ("max_considered", "c_visit", "c_scale", "gumbel_scale")
_COMMON_KEYS = ("leaves_per_game", "reuse", "cache", "pipeline")


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
    out: str | os.PathLike[str] | None = None,
    out_format: str | None = None,
    overwrite: bool = False,
    cluster: Literal["ray"] | None = None,
    address: str | None = None,
    chunk_size: int | None = None,
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
        threads: threads sharing the games' searches between evaluator calls (the data are the
            same for any number; the evaluator is called once per step, on one thread).
        seed: the seed.
        max_plies: a game stops after this many plies (its returns are then 0).
        temperature_plies: see above.
        out: a directory where the games are written as the dataset ``simulate(record=True,
            out=DIR)`` writes (``meta.json`` and a chunk of games, read back by
            ``ludorum.read_games``), with the arrays themselves in ``selfplay.npz``.
        out_format: the chunk's format, ``"parquet"`` or ``"jsonl"`` (default: Parquet when
            pyarrow is installed).
        overwrite: with ``out``, clear a directory that holds another run's dataset (without
            it, such a directory is refused before any game is played).
        cluster: ``None`` (this machine) or ``"ray"``: chunks of consecutive games run as Ray
            tasks (``pip install "ludorum[ray]"``), each searched in one batch, and the rows
            are those of the same call run here (game ``g`` is seeded ``seed + g`` wherever it
            runs). The evaluator is sent to the workers, so it must pickle.
        address: the Ray cluster to join (default: the running instance, or a new local one).
        chunk_size: games per Ray task (default: the games shared evenly by the CPUs).
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
        InvalidOptionError: a bad setting, game option or ``out_format``, or an unknown
            evaluator.
        InvalidArgumentError: ``out`` holds another run's dataset and ``overwrite`` is false.

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
    if out_format is not None and out_format not in dataset.FORMATS:
        raise InvalidOptionError(
            f"out_format must be 'parquet' or 'jsonl', got {_args.show(out_format)}"
        )
    start = time.perf_counter()
    keys = (_PUCT_KEYS if search == "puct" else _GUMBEL_KEYS) + _COMMON_KEYS
    settings = {k: options.pop(k) for k in list(options) if k in keys}
    if search == "puct":
        settings.setdefault("dirichlet_fraction", 0.25)
        agent: PUCT | Gumbel = PUCT(
            evaluator, simulations=simulations, seed=seed, threads=threads, **settings
        )
    else:
        agent = Gumbel(evaluator, simulations=simulations, seed=seed, threads=threads, **settings)
    if cluster not in (None, "ray"):
        raise InvalidOptionError(f"cluster must be None or 'ray', got {_args.show(cluster)}")
    if chunk_size is not None:
        chunk_size = _args.count("chunk_size", chunk_size, 1, 2**31 - 1, InvalidOptionError)
    if cluster == "ray":
        new(game, **options)  # the options are checked here, before any task starts
    if out is not None:  # after every check: a refused call leaves the directory as it was
        dataset.claim(out, overwrite)
    data: dict[str, np.ndarray[Any, Any]]
    if cluster == "ray":
        from .distributed import selfplay_on_ray

        args = (game, options, evaluator, agent.spec(), temperature_plies, max_plies)
        data = selfplay_on_ray(games, seed, args, address=address, chunk_size=chunk_size)
    else:
        data = _ludorum.selfplay(
            game,
            options,
            evaluator,
            agent.spec(),
            games,
            seed,
            temperature_plies,
            max_plies,
        )
    if out is not None:
        _write(out, out_format, data, game, options, games, seed, max_plies, agent, start)
    return data


def _write(
    out: str | os.PathLike[str],
    fmt: str | None,
    data: dict[str, np.ndarray[Any, Any]],
    game: str,
    options: dict[str, Any],
    games: int,
    seed: int,
    max_plies: int | None,
    agent: PUCT | Gumbel,
    start: float,
) -> None:
    """The games as a dataset (each replayed from its setup for its outcome), and the arrays."""
    fmt = fmt or dataset.default_format()
    if max_plies is not None:
        options = {**options, "max_plies": max_plies}
    setup = new(game, **options)
    seeded = "seed" in setup.options
    reasons = game_info(game).reasons
    ids, actions = data["game_ids"], data["actions"]
    counts = np.bincount(ids, minlength=games)[:games]
    offsets = np.concatenate([[0], np.cumsum(counts)]).astype(np.uint64)
    masks = np.zeros(games, dtype=np.uint8)
    codes = np.zeros(games, dtype=np.uint8)
    for g in range(games):
        game_seed = (seed + g) & (2**64 - 1)
        state = new(game, **({**setup.options, "seed": game_seed} if seeded else setup.options))
        for action in actions[offsets[g] : offsets[g + 1]]:
            state.apply_action(int(action))
        outcome = state.outcome()
        if outcome is not None:
            masks[g] = sum(1 << p for p in outcome.winners)
            codes[g] = reasons.index(outcome.reason)
    arrays = {
        "winner_masks": masks,
        "lengths": counts.astype(np.uint32),
        "reason_codes": codes,
        "actions": actions.astype(np.uint32),
        "offsets": offsets,
    }
    np.savez(os.path.join(out, "selfplay.npz"), **data)  # type: ignore[arg-type]
    chunk = dataset.write_chunk(out, 0, arrays, tuple(reasons), fmt)
    dataset.write_meta(
        out,
        {
            "game": game,
            "options": setup.options,
            "seed": seed,
            "agents": [repr(agent)] * setup.num_players,
            "reason_names": list(reasons),
            "games": games,
            "threads": agent.threads,
            "seconds": time.perf_counter() - start,
        },
        [chunk],
    )
