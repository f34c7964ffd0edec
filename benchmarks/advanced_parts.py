"""Where the Advanced player's edge over Novice comes from (prints figures; not pass/fail).

    python benchmarks/advanced_parts.py [--hands 2000] [--jobs 2] [--seed 1] [--parts bid,play,oracle-bid,oracle-play]

Each part is a player that bids one way and plays another, against Novice over
duplicate deals:

- ``bid``: Advanced bids (and discards, defends alone), Novice plays the cards;
- ``play``: Novice bids, Advanced plays the cards;
- ``oracle-bid`` / ``oracle-play``: the same with the Oracle ("They see all") in
  Advanced's place: how much the part could gain if the hidden cards were known.

The two honest parts add up to about the whole player's edge, so they say which half
to work on; the oracle parts bound what better inference could buy.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.engine.ai.advanced import AdvancedPlayer, OraclePlayer
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import ComputerPlayer, Decision
from euchre_qt.engine.view import Phase, SeatView
from euchre_qt.tools.arena import run_match

_BIDDING = (Phase.BIDDING_1, Phase.BIDDING_2)


class SplitPlayer(ComputerPlayer):
    """Bids with one player, plays the cards with another."""

    name = "split"

    def __init__(self, seed: int, bidder: ComputerPlayer, card_player: ComputerPlayer) -> None:
        super().__init__(seed)
        self.bidder, self.card_player = bidder, card_player
        self.sees_all = bidder.sees_all or card_player.sees_all

    def decide(self, view: SeatView) -> Decision:
        return (self.card_player if view.phase is Phase.PLAY else self.bidder).decide(view)


def split(part: str, seed: int) -> SplitPlayer:
    """The player of one part (see the module notes); module-level so it can be pickled."""
    strong = OraclePlayer(seed) if part.startswith("oracle") else AdvancedPlayer(seed)
    novice = NovicePlayer(seed)
    if part.endswith("bid"):
        return SplitPlayer(seed, strong, novice)
    return SplitPlayer(seed, novice, strong)


PARTS = ("bid", "play", "oracle-bid", "oracle-play")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--parts", default=",".join(PARTS), help=f"comma-separated, of: {', '.join(PARTS)}")
    args = parser.parse_args()
    for part in args.parts.split(","):
        if part not in PARTS:
            parser.error(f"unknown part {part!r}")
        started = time.perf_counter()
        result = run_match(functools.partial(split, part), "novice", hands=args.hands, seed=args.seed, jobs=args.jobs)
        line = next(line for line in result.report().splitlines() if "mean points" in line)
        print(f"{part:12} {line.strip()}  ({time.perf_counter() - started:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
