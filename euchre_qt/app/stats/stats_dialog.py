"""Statistics… (U10): the tally, the hands, and a chart drawn with QPainter
(QtCharts is not part of PySide6-Essentials)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QAccessible, QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...engine import Game
from ..accessibility.reading_list import ReadingList
from ..common.sizing import fit_size
from .statistics import Statistics, StatsStore

SaveGame = Callable[[Game], None]

WIN = QColor("#2e9e55")
LOSS = QColor("#c4453c")


class StatsChart(QWidget):
    """Recent games as bars (our points above the line, theirs below), and the tally."""

    def __init__(self, stats: Statistics, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._stats = stats
        self.setMinimumSize(460, 220)
        self.setAccessibleName("Chart of recent games")
        self.setAccessibleDescription(self.describe())

    @property
    def stats(self) -> Statistics:
        """The statistics drawn (``show_statistics`` gives it others)."""
        return self._stats

    def show_statistics(self, stats: Statistics) -> None:
        """Draw ``stats`` instead (after a reset, or its undoing), and say them to a reader."""
        self._stats = stats
        self.setAccessibleDescription(self.describe())
        self.update()

    def describe(self) -> str:
        recent = self.stats.recent
        if not recent:
            return "No games finished yet."
        won = sum(1 for g in recent if g["us"] > g["them"])
        return f"The last {len(recent)} games: {won} won, {len(recent) - won} lost."

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(8, 8, -8, -8)
        p.fillRect(self.rect(), QColor("#fbfaf6"))
        font = QFont(self.font())
        p.setFont(font)
        fm = p.fontMetrics()
        title_h = fm.height() + 6
        p.setPen(QColor("#333333"))
        p.drawText(
            QRectF(r.left(), r.top(), r.width(), title_h), Qt.AlignmentFlag.AlignLeft, "Recent games (final scores)"
        )
        recent = self.stats.recent
        if recent:
            p.setPen(QColor("#666666"))
            p.drawText(
                QRectF(r.left(), r.top(), r.width(), title_h), Qt.AlignmentFlag.AlignRight, "darker bar: the winner"
            )
        label_w = fm.horizontalAdvance("them") + 6
        plot = QRectF(
            r.left() + label_w + 4,
            r.top() + title_h + 4,
            r.width() - label_w - 8,
            r.height() - title_h - fm.height() - 12,
        )
        mid = plot.center().y()
        top = max([11, *[max(g["us"], g["them"]) for g in recent]]) if recent else 11
        p.setPen(QPen(QColor("#999999"), 1))
        p.drawLine(QPointF(plot.left(), mid), QPointF(plot.right(), mid))
        p.setPen(QColor("#666666"))
        p.drawText(QRectF(r.left(), plot.top() - 2, label_w, fm.height()), Qt.AlignmentFlag.AlignRight, "us")
        p.drawText(
            QRectF(r.left(), plot.bottom() - fm.height(), label_w, fm.height()), Qt.AlignmentFlag.AlignRight, "them"
        )
        if not recent:  # above the line, not struck through by it
            above = QRectF(plot.left(), mid - fm.height() - 8, plot.width(), fm.height())
            p.drawText(above, Qt.AlignmentFlag.AlignCenter, "Finish a game to see it here.")
            p.end()
            return
        n = max(len(recent), 10)
        slot = plot.width() / n
        bar_w = max(3.0, slot * 0.6)
        small = QFont(font)
        small.setPointSizeF(font.pointSizeF() * 0.85)
        p.setFont(small)
        number_h = p.fontMetrics().height()
        half = plot.height() / 2 - number_h - 2  # room for the score at each bar's end
        for i, g in enumerate(recent):
            x = plot.left() + i * slot + (slot - bar_w) / 2
            won = g["us"] > g["them"]
            up = half * g["us"] / top
            down = half * g["them"] / top
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(WIN if won else WIN.lighter(150))
            p.drawRect(QRectF(x, mid - up, bar_w, up))
            p.setBrush(LOSS if not won else LOSS.lighter(150))
            p.drawRect(QRectF(x, mid, bar_w, down))
            # each side's final score at its bar's end; a slam's winner starred, in gold
            for score, y, winner in ((g["us"], mid - up - number_h, won), (g["them"], mid + down, not won)):
                slam = bool(g.get("slam")) and winner
                p.setPen(QColor("#8a6a12") if slam else QColor("#444444"))
                text = f"★{score}" if slam else str(score)
                p.drawText(QRectF(x - slot / 2, y, bar_w + slot, number_h), Qt.AlignmentFlag.AlignCenter, text)
        p.setFont(font)
        won, lost = self.stats.tally
        p.setPen(QColor("#333333"))
        p.drawText(
            QRectF(r.left(), r.bottom() - fm.height(), r.width(), fm.height()),
            Qt.AlignmentFlag.AlignRight,
            f"Tally (slams count two): won {won} · lost {lost}",
        )
        p.end()


def _rows(stats: Statistics) -> list[tuple[str, str]]:
    won, lost = stats.tally
    pct = f" ({100 * stats.games_won / stats.games:.0f}%)" if stats.games else ""
    # two to a row, left then right: pairs that belong together side by side
    return [
        ("Games won", f"{stats.games_won}{pct}"),
        ("Games lost", str(stats.games_lost)),
        ("Slams (won / lost)", f"{stats.slams_won} / {stats.slams_lost}"),
        ("Tally, slams counting two", f"{won} – {lost}"),
        ("Hands played", str(stats.hands_played)),
        ("Hands passed out", str(stats.hands_passed_out)),
        ("Trump made (us / them)", f"{stats.made_by_us} / {stats.made_by_them}"),
        ("Points (us / them)", f"{stats.points_us} / {stats.points_them}"),
        ("Marches (us / them)", f"{stats.marches_us} / {stats.marches_them}"),
        ("Euchres (we euchred them / they euchred us)", f"{stats.euchres_by_us} / {stats.euchres_against_us}"),
        ("Loners (us: tries, marches)", f"{stats.loners_us}, {stats.loner_marches_us}"),
        ("Loners (them: tries, marches)", f"{stats.loners_them}, {stats.loner_marches_them}"),
        ("Current streak", _streak(stats.streak)),
        ("Games abandoned", str(stats.games_abandoned)),
        ("Longest winning streak", str(stats.best_streak)),
        ("Longest losing streak", str(stats.worst_streak)),
    ]


def _streak(streak: int) -> str:
    if streak == 0:
        return "none yet"
    n = abs(streak)
    games = "game" if n == 1 else "games"
    return f"{n} {games} won" if streak > 0 else f"{n} {games} lost"


class StatsDialog(QDialog):
    def __init__(self, store: StatsStore, parent: QWidget | None = None, save_game: SaveGame | None = None) -> None:
        """``save_game`` saves a finished game as EGN (asking where): offered for recent games."""
        super().__init__(parent)
        self._save_game = save_game
        self.setWindowTitle("Statistics")
        self.store = store
        box = QVBoxLayout(self)
        self.chart = StatsChart(store.stats)
        box.addWidget(self.chart, 1)
        group = QGroupBox("Since the statistics began")
        grid = QGridLayout(group)
        self.value_labels: dict[str, QLabel] = {}
        for i, (name, value) in enumerate(_rows(store.stats)):
            label = QLabel(name)
            v = QLabel(f"<b>{value}</b>")
            v.setAlignment(Qt.AlignmentFlag.AlignRight)
            label.setBuddy(v)  # a reader says each figure once, labelled by its name
            grid.addWidget(label, i // 2, (i % 2) * 2)
            grid.addWidget(v, i // 2, (i % 2) * 2 + 1)
            self.value_labels[name] = v
        box.addWidget(group)
        # with a screen reader: every figure a line of a list, read with the arrows (a grid of
        # labels is read only by a reader's flat review)
        self.lines = ReadingList("Statistics") if QAccessible.isActive() else None
        if self.lines is not None:
            group.hide()
            box.insertWidget(0, self.lines, 1)
            self.lines.set_lines(self._lines())
        box.addLayout(self._recent_games_row())
        row = QHBoxLayout()
        # Enter closes the window: wiping the statistics takes a click on this button, a
        # question answered Yes (No is its default), and can still be undone here
        self.reset_button = QPushButton("&Reset Statistics…")
        self.reset_button.setAutoDefault(False)
        self.reset_button.clicked.connect(self._reset)
        row.addWidget(self.reset_button)
        self.undo_button = QPushButton("&Undo Reset")
        self.undo_button.setAutoDefault(False)
        self.undo_button.setToolTip("Bring back the statistics as they were before the reset")
        self.undo_button.clicked.connect(self._undo_reset)
        row.addWidget(self.undo_button)
        row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        self.close_button.setDefault(True)
        row.addWidget(buttons)
        box.addLayout(row)
        self.undo_button.setVisible(store.can_undo_reset)
        (self.lines or self.close_button).setFocus()
        fit_size(self, 640, 520)

    def _lines(self) -> list[str]:
        """What the reading list says: the chart in words, then each figure with its name."""
        return [self.chart.describe(), *(f"{name}: {value}" for name, value in _rows(self.store.stats))]

    def _recent_games_row(self) -> QHBoxLayout:
        """A recent game to save as EGN (newest first)."""
        row = QHBoxLayout()
        label = QLabel("Recent &game:")
        self.recent_games = QComboBox()
        label.setBuddy(self.recent_games)
        self.save_egn_button = QPushButton("Save as &EGN…")
        self.save_egn_button.setAutoDefault(False)
        self.save_egn_button.setToolTip("Save the chosen game, every move of it, as Euchre Game Notation")
        self.save_egn_button.clicked.connect(self._save_recent)
        self._fill_recent_games()
        row.addWidget(label)
        row.addWidget(self.recent_games, 1)
        row.addWidget(self.save_egn_button)
        return row

    def _fill_recent_games(self) -> None:
        self.recent_games.clear()
        kept = [g for g in reversed(self.store.stats.recent) if g.get("file")]
        for entry in kept:
            result = "won" if entry["us"] > entry["them"] else "lost"
            self.recent_games.addItem(f"{entry['date']}: {result}, us {entry['us']}, them {entry['them']}", entry)
        if not kept:
            self.recent_games.addItem("No finished games kept yet")
        usable = bool(kept) and self._save_game is not None
        self.recent_games.setEnabled(usable)
        self.save_egn_button.setEnabled(usable)

    def _save_recent(self) -> None:
        entry = self.recent_games.currentData()
        if self._save_game is None or not isinstance(entry, dict):
            return
        game = self.store.finished_game(entry)
        if game is None:
            QMessageBox.information(self, "Save as EGN", "That game's moves could not be read, so it cannot be saved.")
            return
        self._save_game(game)

    def confirm_reset(self) -> QMessageBox:
        """The question asked before the statistics are wiped (No is the default)."""
        question = QMessageBox(
            QMessageBox.Icon.Question,
            "Reset statistics",
            "Forget every game and hand counted so far?",
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            self,
        )
        question.setInformativeText("Undo Reset brings them back until you quit Euchre.")
        question.setDefaultButton(QMessageBox.StandardButton.No)
        question.setEscapeButton(QMessageBox.StandardButton.No)
        return question

    def _reset(self) -> None:
        question = self.confirm_reset()
        if question.exec() == QMessageBox.StandardButton.Yes:
            self.store.reset()
            self._show_stats()
            self.undo_button.setVisible(True)
            self.undo_button.setFocus()

    def _undo_reset(self) -> None:
        self.store.undo_reset()
        self._show_stats()
        self.undo_button.setVisible(False)
        self.close_button.setFocus()

    def _show_stats(self) -> None:
        self.chart.show_statistics(self.store.stats)
        self._fill_recent_games()
        for name, value in _rows(self.store.stats):
            self.value_labels[name].setText(f"<b>{value}</b>")
        if self.lines is not None:
            self.lines.set_lines(self._lines())
