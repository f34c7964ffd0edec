"""The review graded as a Euchre player would grade it, one table position a case: the lead
that did not matter and the defender's ruff against a lone hand (the game-winning
partnership march, the defensive order at 9-6 and the inferred discard: test_honest_grades)."""

from __future__ import annotations

from dataclasses import replace

from euchre_qt.analysis import DecisionKind, DecisionReview, Grade, summarise
from euchre_qt.analysis.analyse import grade, hindsight_of
from euchre_qt.analysis.judge import Budget
from euchre_qt.analysis.text import hindsight_line, reason
from euchre_qt.engine import Action, HandState, Seat
from euchre_qt.session.wording import describe_choice

# A handful of deals is enough where every deal gives the same verdict.
BUDGET = Budget(deals=16)


def graded(state: HandState, move: str, budget: Budget = BUDGET) -> DecisionReview:
    """The player to move's ``move`` graded from what that player sees, with its hindsight line."""
    seat = state.turn
    assert seat is not None
    action = Action.parse(move)
    return replace(grade(state.view(seat), action, budget), hindsight=hindsight_of(state, action))


def every_choice(state: HandState) -> list[DecisionReview]:
    seat = state.turn
    assert seat is not None
    return [graded(state, str(action)) for action in state.view(seat).legal_actions]


# Hearts are trump, South called them. South led the right and the left bowers, and the
# 9H, TH and QH fell under them: South holds the last two trumps, the AH and KH, and the
# AS, the best spade. Whatever South leads now, South takes every trick: a march.
ALL_THE_TRUMPS = "S: JH JD AH KH AS  W: 9H 9S TS 9C TC  N: TH JS QS JC QC  E: QH KS KC 9D TD  kitty: AC QD KD AD"
ALL_THE_TRUMPS_MOVES = "pass, pass, pass, pass, call H, JH, 9H, TH, QH, JD, 9S, JS, KS"

# Hearts are trump, South called them on two small trumps. West has taken three tricks
# already: South's side is euchred whatever is led or played to the last two tricks.
EUCHRED = "S: 9H TH AC 9S 9D  W: JH JD AS KS AD  N: QH 9C TC JC QC  E: AH KH KC QS TS  kitty: JS TD QD KD"
EUCHRED_MOVES = "pass, pass, pass, pass, call H, 9D, AD, 9C, TS, JH, QH, KH, 9H, AS, TC, QS, 9S"


def test_the_lead_that_did_not_matter_every_lead_is_best_and_nothing_is_lost() -> None:
    state = HandState.from_text(ALL_THE_TRUMPS, dealer="E").apply_all(ALL_THE_TRUMPS_MOVES)
    assert state.turn is Seat.SOUTH and state.tricks_won == (2, 0, 0, 0)
    leads = every_choice(state)
    assert len(leads) == 3
    for lead in leads:
        assert lead.kind is DecisionKind.LEAD
        assert lead.grade is Grade.BEST and lead.loss == 0.0
        # the march, whatever is led: certain, so the calibration's level for leads adds nothing
        assert lead.chosen_points == 2.0 and lead.best_points == 2.0
        text = reason(lead)
        # said plainly: no reason for one card over another, and no trumps to draw
        assert text.startswith("It made no difference: whatever is led"), text
        assert "draw" not in text and "points expected" in text and "to win the game at 0-0" in text
        assert "nothing scored more" in hindsight_line(lead)
    (row,) = summarise(leads)
    assert row.points_lost == 0.0 and row.grades == ((Grade.BEST, 3),)


def test_once_the_euchre_is_settled_no_lead_or_card_to_follow_matters() -> None:
    state = HandState.from_text(EUCHRED, dealer="E").apply_all(EUCHRED_MOVES)
    assert state.turn is Seat.WEST and state.tricks_won == (0, 3, 0, 0)
    leads = every_choice(state)
    following = every_choice(state.apply_all("play KS"))  # North, void in spades
    assert len(leads) == 2 and len(following) == 2
    for decision in (*leads, *following):
        assert decision.grade is Grade.BEST and decision.loss == 0.0
        assert reason(decision).startswith("It made no difference")
    assert "whatever is played" in reason(following[0])
    assert sum(row.points_lost for row in summarise((*leads, *following))) == 0.0


# West calls hearts alone (East sits out), takes the first trick with the AC and leads the
# AS. South, void in spades, holds the 9H: ruffing takes the trick, and one trick stops the
# lone march (West scores 1, not 4). Throwing a diamond lets West take every trick.
LONER = "S: 9H TD 9D KD 9C  W: JH JD AH AS AC  N: KS QS 9S TC JC  E: TH QH KH QD AD  kitty: TS JS QC KC"
LONER_MOVES = "pass, pass, pass, pass, call H alone, AC, TC, 9C, AS, 9S"


def test_the_loners_ruff_a_defender_who_does_not_ruff_lets_the_march_through() -> None:
    state = HandState.from_text(LONER, dealer="S").apply_all(LONER_MOVES)
    assert state.turn is Seat.SOUTH and state.alone and state.tricks_won == (0, 1, 0, 0)
    ruff = graded(state, "play 9H")
    assert ruff.kind is DecisionKind.FOLLOW and ruff.grade is Grade.BEST
    for throw in ("play TD", "play 9D", "play KD"):
        thrown = graded(state, throw)
        assert thrown.grade is Grade.BLUNDER and thrown.best == Action.parse("play 9H")
        assert thrown.loss > 1.0  # a good share of the three points between a lone march and a make
        text = reason(thrown)
        assert "take the trick" in text and "one trick stops a lone march" in text
        # the real deal: West held the bowers, so the throw let the march through
        line = hindsight_line(thrown)
        assert line.endswith(f"would have scored -1.00 this time and {describe_choice(thrown.chosen)} -4.00")


def test_the_loners_own_ruff_keeps_the_march() -> None:
    # The same cards, East the dealer: South leads the KD and West, alone and void in
    # diamonds (the JD is a heart), trumps it: throwing an ace gives the defenders a trick.
    state = HandState.from_text(LONER, dealer="E").apply_all("pass, pass, pass, pass, pass, call H alone, KD")
    assert state.turn is Seat.WEST and state.alone
    ruff = graded(state, "play JD")
    assert ruff.grade is Grade.BEST and "a lone march needs every trick" in ruff.why
    thrown = graded(state, "play AC")
    assert thrown.grade is Grade.BLUNDER and thrown.best in {Action.parse(f"play {c}") for c in ("JH", "JD", "AH")}
    assert "take the trick (a lone march needs every trick; best in" in reason(thrown)
