"""The one list of games, read from the engine: ``ludorum.games()`` and ``ludorum.game_info``."""

from __future__ import annotations

import subprocess
import sys

import pytest

import ludorum
from ludorum import _ludorum


@pytest.mark.parametrize("name", ludorum.games())
def test_facts_agree_with_both_backends(name: str) -> None:
    info = ludorum.game_info(name)
    assert info.name == name
    assert list(_ludorum.GAMES) == [f["name"] for f in _ludorum.game_facts()]
    for backend in ludorum.BACKENDS:
        state = ludorum.new(name, backend=backend)
        assert type(state).__name__ == info.class_name
        # options() names declared options only, with the declared defaults (an option that
        # changes nothing at its default may be left out, as Armadora's advanced ones are, so
        # that base games keep their JSON)
        declared = {o.name: o for o in info.options}
        assert set(state.options) <= set(declared)
        for key, value in state.options.items():
            if not declared[key].default_doc:
                assert value == declared[key].default, key
        assert state.num_players in info.players
        assert info.seeded == ("seed" in state.options)
    assert info.utility(2) == "zero_sum" and info.utility(3) == "general_sum"
    assert len(set(info.reasons)) == len(info.reasons)
    assert info.hidden_information == (name == "armadora")


@pytest.mark.parametrize("name", ludorum.games())
def test_every_option_says_what_it_allows(name: str) -> None:
    for option in ludorum.game_info(name).options:
        assert option.kind in {
            "int",
            "str",
            "float",
            "seed",
            "player",
            "int_list",
            "bool",
            "str_list",
        }
        assert option.doc and option.allowed()
        if option.choices is not None:
            assert option.allowed().startswith(("one of", "None or one of"))
        # the error for a value of the wrong type says the same words
        with pytest.raises(ludorum.InvalidOptionError) as info:
            ludorum.new(name, **{option.name: 5 if option.kind == "str" else "x"})
        assert option.name in str(info.value)
        if option.kind in {"int", "str", "float", "seed"}:
            assert f"must be {option.allowed()}, got" in str(info.value)


def test_unknown_names() -> None:
    with pytest.raises(ludorum.InvalidOptionError, match="unknown game 'chess'; known games"):
        ludorum.game_info("chess")
    with pytest.raises(ludorum.InvalidOptionError, match="unknown option 'size'"):
        ludorum.game_info("dominions").option("size")


def test_the_registry_imports_no_reference_game() -> None:
    code = (
        "import sys, ludorum; ludorum.games(); ludorum.game_info('armadora'); "
        "ludorum.new('dominions'); "
        "print([m for m in sys.modules if m.startswith('ludorum.reference')])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
