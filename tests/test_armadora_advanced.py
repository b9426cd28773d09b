"""Armadora's advanced rules (race powers, reinforcement) and the partners game, from the part
"Advanced rules and partners" of ``docs/rules/armadora.md``.

Every worked example of that part is a named test in both backends. Then properties along random
advanced games in both backends: keys, undo, JSON, notation, and each viewer's knowledge; and the
drawings (text and SVG) of the tokens, arrows, face-up warriors, looks and teams.
"""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import numpy as np
import pytest

import ludorum
from ludorum import SplitMix64

from conftest import assert_same_state

GAME = "armadora"
GOLD = [3, 4, 4, 5, 5, 6, 6, 7]
NAMES = [f"{'abcdefgh'[x]}{y + 1}" for y in range(5) for x in range(8)]
RACES = ("orc", "goblin", "elf", "mage")
POWER_WORDS = ("mage", "goblin", "orc", "elf")

every_backend = pytest.mark.parametrize("backend", ludorum.BACKENDS)


def c(name: str) -> int:
    return NAMES.index(name)


def new(backend: str, moves: tuple[str, ...] | list[str] = (), **options: Any) -> Any:
    options.setdefault("gold", GOLD)
    options.setdefault("first_player", 0)
    state = ludorum.new(GAME, backend=backend, **options)
    for move in moves:
        state.play(move)
    return state


def advanced_moves(state: Any) -> list[str]:
    """The legal powers and reinforcements (ids from 2479), as notation."""
    return [str(m) for m in state.legal_moves() if m.action >= 2479]


def legal(state: Any) -> set[str]:
    return {str(m) for m in state.legal_moves()}


# -- options -----------------------------------------------------------------------------------


def message(backend: str, **options: Any) -> str:
    with pytest.raises(ludorum.InvalidOptionError) as info:
        ludorum.new(GAME, backend=backend, **options)
    return str(info.value)


@every_backend
@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (
            {"foo": 1},
            "unknown option 'foo' for armadora; allowed: players, seed, first_player, gold, "
            "rules, races, reinforcement, power_before_action, partners",
        ),
        ({"rules": "expert"}, "rules must be one of 'base', 'advanced', got 'expert'"),
        (
            {"rules": "advanced", "races": ["orc", "orc"]},
            "races must be None or a list of 2 distinct races from 'orc', 'goblin', 'elf', "
            "'mage', got ['orc', 'orc']",
        ),
        (
            {"rules": "advanced", "players": 3, "races": ["orc", "goblin"]},
            "races must be None or a list of 3 distinct races from 'orc', 'goblin', 'elf', "
            "'mage', got ['orc', 'goblin']",
        ),
        (
            {"rules": "advanced", "races": ["orc", "troll"]},
            "races must be None or a list of 2 distinct races from 'orc', 'goblin', 'elf', "
            "'mage', got ['orc', 'troll']",
        ),
        (
            {"rules": "advanced", "races": "orc"},
            "races must be None or a list of 2 distinct races from 'orc', 'goblin', 'elf', "
            "'mage', got 'orc'",
        ),
        (
            {"rules": "advanced", "reinforcement": "closed"},
            "reinforcement must be one of 'open', 'full', 'any', got 'closed'",
        ),
        (
            {"rules": "advanced", "power_before_action": 1},
            "power_before_action must be True or False, got 1",
        ),
        (
            {"rules": "advanced", "power_before_action": "yes"},
            "power_before_action must be True or False, got 'yes'",
        ),
        ({"players": 4, "partners": 1}, "partners must be True or False, got 1"),
        ({"players": 3, "partners": True}, "partners must be False with 3 players, got True"),
        ({"partners": True}, "partners must be False with 2 players, got True"),
        (
            {"races": ["orc", "goblin"]},
            "races must be None with rules='base', got ['orc', 'goblin']",
        ),
        ({"reinforcement": "open"}, "reinforcement must be 'any' with rules='base', got 'open'"),
        (
            {"power_before_action": True},
            "power_before_action must be False with rules='base', got True",
        ),
        # the first failure in the order players, seed, ..., partners is reported
        ({"players": 5, "rules": "expert"}, "players must be one of 2, 3, 4, got 5"),
        (
            {"rules": "expert", "reinforcement": "closed"},
            "rules must be one of 'base', 'advanced', got 'expert'",
        ),
        (
            {"rules": "advanced", "reinforcement": "closed", "power_before_action": 1},
            "reinforcement must be one of 'open', 'full', 'any', got 'closed'",
        ),
        (
            {"players": 3, "rules": "advanced", "power_before_action": 1, "partners": True},
            "power_before_action must be True or False, got 1",
        ),
    ],
)
def test_refused_options(backend: str, options: dict[str, Any], expected: str) -> None:
    # Both backends write the same message, word for word (issue 16).
    assert message(backend, **options) == expected


