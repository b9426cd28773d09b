"""The one rule of ``max_plies="default"``: a game's ``simulation_max_plies`` (its facts) caps
the games that ``simulate``, ``arena`` and ``VecEnv`` play unless the caller says otherwise.

Random play need not end in some games (a random Chinese Checkers game practically never does),
so every batch of games starts from the game's own cap. It lives here, once, so that the three
cannot drift apart.

>>> from ludorum._ply_cap import with_ply_cap
>>> with_ply_cap("chinese_checkers", {"players": 3})
{'players': 3, 'max_plies': 1000}
>>> with_ply_cap("chinese_checkers", {}, None), with_ply_cap("armadora", {})
({'max_plies': None}, {})
"""

from __future__ import annotations

from typing import Any, Literal, Union

from ._registry import game_info

__all__ = ["MaxPlies", "with_ply_cap"]

#: what ``max_plies`` may be given as: a cap, ``None`` for none, or ``"default"``
MaxPlies = Union[int, Literal["default"], None]


def with_ply_cap(
    name: str, options: dict[str, Any], max_plies: MaxPlies = "default"
) -> dict[str, Any]:
    """``options`` (a new dict) with ``max_plies`` as asked: the value given, or for
    ``"default"`` the game's ``simulation_max_plies`` where it has one (else left out, so that
    a game without the option is not given it).

    Raises:
        InvalidOptionError: unknown game.
    """
    capped = dict(options)
    if isinstance(max_plies, str) and max_plies == "default":
        cap = game_info(name).simulation_max_plies
        if cap is not None:
            capped["max_plies"] = cap
    else:
        capped["max_plies"] = max_plies
    return capped
