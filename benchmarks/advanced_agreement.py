"""Does the Advanced player agree with itself under another seed? (prints figures)

    python benchmarks/advanced_agreement.py [--decisions 1000] [--seeds 1 2] [--deals 16,96 160,960] [--jobs 2]
        [--options '{}' '{"tie_errors": 2}']

Positions: every decision with more than one legal move from hands played by four
Advanced players (16 to 96 deals, seed 0; both decks), ``--decisions`` of them, plus
``--leads`` opening leads from further hands. Each position is decided by an Advanced
player seeded with each of ``--seeds`` (so with other sampled deals); a position agrees
when they choose the same move. ``--deals`` lists the settings compared, each as the
deals per batch and at most (card play and bidding alike; the discard's deals scale the
same way from 64 at 16,96). Prints the agreement (95% interval) overall, by phase and for
opening leads, and the thinking time per decision (median, p95, p99; CPU, one core).
``--judge``: each disagreement over a card played (the discard is not judged) is valued
by a referee search (seed 3, four times the deals, the same ``--options``), which says how
far apart the two cards are: what the disagreement costs, where the agreement says only
how often.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from math import sqrt
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine import Action, HandState, Phase, Rules, Seat
from euchre_qt.engine.ai.advanced import USUAL_DEALS, AdvancedPlayer
from euchre_qt.engine.ai.core import PYTHON
from euchre_qt.engine.ai.settling import NEAR_TIE
from euchre_qt.engine.view import SeatView

BASE = USUAL_DEALS[PYTHON]


def player(seed: int, deals: tuple[int, int], options: str = "{}") -> AdvancedPlayer:
    """An Advanced player with ``deals`` (per batch, at most) and ``options`` (JSON: the
    player's other keyword arguments, e.g. ``{"tie_errors": 2}``)."""
    batch, most = deals
    scale = most / BASE.max_worlds
    settings = json.loads(options)
    return AdvancedPlayer(
        seed=seed,
        **settings,
        worlds=batch,
        max_worlds=most,
        bid_worlds=batch,
        max_bid_worlds=most,
        discard_worlds=round(BASE.discard_worlds * scale),
    )


class Outcome(NamedTuple):
    phase: str
    agreed: bool
    times: list[float]  # CPU ms, one per seed
    apart: float | None  # a disagreement over a card: how far apart the referee values the two (--judge)


def phase_of(view: SeatView) -> str:
    if view.phase is Phase.PLAY:
        if not view.tricks and not view.trick:
            return "opening lead"
        return "card play"
    return "discard" if view.phase is Phase.DISCARD else "bidding"


def positions(decisions: int, leads: int) -> list[SeatView]:
    """Views of real decisions (Advanced players searching 16 to 96 deals), then opening leads."""
    players = [player(0, (BASE.worlds, BASE.max_worlds)) for _ in range(4)]
    found: list[SeatView] = []
    extra_leads: list[SeatView] = []
    n = 0
    while len(found) < decisions or len(extra_leads) < leads:
        state = HandState.deal(Rules(joker=n % 4 == 3), Seat(n % 4), 50_000 + n)
        n += 1
        while not state.is_over:
            assert state.turn is not None
            view = state.view(state.turn)
            if len(view.legal_actions) > 1:
                if len(found) < decisions:
                    found.append(view)
                elif phase_of(view) == "opening lead" and len(extra_leads) < leads:
                    extra_leads.append(view)
            state = state.apply(players[state.turn].decide(view).action)
    return found + extra_leads


# The referee of a disagreement over a card: four times the deals, another seed.
REFEREE_SEED = 3
REFEREE_SCALE = 4


def gap(referee: AdvancedPlayer, view: SeatView, actions: list[Action]) -> float:
    """How far apart, in points, the referee values the cards the seeds chose."""
    means = referee._choose_card(view).means
    values = [means[a.card] for a in actions if a.card is not None]
    return max(values) - min(values)


def decide(task: tuple[list[SeatView], list[int], tuple[int, int], str, bool]) -> list[Outcome]:
    views, seeds, deals, options, judged = task
    players = [player(seed, deals, options) for seed in seeds]
    referee = player(REFEREE_SEED, (deals[0] * REFEREE_SCALE, deals[1] * REFEREE_SCALE), options) if judged else None
    out = []
    for view in views:
        actions, times = [], []
        for p in players:
            began = time.process_time()
            actions.append(p.decide(view).action)
            times.append((time.process_time() - began) * 1000)
        agreed = all(a == actions[0] for a in actions)
        apart = gap(referee, view, actions) if referee and not agreed and view.phase is Phase.PLAY else None
        out.append(Outcome(phase_of(view), agreed, times, apart))
    return out


def interval(agree: int, n: int) -> str:
    p = agree / n
    return f"{100 * p:5.1f}% ± {196 * sqrt(p * (1 - p) / n):4.1f}"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report_gaps(results: dict[str, list[Outcome]], batch: int, most: int) -> None:
    """What the disagreements over a card are about: how far apart a referee (another seed,
    four times the deals) values the two cards, and what choosing either costs a decision
    on average (half the gap: of the two seeds one chose the worse). The referee's own
    noise makes a gap read larger on average: an upper figure."""
    print(f"disagreements over a card, valued by a referee (seed {REFEREE_SEED}, {batch},{most} deals):")
    for phase in ("opening lead", "card play"):
        rows = results.get(phase, [])
        gaps = [r.apart for r in rows if r.apart is not None]
        if len(gaps) > 1:
            mean = statistics.fmean(gaps)
            half = 1.96 * statistics.stdev(gaps) / sqrt(len(gaps))
            near = sum(1 for g in gaps if g <= NEAR_TIE)
            cost = mean / 2 * len(gaps) / len(rows)
            print(
                f"  {phase:<14}{len(gaps):>5} apart {mean:.3f} ± {half:.3f} points "
                f"(median {statistics.median(gaps):.3f}; {near} within {NEAR_TIE}); "
                f"a decision's expected cost {cost:.4f}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=1000)
    parser.add_argument("--leads", type=int, default=300, help="opening leads added from further hands")
    parser.add_argument("--seeds", type=int, nargs=2, default=[1, 2])
    parser.add_argument("--deals", nargs="+", default=["16,96", "160,960"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--options", nargs="+", default=["{}"], help="the player's other settings, JSON, each compared")
    parser.add_argument("--judge", action="store_true", help="value each disagreement over a card (a referee search)")
    args = parser.parse_args()
    if args.judge and REFEREE_SEED in args.seeds:
        parser.error(f"--judge: the referee's seed is {REFEREE_SEED}; choose --seeds other than it")
    views = positions(args.decisions, args.leads)
    chunks = [views[i : i + 25] for i in range(0, len(views), 25)]
    print(f"Advanced against itself, seeds {args.seeds[0]} and {args.seeds[1]}: {len(views)} positions")
    print(f"{'deals':<10}{'phase':<14}{'n':>6}  {'agreement (95%)':<16}{'median ms':>10}{'p95':>8}{'p99':>8}")
    for setting, options in ((d, o) for d in args.deals for o in args.options):
        batch, most = (int(x) for x in setting.split(","))
        if options != "{}":
            print(f"options: {options}")
        results: defaultdict[str, list[Outcome]] = defaultdict(list)
        tasks = [(chunk, args.seeds, (batch, most), options, args.judge) for chunk in chunks]
        with ProcessPoolExecutor(args.jobs) as pool:
            for part in pool.map(decide, tasks):
                for outcome in part:
                    results[outcome.phase].append(outcome)
                    results["all"].append(outcome)
        for phase in ("bidding", "discard", "opening lead", "card play", "all"):
            rows = results.get(phase, [])
            if rows:
                agree = sum(1 for r in rows if r.agreed)
                times = [t for r in rows for t in r.times]
                print(
                    f"{setting:<10}{phase:<14}{len(rows):>6}  {interval(agree, len(rows)):<16}"
                    f"{statistics.median(times):>10.1f}{percentile(times, 0.95):>8.1f}{percentile(times, 0.99):>8.1f}"
                )
        if args.judge:
            report_gaps(results, batch * REFEREE_SCALE, most * REFEREE_SCALE)


if __name__ == "__main__":
    main()