@every_backend
def test_options_after_defaults(backend: str) -> None:
    base = {"players": 2, "seed": 0, "first_player": None, "gold": None}
    assert ludorum.new(GAME, backend=backend).options == base
    # the defaults given explicitly are accepted, and a base game's options stay the base ones
    explicit = ludorum.new(
        GAME, backend=backend, rules="base", reinforcement="any", power_before_action=False
    )
    assert explicit.options == base
    assert ludorum.new(GAME, backend=backend, partners=False).options == base
    assert ludorum.new(GAME, backend=backend, rules="advanced").options == {
        **base,
        "rules": "advanced",
        "races": ["orc", "goblin"],
        "reinforcement": "any",
        "power_before_action": False,
    }
    assert list(ludorum.new(GAME, backend=backend, rules="advanced").options) == [
        "players",
        "seed",
        "first_player",
        "gold",
        "rules",
        "races",
        "reinforcement",
        "power_before_action",
    ]
    publisher = ludorum.new(GAME, backend=backend, rules="advanced", power_before_action=True)
    assert publisher.options["power_before_action"] is True
    four = ludorum.new(GAME, backend=backend, players=4, partners=True)
    assert four.options == {**base, "players": 4, "partners": True}
    both = ludorum.new(
        GAME, backend=backend, players=4, rules="advanced", races=("mage", "elf", "orc", "goblin")
    )
    assert both.options["races"] == ["mage", "elf", "orc", "goblin"]
    assert both.races() == ("mage", "elf", "orc", "goblin")


@every_backend
def test_sizes_and_the_accessors_with_base_rules(backend: str) -> None:
    for players in (2, 3, 4):
        base = ludorum.new(GAME, backend=backend, players=players)
        assert base.num_actions == 2479
        assert base.observation(0).shape == (3 * players + 11, 40)
        assert base.races() == RACES[:players]
        assert base.powers() == (0,) * players
        assert base.reinforcements() == (None,) * players
        assert base.arrows() == (0,) * 40
        assert base.face_up() == ()
        assert base.looks() == ((),) * players
        assert base.power_used() is False
        advanced = ludorum.new(GAME, backend=backend, players=players, rules="advanced")
        assert advanced.num_actions == 2866
        assert advanced.observation(0).shape == (9 * players + 17, 40)
        assert advanced.powers() == (1, 1, 2, 2)[:players]
        # the start position hashes as the base game's
        assert advanced.key == base.key
    partners = ludorum.new(GAME, backend=backend, players=4, partners=True)
    assert partners.num_actions == 2479 and partners.observation(0).shape == (23, 40)


# -- notation and action ids -------------------------------------------------------------------


@every_backend
def test_action_ids_of_the_page(backend: str) -> None:
    state = ludorum.new(GAME, backend=backend, rules="advanced")
    for text, action in [
        ("mage c3", 2497),
        ("goblin 5@c3", 2697),
        ("orc a3-b3", 2733),
        ("elf c3", 2804),
        ("reinforce c3", 2844),
        ("mage a1", 2479),
        ("goblin 1@a1", 2519),
        ("goblin 5@h5", 2718),
        ("orc a1-b1", 2719),
        ("orc h4-h5", 2785),
        ("elf h5", 2825),
        ("reinforce h5", 2865),
        ("pass", 2478),
    ]:
        move = state.parse_move(text)
        assert move.action == action and str(move) == text
        assert state.move_from_action(action) == move
    with pytest.raises(ludorum.InvalidMoveError):
        state.move_from_action(2866)


@every_backend
@pytest.mark.parametrize(
    "text",
    [
        "mage",
        "mage  c3",
        "Mage c3",
        "mage c6",
        "goblin c3",
        "goblin 6@c3",
        "goblin ?@c3",
        "orc d2-c2",
        "orc c2-d2 e4-e5",
        "elf 3@c3",
        "reinforce c2-d2",
        "mage c3 ",
        " elf c3",
    ],
)
def test_text_that_names_no_move(backend: str, text: str) -> None:
    state = ludorum.new(GAME, backend=backend, rules="advanced")
    with pytest.raises(ludorum.InvalidMoveError):
        state.parse_move(text)
    with pytest.raises(ludorum.InvalidMoveError):
        state.play(text)


@every_backend
@pytest.mark.parametrize("text", ["mage c3", "goblin 5@c3", "orc a3-b3", "elf c3", "reinforce c3"])
def test_advanced_forms_name_no_move_with_base_rules(backend: str, text: str) -> None:
    state = ludorum.new(GAME, backend=backend)
    with pytest.raises(ludorum.InvalidMoveError):
        state.parse_move(text)
    with pytest.raises(ludorum.InvalidMoveError):
        state.move_from_action(2479)


@every_backend
def test_illegal_powers_raise_illegal_move_error(backend: str) -> None:
    state = new(backend, ["3@c3"], players=3, rules="advanced", races=["orc", "mage", "elf"])
    before = state.to_json()
    for text in ["elf c3", "goblin 1@a1", "orc a1-b1", "mage d3", "reinforce c3", "mage d1"]:
        with pytest.raises(ludorum.IllegalMoveError):
            state.play(text)
        assert state.to_json() == before


# -- worked examples: using a power is the turn's action (the default) -------------------------

MAGE = {"players": 3, "rules": "advanced", "races": ["orc", "mage", "elf"]}
MAGE_MOVES = ["3@c3", "mage c3", "2@e3", "pass", "1@d3", "2@f3"]


def power_moves(state: Any, word: str) -> list[str]:
    return [m for m in advanced_moves(state) if m.startswith(word)]


