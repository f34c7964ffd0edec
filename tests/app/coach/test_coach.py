"""The coach: each of your decisions graded as the review grades it, a note beside the table
after a mistake or a blunder (Take It Back, Go On), the game's summary; driven through the
real window."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from euchre_qt.analysis import DecisionKind, DecisionPoint, DecisionReview, Grade
from euchre_qt.analysis.analyse import analyse_game
from euchre_qt.analysis.coaching import COACHED
from euchre_qt.analysis.judge import Budget
from euchre_qt.analysis.results import Choice
from euchre_qt.app.review import analysis_panel
from euchre_qt.app.review.review_dialog import ReviewDialog
from euchre_qt.app.storage.settings import SettingsStore
from euchre_qt.app.table.state import Stage
from euchre_qt.app.thinking import thinker
from euchre_qt.engine import Seat
from euchre_qt.engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from euchre_qt.session.wording import ANSWER_THE_NOTE

DEALS = 16  # the grading's cost, not its quality, is under test here (the same for coach and review)
WAIT_MS = 60000  # generous: a busy two-core machine


@pytest.fixture(autouse=True)
def few_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis_panel, "DEALS", DEALS)


class Held:
    """A grade that comes only when the test lets it (``open``)."""

    def __init__(self, answer: dict[str, Any], open: bool = True) -> None:
        self.answer = answer
        self.open = open

    def ready(self) -> bool:
        return self.open

    def get(self) -> dict[str, Any]:
        return self.answer


def crafted(position: DecisionPoint, grade: Grade) -> dict[str, Any]:
    """A grade of the decision at ``position``: the choice made behind another legal one by
    a loss that earns ``grade`` (a close call: a loss inside its margin)."""
    state = position.state
    seat = state.turn
    assert seat is not None
    view = state.view(seat)
    other = next(a for a in view.legal_actions if a != position.action)
    loss = {Grade.BLUNDER: 1.0, Grade.MISTAKE: 0.4, Grade.CLOSE: 0.5, Grade.BEST: 0.0}[grade]
    best = position.action if grade is Grade.BEST else other  # (a close call: the rival ahead, inside its margin)
    review = DecisionReview(
        hand=position.hand,
        move=position.move,
        seat=seat,
        phase=view.phase,
        kind=DecisionKind.BID,
        chosen=position.action,
        best=best,
        choices=(Choice(other, loss, loss, 0.6), Choice(position.action, 0.0, 0.0, 0.5)),
        deals=1024,
        margin=0.6 if grade is Grade.CLOSE else 0.05,
        better_in=700,
        grade=grade,
        why="the test's reason",
    )
    return review.to_dict()


def grades(monkeypatch: pytest.MonkeyPatch, *given: Grade, open: bool = True) -> list[Held]:
    """The coach's grades are ``given``, in order (then best); returns them as asked."""
    asked: list[Held] = []
    queue = list(given)

    def review_async(
        position: DecisionPoint, deals: int | None = None, seating: HowTheyPlay = EVERYONE_WELL, here: bool = True
    ) -> Held:
        held = Held(crafted(position, queue.pop(0) if queue else Grade.BEST), open)
        asked.append(held)
        return held

    monkeypatch.setattr(thinker, "review_async", review_async)
    return asked


def _until(qtbot: Any, condition: Callable[[], bool]) -> None:
    qtbot.waitUntil(condition, timeout=WAIT_MS)


def settled(window: Any) -> Callable[[], bool]:
    """The table waits for someone: you, a click, or the coach's note (once it is open)."""
    c = window.controller

    def waits() -> bool:
        if c.stage is Stage.NOTE:
            return window.coach.open_note is not None
        return c.stage in (Stage.HUMAN, Stage.TRICK, Stage.HAND_OVER, Stage.GAME_OVER)

    return waits


def to_your_decision(qtbot: Any, window: Any, rng: random.Random | None = None) -> None:
    """Play on (random legal moves, notes answered Go On) until you have a real choice."""
    c = window.controller
    rng = rng or random.Random(3)
    for _ in range(500):
        _until(qtbot, settled(window))
        if c.stage is Stage.NOTE:
            window.coach.go_on()
        elif c.stage is Stage.HUMAN:
            legal = c.game.legal_actions()
            if len(legal) > 1:
                return
            c.act(legal[0])
        elif c.stage is Stage.GAME_OVER:
            raise AssertionError("the game ended first")
        else:
            c.continue_()
    raise AssertionError("no decision came")


