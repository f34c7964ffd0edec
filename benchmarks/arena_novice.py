"""Novice's strength in the arena: against random, against itself, and per rule option.

    python benchmarks/arena_novice.py [--hands 4000] [--jobs 2] [--seed 1]

Prints mean points per hand for Novice (duplicate deals, 95% interval) in the standard
game, with every rule option on by itself, and under mixed rules; then Novice against
itself, which must come out even. Figures, not a pass/fail test; the goal is at least
+1.0 points per hand against random (issue 3).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine import FarmersHand, Rules
from euchre_qt.tools.arena import run_match

RULE_SETS = {
    "standard": Rules(),
    "stick the dealer": Rules(stick_the_dealer=True),
    "lone defender": Rules(lone_defender=True),
    "doubled alone euchre": Rules(doubled_alone_euchre=True),
    "joker": Rules(joker=True),
    "farmer's hand (ace-no-face)": Rules(farmers_hand=FarmersHand.ACE_NO_FACE),
    "up-card not discardable": Rules(dealer_may_discard_up_card=False),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'matchup':<18}{'rules':<30}{'mean/hand':>10}{'± 95%':>8}{'hands':>8}{'secs':>7}")
    runs: list[tuple[str, str, str, Rules | None, bool]] = [
        ("novice", "random", name, rules, False) for name, rules in RULE_SETS.items()
    ]
    runs += [("novice", "random", "mixed", None, True), ("novice", "novice", "standard", Rules(), False)]
    for a, b, label, rules, mixed in runs:
        r = run_match(a, b, hands=args.hands, seed=args.seed, rules=rules, mixed_rules=mixed, jobs=args.jobs)
        status = "" if r.ok else f"  FAILURES: {len(r.failures)}"
        figures = f"{r.mean:>+10.3f}{r.ci_half_width:>8.3f}{r.hands:>8}{r.elapsed:>7.1f}"
        print(f"{a + ' v ' + b:<18}{label:<30}{figures}{status}", flush=True)


if __name__ == "__main__":
    main()
