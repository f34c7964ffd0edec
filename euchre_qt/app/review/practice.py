"""Play a deal again, for practice: the same cards in the same seats, from the hand's start
or from one of your decisions, the rest played by the same computer players.

The game in progress is kept aside and untouched: the practice hand is not saved over it,
counted in the statistics or written to the log. When the practice hand ends, the two
plays of the deal are shown side by side (``practice_result``), and the real game comes
back as it was when the player closes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...analysis.replay import compare, hand_of_move, position_before
from ...engine import Game, HandRecord
from ...session.wording import hand_result


@dataclass(frozen=True, slots=True)
class Practice:
    """A deal being played again: ``real`` is the game it came from, kept as it was; or
    (``drill``) a drill's deal played out from its position, ``real`` the game kept aside."""

    real: Game
    hand: int  # the hand played again (index into real.records, or the hand under way)
    move: int  # the move it is played again from
    drill: bool = False

    @classmethod
    def of_drill(cls, real: Game, game: Game) -> Practice:
        """A drill's deal (``game``, at the drill's position) played out, ``real`` kept aside."""
        return cls(real, 0, len(game.actions), drill=True)

    @classmethod
    def start(cls, real: Game, move: int) -> tuple[Practice, Game]:
        """The practice and the game to play: ``real`` restored to just before ``move``."""
        hand = hand_of_move(real, move) if move < len(real.actions) else len(real.records)
        return cls(real, hand, move), position_before(real, move)

    def finished(self, records: list[HandRecord], game: Game) -> HandRecord | None:
        """The practice hand's record, if ``records`` (hands just finished) holds it."""
        if len(game.records) > self.hand and game.records[self.hand] in records:
            return game.records[self.hand]
        return None

    @property
    def first_play(self) -> HandRecord | None:
        """The deal as it was played in the game, if that hand was finished there."""
        if self.drill:
            return None
        return self.real.records[self.hand] if self.hand < len(self.real.records) else None

    def verdict(self, again: HandRecord, you: int = 0) -> str:
        """How the practice went, next to the real play (if that hand was finished)."""
        if self.drill:
            return f"The drill played out: {hand_result(again.result)}."
        if self.first_play is None:
            return "Practice hand over."
        comparison = compare(self.first_play, again)
        gain = comparison.gain(you)
        if comparison.diverged_at is None:
            how = "You played it the same way"
        elif gain > 0:
            how = f"This time you did better: {gain} point{'s' * (gain != 1)} more"
        elif gain < 0:
            how = f"This time it went worse: {-gain} point{'s' * (gain != -1)} fewer"
        else:
            how = "Played differently, the same score"
        return f"{how}."