def test_the_coachs_notes_agree_with_the_review_over_a_whole_game(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every decision of a game: the coach's grade is the review's (the same function, the
    same deals, the same players), and a note came exactly for the mistakes and blunders."""
    window = make_window(seed=8, coach=True)
    c, coach = window.controller, window.coach
    notes: list[int] = []
    coach.noted.connect(lambda graded: notes.append(graded.made.move))
    rng = random.Random(11)
    for _ in range(3000):
        _until(qtbot, settled(window))
        if c.stage is Stage.GAME_OVER:
            break
        if c.stage is Stage.NOTE:
            assert coach.open_note is not None and window.coach.panel.isVisible()
            coach.go_on()
        elif c.stage is Stage.HUMAN:
            c.act(rng.choice(c.game.legal_actions()))  # a learner's random choices: mistakes among them
        else:
            c.continue_()
    game = c.game
    assert game.is_over
    review = analyse_game(game, [Seat.SOUTH], Budget(deals=DEALS), seating=c.seating.how_they_play())
    coached = coach.decisions(game)
    assert len(coached) == len(review.decisions) > 20
    pairs = zip(coached, review.decisions, strict=True)
    agree = [(a.move, a.grade, a.loss) == (b.move, b.grade, b.loss) for a, b in pairs]
    assert sum(agree) == len(agree)  # 100%
    assert notes == [d.move for d in review.decisions if d.grade in COACHED]
    assert notes, "a random player makes mistakes: this game must test some notes"
    # the summary: decisions by kind, points lost, the biggest, and the review a click away
    _until(qtbot, lambda: coach.summary_shown)
    words = coach.panel.words.text()
    assert f"{len(review.decisions)} decisions graded" in words and "points lost" in words
    assert "The biggest loss: in hand" in words
    for row in review.summary(Seat.SOUTH):
        assert str(row.kind) in words
    assert coach.panel.review_button.isVisible() and not coach.panel.take_back_button.isVisible()
    # the review opened from it grades nothing again: the coach's grades are the review's
    monkeypatch.setattr(thinker, "review_async", lambda *args, **kwargs: pytest.fail("graded again"))
    qtbot.mouseClick(coach.panel.review_button, Qt.MouseButton.LeftButton)
    opened = window.opened[-1]
    assert isinstance(opened, ReviewDialog)
    opened.list.setCurrentRow(0)
    qtbot.waitUntil(lambda: opened.analysis.current is not None, timeout=WAIT_MS)
    assert opened.analysis._graded() == [d for d in coached if d.hand == 0]
    qtbot.mouseClick(coach.panel.go_on_button, Qt.MouseButton.LeftButton)
    assert not coach.panel.isVisible()


def test_a_close_call_gives_no_note(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = grades(monkeypatch, Grade.CLOSE)
    window = make_window(seed=21, coach=True)
    c = window.controller
    to_your_decision(qtbot, window)
    move = len(c.game.actions)
    c.act(c.game.legal_actions()[0])
    assert len(asked) == 1 and DecisionReview.from_dict(asked[0].answer).loss >= 0.3  # a mistake's size ...
    _until(qtbot, lambda: c.stage is Stage.HUMAN or len(c.game.actions) > move + 3)
    assert window.coach.open_note is None and window.coach._panel is None  # ... but inside its margin: no note


def test_take_it_back_undoes_the_move_and_you_choose_again(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    grades(monkeypatch, Grade.BLUNDER)
    window = make_window(seed=21, coach=True)
    c, coach = window.controller, window.coach
    to_your_decision(qtbot, window)
    move, before = len(c.game.actions), c.game.hand
    legal = c.game.legal_actions()
    c.act(legal[0])
    _until(qtbot, lambda: coach.open_note is not None)
    panel = coach.panel
    assert panel.isVisible() and panel.take_back_button.isEnabled()
    assert panel.title.text().count("Blunder: 1.00 points lost")
    assert "was better than" in panel.words.text() and "The test&#x27;s reason." in panel.words.text()
    assert "played well" in panel.assumes.text()
    qtbot.mouseClick(panel.take_back_button, Qt.MouseButton.LeftButton)
    assert not panel.isVisible()
    _until(qtbot, lambda: c.stage is Stage.HUMAN)
    assert len(c.game.actions) == move and c.game.hand.history == before.history  # as it was: choose again
    c.act(legal[1])
    assert c.game.actions[move] == legal[1]
    _until(qtbot, lambda: not coach.busy)
    assert coach.open_note is None  # the second choice was the best


def test_go_on_keeps_the_move_your_turn_waiting_for_it(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    grades(monkeypatch, Grade.MISTAKE)
    window = make_window(seed=21, coach=True)
    c, coach = window.controller, window.coach
    to_your_decision(qtbot, window)
    move = len(c.game.actions)
    action = c.game.legal_actions()[0]
    c.act(action)
    _until(qtbot, lambda: coach.open_note is not None)
    # the computer players play on; your next turn waits for the note (as long as it takes)
    for _ in range(50):
        _until(qtbot, lambda: c.stage in (Stage.NOTE, Stage.TRICK, Stage.HAND_OVER))
        if c.stage is Stage.NOTE:
            break
        c.continue_()
    assert c.stage is Stage.NOTE and c.human_seat is None
    assert c.act(c.game.legal_actions()[0]) == ANSWER_THE_NOTE
    qtbot.keyClick(coach.panel.words, Qt.Key.Key_Escape)  # Escape is Go On
    assert coach.open_note is None and not coach.panel.isVisible()
    _until(qtbot, lambda: c.stage is Stage.HUMAN)
    assert c.game.actions[move] == action  # kept


def test_the_table_is_never_held_while_a_grade_is_pending(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = grades(monkeypatch, Grade.BLUNDER, open=False)
    window = make_window(seed=21, coach=True)
    c, coach = window.controller, window.coach
    to_your_decision(qtbot, window)
    move = len(c.game.actions)
    c.act(c.game.legal_actions()[0])
    # the grade never comes: the computer players play on, and your next turn comes
    to_your_decision(qtbot, window)
    assert coach.busy and len(c.game.actions) > move + 1
    c.act(c.game.legal_actions()[0])  # you play on before the note has come
    asked[0].open = True
    _until(qtbot, lambda: coach.open_note is not None)
    assert coach.open_note.made.move == move  # tied to its decision
    panel = coach.panel
    assert not panel.take_back_button.isEnabled() and "You have played on since" in panel.words.text()


def test_the_note_is_heard_and_the_keyboard_comes_back_to_the_table(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    grades(monkeypatch, Grade.BLUNDER)
    window = make_window(seed=21, coach=True)
    c, coach = window.controller, window.coach
    said: list[str] = []
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    window.activateWindow()
    window.view.setFocus()
    to_your_decision(qtbot, window)
    c.act(c.game.legal_actions()[0])
    _until(qtbot, lambda: coach.open_note is not None)
    _until(qtbot, lambda: any("Coach: Blunder: 1.00 points lost." in text for text in said))
    heard = next(text for text in said if "Coach:" in text).partition("Coach:")[2]  # (with the moves said then)
    assert "was better than" in heard and "Take It Back, or Go On." in heard
    panel = coach.panel
    _until(qtbot, lambda: panel.words.hasFocus())  # the words first: a Space meant for the table presses nothing
    qtbot.keyClick(panel.words, Qt.Key.Key_F6)  # to the table and back
    assert window.view.hasFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_F6)
    assert panel.words.hasFocus()
    qtbot.keyClick(panel.words, Qt.Key.Key_Tab)
    assert panel.take_back_button.hasFocus()
    qtbot.keyClick(panel.take_back_button, Qt.Key.Key_Tab)
    assert panel.go_on_button.hasFocus()
    qtbot.keyClick(panel.go_on_button, Qt.Key.Key_Space)
    assert coach.open_note is None
    assert window.view.hasFocus()
    _until(qtbot, lambda: c.stage is not Stage.NOTE)  # (your turn comes from the event loop: here, not later)


def test_the_coach_is_an_option_remembered(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    window = make_window(seed=21)
    assert not window.store.settings.coach and not window.menus.act_coach.isChecked()
    window.menus.act_coach.trigger()  # Options > Coach
    assert window.store.settings.coach and window.coach.enabled
    assert SettingsStore(private_folders["config"]).settings.coach  # in the file
    from euchre_qt.app.window.options_dialog import OptionsDialog

    dialog = OptionsDialog(window.store.settings)
    assert dialog.coach.isChecked()
    dialog.coach.setChecked(False)
    assert not dialog.result_settings().coach


def test_turning_the_coach_off_closes_its_note(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    grades(monkeypatch, Grade.BLUNDER)
    window = make_window(seed=21, coach=True)
    c, coach = window.controller, window.coach
    to_your_decision(qtbot, window)
    c.act(c.game.legal_actions()[0])
    _until(qtbot, lambda: coach.open_note is not None)
    window.menus.act_coach.trigger()
    assert coach.open_note is None and not coach.panel.isVisible()
    to_your_decision(qtbot, window)  # your turn comes
    c.act(c.game.legal_actions()[0])
    assert not coach.busy and coach.open_note is None  # nothing graded any more


COACH_PROCESS = textwrap.dedent(
    """
    import os, random, sys
    from dataclasses import replace
    from pathlib import Path
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication
    app = QApplication([])
    from euchre_qt.app.review import analysis_panel
    from euchre_qt.app.table.state import Stage
    from euchre_qt.app.window.main_window import MainWindow
    from euchre_qt.app.storage.settings import SettingsStore
    analysis_panel.DEALS = 8
    store = SettingsStore(Path(os.environ["EUCHRE_QT_CONFIG_DIR"]))
    store.save(replace(store.settings, speed=0, coach=True))
    w = MainWindow(store, Path(os.environ["EUCHRE_QT_DATA_DIR"]), resume=False, seed=21)
    w.show()
    w.build()
    graded = []
    w.coach.graded.connect(lambda g: (graded.append(g.review.grade), app.quit()))
    rng = random.Random(1)
    def play():
        c = w.controller
        if c.stage is Stage.HUMAN:
            c.act(rng.choice(c.game.legal_actions()))
        elif c.stage in (Stage.TRICK, Stage.HAND_OVER):
            c.continue_()
    t = QTimer(); t.timeout.connect(play); t.start(20)
    QTimer.singleShot(90000, app.quit)
    app.exec()
    heavy = ("euchre_qt.analysis.judge", "euchre_qt.analysis.analyse", "euchre_qt.engine.ai.core",
             "euchre_qt.engine.ai._search", "euchre_qt.engine.ai.sampler")
    print("GRADED", graded[:1])
    print("LOADED", sorted(m for m in heavy if m in sys.modules))
    w.close()
    """
)


def test_the_coach_grades_in_the_helper_process_never_in_the_window(private_folders: dict[str, Path]) -> None:
    """With the real helper: a decision graded there and its grade back, the window never
    loading the judge or the search core."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", COACH_PROCESS], env=env, capture_output=True, text=True, timeout=150)
    assert proc.returncode == 0, proc.stderr
    out = dict(line.split(" ", 1) for line in proc.stdout.splitlines() if " " in line)
    assert out["GRADED"] != "[]", proc.stdout + proc.stderr
    assert out["LOADED"] == "[]"


