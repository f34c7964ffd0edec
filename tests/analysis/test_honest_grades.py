"""Grades a Euchre player would sign: by what points are worth at the score, close calls
not graded, inferred moves marked, reasons in a player's words."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from euchre_qt.analysis import DecisionKind, DecisionReview, Grade, Hindsight, decision_points
from euchre_qt.analysis.analyse import analyse_game, grade, review_decision_point
from euchre_qt.analysis.cli import read_to_analyse
from euchre_qt.analysis.grades import grade_of
from euchre_qt.analysis.judge import Budget
from euchre_qt.analysis.loner import as_bid
from euchre_qt.analysis.results import Choice, summarise
from euchre_qt.analysis.text import decision_line, hindsight_line, reason
from euchre_qt.engine import Action, HandState, Phase, Seat
from euchre_qt.engine.ai.evaluation import trick_estimate
from euchre_qt.engine.ai.how_they_play import EVERYONE_WELL
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.masks import cards_in
from euchre_qt.engine.ai.sampler import sample_worlds

EGN = Path(__file__).resolve().parents[1] / "data" / "egn"
BUDGET = Budget(deals=64)


def test_a_partnership_march_that_wins_the_game_is_not_a_blunder() -> None:
    # "Six Points in Two Hands", hand 2: at 8-9 North orders up with the right bower, two
    # more trumps and an off ace. Alone it scores more points, but a partnership march
    # already wins the game and a lone hand is likelier to be euchred (the opponents win).
    read = read_to_analyse(EGN / "six_points_in_two_hands.egn")
    game, inferred = read.game, read.inferred
    review = analyse_game(game, [Seat.NORTH], BUDGET, hands=[1], inferred=inferred)
    order = review.decisions[0]
    assert order.chosen == Action.parse("order") and order.score == (8, 9)
    assert order.grade in (Grade.BEST, Grade.CLOSE)
    alone = order.choice(Action.parse("order alone"))
    assert alone.points > order.chosen_points  # more points alone ...
    assert alone.chance < order.choice(order.chosen).chance  # ... and less chance of the game
    text = reason(order)
    assert "win the game at 8-9" in text
    assert "Ordering it up and going alone would score more points" in text, text
    assert "win the game less often" in text and "the game's chances are what count" in text


def test_a_loss_inside_its_margin_is_close_and_costs_nothing_in_the_summary() -> None:
    assert grade_of(0.4, margin=0.5) is Grade.CLOSE
    assert grade_of(-0.4, margin=0.5) is Grade.CLOSE  # ahead by less than the margin: close too
    assert grade_of(0.4, margin=0.1) is Grade.MISTAKE
    assert grade_of(0.01, margin=0.5) is Grade.BEST  # as good as equal
    assert grade_of(-0.4, margin=0.1) is Grade.BEST


def test_an_inferred_move_is_marked_and_not_counted() -> None:
    game = read_to_analyse(EGN / "vwec_finals.egn").game
    first = next(iter(decision_points(game, [Seat.SOUTH])))
    marked = next(iter(decision_points(game, [Seat.SOUTH], inferred=frozenset({first.move}))))
    review = review_decision_point(marked, Budget(deals=8))
    assert review.inferred
    assert "(inferred move)" in decision_line(review)
    assert "does not state this move" in reason(review)
    assert summarise([review])[0].points_lost == 0.0


def test_the_records_unwritten_discards_are_the_inferred_moves() -> None:
    read = read_to_analyse(EGN / "vwec_finals.egn")
    game, inferred = read.game, read.inferred
    assert inferred
    assert all(game.actions[move].kind.name == "DISCARD" for move in inferred)


# Hearts are trump, South called them; West leads the KS to the fourth trick (see
# test_grading.MUST_RUFF): ruffing with the 9H makes the hand.
MUST_RUFF = "S: AC AD QC 9H TD  W: 9C 9D KC KS JH  N: TC QD JS 9S TH  E: JC KD TS QS AH  kitty: AS JD QH KH"
MUST_RUFF_MOVES = "pass, pass, pass, pass, call H, AC, 9C, TC, JC, AD, 9D, QD, KD, QC, KC, JS, TS, KS, 9S, QS"


def test_every_graded_decision_has_a_reason_in_a_players_words_with_its_figures() -> None:
    state = HandState.from_text(MUST_RUFF, dealer="E").apply_all(MUST_RUFF_MOVES)
    throw = grade(state.view(Seat.SOUTH), Action.parse("play TD"), BUDGET)
    assert throw.grade is Grade.BLUNDER
    text = reason(throw)
    assert "take the trick" in text  # the hint's words for the ruff
    assert "points expected" in text and "to win the game at 0-0" in text
    ruff = grade(state.view(Seat.SOUTH), Action.parse("play 9H"), BUDGET)
    assert ruff.grade is Grade.BEST and "take the trick" in reason(ruff)


# West orders the QH up to South, the dealer, and goes alone (East sits out); South defends.
LONER = "S: 9S TS 9D TD QC  W: JH JD AH KH AS  N: KS QS AD KD 9C  E: 9H TH QD JS KC  kitty: QH AC TC JC"


def test_a_lone_makers_hidden_cards_are_dealt_as_strong_as_going_alone_implies() -> None:
    state = HandState.from_text(LONER, dealer="S").apply_all("order alone, discard 9S")
    assert state.maker is Seat.WEST and state.alone
    view = state.view(Seat.SOUTH)
    knowledge = read_knowledge(view)
    drawn = sample_worlds(view, knowledge, random.Random(1), 300)
    kept = as_bid(view, knowledge, drawn, 100, random.Random(2), EVERYONE_WELL)

    trump = view.trump
    assert trump is not None

    def strength(worlds: list[list[int]]) -> float:
        """How many tricks West's hand takes by itself, on average."""
        return sum(trick_estimate(cards_in(w[Seat.WEST]), trump) for w in worlds) / len(worlds)

    assert strength(kept) > strength(drawn) + 0.3


