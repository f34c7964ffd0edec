"""The Game menu's moves on the table: take back a move or the hand, Auto Play, a hint or a
decision made for you, and the computer players' cards shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot

from ...session.wording import hint_text

if TYPE_CHECKING:
    from ...engine.ai.player import Decision
    from .context import WindowContext
    from .game_keeping import GameKeeping


class GameActions(QObject):
    """What the Game menu does to the game the window's ``controller`` plays (the ``kept``
    game's log follows a move taken back)."""

    def __init__(self, context: WindowContext, *, kept: GameKeeping) -> None:
        super().__init__(kept)
        self._context = context
        self._kept = kept

    @Slot()
    def undo_move(self) -> None:
        if self._context.controller.undo_move():
            self._kept.update_log()  # the move may have finished a hand
            self._context.notices.show_status("Your last move was taken back.", 4000)

    @Slot()
    def undo_round(self) -> None:
        if self._context.controller.undo_round():
            self._kept.update_log()  # a hand taken back leaves the log too
            self._context.notices.show_status("Back to the start of the hand.", 4000)

    @Slot(bool)
    def set_autoplay(self, on: bool) -> None:
        self._context.controller.set_autoplay(bool(on))
        self._context.update_actions()  # (Auto Play ticked as it now is: it may have been refused)

    @Slot()
    def hint(self) -> None:
        self._context.controller.request_hint()
        if self._context.controller.hint_pending:
            self._context.notices.show_hint_status("Working out a hint…", 5000)

    @Slot()
    def decide_for_me(self) -> None:
        self._context.controller.request_hint(decide=True)
        if self._context.controller.hint_pending:
            self._context.notices.show_hint_status("Deciding for you…", 5000)

    @Slot(object)
    def hint_ready(self, decision: Decision | str) -> None:
        if isinstance(decision, str):
            self._context.notices.notify("info", decision)
            return
        game = self._context.controller.game
        dealer = game is not None and game.turn is game.hand.dealer
        text = hint_text(decision.action, decision.reason, dealer, game.hand.trump if game is not None else None)
        self._context.notices.show_hint(text)

    @Slot(bool)
    def set_show_cards(self, on: bool) -> None:
        self._context.controller.show_computer_cards(bool(on))
        self._context.redraw()
