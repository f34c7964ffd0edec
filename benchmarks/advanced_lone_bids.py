"""Do the Advanced player's lone bids pay? Each replayed with partner (prints figures; not pass/fail).

    python benchmarks/advanced_lone_bids.py [--deals 1000] [--against novice] [--player advanced]
        [--partner novice] [--seed 31] [--jobs 1] [--scores random|zero]

The player (Advanced) and ``--against`` (any arena player: novice, oracle, ismcts:1000...)
play ``--deals`` duplicate deals: each twice, the player's side at south/north, then at
west/east, at a score drawn for the deal (each side 0 to 9 of 10, uniform: ``--scores zero``
for 0-0). Under the standard rules, or OpenSpiel's where an ISMCTS player sits (as the arena
does). Wherever the player goes alone, the rest of the hand is also played from the same
position with the same bid made with partner (same cards, same players, same seeds: the
players' decisions are seeded by the position), so each lone bid has a twin with partner.
``--partner`` seats another arena player opposite the player (by default the player
itself): a Novice there stands in for a learner, the partner a person is when the computer
goes alone and they sit out. Only the player's own bids are counted then.

It prints how often the player goes alone (its share of the player's bids, by round), the
mean points of its lone bids for the makers and of their twins with partner, the difference
with a 95% interval (paired bid by bid), the same in points at an even score (what the
points were worth at the hand's score: ``score_worth.ScoreWorth``), and all of it by the
makers' score. Unlike ``advanced_bid_rollouts.py`` (its ``--variant`` replays bid-or-pass
decisions against Novice; no variant can ask "the same bid with partner") this replays the
loner decision itself against any opponent, at the score.

Each replay is one play-out of one deal, so only totals over many bids mean anything; with
an ISMCTS opponent (whose ties fall differently from run to run) the twin's opponents are
not quite the same players, which adds noise but no bias.

Found with it (November 2026, the Advanced player of commit e89bc47, 1,000 deals, seed 31,
random scores): against Novice it went alone with 27.0% of its bids (round 1 28.8%, round 2
22.3%), and alone scored +0.41 ± 0.16 points a bid more than with partner (+0.49 ± 0.19 at
the score; 293 bids, none with the makers at 8-9). Against ISMCTS at 1,000 simulations
(OpenSpiel's rules) 25.9% alone, +0.40 ± 0.15 more (+0.50 ± 0.18 at the score; 379 bids).
"""

from __future__ import annotations

import argparse
import functools
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine import ActionKind, HandState, Phase, Rules
from euchre_qt.engine.ai.player import Player
from euchre_qt.engine.ai.score_worth import ScoreWorth
from euchre_qt.tools.arena import deal_for, make_arena_player, play_hand, table_rules
from euchre_qt.tools.ismcts import ismcts_simulations
from euchre_qt.tools.match_result import Z95

SCORE_BANDS = ((0, 5), (6, 7), (8, 9))  # the makers' score before the hand, of 10


@dataclass(frozen=True)
class LoneBid:
    round_no: int  # 1: ordered up, 2: called
    makers_score: int  # before the hand
    defenders_score: int
    alone: int  # the makers' points minus the defenders', played alone
    with_partner: int  # ... the same bid with partner
    alone_worth: float  # ``alone`` in points at an even score
    with_partner_worth: float


@dataclass
class DealFigures:
    bids: Counter[tuple[int, bool]]  # (round, alone) of the player's bids
    lone: list[LoneBid]


def _scores(seed: int, number: int, target: int, random_scores: bool) -> tuple[int, int]:
    if not random_scores:
        return (0, 0)
    rng = random.Random(f"euchre-qt lone bids:{seed}:scores {number}")
    return (rng.randrange(target), rng.randrange(target))


def _points(state: HandState, team: int) -> int:
    assert state.result is not None
    return state.result.points[team] - state.result.points[1 - team]


def _deal(
    player_name: str,
    against: str,
    partner_name: str | None,
    rules: Rules,
    seed: int,
    random_scores: bool,
    number: int,
) -> DealFigures:
    mine: Player = make_arena_player(player_name, seed=seed * 2 + 1)
    theirs: Player = make_arena_player(against, seed=seed * 2 + 2)
    opposite = mine if partner_name is None else make_arena_player(partner_name, seed=seed * 2 + 3)
    figures = DealFigures(Counter(), [])
    scores = _scores(seed, number, rules.points_to_win, random_scores)
    for copy in (0, 1):
        seats = [mine, theirs, opposite, theirs] if copy == 0 else [theirs, mine, theirs, opposite]
        state = deal_for(seed, number, rules, scores)
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            player = seats[seat]
            action = player.choose(state.view(seat, reveal=player.sees_all))
            if player is mine and action.kind in (ActionKind.ORDER_UP, ActionKind.CALL):
                round_no = 1 if state.phase is Phase.BIDDING_1 else 2
                figures.bids[(round_no, action.alone)] += 1
                if action.alone:
                    together = action._replace(alone=False)  # the same bid with partner
                    team = seat.team
                    worth = ScoreWorth(rules.points_to_win, state.scores[team], state.scores[1 - team])
                    alone_final = play_hand(state.apply(action), seats)
                    partner_final = play_hand(state.apply(together), seats)
                    alone, partner = _points(alone_final, team), _points(partner_final, team)
                    figures.lone.append(
                        LoneBid(
                            round_no,
                            state.scores[team],
                            state.scores[1 - team],
                            alone,
                            partner,
                            worth(alone),
                            worth(partner),
                        )
                    )
            state = state.apply(action)
    return figures


