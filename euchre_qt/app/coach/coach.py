"""The coach (Options > Coach; L5): each of the person's decisions graded as the review grades
it, and a note beside the table after a mistake or a blunder; at the game's end, a summary.

The grading is the review's own (``thinker.review_async``: ``analysis.review_decision_point`` in
the review's helper process, with the review's budget and its players), so a note and the
review's grade of the same decision never disagree. The window never waits for it: the
answers are polled, as the review polls them, and the computer players play on
meanwhile. A note is tied to its decision: it comes when its grade does, and its Take It
Back (the existing Undo Move) is offered only while that decision is still the person's
last move. While a note is open the person's next turn waits (``Controller.person_turns``);
nothing else at the table does.

The window's process loads the analysis's words and starts the review's helper in a thread
as the coach is turned on (tens of milliseconds of imports, not on the GUI thread).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QApplication, QWidget

from ...session import events
from ..storage import problems
from ..thinking import thinker

if TYPE_CHECKING:
    from ...analysis import DecisionReview
    from ...engine import Game
    from ...engine.ai.how_they_play import HowTheyPlay
    from ..play.controller import Controller, PersonMove
    from ..storage.settings import SettingsSource
    from .panel import CoachPanel

_POLL_MS = 40
_GAMES_KEPT = 3  # the games whose grades are kept: this one, and a practice deal's real game


@dataclass(frozen=True, slots=True)
class Graded:
    """A person's decision and the review's grade of it; ``asked_at``: ``time.monotonic()``
    as the move was made (what the coach's latency is measured from)."""

    made: PersonMove
    review: DecisionReview
    asked_at: float
    graded_as: tuple[int | None, HowTheyPlay]  # the budget and the players it was graded with


@dataclass
class _Asked:
    made: PersonMove
    pending: thinker.Pending
    asked_at: float
    graded_as: tuple[int | None, HowTheyPlay]
    tries: int = 1


def _load_grading() -> None:
    """Runs in a thread as the coach is turned on: the words and the review's budget loaded,
    and the review's helper started with the grading loaded in it."""
    from ...analysis import coaching  # noqa: F401
    from ..review import analysis_panel  # noqa: F401

    thinker.warm_review()


class Coach(QObject):
    """Grades the ``controller``'s person moves while the ``settings``' coach is on; its notes
    and summary go to the panel ``make_panel`` makes (the first time one is shown). ``table``
    gets the keyboard back after a note; ``say`` tells a screen reader."""

    graded = Signal(object)  # a Graded: each decision as its grade comes
    noted = Signal(object)  # a Graded: its note has opened
    summed_up = Signal()  # the game's summary is shown
    take_back_requested = Signal()  # a note's Take It Back: the Game menu's Undo Move
    review_requested = Signal()  # the summary's review of the game's hands

    def __init__(
        self,
        controller: Controller,
        *,
        settings: SettingsSource,
        table: QWidget,
        make_panel: Callable[[], CoachPanel],
        say: Callable[[str], None],
    ) -> None:
        super().__init__(controller)
        self._controller = controller
        self._settings = settings
        self._table = table
        self._make_panel = make_panel
        self._panel: CoachPanel | None = None
        self._say = say
        self._loading: threading.Thread | None = None
        self._silenced = False  # no helper process could be started: the coach says nothing
        self._asked: list[_Asked] = []  # graded in the helper, oldest first
        self.records: list[Graded] = []  # the decisions graded, of the last few games
        self._waiting: deque[Graded] = deque()  # notes to show, oldest first
        self.open_note: Graded | None = None
        self._held = ExitStack()  # the person's turns held while a note is open
        self._noted: list[PersonMove] = []  # the decisions a note was shown for
        self._taken: list[PersonMove] = []  # ... and taken back from it
        self._summary_for: Game | None = None  # the game whose summary is due, or shown
        self.summary_shown = False
        self._timer = QTimer(self)
        self._timer.setInterval(_POLL_MS)
        self._timer.timeout.connect(self._poll)
        # F6 moves the keyboard between the table and the coach's panel (the table keeps Tab)
        switch = QShortcut(QKeySequence(Qt.Key.Key_F6), table.window())
        switch.setContext(Qt.ShortcutContext.WindowShortcut)
        switch.activated.connect(self.switch_focus)
        self.settings_changed()

    @property
    def enabled(self) -> bool:
        return self._settings.settings.coach

    @property
    def panel(self) -> CoachPanel:
        if self._panel is None:
            self._panel = self._make_panel()
            self._panel.go_on.connect(self.go_on)
            self._panel.take_back.connect(self.take_back)
            self._panel.open_review.connect(self.review_requested)
        return self._panel

    @property
    def busy(self) -> bool:
        """Decisions are being graded."""
        return bool(self._asked)

    def settings_changed(self) -> None:
        """The coach was turned on (its grading loaded, off the GUI thread) or off (what it
        was grading dropped, its note or summary closed)."""
        if self.enabled:
            if self._loading is None:
                self._loading = threading.Thread(target=_load_grading, name="euchre-coach-load", daemon=True)
                self._loading.start()
            return
        self._asked.clear()
        self._waiting.clear()
        self._summary_for = None
        self._close()
        self._hide_summary()

    # --- grading ----------------------------------------------------------------------

    def person_moved(self, made: PersonMove) -> None:
        """A person's move at this table: grade it, if it was a decision."""
        if not self.enabled:
            return
        from ...analysis import is_decision

        seat = made.before.turn
        if seat is None or not is_decision(made.before.view(seat)):
            return
        graded_as = self._graded_as()
        pending = self._grade(made, graded_as)
        if pending is not None:
            self._ask(_Asked(made, pending, time.monotonic(), graded_as))

    def _graded_as(self) -> tuple[int | None, HowTheyPlay]:
        """How the review grades now: its budget, and how each seat plays."""
        from ..review import analysis_panel

        return analysis_panel.DEALS, self._controller.seating.how_they_play()

    def _grade(self, made: PersonMove, graded_as: tuple[int | None, HowTheyPlay]) -> thinker.Pending | None:
        """The review's grading of ``made``, in its helper; None where no helper can be
        started (a sandbox): the coach then says nothing rather than grade on the GUI thread."""
        from ...analysis import DecisionPoint

        position = DecisionPoint(made.hand, made.move, made.before, made.action)
        deals, seating = graded_as
        try:
            return thinker.review_async(position, deals, seating, here=False)
        except thinker.Unavailable as exc:
            if not self._silenced:
                self._silenced = True
                problems.record("the coach cannot grade without its helper process", exc)
            return None

    def _ask(self, asked: _Asked) -> None:
        self._asked.append(asked)
        self._poll()
        if self._asked and not self._timer.isActive():
            self._timer.start()

    def _poll(self) -> None:
        """Take the grades that have come, show what is due, and stop polling when nothing is."""
        from ...analysis import DecisionReview

        for asked in [a for a in self._asked if a.pending.ready()]:
            self._asked.remove(asked)
            try:
                answer = asked.pending.get()
            except thinker.Unavailable:  # the helper ended (killed): asked again, once, of a fresh one
                stands = asked.tries < 2 and self._stands(asked.made)
                again = self._grade(asked.made, asked.graded_as) if stands else None
                if again is not None:
                    self._asked.append(_Asked(asked.made, again, asked.asked_at, asked.graded_as, asked.tries + 1))
                continue
            except Exception as exc:  # a grading that failed gives no note; the game goes on
                problems.record("the coach could not grade a decision", exc)
                continue
            self._received(Graded(asked.made, DecisionReview.from_dict(answer), asked.asked_at, asked.graded_as))
        self._show_next()
        if not self._asked and not self._due() and self._timer.isActive():
            self._timer.stop()

    def _received(self, graded: Graded) -> None:
        from ...analysis.coaching import needs_note

        if not self._stands(graded.made):
            return  # taken back, or another game, while it was graded
        self._keep(graded)
        self.graded.emit(graded)
        if needs_note(graded.review):
            self._waiting.append(graded)

    def _keep(self, graded: Graded) -> None:
        self.records.append(graded)
        games: list[Game] = []
        for record in reversed(self.records):
            if not any(record.made.game is g for g in games):
                games.append(record.made.game)
        kept = games[:_GAMES_KEPT]
        self.records = [r for r in self.records if any(r.made.game is g for g in kept)]

    def _stands(self, made: PersonMove) -> bool:
        """The move is still in the game on the table (not taken back, not another game)."""
        game = self._controller.game
        return game is made.game and made.move < len(game.actions) and game.actions[made.move] == made.action

    def _can_take_back(self, made: PersonMove) -> bool:
        """Undo Move takes back exactly this move: it stands and no person has moved since."""
        game = self._controller.game
        if game is None or not self._controller.refereed_here or not self._stands(made):
            return False
        people = self._controller.people()
        return not any(seat in people for seat in game.movers()[made.move + 1 :])

    def graded_now(self, game: Game) -> dict[int, DecisionReview]:
        """``game``'s decisions graded as the review would grade them now (the same budget
        and players), by move: the review need not grade them again."""
        now = self._graded_as()
        return {
            r.made.move: r.review
            for r in self.records
            if r.made.game is game and r.graded_as == now and self._stands(r.made)
        }

    def decisions(self, game: Game) -> list[DecisionReview]:
        """The grades of ``game``'s decisions still in it, in the order they were made."""
        found = {r.made.move: r.review for r in self.records if r.made.game is game and self._stands(r.made)}
        return [found[move] for move in sorted(found)]

    # --- notes ------------------------------------------------------------------------

    def _due(self) -> bool:
        """A note or the summary waits to be shown (a dialog is open over the table)."""
        return bool(self._waiting) or (self._summary_for is not None and not self.summary_shown)

    def _show_next(self) -> None:
        if self.open_note is not None or self._controller.pausing.is_paused:
            return
        while self._waiting:
            graded = self._waiting.popleft()
            if self._stands(graded.made):
                self._open(graded)
                return
        game = self._summary_for
        if game is not None and not self.summary_shown and not any(a.made.game is game for a in self._asked):
            self._show_summary(game)

    def _open(self, graded: Graded) -> None:
        from ...analysis.coaching import note_for, played_on
        from ..review.analysis_panel import GRADE_INK

        self.open_note = graded
        self._held.enter_context(self._controller.person_turns.paused())
        self._controller.hold_person_turn()
        note = note_for(graded.review, graded.made.before.trump)
        game = graded.made.game
        moved = "" if self._can_take_back(graded.made) else played_on(graded.made.hand, len(game.records))
        from_table = self._focus_at_table()
        self._hide_summary()
        panel = self.panel
        # people sharing the screen: whose decision it was
        whose = f"{self._controller.names()[graded.review.seat]}: " if len(self._controller.people()) > 1 else ""
        panel.show_note(replace(note, title=whose + note.title), ink=GRADE_INK[graded.review.grade], played_on=moved)
        if from_table:
            panel.take_focus()
        answer = moved or "Take It Back, or Go On."
        self._say(f"Coach: {whose}{note.spoken} {answer}")
        self._noted.append(graded.made)
        self.noted.emit(graded)

    def switch_focus(self) -> None:
        """From the table to the note or summary shown, and back."""
        panel = self._panel
        if panel is None or not panel.isVisible():
            return
        if panel.has_focus:
            self._table.setFocus()
        else:
            panel.take_focus()

    def _focus_at_table(self) -> bool:
        focused = QApplication.focusWidget()
        return focused is None or focused is self._table or self._table.isAncestorOf(focused)

    def go_on(self) -> None:
        """Keep the move: the note closes, and play goes on (the summary, once the game is over)."""
        if self._summary_for is not None and self.summary_shown and self.open_note is None:
            self._hide_summary()
            self._summary_for = None
            return
        self._close()
        self._show_next()

    def take_back(self) -> None:
        """Undo the move the note is about; the person chooses again."""
        graded = self.open_note
        if graded is None:
            return
        can = self._can_take_back(graded.made)
        self._close()
        if can:
            self._taken.append(graded.made)
            self.take_back_requested.emit()
        self._show_next()

    def _close(self) -> None:
        """The note closes; the person's turn comes (once the event loop is back)."""
        if self.open_note is None:
            return
        self.open_note = None
        panel = self._panel
        refocus = panel is not None and panel.has_focus
        if panel is not None:
            panel.hide()
        self._held.close()
        if refocus:
            self._table.setFocus()

    # --- the table moving on ------------------------------------------------------------

    def on_event(self, event: events.Event) -> None:
        """The session's events as they come: a table shown afresh (an undo, a new game, a
        load, a practice deal) drops what no longer stands."""
        if not isinstance(event, events.TableReset):
            return
        self._asked = [a for a in self._asked if self._stands(a.made)]
        self._waiting = deque(g for g in self._waiting if self._stands(g.made))
        note = self.open_note
        if note is not None and not self._stands(note.made):
            self._close()
        game = self._controller.game
        if self._summary_for is not None and (game is not self._summary_for or not game.is_over):
            self._summary_for = None
            self._hide_summary()
        if note is not None and self.open_note is None:
            QTimer.singleShot(0, self._show_next)

    def game_finished(self, game: Game) -> None:
        """The table shows the game's end: its summary, once every grade of it has come."""
        graded = any(r.made.game is game for r in self.records) or any(a.made.game is game for a in self._asked)
        if not self.enabled or not graded:
            return
        self._summary_for = game
        self.summary_shown = False
        self._show_next()
        if self._due() and not self._timer.isActive():
            self._timer.start()

    def _show_summary(self, game: Game) -> None:
        from ...analysis.coaching import summary_of

        notes = sum(1 for made in self._noted if made.game is game)
        taken = sum(1 for made in self._taken if made.game is game)
        summary = summary_of(self.decisions(game), notes, taken)
        from_table = self._focus_at_table()
        panel = self.panel
        panel.show_summary(summary.heading, summary.by_kind, summary.biggest)
        if from_table:
            panel.take_focus()
        self.summary_shown = True
        self._say(f"Coach's summary: {summary.heading} {summary.biggest}")
        self.summed_up.emit()

    def _hide_summary(self) -> None:
        if self.summary_shown:
            self.summary_shown = False
            panel = self._panel
            if panel is not None:
                refocus = panel.has_focus
                panel.hide()
                if refocus:
                    self._table.setFocus()

    def stop(self) -> None:
        """The window is closing: nothing more is graded or shown, and a note's hold on the
        person's turns ends now rather than whenever its context is collected."""
        self._timer.stop()
        self._asked.clear()
        self._waiting.clear()
        self._held.close()
