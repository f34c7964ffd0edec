"""``--demo-state NAME``: drive a game to a state worth looking at, for screenshots.

A development aid: plays quickly (the seats' own players, South at random) until the
table shows NAME, then hands control back at the player's chosen speed. Settings are
changed in memory only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..engine import Phase
from .table.state import Stage

if TYPE_CHECKING:
    from .main_window import MainWindow

PREDICATES: dict[str, Callable[[MainWindow], bool]] = {
    "bidding": lambda w: w.controller.stage is Stage.HUMAN and w.controller.game.hand.phase is Phase.BIDDING_1,  # type: ignore[union-attr]
    "round2": lambda w: w.controller.stage is Stage.HUMAN and w.controller.game.hand.phase is Phase.BIDDING_2,  # type: ignore[union-attr]
    "discard": lambda w: w.controller.stage is Stage.HUMAN and w.controller.game.hand.phase is Phase.DISCARD,  # type: ignore[union-attr]
    "play": lambda w: (
        w.controller.stage is Stage.HUMAN
        and w.controller.game.hand.phase is Phase.PLAY  # type: ignore[union-attr]
        and len(w.controller.game.hand.trick) >= 2  # type: ignore[union-attr]
        and len(w.controller.game.hand.tricks) >= 1  # type: ignore[union-attr]
    ),
    "trick": lambda w: w.controller.stage is Stage.TRICK,
    "summary": lambda w: (
        w.controller.stage is Stage.HAND_OVER
        and w.controller.display is not None
        and w.controller.display.result is not None
        and w.controller.display.result.outcome.scored
    ),
    "gameover": lambda w: w.controller.stage is Stage.GAME_OVER,
}
DIALOGS = ("options", "stats", "rules", "review", "shortcuts", "lasttrick", "backmenu")


def apply_demo_state(window: MainWindow, name: str) -> None:
    name, _, extra = name.partition(":")
    settings = window.store.settings
    if "show" in extra:
        window.controller.show_all = True
    if name in DIALOGS:
        _open_dialog(window, name, extra)
        return
    predicate = PREDICATES.get(name)
    if predicate is None:
        window.notify("info", f"unknown demo state {name!r}")
        return
    keep_speed = settings.speed
    window.store.settings = replace(
        settings, speed=0, trick_clearing="click" if name == "trick" else settings.trick_clearing
    )
    window.scene.speed = 0
    rng = random.Random(7)
    c = window.controller

    def drive() -> None:
        if predicate(window):
            window.store.settings = replace(window.store.settings, speed=keep_speed)
            window.scene.speed = keep_speed
            c.changed.disconnect(drive)
            window._redraw()
            return
        if c.stage is Stage.HUMAN and c.game is not None:
            legal = c.game.legal_actions()
            c.act(rng.choice(legal))
        elif c.stage in (Stage.TRICK, Stage.HAND_OVER):
            c.continue_()
        elif c.stage is Stage.GAME_OVER:
            c.new_game()

    c.changed.connect(drive)
    drive()


def _open_dialog(window: MainWindow, name: str, extra: str = "") -> None:
    if name == "backmenu":
        from PySide6.QtCore import QPoint

        window.ensure_back_icons()
        window.back_menu.popup(window.mapToGlobal(QPoint(120, 60)))
        return
    if name == "options":
        from .options_dialog import OptionsDialog

        dialog = OptionsDialog(window.store.settings, window.art, window)
        dialog.tabs.setCurrentIndex({"players": 1, "table": 2}.get(extra, 0))
    elif name == "stats":
        from .stats_dialog import StatsDialog

        dialog = StatsDialog(window.stats, window)
    elif name == "rules":
        from .help import RulesDialog

        dialog = RulesDialog(window)
    elif name == "shortcuts":
        from .help import ShortcutsDialog

        dialog = ShortcutsDialog(window)
    else:
        from .review import ReviewDialog

        names = tuple(window.store.settings.name(i) for i in range(4))
        dialog = ReviewDialog(window.controller.game, names, window)  # type: ignore[arg-type]
    dialog.setModal(False)
    dialog.show()
    window._demo_dialog = dialog  # type: ignore[attr-defined]