def _mean_ci(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return mean, half


def _line(label: str, bids: Sequence[LoneBid]) -> str:
    if not bids:
        return f"{label:14}{0:>6}"
    alone = statistics.fmean(b.alone for b in bids)
    partner = statistics.fmean(b.with_partner for b in bids)
    diff, half = _mean_ci([b.alone - b.with_partner for b in bids])
    worth_alone = statistics.fmean(b.alone_worth for b in bids)
    worth_partner = statistics.fmean(b.with_partner_worth for b in bids)
    worth, worth_half = _mean_ci([b.alone_worth - b.with_partner_worth for b in bids])
    return (
        f"{label:14}{len(bids):>6}{alone:>+8.2f}{partner:>+9.2f}{diff:>+9.3f} ± {half:<6.3f}"
        f"{worth_alone:>+9.2f}{worth_partner:>+9.2f}{worth:>+9.3f} ± {worth_half:.3f}"
    )


def report(figures: Sequence[DealFigures], title: str, elapsed: float) -> None:
    bids: Counter[tuple[int, bool]] = Counter()
    lone: list[LoneBid] = []
    for part in figures:
        bids.update(part.bids)
        lone += part.lone
    print(title)
    for round_no in (1, 2):
        made = bids[(round_no, False)] + bids[(round_no, True)]
        alone = bids[(round_no, True)]
        share = 100 * alone / made if made else 0.0
        print(f"round {round_no}: {made} bids, {alone} alone ({share:.1f}%)")
    made = sum(bids.values())
    alone = sum(n for (_, is_alone), n in bids.items() if is_alone)
    print(f"all:     {made} bids, {alone} alone ({100 * alone / made if made else 0.0:.1f}%)")
    print()
    print("the makers' points a hand: each lone bid, and the same bid with partner (95% intervals, paired);")
    print("then the same at the score: in points at an even score, what they were worth at the hand's score")
    print(f"{'':14}{'bids':>6}{'alone':>8}{'partner':>9}{'difference':>18}{'alone':>9}{'partner':>9}{'difference':>18}")
    print(_line("all", lone))
    for round_no in (1, 2):
        print(_line(f"round {round_no}", [b for b in lone if b.round_no == round_no]))
    for low, high in SCORE_BANDS:
        print(_line(f"makers {low}-{high}", [b for b in lone if low <= b.makers_score <= high]))
    outcomes = Counter("march" if b.alone == 4 else "made" if b.alone == 1 else "euchred" for b in lone)
    print(f"lone bids: {outcomes['march']} marched (4), {outcomes['made']} made (1), {outcomes['euchred']} euchred")
    print(f"time: {elapsed:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000, help="deals, each played twice (seats swapped)")
    parser.add_argument("--player", default="advanced", help="whose lone bids are replayed; default advanced")
    parser.add_argument("--against", default="novice", help="its opponents (an arena player); default novice")
    parser.add_argument("--partner", help="who sits opposite the player (an arena player); default the player")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scores", choices=("random", "zero"), default="random", help="the score of each deal")
    args = parser.parse_args()
    if args.partner is not None and ismcts_simulations(args.partner) is not None:
        parser.error("--partner: OpenSpiel's player sits only as an opponent (--against), whose rules the table plays")
    rules, said = table_rules(args.player, args.against, None, False)
    assert rules is not None
    began = time.perf_counter()
    work = functools.partial(_deal, args.player, args.against, args.partner, rules, args.seed, args.scores == "random")
    if args.jobs == 1:
        figures = [work(number) for number in range(args.deals)]
    else:
        with multiprocessing.Pool(args.jobs) as pool:
            figures = pool.map(work, range(args.deals), chunksize=8)
    scores = "each side's score drawn from 0-9" if args.scores == "random" else "0-0"
    partnered = "partner itself, both seats counted"
    if args.partner:
        partnered = f"partner {args.partner}, its own seat counted"
    title = (
        f"{args.player} ({partnered}) vs {args.against}, {args.deals} deals x 2 "
        f"(seats swapped), seed {args.seed}, {scores}; "
        f"rules: {said or rules.describe()}"
    )
    report(figures, title, time.perf_counter() - began)


if __name__ == "__main__":
    main()
