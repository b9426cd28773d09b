"""So Long Sucker: every example of the rules page, in both backends, plus free actions, chat,
the integer view, bad input and properties along random games.

Positions are reached by playing moves from the start; piles are written bottom to top as colour
letters (R B G Y P O, player 0..5).
"""

from __future__ import annotations

from typing import Any

import pytest

import ludorum
from ludorum import SplitMix64

GAME = "so_long_sucker"
LETTERS = "RBGYPO"
R, B, G, Y = range(4)


def new(backend: str, **options: Any) -> Any:
    return ludorum.new(GAME, backend=backend, **options)


def reach(backend: str, moves: list[str], **options: Any) -> Any:
    """The state after ``moves``; each primary move must be listed as legal when played."""
    state = new(backend, **options)
    for text in moves:
        if ":" not in text:
            assert text in names(state.legal_moves()), (text, state.decision())
        state.play(text)
    return state


def names(moves: list[Any]) -> list[str]:
    return [str(m) for m in moves]


def piles(state: Any) -> dict[int, str]:
    return {pile_id: "".join(LETTERS[c] for c in chips) for pile_id, chips in state.piles()}


def decision(situation: str, player: int, pile: int | None = None, in_need: int | None = None):
    return {"situation": situation, "player": player, "pile": pile, "in_need": in_need}


# -- the rules page's oracles ----------------------------------------------------------------

# Green starts; pile 1 becomes [G, Y, G, R, B, R], then blue has the move.
DEEPEST = [
    "play G new", "give Y", "play Y on 1", "give R", "play R new", "give G", "play G on 1",
    "give R", "play R on 1", "play B on 1", "play Y new", "give R", "play R on 1",
    "play Y new", "give B",
]  # fmt: skip


def test_every_colour_present_gives_the_move_to_the_deepest_topmost_chip(backend: str) -> None:
    state = reach(backend, DEEPEST, first_player=G)
    assert piles(state)[1] == "GYGRBR" and state.decision() == decision("play", B)
    state.play("play B on 1")
    assert piles(state)[1] == "GYGRBRB"
    # Y's topmost chip (depth 1) lies deepest; no decision, blue gave the move.
    assert state.decision() == decision("play", Y)
    assert state.givers()[-2:] == (B, Y)


def test_a_dead_colour_is_ignored_for_the_deepest_chip(backend: str) -> None:
    moves = [*DEEPEST[:13], "play Y on 2", "give B", "play B new", "give Y"]
    state = reach(backend, moves, first_player=G, chips=3)
    # Yellow got the move with no chips and nobody held a prisoner to rescue it: it died.
    assert state.alive() == (True, True, True, False)
    assert state.hands()[Y] == (0, 0, 0, 0)
    assert piles(state)[1] == "GYGRBR" and state.decision() == decision("play", B)
    state.play("play B on 1")
    assert state.decision() == decision("play", G)  # G's bottom chip, Y ignored


def test_a_forced_move_and_the_topmost_chip_that_counts(backend: str) -> None:
    state = reach(backend, ["play R new", "give B", "play B on 1", "give G"], first_player=R)
    state.play("play G on 1")  # only yellow is missing: no decision
    assert piles(state)[1] == "RBG" and state.decision() == decision("play", Y)
    state.play("play Y on 1")
    assert piles(state)[1] == "RBGY" and state.decision() == decision("play", R)
    state.play("play R on 1")
    # Now R's topmost chip is the top one: blue's lies deepest.
    assert piles(state)[1] == "RBGYR" and state.decision() == decision("play", B)


def test_give_options(backend: str) -> None:
    state = reach(backend, ["play R new"], first_player=R)
    assert state.decision() == decision("give", R, pile=1)
    assert names(state.legal_moves()) == ["give B", "give G", "give Y"]
    state = reach(backend, ["play B new", "give R", "play R on 1"], first_player=B)
    assert piles(state)[1] == "BR" and names(state.legal_moves()) == ["give G", "give Y"]


# Green starts; yellow captures a green chip and then holds a green prisoner.
CAPTURES = [
    "play G new", "give Y", "play Y on 1", "give R", "play R new", "give G", "play G on 1",
    "give R", "play R new", "give Y", "play Y on 1", "give R", "play R new", "give Y",
    "play Y on 1",
]  # fmt: skip


def test_a_player_may_give_the_move_to_itself_when_its_colour_is_missing(backend: str) -> None:
    state = reach(backend, [*CAPTURES, "kill Y"], first_player=G)
    assert state.hands()[Y] == (0, 0, 2, 6) and state.decision() == decision("play", Y)
    state.play("play G on 2")  # a green prisoner onto [R]
    assert piles(state)[2] == "RG" and names(state.legal_moves()) == ["give B", "give Y"]


