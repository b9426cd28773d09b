"""The web table under attack: what a request, a table or a stored file may cost the server,
and what a seat may learn. Each test is an attack."""

from __future__ import annotations

import asyncio
import json
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import ludorum
from ludorum.errors import InvalidStateError

pytest.importorskip("starlette", reason="the web page is the extra ludorum[web]")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

from starlette.testclient import TestClient
from web_tables import open_table, view

from ludorum.web import create_app, limits, tables
from ludorum.web.events import Announcer


def wait_until_over(client: TestClient, table_id: str, seconds: float = 30.0) -> Any:
    table = client.app.state.tables.get(table_id)  # type: ignore[attr-defined]
    deadline = time.monotonic() + seconds
    while not table.state.is_over():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    return table


# -- 1. agents cannot be predicted ----------------------------------------------------------


def test_agents_are_not_seeded_from_anything_a_seat_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two tables with the same id (all a seat knows of the table) play different games: an
    agent's choices cannot be replayed from the link."""
    monkeypatch.setattr(tables.secrets, "token_hex", lambda n: "00c0ffee00c0ffee")
    games = []
    for _ in range(2):
        with TestClient(create_app()) as client:
            made = open_table(client, "connect_four", ["random", "random"])
            games.append(wait_until_over(client, made["table"]).record.moves)
    assert games[0] != games[1]


# -- 2. memory before limits ----------------------------------------------------------------


def call_raw(headers: list[tuple[bytes, bytes]], chunks: int) -> tuple[int, int]:
    """Posts ``chunks`` chunks of 1 KiB to /api/tables straight through ASGI; the status and
    how many chunks the server read."""
    app = create_app()
    read = 0
    status = 0

    async def receive() -> dict[str, Any]:
        nonlocal read
        read += 1
        return {"type": "http.request", "body": b"x" * 1024, "more_body": read < chunks}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "query_string": b"",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers],
        "scheme": "http",
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 1234),
        "http_version": "1.1",
        "root_path": "",
    }
    asyncio.run(app(scope, receive, send))
    return status, read


def test_a_body_is_refused_on_its_declared_size_before_it_is_read() -> None:
    status, read = call_raw([(b"content-length", b"300000000")], chunks=300_000)
    assert status == 413 and read == 0


def test_a_body_without_a_size_is_read_no_further_than_the_limit() -> None:
    status, read = call_raw([], chunks=300_000)
    assert status == 413 and read <= limits.MAX_BODY // 1024 + 1


# -- 3. no lost wake-ups ----------------------------------------------------------------------


def test_a_change_between_two_events_is_announced() -> None:
    """A change announced while the stream is between two events still wakes it."""

    async def run() -> list[str]:
        announcer = Announcer()
        announcer.start(asyncio.get_running_loop())
        version = [0]

        async def connected() -> bool:
            return False

        stream = announcer.updates("t", lambda: version[0], connected)
        first = await stream.__anext__()
        version[0] = 1
        announcer.announce("t")
        await asyncio.sleep(0.05)  # the wake-up runs while the stream is suspended
        second = await asyncio.wait_for(stream.__anext__(), 2.0)
        return [first, second]

    assert asyncio.run(run()) == ["event: update\ndata: 0\n\n", "event: update\ndata: 1\n\n"]


def test_under_load_every_stream_sees_the_last_change() -> None:
    """A thread changes a table 300 times, announcing each, while 40 streams listen: each
    stream ends on the last version."""

    async def run() -> set[int]:
        announcer = Announcer()
        announcer.start(asyncio.get_running_loop())
        version = [0]
        done = asyncio.Event()

        async def gone() -> bool:
            return done.is_set()

        async def listen() -> int:
            last = -1
            async for event in announcer.updates("t", lambda: version[0], gone):
                if event.startswith("event: update"):
                    last = int(event.split("data: ")[1])
                if last == 300:
                    break
            return last

        listeners = [asyncio.create_task(listen()) for _ in range(40)]

        def change() -> None:
            for _ in range(300):
                version[0] += 1
                announcer.announce("t")

        await asyncio.to_thread(change)
        seen = await asyncio.wait_for(asyncio.gather(*listeners), 10.0)
        done.set()
        return set(seen)

    assert asyncio.run(run()) == {300}