def test_people_sharing_the_screen_are_told_whose_decision_it_was(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    grades(monkeypatch, Grade.BLUNDER)
    window = make_window(seed=21, coach=True, player_north="person")
    c, coach = window.controller, window.coach
    to_your_decision(qtbot, window)
    seat = c.game.turn
    c.act(c.game.legal_actions()[0])
    _until(qtbot, lambda: coach.open_note is not None)
    assert f"{c.names()[seat]}: Blunder: 1.00 points lost" in coach.panel.title.text()


def test_without_a_helper_process_the_coach_says_nothing_rather_than_hold_the_table(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, private_folders: dict[str, Path]
) -> None:
    class NoHelpers:
        def submit(self, *args: object) -> None:
            raise thinker.Unavailable("the helper process could not be started: no processes in this sandbox")

    monkeypatch.setattr(thinker, "USE_HELPER", True)
    monkeypatch.setattr(thinker, "_review", NoHelpers())
    window = make_window(seed=21, coach=True)
    c, coach = window.controller, window.coach
    for _ in range(2):
        to_your_decision(qtbot, window)
        move = len(c.game.actions)
        assert c.act(c.game.legal_actions()[0]) is None and len(c.game.actions) > move
        assert not coach.busy and coach.open_note is None
    log = (private_folders["data"] / "problems.log").read_text()
    assert log.count("the coach cannot grade without its helper process") == 1