def test_capture_in_a_living_colour(backend: str) -> None:
    state = reach(backend, CAPTURES, first_player=G)
    assert state.decision() == decision("kill", Y, pile=1)
    assert names(state.legal_moves()) == ["kill G", "kill Y"]
    state.play("kill Y")
    state.play("play G on 2")
    state.play("give Y")
    assert piles(state)[2] == "RG" and state.decision() == decision("play", Y)
    hands, dead = state.hands(), state.dead_box()
    state.play("play G on 2")  # a green prisoner onto [R, G]: green captures
    assert piles(state)[2] == "RGG"
    assert state.decision() == decision("kill", G, pile=2)
    assert names(state.legal_moves()) == ["kill R", "kill G"]
    state.play("kill R")
    assert 2 not in piles(state)
    assert state.dead_box()[R] == dead[R] + 1
    assert state.hands()[G][G] == hands[G][G] + 2  # both green chips into green's stock
    assert state.decision() == decision("play", G)


# Green starts with 3 chips each; green dies, yellow then holds a green prisoner.
DEAD_CAPTURE = [
    "play G new", "give Y", "play Y on 1", "give R", "play R new", "give Y", "play Y on 1",
    "kill Y", "play Y new", "give G", "play G on 2", "give B", "play B new", "give G",
    "play G on 4", "give R", "play R new", "give G",
]  # fmt: skip


@pytest.mark.parametrize("mode", ["player", "giver"])
def test_capture_in_a_dead_colour(backend: str, mode: str) -> None:
    state = reach(backend, DEAD_CAPTURE, first_player=G, chips=3, dead_capture=mode)
    assert state.decision() == decision("rescue", Y, in_need=G)
    assert names(state.legal_moves()) == ["rescue G", "refuse"]
    state.play("refuse")
    assert state.alive() == (True, True, False, True)
    state.play("play R on 3")
    state.play("play B on 5")
    assert piles(state)[2] == "RG" and state.decision() == decision("play", Y)
    assert state.hands()[Y][G] == 1 and state.givers()[-2:] == (B, Y)
    before = state.copy()
    state.play("play G on 2")  # yellow plays its green prisoner on [R, G]; green is dead
    assert 2 not in piles(state)
    dead = [a - b for a, b in zip(state.dead_box(), before.dead_box(), strict=True)]
    assert dead == [1, 0, 2, 0]  # all three chips
    if mode == "player":  # yellow moves again
        assert state.decision() == decision("play", Y) and state.givers() == before.givers()
    else:  # the move goes back to yellow's giver, blue
        assert state.decision() == decision("play", B) and state.givers() == before.givers()[:-1]


def test_a_dead_colour_capture_with_no_living_giver_keeps_the_move(backend: str) -> None:
    moves = [
        "play B new", "give G", "play G on 1", "give P", "play P on 1", "give R", "play R new",
        "give G", "play G on 2", "give B", "play B new", "give R", "play R new", "give G",
        "play P on 1", "kill P", "play G on 2",
    ]  # fmt: skip
    state = reach(backend, moves, players=5, seed=1101, chips=2, dead_capture="giver")
    assert state.alive() == (False, False, False, True, True)
    assert state.piles() == ((3, (B,)), (4, (R,))) and state.givers() == (B, G, 4)
    state.play("play B on 3")  # purple plays a blue prisoner on blue: blue is dead
    # Back along the chain: green and blue are dead, the chain runs empty: purple keeps the move.
    assert state.piles() == ((4, (R,)),) and state.givers() == (4,)
    assert state.decision() == decision("play", 4)


def test_death_and_the_rebound_to_the_giver(backend: str) -> None:
    moves = [
        "play R new", "give B", "play B on 1", "give Y", "play Y on 1", "play G on 1",
        "play R on 1", "play B on 1", "play Y new", "give R", "play R on 2", "give B",
        "play B on 1", "kill G", "play B new", "give R",
    ]  # fmt: skip
    state = reach(backend, moves, first_player=R, chips=3)
    # Blue gave red the move; red holds nothing; green and yellow hold no prisoner: only blue
    # is asked.
    assert state.hands()[R] == (0, 0, 0, 0) and state.givers()[-2:] == (B, R)
    assert state.decision() == decision("rescue", B, in_need=R)
    assert names(state.legal_moves()) == ["rescue R", "rescue Y", "refuse"]
    state.play("refuse")
    assert state.alive() == (False, True, True, True)
    assert state.decision() == decision("play", B) and state.givers()[-1] == B


