"""The hand review's analysis: each of your decisions graded, one at a time.

The grading runs in the analysis helper process (``thinker.review_async``), one decision
at a time, polled by a timer: the window never waits and the progress bar moves as the
answers come. Back and Forward (buttons, Left and Right) step through the hand's
decisions; each shows your cards at that moment with the choice made ringed in orange
and the better one in green, the grade, the reason, and apart from it the hindsight line.

For a screen reader the grade and summary labels are read as their text (their
descriptions say what they are), and each decision stepped to is announced.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from PySide6.QtCore import QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QAccessible, QColor, QKeySequence, QPainter, QPaintEvent, QPen, QShortcut, QTextDocument
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ...analysis import DecisionPoint, DecisionReview, Grade, decision_points, summarise
from ...analysis.replay import hand_start, position_before
from ...analysis.text import habit_note, hindsight_line, lost, reason, summary_lines
from ...engine import Card, Game, HandState, Phase, Seat, Suit, sort_hand
from ...engine.actions import Action
from ...engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from ...session.wording import card_name, describe_action
from ..accessibility.announcer import announcer_for
from ..accessibility.reading_list import ReadingList, html_lines
from ..cardart.artsource import Art
from ..storage.settings import Settings
from ..thinking import thinker

DEALS: int | None = None  # sampled deals per decision; None: the analysis package's default budget
_POLL_MS = 40
STEP_ENDS = ("This is the first decision of the hand.", "That was the last decision of the hand.")
_LARGEST_CARD = 84  # pixels wide: a hand of six and a trick fit the review at its usual size

CHOSEN_INK = "#f28c28"  # the choice made
BETTER_INK = "#3fbf5f"  # the better choice
GRADE_INK = {
    Grade.BEST: "#2e7d32",
    Grade.CLOSE: "#558b2f",
    Grade.GOOD: "#558b2f",
    Grade.INACCURACY: "#b7950b",
    Grade.MISTAKE: "#d35400",
    Grade.BLUNDER: "#c0392b",
}


def _card_of(action: Action) -> Card | None:
    return action.card


class DecisionPicture(QWidget):
    """Your cards at one decision (and the up-card in the bidding, the trick so far in
    play): the card you chose ringed in orange, the better card in green."""

    def __init__(self, art: Art, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art, self.settings = art, settings
        self.state: HandState | None = None
        self.review: DecisionReview | None = None
        self.setFixedHeight(round(_LARGEST_CARD * 1.4) + 30)  # the largest cards: the words get the rest
        self.setAccessibleName("Your cards at this decision")

    def show_decision(self, state: HandState | None, review: DecisionReview | None) -> None:
        self.state, self.review = state, review
        held = sort_hand(state.hands[review.seat], state.trump) if state is not None and review is not None else []
        self.setAccessibleDescription(", ".join(card_name(card) for card in held))
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.fillRect(self.rect(), QColor(self.settings.backdrop))
        state, review = self.state, self.review
        if state is None or review is None:
            p.end()
            return
        hand = sort_hand(state.hands[review.seat], state.trump)
        table: list[tuple[str, Card]] = []
        if state.phase in (Phase.BIDDING_1, Phase.BIDDING_2):
            table.append(("up-card", state.up_card))
        table.extend((str(seat), card) for seat, card in state.trick)
        slots = len(hand) + len(table) + (1 if table else 0)
        cw = int(min((self.width() - 16) / max(slots, 1) - 6, (self.height() - 28) / 1.4))
        cw = max(min(cw, _LARGEST_CARD), 24)
        ch = round(cw * 1.4)
        dpr = self.devicePixelRatioF()
        x, y = 8.0, 8.0
        chosen = _card_of(review.chosen)
        graded = review.grade not in (Grade.BEST, Grade.CLOSE)
        better = _card_of(review.best) if graded else None  # a near tie or a close call is no better
        for label, card in table:
            self._card(p, card, QRectF(x, y, cw, ch), dpr, label=label)
            x += cw + 6
        if table:
            x += cw / 2
        for card in hand:
            ring = CHOSEN_INK if card == chosen else BETTER_INK if card == better and better != chosen else None
            self._card(p, card, QRectF(x, y, cw, ch), dpr, ring=ring)
            x += cw + 6
        p.end()

    def _card(
        self, p: QPainter, card: Card, place: QRectF, dpr: float, *, ring: str | None = None, label: str | None = None
    ) -> None:
        """``card`` drawn in ``place``, ringed in ``ring``'s ink, with ``label`` beneath."""
        pm = self.art.pixmap(
            card, round(place.width()), dpr, back=self.settings.back, four_colour=self.settings.four_colour
        )
        p.drawPixmap(place, pm, QRectF(pm.rect()))
        if ring is not None:
            pen = QPen(QColor(ring))
            pen.setWidth(4)
            p.setPen(pen)
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawRoundedRect(place.adjusted(-3, -3, 3, 3), 8, 8)
        if label is not None:
            p.setPen(QColor("white"))
            below = QRectF(place.x() - 10, place.bottom() + 2, place.width() + 20, 18)
            p.drawText(below, Qt.AlignmentFlag.AlignCenter, label)


