"""Fit how the Advanced player bids, as its partner reads it (``bidding_model.PARTNERSHIP``).

    python scripts/fit_partnership_style.py --seed 9301 --deals 4000 --out style.jsonl
    python scripts/fit_partnership_style.py --fit style.jsonl

The sampler reads a partner's bids and passes as a ``BidStyle``: it ordered up (or the
dealer picked up, or it called a suit) with probability ``sigmoid((points - threshold) /
spread)``, its point count read as ``bidding_model`` reads it. This plays the bidding of
deals by four of today's Advanced players (the standard rules; half at 0-0, half at a
random score) and writes each bid or pass as the factors the sampler would read from it
(``sampler._read_bid``): the point count and whether it was taken. ``--fit`` then finds
the thresholds (ordering away from the dealer's seat, the dealer's, calling) and the one
spread that make those bids most likely, as the sampler multiplies them, with the fitted
style's log-likelihood against ``PARTNERSHIP``'s. Pure Python; the same seed gives the
same data.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bid_model_data import write_deals

from euchre_qt.engine import actions as act
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.bidding_model import PARTNERSHIP, BidStyle, call_factor, factor_points, order_factor
from euchre_qt.engine.ai.masks import mask_of
from euchre_qt.engine.cards import Suit
from euchre_qt.engine.rules import Rules
from euchre_qt.engine.view import Phase
from euchre_qt.tools.arena import deal_for

KINDS = ("order", "dealer", "call")


def deal_records(seed: int, number: int) -> list[dict[str, object]]:
    """Each bid and pass of deal ``number``'s bidding, as the factors a partner reads."""
    rng = random.Random(f"euchre-qt partnership style:{seed}:{number}")
    scores = (0, 0) if rng.random() < 0.5 else (rng.randrange(10), rng.randrange(10))
    player = AdvancedPlayer(seed * 7919 + number)
    state = deal_for(seed, number, Rules(), scores)
    records: list[dict[str, object]] = []
    while state.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        action = player.choose(view)
        hand = mask_of(view.hand)
        if view.phase is Phase.BIDDING_1:
            factor = order_factor(view.up_card, seat, view.dealer, PARTNERSHIP)
            kind = "dealer" if seat is view.dealer else "order"
            taken = action.kind is act.ActionKind.ORDER_UP
            records.append({"kind": kind, "points": factor_points(hand, factor), "taken": taken})
        elif action.kind is act.ActionKind.CALL and action.suit is not None:
            points = factor_points(hand, call_factor(action.suit, PARTNERSHIP))
            records.append({"kind": "call", "points": points, "taken": True})
        elif act.PASS in view.legal_actions:  # (a dealer stuck with the bid says nothing by calling)
            for suit in Suit:
                if suit is not view.up_card.suit:
                    points = factor_points(hand, call_factor(suit, PARTNERSHIP))
                    records.append({"kind": "call", "points": points, "taken": False})
        state = state.apply(action)
    return records


def log_likelihood(rows: Sequence[tuple[str, float, bool]], style: BidStyle) -> float:
    thresholds = {"order": style.order, "dealer": style.dealer_order, "call": style.call}
    total = 0.0
    for kind, points, taken in rows:
        z = (points - thresholds[kind]) / style.spread
        # log sigmoid(z) or log(1 - sigmoid(z)), without overflow
        total -= math.log1p(math.exp(-abs(z))) + max(-z if taken else z, 0.0)
    return total


def fit(rows: Sequence[tuple[str, float, bool]]) -> BidStyle:
    """The style of greatest likelihood: each threshold on a 0.1 grid, the spread on a 0.05
    grid, by turns until nothing moves."""
    style = PARTNERSHIP
    for _ in range(20):
        before = style
        for field, grid in (
            ("order", [x / 10 for x in range(20, 140)]),
            ("dealer_order", [x / 10 for x in range(20, 140)]),
            ("call", [x / 10 for x in range(20, 140)]),
            ("spread", [x / 20 for x in range(2, 60)]),
        ):
            style = max(
                (dataclasses.replace(style, **{field: value}) for value in grid), key=lambda s: log_likelihood(rows, s)
            )
        if style == before:
            break
    return style


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=9301)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--deals", type=int, default=4000)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--fit", nargs="+", type=Path, help="fit the style to these data")
    args = parser.parse_args()
    if args.fit:
        lines = [json.loads(line) for path in args.fit for line in path.open() if line.strip()]
        rows = [(str(r["kind"]), float(r["points"]), bool(r["taken"])) for r in lines]
        for kind in KINDS:
            of_kind = [r for r in rows if r[0] == kind]
            print(f"{kind:7}: {len(of_kind)} factors, {sum(r[2] for r in of_kind)} taken")
        fitted = fit(rows)
        print(f"PARTNERSHIP now: {PARTNERSHIP}, log-likelihood {log_likelihood(rows, PARTNERSHIP):.1f}")
        print(f"fitted:          {fitted}, log-likelihood {log_likelihood(rows, fitted):.1f}")
        return
    if args.out is None:
        parser.error("--out (or --fit) is needed")
    write_deals(args.out, range(args.start, args.start + args.deals), lambda n: deal_records(args.seed, n), "factors")


if __name__ == "__main__":
    main()
