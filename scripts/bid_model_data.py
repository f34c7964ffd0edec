"""Training data for the learned bid model (``euchre_qt/engine/ai/bid_value.py``).

    python scripts/bid_model_data.py --seed 9001 --deals 3000 --out bid_data.jsonl [--start 0]

Hands are played by honest players, every seat choosing from its own view: half of the
deals by four Advanced players, half by two Advanced against two Novices; half under the
standard rules, half under OpenSpiel's (stick the dealer, the up-card kept); half at 0-0,
half at a random score. At each bidding decision an Advanced player weighs (its best bid
against passing), the action it did not take is played out too, from the same position
by the same players, so both have a real outcome: the points the hand ended with for the
decider's side (the paired target). Where its best bid was alone, the same bid with
partner is played out as well. One line of JSON per decision, written as each deal ends,
so a run cut short keeps what it made.

The Advanced players bid and discard as the real player does, but choose their cards over
``CARD_DEALS`` deals a card instead of 160..960 (as ``analysis/honest_play.py`` does):
that is what makes the data cheap. ``--full-cards`` plays the cards as the real player
does, to check that the quick play-outs tell the same story.

``--weak-hands``: the data for the model of hands under ``bid_weighing.HOPELESS``, which
the player passes unweighed by default. The Advanced players weigh every hand
(``weigh_weak``: a weak hand's strongest suit) and only the decisions on weak hands are
kept and played out the other way. The weak hands' model (``bid_value_weak_weights``) was
fitted to deals 0..15,999 of seed 9101 (13,639 decisions; 25 minutes of one core):

    python scripts/bid_model_data.py --seed 9101 --deals 16000 --weak-hands --out weak_data.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine import HandState
from euchre_qt.engine import actions as act
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.bid_value import position_facts
from euchre_qt.engine.ai.bid_weighing import HOPELESS, Weighing
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import Player
from euchre_qt.engine.cards import Suit
from euchre_qt.engine.rules import Rules
from euchre_qt.engine.view import SeatView
from euchre_qt.tools.arena import deal_for

CARD_DEALS = 8
# OpenSpiel's Euchre (tools/openspiel_bridge.OPENSPIEL_RULES, without importing OpenSpiel's bridge)
OPENSPIELS = Rules(stick_the_dealer=True, lone_defender=False, dealer_may_discard_up_card=False)


class _Recording(AdvancedPlayer):
    """Advanced, remembering how it weighed its last bid."""

    weighed: Weighing | None = None

    def _weigh_bids(self, view: SeatView, suits: Sequence[Suit], must_bid: bool) -> Weighing:
        self.weighed = super()._weigh_bids(view, suits, must_bid)
        return self.weighed


def _finish(state: HandState, players: Sequence[Player]) -> int:
    """The hand played out; points for team 0 minus team 1."""
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        state = state.apply(players[seat].choose(state.view(seat)))
    assert state.result is not None
    return state.result.points[0] - state.result.points[1]


def seated(advanced: Player, seed: int, number: int) -> tuple[list[Player], str]:
    """Deal ``number``'s four players, and the table's name: every other pair of deals four
    Advanced players ("advanced"), the others two Advanced against two Novices ("novice"),
    the Advanced pair sitting north-south and east-west by turns."""
    if (number // 2) % 2 == 0:
        return [advanced] * 4, "advanced"
    novice = NovicePlayer(seed * 7919 + number)
    pair: list[Player] = [advanced, novice] if (number // 4) % 2 == 0 else [novice, advanced]
    return pair * 2, "novice"


def deal_records(seed: int, number: int, full_cards: bool, weak_hands: bool = False) -> list[dict[str, object]]:
    """Every weighed bidding decision of deal ``number``, each with both outcomes
    (``weak_hands``: those on hands under ``HOPELESS``, every hand weighed)."""
    rng = random.Random(f"euchre-qt bid model:{seed}:{number}")
    rules = Rules() if number % 2 == 0 else OPENSPIELS
    scores = (0, 0) if rng.random() < 0.5 else (rng.randrange(10), rng.randrange(10))
    quick = {} if full_cards else {"worlds": CARD_DEALS, "max_worlds": CARD_DEALS}
    # the search's own bidding, whatever the player's default: the data must not depend on the model
    advanced = _Recording(seed * 7919 + number, bid_model="off", weigh_weak=weak_hands, **quick)  # type: ignore[arg-type]
    players, table = seated(advanced, seed, number)
    state = deal_for(seed, number, rules, scores)
    pending: list[dict[str, object]] = []
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        advanced.weighed = None
        view = state.view(seat)
        action = players[seat].choose(view)
        weighed = advanced.weighed
        weighed_here = players[seat] is advanced and weighed is not None and weighed.passing is not None
        if weighed_here and weighed is not None and (not weak_hands or position_facts(view, weighed)["own"] < HOPELESS):
            sign = 1 if seat.team == 0 else -1
            bid = action.kind is not act.ActionKind.PASS
            other = act.PASS if bid else weighed.action
            record: dict[str, object] = {
                "seed": seed,
                "deal": number,
                "table": table,
                "rules": "standard" if number % 2 == 0 else "openspiel",
                "scores": [view.our_score, view.their_score],
                "target": view.rules.points_to_win,
                "bid": bid,
                "facts": position_facts(view, weighed),
                "other": sign * _finish(state.apply(other), players),
                "sign": sign,
            }
            if weighed.action.alone:
                partner = weighed.action._replace(alone=False)
                if partner in view.legal_actions:
                    record["with_partner"] = sign * _finish(state.apply(partner), players)
            pending.append(record)
        state = state.apply(action)
    assert state.result is not None
    final = state.result.points[0] - state.result.points[1]
    for record in pending:
        real = int(record.pop("sign")) * final  # type: ignore[call-overload]
        bid_points, pass_points = (real, record["other"]) if record["bid"] else (record["other"], real)
        record["bid_points"], record["pass_points"] = bid_points, pass_points
    return pending


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--full-cards", action="store_true", help="play the cards as the real player does")
    parser.add_argument(
        "--weak-hands", action="store_true", help=f"only hands under HOPELESS ({HOPELESS}), all weighed"
    )
    args = parser.parse_args()
    numbers = range(args.start, args.start + args.deals)
    write_deals(args.out, numbers, lambda n: deal_records(args.seed, n, args.full_cards, args.weak_hands), "decisions")


def write_deals(path: Path, numbers: range, records: Callable[[int], list[dict[str, object]]], what: str) -> None:
    """Append ``records(n)`` for each deal number to ``path``, a line of JSON each, flushed as
    each deal ends (a run cut short keeps what it made); progress every 50 deals."""
    began = time.perf_counter()
    made = 0
    with path.open("a") as out:
        for done, number in enumerate(numbers, 1):
            for record in records(number):
                out.write(json.dumps(record) + "\n")
                made += 1
            out.flush()
            if done % 50 == 0:
                print(f"{done} deals, {made} {what}, {time.perf_counter() - began:.0f} s", flush=True)


if __name__ == "__main__":
    main()
