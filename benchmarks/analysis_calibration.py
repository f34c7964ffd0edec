"""Can the analysis's figures be trusted? Its time per hand, and its calibration (prints figures).

    python benchmarks/analysis_calibration.py --deals 60 [--budget 128] [--seed 1] [--jobs 1]
        [--novice | --erring P] [--uncalibrated | --calibration FILE] [--out rows.jsonl]
    python benchmarks/analysis_calibration.py --report rows.jsonl [more.jsonl ...] [--fit [--out FILE]]

Four equal Advanced players (``--novice``: Advanced at South/North in even deals,
West/East in odd ones, against Novice players) play ``--deals`` random deals, standard
rules, each at a random game score (both sides 0 to 9, so bidding to the score is
exercised); ``--erring P``: four Advanced players, one of which (South in deal 0, West in
deal 1, ...) plays a legal move at random instead of its own choice with probability P
(bids and cards; the same position always gets the same move), and only that seat's
decisions are graded (a table that makes the mistakes and blunders the replays check, at
a quarter of the grading). Every decision of every seat with a real choice is graded the way the review
grades it (``analysis.grade`` over ``--budget`` sampled deals, extended where a grade is
not settled, plus the hindsight line), the players taken for what they are, as the review
takes a game's seats (``how_they_play``: the Novice players play by habit, the Advanced
players well, and so does the erring seat, which stands for a person), and these are kept:

* the time to grade one seat's decisions of one hand (what the review does for a
  person): CPU time (``time.process_time``), so a busy machine does not inflate it;
* the predicted expected points of the choice made, next to what really followed: the
  points the hand gave that seat's side (+ scored, - conceded) as the same players
  played it out;
* the two sides' expectations of one position: where a decision is followed at once by
  one of the other side, the chooser's expected points of its choice plus the next
  chooser's of its own (both of the same position, seen from each side: zero-sum, so
  a judge that favours neither side sums them to about zero);
* where the choice made was not the best: the hand played again from that decision with
  the best choice (the same cards, the same players going on), so the predicted loss can
  be set against the realised one, deal by deal. Their difference, over many decisions, is the analysis's bias; its
  spread is how far one hand's result lies from the prediction. Decisions of one hand
  share its result, so the 95% interval of the bias is computed over hands (a cluster
  interval), not as if every decision were independent.

A well-calibrated judge has a bias near zero in every kind of decision; the spread is
the luck of the cards and cannot be small.

The review corrects the judge's values by ``analysis.calibration.FITTED``;
``--uncalibrated`` grades without it, and ``--fit`` fits it again on such rows and writes
it with ``--out`` as JSON, which ``--calibration`` grades with (never check a fit on the
rows it was fitted on: grade new seeds with the correction).
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.analysis import is_decision
from euchre_qt.analysis.analyse import grade, hindsight_of
from euchre_qt.analysis.calibration import FITTED, UNCALIBRATED, Calibration
from euchre_qt.analysis.grades import DecisionKind
from euchre_qt.analysis.honest_play import can_play_honestly, honest_values
from euchre_qt.analysis.judge import Budget
from euchre_qt.engine import Action, HandState, Rules, Seat, SeatView
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.how_they_play import HowTheyPlay
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import ComputerPlayer, Decision, Player, decision_rng
from euchre_qt.engine.ai.score_worth import ScoreWorth
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
    move: int = 0  # index of the decision's move in the hand
    team: int = 0
    loss: float = 0.0  # the graded loss, in points at the score
    deals_used: int = 0
    # With --honest, a card outside a loner's hand valued again with the rest of the hand
    # played by every seat from its own view (analysis.honest_play): the choice made, the best.
    honest: float | None = None
    honest_best: float | None = None
    seed: int = 0
    calibrated: bool = False  # graded with a calibration (FITTED, or --calibration's; rows written before it: False)
    table: str = ""  # who sat at the table (TABLES); rows written before it: ""
    # In how many of the decision's sampled deals its best rival did better than the
    # choice made (over deals_used); rows written before it: None.
    better_in: int | None = None

    @property
    def cluster(self) -> tuple[int, int]:
        """The deal the row belongs to (decisions of one deal share its result)."""
        return self.seed, self.deal


class ErringPlayer(ComputerPlayer):
    """``player``'s choice, except with probability ``chance`` a legal move picked at random
    (the coin and the pick fixed by the seed and the position, apart from ``player``'s own
    random source: a replay meets the same errors in the same positions)."""

    name = "erring"

    def __init__(self, player: Player, chance: float, seed: int = 0) -> None:
        super().__init__(seed)
        self.player, self.chance = player, chance

    def decide(self, view: SeatView) -> Decision:
        rng = decision_rng(~self.seed, view)
        if rng.random() < self.chance:
            return Decision(rng.choice(self.legal(view)), "picked at random")
        return self.player.decide(view)


def erring_seat(number: int) -> Seat:
    """The seat that errs in deal ``number`` (each seat in turn)."""
    return Seat(number % 4)


def _players(number: int, seed: int, novice: bool, erring: float = 0.0) -> list[Player]:
    advanced = AdvancedPlayer(seed=seed)
    if erring:
        players: list[Player] = [advanced] * 4
        players[erring_seat(number)] = ErringPlayer(advanced, erring, seed)
        return players
    if not novice:
        return [advanced] * 4
    other = NovicePlayer(seed=seed)
    return [advanced, other, advanced, other] if number % 2 == 0 else [other, advanced, other, advanced]


def _deal(seed: int, number: int) -> HandState:
    """Deal ``number`` at a random game score (0 to 9 each side)."""
    dealt = deal_for(seed, number, Rules())
    rng = random.Random(f"analysis calibration:{seed}:score {number}")
    scores = (rng.randrange(10), rng.randrange(10))
    return HandState.from_cards(dealt.rules, dealt.dealer, dealt.hands, dealt.kitty, scores)


TABLES = ("advanced", "novice", "erring")
"""Four Advanced players; two of them against two Novices; four Advanced, one erring."""


@dataclass(frozen=True)
class Task:
    seed: int
    number: int
    budget_deals: int
    novice: bool
    honest_deals: int
    calibration: Calibration
    erring: float

    @property
    def table(self) -> str:
        return "erring" if self.erring else "novice" if self.novice else "advanced"


def play_and_grade(task: Task) -> tuple[list[Row], list[float]]:
    """One deal: played out, then every decision graded (with ``erring``: the erring
    seat's only); the rows and the CPU seconds taken per seat that had a decision."""
    seed, number, novice, erring, calibration = task.seed, task.number, task.novice, task.erring, task.calibration
    honest_deals = task.honest_deals
    players = _players(number, seed, novice, erring)
    seating = HowTheyPlay.of_players([p.name for p in players])
    state = _deal(seed, number)
    moves: list[tuple[HandState, Action]] = []
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        moves.append((state, action))
        state = state.apply(action)
    assert state.result is not None
    points = state.result.points
    budget = Budget(deals=task.budget_deals, seed=seed)
    rows: list[Row] = []
    spent: dict[int, float] = defaultdict(float)
    for index, (before, action) in enumerate(moves):
        seat = before.turn
        assert seat is not None
        view = before.view(seat)
        if not is_decision(view) or (erring and seat != erring_seat(number)):
            continue
        began = time.process_time()
        review = grade(view, action, budget, calibration=calibration, seating=seating)
        hindsight_of(before, action, seating)
        spent[seat] += time.process_time() - began
        team = Seat(seat).team
        actual_best = None
        if review.best != action:
            again = play_hand(before.apply(review.best), players)
            assert again.result is not None
            actual_best = again.result.points[team] - again.result.points[1 - team]
        honest = None
        if honest_deals and can_play_honestly(view):
            values = honest_values(view, honest_deals, seed)
            honest = (values.mean(action), max(values.mean(a) for a in values.per_deal))
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
                index,
                team,
                review.loss,
                review.deals,
                None if honest is None else honest[0],
                None if honest is None else honest[1],
                seed,
                calibration != UNCALIBRATED,
                task.table,
                review.better_in,
            )
        )
    return rows, list(spent.values())


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bias_line(label: str, rows: list[Row]) -> str:
    residuals = [r.actual - r.predicted for r in rows]
    n = len(residuals)
    spread = statistics.stdev(residuals) if n > 1 else 0.0
    bias, half = clustered([(r.cluster, residual) for r, residual in zip(rows, residuals, strict=True)])
    predicted = sum(r.predicted for r in rows) / n
    actual = sum(r.actual for r in rows) / n
    return (
        f"  {label:22} {n:6}  predicted {predicted:+.3f}  actual {actual:+.3f}  "
        f"bias {bias:+.3f} ± {half:.3f}  spread {spread:.2f}"
    )


