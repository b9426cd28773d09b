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

__all__ = ["LOOPBACK", "create_app", "serve"]


#: The names of this machine, which a server listening on loopback answers to.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "ludorum-tables.db",
    hosts: list[str] | None = None,
) -> None:
    """Runs the web page with uvicorn until interrupted (loopback only unless told).

    ``hosts`` are the host names the server answers to; by default this machine's names when
    it listens on loopback, any name otherwise.

    Raises:
        InvalidStateError: ``db`` is no tables file.
    """
    import uvicorn

    from .limits import TimedH11Protocol

    if hosts is None:
        hosts = list(LOOPBACK) if host in LOOPBACK else ["*"]
    app = create_app(db, hosts=hosts)
    uvicorn.run(app, host=host, port=port, log_level="warning", http=TimedH11Protocol)