@every_backend
def test_example_mage_is_the_turns_action(backend: str) -> None:
    state = new(backend, ["3@c3"], **MAGE)
    assert state.current_player == 1
    assert power_moves(state, "mage") == ["mage c3"]
    assert state.parse_move("mage c3").action == 2497
    state.play("mage c3")
    assert state.current_player == 2 and state.power_used() is False
    assert state.powers() == (1, 1, 2)
    assert state.to_json()["power_used"] is False
    # undo takes the look back: player 1 to move again, its token back
    state.undo()
    assert state.current_player == 1 and state.powers() == (1, 2, 2) and state.looks()[1] == ()


@every_backend
def test_example_mage_views(backend: str) -> None:
    state = new(backend, MAGE_MOVES[:5], **MAGE)
    assert state.current_player == 2
    expected = {
        0: ([0, 3], [1, None], [2, None], ["3@c3", "mage c3", "?@e3", "pass", "?@d3"]),
        1: ([0, 3], [1, 1], [2, None], ["?@c3", "mage c3", "?@e3", "pass", "1@d3"]),
        2: ([0, None], [1, None], [2, 2], ["?@c3", "mage c3", "2@e3", "pass", "?@d3"]),
    }
    for viewer, (at_c3, at_d3, at_e3, moves) in expected.items():
        view = state.to_json(viewer=viewer)
        assert view["warriors"][c("c3")] == at_c3
        assert view["warriors"][c("d3")] == at_d3
        assert view["warriors"][c("e3")] == at_e3
        assert view["moves"] == moves
        assert view["looks"] == [[], [18], []]
        assert view["powers"] == [1, 1, 2]


@every_backend
def test_example_mage_json(backend: str) -> None:
    state = new(backend, MAGE_MOVES[:3], **MAGE)
    warriors: list[Any] = [None] * 40
    warriors[18], warriors[20] = [0, 3], [2, 2]
    expected = {
        "game": "armadora",
        "version": 1,
        "options": {
            "players": 3,
            "seed": 0,
            "first_player": 0,
            "gold": GOLD,
            "rules": "advanced",
            "races": ["orc", "mage", "elf"],
            "reinforcement": "any",
            "power_before_action": False,
        },
        "moves": ["3@c3", "mage c3", "2@e3"],
        "warriors": warriors,
        "gold": GOLD,
        "palisades": [],
        "supplies": [[7, 2, 0, 1, 0], [7, 2, 1, 1, 0], [7, 1, 1, 1, 0]],
        "palisades_left": 35,
        "passed": [False, False, False],
        "powers": [1, 1, 2],
        "reinforcements": [None, None, None],
        "arrows": [0] * 40,
        "face_up": [],
        "looks": [[], [18], []],
        "power_used": False,
        "current_player": 0,
        "outcome": None,
    }
    data = state.to_json()
    assert data == expected
    assert list(data) == list(expected)  # the fields in the page's order (the common fields
    # last, as in every game)
    assert list(data["options"]) == list(expected["options"])  # type: ignore[arg-type]
    assert list(state.to_json(viewer=1))[-1] == "viewer"
    assert ludorum.from_json(data, backend=backend) == state


@every_backend
def test_example_mage_observation(backend: str) -> None:
    state = new(backend, MAGE_MOVES[:5], **MAGE)
    obs = state.observation(1)
    assert obs.shape == (44, 40)
    b = 20
    expected_b = np.zeros(40, dtype=np.float32)
    expected_b[c("c3")] = 3.0
    assert (obs[b] == expected_b).all()
    assert (obs[b + 4] == 0).all() and (obs[b + 5] == 0).all()
    assert (obs[26] == 1.0).all() and (obs[27] == 2.0).all() and (obs[28] == 1.0).all()
    for plane in range(b + 6 + 2 * 3, 44):
        assert (obs[plane] == (1.0 if plane in (35, 38, 40) else 0.0)).all(), plane
    for viewer in (0, 2):
        other = state.observation(viewer)
        assert other[b + 4, c("c3")] == 1.0 and other[b + 4].sum() == 1.0
    assert (state.observation(2)[b] == 0).all()


@every_backend
def test_example_mage_resample(backend: str) -> None:
    state = new(backend, MAGE_MOVES[:5], **MAGE)
    seen: dict[str, set[int]] = {"c3": set(), "d3": set()}
    for seed in range(40):
        mage = state.resample(1, seed)
        assert mage.board()[c("c3")] == (0, 3) and mage.board()[c("d3")] == (1, 1)
        other = state.resample(2, seed)
        assert other.looks() == ((), (18,), ())
        assert other.board()[c("e3")] == (2, 2)
        assert other.board()[c("c3")][0] == 0 and other.board()[c("d3")][0] == 1
        seen["c3"].add(other.board()[c("c3")][1])
        seen["d3"].add(other.board()[c("d3")][1])
        assert other.to_json(viewer=2) == state.to_json(viewer=2)
    # drawn again from the owners' 11 strengths (7, 2, 1, 1, 0 of 1..4)
    assert len(seen["c3"]) > 1 and len(seen["d3"]) > 1
    assert seen["c3"] <= {1, 2, 3, 4} and seen["d3"] <= {1, 2, 3, 4}


@every_backend
def test_example_mage_cannot_look_twice_nor_at_its_own(backend: str) -> None:
    state = new(backend, MAGE_MOVES, **MAGE)
    assert state.current_player == 1
    assert power_moves(state, "mage") == ["mage e3", "mage f3"]


GOBLIN = {"rules": "advanced", "races": ["goblin", "orc"]}