def clustered(values: list[tuple[tuple[int, int], float]]) -> tuple[float, float]:
    """Mean of (deal, value) pairs and its 95% half-width clustered by deal."""
    n = len(values)
    mean = sum(v for _, v in values) / n
    by_deal: dict[tuple[int, int], float] = defaultdict(float)
    for deal, v in values:
        by_deal[deal] += v - mean
    return mean, Z95 * sum(x * x for x in by_deal.values()) ** 0.5 / n


def loss_line(label: str, rows: list[Row]) -> str:
    """Predicted against realised losses, in points and in points at the score (what grades
    go by): the realised ratio's interval is the realised mean's, over the predicted mean."""
    rows = [r for r in rows if r.actual_best is not None]
    parts = []
    for unit, predicted, realised in (
        ("points", [r.best - r.predicted for r in rows], [float((r.actual_best or 0) - r.actual) for r in rows]),
        (
            "at the score",
            [r.loss for r in rows],
            [_at_score(r, r.actual_best or 0) - _at_score(r, r.actual) for r in rows],
        ),
    ):
        mean_p = sum(predicted) / len(rows)
        mean_r, half = clustered([(r.cluster, x) for r, x in zip(rows, realised, strict=True)])
        ratio = f" ratio {mean_r / mean_p:.2f} ({(mean_r - half) / mean_p:.2f} to {(mean_r + half) / mean_p:.2f})"
        parts.append(f"{unit}: predicted {mean_p:.3f} realised {mean_r:+.3f} ± {half:.3f}{ratio if mean_p else ''}")
    return f"  {label:12} {len(rows):5}  " + "; ".join(parts)


