"""The web page's server: a Starlette app (``pip install ludorum[web]``).

Routes (``TOKEN`` is a seat's secret, in its link):

- ``GET /``: the page that creates a table; ``POST /api/tables`` creates one from
  ``{"game", "options", "seats"}`` and answers the link of every human seat.
- ``GET /t/TABLE/TOKEN``: the seat's page; ``GET /api/t/TABLE/TOKEN/view``: what it shows (the
  seat's view only); ``POST .../move`` ``{"move": notation}``; ``POST .../chat`` ``{"text"}``;
  ``GET .../events``: server-sent events, one ``update`` (carrying only a version number) each
  time the table changes.

Agents play their seats from worker threads; every change is stored before it is announced.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .. import games
from ..errors import LudorumError
from .pages import SEAT_PAGE, start_page
from .store import Store
from .tables import Forbidden, Table, Tables

__all__ = ["MAX_BODY", "create_app"]

#: The largest request body accepted, in bytes.
MAX_BODY = 16 * 1024

#: Seconds between keep-alive comments on an event stream.
KEEPALIVE = 15.0

#: What a page may load: nothing from elsewhere (its own inline script and style, and the
#: board's inline SVG), and it may not be framed by another site.
CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
)


def create_app(db: str | Path = ":memory:") -> Starlette:
    """The web app, its tables stored in the SQLite file ``db`` (``":memory:"``: not kept)."""
    changed: dict[str, asyncio.Event] = {}
    loop: list[asyncio.AbstractEventLoop] = []

    def announce(table_id: str) -> None:
        """Wakes the event streams of a table (from any thread)."""

        def wake() -> None:
            event = changed.pop(table_id, None)
            if event is not None:
                event.set()

        if loop:
            loop[0].call_soon_threadsafe(wake)

    tables = Tables(Store(db), on_change=announce)
    # the agents' tasks, kept so that none is collected while it runs
    running: set[asyncio.Task[None]] = set()

    def spawn(table: Table) -> None:
        task = asyncio.create_task(run_agents(table))
        running.add(task)
        task.add_done_callback(running.discard)

    async def run_agents(table: Table) -> None:
        """Lets the agents move while one of them is to move."""
        while await asyncio.to_thread(table.agent_move):
            await asyncio.to_thread(tables.saved, table)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop.append(asyncio.get_running_loop())
        for table in list(tables.tables.values()):
            spawn(table)
        yield
        tables.store.close()

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise _Refused(413, f"a request has at most {MAX_BODY} bytes")
        try:
            value = json.loads(raw or b"{}")
        except ValueError:
            raise _Refused(400, "the body must be JSON") from None
        if not isinstance(value, dict):
            raise _Refused(400, "the body must be a JSON object")
        return value

    def seat(request: Request) -> tuple[Table, int]:
        try:
            table = tables.get(request.path_params["table"])
            return table, table.seat_of(request.path_params["token"])
        except Forbidden as e:
            raise _Refused(403, str(e)) from None

    async def index(request: Request) -> Response:
        return HTMLResponse(start_page(games()))

    async def create(request: Request) -> Response:
        data = await body(request)
        game, options, seats = data.get("game"), data.get("options") or {}, data.get("seats")
        if not isinstance(game, str) or not isinstance(options, dict):
            raise _Refused(400, "give a game name and an options object")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise _Refused(400, "seats must be a list: 'human' or an agent name per seat")
        try:
            table, tokens = tables.create(game, options, seats)
        except LudorumError as e:
            raise _Refused(400, str(e)) from None
        spawn(table)
        links = {str(s): f"/t/{table.record.id}/{t}" for s, t in tokens.items()}
        return JSONResponse({"table": table.record.id, "links": links})

    async def page(request: Request) -> Response:
        seat(request)
        return HTMLResponse(SEAT_PAGE)

    async def view(request: Request) -> Response:
        table, s = seat(request)
        return JSONResponse(table.view(s))

    async def move(request: Request) -> Response:
        table, s = seat(request)
        data = await body(request)
        notation = data.get("move")
        if not isinstance(notation, str) or len(notation) > 200:
            raise _Refused(400, "give a move in notation")
        try:
            await asyncio.to_thread(table.play, s, notation)
        except LudorumError as e:
            raise _Refused(400, str(e)) from None
        await asyncio.to_thread(tables.saved, table)
        spawn(table)
        return JSONResponse({"ok": True})

    async def chat(request: Request) -> Response:
        table, s = seat(request)
        text = (await body(request)).get("text")
        if not isinstance(text, str):
            raise _Refused(400, "give a text")
        try:
            table.say(s, text)
        except LudorumError as e:
            raise _Refused(400, str(e)) from None
        await asyncio.to_thread(tables.saved, table)
        return JSONResponse({"ok": True})

    async def events(request: Request) -> Response:
        table, _ = seat(request)
        table_id = table.record.id

        async def stream() -> Any:
            yield f"event: update\ndata: {table.version}\n\n"
            while not await request.is_disconnected():
                event = changed.setdefault(table_id, asyncio.Event())
                try:
                    await asyncio.wait_for(event.wait(), KEEPALIVE)
                except TimeoutError:
                    yield ": keep-alive\n\n"
                    continue
                yield f"event: update\ndata: {table.version}\n\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, _Refused)
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    async def headers(request: Request, call_next: Any) -> Response:
        response: Response = await call_next(request)
        response.headers["Content-Security-Policy"] = CSP
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "no-referrer"  # links carry the seats' tokens
        return response

    app = Starlette(
        routes=[
            Route("/", index),
            Route("/api/tables", create, methods=["POST"]),
            Route("/t/{table}/{token}", page),
            Route("/api/t/{table}/{token}/view", view),
            Route("/api/t/{table}/{token}/move", move, methods=["POST"]),
            Route("/api/t/{table}/{token}/chat", chat, methods=["POST"]),
            Route("/api/t/{table}/{token}/events", events),
        ],
        lifespan=lifespan,
        exception_handlers={_Refused: refused},
        middleware=[Middleware(BaseHTTPMiddleware, dispatch=headers)],
    )
    app.state.tables = tables
    return app


class _Refused(Exception):
    """A request refused with an HTTP status and a message; nothing changed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