@every_backend
def test_example_goblin(backend: str) -> None:
    state = new(backend, ["goblin 5@c3"], **GOBLIN)
    assert state.parse_move("goblin 5@c3").action == 2697
    assert state.current_player == 1 and state.power_used() is False
    data = state.to_json()
    assert data["supplies"] == [[11, 2, 1, 1, 0], [11, 2, 1, 1, 1]]
    assert data["powers"] == [0, 1] and data["face_up"] == [18] and data["power_used"] is False
    state.play("1@h5")
    assert state.current_player == 0
    moves = legal(state)
    assert "5@e3" not in moves and "goblin 1@e3" not in moves and "reinforce c3" in moves
    for text in ["5@e3", "goblin 1@e3"]:
        with pytest.raises(ludorum.IllegalMoveError):
            state.play(text)
    state.play("1@d3")
    assert state.current_player == 1
    view = state.to_json(viewer=1)
    assert view["warriors"][c("c3")] == [0, 5] and view["warriors"][c("d3")] == [0, None]
    assert view["warriors"][c("h5")] == [1, 1]
    assert view["moves"] == ["goblin 5@c3", "1@h5", "?@d3"] and view["supplies"][0] == 14
    assert state.observation(1)[3 * 2 + 11, c("c3")] == 5.0
    for seed in range(40):
        other = state.resample(1, seed)
        assert other.board()[c("c3")] == (0, 5) and other.face_up() == (18,)
        assert other.board()[c("d3")][1] != 5


ORC = {"rules": "advanced", "races": ["orc", "goblin"]}


@every_backend
@pytest.mark.parametrize("before", [False, True])
def test_example_orc(backend: str, before: bool) -> None:
    """*Orc* (the palisade is the turn's action) and, with power_before_action, *Orc, three
    palisades in one turn*."""
    state = new(backend, ["a1-b1 a2-b2", "1@h5", "orc a3-b3"], power_before_action=before, **ORC)
    assert state.parse_move("orc a3-b3").action == 2733
    assert state.current_player == (0 if before else 1) and state.power_used() is before
    assert state.palisades_left() == 32
    assert "a3-a4" not in legal(state) and "a4-b4 a4-a5" in legal(state)
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("a3-a4")
    state.play("a4-b4 a4-a5")
    assert sorted(len(t["cells"]) for t in state.territories()) == [4, 36]
    assert state.palisades_left() == 30 and len(state.palisades()) == 5
    if before:
        state.play("pass")
    assert state.current_player == 0 and state.powers() == (0, 1)
    assert not power_moves(state, "orc")
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("orc c1-d1")


ELF = {"rules": "advanced", "races": ["elf", "orc"]}


@every_backend
def test_example_elf_arrows_in_two_turns_and_the_floor(backend: str) -> None:
    state = new(backend, ["1@a1", "1@c3"], **ELF)
    assert power_moves(state, "elf") == ["elf c3"]
    assert state.parse_move("elf c3").action == 2804
    state.play("elf c3")
    assert state.current_player == 1 and state.power_used() is False
    assert state.arrows()[c("c3")] == 1 and state.powers() == (1, 1)
    assert state.key == 0xB10D3C97D9DC070E
    state.play("2@d3")
    assert power_moves(state, "elf") == ["elf c3", "elf d3"]
    state.play("elf c3")
    assert state.arrows()[c("c3")] == 2 and state.powers() == (0, 1)
    assert state.to_json()["arrows"][18] == 2
    for move in ["pass", "1@b1", "pass"]:
        state.play(move)
    assert state.territories()[0]["gold"] == 40
    assert state.territories()[0]["strengths"] == (2, 2)
    assert state.scores() == (20, 20)
    assert state.outcome() == ludorum.Outcome(winners=(), reason="tie-break")
    assert list(state.returns()) == [0, 0]


@every_backend
def test_example_elf_before_and_after_the_first_closed_territory(backend: str) -> None:
    options = {"rules": "advanced", "races": ["orc", "elf"]}
    state = new(backend, ["3@c3"], **options)
    # no warrior of the elf on the board, no territory closed: it may shoot anywhere
    assert state.current_player == 1 and power_moves(state, "elf") == ["elf c3"]
    state.play("elf c3")
    assert state.arrows()[c("c3")] == 1 and state.powers() == (1, 1)
    state.play("b1-c1 b2-c2")
    state.play("a2-a3 b2-b3")
    assert sorted(len(t["cells"]) for t in state.territories()) == [4, 36]
    state.play("4@d3")
    assert state.current_player == 1 and power_moves(state, "elf") == []
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("elf d3")
    state.play("1@e3")
    state.play("1@f3")
    assert power_moves(state, "elf") == ["elf c3", "elf d3", "elf f3"]


@every_backend
def test_example_elf_territory_conditions(backend: str) -> None:
    moves = ["b1-c1 b2-c2", "a2-a3 b2-b3", "1@h5", "2@a1"]
    state = new(backend, moves, **ELF)
    assert sorted(len(t["cells"]) for t in state.territories()) == [4, 36]
    assert state.current_player == 0
    assert not power_moves(state, "elf")
    state.play("1@b1")
    state.play("1@g3")
    assert power_moves(state, "elf") == ["elf a1", "elf g3"]
    state.play("2@c3")
    state.play("1@a2")
    assert power_moves(state, "elf") == ["elf g3"]


REINFORCE = ["b1-c1 b2-c2", "a2-a3 b2-b3", "3@a1", "1@b1", "1@a2", "1@c3", "1@d3"]


