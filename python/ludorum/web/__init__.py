"""``ludorum web``: a web page where people play each other and the agents.

Create a table (a game, its options, each seat human or an agent) and get one link per human
seat; each link carries its seat's own unguessable token. The page shows the board as the
engine's SVG for that seat, the legal moves (buttons and a notation box), whose turn it is and
why, the history, the outcome and, for So Long Sucker, the public chat and the free actions.
Updates arrive by server-sent events. Every table is stored in SQLite after every move.

Needs the extra ``ludorum[web]`` (Starlette and uvicorn), imported only here.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app", "serve"]


def serve(host: str = "127.0.0.1", port: int = 8000, db: str = "ludorum-tables.db") -> None:
    """Runs the web page with uvicorn until interrupted (loopback only unless told)."""
    import uvicorn

    uvicorn.run(create_app(db), host=host, port=port, log_level="warning")
