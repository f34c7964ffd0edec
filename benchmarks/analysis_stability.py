"""Do the review's labels change with the seed? (prints figures; docs/analysis.md)

    python benchmarks/analysis_stability.py tests/data/egn/vwec_finals.egn [--deals 1024]

Every decision of every player in a record (or saved game) graded twice, with seeds 0
and 1 (different sampled deals), as ``euchre-qt analyse`` grades it: the share of labels
that are the same, those that moved two grades or more (close counts as good), which
labels changed into which, and the CPU time of each run.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.analysis import Grade
from euchre_qt.analysis.analyse import analyse_game
from euchre_qt.analysis.cli import read_to_analyse
from euchre_qt.analysis.judge import DEFAULT_DEALS, Budget

# How far apart two labels are: close and good both say "nothing to speak of lost".
STEP = {Grade.BEST: 0, Grade.CLOSE: 1, Grade.GOOD: 1, Grade.INACCURACY: 2, Grade.MISTAKE: 3, Grade.BLUNDER: 4}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS)
    args = parser.parse_args()
    read = read_to_analyse(args.file)
    labels = []
    for seed in (0, 1):
        began = time.process_time()
        budget = Budget(deals=args.deals, seed=seed)
        review = analyse_game(read.game, budget=budget, inferred=read.inferred, seating=read.plays)
        labels.append([d.grade for d in review.decisions])
        print(f"seed {seed}: {len(review.decisions)} decisions, {time.process_time() - began:.1f} s CPU")
    pairs = list(zip(*labels, strict=True))
    same = sum(a is b for a, b in pairs)
    two = sum(abs(STEP[a] - STEP[b]) >= 2 for a, b in pairs)
    print(
        f"{args.deals} deals: {same} of {len(pairs)} labels the same ({same / len(pairs):.1%}), {two} moved two grades"
    )
    print("given at seed 0:", ", ".join(f"{n} {g}" for g, n in Counter(labels[0]).most_common()))
    print(
        "changed:", ", ".join(f"{a} -> {b} {n}" for (a, b), n in Counter(p for p in pairs if p[0] is not p[1]).items())
    )


if __name__ == "__main__":
    main()
