"""The Card Back menu's previews: drawn in the art's worker a while after start-up, set one
per turn of the event loop when they are ready, or all at once if the menu opens first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QObject, QTimer, Slot

if TYPE_CHECKING:
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    from .artsource import Art

BACK_ICON_SIZE = 48
_MENU_ICON_SIZE = 36  # the previews as the open menu shows them


def _big_icons_style(size: int) -> Any:
    """A style whose small icons (menu entries) are ``size`` pixels: previews worth looking at."""
    from PySide6.QtWidgets import QProxyStyle, QStyle

    class BigIcons(QProxyStyle):
        def pixelMetric(self, metric: QStyle.PixelMetric, option: Any = None, widget: Any = None) -> int:
            if metric == QStyle.PixelMetric.PM_SmallIconSize:
                return size
            return int(super().pixelMetric(metric, option, widget))

    return BigIcons()


class DeckInUse(Protocol):
    """The card deck the table deals with (the window's): its ``art`` changes with the deck."""

    @property
    def art(self) -> Art: ...


class BackPreviews(QObject):
    """Gives each of ``actions`` (by back name) its preview, drawn by the art of the ``deck``
    in use when they are drawn."""

    def __init__(self, menu: QMenu, actions: dict[str, QAction], deck: DeckInUse, parent: QObject) -> None:
        super().__init__(parent)
        self._menu = menu
        self._actions = actions
        self._deck = deck
        self._menu_style: Any = None
        self._later = QTimer(self)
        self._later.setSingleShot(True)
        self._later.timeout.connect(self._prepare)
        self._timer = QTimer(self)  # sets the previews, one per turn
        self._timer.setInterval(1)
        self._timer.timeout.connect(self._ready)
        menu.aboutToShow.connect(self._menu_opens)

    def start_later(self, ms: int) -> None:
        """Have the art draw the previews after ``ms``."""
        self._later.start(ms)

    @Slot()
    def _prepare(self) -> None:
        if any(act.icon().isNull() for act in self._actions.values()):
            art = self._deck.art
            art.icons_ready.connect(self._ready)
            art.prepare_back_icons(BACK_ICON_SIZE, list(self._actions))

    @Slot()
    def _menu_opens(self) -> None:
        if self._menu_style is None:
            # previews big enough to tell the backs apart; made now, not before the first
            # frame: QStyle's Python type, with its many enums, is made when first imported
            self._menu_style = _big_icons_style(_MENU_ICON_SIZE)
            self._menu.setStyle(self._menu_style)
        self.ensure_all()

    @Slot()
    def ensure_all(self) -> None:
        """Give the menu its previews (once): all of them now (the menu opens)."""
        while self._next():
            pass

    @Slot()
    def _ready(self) -> None:
        """The previews are drawn: set them one per turn of the event loop."""
        if self._next():
            self._timer.start()
        else:
            self._timer.stop()

    def _next(self) -> bool:
        """Set one missing preview; False when none is missing."""
        for name, act in self._actions.items():
            if act.icon().isNull():
                act.setIcon(self._deck.art.back_icon(name, BACK_ICON_SIZE))
                return True
        return False
