"""Everything the window says to the player: the status line, a passing message over the
table, the strip above it for warnings, and a screen reader; and taking back what is no
longer true (why a move was refused, once one is made; a hint, once its move is made; the
welcome back's score, once it changed). Never a modal dialog."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

from .messagebar import MessageBar

if TYPE_CHECKING:
    from PySide6.QtWidgets import QStatusBar, QVBoxLayout

    from ...engine import Game
    from ..accessibility.announcer import Announcer
    from ..play.controller import Controller
    from ..table.scene import TableScene
    from ..table.sound import Sound


class Notices(QObject):
    """What is said to the player, in the window's ``status`` line and above the table in
    ``box``; over the table and aloud once ``attach`` has given it the table. (A QObject:
    a warning from a thread, the file writer's, is delivered on the GUI thread.)"""

    def __init__(self, status: QStatusBar, box: QVBoxLayout) -> None:
        super().__init__(status)
        self._status = status
        self._box = box
        self._messages: list[tuple[str, str]] = []
        self.announcer: Announcer | None = None  # made with the table: what is said before is only shown
        self._message_bar: MessageBar | None = None
        self._warned: set[str] = set()
        self._controller: Controller | None = None
        self._scene: TableScene | None = None
        self._sound: Sound | None = None
        self._refusal: tuple[str, int] | None = None  # why a move was refused, and the moves made then
        self._hint_status: str | None = None  # the hint (or its wait) shown in the status line
        self._welcome: tuple[str, Game, tuple[int, int]] | None = None  # "welcome back", the game, its score

    def attach(self, controller: Controller, scene: TableScene, sound: Sound, announcer: Announcer) -> None:
        """The table is built: from now on messages show over it, sound and are spoken."""
        self._controller, self._scene, self._sound = controller, scene, sound
        self.announcer = announcer

    @property
    def messages(self) -> tuple[tuple[str, str], ...]:
        """(kind, text): everything said to the player, oldest first."""
        return tuple(self._messages)

    @property
    def message_bar(self) -> MessageBar:
        """The strip above the table for warnings: made when there is first something to say
        (making it works out a style sheet: not at start-up)."""
        if self._message_bar is None:
            self._message_bar = MessageBar()
            self._box.insertWidget(0, self._message_bar)
        return self._message_bar

    @Slot(str, str)
    def notify(self, kind: str, text: str) -> None:
        """Tell the player something: "illegal" (a move refused), "info" (over the table for a
        moment) or "warning" (in the strip until closed)."""
        self._messages.append((kind, text))
        self._status.showMessage(text, 6000)
        self.say(text, assertive=kind == "illegal")
        scene = self._scene
        if kind == "illegal" and scene is not None:
            game = self._controller.game if self._controller is not None else None
            self._refusal = (text, len(game.actions)) if game is not None else None
            scene.show_toast(text, "illegal")
            if self._sound is not None:
                self._sound.warn()
        elif kind == "info" and scene is not None:
            scene.show_toast(text)
        elif kind not in ("illegal", "info"):
            self.message_bar.show_message(text)

    def say(self, text: str, assertive: bool = False) -> None:
        """To a screen reader, once the table is built (see ``announcer``)."""
        if self.announcer is not None:
            self.announcer.say(text, assertive)

    @Slot(str)
    def warn(self, text: str) -> None:
        """A warning, once: the same text again is not shown again."""
        if text in self._warned:
            return
        self._warned.add(text)
        self.notify("warning", text)

    def show_status(self, text: str, ms: int = 0) -> None:
        self._status.showMessage(text, ms)

    def show_hint_status(self, text: str, ms: int) -> None:
        """A hint or its wait in the status line, taken back once the move is made."""
        self._hint_status = text
        self._status.showMessage(text, ms)

    def show_hint(self, text: str) -> None:
        """A hint, until its move is made: in the status line and over the table, and said
        to a screen reader (which reads neither)."""
        self._messages.append(("hint", text))
        self.say(text)
        self.show_hint_status(text, 15000)
        if self._scene is not None:
            self._scene.show_toast(text, "hint")

    def welcome_back(self, text: str, game: Game, new_game: Callable[[], None]) -> None:
        """The restored game's welcome, taken back once the score has changed."""
        self.message_bar.show_message(text, "New Game Instead", new_game)
        self._welcome = (text, game, game.scores)

    def withdraw_stale(self) -> None:
        """Take back what is no longer true: the welcome's score once it changed, a hint
        (or "Deciding for you…") once the move is made, why a move was refused once one was made."""
        c = self._controller
        game = c.game if c is not None else None
        refusal = self._refusal
        if refusal is not None and (game is None or len(game.actions) != refusal[1]):
            self._refusal = None
            if self._status.currentMessage() == refusal[0]:
                self._status.clearMessage()
            if self._scene is not None:
                self._scene.withdraw_toast("illegal")
        welcome = self._welcome
        if welcome is not None and (game is not welcome[1] or game.scores != welcome[2]):
            self._welcome = None
            self.message_bar.withdraw(welcome[0])
        status = self._hint_status
        if status is not None and c is not None and c.hint_action is None and not c.hint_pending:
            self._hint_status = None
            if self._status.currentMessage() == status:
                self._status.clearMessage()
