"""The two search cores side by side: the solver and the sampler (prints figures).

    python benchmarks/core_speed.py [--deals 400] [--views 300] [--seed 5]

Solver: ``--deals`` random deals (random trump and leader, four hands of five), every
opening lead valued exactly (``move_values``) and, as the bidding asks, the scoring band
from the opening lead (``band``); time per solve (median, p95, p99) and nodes a second.
Sampler: the unseen cards of ``--views`` positions from random hands dealt ``--per-view``
times (``sampler._UnseenCards.draw``); deals a second. Times are this process's CPU time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from euchre_qt.engine import HandState, Rules, Seat
from euchre_qt.engine.ai import core
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.sampler import _UnseenCards
from euchre_qt.engine.ai.solver import Solver
from euchre_qt.engine.cards import Suit

Deal = tuple[Suit, int, list[int]]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def random_deals(count: int, rng: random.Random) -> list[Deal]:
    deals = []
    for _ in range(count):
        cards = list(range(24))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[5 * s : 5 * s + 5]) for s in range(4)]
        deals.append((Suit(rng.randrange(4)), rng.randrange(4), hands))
    return deals


def time_solves(deals: list[Deal], solve: Callable[[Solver, int], object]) -> tuple[list[float], int]:
    times, nodes = [], 0
    for trump, leader, hands in deals:
        began = time.process_time()
        solver = core.make_solver(trump, 0, (0, 1, 2, 3))
        solver.set_position(hands, [])
        solve(solver, leader)
        times.append((time.process_time() - began) * 1000)
        nodes += solver.nodes
    return times, nodes


def unseen_cards(count: int, rng: random.Random) -> list[_UnseenCards]:
    """The unseen cards as seats see them at random points of random hands."""
    found: list[_UnseenCards] = []
    while len(found) < count:
        state = HandState.deal(Rules(joker=rng.random() < 0.3), Seat(rng.randrange(4)), rng)
        for _ in range(rng.randrange(4, 24)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.is_over:
            view = state.view(Seat(rng.randrange(4)))
            found.append(_UnseenCards(read_knowledge(view), view.trump))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--views", type=int, default=300)
    parser.add_argument("--per-view", type=int, default=192, help="deals drawn per view (16 wanted x POOL 12)")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    deals = random_deals(args.deals, rng)
    views = unseen_cards(args.views, rng)
    cores = [core.PYTHON] + ([core.COMPILED] if core.compiled_core() is not None else [])
    rows: dict[str, dict[str, tuple[float, ...]]] = {}
    for name in cores:
        core.use_core(name)
        row = rows[name] = {}
        for what, solve in (
            ("every opening lead valued", lambda s, leader: s.move_values(leader)),
            ("band from the opening lead", lambda s, leader: s.band(leader, 0)),
        ):
            times, nodes = time_solves(deals, solve)
            row[what] = (statistics.median(times), percentile(times, 0.95), percentile(times, 0.99), nodes / sum(times))
        began = time.process_time()
        drawn = sum(len(u.draw(random.Random(i), 2 * args.per_view, args.per_view)) for i, u in enumerate(views))
        row["sampler"] = (drawn / (time.process_time() - began),)
    print(f"Search cores, CPU time, one core ({args.deals} random deals; {args.views} views x {args.per_view} deals)")
    print(f"{'':28} {'core':9} {'median ms':>10} {'p95 ms':>8} {'p99 ms':>8} {'nodes/s':>12}")
    for what in ("every opening lead valued", "band from the opening lead"):
        for name in cores:
            median, p95, p99, per_ms = rows[name][what]
            print(f"{what:28} {name:9} {median:10.3f} {p95:8.3f} {p99:8.3f} {per_ms * 1000:12,.0f}")
        if len(cores) == 2:
            speedup = rows[core.PYTHON][what][0] / rows[core.COMPILED][what][0]
            mean_speedup = rows[core.COMPILED][what][3] / rows[core.PYTHON][what][3]
            print(f"{'':28} compiled: {speedup:.0f}x the median solve, {mean_speedup:.0f}x the nodes a second")
    for name in cores:
        print(f"{'sampler':28} {name:9} {rows[name]['sampler'][0]:,.0f} deals/s")
    if len(cores) == 2:
        print(f"{'':28} compiled: {rows[core.COMPILED]['sampler'][0] / rows[core.PYTHON]['sampler'][0]:.0f}x")


if __name__ == "__main__":
    main()