def _at_score(row: Row, points: int) -> float:
    """A hand's points for the row's side as points at the game's score before the deal."""
    scores = _deal(row.seed, row.deal).scores
    us, them = scores[row.team], scores[1 - row.team]
    return ScoreWorth(Rules().points_to_win, us, them)(points)


def side_sum_line(rows: list[Row]) -> str:
    """Each decision followed at once by one of the other side: the two expectations summed."""
    sums = []
    for first, second in itertools.pairwise(rows):
        if first.deal == second.deal and second.move == first.move + 1 and second.team != first.team:
            sums.append((first.cluster, first.predicted + second.predicted))
    if len(sums) < 2:
        return "  (too few pairs)"
    mean, half = clustered(sums)
    return f"  {len(sums)} pairs of one position seen from both sides: sum {mean:+.3f} ± {half:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=60, help="deals to play and grade")
    parser.add_argument("--budget", type=int, default=Budget().deals, help="sampled deals per decision")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    table = parser.add_mutually_exclusive_group()
    table.add_argument("--novice", action="store_true", help="Advanced against Novice players (else four Advanced)")
    table.add_argument(
        "--erring", type=float, default=0.0, metavar="P", help="one seat errs with chance P; only its decisions graded"
    )
    parser.add_argument("--out", type=Path, default=None, help="write every graded decision here (JSON lines)")
    parser.add_argument(
        "--honest", type=int, default=0, metavar="N", help="also value each card by honest play over N deals"
    )
    parser.add_argument(
        "--uncalibrated", action="store_true", help="grade without analysis.calibration (rows to fit it on)"
    )
    parser.add_argument(
        "--report", type=Path, nargs="+", default=None, help="only report on rows written earlier by --out (pooled)"
    )
    parser.add_argument("--fit", action="store_true", help="with --report: fit the calibration on uncalibrated rows")
    parser.add_argument(
        "--calibration",
        type=Path,
        default=None,
        help="grade with the calibration in this JSON file (as --fit writes it) instead of analysis.calibration's",
    )
    args = parser.parse_args()
    if args.report is not None:
        lines = [line for path in args.report for line in path.read_text().splitlines()]
        # A run stopped at a deadline may end in half a line.
        rows = [Row(**json.loads(line)) for line in lines if line.startswith("{") and line.endswith("}")]
        per_seat_hand = [float(x) for line in lines[:-1] if line.startswith("#") for x in line[1:].split()]
        deals = len({r.cluster for r in rows})
        print(f"{len(rows)} graded decisions in {deals} deals, from {', '.join(map(str, args.report))}")
    else:
        rows, per_seat_hand = play_all(args)
    if args.fit:
        fitted = fit(rows)
        print(json.dumps(calibration_dict(fitted)))
        if args.out is not None:
            args.out.write_text(json.dumps(calibration_dict(fitted), indent=1) + "\n")
    else:
        report(rows, per_seat_hand)


