"""The hand review grades your decisions: driven through the real window."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from euchre_qt.analysis import Grade, decision_points
from euchre_qt.analysis.judge import Budget
from euchre_qt.analysis.replay import position_before
from euchre_qt.app.review import analysis_panel as review_analysis
from euchre_qt.app.review.review_dialog import ReviewDialog
from euchre_qt.app.table.state import Stage
from euchre_qt.app.thinking import thinker
from euchre_qt.engine import Game, Seat
from euchre_qt.engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay, Plays
from euchre_qt.engine.ai.novice import NovicePlayer

from ..conftest import advance, settle


@pytest.fixture(autouse=True)
def few_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_analysis, "DEALS", 8)  # the grading's cost, not its quality, is under test here


def _review_after(qtbot: QtBot, make_window: Callable[..., Any], hands: int) -> tuple[Any, ReviewDialog]:
    window = make_window(seed=21)
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= hands and not c.game.hand_actions)
    window.menus.act_review.trigger()
    review = window.opened[-1]
    assert isinstance(review, ReviewDialog)
    return window, review


def test_your_decisions_are_graded_and_stepped_through(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window, review = _review_after(qtbot, make_window, 1)
    panel = review.analysis
    review.show()
    review.list.setCurrentRow(0)
    qtbot.waitUntil(lambda: panel.current is not None, timeout=20000)
    graded = panel._graded()
    game = window.controller.game
    assert graded and all(d.seat is Seat.SOUTH for d in graded)
    assert [d.chosen for d in graded] == [game.actions[d.move] for d in graded]
    assert panel.where.text() == f"Decision 1 of {len(graded)}"
    assert not panel.back_button.isEnabled()
    first = panel.verdict.text()
    assert graded[0].grade.value.capitalize() in first and "Hindsight" in first
    qtbot.keyClick(review, Qt.Key.Key_Right)
    assert panel.index == (1 if len(graded) > 1 else 0)
    qtbot.mouseClick(panel.back_button, Qt.MouseButton.LeftButton)
    assert panel.index == 0 and panel.verdict.text() == first
    assert "This hand" in panel.summary.text() and "points lost" in panel.summary.text()
    assert panel.picture is not None and not panel.picture.grab().isNull()
    assert not panel.progress.isVisible()


def test_the_review_takes_each_seat_for_what_plays_it(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Novice computer seats are graded as playing by habit; the person and an Advanced
    partner as good players."""
    asked: list[HowTheyPlay] = []
    grade = thinker.review_async

    def review_async(position: object, deals: int | None = None, seating: HowTheyPlay = EVERYONE_WELL) -> object:
        asked.append(seating)
        return grade(position, deals, seating)

    monkeypatch.setattr(thinker, "review_async", review_async)
    window = make_window(seed=21, player_north="advanced")
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= 1 and not c.game.hand_actions)
    window.menus.act_review.trigger()
    review = window.opened[-1]
    review.list.setCurrentRow(0)
    qtbot.waitUntil(lambda: review.analysis.current is not None, timeout=20000)
    assert asked and set(asked) == {HowTheyPlay((Plays.WELL, Plays.BY_HABIT, Plays.WELL, Plays.BY_HABIT))}
    names = review.analysis.names
    qtbot.waitUntil(lambda: "This hand" in review.analysis.summary.text(), timeout=20000)
    # The review says whom it takes to play as the Novice does.
    assert f"{names[1]} and {names[3]} are graded as the Novice computer player plays" in review.analysis.summary.text()


def test_at_the_windows_smallest_the_words_neither_cover_the_cards_nor_are_cut_off(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=21, size=(560, 420))
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= 1 and not c.game.hand_actions)
    window.menus.act_review.trigger()
    review = window.opened[-1]
    review.show()
    qtbot.waitExposed(review)
    review.list.setCurrentRow(0)
    panel = review.analysis
    qtbot.waitUntil(lambda: panel.current is not None and not panel.busy, timeout=20000)
    assert panel.picture is not None
    cards_end = panel.picture.mapTo(review, QPoint(0, panel.picture.height())).y()
    labels = (panel.verdict, panel.summary)
    for label in labels:
        assert label.mapTo(review, QPoint(0, 0)).y() >= cards_end  # below the cards, never over them
    # room for every line, once laid out (the words scroll where the review is small)
    qtbot.waitUntil(lambda: all(label.height() >= label.heightForWidth(label.width()) for label in labels))


def _one_hand_played() -> Game:
    """A game whose first hand four Novice players have played."""
    game = Game(seed=3)
    players = [NovicePlayer(seed=s) for s in range(4)]
    while not game.records:
        seat = game.turn
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    return game


