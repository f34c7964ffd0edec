"""What the table shows: the state the scene draws, made from the game, its pace, the
seats and the hint."""

from __future__ import annotations

from collections.abc import Callable

from ...engine import Game, HandState, Seat, Trick
from ..table.state import Stage, TableState
from .hints import Hints
from .pace import Pace
from .seating import Seating


def table_state(
    game: Game,
    pace: Pace,
    seating: Seating,
    hints: Hints,
    *,
    interactive: Seat | None,
    thinking: Seat | None,
    names: tuple[str, str, str, str],
    level: Callable[[Seat], str],
    show_all: bool,
    sort_by_trump: bool,
) -> TableState | None:
    """The table's picture now (None before a deal is on show)."""
    hand = pace.display
    if hand is None:
        return None
    over = pace.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
    return TableState(
        hand=hand,
        stage=pace.stage,
        # while a finished hand's last trick is still on the table, the score before it
        scores=game.scores if over or hand is game.hand else hand.scores,
        points_to_win=game.rules.points_to_win,
        names=names,
        people=seating.people(),
        show_all=show_all,
        sort_by_trump=sort_by_trump,
        pending_trick=pace.pending_trick,
        last_trick=pace.last_trick,
        interactive=interactive,
        legal=game.legal_actions() if interactive is not None else (),
        thinking=thinking,
        result=hand.result if over else None,
        winner=game.winner,
        slam=game.is_slam,
        hint=hints.action,
        hint_reason=hints.reason,
        autoplay=seating.autoplay,
        wait_for_click=pace.stage is Stage.TRICK and not pace.auto_clear(),
        deal_number=game.deal_number,
        levels=tuple(level(seat) for seat in Seat),
        # the cards a game kept elsewhere placed as stand-ins (a network table's others'): unknown
        unknown=game.dealt(_deal_shown(game, hand)).unknown if game.deals is not None else frozenset(),
    )


def _deal_shown(game: Game, hand: HandState) -> int:
    """The deal ``hand`` is of: a finished one while its summary shows, else the one under way."""
    return next((r.deal_number for r in reversed(game.records) if r.final is hand), game.deal_number)


def last_trick(game: Game, shown: HandState | None) -> Trick | None:
    """The last trick played: the hand on show's, or before its first trick the hand before's
    last (what the Last Trick dialog shows and the L key says, alike)."""
    hand = last_trick_hand(game, shown)
    return hand.tricks[-1] if hand is not None else None


def last_trick_hand(game: Game, shown: HandState | None) -> HandState | None:
    """The hand the last trick played is of (its trump is that trick's): the hand on show, or
    before its first trick the hand before."""
    hand = shown or game.hand
    if hand.tricks:
        return hand
    if game.records and game.records[-1].final.tricks:
        return game.records[-1].final
    return None
