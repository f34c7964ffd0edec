"""Variants of the Advanced player side by side, on the same duplicate deals (prints figures).

    python benchmarks/advanced_variants.py --against novice --deals 2000 --seed 301 \
        --variant base '{}' --variant ties '{"tie_errors": 2}' [--jobs 2]

Each variant (a name and the Advanced player's keyword arguments as JSON) plays every deal
twice against ``--against`` (a player's name, or ``ismcts:N``: then under OpenSpiel's
rules), the teams swapping seats, exactly as the arena does (``arena.deal_for``: the same
deals for every variant). Prints each variant's mean points per hand with a 95% interval,
and each variant's difference from the first, paired deal by deal (the luck of the cards
cancels twice over), with its interval.

A variant's ``"sees_all_when": ["bidding"]`` (or ``["play"]``, the discard and the tricks;
or ``["tricks"]``; in the tricks only from ``"from_trick"`` to before ``"to_trick"``, counted
from 0, and only its ``"cards"``: ``"leads"`` or ``"follows"``) shows it every hand there
only (``SeesAllWhen``): what knowing the hidden cards is worth, phase by phase.

``--bid-only``: the variants differ only in how they bid (as ``{"bid_model": "off"}`` and ``"decides"`` do).
Every other decision, and every decision of the opponents, is then the same player's
answer to the same view, so it is worked out once per deal and copy and shared by the
variants: where no bid differs the hands are the same, and the run takes about half the
time (an opponent that is not reproducible to the move, as ISMCTS, then answers a view
the same way for every variant, which takes its own noise out of the difference).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine.actions import Action
from euchre_qt.engine.ai.advanced import AdvancedPlayer, OraclePlayer
from euchre_qt.engine.ai.player import Decision, Player
from euchre_qt.engine.rules import Rules
from euchre_qt.engine.view import Phase, SeatView
from euchre_qt.tools.arena import deal_for, make_arena_player, play_hand, table_rules

Z95 = 1.96


def advanced(seed: int, options: dict[str, Any]) -> Player:
    """The Advanced player with ``options``; ``"sees_all_when"`` (a list of "bidding",
    "play") makes it the player that sees every hand in those phases and only its own in
    the others: what knowing the hidden cards is worth, phase by phase."""
    options = dict(options)
    phases = options.pop("sees_all_when", None)
    tricks = range(options.pop("from_trick", 0), options.pop("to_trick", 5))
    cards = options.pop("cards", "all")
    if phases is None:
        return AdvancedPlayer(seed=seed, **options)
    return SeesAllWhen(seed, options, frozenset(p for name in phases for p in PHASES[name]), tricks, cards)


PHASES = {
    "bidding": (Phase.BIDDING_1, Phase.BIDDING_2, Phase.DEFEND),
    "play": (Phase.DISCARD, Phase.PLAY),
    "tricks": (Phase.PLAY,),
}


class SeesAllWhen:
    """Advanced, seeing every hand in ``phases`` (as They see all does; in the play only in
    ``tricks``, counted from 0, and only its ``cards``: all, leads or follows) and in the
    others only its own."""

    name = "advanced"
    sees_all = True  # handed every hand; passes it on only in ``phases``

    def __init__(
        self, seed: int, options: dict[str, Any], phases: frozenset[Phase], tricks: range, cards: str = "all"
    ) -> None:
        self.honest = AdvancedPlayer(seed=seed, **options)
        self.seeing = OraclePlayer(seed=seed, **options)
        self.phases = phases
        self.tricks = tricks
        self.cards = cards  # "all", or only "leads" or "follows"

    def _sees(self, view: SeatView) -> bool:
        if view.phase is not Phase.PLAY:
            return view.phase in self.phases
        kind = "follows" if view.trick else "leads"
        return Phase.PLAY in self.phases and len(view.tricks) in self.tricks and self.cards in ("all", kind)

    def choose(self, view: SeatView) -> Action:
        if self._sees(view):
            return self.seeing.choose(view)
        return self.honest.choose(replace(view, revealed_hands=None))

    def decide(self, view: SeatView) -> Decision:
        return self.honest.decide(replace(view, revealed_hands=None))


BIDDING = frozenset({Phase.BIDDING_1, Phase.BIDDING_2})
Shared = dict[tuple[int, SeatView], Action]


class SharedAnswers:
    """``player``, its answers to views outside ``own`` phases taken from (and written to)
    ``shared`` (``--bid-only``), keyed by the copy of the deal and the view."""

    def __init__(self, player: Player, copy: int, shared: Shared, own: frozenset[Phase]) -> None:
        self.player, self.copy, self.shared, self.own = player, copy, shared, own
        self.name, self.sees_all = player.name, player.sees_all

    def choose(self, view: SeatView) -> Action:
        if view.phase in self.own:
            return self.player.choose(view)
        key = (self.copy, view)
        if key not in self.shared:
            self.shared[key] = self.player.choose(view)
        return self.shared[key]

    def decide(self, view: SeatView) -> Decision:
        return self.player.decide(view)


def margin(deal: int, seed: int, options: dict[str, Any], against: str, shared: Shared | None = None) -> float:
    """The variant's points minus the other side's, per hand, over the deal's two copies
    (``shared``: the answers shared between variants that differ only in bidding)."""
    total = 0
    for copy in (0, 1):
        a: Player = advanced(seed * 1000 + copy, options)
        b: Player = make_arena_player(against, seed=seed * 1000 + copy + 500)
        if shared is not None:
            a, b = SharedAnswers(a, copy, shared, BIDDING), SharedAnswers(b, copy, shared, frozenset())
        players = (a, b, a, b) if copy == 0 else (b, a, b, a)
        state = play_hand(deal_for(seed, deal, rules_against(against)), players, deal, copy)
        outcome = state.result
        assert outcome is not None
        team = 0 if copy == 0 else 1
        total += outcome.points[team] - outcome.points[1 - team]
    return total / 2


def rules_against(against: str) -> Rules:
    """The standard game, or the rules the arena plays against ``against`` (OpenSpiel's
    against ``ismcts:N``)."""
    rules, _ = table_rules("advanced", against, None, False)
    return rules or Rules()


def run_chunk(task: tuple[Sequence[int], int, list[dict[str, Any]], str, bool]) -> list[list[float]]:
    deals, seed, variants, against, bid_only = task
    rows = []
    for d in deals:
        shared: Shared | None = {} if bid_only else None
        rows.append([margin(d, seed, v, against, shared) for v in variants])
    return rows


def interval(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, Z95 * math.sqrt(variance / n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--against", default="novice")
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=301)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", nargs=2, action="append", metavar=("NAME", "JSON"), required=True)
    parser.add_argument("--bid-only", action="store_true", help="the variants differ only in bidding: share the rest")
    args = parser.parse_args()
    names = [name for name, _ in args.variant]
    variants = [json.loads(text) for _, text in args.variant]
    parts = max(args.jobs * 8, args.deals // 25)
    chunks = [list(range(i, args.deals, parts)) for i in range(parts)]
    began = time.perf_counter()
    rows: list[list[float]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for part in pool.map(run_chunk, [(c, args.seed, variants, args.against, args.bid_only) for c in chunks]):
            rows += part
            # a running report, so that a long run stopped at a time limit still says something
            report(rows, names, args.against, args.seed, time.perf_counter() - began)


def report(rows: Sequence[Sequence[float]], names: Sequence[str], against: str, seed: int, seconds: float) -> None:
    print(f"{len(rows)} deals x 2 copies against {against}, seed {seed}, {seconds:.0f} s", flush=True)
    for i, name in enumerate(names):
        mean, half = interval([r[i] for r in rows])
        line = f"{name:>12}: {mean:+.3f} ± {half:.3f} points per hand"
        if i:
            diff, diff_half = interval([r[i] - r[0] for r in rows])
            line += f"   vs {names[0]}: {diff:+.3f} ± {diff_half:.3f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
