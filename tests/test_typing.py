"""The typed public API, as a mypy user sees it: ``ludorum.State`` and the per-game protocols
catch a wrong argument or a misspelt method, and correct code passes ``mypy --strict``.

Each snippet marks the lines where mypy must report an error with ``# E: <error code>``; every
other line must be clean. All snippets are checked in one mypy run (skipped without mypy).
"""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import textwrap

import pytest

import ludorum

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install mypy)"
)

#: every game's facts, in the order of the list
INFOS = {name: ludorum.game_info(name) for name in ludorum.games()}
#: the games with a protocol of their own (``ludorum/states/<game>.py``); the others are States
PROTOCOLS = [n for n, info in INFOS.items() if hasattr(ludorum, f"{info.class_name}State")]

SNIPPETS: dict[str, str] = {
    # -- the State protocol, usable today in annotations ----------------------------------------
    "state_annotation_ok": """
        import numpy as np
        import numpy.typing as npt
        import ludorum

        def walk(state: ludorum.State) -> int:
            state.play("e5-f4")
            state.play(state.legal_moves()[0])
            state.apply_action(int(state.legal_actions()[0]))
            move: ludorum.Move = state.undo()
            state.play(move)
            mask: npt.NDArray[np.bool_] = state.action_mask()
            obs: npt.NDArray[np.float32] = state.observation(0)
            outcome: ludorum.Outcome | None = state.outcome()
            player: int | None = state.current_player
            other: ludorum.State = state.copy()
            named: ludorum.Move = state.move_from_action(1720)
            text: str = state.render() + state.svg(size=100) + str(named)
            data: dict[str, object] = state.to_json(viewer=0)
            returns: list[float] = state.returns()
            return state.perft(1) + state.key + other.ply + len(text) + len(data)
    """,
    "state_annotation_errors": """
        import ludorum

        def walk(state: ludorum.State) -> None:
            state.play(5)  # E: arg-type
            state.lgal_moves()  # E: attr-defined
            state.apply_action("e5-f4")  # E: arg-type
            state.undo(1)  # E: call-arg
            state.current_player = 1  # E: misc
            n: str = state.num_players  # E: assignment
    """,
    "rng": """
        import ludorum

        rng = ludorum.SplitMix64(7)
        pick: int = rng.below(3)
        word: int = rng.next_u64()
        bad: str = rng.below(3)  # E: assignment
    """,
    # -- the reference classes match the protocols -------------------------------------------
    "reference_conforms": "\n".join(
        [
            "import ludorum",
            *(
                f"from ludorum.reference.{name} import {info.class_name}\n"
                f"{name}: ludorum.{info.class_name}State = {info.class_name}()"
                for name, info in INFOS.items()
                if name in PROTOCOLS
            ),
            "r: ludorum.ArmadoraState = armadora.resample(0, 1).copy()",
        ]
    ),
    # -- ludorum.new and ludorum.from_json (declared by the registry) ------------------------
    "new_ok": """
        import ludorum

        state = ludorum.new("chinese_checkers", backend="reference", players=3)
        state.play("e5-f4")
        copied: ludorum.State = state.copy()
        name = "chinese_" + "checkers"
        some: ludorum.State = ludorum.new(name)
        again: ludorum.State = ludorum.from_json(some.to_json())

        def start() -> ludorum.State:
            return ludorum.new("dominions")  # no Any: the return type is declared

        def load(data: dict[str, object]) -> ludorum.State:
            return ludorum.from_json(data)
    """,
    "new_narrowed": """
        import ludorum

        state = ludorum.new("dominions", komi=0.5)
        assert isinstance(state, ludorum.DominionsState)
        hand: tuple[int, ...] = state.hand(0)
        named: ludorum.DominionsState = state
        bad: str = state.scores()  # E: assignment
    """,
    "new_errors": """
        import ludorum

        ludorum.new("dominions").play(5)  # E: arg-type
        ludorum.new("chinese_checkers").legal_movs()  # E: attr-defined
        ludorum.new("chinese_checkers").hand(0)  # E: attr-defined
        ludorum.from_json({}).board()  # E: attr-defined
        x: int = ludorum.new("armadora")  # E: assignment
    """,
    # -- ludorum.new with a literal name gives the game's own protocol ------------------------
    "new_literal": "\n".join(
        [
            "import ludorum",
            *(
                f"{name}: ludorum.{INFOS[name].class_name}State = ludorum.new({name!r})"
                for name in PROTOCOLS
            ),
            "gold: tuple[int, ...] = ludorum.new('armadora').gold()",
            "state: ludorum.State = ludorum.new('armadora', players=3)",
            "ludorum.new('dominions').gold()  # E: attr-defined",
        ]
    ),
}

_ERROR = re.compile(r"^(?P<file>[\w.]+\.py):(?P<line>\d+): error: .*\[(?P<code>[\w-]+)\]$")


@pytest.fixture(scope="module")
def mypy_errors(tmp_path_factory: pytest.TempPathFactory) -> dict[str, set[tuple[int, str]]]:
    """One ``mypy --strict`` run over every snippet: file stem -> {(line, error code)}."""
    root = tmp_path_factory.mktemp("typing")
    for name, source in SNIPPETS.items():
        (root / f"{name}.py").write_text(textwrap.dedent(source).lstrip())
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--no-error-summary",
            "--show-error-codes",
            "--no-pretty",
            "--config-file=",
            f"--cache-dir={root / '.mypy_cache'}",
            *sorted(f"{name}.py" for name in SNIPPETS),
        ],
        cwd=root,
        capture_output=True,
        text=True,
        check=False,
    )
    errors: dict[str, set[tuple[int, str]]] = {name: set() for name in SNIPPETS}
    for line in result.stdout.splitlines():
        match = _ERROR.match(line)
        if match:
            errors[match["file"][:-3]].add((int(match["line"]), match["code"]))
        elif ": error:" in line or (": note:" not in line and line.strip()):
            pytest.fail(f"unexpected mypy output: {line}\n{result.stdout}{result.stderr}")
    return errors


def expected_errors(source: str) -> set[tuple[int, str]]:
    lines = textwrap.dedent(source).lstrip().splitlines()
    return {
        (number, code)
        for number, line in enumerate(lines, 1)
        for code in re.findall(r"# E: ([\w-]+)", line)
    }


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_mypy_reports_exactly_the_marked_errors(
    name: str, mypy_errors: dict[str, set[tuple[int, str]]]
) -> None:
    assert mypy_errors[name] == expected_errors(SNIPPETS[name])