# -- 4. chat after a restart ------------------------------------------------------------------


def test_chat_keeps_its_place_among_the_moves_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    with TestClient(create_app(db)) as client:
        links = open_table(client, "so_long_sucker", ["human", "human"], players=2)["links"]
        client.post("/api" + links["0"] + "/chat", json={"text": "before"})
        mover = str(view(client, links["0"])["current_player"])
        move = view(client, links[mover])["legal"][0]
        assert client.post("/api" + links[mover] + "/move", json={"move": move}).is_success
        client.post("/api" + links["1"] + "/chat", json={"text": "after"})
        before = view(client, links["0"])["chat"]
    with TestClient(create_app(db)) as client:
        after = view(client, links["0"])["chat"]
    assert [m["ply"] for m in before] == [0, 1] and after == before


# -- 5. denial of service and cross-site requests -----------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"Content-Type": "text/plain"},  # what any page may post without asking
        {"Content-Type": "application/x-www-form-urlencoded"},
        {"Content-Type": "application/json", "Origin": "http://evil.example"},
        {"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"},
    ],
)
def test_requests_from_other_sites_are_refused(headers: dict[str, str]) -> None:
    body = json.dumps({"game": "dominions", "seats": ["mcts:20000", "mcts:20000"]})
    with TestClient(create_app()) as client:
        r = client.post("/api/tables", content=body, headers=headers)
        assert r.status_code in (403, 415), r.text
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]
        same = {"Content-Type": "application/json", "Origin": "http://testserver"}
        assert client.post("/api/tables", content=body, headers=same).status_code == 200


def test_a_host_name_not_served_is_refused() -> None:
    """A page whose name was rebound to this machine sends its own name as Host."""
    with TestClient(create_app(hosts=["localhost"]), base_url="http://evil.example") as client:
        assert client.get("/").status_code == 400
    with TestClient(create_app(hosts=["localhost"]), base_url="http://localhost") as client:
        assert client.get("/").status_code == 200


def test_the_creator_closes_a_table_and_no_one_else() -> None:
    with TestClient(create_app()) as client:
        made = open_table(client, "dominions", ["human", "mcts:50"])
        close = "/api/tables/" + made["table"] + "/close"
        token = made["links"]["0"].rsplit("/", 1)[1]
        assert client.post(close, json={"owner": token}).status_code == 403
        assert view(client, made["links"]["0"])["seat"] == 0
        assert client.post(close, json={"owner": made["owner"]}).status_code == 200
        assert client.get("/api" + made["links"]["0"] + "/view").status_code == 403
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]


def test_tables_are_capped_and_abandoned_ones_expire(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    with TestClient(create_app(db, max_tables=2)) as client:
        open_table(client, "tic_tac_toe", ["human", "human"])
        open_table(client, "tic_tac_toe", ["human", "human"])
        body = {"game": "tic_tac_toe", "seats": ["human", "human"]}
        r = client.post("/api/tables", json=body)
        assert r.status_code == 503 and "at most 2 tables" in r.json()["error"]
        gone = client.app.state.tables.expire(now=time.time() + 8 * 24 * 3600)  # type: ignore[attr-defined]
        assert len(gone) == 2
        assert client.post("/api/tables", json=body).status_code == 200
    with TestClient(create_app(db, expire_after=0.0)) as client:
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]


