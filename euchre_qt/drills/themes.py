"""What a drill practises: its theme, read from the position and its best choice."""

from __future__ import annotations

from enum import StrEnum

from ..engine.actions import Action, ActionKind
from ..engine.view import Phase, SeatView
from ..session.wording.drills import THEME_NAMES


class Theme(StrEnum):
    """The skills drilled, in the order a hand asks for them (ids as the data file keeps them)."""

    ROUND1 = "round1"
    ROUND2 = "round2"
    ALONE = "alone"
    DISCARD = "discard"
    OPENING_LEAD = "opening_lead"
    MAKERS_LEAD = "makers_lead"
    DEFENDERS_LEAD = "defenders_lead"
    SECOND_THIRD = "second_third"
    LONER_DEFENCE = "loner_defence"
    LAST_TRICKS = "last_tricks"

    def __str__(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return THEME_NAMES[self.value]


# From the third trick on a hand holds three cards or fewer: the count of trump and of the
# cards still out decides the play.
LAST_TRICKS_FROM = 2


def theme_of(view: SeatView, best: Action, rival: Action) -> Theme | None:
    """The theme of ``view``'s decision whose best choice is ``best`` and runner-up ``rival``;
    None for a decision no theme drills (fourth hand before the last tricks)."""
    phase = view.phase
    if phase in (Phase.BIDDING_1, Phase.BIDDING_2):
        # going alone is the lesson where the answer goes alone, or where it is a bid whose
        # runner-up is the same bid alone (not to go alone); else whether to make trump at all
        if best.alone or (best.is_bid and rival == best._replace(alone=True)):
            return Theme.ALONE
        return Theme.ROUND1 if phase is Phase.BIDDING_1 else Theme.ROUND2
    if phase is Phase.DISCARD:
        return Theme.DISCARD
    if phase is Phase.DEFEND:
        return Theme.LONER_DEFENCE
    if phase is not Phase.PLAY or view.maker is None:
        return None
    makers = view.seat.team == view.maker.team
    if view.alone and not makers:
        return Theme.LONER_DEFENCE
    if len(view.tricks) >= LAST_TRICKS_FROM:
        return Theme.LAST_TRICKS
    if not view.trick:
        if not view.tricks:
            return Theme.OPENING_LEAD
        return Theme.MAKERS_LEAD if makers else Theme.DEFENDERS_LEAD
    if len(view.trick) in (1, 2) and best.kind is ActionKind.PLAY:
        return Theme.SECOND_THIRD
    return None
