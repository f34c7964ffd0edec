"""The table's sounds: short effects of the program's own (resources/sounds, made by
scripts/make_sounds.py) for a card played, the deal, a trick taken, a euchre and a game won.

They play through QtMultimedia, which is not part of PySide6-Essentials: it comes with the
optional extra ``euchre-qt[sound]`` (PySide6-Addons) and with the app bundle. Without it, or
with no audio output, the table is silent but for today's warning: the system beep for an
illegal move. The Sound setting governs all of it.

Nothing here may stop or hold up the game. The effects live in a thread of their own
("euchre-sound", started with the first sound wanted, not at start-up): loading QtMultimedia
and asking for the audio output take a tenth of a second or more, never on the GUI thread,
which only posts the names of sounds to it. A missing module, a missing audio output or a
broken file each cost only the sound (the reason goes to the log).
"""

from __future__ import annotations

import atexit
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QThread, Signal, Slot
from PySide6.QtWidgets import QApplication

from ...engine import Outcome, Phase
from ...session import events
from ..common.resources import resource_path
from .state import Motion

if TYPE_CHECKING:
    from .state import Shown

EFFECTS = ("card", "deal", "trick", "euchre", "win")
VOLUME = 0.5  # the files themselves peak at a quarter of full scale: gentle

log = logging.getLogger(__name__)

# Every sound thread started, with its player, until it has stopped: a QThread destroyed
# while it runs aborts the program, and a SoundPlayer collected on the GUI thread while it lives
# in the sound thread would be deleted from the wrong thread. So neither belongs to the
# ``Sound`` that started them (which may be collected without a shutdown, e.g. a window
# never closed); what is still running when Python exits is stopped then.
_RUNNING: list[tuple[QThread, SoundPlayer]] = []
_STOP_MS = 5000


def sounds_dir() -> Path:
    return resource_path("sounds")


class Sound(QObject):
    """What the window asks for; the playing is done by a ``SoundPlayer`` in the sound thread."""

    loaded = Signal(int)  # how many effects can be heard (0: QtMultimedia or an audio output is missing)
    _ask = Signal(str)

    def __init__(self, folder: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._enabled = True  # Options > Sound
        self.played: list[str] = []  # what was asked for while sound was on (tests look at this)
        self._folder = folder
        self._thread: QThread | None = None
        self._player: SoundPlayer | None = None
        self.effect_count: int | None = None  # once loaded: how many effects can be heard here
        self.loaded.connect(self._loaded)

    def set_enabled(self, on: bool) -> None:
        """Turn the sounds on or off (the illegal-move beep too)."""
        self._enabled = on

    @Slot(int)
    def _loaded(self, count: int) -> None:
        self.effect_count = count

    def warn(self) -> None:
        """An illegal move: the system beep."""
        if self._enabled:
            self.played.append("warn")
            QApplication.beep()

    def play(self, name: str) -> None:
        """Play the effect ``name`` (one of ``EFFECTS``) if sound is on; never waits."""
        if not self._enabled:
            return
        self.played.append(name)
        if self._thread is None:
            self._start()
        self._ask.emit(name)

    def _start(self) -> None:
        thread = QThread()
        thread.setObjectName("euchre-sound")
        player = SoundPlayer(self._folder if self._folder is not None else sounds_dir())
        player.moveToThread(thread)
        self._ask.connect(player.play)
        player.loaded.connect(self.loaded)
        thread.finished.connect(player.deleteLater)
        self._thread, self._player = thread, player
        _RUNNING.append((thread, player))
        app = QApplication.instance()
        if app is not None:  # a program that quits without closing its window ends the thread too
            app.aboutToQuit.connect(self.shutdown)
        thread.start()

    def on_shown(self, shown: Shown) -> None:
        """The sound of what the table shows now (a spectator of the presenter's paced
        beats): a deal, a card, a trick taken (a euchre instead, where the trick ends a hand
        the makers lost; at a game's end the window plays the win)."""
        if shown.motion is Motion.DEAL:
            self.play("deal")
            return
        state = shown.state
        for event in shown.events:
            if isinstance(event, events.CardPlayed):
                self.play("card")
            elif isinstance(event, events.TrickWon) and state.winner is None:
                result = state.hand.result if state.hand.phase is Phase.OVER else None
                self.play("euchre" if result is not None and result.outcome is Outcome.EUCHRE else "trick")

    def shutdown(self) -> None:
        """End the sound thread (the window is closing)."""
        thread, self._thread = self._thread, None
        if thread is not None:
            _stop(thread)


def _stop(thread: QThread) -> None:
    """Stop ``thread`` and let it go once it has stopped (if it will not, it is kept)."""
    thread.quit()
    if thread.wait(_STOP_MS):
        _RUNNING[:] = [(t, p) for t, p in _RUNNING if t is not thread]


@atexit.register
def _stop_all() -> None:
    for thread, _ in list(_RUNNING):
        _stop(thread)


class SoundPlayer(QObject):
    """Lives in the sound thread: loads the effects on the first request, then plays them."""

    loaded = Signal(int)

    def __init__(self, folder: Path) -> None:
        super().__init__()
        self.folder = folder
        self.effects: dict[str, Any] | None = None

    @Slot(str)
    def play(self, name: str) -> None:
        if self.effects is None:
            self.effects = load_effects(self.folder, self)
            self.loaded.emit(len(self.effects))
        effect = self.effects.get(name)
        if effect is None:
            return
        try:
            effect.play()
        except Exception:  # a sound is never worth a crash
            log.exception("the %s sound could not be played", name)


def load_effects(folder: Path, parent: QObject) -> dict[str, Any]:
    """A ``QSoundEffect`` per effect found in ``folder``; none without QtMultimedia or an audio output."""
    try:
        from PySide6.QtCore import QUrl
        from PySide6.QtMultimedia import QMediaDevices, QSoundEffect
    except ImportError as exc:
        log.info("no QtMultimedia (%s): install euchre-qt[sound] for the table's sounds", exc)
        return {}
    try:
        device = QMediaDevices.defaultAudioOutput()
        if device.isNull():
            log.info("no audio output: the table's sounds are off")
            return {}
        effects: dict[str, Any] = {}
        for name in EFFECTS:
            path = folder / f"{name}.wav"
            if not path.is_file():
                log.warning("the %s sound is missing (%s)", name, path)
                continue
            effect = QSoundEffect(device, parent)
            effect.setSource(QUrl.fromLocalFile(str(path)))
            effect.setVolume(VOLUME)
            effects[name] = effect
        return effects
    except Exception:
        log.exception("the table's sounds could not be loaded")
        return {}
