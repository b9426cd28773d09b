"""The web page in a real browser: Playwright driving Debian's Chromium (``apt-get install
chromium-headless-shell``, which ``.ci/run`` does) against a uvicorn server on loopback. A human
plays one whole game of every game against an agent, and two browsers play So Long Sucker with
the chat. Skipped, saying why, where Playwright or the browser is missing."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web page is the extra ludorum[web]")
uvicorn = pytest.importorskip("uvicorn", reason="the web page is the extra ludorum[web]")
sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is a dev dependency")

from games import SPECS  # noqa: E402

import ludorum  # noqa: E402
from ludorum.web import create_app  # noqa: E402

BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"]
BROWSER = next((b for b in BROWSERS if Path(b).exists()), shutil.which("chromium"))

pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="no Chromium: apt-get install chromium-headless-shell (.ci/run installs it)",
)


def browser_options(name: str, short: dict[str, Any]) -> dict[str, Any]:
    """The spec's options under which random games end soon (``short_options``), with two
    players where the game lets one choose two, so that the human decides at least once."""
    info = ludorum.game_info(name)
    if 2 in info.players and any(o.name == "players" for o in info.options):
        return {**short, "players": 2}
    return short


#: a human against a random agent in every game
GAMES = [(spec.name, browser_options(spec.name, spec.short_options)) for spec in SPECS]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path_factory.mktemp("web") / "tables.db"
    config = uvicorn.Config(create_app(db), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=BROWSER, args=["--no-sandbox"])
        yield b
        b.close()


def create(page: Any, server: str, game: str, options: dict[str, Any], seats: str) -> list[str]:
    """Creates a table through the start page, as a person would; returns the seat links."""
    import json

    page.goto(server + "/")
    page.select_option("#game", game)
    page.fill("#options", json.dumps(options))
    page.fill("#seats", seats)
    page.click("#create")
    page.wait_for_selector("a.seat-link")
    return [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]


def play_my_moves(page: Any) -> bool:
    """Waits until it is this seat's move or the game is over; plays the first legal move.
    Returns False once the game is over."""
    page.wait_for_function(
        "() => document.querySelector('#status').dataset.over === '1'"
        " || document.querySelectorAll('#legal .move').length > 0",
        timeout=30_000,
    )
    if page.eval_on_selector("#status", "e => e.dataset.over") == "1":
        return False
    version = page.eval_on_selector("#status", "e => e.dataset.version")
    page.click("#legal .move >> nth=0")
    page.wait_for_function(
        f"() => document.querySelector('#status').dataset.version !== '{version}'",
        timeout=30_000,
    )
    return True


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_human_plays_a_whole_game_against_an_agent(
    server: str, browser: Any, game: str, options: dict[str, Any]
) -> None:
    page = browser.new_page()
    players = ludorum.new(game, **options).num_players
    (link,) = create(page, server, game, options, ",".join(["human"] + ["random"] * (players - 1)))
    page.goto(server + link)
    page.wait_for_selector("#board svg")
    moves = 0
    while play_my_moves(page):
        moves += 1
    assert moves > 0
    assert page.inner_text("#status").startswith("game over")
    assert page.query_selector("#board svg") is not None
    assert page.inner_text("#history").startswith("1. ")
    page.close()


def test_two_browsers_play_so_long_sucker_with_the_chat(server: str, browser: Any) -> None:
    first, second = browser.new_context(), browser.new_context()
    setup = first.new_page()
    links = create(setup, server, "so_long_sucker", {"players": 2}, "human,human")
    pages = [first.new_page(), second.new_page()]
    for page, link in zip(pages, links):
        page.goto(server + link)
        page.wait_for_selector("#board svg")
    pages[1].fill("#say", "<b>deal?</b> I give you a prisoner")
    pages[1].click("#send")
    pages[0].wait_for_selector("#chatlog .message", timeout=10_000)
    line = pages[0].inner_text("#chatlog .message")
    assert "<b>deal?</b> I give you a prisoner" in line  # shown as text, not as HTML
    assert pages[0].query_selector("#chatlog b") is None
    over = False
    while not over:
        for page in pages:
            if page.query_selector_all("#legal .move"):
                over = not play_my_moves(page)
            elif page.eval_on_selector("#status", "e => e.dataset.over") == "1":
                over = True
        time.sleep(0.02)
    for page in pages:
        page.wait_for_function("() => document.querySelector('#status').dataset.over === '1'")
    first.close()
    second.close()


def test_moves_are_made_by_clicking_the_board(server: str, browser: Any) -> None:
    page = browser.new_page()
    (link,) = create(page, server, "chinese_checkers", {"pieces": 10}, "human,random")
    page.goto(server + link)
    page.wait_for_selector("#legal .move")
    move = page.get_attribute("#legal .move >> nth=0", "data-move")
    source, target = move.split("-")
    version = page.eval_on_selector("#status", "e => e.dataset.version")
    page.click(f'[data-cell="{source}"]')
    assert "selected " + source in page.inner_text("#selection")
    page.click(f'[data-cell="{target}"]')
    page.wait_for_function(
        f"() => document.querySelector('#status').dataset.version !== '{version}'"
    )
    assert page.inner_text("#history").startswith(f"1. {move}")
    page.close()
    # Armadora: a click on a cell leaves the moves naming it first (a warrior of each
    # strength there, palisades from there) to choose
    page = browser.new_page()
    (link,) = create(page, server, "armadora", {"first_player": 0}, "human,random")
    page.goto(server + link)
    page.wait_for_selector("#legal .move")
    page.click('[data-cell="c3"]')
    left = [b.get_attribute("data-move") for b in page.query_selector_all("#legal .move")]
    assert {f"{s}@c3" for s in range(1, 6)} <= set(left)
    assert all(m.endswith("@c3") or m.startswith("c3-") for m in left)
    page.click("#legal .move >> nth=0")
    page.wait_for_function("() => document.querySelector('#history').textContent.includes('@c3')")
    page.close()
