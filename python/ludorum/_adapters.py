"""What the single-state adapters (``ludorum.pettingzoo``, ``ludorum.gymnasium``) set up alike:
the game's ply cap by default, the render mode checked, and whether ``reset(seed=...)`` reaches
a seeded setup, the game seeds drawn at every reset, and the opponents that play some seats
inside ``step``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ._ply_cap import with_ply_cap
from ._registry import game_info
from ._state import State
from ._types import Move
from .agents import AgentLike, BuiltinAgent, LearnedAgent, as_agent
from .errors import InvalidOptionError

__all__ = [
    "RENDER_MODES",
    "Opponents",
    "UnsupportedRenderModeError",
    "adapter_options",
    "draw_seed",
]

#: The render modes of the adapters: ``ansi`` returns the text board, ``human`` prints it.
RENDER_MODES = ("human", "ansi")


class UnsupportedRenderModeError(InvalidOptionError, TypeError):
    """A render mode the adapters do not draw (``rgb_array``). It is a ``TypeError`` too
    because Stable-Baselines3's ``make_vec_env`` asks every env for ``rgb_array`` and makes it
    again without a render mode on a ``TypeError``."""


def adapter_options(
    game: str, options: dict[str, Any], render_mode: str | None
) -> tuple[dict[str, Any], bool]:
    """``(options with max_plies defaulting to the simulation cap, whether the game has a seeded
    setup)``.

    Raises:
        InvalidOptionError: an unknown game or render mode (the latter an
            :class:`UnsupportedRenderModeError`).
    """
    info = game_info(game)
    if render_mode not in (None, *RENDER_MODES):
        raise UnsupportedRenderModeError(
            f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}"
        )
    options = with_ply_cap(game, options, options.get("max_plies", "default"))
    return options, any(o.name == "seed" for o in info.options)


def draw_seed(rng: np.random.Generator) -> int:
    """A game seed, any of ``0..2**64 - 1``, drawn from ``rng`` (an env's generator, seeded
    once by ``reset(seed=...)``, so that every reset deals a new game reproducibly).

    >>> import numpy as np
    >>> draw_seed(np.random.default_rng(0)) == draw_seed(np.random.default_rng(0))
    True
    """
    return int(rng.integers(0, 2**64, dtype=np.uint64))


class Opponents:
    """The agents that play some seats of one game inside an adapter's ``step``, and the seats
    left to the learners (``None`` entries).

    ``opponents`` is one agent for every seat but the learners', or one entry a seat: a
    built-in agent or its name (``"mcts:200"``), a learned search, a
    :class:`~ludorum.agents.Policy` (called with a batch of one position), a callable
    ``state -> Move``, or ``None`` for a learner's seat. The seats in ``learners`` are the
    learners' whatever their entry. Built-in agents and learned searches are rebuilt at every
    :meth:`reseed`, from the env's generator, so that a run is reproducible from its seed.

    Raises:
        InvalidOptionError: a list whose length is not the number of seats, an entry that is no
            agent, or no seat left to a learner.

    >>> import numpy as np
    >>> import ludorum
    >>> opponents = Opponents(["random", None, "mcts:8"], 3)
    >>> opponents.learners
    [1]
    >>> opponents.reseed(np.random.default_rng(0))
    >>> state = ludorum.new("domination", players=3, first_player=0)
    >>> opponents.play(state)
    >>> state.current_player
    1
    """

    def __init__(
        self,
        opponents: AgentLike | Sequence[AgentLike | None] | None,
        players: int,
        learners: Sequence[int] = (),
    ) -> None:
        given: list[Any] = (
            list(opponents) if isinstance(opponents, (list, tuple)) else [opponents] * players
        )
        if len(given) != players:
            raise InvalidOptionError(
                f"opponents must be one agent or one a seat ({players}), got {len(given)}"
            )
        for seat in learners:
            given[seat] = None
        if all(g is not None for g in given):
            raise InvalidOptionError("opponents must leave at least one seat to a learner")
        #: the learners' seats, in order
        self.learners = [seat for seat, g in enumerate(given) if g is None]
        self._given = given
        self._agents = [None if g is None else as_agent(g) for g in given]

    def reseed(self, rng: np.random.Generator) -> None:
        """Fresh built-in agents and learned searches, seeded from ``rng`` (at every reset)."""
        offset = draw_seed(rng)
        self._agents = [
            a.reseeded(offset) if isinstance(a, (BuiltinAgent, LearnedAgent)) else a
            for a in (None if g is None else as_agent(g) for g in self._given)
        ]

    def play(self, state: State) -> None:
        """Plays the opponents' moves in ``state`` until a learner is to move or the game ends."""
        while (player := state.current_player) is not None:
            agent: Callable[[State], Move] | None = self._agents[player]
            if agent is None:
                return
            state.play(agent(state))