def test_deaths_in_a_row_rebound_along_the_chain(backend: str) -> None:
    # One chip each: red gives blue the move, blue gives it back to red, who has nothing and
    # nobody to rescue it: red dies, the move goes back to blue, who dies too; the chain is
    # then empty and the move goes to the first living player after blue.
    state = reach(
        backend, ["play R new", "give B", "play B new", "give R"], first_player=R, chips=1
    )
    assert state.alive() == (False, False, True, True)
    assert state.givers() == (G,) and state.decision() == decision("play", G)


def test_rescue_is_asked_in_seat_order_skipping_players_without_prisoners(backend: str) -> None:
    moves = [
        "play R new", "give Y", "play Y on 1", "give G", "play G new", "give R", "play R on 2",
        "give Y", "play Y on 2", "play B on 1", "play G on 1", "play R on 1", "play Y on 2",
        "kill Y", "play G on 1", "play Y on 1", "play B on 1",
    ]  # fmt: skip
    state = reach(backend, moves, first_player=R, chips=3)
    assert piles(state)[1] == "RYBGRGYB"
    hands = state.hands()
    assert hands[R] == (0, 0, 0, 0)
    assert sum(hands[B]) - hands[B][B] == 0 and sum(hands[G]) - hands[G][G] == 0
    assert state.decision() == decision("rescue", Y, in_need=R)  # blue and green skipped
    state.play("rescue R")
    assert state.hands()[R] == (1, 0, 0, 0) and state.decision() == decision("play", R)


def test_a_transfer_to_the_player_in_need_rescues_it(backend: str) -> None:
    moves = [
        "play B new", "give G", "play G on 1", "give R", "play R new", "give G", "play G on 1",
        "kill G", "play G new", "give B", "play B on 2", "give Y", "play Y new", "give B",
    ]  # fmt: skip
    state = reach(backend, moves, first_player=B, chips=2)
    assert state.hands()[B] == (0, 0, 0, 0)
    assert state.decision() == decision("rescue", G, in_need=B)
    by_yellow = state.copy()
    state.play("G: transfer B to B")  # a blue chip goes to blue's stock
    assert state.hands()[B] == (0, 1, 0, 0) and state.decision() == decision("play", B)
    assert by_yellow.free_moves(Y) == []  # yellow holds no prisoner


def test_the_mover_giving_away_its_last_chip_is_in_need(backend: str) -> None:
    moves = [
        "play R new", "give G", "play G on 1", "play B new", "give G", "play G on 1", "kill G",
        "play G on 2", "play R new", "give G",
    ]  # fmt: skip
    state = reach(backend, moves, players=3, first_player=R, chips=2, free_actions=2)
    assert state.decision() == decision("play", G) and state.hands()[G] == (1, 0, 0)
    # Its free actions are all its own to make, but the ones that would leave it with no chip
    # are not listed.
    assert names(state.free_moves(G)) == ["G: transfer R to R", "G: transfer R to B", "G: kill R"]
    assert names(state.legal_moves()) == ["play R on 2", "play R on 3", "play R new"]
    state.play("G: transfer R to B")
    assert state.decision() == decision("rescue", B, in_need=G)


# -- free actions ----------------------------------------------------------------------------


def test_free_actions_are_listed_at_most_k_per_decision(backend: str) -> None:
    state = reach(backend, [*CAPTURES, "kill Y"], first_player=G, free_actions=1)
    assert state.decision() == decision("play", Y)
    free = names(state.free_moves(Y))
    assert free == ["Y: transfer G to R", "Y: transfer G to B", "Y: transfer G to G", "Y: kill G"]
    listed = names(state.legal_moves())
    assert listed[-4:] == free and all(m.startswith("play ") for m in listed[:-4])
    state.play("Y: kill G")
    assert state.to_json()["free_actions_used"] == 1
    assert all(m.startswith("play ") for m in names(state.legal_moves()))
    state.play("Y: transfer G to R")  # still accepted through play, past k
    assert state.to_json()["free_actions_used"] == 2 and state.hands()[Y][G] == 0
    state.play("play Y on 2")  # a primary move: a new decision
    assert state.to_json()["free_actions_used"] == 0


