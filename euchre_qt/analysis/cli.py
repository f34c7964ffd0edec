"""``euchre-qt analyse FILE``: each person's graded decisions of a saved game, as text.

Reads our saved games (``.json``) and Euchre Game Notation files (``.egn``). A file it
cannot read gives one line saying why and exit status 2. Each seat is taken to play as what
played it (``engine.ai.how_they_play``): our saves say who sat where (a Novice computer seat
plays by habit); an EGN record's players are people, as are the players of a save that does
not say, and every one of them is taken for a good player.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from ..engine.cards import Seat
from ..engine.game import Game
from ..notation.files import UnreadableGame, read_game_file
from ..session.wording import SEAT_NAMES
from .analyse import analyse_game
from .decisions import ALL_SEATS
from .judge import DEFAULT_DEALS, Budget
from .stated import inferred_moves
from .text import game_text


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="euchre-qt analyse",
        description="Grade every decision of a saved game (euchre-qt .json, or .egn), each judged from what "
        "that player could see at the time, with the hindsight of every card shown apart.",
    )
    parser.add_argument("file", help="a saved game (.json) or a Euchre Game Notation file (.egn)")
    parser.add_argument(
        "--seats",
        default=None,
        help="whose decisions: seat letters from S, W, N, E, or 'all'; default S in our saves (the person's "
        "seat), all four in an EGN file",
    )
    parser.add_argument(
        "--deals", type=int, default=DEFAULT_DEALS, help=f"sampled deals per decision; default {DEFAULT_DEALS}"
    )
    parser.add_argument("--seed", type=int, default=0, help="the sampled deals come from this seed; default 0")
    parser.add_argument("--hand", type=int, default=None, metavar="N", help="only hand N (1 = the first)")
    parser.add_argument("--brief", action="store_true", help="one line per decision, no reasons")
    return parser


def parse_seats(text: str) -> tuple[Seat, ...]:
    if text.strip().lower() == "all":
        return ALL_SEATS
    letters = [c for c in text.upper() if c not in " ,"]
    if not letters:
        raise ValueError("name at least one seat (S, W, N, E) or 'all'")
    return tuple(sorted({Seat.parse(c) for c in letters}))


@dataclass(frozen=True, slots=True)
class GameToAnalyse:
    game: Game
    names: tuple[str, ...]  # the players' names, by seat
    inferred: frozenset[int]  # the moves its record does not state
    plays: HowTheyPlay  # how each seat plays, as the file says who played it


def read_to_analyse(path: Path) -> GameToAnalyse:
    """The game in ``path`` and what the analysis takes from the file besides;
    ``UnreadableGame`` with a plain reason if there is none. A record is analysed up to a
    move the rules refuse, as the viewer shows it."""
    found = read_game_file(path)
    if found.problem is not None:
        print(f"euchre-qt analyse: {path.name}: {found.problem} (analysed up to there)", file=sys.stderr)
    inferred = inferred_moves(found.game, found.record)
    plays = EVERYONE_WELL if found.kinds is None else HowTheyPlay.of_players(found.kinds)
    if found.record is None:
        return GameToAnalyse(found.game, SEAT_NAMES, inferred, plays)
    names = tuple(found.record.players[seat] or str(seat) for seat in Seat)
    return GameToAnalyse(found.game, names, inferred, plays)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    path = Path(args.file)
    try:
        seats = parse_seats(args.seats or ("all" if path.suffix.lower() == ".egn" else "S"))
        budget = Budget(deals=args.deals, seed=args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        read = read_to_analyse(path)
    except UnreadableGame as exc:
        print(f"euchre-qt analyse: {exc}", file=sys.stderr)
        return 2
    game = read.game
    hands = None
    if args.hand is not None:
        available = len(game.records) + (0 if game.is_over or game.out_of_deals else 1)
        if not 1 <= args.hand <= available:
            print(f"euchre-qt analyse: the game has hands 1 to {available}, not {args.hand}", file=sys.stderr)
            return 2
        hands = [args.hand - 1]
    review = analyse_game(game, seats, budget, hands, inferred=read.inferred, seating=read.plays)
    print(game_text(review, details=not args.brief, names=read.names, plays=read.plays))
    return 0


if __name__ == "__main__":
    sys.exit(main())
