"""Is Advanced's bar over passing right, judged by real play? (prints figures; not pass/fail)

    python benchmarks/advanced_bid_rollouts.py [--deals 2000] [--seed 11] [--jobs 2]
        [--variant '{"max_bid_worlds": 16}' ...]

Advanced plays ``--deals`` duplicate deals against Novice (standard rules). At each of its
bidding decisions that it weighs (a bid against passing), the action it did not take is
played out from the same position by the same players, so both choices have a real
value: the points the hand ended with for its side, against these opponents and with
this partner. Advanced bids when its best bid's estimate beats passing's by ``bar``; the
report shows, per round and seat, how the points would change with other bars, and how
far the real difference between bidding and passing lies from the estimated one.

The players bid by the search alone (``bid_model="off"``), as when this was written; the
learned model (``{"bid_model": "decides"}``) can be asked as a variant.

Each ``--variant`` (keyword arguments for ``AdvancedPlayer``, as JSON) is asked the same
decisions; where it chooses otherwise, its choice is played out too, and the report says
what it would have gained per hand (95% interval, paired decision by decision). Only the
one decision changes: the rest of the hand is played by the players as they are.

Unlike ``advanced_regret.py`` nothing here is double-dummy: the values include every
misplay the real players would go on to make. Each value is one play-out of one deal, so
only totals over many decisions mean anything.

Found with it (November 2026, 2,000 deals, 5,345 decisions): the bar of 0.4 is the best
single bar. A bar per round and seat would gain about 50 points in 4,000 hands (0.012 a
hand), within noise. Bidding, valued by real play, differs from passing by 0.24 points
less than estimated (0.12 for first seat, 0.36 for the dealer's partner and in round 2),
which is the double-dummy optimism the bar is there for.

Later, the same play-outs with other settings asked the same decisions (the idea behind
``--variant``; standard rules, 2,700 deals, 7,047 decisions, two seeds): judging a bid over
up to 96 deals where the choice is close, instead of 16, gained 0.031 points a hand; with
the bar at 0.5, 0.038 (0.4: 0.031, 0.6: 0.031).
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import multiprocessing
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine import HandState, Phase
from euchre_qt.engine import actions as act
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.bid_weighing import Weighing
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import Player
from euchre_qt.engine.cards import Suit
from euchre_qt.engine.view import SeatView
from euchre_qt.tools.arena import deal_for

BARS = [x / 10 for x in range(-10, 16, 2)]


@dataclass(frozen=True)
class Weighed:
    """One bidding decision: its estimated edge of bidding over passing and both real values."""

    group: str  # "round 1, seat 2": seats counted from the dealer's left (0) to the dealer (3)
    estimated: float  # best bid's value minus passing's, as Advanced saw it
    bid: int  # real points for the decider's side had it bid
    passed: int  # ... had it passed
    real: int  # the points it did get (``bid`` or ``passed``)
    variants: tuple[int, ...]  # ... had each variant chosen as it would


class _Recording(AdvancedPlayer):
    """Advanced, remembering how it weighed its last bid."""

    weighed: Weighing | None = None

    def _weigh_bids(self, view: SeatView, suits: Sequence[Suit], must_bid: bool) -> Weighing:
        self.weighed = super()._weigh_bids(view, suits, must_bid)
        return self.weighed


def _finish(state: HandState, players: Sequence[Player]) -> HandState:
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        state = state.apply(players[seat].choose(state.view(seat)))
    return state


def _points(state: HandState, team: int) -> int:
    assert state.result is not None
    return state.result.points[team] - state.result.points[1 - team]


def _deal(seed: int, variants: Sequence[dict[str, object]], number: int) -> list[Weighed]:
    # the search's own bidding, whose bar this judges (the learned model: a --variant)
    recording, novice = _Recording(1, bid_model="off"), NovicePlayer(1)
    plain = AdvancedPlayer(1, bid_model="off")
    askers = [AdvancedPlayer(1, **{"bid_model": "off", **kwargs}) for kwargs in variants]  # type: ignore[arg-type]
    found: list[Weighed] = []
    for copy in (0, 1):
        pair: list[Player] = [recording, novice] if copy == 0 else [novice, recording]
        seats = pair * 2
        others: list[Player] = [plain if p is recording else p for p in seats]
        state = deal_for(seed, number, None)
        pending: list[tuple[str, float, bool, int, int, list[int | None]]] = []
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            recording.weighed = None
            view = state.view(seat)
            action = seats[seat].choose(view)
            weighed = recording.weighed
            if weighed is not None and weighed.passing is not None:  # only Advanced sets it
                bid = action.kind is not act.ActionKind.PASS
                other_action = act.PASS if bid else weighed.action
                other = _points(_finish(state.apply(other_action), others), seat.team)
                chosen: list[int | None] = []
                for asker in askers:
                    choice = asker.choose(view)
                    if choice == action:
                        chosen.append(None)  # the real result, known at the end
                    elif choice == other_action:
                        chosen.append(other)
                    else:
                        chosen.append(_points(_finish(state.apply(choice), others), seat.team))
                round_no = 1 if state.phase is Phase.BIDDING_1 else 2
                where = (int(seat) - int(state.dealer) - 1) % 4
                group = f"round {round_no}, seat {where}"
                edge = weighed.value - weighed.passing.points
                pending.append((group, edge, bid, seat.team, other, chosen))
            state = state.apply(action)
        for group, estimated, bid, team, other_points, chosen in pending:
            real = _points(state, team)
            found.append(
                Weighed(
                    group,
                    estimated,
                    real if bid else other_points,
                    other_points if bid else real,
                    real,
                    tuple(real if c is None else c for c in chosen),
                )
            )
    return found


def _total(decisions: Sequence[Weighed], bar: float) -> int:
    return sum(d.bid if d.estimated > bar else d.passed for d in decisions)


def report(decisions: Sequence[Weighed], hands: int, bar: float) -> None:
    groups: dict[str, list[Weighed]] = defaultdict(list)
    for d in decisions:
        groups[d.group].append(d)
        groups["all"].append(d)
    print(f"{len(decisions)} weighed bidding decisions in {hands} hands; points gained per 1,000 hands with bar:")
    print(f"{'':19}" + "".join(f"{b:+7.1f}" for b in BARS) + "   real - estimated edge")
    for name in sorted(groups):
        group = groups[name]
        now = _total(group, bar)
        gains = "".join(f"{(_total(group, b) - now) * 1000 / hands:+7.0f}" for b in BARS)
        bias = statistics.mean(d.bid - d.passed - d.estimated for d in group)
        print(f"{name:14} {len(group):4}" + gains + f"   {bias:+.3f}")


def paired_gain(gains: Sequence[int], hands: int) -> tuple[float, float]:
    """Points gained per hand over the decisions, and the half-width of its 95% interval
    (paired decision by decision)."""
    n = len(gains)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / max(n - 1, 1))
    return sum(gains) / hands, 1.96 * spread * math.sqrt(n) / hands


def report_variants(decisions: Sequence[Weighed], hands: int, variants: Sequence[dict[str, object]]) -> None:
    for i, kwargs in enumerate(variants):
        gains = [d.variants[i] - d.real for d in decisions]
        per_hand, half = paired_gain(gains, hands)
        changed = sum(1 for g in gains if g)
        print(
            f"variant {json.dumps(kwargs)}: {per_hand:+.4f} ± {half:.4f} "
            f"points per hand ({changed} of {len(gains)} decisions scored differently)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--variant", action="append", default=[], type=json.loads, help="AdvancedPlayer kwargs")
    args = parser.parse_args()
    with multiprocessing.Pool(args.jobs) as pool:
        parts = pool.map(functools.partial(_deal, args.seed, args.variant), range(args.deals), chunksize=4)
    decisions = [d for part in parts for d in part]
    report(decisions, 2 * args.deals, AdvancedPlayer().base_bar)
    report_variants(decisions, 2 * args.deals, args.variant)


if __name__ == "__main__":
    main()
