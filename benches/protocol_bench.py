"""The engine protocol over a pipe: commands per second for ``play``/``undo``/``legal`` through
the standalone binary, and random games through the protocol against ``ludorum.simulate`` on
the same seeds (the outcomes must be equal).

Run: ``.venv/bin/python benches/protocol_bench.py [GAMES]`` after ``make build``.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import ludorum

ENGINE = Path(__file__).resolve().parent.parent / "target/release/ludorum-engine"


class Engine:
    """The binary over a pipe, in text mode: ``send`` returns one answer."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [str(ENGINE)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        answer = []
        while (got := self.proc.stdout.readline()) != "\n":
            answer.append(got.rstrip("\n"))
        text = "\n".join(answer)
        if not text.startswith("="):
            raise RuntimeError(f"{line}: {text}")
        return text[1:].lstrip()

    def close(self) -> None:
        self.send("quit")
        self.proc.wait()


def commands_per_second(engine: Engine, seconds: float = 3.0) -> float:
    """``play`` + ``undo`` + ``legal`` round trips, one command at a time."""
    engine.send("new chinese_checkers players=2")
    move = engine.send("legal").split(", ")[0]
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(100):
            engine.send(f"play {move}")
            engine.send("undo")
            engine.send("legal")
        count += 300
    return count / (time.perf_counter() - start)


def games_agree(engine: Engine, game: str, games: int, options: dict[str, object]) -> float:
    """Plays ``games`` random games through the protocol; checks them against simulate."""
    seed = 1000
    result = ludorum.simulate(game, games=games, seed=seed, **options)
    seeded = any(o.name == "seed" for o in ludorum.game_info(game).options)
    assignments = " ".join(f"{k}={v}" for k, v in options.items())
    start = time.perf_counter()
    for i in range(games):
        extra = f" seed={seed + i}" if seeded else ""
        engine.send(f"new {game} {assignments}{extra}")
        engine.send(f"seed {seed + i}")
        plies = 0
        while engine.send("current_player") != "none":
            engine.send("genmove random")
            plies += 1
        assert plies == result.lengths[i], (game, i)
        assert engine.send("outcome").endswith(f'"reason":"{result.reasons[i]}"}}'), (game, i)
        engine.send("close")
    return games / (time.perf_counter() - start)


def main(games: int = 10_000) -> None:
    engine = Engine()
    print(f"play/undo/legal over a pipe: {commands_per_second(engine):,.0f} commands/s")
    configs = {
        "so_long_sucker": {"players": 4},
        "armadora": {"players": 2},
    }
    for game, options in configs.items():
        rate = games_agree(engine, game, games, options)
        print(f"{games:,} random {game} games through the protocol = simulate: {rate:,.0f} games/s")
    engine.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
