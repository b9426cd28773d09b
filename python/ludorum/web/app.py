"""The web page's server: a Starlette app (``pip install ludorum[web]``).

Routes (``TOKEN`` is a seat's secret, in its link):

- ``GET /``: the page that creates a table; ``POST /api/tables`` creates one from
  ``{"game", "options", "seats"}`` and answers the link of every human seat, the spectators'
  link and the creator's token; ``POST /api/tables/TABLE/close`` ``{"owner": token}`` closes it.
- ``GET /api/games``: what the start page offers (each game's options and players).
- ``GET /t/TABLE/TOKEN``: the seat's page; ``GET /api/t/TABLE/TOKEN/view``: what it shows (the
  seat's view only); ``POST .../move`` ``{"move": notation}``; ``POST .../chat`` ``{"text"}``;
  ``GET .../events``: server-sent events, one ``update`` (carrying only a version number) each
  time the table changes. The spectators' token opens the same page with the public view.

Agents play their seats on threads of their own (:mod:`.workers`); every change is stored
before it is announced.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..errors import InvalidOptionError, LudorumError
from .catalog import catalog
from .events import Announcer
from .limits import MAX_BODY, Refused, read_json
from .pages import SEAT_PAGE, START_PAGE
from .store import Store
from .tables import EXPIRE_AFTER, MAX_TABLES, Forbidden, Full, Table, Tables
from .workers import AGENT_THREADS, AgentWork

__all__ = ["MAX_BODY", "create_app"]

#: What a page may load: nothing from elsewhere (its own inline script and style, and the
#: board's inline SVG), and it may not be framed by another site.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
)

#: Seconds between two sweeps of the expired tables.
SWEEP_SECONDS = 600.0


def create_app(
    db: str | Path = ":memory:",
    *,
    hosts: Sequence[str] = ("*",),
    max_tables: int = MAX_TABLES,
    expire_after: float = EXPIRE_AFTER,
    agent_threads: int = AGENT_THREADS,
) -> Starlette:
    """The web app, its tables stored in the SQLite file ``db`` (``":memory:"``: not kept).

    Args:
        db: the tables' file.
        hosts: the host names the server answers to (``Host`` header); a request naming
            another is refused, so that a page of another site cannot reach it by rebinding its
            name to this machine.
        max_tables: the most tables kept at once.
        expire_after: seconds after its last move or message that a table is forgotten.
        agent_threads: threads that run the agents of all tables.

    Raises:
        InvalidStateError: ``db`` is no tables file.

    >>> app = create_app(hosts=["localhost"], max_tables=10)
    >>> app.state.tables.max_tables
    10
    """
    announcer = Announcer()
    tables = Tables(
        Store(db), on_change=announcer.announce, max_tables=max_tables, expire_after=expire_after
    )
    work = AgentWork(tables, agent_threads)

    async def sweep() -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            await asyncio.to_thread(tables.expire)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        announcer.start(asyncio.get_running_loop())
        work.start()
        sweeper = asyncio.create_task(sweep())
        for table in list(tables.tables.values()):
            work.wake(table)
        yield
        sweeper.cancel()
        await work.stop()
        tables.store.close()

    def seat(request: Request) -> tuple[Table, int | None]:
        try:
            table = tables.get(request.path_params["table"])
            return table, table.seat_of(request.path_params["token"])
        except Forbidden as e:
            raise Refused(403, str(e)) from None

    def player(request: Request) -> tuple[Table, int]:
        table, s = seat(request)
        if s is None:
            raise Refused(403, "spectators watch; they do not play")
        return table, s

    async def index(request: Request) -> Response:
        return HTMLResponse(START_PAGE)

    async def rules(request: Request) -> Response:
        from ..cli import rules_page

        try:
            text = rules_page(request.path_params["game"])
        except InvalidOptionError as e:
            raise Refused(404, str(e)) from None
        return Response(text, media_type="text/plain; charset=utf-8")  # shown, not downloaded

    async def game_list(request: Request) -> Response:
        return JSONResponse(catalog())

    async def create(request: Request) -> Response:
        data = await read_json(request)
        game, options, seats = data.get("game"), data.get("options") or {}, data.get("seats")
        if not isinstance(game, str) or not isinstance(options, dict):
            raise Refused(400, "give a game name and an options object")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise Refused(400, "seats must be a list: 'human' or an agent name per seat")
        try:
            table, tokens, owner = tables.create(game, options, seats)
        except LudorumError as e:
            raise Refused(400, str(e), field=tables.culprit(game, options, seats)) from None
        except Full as e:
            raise Refused(503, str(e)) from None
        work.wake(table)
        t = table.record.id
        links = {str(s): f"/t/{t}/{token}" for s, token in tokens.items()}
        return JSONResponse(
            {"table": t, "links": links, "watch": f"/t/{t}/{table.watch_token}", "owner": owner}
        )

    async def close(request: Request) -> Response:
        owner = (await read_json(request)).get("owner")
        if not isinstance(owner, str):
            raise Refused(400, "give the creator's token as owner")
        try:
            await asyncio.to_thread(tables.close, request.path_params["table"], owner)
        except Forbidden as e:
            raise Refused(403, str(e)) from None
        return JSONResponse({"ok": True})

    async def rematch(request: Request) -> Response:
        table, _ = player(request)
        await read_json(request)
        try:
            again = await asyncio.to_thread(tables.rematch, table)
        except Full as e:
            raise Refused(503, str(e)) from None
        except LudorumError as e:
            raise Refused(400, str(e)) from None
        work.wake(again)
        return JSONResponse({"table": again.record.id})

    async def pictures(request: Request) -> Response:
        table, s = player(request)
        wanted = request.query_params.get("moves", "").split(",")[:100]
        return JSONResponse(await asyncio.to_thread(table.pictures, s, wanted))

    async def page(request: Request) -> Response:
        seat(request)
        return HTMLResponse(SEAT_PAGE)

    async def view(request: Request) -> Response:
        table, s = seat(request)
        return JSONResponse(table.view(s))

    async def move(request: Request) -> Response:
        table, s = player(request)
        data = await read_json(request)
        notation = data.get("move")
        if not isinstance(notation, str) or len(notation) > 200:
            raise Refused(400, "give a move in notation")
        try:
            await asyncio.to_thread(table.play, s, notation)
        except LudorumError as e:
            raise Refused(400, str(e)) from None
        await asyncio.to_thread(tables.saved, table)
        work.wake(table)
        return JSONResponse({"ok": True})

    async def chat(request: Request) -> Response:
        table, s = player(request)
        text = (await read_json(request)).get("text")
        if not isinstance(text, str):
            raise Refused(400, "give a text")
        try:
            table.say(s, text)
        except LudorumError as e:
            raise Refused(400, str(e)) from None
        await asyncio.to_thread(tables.saved, table)
        return JSONResponse({"ok": True})

    async def events(request: Request) -> Response:
        table, _ = seat(request)

        def version() -> int | None:
            return None if table.closed else table.version

        stream = announcer.updates(table.record.id, version, request.is_disconnected)
        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream, media_type="text/event-stream", headers=headers)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        answer = {"error": exc.message}
        if exc.field is not None:
            answer["field"] = exc.field
        return JSONResponse(answer, status_code=exc.status)

    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"  # links carry the seats' tokens
        return response

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/games", game_list),
            Route("/rules/{game}", rules),
            Route("/api/tables", create, methods=["POST"]),
            Route("/api/tables/{table}/close", close, methods=["POST"]),
            Route("/t/{table}/{token}", page),
            Route("/api/t/{table}/{token}/view", view),
            Route("/api/t/{table}/{token}/move", move, methods=["POST"]),
            Route("/api/t/{table}/{token}/chat", chat, methods=["POST"]),
            Route("/api/t/{table}/{token}/rematch", rematch, methods=["POST"]),
            Route("/api/t/{table}/{token}/pictures", pictures),
            Route("/api/t/{table}/{token}/events", events),
        ],
        lifespan=lifespan,
        exception_handlers={Refused: refused},
        middleware=[
            Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts)),
            Middleware(BaseHTTPMiddleware, dispatch=headers),
        ],
    )
    app.state.tables = tables
    app.state.work = work
    return app