def reinforcements(state: Any) -> list[str]:
    return power_moves(state, "reinforce")


@every_backend
@pytest.mark.parametrize(
    ("given", "after_a2", "after_c3", "after_d3"),
    [
        ({}, ["reinforce b1"], ["reinforce a1", "reinforce a2"], ["reinforce b1", "reinforce c3"]),
        ({"reinforcement": "any"}, ["reinforce b1"], ["reinforce a1", "reinforce a2"], None),
        ({"reinforcement": "open"}, [], [], ["reinforce c3"]),
        (
            {"reinforcement": "full"},
            ["reinforce b1"],
            ["reinforce a1", "reinforce a2"],
            ["reinforce b1"],
        ),
    ],
)
def test_example_reinforcement_readings(
    backend: str,
    given: dict[str, Any],
    after_a2: list[str],
    after_c3: list[str],
    after_d3: list[str] | None,
) -> None:
    state = new(backend, REINFORCE[:5], **given, **ORC)
    assert state.current_player == 1 and reinforcements(state) == after_a2
    state.play("1@c3")
    assert state.current_player == 0 and reinforcements(state) == after_c3
    state.play("1@d3")
    if after_d3 is None:  # the default given explicitly: the same as the default
        after_d3 = ["reinforce b1", "reinforce c3"]
    assert reinforcements(state) == after_d3


@every_backend
@pytest.mark.parametrize("given", [{}, {"reinforcement": "open"}])
def test_example_reinforcement_scoring(backend: str, given: dict[str, Any]) -> None:
    state = new(backend, REINFORCE, **given, **ORC)
    assert state.parse_move("reinforce c3").action == 2844
    state.play("reinforce c3")
    assert state.current_player == 0 and state.reinforcements() == (None, 18)
    state.play("pass")
    state.play("pass")
    corner, big = state.territories()
    assert corner["gold"] == 4 and corner["strengths"] == (4, 1)
    assert big["gold"] == 36 and big["strengths"] == (1, 2)
    assert state.scores() == (4, 36)
    assert state.outcome() == ludorum.Outcome(winners=(1,), reason="gold")
    assert state.to_json()["reinforcements"] == [None, 18]


@every_backend
def test_example_reinforcement_changes_the_result(backend: str) -> None:
    # without it: a 1-1 tie in the big territory, 18 each
    state = new(backend, [*REINFORCE, "pass", "pass"], **ORC)
    assert state.scores() == (4 + 18, 18)


# -- worked examples with power_before_action=True ---------------------------------------------

BEFORE = {"power_before_action": True}


@every_backend
def test_example_before_mage_a_power_then_the_action(backend: str) -> None:
    state = new(backend, ["3@c3"], **MAGE, **BEFORE)
    assert power_moves(state, "mage") == ["mage c3"]
    state.play("mage c3")
    assert state.current_player == 1 and state.power_used() is True
    assert state.to_json()["power_used"] is True
    assert advanced_moves(state) == []  # no power, no reinforcement (no warrior yet)
    obs = state.observation(1)
    assert (obs[25] == 1.0).all()
    state.play("1@d3")
    assert state.current_player == 2 and state.power_used() is False
    assert (state.observation(1)[25] == 0).all()
    expected = {
        0: ([0, 3], [1, None], ["3@c3", "mage c3", "?@d3"]),
        1: ([0, 3], [1, 1], ["?@c3", "mage c3", "1@d3"]),
        2: ([0, None], [1, None], ["?@c3", "mage c3", "?@d3"]),
    }
    for viewer, (at_c3, at_d3, moves) in expected.items():
        view = state.to_json(viewer=viewer)
        assert view["warriors"][c("c3")] == at_c3 and view["warriors"][c("d3")] == at_d3
        assert view["moves"] == moves
        assert view["looks"] == [[], [18], []] and view["powers"] == [1, 1, 2]
    state.play("2@e3")
    state.play("pass")
    assert state.current_player == 1 and power_moves(state, "mage") == ["mage e3"]


@every_backend
def test_example_before_goblin_two_warriors_in_one_turn(backend: str) -> None:
    state = new(backend, ["goblin 5@c3"], **GOBLIN, **BEFORE)
    assert state.current_player == 0 and state.power_used() is True
    moves = legal(state)
    assert "5@e3" not in moves and "goblin 1@e3" not in moves and "reinforce c3" in moves
    for text in ["5@e3", "goblin 1@e3"]:
        with pytest.raises(ludorum.IllegalMoveError):
            state.play(text)
    data = state.to_json()
    assert data["supplies"] == [[11, 2, 1, 1, 0], [11, 2, 1, 1, 1]]
    assert data["powers"] == [0, 1] and data["face_up"] == [18] and data["power_used"] is True
    state.play("1@d3")
    assert state.current_player == 1
    view = state.to_json(viewer=1)
    assert view["warriors"][c("c3")] == [0, 5] and view["warriors"][c("d3")] == [0, None]
    assert view["moves"] == ["goblin 5@c3", "?@d3"] and view["supplies"][0] == 14


