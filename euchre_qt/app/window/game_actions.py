"""The Game menu's moves on the table (a part of the main window): take back a move or the
hand, Auto Play, a hint or a decision made for you, and the computer players' cards shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Slot

from .window_part import WindowPart

if TYPE_CHECKING:
    from ...engine.ai.player import Decision


class GameActions(WindowPart):
    """What the Game menu does to the game on the table."""

    @Slot()
    def undo_move(self) -> None:
        if self.controller.undo_move():
            self._update_log()  # the move may have finished a hand
            self.statusBar().showMessage("Your last move was taken back.", 4000)

    @Slot()
    def undo_round(self) -> None:
        if self.controller.undo_round():
            self._update_log()  # a hand taken back leaves the log too
            self.statusBar().showMessage("Back to the start of the hand.", 4000)

    @Slot(bool)
    def set_autoplay(self, on: bool) -> None:
        self.controller.set_autoplay(bool(on))
        self.act_autoplay.setChecked(self.controller.autoplay)

    @Slot()
    def hint(self) -> None:
        self.controller.request_hint()
        if self.controller.hint_pending:
            self._show_hint_status("Working out a hint…", 5000)

    @Slot()
    def decide_for_me(self) -> None:
        self.controller.request_hint(decide=True)
        if self.controller.hint_pending:
            self._show_hint_status("Deciding for you…", 5000)

    @Slot(object)
    def _hint_ready(self, decision: Decision | str) -> None:
        if isinstance(decision, str):
            self.notify("info", decision)
            return
        game = self.controller.game
        dealer = game is not None and game.turn is game.hand.dealer
        from ...session.wording import hint_text  # the engine loads after the first frame

        text = hint_text(decision.action, decision.reason, dealer)
        self.messages.append(("hint", text))
        self._show_hint_status(text, 15000)
        self.scene.show_toast(text, "hint")  # stays until the move is made

    @Slot(bool)
    def set_show_cards(self, on: bool) -> None:
        self.controller.show_all = bool(on)
        self._redraw()
