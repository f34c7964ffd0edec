"""The network table's wire rules: versioned JSON messages, their schema, and the limits.

One WebSocket text frame carries one JSON object with a ``type``. What a client may send is
checked against ``CLIENT_SCHEMA`` (``jsonschema``) before anything reads it: a frame that is
not JSON, not an object of a known type, or carries anything unexpected is malformed, and the
server answers ``error`` and closes the connection. Messages are data: nothing in one is ever
evaluated, imported or used as a path. See ``docs/protocol.md`` for the whole conversation.

Seats travel as ``"S" "W" "N" "E"``, cards as ``"JH"``, moves as the engine writes them
(``"play JH"``, ``"order alone"``, ``"call H"``); the server's events are the table
session's own ``Event.to_dict`` forms.
"""

from __future__ import annotations

import functools
import json
import re
import unicodedata
from dataclasses import dataclass
from typing import Any, Final

from jsonschema import Draft202012Validator

from ..engine import RULE_OPTIONS, Action, Card, Phase, RuleOption, Rules, Seat, SeatView, Suit, Trick
from ..engine.ai.registry import PLAYER_NAMES
from .seat_keys import SEAT_KEY_PATTERN

PROTOCOL_VERSION: Final = 1

# Limits: a table needs small messages at a card player's pace; anything beyond is a fault or an attack.
MAX_MESSAGE_BYTES: Final = 4096  # one client frame; larger frames close the connection (WebSocket code 1009)
RATE_PER_S: Final = 20.0  # client messages a second, sustained ...
RATE_BURST: Final = 40  # ... with this many at once; past that the client is flooding and is cut off
HELLO_TIMEOUT_S: Final = 10.0  # a connection must say who it is (create, look or join) within this
MAX_NAME = 24
MAX_CHAT = 200
MAX_OUTBOX: Final = 2000  # messages queued for one slow client before the server gives up on it
# a connection's send buffers (the kernel's, then the WebSocket layer's): a table's messages are
# small, and a client that does not read fills them, and is found out, soon
SEND_BUFFER_BYTES: Final = 16 * 1024
SEND_TIMEOUT_S: Final = 15.0  # a frame the client has not taken in this long: it is not reading, and is cut off

# The finished deals a person coming back to their seat is told (``played``), the latest ones: a
# game to 11 scores at most 20 hands before it is won (each scores for one side), and a deal
# passed out (no stick the dealer) needs all four to pass twice, and a misdeal (the joker turned
# up) is one deal in 25; 64 is three times the longest game, and places in a tenth of a second on
# a busy machine. A client refuses a longer list: a server that sends one is not playing a game.
MAX_PLAYED_DEALS: Final = 64
JOIN_CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
JOIN_CODE_PATTERN: Final = "^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$"  # 32**8 = 2**40 codes

_SEAT = {"enum": ["S", "W", "N", "E"]}
_NAME = {"type": "string", "minLength": 1, "maxLength": MAX_NAME}
_CODE = {"type": "string", "pattern": JOIN_CODE_PATTERN}
_KEY = {"type": "string", "pattern": SEAT_KEY_PATTERN}


def _message(kind: str, properties: dict[str, Any], required: tuple[str, ...] = ()) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {"type": {"const": kind}, **properties},
        "required": ["type", *required],
        "additionalProperties": False,
    }


def _option_schema(option: RuleOption) -> dict[str, Any]:
    if option.kind == "bool":
        return {"type": "boolean"}
    if option.kind == "int":
        return {"type": "integer", "enum": list(option.values)}
    return {"enum": [str(value) for value in option.values]}


# the rule options as the engine declares them: a new option is accepted here without a word changed
_RULES_SCHEMA = {
    "type": "object",
    "properties": {option.name: _option_schema(option) for option in RULE_OPTIONS},
    "additionalProperties": False,
}

