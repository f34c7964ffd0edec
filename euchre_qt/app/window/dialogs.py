"""The dialogs the main window opens: options, statistics, the last trick, the review of the
hands, the game log, help; each modal, the game waiting while it is open."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QMessageBox

from ...engine import Seat
from ..play.showing import last_trick, last_trick_hand
from ..stats.log_window import GameLogWindow
from ..stats.stats_dialog import StatsDialog
from .help import RulesDialog, ShortcutsDialog, about_box
from .options_dialog import OptionsDialog

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog

    from ...analysis import DecisionReview
    from ...engine import Game, Trick
    from .context import WindowContext
    from .recorded_games import RecordedGames
    from .settings_applied import SettingsApplied


class Dialogs(QObject):
    """The dialogs of the window (their parent), on the game the window's controller plays or
    the record ``recorded`` shows; the Options dialog's choices go to ``options``; the
    review's grades come from ``graded`` where a game's decisions are graded already (the
    coach's), by move."""

    play_again_requested = Signal(int)  # the review: a deal played again from this move (practice)
    drill_play_requested = Signal(object)  # the drills: a Drill's deal played on from its position

    def __init__(
        self,
        context: WindowContext,
        *,
        recorded: RecordedGames,
        settings_applied: SettingsApplied,
        graded: Callable[[Game], Mapping[int, DecisionReview]] | None = None,
    ) -> None:
        super().__init__(context.window)
        self._context = context
        self._recorded = recorded
        self._settings_applied = settings_applied
        self._graded = graded

    def modal(self, dialog: QDialog) -> int:
        """Show a dialog modally; the game waits while it is open."""
        with self._context.controller.paused():
            return self.run_dialog(dialog)

    def run_dialog(self, dialog: QDialog) -> int:
        """Show a dialog modally (tests replace this to look at the dialog instead)."""
        return int(dialog.exec())

    def confirm_new_game(self) -> bool:
        """Ask before abandoning a game in progress; True to go ahead (Escape keeps the game)."""
        game = self._context.controller.game
        assert game is not None
        us, them = game.scores
        box = QMessageBox(self._context.window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle("New game")
        box.setText(f"Leave this game (us {us}, them {them})?")
        box.setInformativeText("It will count as abandoned in your statistics, neither won nor lost.")
        abandon = box.addButton("&Abandon Game", QMessageBox.ButtonRole.DestructiveRole)
        keep = box.addButton("&Keep Playing", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        self.modal(box)
        return box.clickedButton() is abandon

    @Slot()
    def show_options(self) -> None:
        dialog = OptionsDialog(self._context.store.settings, self._context.deck.art, self._context.window)
        if self.modal(dialog):
            new = dialog.result_settings()
            rules_changed = new.rules != self._context.store.settings.rules
            self._settings_applied.change(**{k: getattr(new, k) for k in new.__dataclass_fields__})
            if rules_changed and self._context.controller.game is not None:
                self._context.notices.show_status("The new rules apply from the next new game.", 6000)

    @Slot()
    def custom_backdrop(self) -> None:
        with self._context.controller.paused():
            colour = QColorDialog.getColor(
                QColor(self._context.store.settings.backdrop), self._context.window, "Backdrop colour"
            )
        if colour.isValid():
            self._settings_applied.change(backdrop=colour.name())

    @Slot()
    def show_statistics(self) -> None:
        self.modal(
            StatsDialog(self._context.files.stats, self._context.window, save_game=self._recorded.ask_and_save_egn)
        )

    def last_trick(self) -> Trick | None:
        game = self._context.controller.game
        return None if game is None else last_trick(game, self._context.controller.display)

    @Slot()
    def show_last_trick(self) -> None:
        from ..review.review_dialog import LastTrickDialog

        game = self._context.controller.game
        hand = None if game is None else last_trick_hand(game, self._context.controller.display)
        if hand is None:
            self._context.notices.notify("info", "No trick has been played yet.")
            return
        names = tuple(self._context.store.settings.name(i) for i in range(4))
        # the trump of the hand the trick is of (at a hand's start, the hand before's)
        trick = hand.tricks[-1]
        self.modal(
            LastTrickDialog(
                trick,
                trump=hand.trump,
                names=names,
                art=self._context.deck.art,
                settings=self._context.store.settings,
                parent=self._context.window,
            )
        )

    @Slot()
    def show_review(self) -> None:
        from ...analysis.stated import inferred_moves
        from ...engine.ai.how_they_play import EVERYONE_WELL
        from ..review.review_dialog import ReviewDialog

        settings = self._context.store.settings
        viewer = self._recorded.viewer
        opening_deal = None  # the last hand
        inferred: frozenset[int] = frozenset()  # our own games state every move
        plays = EVERYONE_WELL  # a record's players: people
        graded: Mapping[int, DecisionReview] | None = None
        if viewer is not None:  # a recorded game on the table: every player's decisions, by the record's names
            game, names, people = viewer.shown.game, viewer.names, tuple(Seat)
            opening_deal = viewer.position.deal  # the hand on the table
            inferred = inferred_moves(game, viewer.shown.record)
        else:
            if self._context.controller.game is None:
                return
            game = self._context.controller.game
            names = self._context.controller.names()
            people = tuple(sorted(self._context.controller.people())) or (Seat.SOUTH,)  # all computers: South
            plays = self._context.controller.seating.how_they_play()
            graded = self._graded(game) if self._graded is not None else None
        review = ReviewDialog(
            game,
            names,
            self._context.window,
            four_colour=settings.four_colour,
            art=self._context.deck.art,
            settings=settings,
            seats=people,
            opening_deal=opening_deal,
            inferred=inferred,
            plays=plays,
            graded=graded,
        )

        # (started while the review is still closing: the table waits until it has closed)
        def play_again(move: int) -> None:
            review.accept()
            self.play_again_requested.emit(move)

        if viewer is None:  # practice is for games played here
            review.analysis.replay_requested.connect(play_again)
        else:
            review.analysis.again_button.hide()
            review.analysis.again_here_button.hide()
        self.modal(review)

    @Slot()
    def show_drills(self) -> None:
        """The drills, from the data shipped; the progress from the data folder."""
        from ...drills.shelf import DrillsUnreadable, load
        from ..drills.dialog import DrillsDialog
        from ..drills.progress_file import load_progress, shipped_drills

        try:
            shelf = load(shipped_drills())
        except DrillsUnreadable as exc:
            self._context.notices.warn(str(exc))
            return
        loaded = load_progress()
        # played out at the table: not over a network table's game, nor a record on show
        elsewhere = not self._context.controller.refereed_here or self._recorded.viewer is not None
        play_out = None if elsewhere else self.drill_play_requested.emit
        self.modal(
            DrillsDialog(shelf, loaded.progress, self._context.window, play_out=play_out, warning=loaded.warning)
        )

    @Slot()
    def open_log(self) -> None:
        self._context.files.writer.flush(2.0)  # the hands just finished are in it
        self.modal(GameLogWindow(self._context.files.log.path, self._context.window))

    @Slot()
    def show_rules(self) -> None:
        self.modal(RulesDialog(self._context.window))

    @Slot()
    def show_shortcuts(self) -> None:
        self.modal(ShortcutsDialog(self._context.window))

    @Slot()
    def show_about(self) -> None:
        self.modal(about_box(self._context.window))
