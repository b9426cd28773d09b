"""Every ```python block of README.md and docs/**/*.md runs, alone, and shows what it says.

The convention (also in docs/style.md, "Examples in the docs"):

- Each block stands alone: it runs in a fresh namespace, with its own imports, in a temporary
  working directory. Blocks of one page share nothing.
- ``expression  # -> EXPECTED`` states a result: ``repr(expression)`` must equal ``EXPECTED``,
  where ``...`` in ``EXPECTED`` matches any text (doctest's ELLIPSIS). For ``print(...)`` the
  printed text (without its last newline) is compared instead. The marker may also stand alone
  on the line right after the statement (``# -> EXPECTED``), for long expressions.
- ``statement  # raises NameError: message`` states an error: the statement must raise an
  exception of that class name whose message matches (``...`` as above); the block goes on.
- Any other comment is prose and is not checked, but a comment on an expression that looks like
  a result (a literal, ``Move(...)``, an ``...Error``) without ``->`` or ``raises`` fails, so a
  stated result cannot slip by unchecked.
- ``<!-- no-test: reason -->`` on the line before the fence skips a block (a network, a long run,
  a cluster); ``<!-- requires: module, ... -->`` skips it, with that reason, where a module is not
  installed. Both are shown as skipped in the test report.

Nothing in the repository may cite the team's notes outside it (``test_no_outside_notes``).
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import re
import subprocess
import tokenize
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

_FENCE = re.compile(r"^```python\s*$")
_DIRECTIVE = re.compile(r"^<!--\s*(no-test|requires):\s*(.*?)\s*-->\s*$")
_RESULT = re.compile(r"#\s*->\s?(.*)$")
_RAISES = re.compile(r"#\s*raises\s+(\w+)(?::\s?(.*))?$")
#: a comment that reads like a result: a literal, a Move, an error name
_LOOKS_LIKE_RESULT = re.compile(r"#\s*(\[|\(|\{|'|\"|-?\d|Move\(|True\b|False\b|None\b|\w+Error\b)")


@dataclass
class Block:
    page: Path
    line: int  # of the first line of code, 1-based
    code: str
    skip: str | None  # why the block does not run here

    @property
    def id(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def _blocks() -> list[Block]:
    blocks = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        i = 0
        while i < len(lines):
            if not _FENCE.match(lines[i]):
                i += 1
                continue
            start = i + 1
            end = start
            while not lines[end].startswith("```"):
                end += 1
            skip = None
            directive = _DIRECTIVE.match(lines[i - 1]) if i else None
            if directive and directive[1] == "no-test":
                skip = f"no-test: {directive[2]}"
            elif directive:
                names = [n.strip() for n in directive[2].split(",") if n.strip()]
                missing = [n for n in names if importlib.util.find_spec(n) is None]
                if missing:
                    skip = f"requires {', '.join(missing)}, not installed"
            blocks.append(Block(page, start + 1, "\n".join(lines[start:end]) + "\n", skip))
            i = end + 1
    return blocks


BLOCKS = _blocks()


def _matches(expected: str, actual: str) -> bool:
    """doctest's ELLIPSIS: ``...`` in ``expected`` matches any text."""
    pattern = ".*".join(re.escape(part) for part in expected.strip().split("..."))
    return re.fullmatch(pattern, actual.strip(), flags=re.DOTALL) is not None


