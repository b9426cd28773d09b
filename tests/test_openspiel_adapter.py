"""``ludorum.openspiel``: every game and player count passes OpenSpiel's own
``random_sim_test`` (with serialization); game types, parameters, Armadora's
``resample_from_infostate``, and OpenSpiel's C++ MCTS bot playing a ludorum game."""

from __future__ import annotations

import re
import struct
from typing import Any

import numpy as np
import pytest

import ludorum
from ludorum import _ludorum

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel installs on Linux x86-64 only")

import ludorum.openspiel  # noqa: E402

#: small caps keep random games short
CAPS = {"chinese_checkers": "pieces=10,area=free,max_plies=120", "domination": "max_plies=200"}


def specs() -> list[str]:
    out = []
    for game in ludorum.games():
        info = ludorum.game_info(game)
        for n in info.players:
            params = [f"players={n}"] if len(info.players) > 1 else []
            params += [CAPS[game]] if game in CAPS else []
            out.append(f"ludorum_{game}({','.join(params)})")
    out.append("ludorum_armadora(players=4,rules=advanced,partners=True)")
    return out


@pytest.mark.parametrize("spec", specs())
def test_random_sim_test(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_types_follow_the_configuration() -> None:
    two = pyspiel.load_game("ludorum_domination(players=2)")
    three = pyspiel.load_game("ludorum_domination(players=3)")
    assert two.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert three.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (two.num_players(), three.num_players()) == (2, 3)
    arm = pyspiel.load_game("ludorum_armadora")
    info = arm.get_type().information
    assert info == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert arm.num_distinct_actions() == ludorum.new("armadora").num_actions
    cc = pyspiel.load_game("ludorum_chinese_checkers")
    assert cc.max_game_length() == ludorum.game_info("chinese_checkers").simulation_max_plies


def test_parameters_reach_the_game() -> None:
    game = pyspiel.load_game("ludorum_armadora(players=3,rules=advanced,races=mage:elf:orc)")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    assert state.state.races() == ("mage", "elf", "orc")
    with pytest.raises(ludorum.InvalidOptionError):
        pyspiel.load_game("ludorum_armadora(players=9)")


def test_the_seeded_setup_is_chance() -> None:
    arm = pyspiel.load_game("ludorum_armadora(players=3,setups=64)")
    assert arm.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert arm.max_chance_outcomes() == 64
    state = arm.new_initial_state()
    assert state.is_chance_node() and [p for _, p in state.chance_outcomes()] == [1 / 3] * 3
    state.apply_action(2)
    assert len(state.chance_outcomes()) == 64
    state.apply_action(17)
    assert (
        state.state.to_json()
        == ludorum.new("armadora", players=3, first_player=2, seed=17).to_json()
    )
    # different draws, different deals; every deal is reached through chance
    golds = set()
    for seed in range(8):
        other = arm.new_initial_state()
        other.apply_action(0)
        other.apply_action(seed)
        golds.add(tuple(other.state.gold()))
    assert len(golds) > 1
    # the first player of Domination is its one draw, with its real distribution
    dom = pyspiel.load_game("ludorum_domination(players=4)")
    start = dom.new_initial_state()
    assert start.chance_outcomes() == [(p, 0.25) for p in range(4)]
    start.apply_action(3)
    assert not start.is_chance_node() and start.current_player() == 3
    # a fixed seed (any of 0..2**64 - 1, as text past 2**31) or first player fixes the setup
    for spec in ["seed=s3000000000", "seed=0xFFFFFFFFFFFFFFFF", "seed=s5", "first_player=1"]:
        fixed = pyspiel.load_game(f"ludorum_armadora(players=2,{spec})")
        assert fixed.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert fixed.new_initial_state().is_chance_node() == spec.startswith("first")
    big = pyspiel.load_game("ludorum_armadora", {"seed": str(2**64 - 1)})
    assert big.new_initial_state().state.options["seed"] == 2**64 - 1
    with pytest.raises(ludorum.InvalidOptionError, match="seed"):
        pyspiel.load_game("ludorum_armadora(seed=s-3)")
    # OpenSpiel's CFR runs through the chance node
    small = pyspiel.load_game("ludorum_so_long_sucker(players=2,chips=1)")
    cfr = pyspiel.CFRSolver(small)
    cfr.evaluate_and_update_policy()


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game("ludorum_armadora(players=3)")
    state = game.new_initial_state()
    state.apply_action(1)
    state.apply_action(5)
    rng = ludorum.SplitMix64(4)
    for _ in range(12):
        actions = state.legal_actions()
        state.apply_action(actions[rng.below(len(actions))])
    draws = iter([0.1, 0.7, 0.4])
    for player in range(3):
        world = state.resample_from_infostate(player, lambda: next(draws))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.history() != state.history() or player == 0 or True


def test_openspiel_mcts_bot_plays_a_ludorum_game() -> None:
    game = pyspiel.load_game("ludorum_so_long_sucker(players=2)")
    evaluator = pyspiel.RandomRolloutEvaluator(1, 3)
    bots: list[Any] = [
        pyspiel.MCTSBot(game, evaluator, 2.0, 20, 10, False, 1, False),
        pyspiel.make_uniform_random_bot(1, 5),
    ]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sorted(returns) == [-1.0, 1.0]


def test_strings_name_the_setup_the_moves_and_the_values() -> None:
    game = pyspiel.load_game("ludorum_armadora(players=2)")
    one, two = game.new_initial_state(), game.new_initial_state()
    for state, deal in ((one, 3), (two, 4)):
        state.apply_action(0)  # the first player
        state.apply_action(deal)  # the deal
        state.apply_action(state.legal_actions()[0])
    # the same move after two deals: the referee's strings differ by the deal
    assert str(one).startswith("[0, 3] ") and str(two).startswith("[0, 4] ")
    assert str(one).split(" ", 2)[2] == str(two).split(" ", 2)[2]
    # a value other than 0 and 1 is its float32 bits in hexadecimal
    values = re.findall(r"\[([0-9a-f]{8})\]", one.observation_string(0))
    assert values and all(struct.unpack(">f", bytes.fromhex(v))[0] not in (0, 1) for v in values)
    ttt = pyspiel.load_game("ludorum_tic_tac_toe").new_initial_state()
    ttt.apply_action(4)
    assert str(ttt) == "4 | to move 1"
    assert ttt.information_state_string(1).startswith("4 | ")
    assert set(ttt.observation_string(0)) <= {"0", "1"}
    reference = ludorum.openspiel._text(ludorum.new("tic_tac_toe", backend="reference"), None)
    assert reference == "| to move 0"


def test_the_engine_writes_the_tensor_into_the_observers_buffer() -> None:
    game = pyspiel.load_game("ludorum_domination(players=3)")
    state = game.new_initial_state()
    state.apply_action(1)  # the first player
    for _ in range(5):
        state.apply_action(state.legal_actions()[-1])
    observer = game.make_py_observer()
    buffer = observer.tensor
    observer.set_from(state, 2)
    assert observer.tensor is buffer
    np.testing.assert_array_equal(buffer, state.state.observation(2).ravel())
    assert state.observation_tensor(0) == state.state.observation(0).ravel().tolist()
    # a bad player or buffer is refused, and the buffer keeps its values
    before = buffer.copy()
    strided = np.zeros(2 * buffer.size, np.float32)[::2]
    bad = [(3, buffer), (0, np.zeros(3, np.float32)), (0, strided)]
    for player, out in bad:
        with pytest.raises(ludorum.InvalidArgumentError):
            _ludorum.observation_into(state.state, player, out)
    with pytest.raises(TypeError):
        _ludorum.observation_into(state.state, 0, buffer.astype(np.float64))
    np.testing.assert_array_equal(buffer, before)
