"""Engine speed: whole hands of random legal play per second, ours next to OpenSpiel's.

Both loops do the same work on one core: deal a hand (ours: ``HandState.deal``; OpenSpiel:
its chance nodes, the dealer, 20 cards and the up-card, each picked at random), then ask for
the legal moves and apply a random one until the hand is over. Both use the rules they
share: stick the dealer, no lone defender, the up-card not discardable. The rounds alternate
between the two engines so that a busy machine slows both alike; the median round counts.

    python benchmarks/engine_speed.py [--seconds 10] [--rounds 5]

Prints figures; it is not a pass/fail test. The goal: ours at least a third of pyspiel's.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine import HandState, Rules, Seat

RULES = Rules(stick_the_dealer=True, lone_defender=False, dealer_may_discard_up_card=False)
SEATS = tuple(Seat)


def ours(seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """(hands, decisions, elapsed) of random play through our public API."""
    choice = rng.choice
    hands = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = HandState.deal(RULES, SEATS[rng.randrange(4)], rng)
        while not state.is_over:
            state = state.apply(choice(state.legal_actions()))
            decisions += 1
        hands += 1
        if hands % 16 == 0 and time.perf_counter() >= deadline:
            return hands, decisions, time.perf_counter() - start


def openspiel(game: object, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """The same loop through pyspiel, chance nodes included (their moves are not counted
    as decisions)."""
    choice = rng.choice
    hands = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()  # type: ignore[attr-defined]
        while not state.is_terminal():
            if not state.is_chance_node():
                decisions += 1
            state.apply_action(choice(state.legal_actions()))
        hands += 1
        if hands % 16 == 0 and time.perf_counter() >= deadline:
            return hands, decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="total time per engine (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds (default 5)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    game = None
    if pyspiel is not None:
        game = pyspiel.load_game("euchre", {"stick_the_dealer": True, "allow_lone_defender": False})

    rng = random.Random(args.seed)
    per_round = args.seconds / args.rounds
    ours_rates: list[float] = []
    os_rates: list[float] = []
    ours_totals = [0, 0, 0.0]
    os_totals = [0, 0, 0.0]
    ours(0.2, rng)  # warm up
    for _ in range(args.rounds):
        hands, decisions, elapsed = ours(per_round, rng)
        ours_rates.append(hands / elapsed)
        ours_totals = [ours_totals[0] + hands, ours_totals[1] + decisions, ours_totals[2] + elapsed]
        if game is not None:
            hands, decisions, elapsed = openspiel(game, per_round, rng)
            os_rates.append(hands / elapsed)
            os_totals = [os_totals[0] + hands, os_totals[1] + decisions, os_totals[2] + elapsed]

    print(f"Python {platform.python_version()} on {platform.machine()}, {args.rounds} rounds of {per_round:.1f} s")
    print(f"rules: {RULES.describe()}")
    ours_rate = statistics.median(ours_rates)
    print(
        f"euchre_qt.engine: {ours_rate:9,.0f} hands/s  "
        f"({ours_totals[1] / ours_totals[0]:.1f} decisions a hand, "
        f"{1e6 * ours_totals[2] / ours_totals[1]:.1f} us a decision)"
    )
    if game is None:
        print("pyspiel: not installed (pip install open-spiel) - no comparison")
        return
    os_rate = statistics.median(os_rates)
    print(
        f"pyspiel euchre:   {os_rate:9,.0f} hands/s  "
        f"({os_totals[1] / os_totals[0]:.1f} decisions a hand, "
        f"{1e6 * os_totals[2] / os_totals[1]:.1f} us a decision, chance nodes included in the time)"
    )
    ratio = ours_rate / os_rate
    verdict = "meets" if ratio >= 1 / 3 else "misses"
    print(f"ratio ours/pyspiel: {ratio:.2f} ({verdict} the goal of at least 0.33)")


if __name__ == "__main__":
    main()