def _comment(line: str) -> str | None:
    """The comment at the end of a line of code, or None (strings may hold ``#``)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line + "\n").readline))
    except (SyntaxError, tokenize.TokenError):
        return None
    return next((t.string for t in tokens if t.type == tokenize.COMMENT), None)


def _claim(lines: list[str], stmt: ast.stmt) -> tuple[str, str] | None:
    """What the comments say about ``stmt``: ("->", expected) or ("raises", "Class: message")."""
    end = stmt.end_lineno or stmt.lineno
    candidates = [_comment(lines[end - 1])]
    if end < len(lines) and lines[end].lstrip().startswith("#"):
        candidates.append(lines[end].strip())
    for comment in candidates:
        if comment is None:
            continue
        if m := _RESULT.search(comment):
            return "->", m[1]
        if m := _RAISES.search(comment):
            return "raises", f"{m[1]}: {m[2] or '...'}"
    return None


def _is_print(stmt: ast.stmt) -> bool:
    return (
        isinstance(stmt, ast.Expr)
        and isinstance(stmt.value, ast.Call)
        and isinstance(stmt.value.func, ast.Name)
        and stmt.value.func.id == "print"
    )


def run_block(block: Block) -> None:
    """Runs ``block`` statement by statement and checks every stated result."""
    tree = ast.parse(block.code, filename=block.id)
    lines = block.code.splitlines()
    namespace: dict[str, object] = {"__name__": "__docs__"}
    # several statements on one line: the claim is the last one's
    last_on_line = {s.end_lineno: s for s in tree.body}
    for stmt in tree.body:
        where = f"{block.page.relative_to(ROOT)}:{block.line + stmt.lineno - 1}"
        source = ast.get_source_segment(block.code, stmt)
        claim = _claim(lines, stmt) if last_on_line[stmt.end_lineno] is stmt else None
        if claim is None and isinstance(stmt, ast.Expr):
            comment = _comment(lines[(stmt.end_lineno or stmt.lineno) - 1])
            assert comment is None or not _LOOKS_LIKE_RESULT.match(comment), (
                f"{where}: the comment {comment!r} reads like a result: write it as "
                "'# -> REPR' or '# raises Error: message' so that it is checked"
            )
        # a stated result of an expression is its repr; of a print, what it printed
        evaluate = claim and claim[0] == "->" and isinstance(stmt, ast.Expr) and not _is_print(stmt)
        printed = io.StringIO()
        try:
            with contextlib.redirect_stdout(printed):
                if evaluate and isinstance(stmt, ast.Expr):
                    code = compile(ast.Expression(stmt.value), where, "eval")
                    actual = repr(eval(code, namespace))
                else:
                    exec(compile(ast.Module([stmt], []), where, "exec"), namespace)
                    actual = printed.getvalue().removesuffix("\n")
        except Exception as e:
            if claim and claim[0] == "raises":
                got = f"{type(e).__name__}: {e}"
                assert _matches(claim[1], got), (
                    f"{where}: {source}\n  raised {got}\n  says {claim[1]}"
                )
                continue
            raise AssertionError(f"{where}: {source}\n  raised {type(e).__name__}: {e}") from e
        if claim and claim[0] == "raises":
            raise AssertionError(f"{where}: {source}\n  raised nothing\n  says {claim[1]}")
        if claim:
            assert _matches(claim[1], actual), (
                f"{where}: {source}\n  gives {actual}\n  says {claim[1]}"
            )


@pytest.mark.parametrize("block", BLOCKS, ids=[b.id for b in BLOCKS])
def test_snippet(block: Block, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if block.skip:
        pytest.skip(block.skip)
    monkeypatch.chdir(tmp_path)
    run_block(block)


def test_few_blocks_are_skipped() -> None:
    skipped = [b.id for b in BLOCKS if b.skip and b.skip.startswith("no-test")]
    assert len(skipped) <= 4, f"too many blocks marked no-test: {skipped}"


# -- protocol transcripts --------------------------------------------------------------------

_PRINTF = re.compile(r"^\$ printf '([^']*)' \| ludorum serve\s*$")


def _transcripts() -> list[tuple[str, list[str], str]]:
    """(where, lines sent, answers expected) of every transcript in the docs: a fenced block whose
    first line is a request (``> line``), or a ``$ printf '...' | ludorum serve`` block."""
    found = []
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if not line.startswith("```") or i + 1 >= len(lines):
                continue
            first = lines[i + 1]
            if not (first.startswith("> ") or _PRINTF.match(first)):
                continue
            end = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("```"))
            body = lines[i + 1 : end]
            where = f"{page.relative_to(ROOT)}:{i + 2}"
            if m := _PRINTF.match(first):
                sent = m[1].encode().decode("unicode_escape").splitlines()
                found.append((where, sent, "\n".join(body[1:])))
            else:
                sent = [b[2:] for b in body if b.startswith("> ")]
                found.append((where, sent, "\n".join(b for b in body if not b.startswith("> "))))
    return found


TRANSCRIPTS = _transcripts()


@pytest.mark.parametrize("transcript", TRANSCRIPTS, ids=[t[0] for t in TRANSCRIPTS])
def test_protocol_transcript(transcript: tuple[str, list[str], str]) -> None:
    from ludorum._ludorum import ProtocolSession

    where, sent, expected = transcript
    session = ProtocolSession(False)
    answers = "".join(session.handle(line.encode())[0] for line in sent)
    assert answers.rstrip() == expected.rstrip(), f"{where}: the engine answers\n{answers}"


def test_the_docs_have_transcripts() -> None:
    assert {t[0].split(":")[0] for t in TRANSCRIPTS} >= {"README.md", "docs/protocol.md"}


# -- the conventions themselves ---------------------------------------------------------------


def _run(code: str) -> None:
    run_block(Block(ROOT / "README.md", 1, code, None))


def test_a_stated_result_is_checked() -> None:
    _run("x = [1, 2]\nx  # -> [1, 2]\nprint('a b')  # -> a ...\n")
    with pytest.raises(AssertionError, match="gives 3"):
        _run("1 + 2  # -> 4\n")
    with pytest.raises(AssertionError, match="gives"):
        _run("sorted(\n  [2, 1])\n# -> [2, 1]\n")


def test_a_stated_error_is_checked() -> None:
    _run("int('x')  # raises ValueError: invalid literal ...\n")
    with pytest.raises(AssertionError, match="raised nothing"):
        _run("int('1')  # raises ValueError\n")
    with pytest.raises(AssertionError, match="raised TypeError"):
        _run("len(1)  # raises ValueError\n")


def test_an_unmarked_result_fails() -> None:
    with pytest.raises(AssertionError, match="reads like a result"):
        _run("1 + 2  # 3\n")
    with pytest.raises(AssertionError, match="reads like a result"):
        _run("int('x')  # ValueError: invalid literal\n")
    _run("1 + 2  # the sum\n")


# -- the team's notes outside the repository --------------------------------------------------


def test_no_outside_notes() -> None:
    """No tracked file cites the team's notes kept outside the repository: what the project needs
    of them is in docs/design.md and docs/style.md."""
    names = ["DESIGN" + ".md", "STYLE" + ".md", "shared" + "/rules"]
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: no list of tracked files")
    files = listed.stdout.split(b"\0")
    this = Path(__file__).resolve()
    cited = []
    for name in filter(None, files):
        path = ROOT / name.decode()
        if path.resolve() == this or not path.is_file():
            continue
        text = path.read_bytes()
        cited += [f"{name.decode()}: {n}" for n in names if n.encode() in text]
    assert not cited, "cites notes that are not in the repository:\n" + "\n".join(cited)
