"""Defending alone against a lone hand (the lone-defender rule): the defence played out
over sampled deals with partner and without, the makers' points counted for my side."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Seat
from ..hand import opening_leader
from ..view import SeatView
from .bid_search import makers_points
from .core import make_solver
from .masks import mask_of
from .sampler import World

# A defender must expect to take most tricks alone before trying it.
FLOOR = 2.2
# Defending alone must beat defending with partner by this many expected points.
MARGIN = 0.2


def defence_value(view: SeatView, worlds: Sequence[World], alone: bool) -> float:
    """My side's expected points over ``worlds`` if I defend ``alone`` or with partner."""
    assert view.trump is not None and view.maker is not None
    me = int(view.seat)
    makers = view.maker.team
    out = {int(s) for s in view.sitting_out}
    if alone:
        out.add(int(view.seat.partner))
    active = [s for s in range(4) if s not in out]
    solver = make_solver(view.trump, makers, active)
    out_seats = tuple(Seat(s) for s in range(4) if s not in active)
    leader = int(opening_leader(view.rules, view.dealer, view.maker, view.alone, out_seats))
    total = 0.0
    for world in worlds:
        hands = world[:4]
        hands[me] = mask_of(view.hand)
        solver.set_position(hands, [])
        band = solver.band(leader, 0)
        total -= makers_points(band, view.alone, alone, view.rules.doubled_alone_euchre)
    return total / max(len(worlds), 1)
