"""A table session, free of widgets: the engine's game, four seats and the events of play.

- ``events``: what happens at a table, as numbered, public, JSON-able events.
- ``seats``: who makes a seat's moves (a person here, a computer player, somebody far
  away) and how the table asks them, without waiting on anybody.
- ``table``: ``TableSession``, which asks, checks, applies each move once and tells
  its listeners.
- ``wording``: the one module that puts moves, results and refusals in a player's words.

Pure Python: nothing here imports Qt.
"""

from .events import EVENT_TYPES, Event, MoveRefused, event_from_dict
from .seats import ComputerSeat, Occupant, PersonSeat, SeatKind, TurnRequest, immediate
from .table import TableSession

__all__ = [
    "EVENT_TYPES",
    "ComputerSeat",
    "Event",
    "MoveRefused",
    "Occupant",
    "PersonSeat",
    "SeatKind",
    "TableSession",
    "TurnRequest",
    "event_from_dict",
    "immediate",
]
