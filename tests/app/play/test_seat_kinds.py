"""Who plays each seat, as a saved game keeps it (``Seating.kinds``) and the review takes it."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from euchre_qt.app.play.seating import Seating
from euchre_qt.app.storage.settings import Settings
from euchre_qt.app.thinking import thinker
from euchre_qt.engine import Seat
from euchre_qt.engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay, Plays

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
