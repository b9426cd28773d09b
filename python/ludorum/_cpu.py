"""The CPU check of ``import ludorum``: x86-64 builds of the engine use the x86-64-v2
instructions (POPCNT, SSE4.2; ``.cargo/config.toml``), so an older x86-64 CPU gets a clear
error here instead of a crash on an illegal instruction."""

from __future__ import annotations

import platform
from pathlib import Path

__all__ = ["check_cpu"]

#: The ``/proc/cpuinfo`` flags of x86-64-v2 that the engine relies on.
NEEDED = ("popcnt", "sse4_2")


def check_cpu(cpuinfo: str | None = None) -> None:
    """Raises ``ImportError`` on an x86-64 Linux CPU without the x86-64-v2 instructions.

    Elsewhere (other architectures; other systems, where no cheap check exists) it does
    nothing.

    >>> check_cpu("flags : fpu sse2 sse4_2 popcnt avx")
    >>> check_cpu("flags : fpu sse2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ImportError: ludorum needs an x86-64-v2 CPU (...); this one lacks popcnt, sse4_2. ...
    """
    if cpuinfo is None:
        if platform.machine().lower() not in ("x86_64", "amd64"):
            return
        path = Path("/proc/cpuinfo")
        if not path.exists():
            return
        cpuinfo = path.read_text(errors="replace")
    flags = next((line for line in cpuinfo.splitlines() if line.startswith("flags")), "")
    words = set(flags.partition(":")[2].split())
    missing = [f for f in NEEDED if f not in words]
    if missing:
        raise ImportError(
            "ludorum needs an x86-64-v2 CPU (POPCNT and SSE4.2, any x86-64 CPU since 2009); "
            f"this one lacks {', '.join(missing)}. Build from source with "
            'RUSTFLAGS="-C target-cpu=x86-64" to run here.'
        )


check_cpu()  # on import, before ``ludorum`` loads the engine
