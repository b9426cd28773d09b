"""The web page in a real browser: Playwright driving Debian's Chromium (``apt-get install
chromium-headless-shell``, which ``make browser`` does) against a uvicorn server on loopback.

A person creates each table through the start page's form and plays a whole game of every game
against an agent by clicking the board (and the palette of choices it opens, and the buttons
beside the board for moves that name no place on it); two browsers play So Long Sucker with the
chat. Screenshots of every game's seat page, at a desktop and a phone size, are written to
``target/screenshots/`` (``LUDORUM_SCREENSHOTS`` overrides it). Skipped, saying why, where
Playwright or the browser is missing."""

from __future__ import annotations

import json
import os
import random
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
from ludorum.render.domination import NAMES as SQUARES  # noqa: E402
from ludorum.web import create_app  # noqa: E402

BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/lib/chromium/chromium-headless-shell"]
BROWSER = next((b for b in BROWSERS if Path(b).exists()), shutil.which("chromium"))
SHOTS = Path(
    os.environ.get(
        "LUDORUM_SCREENSHOTS", Path(__file__).resolve().parents[1] / "target/screenshots"
    )
)
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}

pytestmark = pytest.mark.skipif(
    BROWSER is None,
    reason="no Chromium: apt-get install chromium-headless-shell (make browser installs it)",
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


def create(page: Any, server: str, game: str, options: dict[str, Any], seats: list[str]) -> Any:
    """Creates a table through the start page's form, as a person would; returns the page's
    answer (seat links and the spectators' link)."""
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", game)
    for name, value in options.items():
        field = page.locator(f"#opt-{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(json.dumps(value))
        else:
            field.fill(str(value))
    for seat, kind in enumerate(seats):
        name, _, strength = kind.partition(":")
        page.select_option(f"#seat-{seat}", name)
        if strength:
            page.fill(f"#strength-{seat}", strength)
    page.click("#create")
    page.wait_for_selector("a.seat-link")
    links = [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]
    return {"links": links, "watch": page.get_attribute("#watchlink", "href")}


def status(page: Any, key: str) -> str:
    value: str = page.eval_on_selector("#status", f"e => e.dataset.{key}")
    return value


def wait_my_turn(page: Any) -> bool:
    """Waits until this seat may move or the game is over; whether it may move."""
    page.wait_for_function(
        "() => document.querySelector('#status').dataset.over === '1'"
        " || (view && view.legal.length > 0)",
        timeout=60_000,
    )
    return bool(status(page, "over") != "1")


def click_move(page: Any, move: str) -> None:
    """Makes ``move`` by clicking: its places on the board in order, then its choice in the
    palette when the clicks leave several; a move naming no place by its button."""
    version = status(page, "version")
    named = page.query_selector(f'#board [data-move="{move}"]')
    places = page.evaluate("m => tokens(m)", move)
    if named is not None:
        named.click()
    elif not places:
        page.click(f'#actions .move[data-move="{move}"]')
    else:
        for i, place in enumerate(places):
            if page.evaluate("n => chosen.length > n", i):
                continue  # a choice that was the only way on, taken at once
            if page.evaluate("p => cells.has(p)", place):
                page.locator(f'#board [data-cell="{place}"]').click()
            else:
                page.locator("#palette .step").filter(has_text=place).click()
        # the last click plays the move when it is the only one left; else the palette offers it
        page.wait_for_function(
            f"""m => document.querySelector('#status').dataset.version !== '{version}'
                || Array.from(document.querySelectorAll('#palette .move'))
                        .some(b => b.dataset.move === m)""",
            arg=move,
            timeout=30_000,
        )
        if status(page, "version") == version:
            page.locator(f'#palette .move[data-move="{move}"]').click()
    page.wait_for_function(
        f"() => document.querySelector('#status').dataset.version !== '{version}'",
        timeout=30_000,
    )


def shoot(page: Any, game: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(SHOTS / f"{game}-{size}.png"), full_page=size == "phone")
    page.set_viewport_size(SIZES["desktop"])


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_human_plays_a_whole_game_by_clicking(
    server: str, browser: Any, game: str, options: dict[str, Any]
) -> None:
    page = browser.new_page(viewport=SIZES["desktop"])
    players = ludorum.new(game, **options).num_players
    made = create(page, server, game, options, ["human"] + ["random"] * (players - 1))
    (link,) = made["links"]
    page.goto(server + link)
    page.wait_for_selector("#board svg")
    pick = random.Random(game)
    moves = 0
    while wait_my_turn(page):
        legal = page.evaluate("() => view.legal")
        # no page lists thousands of buttons: the folded list shows at most 60
        assert len(page.query_selector_all("#legal .move")) <= 60
        if moves == 1:
            open_a_choice(page)
            shoot(page, game)
            if page.is_visible("#clear"):
                page.click("#clear")
        click_move(page, pick.choice(legal))
        moves += 1
    assert moves > 0
    assert page.inner_text("#status").startswith("game over")
    assert page.is_visible("#over") and not page.is_visible("#controls")
    assert page.inner_text("#history").startswith("1. ")
    page.close()


def open_a_choice(page: Any) -> None:
    """Clicks the first place that several moves start at (so that the screenshot shows the
    choice it opens); nothing where there is none."""
    first = page.evaluate(
        """() => boardMoves.map(m => tokens(m)[0])
                  .find((t, i, all) => all.indexOf(t) !== all.lastIndexOf(t)) || null"""
    )
    if first is not None:
        page.locator(f'#board [data-cell="{first}"]').click()
        page.wait_for_selector("#choice:not([hidden])")


def test_the_start_page_explains_each_option_and_sizes_the_seats(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=SIZES["desktop"])
    page.goto(server + "/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "so_long_sucker")
    assert len(page.query_selector_all("#seatlist .seat")) == 4  # its default player count
    page.select_option("#opt-players", "2")
    assert len(page.query_selector_all("#seatlist .seat")) == 2
    assert page.get_attribute("#rules", "href") == "/rules/so_long_sucker"
    assert "chips" in page.inner_text("#options")
    page.fill("#opt-chips", "0")
    page.click("#create")
    page.wait_for_function("() => document.querySelector('#err-chips').textContent !== ''")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "start-page.png"), full_page=True)
    assert "rules" in page.request.get(server + "/rules/so_long_sucker").text().lower()
    page.close()


def test_two_browsers_play_so_long_sucker_with_the_chat(server: str, browser: Any) -> None:
    first, second = browser.new_context(), browser.new_context()
    setup = first.new_page()
    made = create(setup, server, "so_long_sucker", {"players": 2}, ["human", "human"])
    pages = [first.new_page(), second.new_page()]
    for page, link in zip(pages, made["links"]):
        page.goto(server + link)
        page.wait_for_selector("#board svg")
    pages[1].fill("#say", "<b>deal?</b> I give you a prisoner")
    pages[1].click("#send")
    pages[0].wait_for_selector("#chatlog .message", timeout=10_000)
    line = pages[0].inner_text("#chatlog .message")
    assert "<b>deal?</b> I give you a prisoner" in line  # shown as text, not as HTML
    assert pages[0].query_selector("#chatlog b") is None
    watcher = first.new_page()
    watcher.goto(server + made["watch"])
    watcher.wait_for_selector("#board svg")
    assert not watcher.is_visible("#controls") and not watcher.is_visible("#chatform")
    over = False
    while not over:
        for page in pages:
            if page.evaluate("() => view && view.legal.length > 0"):
                click_move(page, page.evaluate("() => view.legal[0]"))
            over = status(page, "over") == "1"
        time.sleep(0.02)
    for page in pages:
        page.wait_for_function("() => document.querySelector('#status').dataset.over === '1'")
    watcher.wait_for_function("() => document.querySelector('#status').dataset.over === '1'")
    # a rematch: the same links' tokens open the new table
    old = pages[0].url
    pages[0].click("#rematch")
    pages[0].wait_for_function("u => location.href !== u", arg=old)
    pages[0].wait_for_function("() => document.querySelector('#status').dataset.over === '0'")
    assert pages[0].url.rsplit("/", 1)[1] == old.rsplit("/", 1)[1]  # the same seat's token
    first.close()
    second.close()


def open_seat(page: Any, server: str, game: str, options: dict[str, Any]) -> None:
    """A table of ``game``: this page a person's seat 0, the others random agents; waits until
    it is that seat's turn."""
    players = ludorum.new(game, **options).num_players
    made = create(page, server, game, options, ["human"] + ["random"] * (players - 1))
    page.goto(server + made["links"][0])
    page.wait_for_selector("#board svg")
    assert wait_my_turn(page)


def test_chinese_checkers_draws_a_hop_chain_as_a_path(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=SIZES["desktop"])
    open_seat(page, server, "chinese_checkers", {"players": 2})
    move = page.evaluate("() => boardMoves.find(m => guide[m] && guide[m].path)")
    path = page.evaluate("m => guide[m].path", move)
    start, end = move.split("-")
    assert path[0] == start and path[-1] == end
    page.locator(f'#board [data-cell="{start}"]').click()
    # offered: a line to every destination a chain reaches
    offered = page.eval_on_selector_all(
        "#board .paths .offered", "ls => ls.map(l => l.dataset.path)"
    )
    assert " ".join(path) in offered
    assert page.query_selector("#board .paths .hovered") is None
    # hovered: that chain drawn bold through every hole it lands on, its landings lit
    page.locator(f'#board [data-cell="{end}"]').hover()
    line = page.wait_for_selector("#board .paths .hovered")
    assert line.get_attribute("data-path") == " ".join(path)
    assert len(line.get_attribute("points").split()) == len(path)
    lit = page.eval_on_selector_all("#board [data-cell].path", "ls => ls.map(l => l.dataset.cell)")
    assert lit == path[1:-1]
    shoot(page, "chinese_checkers-path")
    page.close()


def onto_a_stack(history: list[str]) -> str:
    """A Domination move of one piece onto a stack, after ``history`` (two players, seat 0
    first): it makes a stack of two that the mover controls."""
    state = ludorum.new("domination", players=2, first_player=0)
    for move in history:
        state.play(move)
    board = state.board()
    return next(
        str(m)
        for m in state.legal_moves()
        if str(m).endswith(":1") and board[SQUARES.index(str(m)[:-2].split("-")[1])]
    )


def test_domination_asks_how_many_pieces_before_where(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=SIZES["desktop"])
    open_seat(page, server, "domination", {"players": 2, "first_player": 0})
    # moves onto stacks until a stack of two is the person's to move
    for _ in range(12):
        tall = page.evaluate("() => view.legal.filter(m => m.endsWith(':2'))")
        if tall:
            break
        click_move(page, onto_a_stack(page.evaluate("() => view.history")))
        assert wait_my_turn(page)
    else:
        pytest.fail("no stack of two to move after twelve moves")
    move = tall[0]
    start, end = move.split(":")[0].split("-")
    page.locator(f'#board [data-cell="{start}"]').click()
    # first how many: the palette offers the counts, and no square is lit yet
    counts = page.eval_on_selector_all("#palette .step", "bs => bs.map(b => b.textContent)")
    assert counts == ["1 piece", "2 pieces"]
    assert page.query_selector_all("#board [data-cell].next") == []
    shoot(page, "domination-how-many")
    page.locator("#palette .step", has_text="2 pieces").click()
    # then where: the squares two pieces may reach are lit
    lit = page.eval_on_selector_all("#board [data-cell].next", "ls => ls.map(l => l.dataset.cell)")
    assert end in lit
    version = status(page, "version")
    page.locator(f'#board [data-cell="{end}"]').click()
    page.wait_for_function(
        f"() => document.querySelector('#status').dataset.version !== '{version}'"
    )
    assert move in page.evaluate("() => view.history")
    page.close()


def test_armadora_offers_strengths_in_words(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=SIZES["desktop"])
    open_seat(page, server, "armadora", {"players": 2, "first_player": 0})
    cell = page.evaluate("() => tokens(boardMoves.find(m => m.includes('@')))[0]")
    page.locator(f'#board [data-cell="{cell}"]').click()
    offered = page.eval_on_selector_all("#palette .move", "bs => bs.map(b => b.textContent)")
    assert offered and all(t.startswith("strength ") for t in offered), offered
    page.close()


def test_so_long_sucker_buttons_say_the_move_in_words(server: str, browser: Any) -> None:
    page = browser.new_page(viewport=SIZES["desktop"])
    open_seat(page, server, "so_long_sucker", {"players": 2, "first_player": 0})
    buttons = page.eval_on_selector_all(
        "#actions .move", "bs => bs.map(b => [b.textContent, b.dataset.move])"
    )
    assert buttons
    for text, move in buttons:
        assert text.startswith("play a ") and " chip on " in text, (text, move)
    page.close()
