"""The game kept: resumed from the autosave when the window opens, saved after every move,
its hands written to the game log and its hands and end counted in the statistics (off the
GUI thread); a deal played again for practice is kept out of all of them.

All of it is kept as the table session tells it, at once (``TablePresenter.at_once``):
before the table has shown the move, so that a program stopped right after a move loses
nothing of it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, Slot

from ..storage import paths, problems
from .window_part import WindowPart

if TYPE_CHECKING:
    from ...engine import Game, HandRecord
    from ...session import events
    from ..review.practice import Practice
    from ..storage.autosave import Autosave


class GameKeeping(WindowPart):
    """The game's files and the practice beside it (a part of the main window)."""

    autosave: Autosave
    practice: Practice | None  # a deal played again, the real game kept aside
    _resume: bool  # the saved game is resumed (else a new game is dealt, with _seed)
    _seed: int | None
    _welcome: tuple[str, Game, tuple[int, int]] | None  # "welcome back", the game, its score

    def _open_game_files(self, folder: Path | None) -> None:
        from ..stats.gamelog import GameLog
        from ..stats.statistics import StatsStore
        from ..storage.autosave import Autosave
        from ..storage.writer import BackgroundWriter

        folder = folder if folder is not None else paths.data_dir()
        self.files = BackgroundWriter(self)  # the statistics and the log are written off the GUI thread
        self.files.failed.connect(self.warn)
        self.autosave = Autosave(folder)
        self.log = GameLog(folder, self.files)
        self.stats = StatsStore(folder, self.files)

    @Slot()
    def _start(self) -> None:
        if self._closed or self.controller.game is not None:
            return
        from ...engine import GameFileError

        resume, seed = self._resume, self._seed
        if resume and self.autosave.exists():
            try:
                salvaged = self.autosave.restore()
            except (GameFileError, OSError) as exc:
                problems.record("the saved game could not be restored", exc, self.autosave.folder)
                where = self.autosave.set_aside()
                if where is not None:
                    problems.record(f"the damaged save was kept as {where.name}", None, where.parent)
                kept = " A copy of it was kept." if where else ""
                self.warn(f"Your saved game could not be restored, so a new game has started.{kept}")
            else:
                game = salvaged.game
                if salvaged.lost_moves:
                    problems.record("the saved game was damaged", salvaged.problem, self.autosave.folder)
                    where = self.autosave.set_aside()  # (the good moves are saved again at the start)
                    self._restored_with_loss(salvaged.lost_moves, where)
                if not game.is_over:
                    self.controller.start(game)
                    if not salvaged.lost_moves:
                        us, them = game.scores
                        welcome = f"Welcome back: your unfinished game was restored (us {us}, them {them})."
                        self.message_bar.show_message(welcome, "New Game Instead", self.new_game)
                        self._welcome = (welcome, game, game.scores)
                    return
        self.controller.new_game(seed=seed)

    def _restored_with_loss(self, lost: int, kept: Path | None) -> None:
        moves = "move" if lost == 1 else f"{lost} moves"
        if kept is not None:
            problems.record(f"the damaged save was kept as {kept.name}", None, kept.parent)
        self.warn(
            f"The last {moves} of your saved game could not be restored: it goes on from the move before."
            + (" A copy of the damaged save was kept." if kept else "")
        )

    def _keep(self, event: events.Event) -> None:
        """Keep what the session has just told of (a subscriber at once to the presenter)."""
        from ...session import events
        from ..play.presenter import ends_a_move

        game = self.controller.game
        if game is None:
            return
        if isinstance(event, events.HandEnded):
            self._hands_finished([r for r in game.records if r.deal_number == event.deal_number])
        elif isinstance(event, events.GameEnded) and self.practice is None:
            self.stats.record_game(game)
        # saved after every move, and as a new game, a load or an undo stands (its reset)
        if ends_a_move(event) or isinstance(event, events.TableReset):
            self._save_game()

    def _save_game(self) -> None:
        self._withdraw_stale_messages()
        game = self.controller.game
        if game is None:
            return
        if self.practice is not None or self.controller.remote is not None:
            return  # the real game stays saved as it was (a network table's game is the server's to keep)
        if game.is_over:
            self.autosave.clear()
            return
        if not self.autosave.save(game, self.controller.names()):
            self.warn("The game cannot be saved, so it will be lost if the program stops.")

    def _hands_finished(self, records: list[HandRecord]) -> None:
        game = self.controller.game
        assert game is not None
        if self.practice is not None:
            again = self.practice.finished(records, game)
            if again is not None:  # shown once the controller has finished this move
                QTimer.singleShot(0, lambda: self._show_practice_result(again))
            return  # practice is not counted or logged
        if self.controller.remote is None:  # (the log is of the game here)
            self._update_log()
        self.stats.record_hands(game, records)
        if self.stats.warning:
            self.warn(self.stats.warning)
            self.stats.warning = None

    def _update_log(self) -> None:
        game = self.controller.game
        if game is None:
            return
        names = tuple(self.store.settings.name(i) for i in range(4))
        if not self.log.update(game, names):
            self.warn(self.log.error or "The game log cannot be written.")

    @Slot(object)
    def _game_finished(self, game: Game) -> None:
        if self.practice is not None:
            return
        if game.winner == 0:
            self.sound.play("win")
            if self.store.settings.celebrate:
                self.scene.celebrate(seed=game.seed or 0)
        winner = "You win" if game.winner == 0 else "They win"
        self.statusBar().showMessage(f"{winner} {game.scores[0]}-{game.scores[1]}.")

    def play_again(self, move: int) -> None:
        """Play the deal of ``move`` again from just before it (practice); the game in
        progress is kept aside and comes back when the practice hand ends."""
        from ..review.practice import Practice

        real = self.practice.real if self.practice is not None else self.controller.game
        if real is None:
            return
        self.practice, game = Practice.start(real, move)
        self.controller.start(game)
        self.notify("info", "Practice: this deal again. Your game is kept and comes back after the hand.")

    def _show_practice_result(self, again: HandRecord) -> None:
        """The two plays of the deal side by side; the game comes back when they are closed."""
        from ..review.practice_result import PracticeResultDialog

        practice = self.practice
        if practice is None:  # (left meanwhile: a new game)
            return
        names = self.controller.names()
        self.modal(PracticeResultDialog(practice, again, names, self, four_colour=self.store.settings.four_colour))
        if self.practice is practice:
            self.end_practice()
            self.notify("info", "Back to your game.")

    @Slot()
    def end_practice(self) -> None:
        """Back to the game in progress, as it was before the practice."""
        practice, self.practice = self.practice, None
        if practice is not None:
            self.controller.start(practice.real)