def test_agents_think_on_a_bounded_pool_within_a_time_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Many tables of agents share one agent thread: at most one agent thinks at a time, never
    on the threads that answer people, and each stops at the time budget."""
    busy, most, names = [0], [0], set()
    lock = threading.Lock()
    agent_move = tables.Table.agent_move

    def counted(self: tables.Table) -> bool:
        with lock:
            busy[0] += 1
            most[0] = max(most[0], busy[0])
            names.add(threading.current_thread().name.split("_")[0])
        try:
            return agent_move(self)
        finally:
            with lock:
                busy[0] -= 1

    monkeypatch.setattr(tables.Table, "agent_move", counted)
    with TestClient(create_app(agent_threads=1)) as client:
        made = [open_table(client, "tic_tac_toe", ["random", "mcts:20000"]) for _ in range(4)]
        human = open_table(client, "tic_tac_toe", ["human", "random"])
        r = client.post("/api" + human["links"]["0"] + "/move", json={"move": "b2"})
        assert r.status_code == 200
        for m in made:
            table = wait_until_over(client, m["table"], 120.0)
        assert table.agents[1].time_limit == tables.MOVE_SECONDS
    assert most[0] == 1 and names == {"ludorum-agent"}


# -- 6. the smaller ones ----------------------------------------------------------------------


def test_a_refused_table_names_the_field_at_fault() -> None:
    with TestClient(create_app()) as client:
        for body, field in [
            ({"game": "go", "seats": ["human", "human"]}, "game"),
            ({"game": "so_long_sucker", "options": {"chips": 0}, "seats": ["human"] * 4}, "chips"),
            ({"game": "dominions", "seats": ["human", "mcts:x"]}, "seat-1"),
        ]:
            r = client.post("/api/tables", json=body)
            assert r.status_code == 400 and r.json()["field"] == field, r.text


def test_deep_json_and_odd_agent_names_are_clear_errors() -> None:
    with TestClient(create_app()) as client:
        deep = "[" * 5000 + "]" * 5000
        r = client.post("/api/tables", content=deep, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and "JSON" in r.json()["error"]
        for agent in ("mcts:²", "mcts:٣", "mcts:" + "9" * 5000, "ismcts:-1"):
            r = client.post("/api/tables", json={"game": "dominions", "seats": ["human", agent]})
            assert r.status_code == 400, (agent, r.text)
            assert "simulations" in r.json()["error"]


def test_one_bad_row_leaves_the_other_tables_open(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    with TestClient(create_app(db)) as client:
        good = open_table(client, "tic_tac_toe", ["human", "human"])
        bad_json = open_table(client, "tic_tac_toe", ["human", "human"])
        bad_move = open_table(client, "tic_tac_toe", ["human", "human"])
    with sqlite3.connect(db) as c:
        c.execute("UPDATE tables SET moves = 'not json' WHERE id = ?", (bad_json["table"],))
        c.execute("UPDATE tables SET moves = '[\"z9\"]' WHERE id = ?", (bad_move["table"],))
    with TestClient(create_app(db)) as client:
        assert view(client, good["links"]["0"])["seat"] == 0
        assert set(client.app.state.tables.tables) == {good["table"]}  # type: ignore[attr-defined]


def test_a_file_that_is_no_database_is_a_clear_error(tmp_path: Path) -> None:
    db = tmp_path / "tables.db"
    db.write_bytes(b"this is not SQLite" * 100)
    with pytest.raises(InvalidStateError, match=r"cannot use .* as the tables file"):
        create_app(db)
    run = subprocess.run(
        [sys.executable, "-m", "ludorum.cli", "web", "--port", "0", "--db", str(db)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "as the tables file" in run.stderr


def test_a_half_sent_request_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(limits, "HEAD_SECONDS", 0.3)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(
        create_app(), host="127.0.0.1", port=port, log_level="warning", http=limits.TimedH11Protocol
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        for sent in (b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", b""):
            with socket.create_connection(("127.0.0.1", port)) as c:
                c.sendall(sent)
                c.settimeout(10)
                assert c.recv(100) == b""  # closed by the server, with no answer
        with socket.create_connection(("127.0.0.1", port)) as c:  # a whole request is answered
            c.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            c.settimeout(10)
            assert c.recv(100).startswith(b"HTTP/1.1 200")
    finally:
        server.should_exit = True
        thread.join(10)


def test_chat_with_control_characters_draws_well_formed_svg() -> None:
    state = ludorum.new("so_long_sucker", players=2)
    state.say(0, "deal?\x01\x1b[2J\x08 ok")  # type: ignore[attr-defined]
    ET.fromstring(state.svg())
    assert "\x1b" not in state.render()
