"""A recorded game (an EGN file) on the table, a move at a time.

``GameViewer`` holds the replayed record and the position on show and builds the table's
state for it: every hand face up but the cards the record does not place, which lie face
down. ``ViewerBar`` is the row of buttons under the table (keys: Left/Right a move,
Page Up/Down a deal, Home/End, Escape to close). ``RecordLoader`` reads and replays a file
in a thread, so the table never waits for it. The game being played is paused meanwhile.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QVBoxLayout, QWidget

from ...engine import ActionKind, Card, HandState, Phase, Seat
from ...notation import EgnError, Replay, ReplayedPosition, egn
from ...session.wording import card_name, describe_action
from ..storage import problems
from ..table.state import Stage, TableState


class RecordLoader(QObject):
    """Reads and replays an EGN file off the GUI thread."""

    opened = Signal(object, object)  # the path, and a Replay or the sentence saying why not

    def load(self, path: Path) -> None:
        threading.Thread(target=self._run, args=(path,), name="euchre-open", daemon=True).start()

    def _run(self, path: Path) -> None:
        try:
            result: Replay | str = egn.open_game(path)
        except EgnError as exc:
            result = str(exc)
        except Exception as exc:  # a bug in reading must not lose the window: say so, keep the detail
            problems.record(f"opening {path.name} failed", exc)
            result = "The file could not be opened."
        self.opened.emit(path, result)


class GameViewer(QObject):
    """The position on show in a replayed record; ``changed`` when it moves."""

    changed = Signal()

    def __init__(self, shown: Replay, title: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.shown = shown
        self.title = title
        self.positions = shown.positions()
        self.index = 0
        players = shown.record.players
        self.names = tuple(players[s] or str(s) for s in Seat)

    @property
    def position(self) -> ReplayedPosition:
        return self.positions[self.index]

    def go(self, index: int) -> None:
        index = max(0, min(index, len(self.positions) - 1))
        if index != self.index:
            self.index = index
            self.changed.emit()

    def step(self, by: int) -> None:
        self.go(self.index + by)

    def deal(self, by: int) -> None:
        """The start of the next (``by`` > 0) or this / the previous deal."""
        here = self.position
        if by > 0:
            later = [i for i, p in enumerate(self.positions) if p.deal > here.deal]
            self.go(later[0] if later else len(self.positions) - 1)
        else:
            target = here.deal - (1 if here.move == 0 else 0)
            self.go(next((i for i, p in enumerate(self.positions) if p.deal == max(target, 0)), 0))

    def deals(self) -> int:
        return self.positions[-1].deal + 1

    def caption(self) -> str:
        """Where we are and the move just made, in words."""
        here = self.position
        moves = sum(1 for p in self.positions if p.deal == here.deal) - 1
        where = f"Deal {here.deal + 1} of {self.deals()}, move {here.move} of {moves}"
        if here.last is None:
            return f"{where}: {self.names[here.hand.dealer]} deals, the {card_name(here.hand.up_card)} turned up"
        seat, action = here.last
        said = describe_action(action, seat is here.hand.dealer)
        if action.kind is ActionKind.DISCARD and action.card in self.unknown():
            said = "discard a card the record does not show"
        return f"{where}: {self.names[seat]} ({seat}) chose to {said}"

    def notes(self) -> str:
        """The record's comments on the move just made, and at the end what stopped the replay."""
        lines = list(self.position.notes)
        if self.index == len(self.positions) - 1 and self.shown.problem:
            lines.append(self.shown.problem)
        return "  ".join(lines)

    def unknown(self) -> frozenset[Card]:
        return self.shown.unknown(self.position.deal)

    def table_state(self, sort_by_trump: bool) -> TableState:
        here = self.position
        hand = here.hand
        game = self.shown.game
        last = self.index == len(self.positions) - 1
        over = hand.is_over
        trick_done = here.last is not None and here.last[1].kind is ActionKind.PLAY and not hand.trick and hand.tricks
        stage = Stage.THINKING
        if over:
            stage = Stage.GAME_OVER if last and game.is_over else Stage.HAND_OVER
        elif trick_done:
            stage = Stage.TRICK
        return TableState(
            hand=hand,
            stage=stage,
            scores=_scores_after(hand) if over else hand.scores,
            points_to_win=game.rules.points_to_win,
            names=(self.names[0], self.names[1], self.names[2], self.names[3]),
            people=frozenset(),
            show_all=True,
            sort_by_trump=sort_by_trump,
            pending_trick=hand.tricks[-1] if trick_done and not over else None,
            interactive=None,
            legal=(),
            thinking=None,
            result=hand.result if over else None,
            winner=game.winner if last else None,
            slam=game.is_slam if last else False,
            hint=None,
            hint_reason="",
            autoplay=False,
            wait_for_click=False,
            deal_number=here.deal,
            unknown=self.shown.unknown(here.deal),
            viewing=True,
        )


def _scores_after(hand: HandState) -> tuple[int, int]:
    assert hand.result is not None and hand.phase is Phase.OVER
    points = hand.result.points
    return (hand.scores[0] + points[0], hand.scores[1] + points[1])


class ViewerBar(QWidget):
    """The buttons that step through a record, and what the record says about the move."""

    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("viewerBar")
        self.setAccessibleName("Game viewer")
        rows = QVBoxLayout(self)
        rows.setContentsMargins(6, 4, 6, 4)
        rows.setSpacing(2)
        row = QHBoxLayout()
        self.first = self._button("|◀ Deal", "Back to the start of this deal, or the previous one (Page Up)")
        self.back = self._button("◀ Back", "One move back (Left)")
        self.forward = self._button("Forward ▶", "One move on (Right)")
        self.next = self._button("Deal ▶|", "The start of the next deal (Page Down)")
        self.caption = QLabel()
        self.caption.setWordWrap(True)
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.close_button = self._button("Close Viewer", "Back to your game (Escape)")
        for widget in (self.first, self.back, self.forward, self.next):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.close_button)
        rows.addLayout(row)
        rows.addWidget(self.caption)  # a row of its own: at the smallest window it still fits
        self.close_button.clicked.connect(self.closed)
        self.viewer: GameViewer | None = None

    def _button(self, text: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setToolTip(tip)
        button.setAccessibleDescription(tip)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the keys work wherever the focus is
        return button

    def attach(self, viewer: GameViewer) -> None:
        if self.viewer is not None:
            self.viewer.changed.disconnect(self.refresh)
            for button in (self.first, self.back, self.forward, self.next):
                button.clicked.disconnect()
        self.viewer = viewer
        self.first.clicked.connect(lambda: viewer.deal(-1))
        self.back.clicked.connect(lambda: viewer.step(-1))
        self.forward.clicked.connect(lambda: viewer.step(+1))
        self.next.clicked.connect(lambda: viewer.deal(+1))
        viewer.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        viewer = self.viewer
        if viewer is None:
            return
        at_start = viewer.index == 0
        at_end = viewer.index == len(viewer.positions) - 1
        self.first.setEnabled(not at_start)
        self.back.setEnabled(not at_start)
        self.forward.setEnabled(not at_end)
        self.next.setEnabled(not at_end)
        notes = viewer.notes()
        text = viewer.caption() + (f"\n{notes}" if notes else "")
        self.caption.setText(text)
        self.setAccessibleDescription(text)
