"""What the table shows: the state the scene draws, made from the game and the pace."""

from __future__ import annotations

from ...engine import Game, HandState, Seat
from ...engine.ai.registry import PlayerKind
from ..table.state import Stage, TableState
from .part import ControllerPart


class Showing(ControllerPart):
    """The controller's side of the table's picture."""

    def table_state(self) -> TableState | None:
        game, hand = self.game, self.display
        if game is None or hand is None:
            return None
        s = self.settings
        interactive = self.human_seat
        over = self.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
        return TableState(
            hand=hand,
            stage=self.stage,
            # while a finished hand's last trick is still on the table, the score before it
            scores=game.scores if over or hand is game.hand else hand.scores,
            points_to_win=game.rules.points_to_win,
            names=self.names(),
            people=self.people(),
            show_all=self.show_all,
            sort_by_trump=s.sort_by_trump,
            pending_trick=self.pending_trick,
            last_trick=self.last_trick,
            interactive=interactive,
            legal=game.legal_actions() if interactive is not None else (),
            thinking=self.thinking_seat,
            result=hand.result if over else None,
            winner=game.winner,
            slam=game.is_slam,
            hint=self.hint_action,
            hint_reason=self.hint_reason,
            autoplay=self.autoplay,
            wait_for_click=self.stage is Stage.TRICK and not self._auto_clear(),
            deal_number=game.deal_number,
            levels=tuple(self.level(seat) for seat in Seat),
            unknown=game.dealt(_deal_shown(game, hand)).unknown if self.remote is not None else frozenset(),
        )

    def level(self, seat: Seat) -> str:
        """The computer player's level at ``seat`` in a player's words ("" for a person)."""
        if self.remote is not None:
            return self.remote.level(seat)
        kind = self._kinds[seat]
        if not isinstance(kind, PlayerKind):
            return ""
        return f"{kind.label}, sees every card" if self.settings.they_see_all else kind.label


def _deal_shown(game: Game, hand: HandState) -> int:
    """The deal ``hand`` is of: a finished one while its summary shows, else the one under way."""
    return next((r.deal_number for r in reversed(game.records) if r.final is hand), game.deal_number)