def play_all(args: argparse.Namespace) -> tuple[list[Row], list[float]]:
    """Play and grade the deals, each written to ``--out`` as it is done (a long run
    stopped early can still be reported on); the rows and the ms per seat-hand."""
    calibration = UNCALIBRATED if args.uncalibrated else FITTED
    if args.calibration is not None:
        calibration = read_calibration(args.calibration)
    calibrated = calibration != UNCALIBRATED
    tasks = [
        Task(args.seed, n, args.budget, args.novice, args.honest, calibration, args.erring) for n in range(args.deals)
    ]
    began = time.perf_counter()
    rows: list[Row] = []
    per_seat_hand: list[float] = []
    out = None if args.out is None else args.out.open("w")
    with multiprocessing.Pool(args.jobs) as pool:
        for part, spent in pool.imap(play_and_grade, tasks, chunksize=1):
            rows += part
            per_seat_hand += [s * 1000 for s in spent]
            if out is not None:
                out.write("".join(json.dumps(r.__dict__) + "\n" for r in part))
                out.write("# " + " ".join(f"{s * 1000:.1f}" for s in spent) + "\n")
                out.flush()
    wall = time.perf_counter() - began
    print(
        f"{len(rows)} graded decisions in {args.deals} deals (seed {args.seed}, {args.budget} sampled deals each, "
        f"{_table(args)} at random scores, "
        f"{('calibrated: ' + json.dumps(calibration_dict(calibration))) if calibrated else 'uncalibrated'}; "
        f"{wall:.0f} s wall, {args.jobs} process(es))"
    )
    return rows, per_seat_hand


def _table(args: argparse.Namespace) -> str:
    if args.erring:
        return f"four Advanced players, one erring at random with chance {args.erring} (its decisions graded)"
    return "Advanced and Novice players" if args.novice else "four Advanced players"


def report(rows: list[Row], per_seat_hand: list[float]) -> None:
    if per_seat_hand:  # rows written without their times have none
        print(
            f"\nTime to grade one seat's decisions of a hand, CPU ms ({len(per_seat_hand)} seat-hands): "
            f"median {statistics.median(per_seat_hand):.0f}, p95 {percentile(per_seat_hand, 0.95):.0f}, "
            f"p99 {percentile(per_seat_hand, 0.99):.0f}, max {max(per_seat_hand):.0f}"
        )
    print("\nCalibration: actual points of the hand minus the predicted expected points of the choice made")
    print(f"  {'decisions':22} {'n':>6}")
    print(bias_line("all", rows))
    for label in ("kind", "player", "grade"):
        groups: dict[str, list[Row]] = defaultdict(list)
        for row in rows:
            groups[getattr(row, label)].append(row)
        for name, group in sorted(groups.items()):
            print(bias_line(f"{label}: {name}", group))
    played = [r for r in rows if r.honest is not None]
    if played:
        print("\nCards valued both ways (the rest of the hand double-dummy, and played honestly):")
        for name in ("lead", "following"):
            group = [r for r in played if r.kind == name]
            if len(group) > 1:
                print(bias_line(f"{name}, double-dummy", group))
                print(bias_line(f"{name}, honest", [replace(r, predicted=r.honest or 0.0) for r in group]))
    print("\nThe two sides' expectations of one position (zero-sum: should sum to about 0):")
    print(side_sum_line(rows))
    print(
        "\nLosses, checked by playing the hand again from the decision with the best choice (same players):"
        "\n  predicted loss against the realised one (best line's points minus the real line's), paired per deal"
    )
    players = sorted({r.player for r in rows})
    for player in players if len(players) > 1 else ["all"]:
        if player != "all":
            print(f"  decisions of the {player} players:")
        for name in ("close", "good", "inaccuracy", "mistake", "blunder", "all"):
            group = [r for r in rows if r.actual_best is not None and name in ("all", r.grade)]
            group = [r for r in group if player in ("all", r.player)]
            if len(group) > 1:
                print(loss_line(name, group))
    lost: dict[str, float] = defaultdict(float)
    for row in rows:
        lost[row.player] += row.best - row.predicted
    print("\nPoints lost per hand by the graded decisions of each side (the judge's view):")
    for player, total in sorted(lost.items()):
        print(f"  {player:10} {total / len({r.deal for r in rows}):.3f}")


# A kind of decision with fewer replays than this takes the scale fitted on all of them.
FEWEST_REPLAYS = 150


