"""Card pixmaps from SVG, rendered once per (card, size, screen scale) and cached.

The faces come from a card theme: the project's own (``resources/carddecks``) or one
installed on the system; the backs from ``resources/backs``, one file each.

The scheme follows KDE's libkcardgame: SVG is turned into a ``QImage`` (safe off the GUI
thread), the GUI thread turns images into ``QPixmap``s (which must live there), and while a
new size is being rendered in the background the table keeps showing the nearest size it
already has, scaled, until ``CardArt.prerendered`` says the crisp ones are ready.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from functools import partial

from PySide6.QtCore import (
    QCoreApplication,
    QObject,
    QRunnable,
    Qt,
    QThreadPool,
    Signal,
    Slot,
)
from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer

from euchre_qt.engine.cards import JOKER_DECK, Card

from ..common.resources import resource_path
from .backs import ASPECT, BACKS, DEFAULT_BACK, THEME_BACK, back_names
from .images import device_size, paint_image, read_svg
from .themes import CardTheme, find_theme, own_deck

__all__ = ["CardArt", "render_back"]

log = logging.getLogger(__name__)

_BACK_NAMES = frozenset(b.name for b in BACKS)
_MAX_IMAGES = 160  # rendered images waiting to be asked for (a few decks' worth)
_ICON_DPRS = (1.0, 2.0)  # menu icons are made for ordinary and double-density screens
_WORKER_NICENESS = 5  # as the computer players' helper process (helper_process.helpers.lower_priority)

# (card text or "back", width in logical pixels, device pixel ratio, back name, four colours)
CacheKey = tuple[str, int, float, str, bool]


def render_back(name: str, width: int, dpr: float = 1.0) -> QImage:
    """Our back called ``name`` as a card-shaped image; safe to call from any thread."""
    path = resource_path("backs", f"{name}.svg")
    image = read_svg(path, device_size(width, dpr))
    if image.isNull():  # no SVG image plugin: Qt's renderer draws it (holding Python's lock)
        return paint_image(QSvgRenderer(str(path)).render, width, dpr)
    image.setDevicePixelRatio(dpr)
    return image


class _Store:
    """What the worker thread and the GUI thread share: each method takes the one lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._images: dict[CacheKey, QImage] = {}  # rendered, not yet made pixmaps
        self._pending: dict[CacheKey, int] = {}  # key -> generation of the prerender that will render it
        self._cached: set[CacheKey] = set()  # keys the GUI thread already holds as pixmaps
        self._generation = 0  # the newest prerender's: an older one's worker stops at its next batch

    @property
    def pending(self) -> dict[CacheKey, int]:
        """The keys a prerender will still render, each with that prerender's generation (a copy)."""
        with self._lock:
            return dict(self._pending)

    @property
    def rendered(self) -> frozenset[CacheKey]:
        """The keys rendered and not yet taken."""
        with self._lock:
            return frozenset(self._images)

    def start_prerender(self, keys: Iterable[CacheKey]) -> int:
        """A new prerender of ``keys``, which supersedes the one running: its generation,
        under which ``keys`` are pending."""
        with self._lock:
            self._generation += 1
            for key in keys:
                self._pending[key] = self._generation
            return self._generation

    def stop_prerenders(self) -> None:
        """Every prerender running stops at its next batch, and nothing is pending any more."""
        with self._lock:
            self._generation += 1
            self._pending.clear()

    def superseded(self, generation: int | None) -> bool:
        """Whether a newer prerender was asked for since ``generation``'s (None: never)."""
        with self._lock:
            return generation is not None and generation != self._generation

    def claim(self, keys: tuple[CacheKey, ...], generation: int | None) -> bool:
        """Whether ``keys`` still need rendering; if not, they are done for ``generation``."""
        with self._lock:
            if all(key in self._cached or key in self._images for key in keys):
                self._release(keys, generation)
                return False
            return True

    def put(self, keys: tuple[CacheKey, ...], images: list[QImage], generation: int | None) -> None:
        """``keys`` rendered as ``images`` (those the GUI thread holds already are dropped)."""
        with self._lock:
            for key, image in zip(keys, images, strict=True):
                if key not in self._cached:
                    self._images[key] = image
            self._release(keys, generation)

    def release(self, keys: tuple[CacheKey, ...], generation: int | None) -> None:
        """``keys`` are no longer pending for ``generation``'s prerender, rendered or not."""
        with self._lock:
            self._release(keys, generation)

    def _release(self, keys: tuple[CacheKey, ...], generation: int | None) -> None:
        for key in keys:
            if generation is not None and self._pending.get(key) == generation:
                del self._pending[key]

    def take(self, key: CacheKey) -> tuple[QImage | None, bool]:
        """The image rendered for ``key`` (now the GUI thread's to keep), if any, and whether
        a prerender will still render it."""
        with self._lock:
            return self._images.pop(key, None), key in self._pending

    def hold(self, key: CacheKey, evicted: Iterable[CacheKey]) -> None:
        """The GUI thread holds ``key`` as a pixmap now, and no longer ``evicted``."""
        with self._lock:
            self._cached.add(key)
            self._cached.difference_update(evicted)

    def forget(self) -> None:
        """Nothing is held or rendered any more."""
        with self._lock:
            self._cached.clear()
            self._images.clear()

    def trim(self, most: int) -> None:
        """At most ``most`` images wait to be taken: the oldest go (sizes long gone)."""
        with self._lock:
            while len(self._images) > most:
                del self._images[next(iter(self._images))]


