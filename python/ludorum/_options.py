"""Game options written as text, read by the kind each game declares for them.

The command line (``--players 3 --komi 0.5 --gold 7,6,6,5,5,4,4,3``) and the bench
configurations that the games declare (``players=2,pieces=10``) are text; the facts of every
option (``ludorum.game_info(name).options``) say how to read it: ``int``, ``seed`` and
``player`` as integers, ``float`` as a number, ``str`` as is, ``int_list`` as integers separated
by commas, and ``none`` (any case) as ``None``. Checking the values against the allowed ones is
left to the game, which says them in its errors.

>>> from ludorum._options import flag, parse_pairs
>>> flag("first_player")
'--first-player'
>>> parse_pairs("chinese_checkers", "players=3,area=free,max_plies=none")
{'players': 3, 'area': 'free', 'max_plies': None}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from . import game_info
from .errors import InvalidOptionError

__all__ = ["Option", "flag", "metavar", "option_table", "parse_flags", "parse_pairs", "parse_value"]


class Option(Protocol):
    """What this module reads of an option's facts (``ludorum.game_info(name).options``)."""

    @property
    def name(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def nullable(self) -> bool: ...
    def allowed(self) -> str: ...


def flag(name: str) -> str:
    """The command-line flag of option ``name``: ``first_player`` is ``--first-player``."""
    return "--" + name.replace("_", "-")


#: what ``--help`` shows after each flag, by kind
_METAVARS = {
    "int": "N",
    "float": "X",
    "seed": "SEED",
    "player": "P",
    "int_list": "N,N,...",
    "str_list": "NAME,NAME,...",
    "bool": "true|false",
}


def metavar(option: Option) -> str:
    """The placeholder ``--help`` shows for the value of ``option``: ``N``, ``X``, ``N,N,...``."""
    return _METAVARS.get(option.kind, "TEXT")


def option_table(game: str) -> dict[str, Any]:
    """The options of ``game`` by name, in the order the game declares them.

    Raises:
        InvalidOptionError: unknown game.
    """
    return {o.name: o for o in game_info(game).options}


def parse_value(option: Option, text: str) -> Any:
    """``text`` read as a value of ``option``, by its kind; ``none`` is ``None``.

    Raises:
        InvalidOptionError: text that is not of the option's kind, naming the allowed values.

    >>> from types import SimpleNamespace
    >>> gold = SimpleNamespace(name="gold", kind="int_list", nullable=True, allowed=lambda: "...")
    >>> parse_value(gold, "7,6,6,5, 5,4,4,3")
    [7, 6, 6, 5, 5, 4, 4, 3]
    >>> parse_value(gold, "None") is None
    True
    """
    text = text.strip()
    if text.lower() == "none" and option.nullable:
        return None
    try:
        if option.kind in ("int", "seed", "player"):
            return _int(text)
        if option.kind == "float":
            return float(text)
        if option.kind == "int_list":
            return [_int(item) for item in text.split(",")]
        if option.kind == "str_list":
            return [item.strip() for item in text.split(",")]
        if option.kind == "bool":
            if text.lower() in ("true", "yes", "1"):
                return True
            if text.lower() in ("false", "no", "0"):
                return False
            raise ValueError(text)
        if option.kind == "str":
            return text
    except ValueError:
        raise InvalidOptionError(
            f"{flag(option.name)} must be {option.allowed()}, got {text!r}"
        ) from None
    # A kind this version does not know: a number when it reads as one, else the text.
    for read in (_int, float):
        try:
            return read(text)
        except ValueError:
            pass
    return text


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return int(text, 0)  # 0x.., 0b..: seeds are often written in hex


def parse_flags(game: str, tokens: Sequence[str]) -> dict[str, Any]:
    """``["--players", "3", "--area=strict"]`` read as ``{"players": 3, "area": "strict"}``.

    Raises:
        InvalidOptionError: an unknown option (naming the game's options), a flag without a
            value, or a value that is not of the option's kind.
    """
    table = option_table(game)
    options: dict[str, Any] = {}
    items = list(tokens)
    while items:
        token = items.pop(0)
        if not token.startswith("--") or len(token) < 3:
            raise InvalidOptionError(
                f"unexpected argument {token!r}; game options look like --players 3"
            )
        name, equals, text = token[2:].partition("=")
        option = _lookup(game, table, name.replace("-", "_"))
        if not equals:
            if not items or items[0].startswith("--"):
                raise InvalidOptionError(f"option {flag(option.name)} needs a value")
            text = items.pop(0)
        options[option.name] = parse_value(option, text)
    return options


def parse_pairs(game: str, text: str) -> dict[str, Any]:
    """``"players=2,pieces=10"`` (the form of the games' bench and perft lists) as a dict.

    A comma followed by no ``=`` continues a list value: ``gold=7,6,6,5,5,4,4,3``.

    Raises:
        InvalidOptionError: as :func:`parse_flags`.
    """
    table = option_table(game)
    pairs: list[list[str]] = []
    for item in filter(None, text.split(",")):
        name, equals, value = item.partition("=")
        if equals:
            pairs.append([name.strip(), value])
        elif pairs:
            pairs[-1][1] += "," + item
        else:
            raise InvalidOptionError(f"expected name=value, got {item!r} in {text!r}")
    options: dict[str, Any] = {}
    for name, value in pairs:
        option = _lookup(game, table, name)
        options[option.name] = parse_value(option, value)
    return options


def _lookup(game: str, table: dict[str, Any], name: str) -> Any:
    if name not in table:
        raise InvalidOptionError(
            f"unknown option {name!r} for {game}; its options: {_names(table)}"
        )
    return table[name]


def _names(names: Iterable[str]) -> str:
    return ", ".join(flag(n) for n in names) or "none"
