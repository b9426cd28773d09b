"""The Rust core against the pure-Python reference, written independently from the rules page.

At every ply both must agree on the legal moves, key, JSON, outcome and returns, with undo and
copy interleaved; perft and simulate must agree too. The configurations of each game are in
`tests/data/<game>/` (`differential.jsonl`, `simulate.jsonl`, `perft_agree.jsonl`) and read for
every game of `ludorum.games()`.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ludorum
from ludorum import SplitMix64

from cc_agents import greedy_pick
from conftest import assert_same_state, read_jsonl

CC = "chinese_checkers"
DOM = "domination"
SLS = "so_long_sucker"

#: (game, options) of `tests/data/<game>/differential.jsonl`, for every game
CONFIGS: list[tuple[str, dict[str, Any]]] = [
    (game, options)
    for game in ludorum.games()
    for options in read_jsonl(game, "differential.jsonl")
]

#: (game, options) of `tests/data/<game>/simulate.jsonl`, for every game
SIMULATE_CONFIGS: list[tuple[str, dict[str, Any]]] = [
    (game, options) for game in ludorum.games() for options in read_jsonl(game, "simulate.jsonl")
]

#: (game, {"options", ["plies"], "depth"}) of `tests/data/<game>/perft_agree.jsonl`, for every game
PERFT_AGREE = [
    (game, row) for game in ludorum.games() for row in read_jsonl(game, "perft_agree.jsonl")
]
PERFT_FROM_START = [(game, r["options"], r["depth"]) for game, r in PERFT_AGREE if "plies" not in r]
PERFT_FROM_MIDGAME = [
    (game, r["options"], r["plies"], r["depth"]) for game, r in PERFT_AGREE if "plies" in r
]


def capped(game: str, options: dict[str, Any], plies: int) -> dict[str, Any]:
    """The options with a ply cap, for the games that have one (the others always end soon)."""
    if "max_plies" in ludorum.new(game, backend="reference").options:
        return {**options, "max_plies": plies}
    return options


def pair(game: str, options: dict[str, Any]) -> tuple[Any, Any]:
    return ludorum.new(game, **options), ludorum.new(game, backend="reference", **options)


def pick(ref: Any, rng: SplitMix64, seed: int) -> int:
    """Random, or for Chinese Checkers on odd seeds greedy, so games also reach real ends."""
    if ref.game == CC and seed % 2:
        return greedy_pick(ref, rng)
    return rng.below(len(ref.legal_moves()))


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=str)
def test_seeded_games_agree_at_every_ply(game: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        rust, ref = pair(game, capped(game, options, 400))
        rng = SplitMix64(seed)
        while True:
            where = f"({options}, seed {seed}, ply {ref.ply})"
            assert_same_state(rust, ref, where)
            if ref.current_player is None:
                break
            roll = rng.below(20)
            if roll == 0 and ref.ply:  # undo one ply in both, then go on from there
                assert str(rust.undo()) == str(ref.undo())
                continue
            if roll == 1:  # a copy must be independent of its original
                twin = rust.copy()
                twin.play(twin.legal_moves()[0])
                assert twin.ply == rust.ply + 1
            index = pick(ref, rng, seed)
            rust.play(rust.legal_moves()[index])
            ref.play(ref.legal_moves()[index])
        assert rust.ply == ref.ply


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
@given(data=st.data(), config=st.sampled_from(CONFIGS))
def test_hypothesis_play_undo_copy(data: st.DataObject, config: tuple[str, dict]) -> None:
    game, options = config
    rust, ref = pair(game, capped(game, options, 60))
    copies: list[tuple[Any, Any]] = []
    for step in range(data.draw(st.integers(0, 80), label="steps")):
        action = data.draw(st.sampled_from(["play", "play", "play", "undo", "copy", "json"]))
        if action == "play" and ref.current_player is not None:
            n = len(ref.legal_moves())
            i = data.draw(st.integers(0, n - 1), label="move")
            rust.play(rust.legal_moves()[i])
            ref.play(ref.legal_moves()[i])
        elif action == "undo" and ref.ply:
            assert rust.undo() == ref.undo()
        elif action == "copy":
            copies.append((rust.copy(), ref.copy()))
        elif action == "json":
            rust = ludorum.from_json(rust.to_json())
            ref = ludorum.from_json(ref.to_json(), backend="reference")
        assert_same_state(rust, ref, f"step {step}")
    for r, p in copies:
        assert_same_state(r, p, "copy")
    while ref.ply:  # undo after any sequence restores the start exactly
        assert rust.undo() == ref.undo()
    assert_same_state(rust, ref, "after undoing everything")
    assert rust.to_json() == ludorum.new(game, **capped(game, options, 60)).to_json()


@pytest.mark.parametrize(("game", "options", "depth"), PERFT_FROM_START, ids=str)
def test_perft_agrees(game: str, options: dict[str, Any], depth: int) -> None:
    rust, ref = pair(game, options)
    assert ludorum.perft(rust, depth) == ludorum.perft(ref, depth)


@pytest.mark.parametrize(("game", "options", "plies", "depth"), PERFT_FROM_MIDGAME, ids=str)
def test_perft_agrees_from_a_midgame_position(
    game: str, options: dict, plies: int, depth: int
) -> None:
    """Midgame positions have taller stacks, reserves and long hop chains."""
    rust, ref = pair(game, options)
    rng = SplitMix64(9)
    for _ in range(plies):
        i = pick(ref, rng, 1)
        rust.play(rust.legal_moves()[i])
        ref.play(ref.legal_moves()[i])
    assert_same_state(rust, ref, "midgame")
    assert ludorum.perft(rust, depth) == ludorum.perft(ref, depth)


@pytest.mark.parametrize(("game", "options"), SIMULATE_CONFIGS, ids=str)
def test_simulate_agrees_between_backends(game: str, options: dict[str, Any]) -> None:
    options = capped(game, options, 150)
    rust = ludorum.simulate(game, games=6, seed=11, **options)
    ref = ludorum.simulate(game, games=6, seed=11, backend="reference", **options)
    assert rust.winners.tolist() == ref.winners.tolist()
    assert rust.lengths.tolist() == ref.lengths.tolist()
    assert rust.reasons.tolist() == ref.reasons.tolist()


def test_full_domination_games_agree() -> None:
    """Whole random games to their real end (thousands of plies), final states compared."""
    rust = ludorum.simulate(DOM, games=3, seed=5, max_plies=100_000)
    ref = ludorum.simulate(DOM, games=3, seed=5, max_plies=100_000, backend="reference")
    assert set(rust.reasons.tolist()) == {"last player able to move"}
    assert rust.winners.tolist() == ref.winners.tolist()
    assert rust.lengths.tolist() == ref.lengths.tolist()


@pytest.mark.parametrize(
    "options",
    [
        {"players": 2},
        {"players": 4, "free_actions": 2},
        {"players": 4, "chips": 3, "dead_capture": "giver"},
        {"players": 6, "chips": 2},
    ],
    ids=str,
)
def test_so_long_sucker_out_of_turn_free_actions_and_chat_agree(options: dict[str, Any]) -> None:
    """Free actions by any living player, out of turn too, and chat, between the decisions."""
    for seed in range(4):
        rust, ref = pair(SLS, {**options, "seed": seed})
        rng = SplitMix64(100 + seed)
        while ref.current_player is not None:
            where = f"({options}, seed {seed}, ply {ref.ply})"
            assert_same_state(rust, ref, where)
            for p in range(ref.num_players):
                assert rust.free_moves(p) == ref.free_moves(p), where
            assert rust.piles() == ref.piles() and rust.hands() == ref.hands(), where
            assert rust.decision() == ref.decision() and rust.givers() == ref.givers(), where
            assert rust.dead_box() == ref.dead_box() and rust.alive() == ref.alive(), where
            roll = rng.below(10)
            if roll < 3:  # a free action by a random player, whoever decides
                player = rng.below(ref.num_players)
                free = ref.free_moves(player)
                if free:
                    move = free[rng.below(len(free))]
                    rust.play(str(move))
                    ref.play(move)
                    continue
            if roll == 3:
                player = rng.below(ref.num_players)
                rust.say(player, f"deal {ref.ply}?")
                ref.say(player, f"deal {ref.ply}?")
                assert rust.chat == ref.chat
                continue
            if roll == 4 and ref.ply:
                assert rust.undo() == ref.undo()
                continue
            index = rng.below(len(ref.legal_moves()))
            rust.play(rust.legal_moves()[index])
            ref.play(ref.legal_moves()[index])
        assert_same_state(rust, ref, f"({options}, seed {seed}, the end)")
        assert ludorum.from_json(ref.to_json()).to_json() == rust.to_json()


def _error(call: Any) -> tuple[str, str] | None:
    """The class and message of the error ``call()`` raises, or None."""
    try:
        call()
    except ludorum.LudorumError as e:
        return (type(e).__name__, str(e))
    return None


def _variants(text: str, rng: SplitMix64) -> list[str]:
    """Near misses of a notation: a character dropped, doubled, changed or added."""
    out = []
    alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -:@+*"
    for _ in range(4):
        i = rng.below(len(text))
        c = alphabet[rng.below(len(alphabet))]
        out += [
            text[:i] + text[i + 1 :],
            text[:i] + text[i] + text[i:],
            text[:i] + c + text[i + 1 :],
        ]
        out.append(text[:i] + c + text[i:])
    return out


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=str)
def test_errors_agree_word_for_word(game: str, options: dict[str, Any]) -> None:
    """Along a seeded game, the moves that do not parse, the action ids that name no move and
    the moves that are not legal get the same error class and message in both backends (the
    messages are part of the contract: a program driving either backend reads the same)."""
    rust, ref = pair(game, capped(game, options, 200))
    rng = SplitMix64(11)
    while ref.current_player is not None:
        if ref.ply % 7 == 0:
            legal = {m.action for m in ref.legal_moves()}
            span = ref.num_actions + ref.num_actions // 4 + 2
            for action in [rng.below(span) for _ in range(30)]:
                where = f"{game} {options} ply {ref.ply}: action {action}"
                assert _error(lambda a=action: rust.move_from_action(a)) == _error(
                    lambda a=action: ref.move_from_action(a)
                ), where
                if action not in legal and action < ref.num_actions:
                    assert _error(lambda a=action: rust.apply_action(a)) == _error(
                        lambda a=action: ref.apply_action(a)
                    ), where
            moves = ref.legal_moves()
            for move in [moves[rng.below(len(moves))] for _ in range(5)]:
                for text in _variants(move.notation, rng):
                    where = f"{game} {options} ply {ref.ply}: {text!r}"
                    parsed = _error(lambda t=text: ref.parse_move(t))
                    assert _error(lambda t=text: rust.parse_move(t)) == parsed, where
                    if parsed is None and ref.parse_move(text).action not in legal:
                        assert _error(lambda t=text: rust.play(t)) == _error(
                            lambda t=text: ref.play(t)
                        ), where
            assert rust.to_json() == ref.to_json()
        index = rng.below(len(ref.legal_moves()))
        rust.play(rust.legal_moves()[index])
        ref.play(ref.legal_moves()[index])
