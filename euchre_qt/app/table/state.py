"""What the table shows at one moment (``TableState``: built by the controller, drawn by the
scene), and one beat of it as shown (``Shown``: what the presenter paces out)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...engine import Action, Card, HandResult, HandState, Seat, Trick
from ...engine.actions import ActionKind
from ...engine.holdings import dealt_hands as dealt_hands  # re-exported: the table's modules read them here
from ...engine.holdings import played_hands as played_hands
from ...session import events


class Stage(StrEnum):
    IDLE = "idle"  # no game yet
    HUMAN = "human"  # waiting for a person's move
    THINKING = "thinking"  # a computer player is deciding
    ANIMATING = "animating"  # the table is showing a move
    TRICK = "trick"  # a finished trick lies on the table
    HAND_OVER = "hand over"  # the end-of-hand summary
    GAME_OVER = "game over"
    NOTE = "note"  # a person's turn waits while the coach's note beside the table is open


@dataclass(frozen=True)
class TableState:
    hand: HandState  # the deal on show (a finished one during the summary)
    stage: Stage
    scores: tuple[int, int]
    points_to_win: int
    names: tuple[str, str, str, str]
    people: frozenset[Seat]  # seats a person plays (their cards face up)
    show_all: bool  # Show Computer Cards
    sort_by_trump: bool
    pending_trick: Trick | None  # a finished trick still on the table
    interactive: Seat | None  # whose cards and buttons take input now
    legal: tuple[Action, ...]
    thinking: Seat | None
    result: HandResult | None
    winner: int | None  # the game's winning team once it is over
    slam: bool
    hint: Action | None
    hint_reason: str
    autoplay: bool
    wait_for_click: bool  # a finished trick waits for a click
    deal_number: int
    last_trick: Trick | None = None  # at Instant speed, the trick just gathered: in view until the next card
    levels: tuple[str, ...] = ()  # each seat's computer player ("Novice", ...), "" for a person
    unknown: frozenset[Card] = frozenset()  # a viewed record's cards whose place it does not say
    viewing: bool = False  # a recorded game in the viewer, not a game being played

    @property
    def phase(self) -> str:
        return self.hand.phase.value

    def legal_cards(self) -> frozenset[Card]:
        return frozenset(a.card for a in self.legal if a.card is not None and a.kind in _CARD_KINDS)


_CARD_KINDS = (ActionKind.PLAY, ActionKind.DISCARD)


class Motion(StrEnum):
    """How the cards go to their places when the table shows a beat (the names of their
    durations)."""

    DEAL = "deal"  # dealt out from the dealer
    PLAY = "play"  # to their places at a card's pace: a move, or the table shown afresh
    DISCARD = "discard"  # the dealer's card laid away
    GATHER = "collect"  # a finished trick to its winner


@dataclass(frozen=True)
class Shown:
    """One beat of the table as it is shown: the session's events it shows (in the order
    told, each once), the table's picture then and, when the cards move to it, how, with
    the token the animating table hands back once they are in place (``presented``)."""

    events: tuple[events.Event, ...]
    state: TableState
    motion: Motion | None = None  # None: nothing moves (a trick on the table, a summary, a turn)
    token: int | None = None
