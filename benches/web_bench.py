"""The web table under load, against a real uvicorn server on loopback: moves per second one
table sustains with an agent on every seat (each move stored in SQLite and announced), and the
time from one seat's move (its POST) to the other seat's server-sent event.

Then the same time again while 8 tables of two ``mcts:20000`` agents think (the agents run on
threads of their own, so people's moves do not wait behind them).

Run: ``.venv/bin/python benches/web_bench.py``.
"""

from __future__ import annotations

import random
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from ludorum.web import create_app


def start() -> tuple[str, uvicorn.Server]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = Path(tempfile.mkdtemp()) / "bench.db"
    server = uvicorn.Server(
        uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning")
    )
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return f"http://127.0.0.1:{port}", server


def bots_only(base: str, client: httpx.Client) -> float:
    """Moves per second of a So Long Sucker table of four random agents, start to end, over
    20 tables (the server's own tables object tells when each game is over)."""
    moves, start = 0, time.perf_counter()
    for _ in range(20):
        r = client.post(
            base + "/api/tables",
            json={"game": "so_long_sucker", "options": {"players": 4}, "seats": ["random"] * 4},
        )
        table = r.json()["table"]
        app_tables = APP_TABLES[0]
        while app_tables.get(table).state.outcome() is None:
            time.sleep(0.001)
        moves += len(app_tables.get(table).record.moves)
    return moves / (time.perf_counter() - start)


APP_TABLES: list = []


def latency(base: str, client: httpx.Client, rounds: int = 100) -> list[float]:
    """Seconds from seat 0's move POST to seat 1's event, for ``rounds`` moves."""
    r = client.post(
        base + "/api/tables",
        json={"game": "chinese_checkers", "options": {"max_plies": 1000}, "seats": ["human"] * 2},
    )
    links = r.json()["links"]
    got: list[float] = []
    arrived = threading.Event()

    def listen() -> None:
        with httpx.stream("GET", base + "/api" + links["1"] + "/events", timeout=None) as s:
            for line in s.iter_lines():
                if line.startswith("event: update"):
                    got.append(time.perf_counter())
                    arrived.set()

    threading.Thread(target=listen, daemon=True).start()
    arrived.wait(5)
    arrived.clear()
    times = []
    for k in range(rounds):
        link = links[str(k % 2)]
        view = client.get(base + "/api" + link + "/view").json()
        assert view["legal"], (k, view["status"])
        move = random.Random(k).choice(view["legal"])
        sent = time.perf_counter()
        client.post(base + "/api" + link + "/move", json={"move": move})
        assert arrived.wait(5)
        arrived.clear()
        times.append(got[-1] - sent)
    return times


def main() -> None:
    base, server = start()
    APP_TABLES.append(server.config.app.state.tables)
    with httpx.Client() as client:
        print(f"one table, four agents (So Long Sucker): {bots_only(base, client):,.0f} moves/s")
        times = latency(base, client)
        print(
            f"move POST to the other seat's event: median {statistics.median(times) * 1000:.1f} "
            f"ms, 95th percentile {sorted(times)[int(0.95 * len(times))] * 1000:.1f} ms"
        )
        for _ in range(8):
            client.post(
                base + "/api/tables",
                json={"game": "dominions", "seats": ["mcts:20000", "mcts:20000"]},
            )
        times = latency(base, client, rounds=40)
        print(
            f"the same while 8 tables of mcts:20000 agents think: median "
            f"{statistics.median(times) * 1000:.1f} ms, 95th percentile "
            f"{sorted(times)[int(0.95 * len(times))] * 1000:.1f} ms"
        )
    server.should_exit = True


if __name__ == "__main__":
    main()
