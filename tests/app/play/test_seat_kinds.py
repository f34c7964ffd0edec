"""Who plays each seat, as a saved game keeps it (``Seating.kinds``) and the review takes it,
and who makes your moves during Auto Play."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from euchre_qt.app.play.seating import Seating
from euchre_qt.app.storage.settings import Settings
from euchre_qt.app.thinking import thinker
from euchre_qt.engine import Seat
from euchre_qt.engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay, Plays
from euchre_qt.session import ComputerSeat, Occupant, PersonSeat
from euchre_qt.session.seats import Think

# You at South, a Novice at West and East, the Advanced player at North
TABLE = replace(Settings(), player_west="novice", player_north="advanced", player_east="novice")


@pytest.fixture
def seating(monkeypatch: pytest.MonkeyPatch) -> Seating:
    monkeypatch.setattr(thinker, "USE_HELPER", False)
    return Seating(SimpleNamespace(settings=TABLE), lambda: 10)


def test_a_table_here_says_each_computer_player_by_name(seating: Seating) -> None:
    seating.make_players(seed=1)
    assert seating.kinds() == ("person", "novice", "advanced", "novice")
    assert seating.how_they_play() == HowTheyPlay((Plays.WELL, Plays.BY_HABIT, Plays.WELL, Plays.BY_HABIT))


def test_at_a_network_table_the_others_are_people(seating: Seating) -> None:
    seating.make_players(seed=1, elsewhere=frozenset({Seat.WEST, Seat.NORTH, Seat.EAST}))
    assert seating.kinds() == ("person", "person", "person", "person")
    assert seating.how_they_play() == EVERYONE_WELL


def _never_thinks(seat: Seat) -> Think:
    return lambda request, done: None


class _SeatsTaken:
    """A session that keeps who it was told sits in each seat."""

    def __init__(self) -> None:
        self.occupants: dict[Seat, Occupant] = {}

    def seat(self, seat: Seat, occupant: Occupant) -> None:
        self.occupants[seat] = occupant


def test_auto_play_hands_your_seat_to_the_partners_player_and_back(seating: Seating) -> None:
    seating.make_players(seed=1)
    session = _SeatsTaken()
    seating.seat_occupants(session, _never_thinks)
    assert isinstance(session.occupants[Seat.SOUTH], PersonSeat) and seating.is_person(Seat.SOUTH)

    seating.set_autoplay(True)
    seating.seat_occupants(session, _never_thinks)
    assert seating.autoplay and not seating.is_person(Seat.SOUTH)
    assert isinstance(session.occupants[Seat.SOUTH], ComputerSeat)
    assert seating.kinds() == ("person", "novice", "advanced", "novice")  # a saved game still says you

    seating.set_autoplay(False)
    seating.seat_occupants(session, _never_thinks)
    assert not seating.autoplay and isinstance(session.occupants[Seat.SOUTH], PersonSeat)