@every_backend
def test_example_before_elf_one_power_a_turn(backend: str) -> None:
    state = new(backend, ["1@a1", "1@c3"], **ELF, **BEFORE)
    assert power_moves(state, "elf") == ["elf c3"]
    state.play("elf c3")
    assert state.current_player == 0
    assert "elf c3" not in legal(state)
    with pytest.raises(ludorum.IllegalMoveError):
        state.play("elf c3")
    assert state.key == 0xBD282EEDD351538C
    state.play("1@b1")
    state.play("2@d3")
    assert power_moves(state, "elf") == ["elf c3", "elf d3"]
    state.play("elf c3")
    assert state.arrows()[c("c3")] == 2 and state.powers() == (0, 1)
    state.play("pass")
    state.play("pass")
    assert state.scores() == (20, 20)
    assert state.outcome() == ludorum.Outcome(winners=(), reason="tie-break")


@every_backend
def test_undo_of_a_power_in_each_reading(backend: str) -> None:
    for before in (False, True):
        state = new(backend, ["1@a1", "1@c3"], power_before_action=before, **ELF)
        start = state.to_json()
        state.play("elf c3")
        assert state.current_player == (0 if before else 1)
        state.undo()
        assert state.to_json() == start and state.current_player == 0


PARTNERS = [
    "b1-c1 b2-c2",
    "a2-a3 b2-b3",
    "3@a1",
    "4@b1",
    "1@d3",
    "2@c3",
    "1@e3",
    "pass",
    "pass",
    "pass",
    "pass",
]


@every_backend
def test_example_partners(backend: str) -> None:
    state = new(backend, PARTNERS, players=4, partners=True)
    assert state.scores() == (18, 22, 18, 22)
    assert state.outcome() == ludorum.Outcome(winners=(1, 3), reason="gold")
    assert list(state.returns()) == [-1, 1, -1, 1]
    assert state.to_json()["options"]["partners"] is True
    assert ludorum.from_json(state.to_json(), backend=backend) == state
    alone = new(backend, PARTNERS, players=4)
    assert alone.scores() == (0, 36, 0, 4)
    assert alone.outcome() == ludorum.Outcome(winners=(1,), reason="gold")


def test_example_partners_tie_break_oracle() -> None:
    # Teams equal on 20 gold, piles [12, 8] against [10, 10]: the first team wins on the
    # tie-break. The team decision is the players' one applied to the two teams (reference).
    from ludorum.reference.armadora import _decide

    assert _decide([20, 20], [[12, 8], [10, 10]]) == ludorum.Outcome((0,), "tie-break")
    assert _decide([20, 20], [[10, 10], [10, 10]]) == ludorum.Outcome((), "tie-break")


@every_backend
def test_example_partners_needs_four_players(backend: str) -> None:
    assert (
        message(backend, players=3, partners=True)
        == "partners must be False with 3 players, got True"
    )


@every_backend
def test_example_partners_no_look_nor_arrow_at_a_partner(backend: str) -> None:
    options = {"players": 4, "partners": True, "rules": "advanced"}
    state = new(
        backend, ["1@a1", "1@b1", "1@c1", "1@e1"], races=["elf", "orc", "mage", "goblin"], **options
    )
    # player 0 (elf): arrows at b1, e1 (team 1), not at its partner's c1
    assert [m for m in advanced_moves(state) if m.startswith("elf")] == ["elf b1", "elf e1"]
    state.play("2@a3")
    state.play("2@b3")
    # player 2 (mage): looks at b1, e1, b3 (team 1), not at a1, a3 (its partner's)
    assert [m for m in advanced_moves(state) if m.startswith("mage")] == [
        "mage b1",
        "mage e1",
        "mage b3",
    ]


# -- perft -------------------------------------------------------------------------------------


@every_backend
def test_perft_depth_one(backend: str) -> None:
    drawn = ludorum.new(GAME, backend=backend, seed=0, rules="advanced")
    assert drawn.current_player == 1 and drawn.races()[1] == "goblin"
    assert ludorum.perft(drawn, 1) == 2595
    orc = ludorum.new(GAME, backend=backend, seed=0, rules="advanced", first_player=0)
    assert ludorum.perft(orc, 1) == 2502
    # the reading of the powers changes nothing at depth 1
    for first, leaves in ((None, 2595), (0, 2502)):
        before = ludorum.new(
            GAME, backend=backend, rules="advanced", first_player=first, power_before_action=True
        )
        assert ludorum.perft(before, 1) == leaves
    assert ludorum.perft(ludorum.new(GAME, backend=backend, seed=0), 1) == 2435


# -- properties along random advanced games (both backends) ----------------------------------------

CONFIGS = [
    {"players": 2, "rules": "advanced"},
    {"players": 2, "rules": "advanced", "races": ["mage", "elf"], "reinforcement": "full"},
    {"players": 2, "rules": "advanced", "races": ["elf", "goblin"], "reinforcement": "any"},
    {"players": 3, "rules": "advanced", "races": ["mage", "orc", "goblin"]},
    {"players": 3, "rules": "advanced", "races": ["elf", "mage", "orc"], "reinforcement": "any"},
    {"players": 4, "rules": "advanced"},
    {"players": 4, "rules": "advanced", "races": ["mage", "elf", "goblin", "orc"]},
    {"players": 4, "rules": "advanced", "partners": True, "reinforcement": "full"},
    {
        "players": 4,
        "rules": "advanced",
        "partners": True,
        "races": ["elf", "mage", "orc", "goblin"],
    },
    {"players": 4, "partners": True},
    {"players": 2, "rules": "advanced", "power_before_action": True},
    {
        "players": 3,
        "rules": "advanced",
        "races": ["elf", "goblin", "mage"],
        "power_before_action": True,
        "reinforcement": "open",
    },
]


