"""How long EGN takes to open and to write (prints figures; not pass/fail).

    python benchmarks/egn_speed.py [--games 200] [--repeat 5]

Opening: each public example game in tests/data/egn read, checked against the schema and
replayed (the places of unrecorded cards worked out), ``--repeat`` times each. Writing and
reading back: ``--games`` random games played here (random legal moves, random rules EGN
can hold), written as EGN (schema-checked) and opened again. Median, p95 and p99 in ms.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_qt.engine import Game, Rules, Seat  # noqa: E402
from euchre_qt.notation import egn  # noqa: E402


def figures(name: str, ms: list[float]) -> str:
    ms = sorted(ms)
    q = statistics.quantiles(ms, n=100, method="inclusive") if len(ms) > 1 else ms * 99
    return f"{name}: n={len(ms)} median {statistics.median(ms):.1f} ms, p95 {q[94]:.1f} ms, p99 {q[98]:.1f} ms"


def random_game(seed: int) -> Game:
    rng = random.Random(seed)
    rules = Rules(
        stick_the_dealer=rng.random() < 0.5,
        lone_defender=rng.random() < 0.5,
        joker=rng.random() < 0.5,
        lead_left_of_loner=rng.random() < 0.5,
        canadian_loner=rng.random() < 0.5,
    )
    game = Game(rules, seed=seed, first_dealer=Seat(seed % 4))
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    opened: list[float] = []
    for path in sorted((ROOT / "tests" / "data" / "egn").glob("*.egn")):
        data = path.read_bytes()
        for _ in range(args.repeat):
            start = time.perf_counter()
            egn.read_game(data)
            opened.append((time.perf_counter() - start) * 1000)
    print(figures("open a public example game", opened))
    written: list[float] = []
    reopened: list[float] = []
    for seed in range(args.games):
        game = random_game(seed)
        start = time.perf_counter()
        text = egn.dumps(game)
        written.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        egn.read_game(text)
        reopened.append((time.perf_counter() - start) * 1000)
    print(figures("write a game played here (schema-checked)", written))
    print(figures("open it again", reopened))


if __name__ == "__main__":
    main()
