"""The chart of recent games draws, and says to a screen reader, the statistics it was last
given: after Reset Statistics the chart is empty, after Undo Reset the games are back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QMessageBox

from euchre_qt.app.stats.statistics import StatsStore
from euchre_qt.app.stats.stats_dialog import StatsDialog

from ..modal import when_modal_opens

# two finished games: won 10-6, lost 4-10
TWO_GAMES = [{"date": "2026-11-20", "us": 10, "them": 6}, {"date": "2026-11-21", "us": 4, "them": 10}]
PLAYED = "The last 2 games: 1 won, 1 lost."
NONE_YET = "No games finished yet."


class _Paints(QObject):
    """Counts the paint events of the widget it watches."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_the_chart_follows_a_reset_and_its_undoing(qtbot: Any, tmp_path: Path) -> None:
    store = StatsStore(tmp_path)
    store.stats.recent = list(TWO_GAMES)
    dialog = StatsDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    chart = dialog.chart
    assert chart.describe() == chart.accessibleDescription() == PLAYED
    paints = _Paints()
    chart.installEventFilter(paints)

    yes = QMessageBox.StandardButton.Yes
    when_modal_opens(lambda box: qtbot.mouseClick(box.button(yes), Qt.MouseButton.LeftButton))
    qtbot.mouseClick(dialog.reset_button, Qt.MouseButton.LeftButton)
    assert chart.stats is store.stats and chart.accessibleDescription() == NONE_YET
    qtbot.waitUntil(lambda: paints.count >= 1, timeout=10000)  # drawn again, empty

    drawn = paints.count
    qtbot.mouseClick(dialog.undo_button, Qt.MouseButton.LeftButton)
    assert chart.stats is store.stats and chart.accessibleDescription() == PLAYED
    qtbot.waitUntil(lambda: paints.count > drawn, timeout=10000)  # drawn again, with the two games
