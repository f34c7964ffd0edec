"""The Advanced player's strength in the arena (prints figures; not a pass/fail test).

    python benchmarks/arena_advanced.py [--hands 4000] [--games 200] [--jobs 2] [--seed 1]

1. Advanced against Novice over duplicate deals: mean points per hand, 95% interval
   (goal: at least +0.25).
2. Advanced against Novice in whole games to 10, each game seed played twice with the
   seats swapped: share of games won, 95% interval (goal: at least 65%).
3. Advanced against the Oracle ("They see all"): the price of honesty.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.tools.arena import run_games, run_match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--games", type=int, default=200, help="game seeds (each played twice)")
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: hands,games,oracle")
    args = parser.parse_args()
    skip = set(args.skip.split(","))
    if "hands" not in skip:
        r = run_match("advanced", "novice", hands=args.hands, seed=args.seed, jobs=args.jobs)
        print(r.report(), flush=True)
    if "games" not in skip:
        g = run_games("advanced", "novice", games=args.games, seed=args.seed, jobs=args.jobs)
        print(g.report(), flush=True)
    if "oracle" not in skip:
        o = run_match("advanced", "oracle", hands=args.hands // 2, seed=args.seed, jobs=args.jobs)
        print(o.report(), flush=True)


if __name__ == "__main__":
    main()
