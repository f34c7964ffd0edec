"""Can the analysis's figures be trusted? Its time per hand, and its calibration (prints figures).

    python benchmarks/analysis_calibration.py --deals 60 [--budget 128] [--seed 1] [--jobs 1]

Advanced players (at South/North in even deals, West/East in odd ones) play ``--deals``
random deals against Novice players (standard rules). Every decision of every seat with
a real choice is graded the way the review grades it (``analysis.grade`` over
``--budget`` sampled deals, plus the hindsight line), and two things are kept:

* the time to grade one seat's decisions of one hand (what the review does for a
  person): CPU time (``time.process_time``), so a busy machine does not inflate it;
* the predicted expected points of the choice made, next to what really followed: the
  points the hand gave that seat's side (+ scored, - conceded) as the same players
  played it out;
* where the choice made was not the best: the hand played again from that decision with
  the best choice (the same cards, the same players going on), so the predicted loss can
  be set against the realised one, deal by deal. Their difference, over many decisions, is the analysis's bias; its
  spread is how far one hand's result lies from the prediction. Decisions of one hand
  share its result, so the 95% interval of the bias is computed over hands (a cluster
  interval), not as if every decision were independent.

A well-calibrated judge has a bias near zero in every kind of decision; the spread is
the luck of the cards and cannot be small.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.analysis import Budget, grade, hindsight_of, is_decision
from euchre_qt.engine import Action, HandState, Rules, Seat
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import Player
from euchre_qt.tools.arena import deal_for, play_hand

Z95 = statistics.NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Row:
    deal: int
    seat: int
    player: str
    kind: str
    grade: str
    predicted: float  # expected points of the choice made, for the seat's side
    best: float  # expected points of the best choice
    actual: int  # what the hand gave the seat's side
    # The hand played again from this decision with the best choice instead, the same
    # players going on (None when the choice made was the best): what that gave the side.
    actual_best: int | None = None


def _players(number: int, seed: int) -> list[Player]:
    advanced, novice = AdvancedPlayer(seed=seed), NovicePlayer(seed=seed)
    return [advanced, novice, advanced, novice] if number % 2 == 0 else [novice, advanced, novice, advanced]


def play_and_grade(task: tuple[int, int, int]) -> tuple[list[Row], list[float]]:
    """One deal: played out, then every decision graded; the rows and the CPU seconds
    taken per seat that had a decision."""
    seed, number, budget_deals = task
    players = _players(number, seed)
    state = deal_for(seed, number, Rules())
    moves: list[tuple[HandState, Action]] = []
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        moves.append((state, action))
        state = state.apply(action)
    assert state.result is not None
    points = state.result.points
    budget = Budget(deals=budget_deals, seed=seed)
    rows: list[Row] = []
    spent: dict[int, float] = defaultdict(float)
    for before, action in moves:
        seat = before.turn
        assert seat is not None
        view = before.view(seat)
        if not is_decision(view):
            continue
        began = time.process_time()
        review = grade(view, action, budget)
        hindsight_of(before, action)
        spent[seat] += time.process_time() - began
        team = Seat(seat).team
        actual_best = None
        if review.best != action:
            again = play_hand(before.apply(review.best), players)
            assert again.result is not None
            actual_best = again.result.points[team] - again.result.points[1 - team]
        rows.append(
            Row(
                number,
                int(seat),
                players[seat].name,
                str(review.kind),
                str(review.grade),
                review.chosen_points,
                review.best_points,
                points[team] - points[1 - team],
                actual_best,
            )
        )
    return rows, list(spent.values())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bias_line(label: str, rows: list[Row]) -> str:
    residuals = [r.actual - r.predicted for r in rows]
    n = len(residuals)
    bias = sum(residuals) / n
    spread = statistics.stdev(residuals) if n > 1 else 0.0
    by_hand: dict[tuple[int, int], float] = defaultdict(float)  # one result per deal and side
    for r, residual in zip(rows, residuals, strict=True):
        by_hand[(r.deal, r.seat % 2)] += residual - bias
    half = Z95 * sum(v * v for v in by_hand.values()) ** 0.5 / n
    predicted = sum(r.predicted for r in rows) / n
    actual = sum(r.actual for r in rows) / n
    return (
        f"  {label:22} {n:6}  predicted {predicted:+.3f}  actual {actual:+.3f}  "
        f"bias {bias:+.3f} ± {half:.3f}  spread {spread:.2f}"
    )


def loss_line(label: str, rows: list[Row]) -> str:
    predicted = [r.best - r.predicted for r in rows]
    realised = [float(r.actual_best - r.actual) for r in rows if r.actual_best is not None]
    n = len(rows)
    mean_p, mean_r = sum(predicted) / n, sum(realised) / n
    half = Z95 * statistics.stdev(realised) / n**0.5
    return f"  {label:12} {n:5}  predicted {mean_p:.3f}  realised {mean_r:+.3f} ± {half:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=60, help="deals to play and grade")
    parser.add_argument("--budget", type=int, default=Budget().deals, help="sampled deals per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="write every graded decision here (JSON lines)")
    args = parser.parse_args()
    tasks = [(args.seed, n, args.budget) for n in range(args.deals)]
    began = time.perf_counter()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            parts = pool.map(play_and_grade, tasks, chunksize=1)
    else:
        parts = [play_and_grade(t) for t in tasks]
    wall = time.perf_counter() - began
    rows = [r for part, _ in parts for r in part]
    per_seat_hand = [s * 1000 for _, spent in parts for s in spent]
    if args.out is not None:
        args.out.write_text("".join(json.dumps(r.__dict__) + "\n" for r in rows))
    print(
        f"{len(rows)} graded decisions in {args.deals} deals (seed {args.seed}, {args.budget} sampled deals each, "
        f"Advanced and Novice players; {wall:.0f} s wall, {args.jobs} process(es))"
    )
    print(
        f"\nTime to grade one seat's decisions of a hand, CPU ms ({len(per_seat_hand)} seat-hands): "
        f"median {statistics.median(per_seat_hand):.0f}, p95 {percentile(per_seat_hand, 0.95):.0f}, "
        f"p99 {percentile(per_seat_hand, 0.99):.0f}, max {max(per_seat_hand):.0f}"
    )
    print("\nCalibration: actual points of the hand minus the predicted expected points of the choice made")
    print(f"  {'decisions':22} {'n':>6}")
    print(bias_line("all", rows))
    for key, label in ((lambda r: r.kind, "kind"), (lambda r: r.player, "player"), (lambda r: r.grade, "grade")):
        groups: dict[str, list[Row]] = defaultdict(list)
        for row in rows:
            groups[key(row)].append(row)
        for name, group in sorted(groups.items()):
            print(bias_line(f"{label}: {name}", group))
    print(
        "\nLosses, checked by playing the hand again from the decision with the best choice (same players):"
        "\n  predicted loss against the realised one (best line's points minus the real line's), paired per deal"
    )
    for name in ("good", "inaccuracy", "mistake", "blunder", "all"):
        group = [r for r in rows if r.actual_best is not None and name in ("all", r.grade)]
        if len(group) > 1:
            print(loss_line(name, group))
    lost: dict[str, float] = defaultdict(float)
    for row in rows:
        lost[row.player] += row.best - row.predicted
    print("\nPoints lost per hand by the graded decisions of each side (the judge's view):")
    for player, total in sorted(lost.items()):
        print(f"  {player:10} {total / args.deals:.3f}")


if __name__ == "__main__":
    main()
