"""What the start page offers, read from the engine's facts (``ludorum.game_info``): each
game with its player counts and every option's type, allowed values, default and one-line
explanation, and the agents a seat may be given."""

from __future__ import annotations

from typing import Any

from .. import game_info, games

__all__ = ["AGENTS", "catalog"]

#: The agents a seat may be, with what their strength setting means.
AGENTS = [
    {"name": "random", "label": "random (a uniformly random legal move)", "strength": None},
    {"name": "mcts", "label": "MCTS (tree search)", "strength": "simulations per move"},
    {
        "name": "ismcts",
        "label": "ISMCTS (tree search over the hidden information)",
        "strength": "simulations per move",
    },
]


def catalog() -> dict[str, Any]:
    """Every game and its options, and the agents, as the start page builds its form from.

    >>> c = catalog()
    >>> dominions = next(g for g in c["games"] if g["name"] == "dominions")
    >>> dominions["players"], dominions["options"][0]["name"]
    ([2], 'komi')
    """
    out = []
    for name in games():
        info = game_info(name)
        out.append(
            {
                "name": name,
                "summary": info.summary,
                "players": list(info.players),
                "hidden_information": info.hidden_information,
                "options": [
                    {
                        "name": o.name,
                        "kind": o.kind,
                        "default": o.default,
                        "default_doc": o.describe_default(),
                        "choices": None if o.choices is None else list(o.choices),
                        "low": o.low,
                        "high": o.high,
                        "nullable": o.nullable,
                        "allowed": o.allowed(),
                        "doc": o.doc,
                    }
                    for o in info.options
                ],
            }
        )
    return {"games": out, "agents": AGENTS}
