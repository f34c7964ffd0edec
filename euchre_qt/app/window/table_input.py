"""What the player does at the card table (a card clicked, a move chosen with a button or a
key, Continue, Enter, the keyboard's focus moved) goes to the controller; while a recorded
game is on show, Continue and Enter step through it instead and moves are not taken."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtGui import QAccessible

if TYPE_CHECKING:
    from ...engine import Action, Card
    from .context import WindowContext
    from .recorded_games import RecordedGames


class TableInput(QObject):
    """The ``scene``'s clicks and keys, to the ``controller`` (or to the record ``recorded``
    shows); why a move is refused, and where the focus went, told by ``notices``."""

    def __init__(self, context: WindowContext, *, recorded: RecordedGames) -> None:
        scene = context.scene
        super().__init__(scene)
        self._context = context
        self._recorded = recorded
        scene.card_clicked.connect(self.card_clicked)
        scene.action_chosen.connect(self.action_chosen)
        scene.continue_requested.connect(self.continue_)
        scene.keyboard.enter_pressed.connect(self.enter)
        scene.keyboard.focus_changed.connect(self.focus_changed)

    @Slot(object)
    def card_clicked(self, card: Card) -> None:
        if self._recorded.viewer is not None:
            return
        why = self._context.controller.click_card(card)
        if why:
            self._context.notices.notify("illegal", why)

    @Slot(object)
    def action_chosen(self, action: Action) -> None:
        if self._recorded.viewer is not None:
            return
        why = self._context.controller.act(action)
        if why:
            self._context.notices.notify("illegal", why)

    @Slot()
    def continue_(self) -> None:
        viewer = self._recorded.viewer
        if viewer is not None:
            viewer.step(+1)
            return
        self._context.controller.continue_()

    @Slot()
    def enter(self) -> None:
        """Enter or Space with nothing chosen: continue; on the person's turn, the only card
        allowed is played, or they hear how to choose."""
        c = self._context.controller
        viewer = self._recorded.viewer
        if viewer is not None:
            viewer.step(+1)
            return
        if c.continue_() or c.game is None or c.human_seat is None:
            return
        legal = c.game.legal_actions()
        if QAccessible.isActive():
            # a screen reader said nothing of a card here: the focus goes onto one, named,
            # and the next Enter plays what was heard
            keyboard = self._context.scene.keyboard
            keyboard.refocus()
            if keyboard.focus_key is not None:
                return
        if len(legal) == 1 and legal[0].card is not None:
            c.act(legal[0])
            return
        from ...session.wording import choosing_help

        self._context.notices.notify(
            "info", choosing_help(c.game.hand.phase, any(a.kind.name == "PASS" for a in legal))
        )

    @Slot(str)
    def focus_changed(self, name: str) -> None:
        if name:
            self._context.notices.show_status(name, 3000)
        from ..accessibility.table_access import announce_focus

        announce_focus(self._context.view)
