"""Advanced's card play (or with ``--discards``, the dealer's discard) judged by real play
(prints figures; not pass/fail).

    python benchmarks/advanced_play_rollouts.py [--deals 1200] [--seed 21] [--jobs 2]
        [--variant '{"max_worlds": 48}' --variant '{"sampler.POOL": 6}' ...] [--discards]

Advanced plays ``--deals`` duplicate deals against Novice (standard rules). At each of its
card decisions with a choice, the card it plays and each variant's card are played out
to the end of the hand by the same players from the same position, so each has a real
value: the points the hand ended with for Advanced's side. A variant's gain is the real
value of its card less that of the card played, summed over the decisions (95%
interval, paired decision by decision). Keys of a variant are keyword arguments of
``AdvancedPlayer``, or ``module.NAME`` for a constant of a module of
``euchre_qt.engine.ai`` (set only while the variant chooses).

Only the one decision changes; the rest of the hand is played by the players as they
are. Each value is one play-out of one deal, so only totals over many decisions mean
anything.

Found with it (November 2026; points a hand), against the player of the time:
- Card play (seed 21, 1,200 deals, 12,640 decisions): up to 96 deals per card instead
  of 48, +0.020 ± 0.027; 12 candidate deals per deal wanted instead of 6
  (``sampler.POOL``), +0.024 ± 0.030; reading an opponent dealer's unseen discard by a
  plain player's habit (a trial), +0.007 ± 0.019; no opponents' habits, -0.014 ± 0.033.
  The small corrections were flat: the hazard at 0 or 0.45, +0.001 and -0.005; the
  charge for leading away from trump to a calling partner at 0 or doubled, +0.000 and
  -0.002; the near-tie at 0 or 0.15, -0.002 and +0.001; an unhabitual play counting
  0.05 or 0.2 instead of 0.1, -0.008 and -0.001. The first two were kept once a faster
  sampler paid for them (the deals drawn half at a time).
- Discards (seed 31, 3,000 deals, 2,334 discards): searching 32 or 64 deals instead
  of discarding by the hand's shape, +0.0070 ± 0.0073 and +0.0075 ± 0.0063 (422 and 331
  discards changed). Kept, at up to 64.
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import multiprocessing
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from advanced_bid_rollouts import paired_gain  # a script beside this one

from euchre_qt.engine import HandState, Phase, Rules
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import Player
from euchre_qt.engine.view import SeatView
from euchre_qt.tools.arena import deal_for, play_hand

Variant = Mapping[str, Any]


@contextmanager
def patched(variant: Variant) -> Iterator[None]:
    """The variant's module constants set, for the duration."""
    saved = []
    for key, value in variant.items():
        if "." in key:
            name, attr = key.rsplit(".", 1)
            module = importlib.import_module(f"euchre_qt.engine.ai.{name}")
            saved.append((module, attr, getattr(module, attr)))
            setattr(module, attr, value)
    try:
        yield
    finally:
        for module, attr, value in reversed(saved):
            setattr(module, attr, value)


def variant_choice(player: AdvancedPlayer, variant: Variant, view: SeatView) -> int:
    with patched(variant):
        return list(view.legal_actions).index(player.choose(view))


def play_out(state: HandState, players: Sequence[Player], team: int) -> int:
    """The points ``team`` ends the hand with, less the other side's."""
    result = play_hand(state, players).result
    assert result is not None
    return result.points[team] - result.points[1 - team]


def one_deal(number: int, seed: int, variants: list[Variant], phase: Phase) -> list[list[tuple[int, bool]]]:
    """Per decision: each variant's gain over the card played, and whether it chose another."""
    advanced = AdvancedPlayer(seed * 2 + 1)
    novice = NovicePlayer(seed * 2 + 2)
    askers = [AdvancedPlayer(seed * 2 + 1, **{k: v for k, v in var.items() if "." not in k}) for var in variants]
    rows = []
    for copy in (0, 1):
        players = (advanced, novice, advanced, novice) if copy == 0 else (novice, advanced, novice, advanced)
        state: HandState = deal_for(seed, number, Rules())
        while not state.is_over:
            assert state.turn is not None
            seat = state.turn
            view = state.view(seat)
            choice = players[seat].choose(view)
            legal = list(view.legal_actions)
            if players[seat] is advanced and view.phase is phase and len(legal) > 1:
                mine = legal.index(choice)
                picks = [variant_choice(p, v, view) for p, v in zip(askers, variants, strict=True)]
                values = {i: play_out(state.apply(legal[i]), players, seat.team) for i in {mine, *picks}}
                rows.append([(values[i] - values[mine], i != mine) for i in picks])
            state = state.apply(choice)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=21)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--variant", action="append", default=[], type=json.loads)
    parser.add_argument("--discards", action="store_true", help="judge the dealer's discards instead")
    args = parser.parse_args()
    variants: list[Variant] = args.variant or [{"max_worlds": 48}]
    phase = Phase.DISCARD if args.discards else Phase.PLAY
    work = functools.partial(one_deal, seed=args.seed, variants=variants, phase=phase)
    with multiprocessing.Pool(args.jobs) as pool:
        rows = [row for deal in pool.imap(work, range(args.deals), chunksize=4) for row in deal]
    hands = 2 * args.deals
    what = "discards" if args.discards else "card decisions"
    print(f"{len(rows)} {what} with a choice in {hands} hands (seed {args.seed})")
    for i, variant in enumerate(variants):
        per_hand, half = paired_gain([row[i][0] for row in rows], hands)
        changed = sum(1 for row in rows if row[i][1])
        print(f"{json.dumps(variant)}: {per_hand:+.4f} ± {half:.4f} points a hand ({changed} cards chosen otherwise)")


if __name__ == "__main__":
    main()
