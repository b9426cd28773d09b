"""What a request may cost the server: its size, the time it takes to arrive, where it comes
from. Each limit refuses early, before the cost is paid: a body is refused on its declared
``Content-Length`` and read no further than :data:`MAX_BODY`; a connection that has not sent a
request's head within :data:`HEAD_SECONDS` is closed."""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import urlsplit

import h11
from starlette.requests import Request
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["BODY_SECONDS", "HEAD_SECONDS", "MAX_BODY", "Refused", "TimedH11Protocol", "read_json"]

#: The largest request body accepted, in bytes.
MAX_BODY = 16 * 1024
#: Seconds a request's body may take to arrive.
BODY_SECONDS = 10.0
#: Seconds a connection may take to send a request's head (line and headers).
HEAD_SECONDS = 10.0


class Refused(Exception):
    """A request refused with an HTTP status and a message; nothing changed."""

    def __init__(self, status: int, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        #: the form field at fault (an option's name, ``seat-N``), when known
        self.field = field


async def read_json(request: Request) -> dict[str, Any]:
    """The request's body, a JSON object, from a same-site ``application/json`` request.

    Raises:
        Refused: a body too large (413), too slow (408), not JSON or not an object (400), not
            declared as JSON or sent from another site (403).
    """
    _same_site(request)
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        # a form or text/plain post is what another site's page can send without asking
        raise Refused(415, "send the body as Content-Type: application/json")
    declared = request.headers.get("content-length")
    if declared is not None and not (
        declared.isascii() and declared.isdigit() and int(declared) <= MAX_BODY
    ):
        raise Refused(413, f"a request has at most {MAX_BODY} bytes")
    try:
        raw = await asyncio.wait_for(_read_at_most(request, MAX_BODY), BODY_SECONDS)
    except asyncio.TimeoutError:  # not the built-in TimeoutError before Python 3.11
        raise Refused(408, f"the body took over {BODY_SECONDS:g} s to arrive") from None
    try:
        value = json.loads(raw or b"{}")
    except (ValueError, RecursionError):
        raise Refused(
            400, "the body must be JSON (and nested at most a few hundred deep)"
        ) from None
    if not isinstance(value, dict):
        raise Refused(400, "the body must be a JSON object")
    return value


async def _read_at_most(request: Request, limit: int) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise Refused(413, f"a request has at most {MAX_BODY} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _same_site(request: Request) -> None:
    """Refuses a request another site's page sent: its ``Origin`` names another host than the
    one it was sent to, or the browser says it came from another site."""
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        raise Refused(403, "requests from other sites are refused")
    origin = request.headers.get("origin")
    if origin is not None and urlsplit(origin).netloc != request.headers.get("host"):
        raise Refused(403, "requests from other sites are refused")


class TimedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol, closing a connection whose request head has not arrived
    within :data:`HEAD_SECONDS` (uvicorn itself waits forever for a half-sent request)."""

    _head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        self._arm()
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE and self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._head_timer is None and self.conn.their_state is h11.IDLE:
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._head_timeout)

    def _head_timeout(self) -> None:
        self._head_timer = None
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.transport.close()