def test_a_move_the_record_does_not_state_is_marked_in_the_review(qtbot: QtBot) -> None:
    """A record's unwritten discard (analysis.stated) is shown as inferred, as the command
    line shows it, and not counted (here the first decision of a game, taken as one)."""
    game = _one_hand_played()
    first = next(decision_points(game, [Seat.SOUTH]))
    review = ReviewDialog(game, ("You", "Wes", "Nell", "Ed"), inferred=frozenset({first.move}))
    qtbot.addWidget(review)
    panel = review.analysis
    review.list.setCurrentRow(0)
    qtbot.waitUntil(lambda: panel.current is not None, timeout=20000)
    assert panel.current is not None and panel.current.inferred and panel.current.move == first.move
    assert "an inferred move: the record does not state it" in panel.verdict.text()
    assert "so it is not counted" in panel.verdict.text()


def test_every_hand_is_graded_for_the_game_summary(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    _window, review = _review_after(qtbot, make_window, 2)
    panel = review.analysis
    review.show()
    qtbot.mouseClick(panel.all_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.busy, timeout=30000)
    with_decisions = len(panel.decision_points)
    assert with_decisions >= 2
    assert f"{with_decisions} of {with_decisions} hands graded" in panel.summary.text()
    assert not panel.all_button.isEnabled()


def test_the_review_copes_with_a_game_not_yet_started(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=4)
    window.menus.act_review.trigger()
    panel = window.opened[-1].analysis
    assert panel.current is None and "no decision" in panel.verdict.text()
    window.opened[-1].reject()  # closing stops the grading


def test_grading_runs_in_the_helper_process(monkeypatch: pytest.MonkeyPatch, qtbot: QtBot) -> None:
    position = next(decision_points(_one_hand_played(), [Seat.SOUTH]))
    monkeypatch.setattr(thinker, "USE_HELPER", True)
    try:
        pending = thinker.review_async(position, 8)
        assert not isinstance(pending, thinker._Done)  # asked of the helper, not worked out here
        qtbot.waitUntil(pending.ready, timeout=60000)
        answer = pending.get()
    finally:
        thinker.shutdown()
    from euchre_qt.analysis.analyse import review_decision_point

    here = review_decision_point(position, Budget(deals=8))
    assert answer == here.to_dict() and Grade(answer["grade"]) is here.grade


def test_play_again_from_a_decision_then_back_to_the_game(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window, review = _review_after(qtbot, make_window, 1)
    c = window.controller
    real, moves = c.game, list(c.game.actions)
    saved = window.files.autosave.path.read_bytes()
    played = window.files.stats.stats.hands_played
    panel = review.analysis
    review.show()
    review.list.setCurrentRow(0)
    qtbot.waitUntil(lambda: panel.current is not None, timeout=20000)
    qtbot.keyClick(review, Qt.Key.Key_Right)
    assert panel.current is not None
    move = panel.current.move
    qtbot.mouseClick(panel.again_here_button, Qt.MouseButton.LeftButton)
    assert window.kept.practice is not None and c.game is not real
    assert c.game.actions == moves[:move]  # the position just before that decision
    assert c.game.hand.hands == position_before(real, move).hand.hands and c.game.scores == (0, 0)
    advance(qtbot, window, lambda: window.kept.practice is None)
    assert c.game is real and c.game.actions == moves  # the game as it was
    assert window.files.autosave.path.read_bytes() == saved  # never saved over
    assert window.files.stats.stats.hands_played == played  # practice is not counted
    assert any("Back to your game" in text for _, text in window.notices.messages)


def test_auto_play_left_on_at_the_games_end_leaves_the_deal_played_again_to_the_person(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=31)
    c = window.controller
    settle(qtbot, window)
    window.menus.act_autoplay.trigger()
    qtbot.waitUntil(lambda: c.stage is Stage.GAME_OVER, timeout=60000)
    assert c.autoplay  # left on
    window.kept.play_again(0)  # the review's "Play This Deal Again" from the first move
    assert window.kept.practice is not None
    assert not c.autoplay and not window.menus.act_autoplay.isChecked()
    assert settle(qtbot, window) is Stage.HUMAN and c.human_seat is Seat.SOUTH  # the person's move


def test_a_deal_played_again_ends_with_both_plays_side_by_side(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """The practice hand's end shows the deal as played in the game and this time, side by
    side; the game comes back when the player closes them (it came back at once, with a
    line in the status bar)."""
    from euchre_qt.app.review.practice_result import PracticeResultDialog

    window, review = _review_after(qtbot, make_window, 1)
    c = window.controller
    real = c.game
    review.list.setCurrentRow(0)
    qtbot.mouseClick(review.analysis.again_button, Qt.MouseButton.LeftButton)
    shown: list[tuple[object, bool]] = []

    def look(dialog: object) -> int:
        shown.append((dialog, window.kept.practice is not None and c.game is not real))
        return 0

    window.dialogs.run_dialog = look
    advance(qtbot, window, lambda: window.kept.practice is None)
    results = [(d, practising) for d, practising in shown if isinstance(d, PracticeResultDialog)]
    assert len(results) == 1
    dialog, practising = results[0]
    assert practising  # the practice hand stays on the table while the two plays are shown
    first, again = (play.toPlainText() for play in dialog.plays)
    assert "Dealer" in first and "Dealer" in again
    assert dialog.verdict.text().endswith(".") and dialog.back_button.isDefault()
    assert c.game is real


def test_play_this_deal_again_from_its_start(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window, review = _review_after(qtbot, make_window, 1)
    c = window.controller
    real = c.game
    review.list.setCurrentRow(0)
    qtbot.mouseClick(review.analysis.again_button, Qt.MouseButton.LeftButton)
    assert (
        window.kept.practice is not None
        and c.game.actions == []
        and c.game.hand.hands == position_before(real, 0).hand.hands
    )
    window.new_game()  # leaving the practice for a new game first goes back to the game kept aside
    assert window.kept.practice is None


def test_a_screen_reader_reads_the_review(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """Grades, reasons and summaries are in the accessible tree as text, each decision
    stepped to is announced, and the hands are in words without table markers."""
    QAccessible.setActive(True)
    try:
        _window, review = _review_after(qtbot, make_window, 1)
        panel = review.analysis
        said: list[str] = []
        panel.announcer.spoken.connect(lambda text, _assertive: said.append(text))
        review.show()
        review.list.setCurrentRow(0)
        qtbot.waitUntil(lambda: panel.current is not None, timeout=20000)
        graded = panel._graded()

        def read(widget: QWidget) -> str:
            return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name)

        grade = graded[0].grade.value.capitalize()
        assert grade in read(panel.verdict) and "Hindsight" in read(panel.verdict)
        assert "This hand" in read(panel.summary)
        qtbot.waitUntil(lambda: any(text.startswith(f"Decision 1 of {len(graded)}") for text in said))
        assert grade in said[-1] and "<" not in said[-1]
        if len(graded) > 1:
            qtbot.keyClick(review, Qt.Key.Key_Right)
            qtbot.waitUntil(lambda: said[-1].startswith(f"Decision 2 of {len(graded)}"))
        text = QAccessible.queryAccessibleInterface(review.text).textInterface()
        hand = text.text(0, text.characterCount())
        assert "Trick 1:" in hand and " of " in hand
        assert not set(hand) & set("♣♦♥♠\ufdd0\ufdd1\ufffc"), hand
    finally:
        QAccessible.setActive(False)


# A hand played by the window on its own, then its review opened and a decision graded in
# the review's helper process; then which grading modules the window's own process holds.
REVIEW_PROCESS = textwrap.dedent(
    """
    import os, sys
    from dataclasses import replace
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from euchre_qt.app.review import analysis_panel
    from euchre_qt.app.window.main_window import MainWindow
    from euchre_qt.app.storage.settings import SettingsStore
    analysis_panel.DEALS = 8
    store = SettingsStore(Path(os.environ["EUCHRE_QT_CONFIG_DIR"]))
    seats = {f"player_{s}": "novice" for s in ("west", "north", "east")}
    store.save(replace(store.settings, speed=0, **seats))
    w = MainWindow(store, Path(os.environ["EUCHRE_QT_DATA_DIR"]), resume=False, seed=21)
    w.show()
    w.build()
    opened = []
    w.dialogs.run_dialog = lambda dialog: opened.append(dialog) or 0
    seen = {}
    def check():
        c = w.controller
        if c.game is None:
            return
        if not seen and not c.game.records and not c.autoplay:
            c.set_autoplay(True)
        if not seen and c.game.records:
            c.set_autoplay(False)
            w.menus.act_review.trigger()
            seen["review"] = opened[-1]
            seen["review"].list.setCurrentRow(0)
        review = seen.get("review")
        if review is not None and review.analysis.current is not None:
            seen["graded"] = review.analysis.current.grade
            app.quit()
    t = QTimer(); t.timeout.connect(check); t.start(20)
    QTimer.singleShot(90000, app.quit)
    app.exec()
    heavy = ("euchre_qt.analysis.judge", "euchre_qt.analysis.analyse", "euchre_qt.engine.ai.core",
             "euchre_qt.engine.ai._search", "euchre_qt.engine.ai.sampler")
    print("GRADED", seen.get("graded"))
    print("LOADED", [m for m in heavy if m in sys.modules])
    """
)


def test_the_window_never_loads_the_judge_to_show_a_review(private_folders: dict[str, Path]) -> None:
    """The review grades in its helper process: the window lists the decisions and shows
    the answers, and never loads the judge or the search core on its own thread."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", REVIEW_PROCESS], env=env, capture_output=True, text=True, timeout=150)
    assert proc.returncode == 0, proc.stderr
    out = dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line)
    assert out["GRADED"] != "None", proc.stdout + proc.stderr  # a decision graded, in the helper
    assert out["LOADED"] == "[]"
