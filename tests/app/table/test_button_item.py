"""A button on the felt is drawn anew whenever it changes (toggled, relabelled, inked in a
suit's colour): it is drawn from a cache, which would otherwise go on showing how it was."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from euchre_qt.app.table.button_item import ButtonItem


def _on_show(qtbot: Any, button: ButtonItem) -> QGraphicsView:
    view = QGraphicsView()
    qtbot.addWidget(view)
    scene = QGraphicsScene(0, 0, 200, 60, view)  # (kept by the view)
    scene.addItem(button)
    button.set_geometry(QRectF(10, 10, 160, 36), 14.0)
    view.setScene(scene)
    view.resize(240, 100)
    view.show()
    qtbot.waitExposed(view)
    return view


def _drawn(view: QGraphicsView) -> QImage:
    return view.viewport().grab().toImage()


def test_alone_is_drawn_on_and_off_as_it_is_toggled(qtbot: Any) -> None:
    alone = ButtonItem("Alone", "A", checkable=True)
    view = _on_show(qtbot, alone)
    off = _drawn(view)
    alone.set_checked(True)
    assert alone.checked and alone.accessible_name() == "Alone, on"
    qtbot.waitUntil(lambda: _drawn(view) != off, timeout=10000)
    on = _drawn(view)
    alone.set_checked(False)
    qtbot.waitUntil(lambda: _drawn(view) == off != on, timeout=10000)


def test_order_up_says_pick_it_up_to_the_dealer_on_the_felt_and_to_a_reader(qtbot: Any) -> None:
    order = ButtonItem("Order up", "O")
    view = _on_show(qtbot, order)
    before = _drawn(view)
    order.set_text("Pick it up")
    assert order.text == "Pick it up" and order.accessible_name() == "Pick it up"
    qtbot.waitUntil(lambda: _drawn(view) != before, timeout=10000)


def test_a_suits_name_is_inked_in_the_suits_colour(qtbot: Any) -> None:
    hearts = ButtonItem("♥ Hearts", "H", accessible="Hearts")
    view = _on_show(qtbot, hearts)
    before = _drawn(view)
    hearts.set_ink(QColor("#c4453c"))
    assert hearts.accessible_name() == "Hearts"
    qtbot.waitUntil(lambda: _drawn(view) != before, timeout=10000)