CLIENT_MESSAGES: dict[str, dict[str, Any]] = {
    # start a table: you sit at ``seat``; friends may take ``open_seats``; computers play the rest
    "create": _message(
        "create",
        {
            "v": {"const": PROTOCOL_VERSION},
            "name": _NAME,
            "seat": _SEAT,
            "open_seats": {"type": "array", "items": _SEAT, "uniqueItems": True, "maxItems": 3},
            "rules": _RULES_SCHEMA,
            "computer": {"enum": list(PLAYER_NAMES)},
        },
        ("v", "name", "seat", "open_seats"),
    ),
    # see a table's seats (who sits where, which are free) before choosing one
    "look": _message("look", {"v": {"const": PROTOCOL_VERSION}, "code": _CODE}, ("v", "code")),
    # sit at a free seat, or come back to your own with its seat key (from ``welcome``)
    "join": _message(
        "join",
        {"v": {"const": PROTOCOL_VERSION}, "code": _CODE, "name": _NAME, "seat": _SEAT, "key": _KEY},
        ("v", "code", "name", "seat"),
    ),
    # a move for your seat; ``ticket`` (from ``turn``) names the position it answers
    "move": _message(
        "move",
        {
            "action": {"type": "string", "minLength": 1, "maxLength": 24},
            "ticket": {"type": "integer", "minimum": 0, "maximum": 2**53},
            "seat": _SEAT,
        },
        ("action",),
    ),
    "chat": _message("chat", {"text": {"type": "string", "minLength": 1, "maxLength": MAX_CHAT}}, ("text",)),
    "start": _message("start", {}),  # the table's creator: begin now, computers in the open seats nobody took
    "again": _message("again", {}),  # after a game: the next one with the same people
    "leave": _message("leave", {}),  # give up the seat for good (a computer plays it; anyone may take it)
    # the table's creator: free the seat of a player who is away (and lost its key)
    "free": _message("free", {"seat": _SEAT}, ("seat",)),
}

CLIENT_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "euchre-qt network table: a client's message",
    "oneOf": list(CLIENT_MESSAGES.values()),
}
Draft202012Validator.check_schema(CLIENT_SCHEMA)
_VALIDATORS = {kind: Draft202012Validator(schema) for kind, schema in CLIENT_MESSAGES.items()}

# What the server may answer in ``error``; each has a sentence for people in ``ERROR_TEXT``.
ERROR_TEXT: dict[str, str] = {
    "malformed": "The message could not be understood.",
    "too big": "The message was too long.",
    "flooding": "Too many messages too fast.",
    "version": f"This table speaks version {PROTOCOL_VERSION} of the network game; please update euchre-qt.",
    "bad code": "No table has that join code.",
    "seat taken": "Somebody else sits in that seat.",
    "name taken": "Somebody at the table already has that name.",
    "not seated": "Take a seat at a table first.",
    "not your seat": "You can move only for your own seat.",
    "not creator": "Only the player who created the table can do that.",  # (start it, free a seat)
    "started": "The game has already started.",
    "not started": "The game has not started yet: the player who created the table deals.",
    "not over": "The game is still being played.",
    "timeout": "The connection said nothing for too long.",
    "server busy": "The server cannot take more tables now.",
    "too many tables": "Too many tables were started from your address; finish one first.",
    "too many connections": "Too many connections from your address are open at once; close one and try again.",
    "not away": "That seat's player is at the table.",
}