def pick(rng: SplitMix64, state: Any) -> Any:
    """A move biased towards powers and reinforcements so that games use them."""
    moves = state.legal_moves()
    special = [m for m in moves if m.action >= 2479]
    warriors = [m for m in moves if m.action < 200]
    roll = rng.below(10)
    if special and roll < 4:
        return special[rng.below(len(special))]
    if warriors and roll < 8:
        return warriors[rng.below(len(warriors))]
    if roll == 9 and rng.below(4) == 0:
        return moves[-1] if str(moves[-1]) == "pass" else moves[rng.below(len(moves))]
    return moves[rng.below(len(moves))]


def known(state: Any, viewer: int, cell: int) -> bool:
    """What the page says ``viewer`` sees of the warrior on ``cell``, from public facts."""
    owner = state.board()[cell][0]
    return (
        state.is_over()
        or owner == viewer
        or cell in state.face_up()
        or cell in state.looks()[viewer]
    )


def check_views(state: Any, seed: int) -> None:
    n = state.num_players
    for viewer in range(n):
        view = state.to_json(viewer=viewer)
        for cell, w in enumerate(state.board()):
            if w is None:
                assert view["warriors"][cell] is None
            elif known(state, viewer, cell):
                assert view["warriors"][cell] == [w[0], w[1]]
            else:
                assert view["warriors"][cell] == [w[0], None]
        for field in ("powers", "reinforcements", "arrows", "face_up", "looks", "power_used"):
            if field in view:
                assert view[field] == state.to_json()[field]
        other = state.resample(viewer, seed)
        assert other.ply == state.ply
        for cell, w in enumerate(state.board()):
            if w is not None and known(state, viewer, cell):
                assert other.board()[cell] == w
        assert other.supplies()[viewer] == state.supplies()[viewer]
        # states that differ only in what the viewer may not know look the same to it
        assert other.to_json(viewer=viewer) == view
        assert (other.observation(viewer) == state.observation(viewer)).all()
        assert other.render(viewer=viewer) == state.render(viewer=viewer)
        assert other.svg(viewer=viewer) == state.svg(viewer=viewer)
        obs = state.observation(viewer)
        if state.options.get("rules") == "advanced":
            b = 3 * n + 11
            for cell, w in enumerate(state.board()):
                expected = (
                    w[1] if w is not None and w[0] != viewer and known(state, viewer, cell) else 0
                )
                assert obs[b, cell] == expected


@pytest.mark.parametrize(
    "options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
@pytest.mark.parametrize("game_seed", [1, 2])
@every_backend
def test_random_advanced_games_keep_the_contract(
    backend: str, options: dict[str, Any], game_seed: int
) -> None:
    state = ludorum.new(GAME, backend=backend, seed=game_seed, **options)
    rng = SplitMix64(game_seed * 7919 + 13)
    used_powers: set[str] = set()
    while not state.is_over():
        assert state.key == state.key_from_scratch()
        moves = state.legal_moves()
        assert [m.action for m in moves] == sorted(m.action for m in moves)
        for m in moves:
            assert state.parse_move(str(m)) == m
            assert state.move_from_action(m.action) == m
        if state.ply % 5 == 0:
            check_views(state, state.ply)
            data = state.to_json()
            for other in ludorum.BACKENDS:
                assert ludorum.from_json(data, backend=other).to_json() == data
        before = state.to_json()
        key = state.key
        move = pick(rng, state)
        state.play(move)
        used_powers.add(str(move).split(" ")[0])
        if state.ply % 3 == 0:
            assert state.undo() == move
            assert state.to_json() == before and state.key == key
            state.play(move)
    assert state.key == state.key_from_scratch()
    check_views(state, 0)
    data = state.to_json()
    for other in ludorum.BACKENDS:
        assert ludorum.from_json(data, backend=other).to_json() == data
    if state.options.get("partners"):
        returns = list(state.returns())
        assert returns[0] == returns[2] and returns[1] == returns[3]
        assert state.scores()[0] == state.scores()[2] and state.scores()[1] == state.scores()[3]
    if state.options.get("rules") == "advanced":
        # the biased picker uses powers (and reinforcements) in every game
        assert used_powers & {"mage", "goblin", "orc", "elf"}
        # (with "full" a territory must fill first, which a random game may never do)
        assert "reinforce" in used_powers or state.options["reinforcement"] == "full"
    while state.ply:
        state.undo()
    assert (
        state.to_json() == ludorum.new(GAME, backend=backend, seed=game_seed, **options).to_json()
    )


def test_an_advanced_start_has_the_base_key() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            base = ludorum.new(GAME, backend="reference", players=players, seed=seed)
            advanced = ludorum.new(
                GAME, backend="reference", players=players, seed=seed, rules="advanced"
            )
            assert advanced.key == base.key


def test_undo_after_a_power_and_action_restores_power_used() -> None:
    state = new("reference", ["3@c3", "mage c3", "1@d3"], **MAGE, **BEFORE)
    assert str(state.undo()) == "1@d3"
    assert state.current_player == 1 and state.power_used()
    assert str(state.undo()) == "mage c3"
    assert state.current_player == 1 and not state.power_used() and state.powers()[1] == 2
    assert state.key == state.key_from_scratch()


def test_a_power_may_be_the_last_act() -> None:
    state = new("reference", ["orc a1-b1", "pass"], **ORC, **BEFORE)
    assert state.passed() == (True, False) and state.current_player == 1
    assert not state.power_used()


# -- drawings: tokens, arrows, face-up warriors, looks and teams --------------------------------

SVG_NS = "{http://www.w3.org/2000/svg}"


def titles(svg: str) -> list[str]:
    """The ``<title>`` of every warrior of a drawing, after checking that it parses as XML."""
    root = ElementTree.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{SVG_NS}title")][1:]


def texts(svg: str) -> str:
    root = ElementTree.fromstring(svg)
    return "\n".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))


