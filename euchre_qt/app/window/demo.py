"""``--demo-state NAME``: drive a game to a state worth looking at, for screenshots.

A development aid: plays quickly (the seats' own players, South at random) until the
table shows NAME, then hands control back at the player's chosen speed. Settings are
changed in memory only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QTimer
from PySide6.QtWidgets import QDialog

from ...engine import HandState, Phase
from ..review.practice import Practice
from ..review.practice_result import PracticeResultDialog
from ..review.review_dialog import LastTrickDialog, ReviewDialog
from ..stats.stats_dialog import StatsDialog
from ..table.state import Stage
from .help import RulesDialog, ShortcutsDialog
from .options_dialog import OptionsDialog

if TYPE_CHECKING:
    from .main_window import MainWindow


def _your_turn(w: MainWindow) -> HandState | None:
    """The hand under way, when it is the person's turn."""
    game = w.controller.game
    return game.hand if w.controller.stage is Stage.HUMAN and game is not None else None


def _phase(w: MainWindow) -> Phase | None:
    hand = _your_turn(w)
    return hand.phase if hand is not None else None


PREDICATES: dict[str, Callable[[MainWindow], bool]] = {
    "bidding": lambda w: _phase(w) is Phase.BIDDING_1,
    "round2": lambda w: _phase(w) is Phase.BIDDING_2,
    "discard": lambda w: _phase(w) is Phase.DISCARD,
    "play": lambda w: (
        (hand := _your_turn(w)) is not None
        and hand.phase is Phase.PLAY
        and len(hand.trick) >= 2
        and len(hand.tricks) >= 1
    ),
    "trick": lambda w: w.controller.stage is Stage.TRICK,
    "alone": lambda w: (hand := _your_turn(w)) is not None and bool(hand.sitting_out),
    "summary": lambda w: (
        w.controller.stage is Stage.HAND_OVER
        and w.controller.display is not None
        and w.controller.display.result is not None
        and w.controller.display.result.outcome.scored
    ),
    "gameover": lambda w: w.controller.stage is Stage.GAME_OVER,
    "coach": lambda w: w.coach.open_note is not None,  # the coach's note on a mistake (the coach turned on)
    "coachsummary": lambda w: w.coach.summary_shown,  # ... and its summary at the game's end
}
DIALOGS = ("options", "stats", "rules", "review", "shortcuts", "lasttrick", "backmenu", "practice")
# dialogs worth opening only once something was played: the state to play to first
PLAYED_FIRST = {"review": "summary", "lasttrick": "play", "practice": "summary"}


def apply_demo_state(window: MainWindow, name: str) -> None:
    """Drive the table to ``name`` (``name:extra``), or open the dialog called ``name``."""
    name, _, extra = name.partition(":")
    if "show" in extra:
        window.controller.show_computer_cards(True)
    if name in DIALOGS:
        first = PLAYED_FIRST.get(name)
        if first is not None:
            _drive(window, first, lambda: _open_dialog(window, name, extra))
        else:
            _open_dialog(window, name, extra)
        return
    if name not in PREDICATES:
        window.notices.notify("info", f"unknown demo state {name!r}")
        return
    _drive(window, name, window.game_actions.hint if "hint" in extra else None)  # "play:hint": and ask for a hint


def _drive(window: MainWindow, name: str, then: Callable[[], None] | None = None) -> None:
    predicate = PREDICATES[name]
    settings = window.store.settings
    keep_speed = settings.speed
    window.store.change_unsaved(speed=0, trick_clearing="click" if name == "trick" else settings.trick_clearing)
    window.scene.set_speed(0)
    rng = random.Random(7)
    c = window.controller
    coaching = name.startswith("coach")
    if coaching:
        window.store.change_unsaved(coach=True)
        window.coach.settings_changed()
        window.coach.summed_up.connect(lambda: drive())
        if name == "coachsummary":  # each note answered Go On as it opens
            window.coach.noted.connect(lambda _graded: QTimer.singleShot(0, window.coach.go_on))

    done = [False]

    def drive() -> None:
        if done[0]:
            return
        if predicate(window):
            done[0] = True
            window.store.change_unsaved(speed=keep_speed)
            window.scene.set_speed(keep_speed)
            c.changed.disconnect(drive)
            window.redraw_table()
            if then is not None:
                then()
            return
        if c.stage is Stage.HUMAN and c.game is not None:
            # from the event loop, not inside the table's own news of the turn (``changed``):
            # the controller finishes asking for the turn first
            choice, moves = rng.choice(c.game.legal_actions()), len(c.game.actions)
            QTimer.singleShot(0, lambda: c.act(choice) if c.game is not None and len(c.game.actions) == moves else None)
        elif c.stage in (Stage.TRICK, Stage.HAND_OVER):
            c.continue_()
        elif c.stage is Stage.GAME_OVER and not coaching:
            # after the window has heard the game is over (it says who won, counts it), not
            # from inside that news: else "They win" stays on the status line of the new game
            QTimer.singleShot(0, window.new_game)

    c.changed.connect(drive)
    drive()


def _open_dialog(window: MainWindow, name: str, extra: str = "") -> None:
    dialog: QDialog
    if name == "backmenu":
        window.menus.back_previews.ensure_all()
        window.menus.back_menu.popup(window.mapToGlobal(QPoint(120, 60)))
        return
    if name == "options":
        dialog = OptionsDialog(window.store.settings, window.deck.art, window)
        dialog.tabs.setCurrentIndex({"players": 1, "table": 2}.get(extra, 0))
    elif name == "stats":
        dialog = StatsDialog(window.files.stats, window)
    elif name == "rules":
        dialog = RulesDialog(window)
    elif name == "shortcuts":
        dialog = ShortcutsDialog(window)
    elif name == "practice":
        dialog = _practice_result(window)
    elif name == "lasttrick":
        trick = window.dialogs.last_trick()
        game = window.controller.game
        assert game is not None and trick is not None  # (the demo played to this state)
        hand = window.controller.display or game.hand
        names = tuple(window.store.settings.name(i) for i in range(4))
        dialog = LastTrickDialog(
            trick, trump=hand.trump, names=names, art=window.deck.art, settings=window.store.settings, parent=window
        )
    else:
        names = tuple(window.store.settings.name(i) for i in range(4))
        game = window.controller.game
        assert game is not None  # (the demo played to this state)
        dialog = ReviewDialog(
            game,
            names,
            window,
            four_colour=window.store.settings.four_colour,
            art=window.deck.art,
            settings=window.store.settings,
        )
    dialog.setModal(False)
    dialog.show()  # (the window, its parent, keeps it)


def show_when_ready(window: MainWindow, state: str) -> None:
    """``--demo-state``: put the table into a state worth a screenshot (development aid),
    once the window is built and its game started."""

    def when_ready() -> None:
        if window.is_built and window.controller.game is not None:
            apply_demo_state(window, state)
        else:
            QTimer.singleShot(20, when_ready)

    QTimer.singleShot(0, when_ready)


def _practice_result(window: MainWindow) -> QDialog:
    """The end of the first hand played again (its moves drawn at random)."""
    real = window.controller.game
    assert real is not None and real.records  # (the demo played a hand first)
    practice, again = Practice.start(real, 0)
    rng = random.Random(3)
    while len(again.records) <= practice.hand:
        again.apply(rng.choice(again.legal_actions()))
    names = tuple(window.store.settings.name(i) for i in range(4))
    return PracticeResultDialog(practice, again.records[practice.hand], names, window)
