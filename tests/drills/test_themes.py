"""Each decision is drilled under the theme a player would name it by."""

from __future__ import annotations

from euchre_qt.drills.themes import Theme, theme_of
from euchre_qt.engine import Action, HandState, Seat

DEAL = "S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS"


def _view(moves: str = ""):  # type: ignore[no-untyped-def]
    state = HandState.from_text(DEAL, dealer=Seat.EAST).apply_all(moves)
    assert state.turn is not None
    return state.view(state.turn)


def test_bids_are_round_one_round_two_or_going_alone() -> None:
    view = _view()  # South, first to bid, the Nine of Hearts turned up
    order, alone, passing = Action.parse("order"), Action.parse("order alone"), Action.parse("pass")
    assert theme_of(view, passing, order) is Theme.ROUND1
    assert theme_of(view, order, passing) is Theme.ROUND1
    assert theme_of(view, alone, order) is Theme.ALONE
    assert theme_of(view, order, alone) is Theme.ALONE  # the lesson: not alone
    second = _view("pass, pass, pass, pass")
    assert theme_of(second, Action.parse("call S"), passing) is Theme.ROUND2


def test_the_discard_the_opening_lead_and_the_last_tricks() -> None:
    discard = _view("order")
    assert theme_of(discard, Action.parse("discard 9D"), Action.parse("discard TD")) is Theme.DISCARD
    lead = _view("order, discard 9D")
    assert lead.seat is Seat.SOUTH and not lead.tricks
    assert theme_of(lead, Action.parse("play JH"), Action.parse("play JD")) is Theme.OPENING_LEAD
    second = _view("order, discard 9D, JH")
    assert second.seat is Seat.WEST
    assert theme_of(second, second.legal_actions[0], second.legal_actions[-1]) is Theme.SECOND_THIRD
    # South wins the first two tricks with the bowers: from the third trick on, "the last tricks"
    late = _view("order, discard 9D, JH, 9C, 9S, 9H, JD, TC, TS, TD")
    assert len(late.tricks) == 2 and late.seat is Seat.SOUTH
    assert theme_of(late, late.legal_actions[0], late.legal_actions[-1]) is Theme.LAST_TRICKS


def test_leads_after_the_first_trick_are_the_makers_or_the_defenders() -> None:
    makers = _view("order, discard 9D, JH, 9C, 9S, 9H")
    assert makers.seat is Seat.SOUTH and len(makers.tricks) == 1 and not makers.trick
    assert theme_of(makers, makers.legal_actions[0], makers.legal_actions[1]) is Theme.MAKERS_LEAD


def test_defending_against_a_loner() -> None:
    view = _view("order alone, discard 9D, JH")  # West follows South's lone lead
    assert view.seat is Seat.WEST
    assert theme_of(view, view.legal_actions[0], view.legal_actions[1]) is Theme.LONER_DEFENCE
