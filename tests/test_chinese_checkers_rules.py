"""Every example and figure of the Chinese Checkers rules page, in both backends.

Geometry here is computed from the rules' own formulas, independently of both backends.
"""

from __future__ import annotations

import pytest

import ludorum
from ludorum import SplitMix64

from cc_agents import greedy_pick

GAME = "chinese_checkers"


def rules_holes() -> list[tuple[int, int]]:
    """(q, r) by hole index: row a (r = 8) first, left to right."""
    return [
        (q, r)
        for r in range(8, -9, -1)
        for q in range(-8, 9)
        if min(q, r, -q - r) >= -4 or max(q, r, -q - r) <= 4
    ]


HOLES = rules_holes()


def name(index: int) -> str:
    r = HOLES[index][1]
    row = [i for i, (_, rr) in enumerate(HOLES) if rr == r]
    return f"{'abcdefghijklmnopq'[8 - r]}{row.index(index) + 1}"


INDEX = {name(i): i for i in range(121)}

POINTS = {
    0: lambda q, r, s: r >= 5,
    1: lambda q, r, s: q <= -5,
    2: lambda q, r, s: s >= 5,
    3: lambda q, r, s: r <= -5,
    4: lambda q, r, s: q >= 5,
    5: lambda q, r, s: s <= -5,
}


def point(k: int) -> set[int]:
    return {i for i, (q, r) in enumerate(HOLES) if POINTS[k](q, r, -q - r)}


SEATS = {2: [0, 3], 3: [0, 2, 4], 4: [0, 1, 3, 4], 6: [0, 1, 2, 3, 4, 5]}


def test_board_has_121_holes_named_as_the_rules_say() -> None:
    assert len(HOLES) == 121
    assert (HOLES[0], name(0)) == ((-4, 8), "a1")
    assert (HOLES[120], name(120)) == ((4, -8), "q1")
    assert [name(i) for i, (_, r) in enumerate(HOLES) if r == 4][-1] == "e13"
    assert [name(i) for i, (_, r) in enumerate(HOLES) if r == 0][-1] == "i9"
    assert len({i for i, (q, r) in enumerate(HOLES) if max(abs(q), abs(r), abs(q + r)) <= 4}) == 61


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_start_position_seats(backend: str, players: int) -> None:
    state = ludorum.new(GAME, backend=backend, players=players, pieces=10)
    board = state.board()
    for player, k in enumerate(SEATS[players]):
        assert {i for i, owner in enumerate(board) if owner == player} == point(k)
    assert sum(owner is not None for owner in board) == 10 * players


def test_fifteen_pieces_start_on_the_point_and_next_row(backend: str) -> None:
    board = ludorum.new(GAME, backend=backend).board()
    mine = {name(i) for i, owner in enumerate(board) if owner == 0}
    assert mine == {name(i) for i in point(0)} | {f"e{c}" for c in range(5, 10)}
    assert sum(owner == 1 for owner in board) == 15


def test_why_18(backend: str) -> None:
    """10 steps by the five front-row pieces and 8 single hops by the four behind them."""
    moves = {str(m) for m in ludorum.new(GAME, backend=backend).legal_moves()}
    steps = {f"e{c}-f{d}" for c in range(5, 10) for d in (c - 1, c)}
    hops = {f"d{c}-f{d}" for c in range(1, 5) for d in (c + 3, c + 5)}
    assert moves == steps | hops


def test_free_lets_the_front_row_ends_into_the_side_points(backend: str) -> None:
    moves = {str(m) for m in ludorum.new(GAME, backend=backend, area="free").legal_moves()}
    assert len(moves) == 22
    assert {"e5-e4", "e9-e10"} <= moves


def test_canonical_order_is_ascending_action(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, players=6)
    actions = [m.action for m in state.legal_moves()]
    assert actions == sorted(actions)
    for m in state.legal_moves():
        a, b = str(m).split("-")
        assert m.action == INDEX[a] * 121 + INDEX[b]


# Under `free`: under `dest` a piece that left its starting area may not step back into it.
SHUFFLE = ["e5-f5", "m5-l5", "f5-e5", "l5-m5"]


def test_threefold_repetition_is_a_draw(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, area="free")
    for move in SHUFFLE:
        state.play(move)
    assert state.outcome() is None  # the start position has occurred twice: not yet
    for move in SHUFFLE:
        state.play(move)
    assert state.outcome() == ludorum.Outcome((), "repetition")
    assert state.current_player is None and state.legal_moves() == []
    assert state.returns() == [0.0, 0.0]


