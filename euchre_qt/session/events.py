"""What happens at a table, as typed, frozen, public events.

A ``TableSession`` numbers its events from 1 (``seq``) and hands each to every listener
in that order. An event holds only what every seat at the table may know: the up-card,
bids, played cards, tricks, results. A hidden card never appears in one (the dealer's
discard is an event without its card); what one seat may know besides comes only from
``TableSession.view(seat)``. ``MoveRefused`` is the one event addressed to one seat (the
one that asked): send it to that seat only.

The wire form (for the network table)::

    event.to_dict()   -> {"type": "card played", "seq": 12, "seat": "W", "card": "9D", "trick": 1}
    event_from_dict(d) -> the same event again (raises ``ValueError`` on anything malformed)

Values travel as their short text forms: seats ``"S" "W" "N" "E"``, cards ``"JH"``, suits
``"C" "D" "H" "S"``, moves as the engine writes them (``"order alone"``, ``"call H"``),
phases and outcomes as their words, ``None`` as ``null``, pairs and tuples as lists.
Every dict is plain JSON (``json.dumps`` takes it as it is); ``type`` names the event
class (``EVENT_TYPES``).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Final, Union

from ..engine import Action, Card, Game, HandRecord, HandResult, Outcome, Phase, Seat, Suit, Why


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every table event: its place in the table's sequence."""

    TYPE: ClassVar[str] = "event"
    seq: int

    def to_dict(self) -> dict[str, Any]:
        """The event as plain JSON-able data (see the module's notes)."""
        data: dict[str, Any] = {"type": self.TYPE}
        for field in dataclasses.fields(self):
            data[field.name] = _encode(getattr(self, field.name))
        return data


BACK_AT_THE_TABLE: Final = "back at the table"  # why a network table is shown afresh to a seat sat down again


@dataclass(frozen=True, slots=True)
class TableReset(Event):
    """The table starts over from ``TableSession.view``: a new game, a loaded one, or an
    undo. Listeners redraw from the views; no earlier event describes the table now."""

    TYPE: ClassVar[str] = "table reset"
    why: str  # "new game", "loaded", "undo hand", "undo move" or BACK_AT_THE_TABLE
    deal_number: int
    dealer: Seat
    scores: tuple[int, int]
    points_to_win: int


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """Five cards each were dealt (each seat's own cards are in its view) and one turned up."""

    TYPE: ClassVar[str] = "hand dealt"
    deal_number: int
    dealer: Seat
    up_card: Card
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """It is ``seat``'s turn; ``phase`` says what kind of move is asked for."""

    TYPE: ClassVar[str] = "turn started"
    seat: Seat
    phase: Phase
    dealer: Seat


@dataclass(frozen=True, slots=True)
class FarmerDecided(Event):
    """A holder of a farmer's hand threw it in, or kept it (``thrown_in`` False)."""

    TYPE: ClassVar[str] = "farmer decided"
    seat: Seat
    thrown_in: bool


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A pass, order-up or call in bidding round ``round`` (1 or 2)."""

    TYPE: ClassVar[str] = "bid made"
    seat: Seat
    action: Action
    round: int
    dealer: bool  # the bidder is the dealer ("picks it up" rather than "orders it up")
    trump: Suit | None  # the suit this bid makes trump (None for a pass)


@dataclass(frozen=True, slots=True)
class TrumpMade(Event):
    """Trump is settled: ``maker`` made ``trump``, ``alone`` or with partner."""

    TYPE: ClassVar[str] = "trump made"
    maker: Seat
    trump: Suit
    alone: bool
    sitting_out: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class DealerPickedUp(Event):
    """The dealer took the up-card into the hand (it was ordered up)."""

    TYPE: ClassVar[str] = "dealer picked up"
    dealer: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class DealerDiscarded(Event):
    """The dealer laid a card away, face down: which one is the dealer's secret."""

    TYPE: ClassVar[str] = "dealer discarded"
    dealer: Seat


@dataclass(frozen=True, slots=True)
class DefenceDecided(Event):
    """A defender chose to defend alone, or not (``alone`` False)."""

    TYPE: ClassVar[str] = "defence decided"
    seat: Seat
    alone: bool
    sitting_out: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """``seat`` played ``card`` to trick number ``trick`` (1 to 5)."""

    TYPE: ClassVar[str] = "card played"
    seat: Seat
    card: Card
    trick: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """Trick number ``trick`` is complete: ``plays`` in order, won by ``winner``."""

    TYPE: ClassVar[str] = "trick won"
    winner: Seat
    trick: int
    plays: tuple[tuple[Seat, Card], ...]
    tricks_won: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over and scored (or thrown in); ``scores`` is the game score after it."""

    TYPE: ClassVar[str] = "hand ended"
    deal_number: int
    outcome: Outcome
    maker: Seat | None
    alone: bool
    lone_defender: Seat | None
    tricks: tuple[int, int]  # by team: (south/north, west/east)
    points: tuple[int, int]
    scores: tuple[int, int]

    @property
    def result(self) -> HandResult:
        return HandResult(self.outcome, self.maker, self.alone, self.lone_defender, self.tricks, self.points)


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """Someone reached the target: ``winner`` is the team (0 south/north, 1 west/east)."""

    TYPE: ClassVar[str] = "game ended"
    winner: int
    scores: tuple[int, int]
    slam: bool


@dataclass(frozen=True, slots=True)
class MoveRefused(Event):
    """A move ``seat`` asked for was not made; nothing changed. For that seat only.

    ``why`` says why as a value (``Why``, or ``"not your turn"``); ``suit`` is the suit to
    follow (``follow_trump``: it is trump) or the suit turned down. ``wording.refusal``
    puts it in a player's words."""

    TYPE: ClassVar[str] = "move refused"
    seat: Seat
    why: str
    suit: Suit | None = None
    follow_trump: bool = False
    phase: Phase | None = None  # what the table waits for, when the move was of the wrong kind
    turn: Seat | None = None  # whose turn it is, when it was not the asker's