class ProtocolError(ValueError):
    """A client broke the wire rules: ``code`` is one of ``ERROR_TEXT``'s keys."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


def parse_client_message(raw: str | bytes) -> dict[str, Any]:
    """A client's frame as a checked message; ``ProtocolError`` for anything else.

    Only text frames of at most ``MAX_MESSAGE_BYTES`` that hold one JSON object valid under
    ``CLIENT_SCHEMA`` pass. Names and chat are cleaned of control characters."""
    if isinstance(raw, bytes):
        raise ProtocolError("malformed", "binary frame")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too big")
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError("malformed", f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "not a JSON object")
    kind = data.get("type")
    validator = _VALIDATORS.get(kind) if isinstance(kind, str) else None
    if validator is None:
        raise ProtocolError("malformed", f"unknown message type {kind!r}"[:80])
    if kind in ("create", "look", "join") and data.get("v") != PROTOCOL_VERSION and "v" in data:
        raise ProtocolError("version", f"client speaks {data.get('v')!r}"[:80])
    if not (kind == "move" and _plain_move(data)):
        error = next(iter(validator.iter_errors(data)), None)
        if error is not None:
            raise ProtocolError("malformed", error.message[:120])
    for key in ("name", "text"):
        if key in data:
            data[key] = clean_text(data[key])
            if not data[key]:
                raise ProtocolError("malformed", f"empty {key}")
    return data


_MOVE_KEYS = frozenset(CLIENT_MESSAGES["move"]["properties"])
_MOVE_ACTION = CLIENT_MESSAGES["move"]["properties"]["action"]
_MOVE_TICKET = CLIENT_MESSAGES["move"]["properties"]["ticket"]
_SEAT_LETTERS = frozenset(_SEAT["enum"])


def _plain_move(data: dict[str, Any]) -> bool:
    """Whether ``data`` is a ``move`` as clients send it, which ``CLIENT_SCHEMA`` passes: a
    check of a few fields in place of the schema's walk (a move is most of what a server
    reads, and the walk was a twentieth of its time; benchmarks/net_pace.py). False for
    anything else, which the schema then judges: this only lets through what it would."""
    action, ticket, seat = data.get("action"), data.get("ticket", 0), data.get("seat", "S")
    return (
        data.keys() <= _MOVE_KEYS
        and type(action) is str
        and _MOVE_ACTION["minLength"] <= len(action) <= _MOVE_ACTION["maxLength"]
        and type(ticket) is int
        and _MOVE_TICKET["minimum"] <= ticket <= _MOVE_TICKET["maximum"]
        and type(seat) is str
        and seat in _SEAT_LETTERS
    )


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # NaN, Infinity: Python's json accepts them, the standard does not


_SPACES = re.compile(r"\s+")


def clean_text(text: str) -> str:
    """A name or chat line as it may be shown: one space between words, no control or format
    characters (a right-to-left override could make a name read as another's)."""
    spaced = _SPACES.sub(" ", text)
    return "".join(ch for ch in spaced if unicodedata.category(ch)[0] != "C").strip()


def parse_action(text: str) -> Action:
    """A move's text (``"play JH"``); ``ProtocolError`` when it is no move at all."""
    try:
        return Action.parse(text)
    except ValueError:
        raise ProtocolError("malformed", "not a move") from None


def encode(message: dict[str, Any]) -> str:
    """One message as the frame's text (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def numbered(text: str, n: int) -> str:
    """A message's ``encode`` with its number ``n`` added: the text of ``encode({**message,
    "n": n})`` for a message without an ``n``, made without encoding it again (a message to
    the whole table is encoded once for its four connections)."""
    return f'{text[:-1]},"n":{n}}}' if len(text) > 2 else f'{{"n":{n}}}'


def join_message(code: str, name: str, seat: Seat, key: str | None = None) -> dict[str, Any]:
    """A client's ``join``: sit at ``seat`` of the table with ``code``, or come back to it with
    its seat ``key``."""
    message = {"type": "join", "v": PROTOCOL_VERSION, "code": code, "name": name, "seat": seat.letter}
    if key is not None:
        message["key"] = key
    return message


def move_message(action: Action | str, ticket: int | None = None) -> dict[str, Any]:
    """A client's ``move``; ``ticket``: the position the server asked it in (its ``turn``)."""
    message: dict[str, Any] = {"type": "move", "action": str(action)}
    if ticket is not None:
        message["ticket"] = ticket
    return message