_ICONS = -1  # what the bridge says when a batch of menu icons is done


class _Bridge(QObject):
    """Carries 'batch done' from the worker to the GUI thread (queued connection)."""

    finished = Signal(int)


# Keys drawn together, and the call that draws them (one image per key, in order).
Batch = tuple[tuple[CacheKey, ...], Callable[[], list[QImage]]]


def _yield_to_the_gui() -> None:
    """Lower this worker thread's priority below the GUI thread's: on a machine with few
    cores the two compete for one, and the worker's cards can wait where a frame cannot."""
    if sys.platform.startswith("linux"):  # elsewhere a thread's id is not a process id to nice
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), _WORKER_NICENESS)


class _PrerenderJob(QRunnable):
    def __init__(self, store: _Store, bridge: _Bridge, generation: int | None, work: list[Batch]):
        """``generation`` None: a batch that a newer prerender does not cancel (menu icons)."""
        super().__init__()
        self.setAutoDelete(True)
        self._store = store
        self._bridge = bridge  # a Python reference keeps the QObject alive while we run
        self._generation = generation
        self._work = work

    def run(self) -> None:
        _yield_to_the_gui()
        store, generation = self._store, self._generation
        try:
            for keys, make in self._work:
                if store.superseded(generation):
                    break  # a newer size was asked for: stop wasting the core
                if store.claim(keys, generation):
                    store.put(keys, make(), generation)
        except Exception:  # a bad theme file must not kill the worker silently
            log.exception("prerendering cards failed")
        finally:
            for keys, _ in self._work:
                store.release(keys, generation)
            self._bridge.finished.emit(_ICONS if generation is None else generation)


