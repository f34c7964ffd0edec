"""What the table shows at one moment: built by the controller, drawn by the scene."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ...engine import Action, Card, HandResult, HandState, Seat, Trick
from ...engine.actions import ActionKind


class Stage(StrEnum):
    IDLE = "idle"  # no game yet
    HUMAN = "human"  # waiting for a person's move
    THINKING = "thinking"  # a computer player is deciding
    ANIMATING = "animating"  # the table is showing a move
    TRICK = "trick"  # a finished trick lies on the table
    HAND_OVER = "hand over"  # the end-of-hand summary
    GAME_OVER = "game over"


@dataclass(frozen=True)
class Event:
    """What just happened, so the table can animate it."""

    kind: str  # "deal", "move", "collect", "reset"
    seat: Seat | None = None
    action: Action | None = None
    before: HandState | None = None


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

    @property
    def phase(self) -> str:
        return self.hand.phase.value

    def legal_cards(self) -> frozenset[Card]:
        return frozenset(a.card for a in self.legal if a.card is not None and a.kind in _CARD_KINDS)


_CARD_KINDS = (ActionKind.PLAY, ActionKind.DISCARD)


def played_hands(hand: HandState) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat held to play with: the dealer's picked-up up-card included,
    the discard not (see ``HandState.discarded``)."""
    held: list[list[Card]] = [list(h) for h in hand.hands]
    for trick in hand.tricks:
        for seat, card in trick.plays:
            held[seat].append(card)
    for seat, card in hand.trick:
        held[seat].append(card)
    return tuple(tuple(h) for h in held)


def dealt_hands(hand: HandState) -> tuple[tuple[Card, ...], ...]:
    """The five cards each seat was dealt, rebuilt from a hand in any state.

    Cards still held, cards played to tricks (and the trick on the table), the dealer's
    discard, less the up-card if the dealer picked it up.
    """
    held = [list(h) for h in played_hands(hand)]
    if hand.discarded is not None:
        held[hand.dealer].append(hand.discarded)
    if hand.up_card_taken and hand.up_card in held[hand.dealer]:
        held[hand.dealer].remove(hand.up_card)
    return tuple(tuple(h) for h in held)
