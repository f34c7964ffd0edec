"""The game kept: resumed from the autosave when the window opens, saved after every move,
its hands written to the game log and its hands and end counted in the statistics (off the
GUI thread); a deal played again for practice is kept out of all of them.

All of it is kept as the table session tells it, at once (``TablePresenter.at_once``):
before the table has shown the move, so that a program stopped right after a move loses
nothing of it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Slot

from ...engine import Game, GameFileError, HandRecord
from ...session import events
from ..play.presenter import ends_a_move
from ..storage import problems

if TYPE_CHECKING:
    from pathlib import Path

    from ...drills.drill import Drill
    from ..review.practice import Practice
    from .context import WindowContext
    from .dialogs import Dialogs


class GameKeeping(QObject):
    """The game the window's ``controller`` plays, kept in its ``files``, and the practice
    beside it (its result shown by the ``dialogs``). The game starts resumed from the
    autosave (when ``resume``) or new (dealt with ``seed``); ``new_game`` is what the welcome
    back's "New Game Instead" does."""

    def __init__(
        self,
        context: WindowContext,
        *,
        dialogs: Dialogs,
        resume: bool,
        seed: int | None,
        new_game: Callable[[], None],
    ) -> None:
        super().__init__(context.window)
        self._context = context
        self._dialogs = dialogs
        self._resume, self._seed = resume, seed
        self._keeping_failed = False  # (said once)
        self._new_game = new_game
        self.practice: Practice | None = None  # a deal played again, the real game kept aside

    def start(self) -> None:
        """The game's start: the saved one resumed, else a new one."""
        if self._context.controller.game is not None:
            return
        autosave = self._context.files.autosave
        resume, seed = self._resume, self._seed
        if resume and autosave.exists():
            try:
                salvaged = autosave.restore()
            except (GameFileError, OSError) as exc:
                problems.record("the saved game could not be restored", exc, autosave.folder)
                where = autosave.set_aside()
                if where is not None:
                    problems.record(f"the damaged save was kept as {where.name}", None, where.parent)
                kept = " A copy of it was kept." if where else ""
                self._context.notices.warn(f"Your saved game could not be restored, so a new game has started.{kept}")
            else:
                game = salvaged.game
                if salvaged.lost_moves:
                    problems.record("the saved game was damaged", salvaged.problem, autosave.folder)
                    where = autosave.set_aside()  # (the good moves are saved again at the start)
                    self._restored_with_loss(salvaged.lost_moves, where)
                if not game.is_over:
                    self._context.controller.start(game)
                    if not salvaged.lost_moves:
                        us, them = game.scores
                        welcome = f"Welcome back: your unfinished game was restored (us {us}, them {them})."
                        self._context.notices.welcome_back(welcome, game, self._new_game)
                    return
        self._context.controller.new_game(seed=seed)

    def _restored_with_loss(self, lost: int, kept: Path | None) -> None:
        moves = "move" if lost == 1 else f"{lost} moves"
        if kept is not None:
            problems.record(f"the damaged save was kept as {kept.name}", None, kept.parent)
        self._context.notices.warn(
            f"The last {moves} of your saved game could not be restored: it goes on from the move before."
            + (" A copy of the damaged save was kept." if kept else "")
        )

    def keep(self, event: events.Event) -> None:
        """Keep what the session has just told of (a subscriber at once to the presenter).
        Whatever goes wrong in keeping it, the play goes on: raised here, it stopped the
        table's delivery of its events, and the game waited for ever with no word."""
        try:
            self._keep(event)
        except Exception as exc:  # (any fault of keeping: play goes on, and it is said)
            problems.record("what was played could not be kept", exc, self._context.files.autosave.folder)
            if not self._keeping_failed:
                self._keeping_failed = True
                self._context.notices.warn(
                    "Something went wrong keeping the game's files: play goes on,"
                    " but the statistics or the save may miss it."
                )

    def _keep(self, event: events.Event) -> None:
        game = self._context.controller.game
        if game is None:
            return
        finished = events.hands_finished(event, game)
        if finished:
            self._hands_finished(finished)
        if events.game_finished(event, game) and self.practice is None:
            self._context.files.stats.record_game(
                game, self._context.controller.names(), self._context.controller.seating.kinds()
            )
        # saved after every move, and as a new game, a load or an undo stands (its reset)
        if ends_a_move(event) or isinstance(event, events.TableReset):
            self._save_game()

    def _save_game(self) -> None:
        self._context.notices.withdraw_stale()
        game = self._context.controller.game
        if game is None:
            return
        if self.practice is not None or not self._context.controller.refereed_here:
            return  # the real game stays saved as it was (a network table's game is the server's to keep)
        if game.is_over:
            self._context.files.autosave.clear()
            return
        if not self._context.files.autosave.save(
            game, self._context.controller.names(), self._context.controller.seating.kinds()
        ):
            self._context.notices.warn("The game cannot be saved, so it will be lost if the program stops.")

    def _hands_finished(self, records: list[HandRecord]) -> None:
        game = self._context.controller.game
        assert game is not None
        if self.practice is not None:
            again = self.practice.finished(records, game)
            if again is not None:  # shown once the controller has finished this move
                QTimer.singleShot(0, lambda: self._show_practice_result(again))
            return  # practice is not counted or logged
        if self._context.controller.refereed_here:  # (the log is of the game here)
            self.update_log()
        stats = self._context.files.stats
        stats.record_hands(game, records)
        warning = stats.take_warning()
        if warning:
            self._context.notices.warn(warning)

    def update_log(self) -> None:
        """The game's hands in the game log, as they now stand (one may have been taken back)."""
        game = self._context.controller.game
        if game is None:
            return
        names = tuple(self._context.store.settings.name(i) for i in range(4))
        log = self._context.files.log
        if not log.update(game, names):
            self._context.notices.warn(log.error or "The game log cannot be written.")

    @Slot(object)
    def game_finished(self, game: Game) -> None:
        """The table shows the game's end: the winner's sound and celebration."""
        if self.practice is not None:
            return
        if game.winner == 0:
            self._context.sound.play("win")
            if self._context.store.settings.celebrate:
                self._context.scene.celebrate(seed=game.seed or 0)
        winner = "You win" if game.winner == 0 else "They win"
        self._context.notices.show_status(f"{winner} {game.scores[0]}-{game.scores[1]}.")

    def play_again(self, move: int) -> None:
        """Play the deal of ``move`` again from just before it (practice); the game in
        progress is kept aside and comes back when the practice hand ends."""
        from ..review.practice import Practice

        real = self.practice.real if self.practice is not None else self._context.controller.game
        if real is None:
            return
        self.practice, game = Practice.start(real, move)
        self._context.controller.set_autoplay(
            False
        )  # the deal is the person's to play again (Auto Play may be left on)
        self._context.controller.start(game)
        self._context.notices.notify(
            "info", "Practice: this deal again. Your game is kept and comes back after the hand."
        )

    def play_drill(self, drill: Drill) -> None:
        """Play a drill's deal on from its position (practice), South the person; the game in
        progress is kept aside and comes back when the hand ends."""
        from ..review.practice import Practice

        real = self.practice.real if self.practice is not None else self._context.controller.game
        if real is None:
            return
        game = Game(drill.rules, deals=[drill.deal()], start_scores=drill.score)
        for move in drill.moves:
            game.apply(move)
        self.practice = Practice.of_drill(real, game)
        self._context.controller.start(game)
        self._context.notices.notify(
            "info", "Practice: the drill played out. Your game is kept and comes back after the hand."
        )

    def _show_practice_result(self, again: HandRecord) -> None:
        """The two plays of the deal side by side; the game comes back when they are closed."""
        from ..review.practice_result import PracticeResultDialog

        practice = self.practice
        if practice is None:  # (left meanwhile: a new game)
            return
        names = self._context.controller.names()
        four_colour = self._context.store.settings.four_colour
        self._dialogs.modal(PracticeResultDialog(practice, again, names, self._context.window, four_colour=four_colour))
        if self.practice is practice:
            self.end_practice()
            self._context.notices.notify("info", "Back to your game.")

    @Slot()
    def end_practice(self) -> None:
        """Back to the game in progress, as it was before the practice."""
        practice, self.practice = self.practice, None
        if practice is not None:
            self._context.controller.start(practice.real)