NOT_YOUR_TURN = "not your turn"
TOO_LATE = "too late"  # the move answered a position the table has left (an undo, a new game)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (
        TableReset,
        HandDealt,
        TurnStarted,
        FarmerDecided,
        BidMade,
        TrumpMade,
        DealerPickedUp,
        DealerDiscarded,
        DefenceDecided,
        CardPlayed,
        TrickWon,
        HandEnded,
        GameEnded,
        MoveRefused,
    )
}


def event_from_dict(data: Any) -> Event:
    """An event back from ``to_dict``'s form; ``ValueError`` if it is not one."""
    if not isinstance(data, dict):
        raise ValueError("an event is a JSON object")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown event type {data.get('type')!r}")
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {}
    for field in dataclasses.fields(cls):
        if field.name not in data:
            if field.default is not dataclasses.MISSING:
                continue
            raise ValueError(f"{cls.TYPE}: {field.name} is missing")
        values[field.name] = _decode(hints[field.name], data[field.name], field.name)
    extra = set(data) - {"type"} - {f.name for f in dataclasses.fields(cls)}
    if extra:
        raise ValueError(f"{cls.TYPE}: unexpected {', '.join(sorted(extra))}")
    return cls(**values)


def _encode(value: Any) -> Any:
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, Seat | Suit):
        return value.letter
    if isinstance(value, Card):
        return value.text
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Action):  # before tuple: an Action is a NamedTuple
        return str(value)
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    if isinstance(value, int | str):
        return value
    raise TypeError(f"cannot encode {value!r}")


def _decode(hint: Any, raw: Any, name: str) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (Union, types.UnionType):
        if raw is None and type(None) in args:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return _decode(inner, raw, name)
    if origin is tuple:
        if not isinstance(raw, list):
            raise ValueError(f"{name} should be a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, name) for v in raw)
        if len(raw) != len(args):
            raise ValueError(f"{name} should have {len(args)} items")
        return tuple(_decode(a, v, name) for a, v in zip(args, raw, strict=True))
    if hint is bool:
        if not isinstance(raw, bool):
            raise ValueError(f"{name} should be true or false")
        return raw
    if hint is int:
        if not isinstance(raw, int) or isinstance(raw, bool):
            raise ValueError(f"{name} should be a whole number")
        return raw
    if not isinstance(raw, str):
        raise ValueError(f"{name} should be text")
    if hint is str:
        return raw
    parsers: dict[Any, Any] = {
        Seat: _exact(Seat.parse, "SWNE"),
        Suit: _exact(Suit.parse, "CDHS"),
        Card: Card.parse,
        Action: Action.parse,
        Phase: Phase,
        Outcome: Outcome,
        Why: Why,
    }
    parse = parsers.get(hint)
    if parse is None:
        raise ValueError(f"{name}: no reader for {hint!r}")
    try:
        return parse(raw)
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}") from None


def _exact(parse: Any, letters: str) -> Any:
    def read(text: str) -> Any:
        if len(text) != 1 or text not in letters:
            raise ValueError(f"not one of {' '.join(letters)}: {text!r}")
        return parse(text)

    return read


def hands_finished(event: Event, game: Game) -> list[HandRecord]:
    """The finished hands of ``game`` that ``event`` tells of, to be counted: the one a
    ``HandEnded`` ends, or every one to a seat back at its network table, since a hand can end
    while a seat is away (counting names each hand, so none is counted twice: ``StatsStore``)."""
    if isinstance(event, HandEnded):
        return [record for record in game.records if record.deal_number == event.deal_number]
    if isinstance(event, TableReset) and event.why == BACK_AT_THE_TABLE:
        return list(game.records)
    return []


def game_finished(event: Event, game: Game) -> bool:
    """``event`` tells of ``game``'s end, to be counted: its ``GameEnded``, or a seat back at its
    network table after the game ended while it was away (it hears no ``GameEnded`` then;
    counting names each game, so none is counted twice: ``StatsStore``)."""
    if isinstance(event, GameEnded):
        return True
    return isinstance(event, TableReset) and event.why == BACK_AT_THE_TABLE and game.is_over


__all__ = [
    "BACK_AT_THE_TABLE",
    "EVENT_TYPES",
    "NOT_YOUR_TURN",
    "TOO_LATE",
    "BidMade",
    "CardPlayed",
    "DealerDiscarded",
    "DealerPickedUp",
    "DefenceDecided",
    "Event",
    "FarmerDecided",
    "GameEnded",
    "HandDealt",
    "HandEnded",
    "MoveRefused",
    "TableReset",
    "TrickWon",
    "TrumpMade",
    "TurnStarted",
    "event_from_dict",
    "game_finished",
    "hands_finished",
]
