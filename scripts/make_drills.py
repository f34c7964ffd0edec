"""Make the drills shipped in resources/drills/drills.json (docs/learning.md).

    nice python scripts/make_drills.py --seed 1 --per-theme 40 --out resources/drills/drills.json

First every stated decision of the EGN example records in tests/data/egn (public
tournament games, Apache-2.0), then decisions of deals played by four Advanced computer
players, until each theme has ``--per-theme`` drills. A position is screened over a few
deals at ``--seed`` and kept only if its answer is clearly best over 4,096 deals at
``--seed + 1`` (euchre_qt/drills/judging.py). The file is rewritten as drills come, so a
run stopped early leaves what it made.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from euchre_qt.drills.judging import CONFIRM_DEALS  # noqa: E402
from euchre_qt.drills.making import Maker, generated_candidates, record_candidates  # noqa: E402
from euchre_qt.drills.shelf import Shelf  # noqa: E402

RECORDS = ROOT / "tests" / "data" / "egn"
SOURCES = {
    "generated": "Deals dealt from the seed and played by four of euchre-qt's Advanced computer players.",
    "egn": (
        "The example games of the Euchre Game Notation (EGN) specification, "
        "https://github.com/NextSuit-Labs/euchre-game-notation (examples/), some of them Euchre.com tournament "
        "games: Copyright 2026 Write Words - Make Magic, LLC, licensed under the Apache License 2.0 "
        "(resources/drills/LICENSE-EGN and NOTICE). The drills keep only positions of those games (the cards and "
        "the moves before a decision), with our figures."
    ),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the drills: honest positions by theme, as data.")
    parser.add_argument("--seed", type=int, default=1, help="screening seed; the judging uses seed + 1")
    parser.add_argument("--per-theme", type=int, default=40, help="drills wanted for each theme")
    parser.add_argument("--out", type=Path, default=ROOT / "resources" / "drills" / "drills.json")
    parser.add_argument("--no-records", action="store_true", help="generated deals only")
    args = parser.parse_args(argv)
    began = time.monotonic()

    def report(line: str) -> None:
        print(f"{time.monotonic() - began:7.1f}s  {line}", flush=True)
        write(args.out, Shelf(tuple(maker.drills), args.seed, CONFIRM_DEALS, SOURCES))

    maker = Maker(args.per_theme, args.seed, report)
    if not args.no_records:
        maker.take(record_candidates(sorted(RECORDS.glob("*.egn"))))
        print(f"from the records: {len(maker.drills)} drills", flush=True)
    maker.take(generated_candidates(args.seed, maker.wants))
    write(args.out, Shelf(tuple(maker.drills), args.seed, CONFIRM_DEALS, SOURCES))
    counts = ", ".join(f"{theme} {n}" for theme, n in sorted(maker.count.items()))
    print(f"{len(maker.drills)} drills of {maker.considered} positions judged: {counts}")
    return 0


def write(path: Path, shelf: Shelf) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(shelf.dumps(), encoding="utf-8")
    tmp.replace(path)


if __name__ == "__main__":
    sys.exit(main())
