"""Do the two search cores agree? Random positions solved by both (prints a count).

    python benchmarks/core_agreement.py [--positions 100000] [--seed 1] [--jobs 2]

Each position (tests/ai/positions.py: every trump, both decks, lone hands, habitual
seats, any number of cards played, mid-trick included) is solved by the pure-Python
reference and the compiled core: every card's value, every card's scoring band, the
band from the position, and the nodes each searched. Prints how many positions differ
in any of these (the answer should be 0), and what kinds of positions were covered.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine.ai.core import make_compiled_solver
from euchre_qt.engine.ai.solver import PythonSolver
from tests.ai.positions import answers, random_position


def compare(seed: int, count: int) -> tuple[int, Counter[str], list[int]]:
    rng = random.Random(seed)
    mismatched: list[int] = []
    kinds: Counter[str] = Counter()
    for n in range(count):
        p = random_position(rng)
        python = answers(PythonSolver(p.trump, p.makers_team, p.active, p.habits), p)
        fast = answers(make_compiled_solver(p.trump, p.makers_team, p.active, p.habits), p)
        if python != fast:
            mismatched.append(n)
        kinds[f"{len(p.active)} seats"] += 1
        kinds["habitual seats" if p.habits and p.habits.seats else "no habitual seat"] += 1
        kinds["mid-trick" if p.trick else "trick boundary"] += 1
        kinds["joker deck" if any(h >> 24 for h in p.hands) else "no joker in play"] += 1
        kinds[f"{sum(h.bit_count() for h in p.hands) + len(p.trick)} cards left"] += 1
    return len(mismatched), kinds, mismatched[:5]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    chunk = max(1, args.positions // (args.jobs * 8))
    starts = range(0, args.positions, chunk)
    seeds = [args.seed * 1_000_003 + n for n in range(len(starts))]
    counts = [min(chunk, args.positions - start) for start in starts]
    began = time.perf_counter()
    mismatches = 0
    kinds: Counter[str] = Counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for seed, (bad, seen, examples) in zip(seeds, pool.map(compare, seeds, counts), strict=True):
            mismatches += bad
            kinds += seen
            if examples:
                print(f"mismatch: seed {seed}, positions {examples}")
    total = sum(counts)
    print(f"{total} positions, {mismatches} mismatches ({time.perf_counter() - began:.0f} s, {args.jobs} jobs)")
    for kind, n in sorted(kinds.items(), key=lambda item: -item[1]):
        print(f"  {kind:20} {n:7}")


if __name__ == "__main__":
    main()
