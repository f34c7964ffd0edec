"""The game log (U11): every finished hand appended, in words, to ``game-log.txt``.

One block per hand: the deal (all four hands and the up-card), the bidding, the
dealer's discard, the five tricks and the result. Plain text, so it can be read
with any editor; one line starting with ``=`` opens each game.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..engine import Game, HandRecord, Seat, cards_text
from ..engine.actions import ActionKind
from . import paths, problems
from .table.state import dealt_hands

if TYPE_CHECKING:
    from .writer import BackgroundWriter


def format_hand(record: HandRecord, names: tuple[str, ...]) -> str:
    hand = record.final
    result = record.result
    dealt = dealt_hands(hand)
    lines = [f"Hand {record.deal_number + 1}, dealer {names[hand.dealer]} ({hand.dealer.letter})"]
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
    lines.append(f"  {result.describe()}  Score: us {record.scores_after[0]}, them {record.scores_after[1]}")
    return "\n".join(lines)


def format_game(game: Game, names: tuple[str, ...]) -> str:
    return "\n\n".join(format_hand(r, names) for r in game.records)


class GameLog:
    FILE_NAME = "game-log.txt"

    def __init__(self, folder: Path | None = None, writer: BackgroundWriter | None = None) -> None:
        """With a ``writer``, the file is written in its thread (its ``failed`` says what went
        wrong); without one, here and now (``error`` says)."""
        self.folder = Path(folder) if folder is not None else paths.data_dir()
        self.path = self.folder / self.FILE_NAME
        self.writer = writer
        self._game_seen: int | None = None
        self.error: str | None = None

    def append(self, game: Game, records: list[HandRecord], names: tuple[str, ...]) -> bool:
        blocks = []
        if self._game_seen != game.seed:
            self._game_seen = game.seed
            blocks.append(
                f"= Game {game.seed} started {time.strftime('%Y-%m-%d %H:%M')}: {game.rules.describe()}; "
                f"us {names[0]} & {names[2]}, them {names[1]} & {names[3]}"
            )
        blocks.extend(format_hand(r, names) for r in records)
        if game.is_over:
            winner = "us" if game.winner == 0 else "them"
            slam = " (a slam)" if game.is_slam else ""
            blocks.append(f"= Game over: {winner} won {game.scores[0]}-{game.scores[1]}{slam}")
        text = "\n\n".join(blocks) + "\n\n"
        if self.writer is not None:
            self.writer.submit(lambda: self._write(text))
            return True
        error = self._write(text)
        self.error = error
        return error is None

    def _write(self, text: str) -> str | None:
        try:
            if not paths.ensure_dir(self.folder):
                raise OSError(f"cannot create {self.folder}")
            with open(self.path, "a", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as exc:
            problems.record("the game log could not be written", exc, self.folder)
            return "The game log cannot be written, so the hands played now are not kept in it."
        return None