class AnalysisPanel(QWidget):
    """Your decisions in the selected hand, graded in the helper process, stepped through
    one at a time, with this hand's and the game's summary."""

    finished = Signal(int)  # a hand's grading is complete (its index into Game.records)
    replay_requested = Signal(int)  # play the deal again from just before this move (Game.actions index)

    def __init__(
        self,
        game: Game,
        names: Sequence[str],
        *,
        seats: Sequence[Seat],
        art: Art | None,
        settings: Settings | None,
        inferred: frozenset[int] = frozenset(),
        plays: HowTheyPlay = EVERYONE_WELL,
        graded: Mapping[int, DecisionReview] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        # decisions graded already (by the coach, the same function), by move: not asked again
        self.graded = dict(graded or {})
        # A copy: the game at the table may move on while the review is open.
        self.game = position_before(game, len(game.actions))
        self.names = tuple(names)
        self.seats = tuple(seats)
        self.plays = plays  # how each seat plays: the grading takes the players as what they are
        self.decision_points: dict[int, list[DecisionPoint]] = {}
        for position in decision_points(self.game, self.seats, inferred):
            self.decision_points.setdefault(position.hand, []).append(position)
        self.reviews: dict[int, list[DecisionReview]] = {}
        self.hand: int | None = None
        self.index = 0
        self._queue: list[int] = []  # hands waiting to be graded, the shown one first
        self._pending: thinker.Pending | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(_POLL_MS)
        self._timer.timeout.connect(self._poll)

        self.progress = QProgressBar()
        self.progress.setAccessibleName("Analysis progress")
        self.progress.setFormat("Grading your decisions: %v of %m")
        self.progress.hide()
        self.all_button = QPushButton("Analyse &Every Hand")
        self.all_button.setToolTip("Grade your decisions in every hand of the game, for the game's summary")
        self.all_button.clicked.connect(self.analyse_all)
        self.back_button = QPushButton("◀ &Back")
        self.back_button.setToolTip("The previous decision (Left)")
        self.back_button.setAccessibleName("Previous decision")
        self.back_button.clicked.connect(self.back)
        self.forward_button = QPushButton("&Forward ▶")
        self.forward_button.setToolTip("The next decision (Right)")
        self.forward_button.setAccessibleName("Next decision")
        self.forward_button.clicked.connect(self.forward)
        self.again_button = QPushButton("Play This Deal &Again")
        self.again_button.setToolTip("The same cards in the same seats, from the start of this hand")
        self.again_button.clicked.connect(self._play_again)
        self.again_here_button = QPushButton("Play Again From &Here")
        self.again_here_button.setToolTip("The same deal from just before this decision of yours")
        self.again_here_button.clicked.connect(self._play_again_here)
        self.where = QLabel()
        self.picture = DecisionPicture(art, settings) if art is not None and settings is not None else None
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.verdict.setAccessibleDescription("Grade of this decision")  # its name is its text
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setAccessibleDescription("Summary of your decisions")
        self.announcer = announcer_for(self, settings.spoken_as if settings is not None else "notices")
        self._said = ""  # the decision last announced

        steps = QHBoxLayout()
        steps.addWidget(self.back_button)
        steps.addWidget(self.where, 1, Qt.AlignmentFlag.AlignCenter)
        steps.addWidget(self.forward_button)
        steps.addWidget(self.all_button)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.progress)
        box.addLayout(steps)
        if self.picture is not None:
            box.addWidget(self.picture)
        again = QHBoxLayout()
        again.addWidget(self.again_button)
        again.addWidget(self.again_here_button)
        again.addStretch(1)
        # The words scroll where the review is small: wrapped labels laid out below their
        # height overlapped the cards and cut the hindsight line off.
        words = QWidget()
        inside = QVBoxLayout(words)
        inside.setContentsMargins(0, 0, 0, 0)
        inside.addWidget(self.verdict)
        inside.addLayout(again)
        inside.addWidget(self.summary)
        inside.addStretch(1)
        self.words = QScrollArea()
        self.words.setWidget(words)
        self.words.setWidgetResizable(True)
        self.words.setFrameShape(QFrame.Shape.NoFrame)
        self.words.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.words.setAccessibleName("This decision and the summary")
        box.addWidget(self.words, 1)
        # with a screen reader: the same words as a list, one line an item (labels in a
        # scroll area are read only by a reader's flat review)
        self.lines = ReadingList("This decision and the summary") if QAccessible.isActive() else None
        if self.lines is not None:
            self.words.hide()
            box.addWidget(self.lines, 1)
        for key, step in ((Qt.Key.Key_Left, self.back), (Qt.Key.Key_Right, self.forward)):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
            shortcut.activated.connect(step)
        self._show()

    # --- choosing what to grade -------------------------------------------------------

    def show_hand(self, hand: int) -> None:
        """Show hand ``hand`` (an index into ``Game.records``, or the hand under way),
        grading it first if it has not been."""
        self.hand, self.index = hand, 0
        if hand not in self.reviews and hand in self.decision_points:
            if hand in self._queue:
                self._queue.remove(hand)
            self._queue.insert(0, hand)
            self._start()
        self._show()

    def analyse_all(self) -> None:
        for hand in sorted(self.decision_points):
            if hand not in self.reviews and hand not in self._queue:
                self._queue.append(hand)
        self._start()
        self._show()

    @property
    def busy(self) -> bool:
        return bool(self._queue)

    def _start(self) -> None:
        if self._queue and not self._timer.isActive():
            self._timer.start()
            self._poll()

    def _poll(self) -> None:
        """Collect a graded decision if one is ready and send the next."""
        if not self._queue:
            self._timer.stop()
            return
        hand = self._queue[0]
        done = self.reviews.setdefault(hand, [])
        wanted = self.decision_points.get(hand, [])
        if self._pending is not None:
            if not self._pending.ready():
                return
            try:
                done.append(DecisionReview.from_dict(self._pending.get()))
            except thinker.Unavailable:
                pass  # the helper ended (it was killed): asked again below, of a fresh one
            finally:
                self._pending = None
        while len(done) < len(wanted) and self._known(wanted[len(done)]) is not None:
            known = self._known(wanted[len(done)])
            assert known is not None
            done.append(known)
        if len(done) < len(wanted):
            self._pending = thinker.review_async(wanted[len(done)], DEALS, self.plays)
        else:
            self._queue.pop(0)
            self.finished.emit(hand)
        self._show()
        if not self._queue:
            self._timer.stop()

    def _known(self, position: DecisionPoint) -> DecisionReview | None:
        """The grade of the decision at ``position`` given already, if it is of that move."""
        found = self.graded.get(position.move)
        return found if found is not None and found.chosen == position.action else None

    def stop(self) -> None:
        """Stop grading (the review is closing): what is being graded is dropped."""
        self._timer.stop()
        self._queue.clear()
        self._pending = None

    def _play_again(self) -> None:
        if self.hand is not None and self._has_hand(self.hand):
            self.replay_requested.emit(hand_start(self.game, self.hand))

    def _play_again_here(self) -> None:
        decision = self.current
        if decision is not None:
            self.replay_requested.emit(decision.move)

    def _has_hand(self, hand: int) -> bool:
        try:
            hand_start(self.game, hand)
        except ValueError:
            return False
        return True

    # --- stepping ---------------------------------------------------------------------

    def _graded(self) -> list[DecisionReview]:
        if self.hand is None:
            return []
        done = self.reviews.get(self.hand, [])
        return done if len(done) == len(self.decision_points.get(self.hand, [])) else []

    def back(self) -> None:
        if self.index > 0:
            self.index -= 1
            self._show()
        elif self._graded():
            self._say_once(STEP_ENDS[0])

    def forward(self) -> None:
        graded = self._graded()
        if self.index + 1 < len(graded):
            self.index += 1
            self._show()
        elif graded:
            self._say_once(STEP_ENDS[1])

    def _say_once(self, text: str) -> None:
        """Say that there is no decision further that way (a reader heard nothing when
        stepping past the last)."""
        self._said = text
        self.announcer.say(text, happened=False)

    @property
    def current(self) -> DecisionReview | None:
        graded = self._graded()
        return graded[self.index] if 0 <= self.index < len(graded) else None

    def _show(self) -> None:
        self._show_progress()
        graded = self._graded()
        decision = self.current
        self.back_button.setEnabled(self.index > 0 and bool(graded))
        self.forward_button.setEnabled(self.index + 1 < len(graded))
        self.all_button.setEnabled(any(h not in self.reviews or h in self._queue for h in self.decision_points))
        self.again_button.setEnabled(self.hand is not None and self._has_hand(self.hand))
        self.again_here_button.setEnabled(decision is not None)
        if self.hand is None or self.hand not in self.decision_points:
            self.where.setText("")
            self.verdict.setText("<i>You made no decision to grade in this hand.</i>")
        elif decision is None:
            self.where.setText("")
            self.verdict.setText("<i>Grading your decisions…</i>")
        else:
            self.where.setText(f"Decision {self.index + 1} of {len(graded)}")
            self.verdict.setText(self._verdict_html(decision))
        if self.hand is not None and (decision is not None or self.hand not in self.decision_points):
            self._announce(". ".join(filter(None, [self.where.text(), self.verdict.text()])))
        if self.picture is not None:
            state = (
                self.decision_points[self.hand][self.index].state
                if decision is not None and self.hand is not None
                else None
            )
            self.picture.show_decision(state, decision)
        self.summary.setText(self._summary_html())
        if self.lines is not None:
            where = [self.where.text()] if self.where.text() else []
            lines = where + html_lines(self.verdict.text()) + html_lines(self.summary.text())
            self.lines.set_lines(lines, top=lines[:1] != self.lines.lines()[:1])

    def _announce(self, shown: str) -> None:
        """Say the decision shown, once (stepping to it, or its grading finished)."""
        doc = QTextDocument()
        doc.setHtml(shown)
        lines = doc.toPlainText().replace("\u2028", "\n").splitlines()  # a <br> is U+2028
        words = " ".join(line if line.endswith(".") else line + "." for line in map(str.strip, lines) if line)
        if words != self._said:
            self._said = words
            if self.isVisible():  # (a reader reads a dialog's labels as it opens)
                self.announcer.say(words, happened=False)

    def _show_progress(self) -> None:
        if not self._queue:
            self.progress.hide()
            return
        hand = self._queue[0]
        self.progress.setMaximum(len(self.decision_points.get(hand, [])))
        self.progress.setValue(len(self.reviews.get(hand, [])))
        self.progress.show()

    def _verdict_html(self, d: DecisionReview) -> str:
        who = html.escape(self.names[d.seat])
        ink = GRADE_INK[d.grade]
        head = (
            f"<b>{who}: {html.escape(describe_action(d.chosen, trump=self._trump()))}</b> — "
            f"<b style='color:{ink}'>{d.grade.value.capitalize()}</b>"
        )
        if d.grade not in (Grade.BEST, Grade.CLOSE):
            head += f" (−{lost(d.loss)} points at this score)"
        if d.inferred:
            head += " — <i>an inferred move: the record does not state it</i>"
        why = reason(d, self._trump())
        parts = [head, html.escape(why[:1].upper() + why[1:]) + "."]
        if line := hindsight_line(d, self._trump()):
            parts.append(f"<span style='color:gray'><i>Hindsight: {html.escape(line)}.</i></span>")
        return "<br>".join(parts)

    def _trump(self) -> Suit | None:
        """Trump at the decision shown (None in the bidding)."""
        shown = self.decision_points.get(self.hand, []) if self.hand is not None else []
        return shown[self.index].state.trump if 0 <= self.index < len(shown) else None

    def _summary_html(self) -> str:
        rows = []
        if self.hand is not None and self._graded():
            rows.append("<b>This hand</b>: " + html.escape("; ".join(summary_lines(summarise(self._graded()))[-1:])))
        complete = [h for h in self.reviews if h not in self._queue]
        if complete:
            decisions = [d for h in complete for d in self.reviews[h]]
            lines = summary_lines(summarise(decisions))
            hands = (
                f"{len(complete)} of {len(self.decision_points)} hand{'s' * (len(self.decision_points) != 1)} graded"
            )
            rows.append(f"<b>The game so far</b> ({hands}):<br>" + "<br>".join(html.escape(x) for x in lines))
        note = habit_note(self.names, self.plays)
        if rows and note:
            rows.append(f"<span style='color:gray'>{html.escape(note)}</span>")
        return "<br>".join(rows)