def test_repetition_takes_precedence_over_the_ply_limit(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, area="free", max_plies=8)
    for move in SHUFFLE * 2:
        state.play(move)
    assert state.outcome().reason == "repetition"


def test_ply_limit(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, max_plies=3)
    for move in ["e5-f5", "m5-l5", "e6-f6"]:
        state.play(move)
    assert state.outcome() == ludorum.Outcome((), "ply limit")
    with pytest.raises(ludorum.IllegalMoveError, match="over"):
        state.play("m6-l6")


def test_hop_chain_is_one_move_identified_by_its_ends(backend: str) -> None:
    """After d1-e5, b1 hops over c1 to d1 and on over e5 to f4: one move, b1-f4."""
    state = ludorum.new(GAME, backend=backend, pieces=10)
    state.play("d1-e5")
    state.play("n1-m6")
    moves = [str(m) for m in state.legal_moves()]
    assert {"b1-d1", "b1-f4"} <= set(moves)
    assert len(moves) == len(set(moves))
    assert not any(a == b for a, _, b in (m.partition("-") for m in moves))
    state.play("b1-f4")
    board = state.board()
    assert board[INDEX["b1"]] is None and board[INDEX["d1"]] is None
    assert board[INDEX["f4"]] == 0


def _home(players: int, pieces: int, player: int) -> set[int]:
    k = (SEATS[players][player] + 3) % 6
    home = point(k)
    if pieces == 15:
        home |= {
            i
            for i, (q, r) in enumerate(HOLES)
            if (r == -4 and 0 <= q <= 4) or (r == 4 and -4 <= q <= 0)
        }
        home &= {i for i, (q, r) in enumerate(HOLES) if (r <= -4) == (k == 3)}
    return home


@pytest.mark.parametrize(
    "options", [{"pieces": 10, "area": "free"}, {"players": 3}, {"anti_block": "full"}]
)
def test_greedy_games_end_as_the_rules_say(backend: str, options: dict) -> None:
    """Greedy play reaches real wins; each ending is checked against the board."""
    reasons = set()
    for seed in range(6):
        state = ludorum.new(GAME, backend=backend, max_plies=600, **options)
        rng = SplitMix64(seed)
        while state.current_player is not None:
            state.play(state.legal_moves()[greedy_pick(state, rng)])
        outcome = state.outcome()
        reasons.add(outcome.reason)
        if outcome.reason in ("home filled", "home blocked"):
            (winner,) = outcome.winners
            assert winner == (state.ply - 1) % state.num_players  # only the mover is checked
            board = state.board()
            home = _home(state.num_players, state.options["pieces"], winner)
            owners = {board[h] for h in home}
            if outcome.reason == "home filled":
                assert owners == {winner}
            else:
                assert None not in owners and winner in owners and owners != {winner}
    assert reasons & {"home filled", "home blocked"}, reasons


def test_dest_invariants_along_random_games(backend: str) -> None:
    """Under dest no piece ends in a Foreign point, nor re-enters its start from outside."""
    for players in (2, 3, 4, 6):
        state = ludorum.new(GAME, backend=backend, players=players, max_plies=300)
        pieces = state.options["pieces"]
        starts = {p: set() for p in range(players)}
        before = state.board()
        for p in range(players):
            starts[p] = {i for i, o in enumerate(before) if o == p}
        homes = {p: _home(players, pieces, p) for p in range(players)}
        all_points = set().union(*(point(k) for k in range(6)))
        rng = SplitMix64(players)
        while state.current_player is not None:
            mover = state.current_player
            moves = state.legal_moves()
            move = moves[rng.below(len(moves))]
            state.play(move)
            if str(move) == "pass":
                continue
            a, _, b = str(move).partition("-")
            frm, to = INDEX[a], INDEX[b]
            foreign = all_points - starts[mover] - homes[mover]
            assert to not in foreign
            if frm not in starts[mover]:
                assert to not in starts[mover]
            board = state.board()
            assert sum(o is not None for o in board) == sum(o is not None for o in before)


