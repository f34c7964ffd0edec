"""``euchre-qt drills``: practise the drills in a terminal, see the progress, or judge every
shipped drill again (``--verify --seed N``).

Practice shows one position at a time, as South sees it, takes the choice by its number,
and says right or wrong, why, with the figures; missed drills come back (``drills.schedule``)
and the progress is kept in the data folder. No Qt is loaded.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import date
from pathlib import Path

from ...analysis.judge import MOST_DEALS
from ...drills.judging import CONFIRM_DEALS
from ...drills.schedule import DrillProgress
from ...drills.shelf import DrillsUnreadable, Shelf, load
from ...drills.themes import Theme
from ...drills.verify import verify
from ...drills.words import assumption, choice_text, figure_lines, position_lines, progress_lines, verdict
from .progress_file import load_progress, progress_path, save_progress, shipped_drills


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="euchre-qt drills",
        description="Practise Euchre decisions by theme: positions with one clearly best choice, each judged over "
        "4,096 deals that fit what you can see. Missed drills come back later.",
    )
    parser.add_argument("--theme", choices=[t.value for t in Theme], help="practise only this theme")
    parser.add_argument("--progress", action="store_true", help="show your progress by theme and stop")
    parser.add_argument("--verify", action="store_true", help="judge every drill again and say how many still hold")
    parser.add_argument("--seed", type=int, default=None, help="with --verify: the seed of the deals (required)")
    parser.add_argument(
        "--deals", type=int, default=CONFIRM_DEALS, help=f"with --verify: deals; default {CONFIRM_DEALS}"
    )
    parser.add_argument("--limit", type=int, default=None, metavar="N", help="with --verify: only the first N drills")
    parser.add_argument("--file", type=Path, default=None, help="a drills file other than the one shipped")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.verify and args.seed is None:
        parser.error("--verify needs --seed N (a seed the drills were not made with)")
    if not 2 <= args.deals <= MOST_DEALS:
        parser.error(f"--deals must be from 2 to {MOST_DEALS:,}")
    if args.limit is not None and args.limit < 1:
        parser.error("--limit must be at least 1")
    try:
        shelf = load(args.file or shipped_drills())
    except DrillsUnreadable as exc:
        print(f"euchre-qt drills: {exc}", file=sys.stderr)
        return 2
    if args.verify:
        return _verify(shelf, args.seed, args.deals, args.limit)
    loaded = load_progress()
    if loaded.warning:
        print(loaded.warning)
    if args.progress:
        print("\n".join(progress_lines(loaded.progress, shelf.drills)))
        return 0
    theme = Theme(args.theme) if args.theme else None
    return _practise(shelf, loaded.progress, theme)


def _verify(shelf: Shelf, seed: int, deals: int, limit: int | None) -> int:
    drills = shelf.drills[:limit] if limit is not None else shelf.drills
    if seed in (shelf.seed, shelf.seed + 1):
        print(f"(seed {seed} is one the drills were made with: the check is not a fresh one)")

    def progress(done: int, total: int) -> None:
        if done % 25 == 0 or done == total:
            print(f"  judged {done} of {total}", file=sys.stderr, flush=True)

    result = verify(drills, seed, deals, progress)
    counted = ", ".join(f"{t} {n}" for t, n in Shelf(tuple(drills), shelf.seed, shelf.deals).by_theme().items())
    print(f"{result.drills} drills over {result.themes} themes ({counted}).")
    print(
        f"Judged again over {result.deals:,} deals at seed {seed}: {result.best} of {result.drills} still have "
        f"their answer best; {result.clear} still by more than its margin."
    )
    for drill_id, now in result.changed:
        print(f"  {drill_id}: now {now} comes out best")
    if result.unclear:
        print(f"  still best, not by more than its margin: {', '.join(result.unclear)}")
    return 0 if result.best == result.drills else 1


def _ask(prompt: str) -> str | None:
    try:
        return input(prompt).strip().lower()
    except EOFError:
        return None


def _practise(shelf: Shelf, progress: DrillProgress, theme: Theme | None) -> int:
    print("Drills: choose by number; q stops (your progress is kept).")
    while True:
        drill = progress.next_drill(shelf.drills, theme)
        if drill is None:
            print("There are no drills of that theme.")
            return 0
        print()
        print("\n".join(position_lines(drill)))
        choices = list(drill.view().legal_actions)
        for number, action in enumerate(choices, start=1):
            print(f"  {number}. {choice_text(drill, action)}")
        chosen = None
        while chosen is None:
            answer = _ask(f"Your choice (1-{len(choices)}, q to stop): ")
            if answer is None or answer == "q":
                return _stop(progress)
            if answer.isdigit() and 1 <= int(answer) <= len(choices):
                chosen = choices[int(answer) - 1]
            else:
                print(f"Type a number from 1 to {len(choices)}, or q.")
        print(verdict(drill, chosen))
        print("\n".join("  " + line for line in figure_lines(drill)))
        print(assumption(drill))
        print(f"From {drill.source.where}.")
        progress.answer(drill, chosen == drill.answer, date.today())
        problem = save_progress(progress)
        if problem:
            print(problem)
        if _ask("Enter for the next drill, q to stop: ") in (None, "q"):
            return _stop(progress)


def _stop(progress: DrillProgress) -> int:
    problem = save_progress(progress)
    print(problem or f"Your progress is kept in {progress_path()}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
