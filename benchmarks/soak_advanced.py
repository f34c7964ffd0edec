"""Soak test of the Advanced player under mixed rules (prints figures; not pass/fail).

    python benchmarks/soak_advanced.py [--hands 100000] [--jobs 2] [--worlds 2]

Advanced (with few sampled deals, so a long run is affordable: the same code paths, less
search; a close bid gets up to two more batches) against Novice, a fresh random rule set
per deal (every option: joker, stick the dealer, lone defender, doubled alone euchre,
farmer's hand, up-card discard, game length).
Any illegal action or player error is counted and the first few are printed.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.tools.arena import ProgressBar, run_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=2, help="sampled deals per decision")
    args = parser.parse_args()
    fast = functools.partial(
        AdvancedPlayer,
        worlds=args.worlds,
        max_worlds=args.worlds,
        bid_worlds=args.worlds,
        max_bid_worlds=3 * args.worlds,
        discard_worlds=args.worlds,
    )
    result = run_match(
        fast, "novice", hands=args.hands, seed=args.seed, mixed_rules=True, jobs=args.jobs, progress=ProgressBar("soak")
    )
    print(result.report())
    for failure in result.failures[:5]:
        print(failure.describe())


if __name__ == "__main__":
    main()
