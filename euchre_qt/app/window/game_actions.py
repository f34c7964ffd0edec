"""The Game menu's moves on the table: take back a move or the hand, Auto Play, a hint or a
decision made for you, and the computer players' cards shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

from ...session.wording import hint_text

if TYPE_CHECKING:
    from ...engine.ai.player import Decision
    from ..play.controller import Controller
    from ..table.scene import TableScene
    from .game_keeping import GameKeeping
    from .notices import Notices


class GameActions(QObject):
    """What the Game menu does to the game the ``controller`` plays (the ``kept`` game's log
    follows a move taken back); ``redraw`` shows the table again, ``update_actions`` sets
    the menus for it."""

    def __init__(
        self,
        controller: Controller,
        notices: Notices,
        scene: TableScene,
        kept: GameKeeping,
        redraw: Callable[[], None],
        update_actions: Callable[[], None],
    ) -> None:
        super().__init__(kept)
        self.controller = controller
        self._notices = notices
        self._scene = scene
        self._kept = kept
        self._redraw = redraw
        self._update_actions = update_actions

    @Slot()
    def undo_move(self) -> None:
        if self.controller.undo_move():
            self._kept.update_log()  # the move may have finished a hand
            self._notices.show_status("Your last move was taken back.", 4000)

    @Slot()
    def undo_round(self) -> None:
        if self.controller.undo_round():
            self._kept.update_log()  # a hand taken back leaves the log too
            self._notices.show_status("Back to the start of the hand.", 4000)

    @Slot(bool)
    def set_autoplay(self, on: bool) -> None:
        self.controller.set_autoplay(bool(on))
        self._update_actions()  # (Auto Play ticked as it now is: it may have been refused)

    @Slot()
    def hint(self) -> None:
        self.controller.request_hint()
        if self.controller.hint_pending:
            self._notices.show_hint_status("Working out a hint…", 5000)

    @Slot()
    def decide_for_me(self) -> None:
        self.controller.request_hint(decide=True)
        if self.controller.hint_pending:
            self._notices.show_hint_status("Deciding for you…", 5000)

    @Slot(object)
    def hint_ready(self, decision: Decision | str) -> None:
        if isinstance(decision, str):
            self._notices.notify("info", decision)
            return
        game = self.controller.game
        dealer = game is not None and game.turn is game.hand.dealer
        text = hint_text(decision.action, decision.reason, dealer, game.hand.trump if game is not None else None)
        self._notices.messages.append(("hint", text))
        self._notices.say(text)  # a screen reader hears it: the toast and the status line are not read
        self._notices.show_hint_status(text, 15000)
        self._scene.show_toast(text, "hint")  # stays until the move is made

    @Slot(bool)
    def set_show_cards(self, on: bool) -> None:
        self.controller.show_all = bool(on)
        self._redraw()