def reveal_message(deal_number: int, hands: dict[Seat, tuple[Card, ...]]) -> dict[str, Any]:
    """The server's ``reveal`` at a played hand's end: the cards each seat still holds (a lone
    player's partner's five), shown to everyone as at a real table."""
    return {"type": "reveal", "deal_number": deal_number, "hands": hands_to_dict(hands)}


def revealed_hands(message: dict[str, Any]) -> dict[Seat, tuple[Card, ...]]:
    """A ``reveal``'s cards by seat; ``ValueError`` (or ``KeyError``/``TypeError``) when malformed."""
    return hands_from_dict(message["hands"])


def hands_to_dict(hands: dict[Seat, tuple[Card, ...]]) -> dict[str, list[str]]:
    """Cards shown at a hand's end, by seat, as the wire has them (``{"N": ["9S", ...]}``)."""
    return {s.letter: [c.text for c in h] for s, h in hands.items()}


def hands_from_dict(data: dict[str, Any]) -> dict[Seat, tuple[Card, ...]]:
    """``hands_to_dict`` back; ``ValueError`` (or ``KeyError``/``TypeError``) when malformed."""
    return {Seat.parse(seat): tuple(Card.parse(c) for c in cards) for seat, cards in data.items()}


PlayedDeal = tuple[SeatView, dict[Seat, tuple[Card, ...]]]  # a finished deal as a seat saw it, and its reveal


def played_to_list(deals: list[PlayedDeal]) -> list[dict[str, Any]]:
    """The ``played`` of a ``view`` or ``turn`` to a person coming back to their seat: the game's
    finished deals, each as the seat's view at its end and the cards shown then (``reveal``), so
    that a hand that ended while they were away is known to them as to everyone who stayed."""
    return [{"view": view_to_dict(view), "hands": hands_to_dict(hands)} for view, hands in deals]


def played_from_list(data: list[dict[str, Any]]) -> list[PlayedDeal]:
    """``played_to_list`` back; ``ValueError`` (or ``KeyError``/``TypeError``) when malformed."""
    return [(view_from_dict(deal["view"]), revealed_hands(deal)) for deal in data]


def error(code: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "text": ERROR_TEXT[code]}


# --- a seat's view, as data ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sits in a seat, as every seat at the table may see it."""

    seat: Seat
    name: str
    kind: str  # "person", "computer" or "open"
    connected: bool = False  # a person: connected now
    back_within: float | None = None  # a person who dropped: seconds before a computer takes the seat
    stand_in: bool = False  # a computer playing for a person: away, or sitting down from the next deal
    open: bool = False  # a friend with the join code may take the seat (a computer keeps it until then)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat.letter,
            "name": self.name,
            "kind": self.kind,
            "connected": self.connected,
            "back_within": None if self.back_within is None else round(self.back_within, 1),
            "stand_in": self.stand_in,
            "open": self.open,
        }


@functools.lru_cache(maxsize=256)
def _rules_dict(rules: Rules) -> dict[str, Any]:
    """A table's rules as data, made once: every view carries them, and ``Rules.to_dict``
    (``dataclasses.asdict``) was a twentieth of a busy server's time (benchmarks/net_pace.py,
    py-spy). Shared, so never changed by whoever reads it."""
    return rules.to_dict()


