"""Dialog sizes that fit the screen they open on (an 800x600 screen included)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def fit_size(widget: QWidget, width: int, height: int, margin: int = 40) -> None:
    """Resize ``widget`` to ``width`` x ``height``, or less where its screen is smaller, and
    no larger than the window it opens from (a review bigger than the table hid it)."""
    screen = widget.screen()
    parent = widget.parentWidget()
    if parent is not None and parent.screen() is not None:
        screen = parent.screen()
    if parent is not None:
        window = parent.window()
        width, height = min(width, window.width()), min(height, window.height())
    if screen is not None:
        avail = screen.availableGeometry()
        width = min(width, max(320, avail.width() - margin))
        height = min(height, max(240, avail.height() - margin))
    widget.resize(width, height)