def test_free_actions_out_of_turn(backend: str) -> None:
    state = reach(backend, [*CAPTURES, "kill Y"], first_player=G)
    assert state.decision() == decision("play", Y)
    red = reach(backend, ["play R new"], first_player=R)
    assert red.free_moves(B) == []
    # Yellow holds green prisoners; it is yellow's decision: its free moves are in the action
    # space, other players' would be past it.
    moves = state.free_moves(Y)
    assert all(m.action < state.num_actions for m in moves)
    state.play("play G on 2")  # now yellow must give the move
    moves = state.free_moves(Y)
    assert names(moves)[0] == "Y: transfer G to R"
    assert state.current_player == Y
    state.play("give B")
    out_of_turn = state.free_moves(Y)
    assert all(m.action >= state.num_actions for m in out_of_turn)
    state.play(out_of_turn[0])  # a Move past the action space, by blue's turn
    assert state.hands()[R][G] == 1 and state.current_player == B
    with pytest.raises(ludorum.InvalidMoveError):
        state.apply_action(out_of_turn[1].action)  # the action view is the decider's
    assert state.history()[-1] == out_of_turn[0]


def test_bad_input_changes_nothing(backend: str) -> None:
    state = reach(backend, [*DEAD_CAPTURE, "refuse"], first_player=G, chips=3)
    assert state.alive() == (True, True, False, True) and state.decision() == decision("play", R)
    before, key = state.to_json(), state.key
    cases = {
        "G: kill R": ludorum.IllegalMoveError,  # green is dead
        "give B": ludorum.IllegalMoveError,  # red must play, not give
        "kill G": ludorum.IllegalMoveError,
        "refuse": ludorum.IllegalMoveError,
        "play B new": ludorum.IllegalMoveError,  # red holds no blue chip
        "Y: transfer Y to R": ludorum.IllegalMoveError,  # own colour
        "Y: kill Y": ludorum.IllegalMoveError,
        "Y: transfer G to Y": ludorum.IllegalMoveError,  # to itself
        "Y: transfer G to G": ludorum.IllegalMoveError,  # to a dead player
        "B: kill G": ludorum.IllegalMoveError,  # blue holds no green chip
        "play R on 99": ludorum.IllegalMoveError,  # no such pile
        "play R on 2 ": ludorum.InvalidMoveError,
        "P: kill G": ludorum.InvalidMoveError,  # no purple in a 4-player game
    }
    for text, error in cases.items():
        with pytest.raises(error):
            state.play(text)
        assert state.to_json() == before and state.key == key, text
    with pytest.raises(ludorum.IllegalMoveError):
        state.apply_action(state.num_actions - 1)  # red's free kill of a yellow prisoner
    assert state.to_json() == before


def test_moves_after_the_end_are_refused(backend: str) -> None:
    state = reach(backend, ["play R new", "play B new"], players=2, first_player=R, chips=1)
    assert state.outcome() == ludorum.Outcome((B,), "last player alive")
    assert state.current_player is None and state.decision() is None
    assert state.returns() == [-1.0, 1.0]
    for text in ("play B new", "B: kill R", "refuse"):
        with pytest.raises(ludorum.IllegalMoveError):
            state.play(text)
    assert state.free_moves(B) == [] and state.legal_moves() == []


# -- the integer view ------------------------------------------------------------------------


def test_action_ids_follow_pile_ranks(backend: str) -> None:
    state = reach(backend, [*CAPTURES, "kill Y"], first_player=G)
    n = state.num_players * 7
    assert state.num_actions == 4 * (n + 1) + 16 + 16 + 1
    ranks = {pile_id: rank for rank, (pile_id, _) in enumerate(state.piles())}
    for move in state.legal_moves():
        colour, where = str(move).split()[1], str(move).split()[-1]
        slot = n if where == "new" else ranks[int(where)]
        assert move.action == LETTERS.index(colour) * (n + 1) + slot
    played = state.legal_moves()[0]
    state.apply_action(played.action)
    assert state.history()[-1] == played
    assert state.undo() == played


# -- chat ------------------------------------------------------------------------------------