def test_dest_forbids_stepping_back_into_the_start(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    for move in ["e5-f5", "m5-l5"]:
        state.play(move)
    before = state.to_json()
    with pytest.raises(ludorum.IllegalMoveError, match="f5-e5"):
        state.play("f5-e5")
    assert state.to_json() == before


# -- the goal lock -----------------------------------------------------------------------------

LOCK_EXAMPLE = (
    "c1-e5 e5-f4 a1-g3 g3-h2 c3-i1 i1-k3 k3-l4 l4-m5 m5-n1 f4-g3 h2-h3 g3-i3 h3-j4 i3-k5 j4-l6 "
    "k5-m7 l6-m6 d1-e5 d3-f4 e5-g3 f4-h2 g3-k3 k3-k4 k4-l5"
).split()


def goal_lock_example(backend: str, **options: object) -> ludorum.State:
    """The worked example of the page: player 0's moves, each answered by players 1 and 2
    moving one piece back and forth."""
    state = ludorum.new(GAME, backend=backend, players=3, pieces=10, area="free", **options)
    for move in LOCK_EXAMPLE:
        state.play(move)
        state.play("j1-j2" if state.board()[hole_of("j1")] == 1 else "j2-j1")
        state.play("j10-j9" if state.board()[hole_of("j10")] == 2 else "j9-j10")
    return state


def hole_of(text: str) -> int:
    return next(h for h in range(121) if name(h) == text)


def moves_of(state: ludorum.State, start: str) -> list[str]:
    return [str(m) for m in state.legal_moves() if str(m).startswith(start + "-")]


@pytest.mark.parametrize("lock", [False, True])
def test_goal_lock_worked_example(backend: str, lock: bool) -> None:
    state = goal_lock_example(backend, goal_lock=lock)
    assert state.ply == 72 and state.current_player == 0
    assert [str(m) for m in state.history()[:6]] == [
        "c1-e5",
        "j1-j2",
        "j10-j9",
        "e5-f4",
        "j2-j1",
        "j9-j10",
    ]
    board = state.board()
    assert board[hole_of("n1")] == 0
    assert all(board[hole_of(h)] == 0 for h in ("m6", "m7", "l5"))
    assert all(board[hole_of(h)] is None for h in ("n2", "n3", "l4", "l6", "l7"))
    assert state.key == 0xA28962E3A5AE9E78
    legal = [str(m) for m in state.legal_moves()]
    if lock:
        assert len(legal) == 46
        assert moves_of(state, "n1") == ["n1-n2", "n1-o1"]
        assert "l5-l7" not in legal and "l5-n2" in legal
        assert [ludorum.perft(state, d) for d in (1, 2, 3)] == [46, 856, 12065]
    else:
        assert len(legal) == 51
        assert moves_of(state, "n1") == ["n1-l4", "n1-l6", "n1-m5", "n1-n2", "n1-n3", "n1-o1"]
        assert "l5-l7" in legal and "l5-n2" in legal
        assert [ludorum.perft(state, d) for d in (1, 2, 3)] == [51, 938, 13213]


@pytest.mark.parametrize("move", ["n1-m5", "n1-l6", "n1-l4", "n1-n3", "l5-l7"])
def test_goal_lock_refuses_leaving_the_home(backend: str, move: str) -> None:
    state = goal_lock_example(backend, goal_lock=True)
    before = state.to_json()
    with pytest.raises(ludorum.IllegalMoveError):
        state.play(move)
    assert state.to_json() == before
    state.play("l5-n2")  # ends in the home: legal


def test_goal_lock_options_and_json(backend: str) -> None:
    plain = ludorum.new(GAME, backend=backend)
    assert "goal_lock" not in plain.options and "goal_lock" not in plain.to_json()["options"]
    explicit = ludorum.new(GAME, backend=backend, goal_lock=False)
    assert explicit.options == plain.options and explicit.key == plain.key
    locked = ludorum.new(GAME, backend=backend, goal_lock=True)
    assert locked.options["goal_lock"] is True
    assert locked.to_json()["options"]["goal_lock"] is True
    assert list(locked.options) == [
        "players",
        "pieces",
        "area",
        "anti_block",
        "goal_lock",
        "max_plies",
    ]
    assert locked.key == plain.key
    locked.play("e5-f5")
    assert ludorum.from_json(locked.to_json(), backend=backend) == locked
    # from_json reads a goal_lock written as false as the default
    data = plain.to_json()
    data["options"]["goal_lock"] = False
    assert ludorum.from_json(data, backend=backend).options == plain.options


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"goal_lock": 1}, "goal_lock must be True or False, got 1"),
        ({"goal_lock": "true"}, "goal_lock must be True or False, got 'true'"),
        (
            {"foo": 1},
            "unknown option 'foo' for chinese_checkers; allowed: players, pieces, area, "
            "anti_block, goal_lock, actions, max_plies",
        ),
    ],
)
def test_goal_lock_refused_options(backend: str, options: dict, expected: str) -> None:
    with pytest.raises(ludorum.InvalidOptionError) as info:
        ludorum.new(GAME, backend=backend, **options)
    assert str(info.value) == expected