def fit(rows: list[Row]) -> Calibration:
    """The calibration's figures (``analysis.calibration``), from rows graded without it.

    Each kind's loss scale: realised loss over predicted, by least squares through the
    origin over the replays of that kind from every table given (a kind with fewer than
    ``FEWEST_REPLAYS``: all replays' scale), its 95% interval by resampling deals. Then
    each kind's offset, the mean of what the hand gave minus the shrunk prediction, over
    the four-Advanced table's rows only (the others are there for their losses; their
    players are not what the judge takes them for), kept where its interval is clear of 0.
    The certain part of a loss (shown in every deal) is taken as none: it is none in
    almost every decision played, and kept whole where it is not."""
    if any(r.calibrated for r in rows):
        raise SystemExit("fit on rows graded --uncalibrated: these were graded with the calibration")
    replays = [r for r in rows if r.actual_best is not None]
    loss_scale = _scale_line("all kinds", replays)
    for table in sorted({_table_of(r) for r in replays}):
        _scale_line(f"  {table} table", [r for r in replays if _table_of(r) == table])
    scales: dict[DecisionKind, float] = {}
    for kind in DecisionKind:
        group = [r for r in replays if r.kind == kind.value]
        if len(group) >= FEWEST_REPLAYS:
            scales[kind] = round(_scale_line(str(kind), group), 2)
            for table in sorted({_table_of(r) for r in group}):
                _scale_line(f"  {table} table", [r for r in group if _table_of(r) == table])
        elif group:
            print(f"  {kind}: {len(group)} replays, too few: the scale of all kinds")
    offsets: dict[DecisionKind, float] = {}
    equal = [r for r in rows if _table_of(r) == "advanced"]
    print(f"offsets, over the four-Advanced table's {len(equal)} decisions:")
    for kind in DecisionKind:
        group = [r for r in equal if r.kind == kind.value]
        if len(group) < 2:
            continue
        scale = scales.get(kind, loss_scale)
        shrunk = [r.best - scale * (r.best - r.predicted) for r in group]
        offset, half = clustered([(r.cluster, r.actual - p) for r, p in zip(group, shrunk, strict=True)])
        kept = abs(offset) > half
        verdict = "kept" if kept else "not clear of 0: none"
        print(f"  offset {kind!s:12} {len(group):5}  {offset:+.3f} ± {half:.3f}  {verdict}")
        if kept:
            offsets[kind] = round(offset, 2)
    return Calibration(loss_scale=round(loss_scale, 2), offsets=offsets, loss_scales=scales)


def _table_of(row: Row) -> str:
    """Rows written before ``Row.table``: the erring seat's name says its table; the others
    were four Advanced players unless Novice ones graded beside them (then unknown: "")."""
    if row.table:
        return row.table
    return "erring" if row.player == "erring" else "advanced" if row.player == "advanced" else "novice"


def _scale_line(label: str, replays: list[Row]) -> float:
    """Least squares through the origin of realised on predicted losses (points), printed
    with its 95% interval by resampling deals."""

    def scale(sample: list[Row]) -> float:
        predicted = [r.best - r.predicted for r in sample]
        realised = [float((r.actual_best or 0) - r.actual) for r in sample]
        return sum(p * q for p, q in zip(predicted, realised, strict=True)) / sum(p * p for p in predicted)

    by_deal: dict[tuple[int, int], list[Row]] = defaultdict(list)
    for row in replays:
        by_deal[row.cluster].append(row)
    deals = list(by_deal)
    rng = random.Random(0)
    resampled = sorted(scale([r for d in rng.choices(deals, k=len(deals)) for r in by_deal[d]]) for _ in range(400))
    fitted = scale(replays)
    print(
        f"loss scale, {label}: {fitted:.3f} (95%: {resampled[10]:.3f} to {resampled[389]:.3f}) "
        f"over {len(replays)} replays in {len(deals)} deals"
    )
    return fitted


def calibration_dict(calibration: Calibration) -> dict[str, object]:
    """A calibration as --fit writes it and --calibration reads it."""
    return {
        "loss_scale": calibration.loss_scale,
        "loss_scales": {str(k): v for k, v in calibration.loss_scales.items()},
        "offsets": {str(k): v for k, v in calibration.offsets.items()},
    }


def read_calibration(path: Path) -> Calibration:
    data = json.loads(path.read_text())
    return Calibration(
        loss_scale=float(data["loss_scale"]),
        offsets={DecisionKind(k): float(v) for k, v in data["offsets"].items()},
        loss_scales={DecisionKind(k): float(v) for k, v in data["loss_scales"].items()},
    )


if __name__ == "__main__":
    main()
