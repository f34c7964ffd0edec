"""A game as a record says it went: typed, Qt-free, and with room for what the record does not know.

A record names each deal's dealer, up-card, the calls, the dealer's discard and the cards
in the order they fell. Anything it leaves out is ``None`` here (a dealt card nobody saw,
a discard that was not written down), never a guess. ``replay.py`` turns a record into
the engine's ``Game``; ``egn.py`` reads and writes it as Euchre Game Notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from ..engine import Action, Card, Rules, Seat


class Bower(StrEnum):
    """A card named by its trump rank (EGN ``R``/``L``): which jack it is depends on trump."""

    RIGHT = "R"
    LEFT = "L"


PlayedCard = Card | Bower
Notes = Mapping[int, tuple[str, ...]]


# EGN has no field for a seed (the schema allows no properties of one's own), so a game
# dealt here is written with this game id; read back, a record whose deals are those this
# seed deals becomes that game again, one that can go on past the record (replay.py).
SEED_GAME_ID = "euchre-qt seed {seed}"


class EgnError(ValueError):
    """A file that cannot be read as an EGN game, or a game EGN cannot hold; one sentence."""


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as recorded.

    ``hands`` are the cards as dealt, by seat (``None``: not recorded; an empty tuple means
    the record gives no dealt cards for that seat). ``calls`` are the bids in order, the
    making bid carrying ``alone``; ``tricks`` the cards in the order they fell, trick by
    trick. ``call_notes`` and ``play_notes`` are the record's comments, keyed by the call's
    index and by ``trick * 4 + card`` as EGN keys them.
    """

    dealer: Seat
    up_card: Card
    calls: tuple[Action, ...] = ()
    tricks: tuple[tuple[PlayedCard, ...], ...] = ()
    hands: tuple[tuple[Card | None, ...], ...] = ((), (), (), ())
    discard: Card | None = None
    discarded_unseen: bool = False  # the dealer is known to have discarded, though not what
    lone_defender: Seat | None = None
    defence_recorded: bool = False  # the record says whether anyone defended alone
    call_notes: Notes = field(default_factory=dict)
    play_notes: Notes = field(default_factory=dict)
    first_leader: Seat | None = None  # who led the first trick, where the record says (EGN 1.0)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole recorded game: the rules, who sat where (South, West, North, East) and the deals."""

    rules: Rules
    players: tuple[str, str, str, str]
    deals: tuple[DealRecord, ...]
    start_scores: tuple[int, int] = (0, 0)
    final_scores: tuple[int, int] | None = None
    title: str = ""
    description: str = ""
    date: str = ""
    game_id: str = ""
    left_out: tuple[str, ...] = ()  # what the record holds that is not shown here, worded
