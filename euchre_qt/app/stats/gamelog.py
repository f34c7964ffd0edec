"""The game log (U11): every finished hand, in words, in ``game-log.txt``.

One section per game, opened by a line starting with ``=``; in it one block per hand:
the deal (all four hands and the up-card), the bidding, the dealer's discard, the five
tricks and the result. Plain text, so it can be read with any editor.

The log tells each game as it was played: its section is written again, whole, as the
game goes on. So a hand taken back by Undo Round leaves it, a game resumed after a
restart keeps its one section (found again by its opening line), and the hands are
numbered as played (a redeal after a turned-up joker is a line, not a hand).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from ...engine import Game, HandRecord, Outcome, Seat, cards_text
from ...engine.actions import ActionKind
from ...session.wording import hand_result
from ..storage import paths, problems
from ..table.state import dealt_hands

if TYPE_CHECKING:
    from ..storage.writer import BackgroundWriter


def format_hand(record: HandRecord, names: tuple[str, ...], number: int | None = None) -> str:
    """A finished hand in words; ``number`` is its place among the hands played."""
    hand = record.final
    result = record.result
    if result.outcome is Outcome.MISDEAL:
        return f"Redeal: {names[hand.dealer]} turned up the joker and deals again."
    dealt = dealt_hands(hand)
    n = record.deal_number + 1 if number is None else number
    lines = [f"Hand {n}, dealer {names[hand.dealer]} ({hand.dealer.letter})"]
    for seat in Seat:
        lines.append(f"  {seat.letter} {names[seat]:<10} {cards_text(dealt[seat])}")
    lines.append(f"  up-card {hand.up_card}")
    bids = [f"{names[s]}: {a}" for s, a in hand.history if a.kind is not ActionKind.PLAY]
    if bids:
        lines.append("  bidding: " + "; ".join(bids))
    for i, trick in enumerate(hand.tricks, 1):
        plays = " ".join(f"{s.letter}:{c}" for s, c in trick.plays)
        won = names[trick.winner] if trick.winner is not None else "?"
        lines.append(f"  trick {i}: {plays}  won by {won}")
    lines.append(f"  {hand_result(result)}  Score: us {record.scores_after[0]}, them {record.scores_after[1]}")
    return "\n".join(lines)


def format_game(game: Game, names: tuple[str, ...]) -> str:
    """Every finished hand of ``game``, numbered as played."""
    blocks = []
    played = 0
    for record in game.records:
        if record.result.outcome is not Outcome.MISDEAL:
            played += 1
        blocks.append(format_hand(record, names, played))
    return "\n\n".join(blocks)


# a section's opening line (its last one, "= Game over", is no heading)
_HEADING = re.compile(rb"\n= Game -?\d+(, game -?\d+)? started ")


def game_heading(game: Game) -> str:
    """How the game's section opens (its first line starts with this): which game it is
    (its seed; and ``Game.game_id`` where that is not the seed: a game dealt from a seed
    played before)."""
    named = "" if game.game_id == game.seed else f", game {game.game_id}"
    return f"= Game {game.seed}{named} started"


class GameLog:
    FILE_NAME = "game-log.txt"

    def __init__(self, folder: Path | None = None, writer: BackgroundWriter | None = None) -> None:
        """With a ``writer``, the file is written in its thread (its ``failed`` says what went
        wrong); without one, here and now (``error`` says)."""
        self.folder = Path(folder) if folder is not None else paths.data_dir()
        self.path = self.folder / self.FILE_NAME
        self.writer = writer
        self.error: str | None = None
        # (heading, where it starts, its first line, the sections after it: a game set aside for
        # a network table and taken up again, whose later sections are kept)
        self._section: tuple[str, int, str, bytes] | None = None

    def update(self, game: Game, names: tuple[str, ...]) -> bool:
        """Write ``game``'s section again as it stands."""
        opening = (
            f"{game_heading(game)} {time.strftime('%Y-%m-%d %H:%M')}: {game.rules.describe()}; "
            f"us {names[0]} & {names[2]}, them {names[1]} & {names[3]}"
        )
        blocks = [format_game(game, names)] if game.records else []
        if game.is_over:
            winner = "us" if game.winner == 0 else "them"
            slam = " (a slam)" if game.is_slam else ""
            blocks.append(f"= Game over: {winner} won {game.scores[0]}-{game.scores[1]}{slam}")
        body = "".join(block + "\n\n" for block in blocks)
        heading = game_heading(game)
        if self.writer is not None:
            self.writer.submit(lambda: self._write(heading, opening, body))
            return True
        error = self._write(heading, opening, body)
        self.error = error
        return error is None

    def _write(self, heading: str, opening: str, body: str) -> str | None:
        try:
            if not paths.ensure_dir(self.folder):
                raise OSError(f"cannot create {self.folder}")
            with open(self.path, "r+b" if self.path.exists() else "w+b") as fh:
                if self._section is None or self._section[0] != heading:
                    self._section = self._find(fh, heading, opening)
                _, start, first, after = self._section
                fh.seek(start)
                fh.truncate()
                fh.write((first + "\n\n" + body).encode("utf-8") + after)
        except OSError as exc:
            self._section = None
            problems.record("the game log could not be written", exc, self.folder)
            return "The game log cannot be written, so the hands played now are not kept in it."
        return None

    @staticmethod
    def _find(fh: BinaryIO, heading: str, opening: str) -> tuple[str, int, str, bytes]:
        """Where the game's section starts (its last one: the game was resumed), or the end
        of the file for a new game; the line that opens it; and the sections after it."""
        fh.seek(0)
        data = fh.read()
        key = (heading + " ").encode("utf-8")
        at = data.rfind(b"\n" + key)
        start = at + 1 if at >= 0 else (0 if data.startswith(key) else -1)
        if start >= 0:
            end = data.find(b"\n", start)
            later = _HEADING.search(data, start + 1)
            after = data[later.start() + 1 :] if later is not None else b""
            return heading, start, data[start : end if end >= 0 else len(data)].decode("utf-8", "replace"), after
        if data and not data.endswith(b"\n\n"):  # a file ending mid-line (a crash): start afresh
            fh.seek(0, 2)
            fh.write(b"\n" if data.endswith(b"\n") else b"\n\n")
        fh.seek(0, 2)
        return heading, fh.tell(), opening, b""