@every_backend
def test_drawing_the_mage_look_shows_the_strength_to_the_looker_only(backend: str) -> None:
    state = new(backend, ["3@c3", "mage c3", "1@d3"], **MAGE)
    mage, other = state.render(viewer=1), state.render(viewer=2)
    assert " O3 " in mage and "looked at by you: c3" in mage
    assert " O? " in other and "looked at by 1 mage: c3" in other
    assert "0 O orc" in mage and "1 M mage" in mage and "2 E elf" in mage
    assert "powers 1  reinforcement ready" in mage
    assert "c3: orc warrior of player 0, strength 3, looked at by you" in titles(
        state.svg(viewer=1)
    )
    assert "c3: orc warrior of player 0, strength hidden" in titles(state.svg(viewer=2))
    # nothing of the look's strength reaches the other viewer's drawings
    assert "strength 3" not in state.svg(viewer=2) and "O3" not in other


@every_backend
def test_drawing_the_goblin_face_up_warrior(backend: str) -> None:
    state = new(backend, ["goblin 5@c3"], **GOBLIN)
    for viewer in (0, 1):
        text = state.render(viewer=viewer)
        assert " G5^" in text and "face up: c3" in text
        assert "c3: goblin warrior of player 0, strength 5, face up" in titles(
            state.svg(viewer=viewer)
        )


@every_backend
def test_drawing_arrows_and_reinforcements(backend: str) -> None:
    state = new(backend, ["1@a1", "1@c3", "elf c3", "2@d3", "elf c3"], **ELF)
    text = state.render(viewer=0)
    assert " O?v" in text and "arrows (-1 each): c3x2" in text
    assert "0 E elf  supply" in text and "powers 0" in text
    svg = state.svg(viewer=0)
    assert "c3: orc warrior of player 1, strength hidden, 2 arrows (-2)" in titles(svg)
    assert svg.count('fill="#C62828"') == 2  # two arrow heads
    reinforced = new(backend, [*REINFORCE, "reinforce c3"], **ORC)
    text = reinforced.render(viewer=0)
    assert " G?+" in text and "reinforcement on c3" in text
    assert "c3: goblin warrior of player 1, strength hidden, reinforced (+1)" in titles(
        reinforced.svg(viewer=0)
    )
    assert "powers 1 · +1 on c3" in texts(reinforced.svg(viewer=0))


@every_backend
def test_drawing_the_teams(backend: str) -> None:
    state = new(backend, PARTNERS[:4], players=4, partners=True)
    text = state.render(viewer=0)
    assert "teams: 0+2 against 1+3" in text
    assert "1 G goblin  team 1+3  supply" in text
    svg = texts(state.svg(viewer=2))
    assert "teams: 0+2 against 1+3" in svg and "2 elf · team 0+2" in svg


@every_backend
def test_base_drawings_have_no_tokens(backend: str) -> None:
    state = new(backend, ["3@c3"])
    text = state.render(viewer=1)
    for word in ("powers", "reinforcement", "arrows", "face up", "teams", "looked"):
        assert word not in text
    assert "+1" not in texts(state.svg(viewer=1))


@every_backend
def test_drawings_agree_between_backends_along_advanced_games(backend: str) -> None:
    other = "reference" if backend == "rust" else "rust"
    for options in CONFIGS[:3] + CONFIGS[-3:]:
        state = ludorum.new(GAME, backend=backend, seed=5, **options)
        rng = SplitMix64(5)
        while not state.is_over():
            state.play(pick(rng, state))
            if state.ply % 7 == 0 or state.is_over():
                twin = ludorum.from_json(state.to_json(), backend=other)
                for viewer in [None, *range(state.num_players)]:
                    assert twin.render(viewer=viewer) == state.render(viewer=viewer)
                    svg = state.svg(viewer=viewer)
                    titles(svg)  # parses
                    assert twin.svg(viewer=viewer) == svg


@pytest.mark.parametrize(
    "options", CONFIGS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items())
)
def test_backends_agree_along_games_that_use_the_powers(options: dict[str, Any]) -> None:
    """The differential test with the picker biased towards powers and reinforcements (a
    uniform pick among ~2,500 moves rarely takes one of the ~100 new ones): every ply, both
    backends agree on the legal moves, keys, every viewer's JSON and observation."""
    rust = ludorum.new(GAME, backend="rust", seed=11, **options)
    ref = ludorum.new(GAME, backend="reference", seed=11, **options)
    rng = SplitMix64(11)
    while not ref.is_over():
        assert_same_state(rust, ref, f"ply {ref.ply}")
        move = pick(rng, ref)
        ref.play(str(move))
        rust.play(str(move))
    assert_same_state(rust, ref, "the end")
