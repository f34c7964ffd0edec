"""How each seat at the table plays, as a thinking player or the review takes it.

Two kinds of player: one who plays well (a person, the Advanced player: bids as a
partnership bids, plays its best) and one who plays by habit (the Novice player: bids by
its point count, goes alone only with a sure loner, plays its cards by ``habits``). What
a seat is taken for decides how its bids and plays are read when the unseen cards are
dealt (``sampler``; its bidding style: ``HowTheyPlay.style``), how it bids after a
pass (``bid_search.DealTable``) and how it plays the rest of the hand in the solver
(habitual seats play by ``habits.Habits``). Light enough for the window, which says how
the seats of a game under review play.

The Advanced player takes its partner to play well and its opponents to play by habit
(``HowTheyPlay.as_seen_by``); the review takes each seat as what it is (every seat playing
well unless the game says a Novice sat there).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..cards import Seat
from .bidding_model import PARTNERSHIP, POINT_COUNT, BidStyle
from .habits import STRAY
from .registry import KINDS


class Plays(Enum):
    """How one seat plays."""

    WELL = "well"  # a person, the Advanced player
    BY_HABIT = "by habit"  # the Novice player


@dataclass(frozen=True, slots=True)
class HowTheyPlay:
    """How each of the four seats plays, by seat."""

    plays: tuple[Plays, Plays, Plays, Plays]
    # False: the seats by habit bid by habit but play their cards their best (the review
    # weighs both: analysis.judge).
    cards_by_habit: bool = True
    # how a seat that plays well bids, as its bids are read and foreseen
    partnership: BidStyle = PARTNERSHIP
    # how much less likely a deal is for each play of a seat by habit that it makes unhabitual
    stray: float = STRAY

    def __getitem__(self, seat: Seat) -> Plays:
        return self.plays[seat]

    def style(self, seat: Seat) -> BidStyle:
        """How ``seat`` bids: one who plays well as a partnership, one by habit by its point count."""
        return self.partnership if self.plays[seat] is Plays.WELL else POINT_COUNT

    def playing_cards_by_habit(self) -> tuple[Seat, ...]:
        """The seats whose cards the solver plays by ``habits.Habits``."""
        return self.by_habit() if self.cards_by_habit else ()

    def with_cards_played_well(self) -> HowTheyPlay:
        """The same bidding, every seat playing its cards its best."""
        return HowTheyPlay(self.plays, cards_by_habit=False, partnership=self.partnership, stray=self.stray)

    def by_habit(self, seats: tuple[Seat, ...] = tuple(Seat)) -> tuple[Seat, ...]:
        """Those of ``seats`` who play by habit."""
        return tuple(s for s in seats if self.plays[s] is Plays.BY_HABIT)

    def playing_well(self, seats: tuple[Seat, ...] = tuple(Seat)) -> tuple[Seat, ...]:
        """Those of ``seats`` who play well."""
        return tuple(s for s in seats if self.plays[s] is Plays.WELL)

    @staticmethod
    def of(by_seat: dict[Seat, Plays]) -> HowTheyPlay:
        """Every seat as ``by_seat`` says, the others playing well."""
        s, w, n, e = (by_seat.get(seat, Plays.WELL) for seat in Seat)
        return HowTheyPlay((s, w, n, e))

    @staticmethod
    def of_players(names: Sequence[str]) -> HowTheyPlay:
        """The seating of a table whose seats hold these players, by name (``plays_of``)."""
        s, w, n, e = (plays_of(name) for name in names)
        return HowTheyPlay((s, w, n, e))

    @staticmethod
    def as_seen_by(
        me: Seat, opponents: Plays = Plays.BY_HABIT, partnership: BidStyle = PARTNERSHIP, stray: float = STRAY
    ) -> HowTheyPlay:
        """The Advanced player's picture of a table: its partner plays well, as it does
        (bidding as ``partnership``); its opponents play by habit (a fair picture of most
        people, and of every Novice), or as ``opponents`` says."""
        s, w, n, e = (opponents if seat in (me.left, me.right) else Plays.WELL for seat in Seat)
        return HowTheyPlay((s, w, n, e), partnership=partnership, stray=stray)


def plays_of(player: str) -> Plays:
    """How a seat's player plays, by its name (``registry``): a computer player that does
    not search (the Novice) by habit; a person, a searching computer player and anyone
    else (a name this program does not know: a person at another table) well."""
    kind = KINDS.get(player)
    return Plays.BY_HABIT if kind is not None and not kind.searches else Plays.WELL


EVERYONE_WELL = HowTheyPlay.of({})