@pytest.mark.parametrize(
    ("options", "depth"),
    [({"players": 2, "pieces": 15, "area": "dest"}, 2), ({"players": 3, "area": "strict"}, 2)],
)
def test_goal_lock_changes_nothing_from_the_start(backend: str, options: dict, depth: int) -> None:
    plain = ludorum.new(GAME, backend=backend, **options)
    locked = ludorum.new(GAME, backend=backend, goal_lock=True, **options)
    assert ludorum.perft(locked, depth) == ludorum.perft(plain, depth)


DIRECTIONS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]


def locked_moves_by_the_page(board: list, player: int, home: set[int]) -> set[str]:
    """The `free` moves under the goal lock, from the page's wording: every simple hop chain is
    walked, and a landing outside Home(P) is allowed only while the start hole and every
    earlier landing are outside it."""
    at = {qr: i for i, qr in enumerate(HOLES)}
    moves: set[str] = set()
    for frm in (h for h in range(121) if board[h] == player):
        q, r = HOLES[frm]
        for dq, dr in DIRECTIONS:
            n = at.get((q + dq, r + dr))
            if n is not None and board[n] is None and (frm not in home or n in home):
                moves.add(f"{name(frm)}-{name(n)}")

        def walk(path: list[int]) -> None:
            # path: the start hole, then the landings so far
            start, (q, r) = path[0], HOLES[path[-1]]
            for dq, dr in DIRECTIONS:
                over, land = at.get((q + dq, r + dr)), at.get((q + 2 * dq, r + 2 * dr))
                if over is None or land is None or over == start or board[over] is None:
                    continue
                if board[land] is not None or land in path:
                    continue
                if land not in home and any(h in home for h in path):
                    continue
                moves.add(f"{name(start)}-{name(land)}")
                walk([*path, land])

        walk([frm])
    return moves


def test_goal_lock_along_greedy_games_as_the_page_words_it(backend: str) -> None:
    """Greedy games bring pieces home; every few plies the legal moves are those of a chain
    walk written from the page's wording of the lock."""
    checked_in_home = 0
    for seed in range(2):
        state = ludorum.new(
            GAME, backend=backend, pieces=10, area="free", goal_lock=True, max_plies=300
        )
        rng = SplitMix64(seed)
        while state.current_player is not None:
            if state.ply % 4 == 0:
                player = state.current_player
                home = _home(2, 10, player)
                board = list(state.board())
                expected = locked_moves_by_the_page(board, player, home) or {"pass"}
                assert {str(m) for m in state.legal_moves()} == expected, state.ply
                checked_in_home += any(board[h] == player for h in home)
            state.play(state.legal_moves()[greedy_pick(state, rng)])
    assert checked_in_home > 10  # the lock was in play


# -- the action encodings (the page's "Action encoding" and its worked example) --------------


def page_piece_to(state: ludorum.State, move: str) -> int:
    """The ``piece_to`` id of ``move`` as the page writes it: the rank of its start hole among
    the mover's pieces by hole index, times 121, plus its end hole."""
    if move == "pass":
        return int(state.options["pieces"]) * 121
    a, b = move.split("-")
    mine = [h for h, owner in enumerate(state.board()) if owner == state.current_player]
    return mine.index(INDEX[a]) * 121 + INDEX[b]