def test_chat_is_public_kept_by_undo_and_outside_the_key(backend: str) -> None:
    state = reach(backend, ["play R new"], first_player=R)
    key = state.key
    state.say(B, "give me the move and I will give you a prisoner")
    state.say(R, "deal")
    assert state.key == key
    assert state.chat == [
        ludorum.Message(1, B, "give me the move and I will give you a prisoner"),
        ludorum.Message(1, R, "deal"),
    ]
    data = state.to_json()
    assert data["chat"] == [
        {"ply": 1, "player": B, "text": "give me the move and I will give you a prisoner"},
        {"ply": 1, "player": R, "text": "deal"},
    ]
    again = ludorum.from_json(data, backend=backend)
    assert again.chat == state.chat and again == state
    state.undo()
    assert len(state.chat) == 2 and state.key != key
    assert ludorum.from_json(state.to_json(), backend=backend).chat == state.chat
    with pytest.raises(ValueError, match="player"):
        state.say(4, "hello")
    # A bad argument is an InvalidArgumentError (a ValueError), whatever its kind: before
    # issue 16, a text that was not a str raised TypeError.
    with pytest.raises(ludorum.InvalidArgumentError, match="text must be a str"):
        state.say(0, 42)  # type: ignore[arg-type]
    with pytest.raises(ludorum.InvalidArgumentError, match="lone surrogate"):
        state.say(0, "\ud800")


@pytest.mark.parametrize(
    "chat",
    [
        "hello",
        [{"ply": 0, "player": 0}],
        [{"ply": -1, "player": 0, "text": "x"}],
        [{"ply": 0, "player": 4, "text": "x"}],
        [{"ply": 0, "player": 0, "text": 7}],
        [{"ply": True, "player": 0, "text": "x"}],
        [{"ply": 0, "player": 0, "text": "x", "mood": "sly"}],
        [["0", 0, "x"]],
    ],
    ids=str,
)
def test_malformed_chat_is_rejected(backend: str, chat: Any) -> None:
    data = new(backend).to_json()
    with pytest.raises(ludorum.InvalidStateError):
        ludorum.from_json({**data, "chat": chat}, backend=backend)


# -- properties along random games -----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("options", [{}, {"free_actions": 2, "dead_capture": "giver"}], ids=str)
def test_random_games_conserve_chips_and_end_with_one_winner(
    backend: str, players: int, options: dict[str, Any]
) -> None:
    games = 6 if backend == "rust" else 2
    for seed in range(games):
        state = new(backend, players=players, seed=seed, **options)
        chips = state.options["chips"]
        rng = SplitMix64(seed)
        while state.current_player is not None:
            before = state.copy()
            moves = state.legal_moves()
            move = moves[rng.below(len(moves))]
            state.play(move)
            text = str(move)
            for colour in range(players):  # chips are conserved
                held = sum(hand[colour] for hand in state.hands())
                table = sum(chips_.count(colour) for _, chips_ in state.piles())
                assert held + table + state.dead_box()[colour] == chips, text
            killed = sum(state.dead_box()) - sum(before.dead_box())
            if text.startswith("kill "):
                assert killed == 1
            elif text.startswith("play ") and len(state.piles()) < len(before.piles()):
                # a capture in a dead colour: the whole pile
                piles_before = dict(before.piles())
                (pile_id,) = piles_before.keys() - dict(state.piles()).keys()
                assert killed == len(piles_before[pile_id]) + 1
            elif ": kill " in text:
                assert killed == 1
            else:
                assert killed == 0
            for p in range(players):  # a stock shrinks only by playing
                if state.hands()[p][p] < before.hands()[p][p]:
                    assert text.startswith("play ") and before.current_player == p
        outcome = state.outcome()
        assert outcome is not None and len(outcome.winners) == 1
        assert outcome.reason == "last player alive"
        assert state.alive().count(True) == 1 and state.alive()[outcome.winners[0]]


def test_free_actions_are_counted_without_limit() -> None:
    """The count of the decider's free actions in one decision has no limit, the same in both
    backends; the key takes it in 16-bit parts (issue 16: the Rust core stopped counting at
    65,535, and the reference's 65,536th free action failed an assertion after moving the
    chip, leaving state and history apart)."""
    rust = reach("rust", [*CAPTURES, "kill Y"], first_player=G)
    ref = reach("reference", [*CAPTURES, "kill Y"], first_player=G)
    assert rust.decision() == decision("play", Y) and rust.hands()[Y][G] > 0
    away, back = rust.parse_move("Y: transfer G to R"), rust.parse_move("R: transfer G to Y")
    rounds = 2**16 + 1  # yellow's transfers count; red's, out of turn, do not
    for state in (rust, ref):
        for _ in range(rounds):
            state.play(away)
            state.play(back)
        assert state.to_json()["free_actions_used"] == rounds
        assert state.key == state.key_from_scratch()
    assert rust.key == ref.key and rust.to_json() == ref.to_json()
    for state in (rust, ref):
        state.undo()
        state.undo()
        assert state.to_json()["free_actions_used"] == rounds - 1
        assert state.key == state.key_from_scratch()
    assert rust.key == ref.key
