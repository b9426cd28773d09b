"""Doctest collection of ``python/ludorum``: the modules of optional integrations import their
library at the top (they are imported only when asked for), so where an extra is not installed
their doctests are left out instead of failing to import."""

from __future__ import annotations

import importlib.util

#: module (relative to this folder) -> the library it needs
_OPTIONAL = {
    "python/ludorum/pettingzoo.py": "pettingzoo",
    "python/ludorum/gymnasium.py": "gymnasium",
    "python/ludorum/_gymnasium_vector.py": "gymnasium",
    "python/ludorum/openspiel.py": "pyspiel",
    "python/ludorum/web/*.py": "starlette",
}

collect_ignore_glob = [
    path for path, library in _OPTIONAL.items() if importlib.util.find_spec(library) is None
]