def test_the_start_in_both_encodings(backend: str) -> None:
    from_to = ludorum.new(GAME, backend=backend)
    piece_to = ludorum.new(GAME, backend=backend, actions="piece_to")
    assert (from_to.num_actions, piece_to.num_actions) == (14642, 1816)
    assert ludorum.new(GAME, backend=backend, pieces=10, actions="piece_to").num_actions == 1211
    assert [str(m) for m in from_to.legal_moves()] == [str(m) for m in piece_to.legal_moves()]
    a, b = from_to.legal_actions().tolist(), piece_to.legal_actions().tolist()
    assert (a[:3], a[8], a[17]) == ([752, 754, 874], 1720, 2209)
    assert (b[:3], b[8], b[17]) == ([752, 754, 874], 1236, 1725)
    assert piece_to.action_mask().shape == (1816,)
    for state in (from_to, piece_to):
        state.play("d1-f4")
    assert from_to.legal_actions().tolist()[:3] == [12431, 12432, 12553]
    assert piece_to.legal_actions().tolist()[:3] == [89, 90, 211]
    assert (
        piece_to.parse_move("n1-l4").action == 694 and from_to.parse_move("n1-l4").action == 13520
    )
    assert piece_to.options["actions"] == "piece_to" and "actions" not in from_to.options


def test_piece_to_ids_round_trip_along_games(backend: str) -> None:
    """Every legal move -> its id (as the page computes it) -> the same move, in ascending id;
    the history keeps the ids the moves had, and the compact record replays them."""
    state = ludorum.new(GAME, backend=backend, players=3, area="free", actions="piece_to")
    rng = SplitMix64(4)
    played = []
    for _ in range(60 if backend == "rust" else 25):
        moves = state.legal_moves()
        ids = [m.action for m in moves]
        assert ids == sorted(ids) == state.legal_actions().tolist()
        for move in moves:
            assert move.action == page_piece_to(state, str(move))
            assert state.move_from_action(move.action) == move == state.parse_move(str(move))
        move = moves[rng.below(len(moves))]
        played.append(move.action)
        state.apply_action(move.action)
    assert [m.action for m in state.history()] == played
    assert ludorum.deserialize(state.serialize(), backend=backend).to_json() == state.to_json()


def test_piece_to_errors(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, actions="piece_to")
    before = state.to_json()
    with pytest.raises(ludorum.InvalidMoveError, match="action ids run from 0 to 1815"):
        state.move_from_action(1816)
    with pytest.raises(ludorum.InvalidMoveError, match=r"0\.\.1815"):
        state.apply_action(1816)
    # rank 10 is e5 (hole 14): from e5 to e5 names no move
    with pytest.raises(ludorum.InvalidMoveError, match="start and end hole are the same"):
        state.apply_action(10 * 121 + 14)
    assert str(state.move_from_action(120)) == "a1-q1"
    with pytest.raises(ludorum.IllegalMoveError, match="a1-q1"):
        state.apply_action(120)
    with pytest.raises(ludorum.IllegalMoveError, match="illegal move 'f4-g4': there is no piece"):
        state.parse_move("f4-g4")
    with pytest.raises(ludorum.IllegalMoveError, match="the piece on m5 is not yours"):
        state.play("m5-l5")
    with pytest.raises(ludorum.IllegalMoveError, match="pass is legal only"):
        state.apply_action(1815)
    assert state.to_json() == before
    over = ludorum.new(
        GAME, backend=backend, pieces=10, area="free", max_plies=1, actions="piece_to"
    )
    over.play("d1-e5")
    assert str(over.move_from_action(0)) == "n1-a1"
    with pytest.raises(ludorum.IllegalMoveError, match="the game is over"):
        over.parse_move("e5-f4")
    with pytest.raises(ludorum.IllegalMoveError, match="the game is over"):
        over.apply_action(0)


def test_piece_to_perft_counts_as_from_to(backend: str) -> None:
    for options in ({}, {"pieces": 10, "area": "free"}):
        counts = [
            ludorum.perft(ludorum.new(GAME, backend=backend, actions=a, **options), 2)
            for a in ("from_to", "piece_to")
        ]
        assert counts[0] == counts[1]


def test_actions_is_written_only_when_piece_to(backend: str) -> None:
    plain = ludorum.new(GAME, backend=backend, actions="from_to").to_json()
    assert "actions" not in plain["options"]
    plain["options"]["actions"] = "from_to"  # written by hand at its default: accepted
    assert ludorum.from_json(plain, backend=backend).options == ludorum.new(GAME).options
    with pytest.raises(ludorum.InvalidOptionError, match="actions must be one of"):
        ludorum.new(GAME, backend=backend, actions="rank_to")