def view_to_dict(view: SeatView) -> dict[str, Any]:
    """``view`` as plain JSON data. Never the other hands: only the "They see all" computer
    players get those, and they never sit across the network."""

    def seats(values: tuple[Seat, ...]) -> list[str]:
        return [seat.letter for seat in values]

    def plays(values: tuple[tuple[Seat, Card], ...]) -> list[list[str]]:
        return [[seat.letter, card.text] for seat, card in values]

    def letter(value: Seat | Suit | None) -> str | None:
        return None if value is None else value.letter

    return {
        "seat": view.seat.letter,
        "rules": _rules_dict(view.rules),
        "dealer": view.dealer.letter,
        "phase": view.phase.value,
        "turn": letter(view.turn),
        "hand": [card.text for card in view.hand],
        "up_card": view.up_card.text,
        "up_card_taken": view.up_card_taken,
        "up_card_turned_down": view.up_card_turned_down,
        "history": [[seat.letter, str(action)] for seat, action in view.history],
        "bids": [[seat.letter, str(action), round_] for seat, action, round_ in view.bids],
        "trump": letter(view.trump),
        "maker": letter(view.maker),
        "alone": view.alone,
        "lone_defender": letter(view.lone_defender),
        "sitting_out": seats(view.sitting_out),
        "tricks": [
            {"leader": trick.leader.letter, "plays": plays(trick.plays), "winner": letter(trick.winner)}
            for trick in view.tricks
        ],
        "trick": plays(view.trick),
        "leader": letter(view.leader),
        "tricks_won": list(view.tricks_won),
        "discarded": None if view.discarded is None else view.discarded.text,
        "scores": list(view.scores),
        "legal_actions": [str(action) for action in view.legal_actions],
    }


def view_from_dict(data: dict[str, Any]) -> SeatView:
    """The server's view back as the engine's ``SeatView`` (for a client's table and players).
    ``ValueError`` (or ``KeyError``/``TypeError``) on anything malformed."""

    def seat(text: str | None) -> Seat | None:
        return None if text is None else Seat.parse(text)

    def seat_(text: str) -> Seat:
        return Seat.parse(text)

    def plays(values: list[list[str]]) -> tuple[tuple[Seat, Card], ...]:
        return tuple((seat_(s), Card.parse(c)) for s, c in values)

    return SeatView(
        seat=seat_(data["seat"]),
        rules=Rules.from_dict(data["rules"]),
        dealer=seat_(data["dealer"]),
        phase=Phase(data["phase"]),
        turn=seat(data["turn"]),
        hand=tuple(Card.parse(c) for c in data["hand"]),
        up_card=Card.parse(data["up_card"]),
        up_card_taken=bool(data["up_card_taken"]),
        up_card_turned_down=bool(data["up_card_turned_down"]),
        history=tuple(
            (seat_(s), Action.parse(a) if a != "discard ??" else _HIDDEN_DISCARD) for s, a in data["history"]
        ),
        bids=tuple((seat_(s), Action.parse(a), int(r)) for s, a, r in data["bids"]),
        trump=None if data["trump"] is None else Suit.parse(data["trump"]),
        maker=seat(data["maker"]),
        alone=bool(data["alone"]),
        lone_defender=seat(data["lone_defender"]),
        sitting_out=tuple(seat_(s) for s in data["sitting_out"]),
        tricks=tuple(Trick(seat_(t["leader"]), plays(t["plays"]), seat(t["winner"])) for t in data["tricks"]),
        trick=plays(data["trick"]),
        leader=seat(data["leader"]),
        tricks_won=(data["tricks_won"][0], data["tricks_won"][1], data["tricks_won"][2], data["tricks_won"][3]),
        discarded=None if data["discarded"] is None else Card.parse(data["discarded"]),
        scores=(data["scores"][0], data["scores"][1]),
        legal_actions=tuple(Action.parse(a) for a in data["legal_actions"]),
    )


_HIDDEN_DISCARD = Action.parse("discard 9C")._replace(card=None)

__all__ = [
    "CLIENT_SCHEMA",
    "ERROR_TEXT",
    "MAX_MESSAGE_BYTES",
    "MAX_PLAYED_DEALS",
    "PROTOCOL_VERSION",
    "ProtocolError",
    "SeatInfo",
    "clean_text",
    "encode",
    "error",
    "hands_from_dict",
    "hands_to_dict",
    "numbered",
    "parse_action",
    "parse_client_message",
    "reveal_message",
    "revealed_hands",
    "view_from_dict",
    "view_to_dict",
]
