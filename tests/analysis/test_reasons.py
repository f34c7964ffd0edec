"""The review's reasons read as a Euchre player would say them: the hint's words with what
a player counting the cards knows, the figures beside them and never said twice."""

from __future__ import annotations

from euchre_qt.analysis import DecisionKind, DecisionReview, GameReview, Grade, HandReview
from euchre_qt.analysis.analyse import grade
from euchre_qt.analysis.judge import Budget, judge
from euchre_qt.analysis.results import Choice
from euchre_qt.analysis.text import decision_line, game_text, reason
from euchre_qt.analysis.why import why
from euchre_qt.engine import Action, HandState, Phase, Seat

# North called hearts in round 2; South leads to the first trick holding the AS and KS,
# the QH and two small cards. Both bowers are out (North's, as it happens).
CALLED = "S: AS KS QH 9C 9D  W: 9S TS 9H TC JC  N: JH JD AH TH KC  E: QS JS KH QC AC  kitty: AD KD QD TD"
CALLED_MOVES = "pass, pass, pass, pass, pass, pass, call H"


def test_a_lead_says_what_a_player_counting_the_cards_knows() -> None:
    view = HandState.from_text(CALLED, dealer="E").apply_all(CALLED_MOVES).view(Seat.SOUTH)
    values = judge(view, Budget(deals=8))

    def reason_for(move: str) -> str:
        return why(view, Action.parse(move), values)

    assert reason_for("play AS").startswith("lead it (no higher spade is out; best in ")
    assert reason_for("play KS").startswith("lead it (no higher spade is out; ")  # the ace is South's own
    assert reason_for("play QH").startswith("lead trump to a partner who called it (both bowers are still out; ")
    assert reason_for("play 9C").startswith("lead it (best in ")  # nothing to say of a small club


def _bid(grade_given: Grade, why: str) -> DecisionReview:
    """East called spades; passing was worth more (the figures as in the hint's reason)."""
    called, passing = Action.parse("call S"), Action.parse("pass")
    return DecisionReview(
        hand=0,
        move=5,
        seat=Seat.EAST,
        phase=Phase.BIDDING_2,
        kind=DecisionKind.BID,
        chosen=called,
        best=passing if grade_given is not Grade.CLOSE else called,
        choices=(Choice(passing, -0.69, -0.69, 0.45), Choice(called, -0.89, -0.89, 0.43)),
        deals=512,
        margin=0.09 if grade_given is not Grade.CLOSE else 0.3,
        better_in=254,
        grade=grade_given,
        why=why,
    )


def test_a_bids_figures_are_said_once() -> None:
    why = "call spades would be made in 17% of likely deals (-0.89 points expected), passing is worth -0.69"
    text = reason(_bid(Grade.INACCURACY, why))
    assert text.startswith("Passing was better: call spades would be made in 17%")
    assert text.count("-0.69") == 1 and text.count("-0.89") == 1
    assert "45% to win the game at 0-0 against 43% for calling Spades" in text


def test_a_close_call_says_the_deals_cannot_tell_the_choices_apart() -> None:
    text = reason(_bid(Grade.CLOSE, ""))
    assert text.startswith("Too close to call: the deals cannot tell these apart.")
    assert "-0.89 points expected for calling Spades against -0.69 for passing" in text
    assert "43% and 45% to win the game at 0-0" in text


def test_a_decision_line_names_the_kind_of_decision_and_the_card() -> None:
    view = HandState.from_text(CALLED, dealer="E").apply_all(CALLED_MOVES).view(Seat.SOUTH)
    line = decision_line(grade(view, Action.parse("play 9C"), Budget(deals=16)))
    assert line.split()[:5] == ["South", "lead", "Nine", "of", "Clubs"]
    assert "play" not in line


def test_the_brief_text_speaks_of_no_hindsight_it_does_not_show() -> None:
    view = HandState.from_text(CALLED, dealer="E").apply_all(CALLED_MOVES).view(Seat.SOUTH)
    decision = grade(view, Action.parse("play 9C"), Budget(deals=16))
    review = GameReview((Seat.SOUTH,), 16, 0, (HandReview(0, 0, Seat.EAST, "", (decision,)),))
    assert "indsight" not in game_text(review, details=False)
    assert "Hindsight lines:" in game_text(review)


# South, first to bid, holds one club, the ace, with the KC turned up to East, the dealer.
ONE_TRUMP = "S: QS 9H QH 9S AC  W: TH TD KS QD JD  N: JS KH 9D TC JH  E: AH JC AS QC TS  kitty: KC 9C KD AD"


def test_a_pass_says_what_the_hand_holds_for_the_bid_it_passed_up() -> None:
    view = HandState.from_text(ONE_TRUMP, dealer="E").view(Seat.SOUTH)
    said = why(view, Action.parse("pass"), judge(view, Budget(deals=8)))
    assert said.startswith("with clubs as trump this hand has the ace of trump and a void; order up would be made in ")
    assert "passing is worth" in said
