"""Thinking time of the Advanced player per decision, by phase (prints figures).

    python benchmarks/advanced_speed.py --hands 100 [--cores python,compiled] [--think-ms 200] [--worlds 20]
        [--options '{}' '{"weigh_weak": true}']

Four Advanced players play ``--hands`` random deals in this one process (one core), on
each search core in turn (each with its usual deals unless they are given);
every decision with more than one legal move is timed. Forced moves are counted apart.
``--options``: the player's other keyword arguments, as JSON; each set is timed in turn.
Times are the process's CPU time (``time.process_time``), so other work on a busy
machine does not inflate them; on an idle core wall time is the same.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

# this checkout's package, not whichever one is installed
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine import HandState, Phase, Rules, Seat
from euchre_qt.engine.ai import core
from euchre_qt.engine.ai.advanced import AdvancedPlayer


def phase_of(state: HandState) -> str:
    if state.phase in (Phase.BIDDING_1, Phase.BIDDING_2, Phase.DEFEND, Phase.FARMER):
        return "bidding"
    if state.phase is Phase.DISCARD:
        return "discard"
    return "first trick" if not state.tricks else "later tricks"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_decisions(players: list[AdvancedPlayer], hands: int, seed: int) -> tuple[dict[str, list[float]], int]:
    """CPU ms per decision by phase over ``hands`` deals, and the forced moves (not timed)."""
    times: dict[str, list[float]] = defaultdict(list)
    forced = 0
    for n in range(hands):
        state = HandState.deal(Rules(), Seat(n % 4), seed * 100_000 + n)
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            began = time.process_time()
            action = players[seat].choose(view)
            spent = (time.process_time() - began) * 1000
            if len(view.legal_actions) > 1:
                times[phase_of(state)].append(spent)
                times["all decisions"].append(spent)
            else:
                forced += 1
            state = state.apply(action)
    return times, forced


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think-ms", type=int, default=None)
    parser.add_argument(
        "--cores", default="python,compiled", help="search cores to compare (core.py); each with its usual deals"
    )
    parser.add_argument("--worlds", type=int, help="deals per batch (card play); default: the core's usual")
    parser.add_argument("--max-worlds", type=int, help="deals at most (card play)")
    parser.add_argument("--bid-worlds", type=int, help="deals per batch (bidding)")
    parser.add_argument("--max-bid-worlds", type=int, help="deals at most (bidding)")
    parser.add_argument("--discard-worlds", type=int, help="deals at most (discard)")
    parser.add_argument("--options", nargs="+", default=["{}"], help="AdvancedPlayer keyword arguments, as JSON")
    args = parser.parse_args()
    for name, options in ((n, o) for n in args.cores.split(",") for o in args.options):
        if name == core.COMPILED and core.compiled_core() is None:
            print("(the compiled core was not built)")
            continue
        core.use_core(name)
        players = [
            AdvancedPlayer(
                seed=i,
                think_ms=args.think_ms,
                worlds=args.worlds,
                max_worlds=args.max_worlds,
                bid_worlds=args.bid_worlds,
                max_bid_worlds=args.max_bid_worlds,
                discard_worlds=args.discard_worlds,
                **json.loads(options),
            )
            for i in range(4)
        ]
        times, forced = time_decisions(players, args.hands, args.seed)
        p = players[0]
        print(
            f"Advanced thinking time per decision, {name} core, CPU ms ({args.hands} hands, "
            f"worlds={p.worlds}..{p.max_worlds}, bid_worlds={p.bid_worlds}..{p.max_bid_worlds}, "
            f"discard_worlds={p.discard_worlds}, think_ms={args.think_ms}, options {options}, one core; "
            f"{forced} forced moves not counted)"
        )
        print(f"{'phase':<14}{'n':>7}{'median':>9}{'p95':>9}{'p99':>9}{'max':>9}")
        for phase in ("bidding", "discard", "first trick", "later tricks", "all decisions"):
            values = times.get(phase, [])
            if values:
                print(
                    f"{phase:<14}{len(values):>7}{statistics.median(values):>9.1f}{percentile(values, 0.95):>9.1f}"
                    f"{percentile(values, 0.99):>9.1f}{max(values):>9.1f}"
                )


if __name__ == "__main__":
    main()
