"""The paced channel: the presenter hands the session's events to its spectators (the
scene's animator, the sound, the narrator) as the table shows them, beat by beat."""

from __future__ import annotations

import random
from typing import Any

from euchre_qt.app.table.state import Shown, Stage
from euchre_qt.session import events

from ..conftest import advance


def test_a_spectator_sees_every_event_of_a_hand_in_order_once_after_the_last_beat_was_shown(
    qtbot: Any, make_window: Any
) -> None:
    window = make_window(seed=3, speed=1)  # (the cards really move: each beat takes its time)
    c = window.controller
    told: list[events.Event] = []
    timeline: list[tuple[str, Any]] = []  # ("shown", Shown) and ("presented", token), as they came
    c.presenter.at_once(lambda event: told.append(event) if not isinstance(event, events.MoveRefused) else None)
    c.presenter.as_shown(lambda shown: timeline.append(("shown", shown)))
    scene = window.scene  # (heard before the controller hears it, which hands on the next beat)
    scene.presented.disconnect(c.presented)
    scene.presented.connect(lambda token: timeline.append(("presented", token)))
    scene.presented.connect(c.presented)
    c.new_game(seed=11)
    advance(qtbot, window, lambda: bool(c.game.records) and c.stage is Stage.HAND_OVER, random.Random(4))

    beats: list[Shown] = [item for kind, item in timeline if kind == "shown"]
    seen = [event for shown in beats for event in shown.events]
    assert [e.seq for e in seen] == [e.seq for e in told[: len(seen)]]  # in order, each once, none left out
    assert isinstance(seen[0], events.TableReset) and isinstance(seen[-1], events.HandEnded)
    assert sum(isinstance(e, events.CardPlayed) for e in seen) == 20 - 5 * len(c.game.records[0].final.sitting_out)
    # a beat is handed on only once the one before it that moved cards was in place
    waiting_for: int | None = None
    for kind, item in timeline:
        if kind == "presented" and item == waiting_for:
            waiting_for = None
        elif kind == "shown":
            assert waiting_for is None, f"{item.events} handed on while beat {waiting_for} was still moving"
            waiting_for = item.token
    # the summary shows the hand's end, and the next deal is not shown until Continue
    assert isinstance(beats[-1].events[-1], events.HandEnded) and beats[-1].state.stage is Stage.HAND_OVER
    assert any(isinstance(e, events.HandDealt) for e in told[len(seen) :])
    dealt = len(timeline)
    c.continue_()
    qtbot.waitUntil(
        lambda: any(kind == "shown" and isinstance(item.events[0], events.HandDealt) for kind, item in timeline[dealt:])
    )


def test_the_sound_hears_the_table_as_it_is_shown(qtbot: Any, make_window: Any) -> None:
    window = make_window(seed=3)
    c = window.controller
    window.sound.set_enabled(True)
    window.sound.played.clear()
    heard: list[str] = []
    c.presenter.as_shown(lambda shown: heard.extend(type(e).__name__ for e in shown.events))
    c.new_game(seed=11)
    advance(qtbot, window, lambda: bool(c.game.records) and c.stage is Stage.HAND_OVER, random.Random(4))
    cards = heard.count("CardPlayed")
    assert window.sound.played.count("card") == cards and cards > 0
    assert window.sound.played.count("trick") + window.sound.played.count("euchre") == heard.count("TrickWon")