class CardArt(QObject):
    """Card faces and backs as pixmaps of any size, from our SVG art or an installed theme.

    ``pixmap()`` is the one call the table needs.  On resize, call ``prerender()`` with the
    new width: the deck renders in a worker thread, and until it is done ``pixmap()`` for
    the new width answers with a pixmap of another width already in the cache, scaled to
    the new size (slightly soft, but instant), so a live resize never stalls the GUI.  When
    the batch is done ``prerendered(width, dpr)`` is emitted: ask again and you get crisp
    pixmaps.  With nothing else in the cache, ``pixmap()`` renders on the spot.

    All methods must be called on the GUI thread; only the SVG-to-QImage step runs elsewhere.
    """

    prerendered = Signal(int, float)
    icons_ready = Signal()  # the backs asked for by prepare_back_icons() are rendered

    def __init__(
        self,
        theme: CardTheme | str | None = None,
        *,
        max_pixmaps: int = 400,
        max_bytes: int = 160 * 1024 * 1024,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._theme = self._load_theme(theme)
        self._pixmaps: OrderedDict[CacheKey, QPixmap] = OrderedDict()
        self._bytes = 0
        self._max_pixmaps = max_pixmaps
        self._max_bytes = max_bytes
        self._store = _Store()
        self._bridge = _Bridge()
        self._bridge.finished.connect(self._on_finished, Qt.ConnectionType.QueuedConnection)
        self._pool = QThreadPool(self)
        # One worker: the machine's other core belongs to the GUI and the computer players.
        self._pool.setMaxThreadCount(1)
        self._request: tuple[int, float, str, bool] | None = None
        self._request_generation = 0
        app = QCoreApplication.instance()
        if app is not None:
            # Stop the worker before Qt tears down the fonts and screens it paints with.
            app.aboutToQuit.connect(self.shutdown)

    @staticmethod
    def _load_theme(theme: CardTheme | str | None) -> CardTheme | None:
        if theme is None or not isinstance(theme, str):
            return theme
        return find_theme(theme)

    @property
    def theme(self) -> CardTheme | None:
        return self._theme

    def back_names(self) -> list[str]:
        """Backs this art offers: ours, plus the theme's own when a theme is in use."""
        names = back_names()
        return [THEME_BACK, *names] if self._theme is not None else names

    # --- keys and rendering ---------------------------------------------------------------

    def _key(self, card: Card | None, width: int, dpr: float, back: str, four_colour: bool) -> CacheKey:
        if card is None:
            if (back != THEME_BACK or self._theme is None) and back not in _BACK_NAMES:
                # unknown names fail here, loudly, not in a worker
                raise ValueError(f"no card back called {back!r}; choose from {', '.join(back_names())}")
            return ("back", width, float(dpr), back, False)
        # Faces do not depend on the back, and theme faces not on the colour option.
        return (card.text, width, float(dpr), "", four_colour and self._theme is None)

    def _maker(self, card: Card | None, width: int, dpr: float, back: str, four_colour: bool) -> Callable[[], QImage]:
        theme = self._theme
        if card is None:
            if back == THEME_BACK and theme is not None:
                return lambda: theme.render(None, width, dpr)
            return lambda: render_back(back, width, dpr)
        faces = self._faces(four_colour)
        return lambda: faces.render(card, width, dpr)

    def _faces(self, four_colour: bool) -> CardTheme:
        return self._theme if self._theme is not None else own_deck(four_colour)

    def _batches(self, cards: list[Card | None], width: int, dpr: float, back: str, four_colour: bool) -> list[Batch]:
        """What the worker draws for ``cards`` not cached yet: backs one by one, the faces
        together where the deck draws them in one piece (``CardTheme.render_deck``)."""
        missing = [c for c in cards if self._key(c, width, dpr, back, four_colour) not in self._pixmaps]
        faces = self._faces(four_colour)
        groups = [[c] for c in missing if c is None or not faces.whole_sheet]
        together: list[Card | None] = [c for c in missing if c is not None and faces.whole_sheet]
        if together:
            groups.append(together)
        work: list[Batch] = []
        for group in groups:
            keys = tuple(self._key(c, width, dpr, back, four_colour) for c in group)
            if group == [None]:
                work.append((keys, partial(_one, self._maker(None, width, dpr, back, four_colour))))
            else:
                work.append((keys, partial(faces.render_deck, group, width, dpr)))
        return work

    # --- the cache (GUI thread only) ------------------------------------------------------

    def _remember(self, key: CacheKey, pixmap: QPixmap) -> QPixmap:
        old = self._pixmaps.pop(key, None)
        if old is not None:
            self._bytes -= _nbytes(old)
        self._pixmaps[key] = pixmap
        self._bytes += _nbytes(pixmap)
        evicted = []
        while len(self._pixmaps) > 1 and (len(self._pixmaps) > self._max_pixmaps or self._bytes > self._max_bytes):
            gone_key, gone = self._pixmaps.popitem(last=False)
            self._bytes -= _nbytes(gone)
            evicted.append(gone_key)
        self._store.hold(key, evicted)
        return pixmap

    def _fallback(self, key: CacheKey) -> QPixmap | None:
        name, width, dpr, back, four = key
        best: QPixmap | None = None
        for (n, w, d, b, f), pm in self._pixmaps.items():
            # The biggest one scales down most cleanly.
            same_art = (n, b, f) == (name, back, four) and (w, d) != (width, dpr)
            if same_art and (best is None or pm.width() > best.width()):
                best = pm
        if best is None:
            return None
        scaled = best.scaled(
            device_size(width, dpr), Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
        )
        scaled.setDevicePixelRatio(dpr)
        return scaled

    # --- public ---------------------------------------------------------------------------

    def pixmap(
        self,
        card: Card | None,
        width: int,
        dpr: float = 1.0,
        *,
        back: str = DEFAULT_BACK,
        four_colour: bool = False,
    ) -> QPixmap:
        """``card`` (``None`` for its back) ``width`` logical pixels wide, for a screen of scale ``dpr``.

        The pixmap has ``width * dpr`` x ``round(width * 1.4) * dpr`` device pixels and its
        device pixel ratio set, so it paints ``width`` logical pixels wide.  The same key
        gives the same ``QPixmap`` object until it falls out of the cache, except while a
        ``prerender()`` of this size is running: then a scaled stand-in is returned and not
        cached (see the class docstring).
        """
        key = self._key(card, width, dpr, back, four_colour)
        cached = self._pixmaps.get(key)
        if cached is not None:
            self._pixmaps.move_to_end(key)
            return cached
        image, pending = self._store.take(key)
        if image is not None:
            return self._remember(key, QPixmap.fromImage(image))
        if pending:
            stand_in = self._fallback(key)
            if stand_in is not None:
                return stand_in
        image = self._maker(card, width, dpr, back, four_colour)()
        return self._remember(key, QPixmap.fromImage(image))

    def prerender(self, width: int, dpr: float = 1.0, back: str = DEFAULT_BACK, four_colour: bool = False) -> None:
        """Render the whole deck and ``back`` at this size in a worker thread.

        Cheap to call on every resize event: a request for the size already being rendered
        is ignored, and a new size supersedes the old one (whose worker stops at its next
        card).  ``prerendered(width, dpr)`` is emitted when the batch is in the cache.
        """
        request = (width, float(dpr), back, four_colour)
        if request == self._request:
            return
        # the back first: a deal shows it first
        work = self._batches([None, *JOKER_DECK], width, dpr, back, four_colour)
        generation = self._store.start_prerender(key for keys, _ in work for key in keys)
        self._request = request
        self._request_generation = generation
        self._pool.start(_PrerenderJob(self._store, self._bridge, generation, work))

    def is_prerendering(self) -> bool:
        return self._request is not None

    def shutdown(self) -> None:
        """Stop background rendering; call before the application quits."""
        self._store.stop_prerenders()
        self._pool.waitForDone()
        self._request = None

    def clear(self) -> None:
        """Forget every cached pixmap (e.g. after the theme files changed)."""
        self._pixmaps.clear()
        self._bytes = 0
        self._store.forget()

    def prepare_back_icons(self, size: int = 48, backs: list[str] | None = None) -> None:
        """Render what ``back_icon(name, size)`` needs for each back in the worker thread, so
        that making the icons afterwards costs the GUI thread next to nothing.
        ``icons_ready`` is emitted when they are done."""
        width = max(1, round(size / ASPECT))
        work = [
            batch
            for back in (back_names() if backs is None else backs)
            for dpr in _ICON_DPRS
            for batch in self._batches([None], width, dpr, back, False)
        ]
        self._pool.start(_PrerenderJob(self._store, self._bridge, None, work))

    def back_icon(self, back: str, size: int = 48) -> QIcon:
        """A square icon of ``back`` for menus, crisp at scale 1 and 2."""
        icon = QIcon()
        for dpr in _ICON_DPRS:
            height = size
            width = max(1, round(height / ASPECT))
            card = self.pixmap(None, width, dpr, back=back)
            canvas = QPixmap(round(size * dpr), round(size * dpr))
            canvas.fill(Qt.GlobalColor.transparent)
            painter = QPainter(canvas)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            x = (canvas.width() - card.width()) // 2
            y = (canvas.height() - card.height()) // 2
            painter.drawPixmap(x, y, card)
            painter.end()
            canvas.setDevicePixelRatio(dpr)
            icon.addPixmap(canvas)
        return icon

    @Slot(int)
    def _on_finished(self, generation: int) -> None:
        # The images become pixmaps when asked for (pixmap() takes them from the store), a
        # few at a time as the table needs them, not all in one go here.
        self._store.trim(_MAX_IMAGES)
        if generation == _ICONS:
            self.icons_ready.emit()
            return
        if generation == self._request_generation and self._request is not None:
            width, dpr, _, _ = self._request
            self._request = None
            self.prerendered.emit(width, dpr)


def _one(make: Callable[[], QImage]) -> list[QImage]:
    return [make()]


def _nbytes(pixmap: QPixmap) -> int:
    return pixmap.width() * pixmap.height() * 4