# South and North lead 9-6: the opponents need a lone march (4) to win in one hand. South,
# first to bid, orders the KC up to East, the dealer, on the ace of clubs alone: a euchre
# only brings the opponents to 8, and passing lets a strong hand of theirs go alone.
DEFENSIVE_ORDER = "S: QS 9H QH 9S AC  W: TH TD KS QD JD  N: JS KH 9D TC JH  E: AH JC AS QC TS  kitty: KC 9C KD AD"


def test_a_defensive_order_at_9_6_is_not_flagged_though_at_0_0_passing_is_better() -> None:
    # At 0-0 ordering the dealer a king with one trump gives away points; at 9-6 the same
    # order costs no more of the game than passing. Over six seeds at 64 deals: never
    # flagged at 9-6, passing always ahead at 0-0.
    order, passing = Action.parse("order"), Action.parse("pass")
    at_9_6 = HandState.from_text(DEFENSIVE_ORDER, dealer="E", scores=(9, 6))
    defended = grade(at_9_6.view(Seat.SOUTH), order, BUDGET)
    assert defended.grade in (Grade.BEST, Grade.CLOSE)
    at_0_0 = HandState.from_text(DEFENSIVE_ORDER, dealer="E")
    flagged = grade(at_0_0.view(Seat.SOUTH), order, BUDGET)
    # a real cost (about a fifth of a point once calibrated: analysis.calibration), graded
    assert flagged.best == passing and flagged.grade in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)
    # fewer points for ordering at both scores: only what they are worth differs
    for review in (defended, flagged):
        assert review.choice(passing).points > review.chosen_points
    assert defended.choice(passing).worth - defended.choice(order).worth < flagged.loss


def _graded_throw(graded: Grade, best_on_the_real_deal: str) -> DecisionReview:
    """South threw the TD; the judge preferred ruffing with the 9H (or not)."""
    throw, ruff = Action.parse("play TD"), Action.parse("play 9H")
    faulted = graded not in (Grade.BEST, Grade.CLOSE)
    choices = (Choice(ruff, 0.6, 0.6, 0.55), Choice(throw, 0.2, 0.2, 0.5))
    real = Action.parse(best_on_the_real_deal)
    return DecisionReview(
        hand=0,
        move=0,
        seat=Seat.SOUTH,
        phase=Phase.PLAY,
        kind=DecisionKind.FOLLOW,
        chosen=throw,
        best=ruff if faulted else throw,
        choices=choices if faulted else choices[::-1],
        deals=64,
        margin=0.1,
        better_in=20,
        grade=graded,
        hindsight=Hindsight((real,), 1.0, 1.0 if real == throw else -2.0),
    )


def test_the_hindsight_line_never_contradicts_the_grade() -> None:
    lucky = hindsight_line(_graded_throw(Grade.MISTAKE, "play TD"))
    assert "favoured it this time" in lucky and "playing the Nine of Hearts was the better bet" in lucky
    unlucky = hindsight_line(_graded_throw(Grade.BEST, "play 9H"))
    assert "as good a bet" in unlucky and "which the player could not see" in unlucky
    # every card led to the same euchre: the faulted choice was not favoured, merely lost
    both = (Action.parse("play 9H"), Action.parse("play TD"))
    lost_anyway = hindsight_line(
        replace(_graded_throw(Grade.MISTAKE, "play TD"), hindsight=Hindsight(both, -2.0, -2.0))
    )
    assert "favoured" not in lost_anyway
    assert lost_anyway.endswith(
        "(-2.00: the cards lay against your side and playing the Nine of Hearts would have scored the same)"
    )


def test_a_loss_just_under_a_threshold_never_reads_as_the_threshold() -> None:
    just_under = replace(
        _graded_throw(Grade.INACCURACY, "play 9H"),
        choices=(Choice(Action.parse("play 9H"), 0.6, 0.6, 0.55), Choice(Action.parse("play TD"), 0.3004, 0.3004, 0.5)),
    )
    assert just_under.loss < 0.3 and grade_of(just_under.loss, 0.1) is Grade.INACCURACY
    assert decision_line(just_under).split()[-1] == "-0.29" and "a loss of 0.29 ±" in reason(just_under)
