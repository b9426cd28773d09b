"""What the web table's tests share: opening a table and reading a seat's view through
Starlette's test client."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the extra ludorum[web] may be missing where the tests are collected
    from starlette.testclient import TestClient


def open_table(client: TestClient, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
    """Creates a table; the answer (links, spectators' link, creator's token)."""
    r = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
    assert r.status_code == 200, r.text
    return dict(r.json())


def view(client: TestClient, link: str) -> dict[str, Any]:
    """What the page of ``link`` shows."""
    r = client.get("/api" + link + "/view")
    assert r.status_code == 200, r.text
    return dict(r.json())


def wait_for(client: TestClient, link: str, check: Any, seconds: float = 20.0) -> dict[str, Any]:
    """The view of ``link`` once ``check`` holds of it."""
    deadline = time.monotonic() + seconds
    while True:
        v = view(client, link)
        if check(v):
            return v
        assert time.monotonic() < deadline, v
        time.sleep(0.02)
