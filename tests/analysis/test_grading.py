"""Decision grading, on positions written like a card table whose best move is known."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_qt.analysis import DecisionKind, GameReview, Grade
from euchre_qt.analysis.analyse import analyse_game, grade, hindsight_of
from euchre_qt.analysis.judge import Budget, _Table, hindsight, judge
from euchre_qt.engine import Action, Game, HandState, Rules, Seat
from euchre_qt.engine.ai.masks import mask_of
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.notation import open_game
from tests.engine.deals import EUCHRE

BUDGET = Budget(deals=48)

# Hearts are trump (South called them in round 2). South and North have two tricks, West
# one; West leads the KS to the fourth trick, North and East follow with spades, and South,
# void in spades, holds the 9H and the TD. Ruffing wins the third trick: made for certain.
# Throwing the TD gives the trick away, and the last trick is a trump fight South's 9H,
# the lowest trump, loses whenever an opponent holds any other: a likely euchre.
MUST_RUFF = "S: AC AD QC 9H TD  W: 9C 9D KC KS JH  N: TC QD JS 9S TH  E: JC KD TS QS AH  kitty: AS JD QH KH"
MUST_RUFF_MOVES = "pass, pass, pass, pass, call H, AC, 9C, TC, JC, AD, 9D, QD, KD, QC, KC, JS, TS, KS, 9S, QS"


def must_ruff(text: str = MUST_RUFF) -> HandState:
    state = HandState.from_text(text, dealer="E").apply_all(MUST_RUFF_MOVES)
    assert state.turn is Seat.SOUTH and state.tricks_won == (2, 1, 0, 0)
    return state


def test_ruffing_to_make_the_hand_is_best_and_throwing_off_a_blunder() -> None:
    view = must_ruff().view(Seat.SOUTH)
    ruff = grade(view, Action.parse("play 9H"), BUDGET)
    assert ruff.grade is Grade.BEST
    assert ruff.best == Action.parse("play 9H")
    assert ruff.chosen_points == pytest.approx(1.0)  # made for certain
    assert ruff.kind is DecisionKind.FOLLOW
    throw = grade(view, Action.parse("play TD"), BUDGET)
    assert throw.grade is Grade.BLUNDER
    assert throw.best == Action.parse("play 9H")
    assert throw.loss >= 0.75


def test_the_hindsight_line_reads_the_real_deal() -> None:
    # In the real deal West leads the JH to the last trick: throwing off is euchred.
    line = hindsight_of(must_ruff(), Action.parse("play TD"))
    assert line.best == (Action.parse("play 9H"),)
    assert (line.best_points, line.chosen_points) == (1.0, -2.0)


def test_five_top_trumps_go_alone_and_passing_them_is_a_blunder() -> None:
    state = HandState.from_text(
        "S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H", dealer="E"
    )
    view = state.view(Seat.SOUTH)
    values = judge(view, BUDGET)
    assert values.mean(Action.parse("order alone")) == pytest.approx(4.0)  # a certain lone march
    assert values.mean(Action.parse("order")) == pytest.approx(2.0)
    passed = grade(view, Action.parse("pass"), BUDGET)
    assert passed.grade is Grade.BLUNDER and passed.best == Action.parse("order alone")
    partnered = grade(view, Action.parse("order"), BUDGET)
    assert partnered.kind is DecisionKind.ALONE and partnered.grade is Grade.BLUNDER
    assert partnered.best_points - partnered.chosen_points == pytest.approx(2.0)
    assert partnered.loss == pytest.approx(2.0, abs=0.1)  # at 0-0 a point is worth about a point


def _shuffled_unseen(text: str) -> str:
    """The same deal as South sees it, the cards South cannot see moved around: West's,
    North's and East's last cards and the kitty's three hidden ones."""
    moved = {"JH  N": "KH  N", "TH  E": "JD  E", "AH  kitty: AS JD QH KH": "QH  kitty: AS AH JH TH"}
    for before, after in moved.items():
        text = text.replace(before, after)
    return text


def test_grades_depend_only_on_what_the_seat_can_see() -> None:
    real, other = must_ruff(), must_ruff(_shuffled_unseen(MUST_RUFF))
    assert real.hands[Seat.WEST] != other.hands[Seat.WEST]
    assert real.view(Seat.SOUTH) == other.view(Seat.SOUTH)
    for move in ("play 9H", "play TD"):
        action = Action.parse(move)
        assert grade(real.view(Seat.SOUTH), action, BUDGET) == grade(other.view(Seat.SOUTH), action, BUDGET)
    # ... while the hindsight line, which reads the real deal, does change.
    assert hindsight(real).per_deal != hindsight(other).per_deal


def test_a_view_that_shows_every_hand_is_refused() -> None:
    with pytest.raises(ValueError, match="must not be shown"):
        judge(must_ruff().view(Seat.SOUTH, reveal=True), BUDGET)


def test_the_same_decision_gets_the_same_grade_and_the_seed_changes_the_deals() -> None:
    view = must_ruff().view(Seat.SOUTH)
    assert judge(view, BUDGET) == judge(view, BUDGET)
    assert judge(view, Budget(deals=48, seed=1)).per_deal != judge(view, BUDGET).per_deal


def _played_game(hands: int, seed: int = 3) -> Game:
    game = Game(Rules(), seed=seed)
    players = [NovicePlayer(seed=s) for s in range(4)]
    while not game.is_over and len(game.records) < hands:
        seat = game.turn
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    return game


def test_a_game_review_grades_only_the_chosen_seats_and_reports_progress() -> None:
    game = _played_game(2)
    seen: list[tuple[int, int]] = []
    review = analyse_game(game, [Seat.NORTH], Budget(deals=16), progress=lambda done, total: seen.append((done, total)))
    assert review.decisions and {d.seat for d in review.decisions} == {Seat.NORTH}
    assert seen[-1] == (len(review.decisions), len(review.decisions))
    for decision in review.decisions:
        assert game.actions[decision.move] == decision.chosen
        assert decision.hindsight is not None
    lost = sum(row.points_lost for row in review.summary(Seat.NORTH))
    assert lost == pytest.approx(sum(d.loss for d in review.decisions if d.counted))  # close calls lose nothing


def test_a_review_survives_json() -> None:
    review = analyse_game(_played_game(1), [Seat.SOUTH, Seat.EAST], Budget(deals=8))
    again = GameReview.from_dict(json.loads(json.dumps(review.to_dict())))
    assert again == review


def test_only_real_choices_are_graded() -> None:
    game = _played_game(1)
    review = analyse_game(game, budget=Budget(deals=4))
    replay = Game(game.rules, game.seed, game.first_dealer)
    forced = 0
    for move, action in enumerate(game.actions):
        if len(replay.legal_actions()) == 1:
            forced += 1
            assert all(d.move != move for d in review.decisions)
        replay.apply(action)
    assert forced > 0


def test_a_record_that_does_not_know_a_hand_grades_no_decision_made_from_it() -> None:
    # Hand 1 of this tournament record: North goes alone, so South's cards are never seen.
    shown = open_game(Path(__file__).resolve().parents[1] / "data" / "egn" / "six_points_in_two_hands.egn")
    unknown = shown.unknown(0)
    assert unknown & set(shown.game.records[0].final.hands[Seat.SOUTH])
    review = analyse_game(shown.game, budget=Budget(deals=4))
    first, second = review.hands
    assert first.decisions and all(d.seat is not Seat.SOUTH for d in first.decisions)
    assert all(d.hindsight is None for d in first.decisions)  # no real deal to look back on
    assert any(d.hindsight is not None for d in second.decisions)


def test_the_opening_lead_follows_the_lead_left_of_a_loner() -> None:
    """Dealer E; W calls spades alone (E sits out) and S weighs defending alone. With the lead
    to a loner's left N leads and W marches (-4 to S's side); from the dealer's left, S would
    lead and hold W to 1."""
    moves = "pass, pass, pass, pass, pass, call S alone"
    for rules, expected in ((Rules(lead_left_of_loner=True, lone_defender=True), -4), (Rules(lone_defender=True), -1)):
        state = HandState.from_text(EUCHRE, dealer="E", rules=rules).apply_all(moves)
        assert state.turn is Seat.SOUTH and state.maker is Seat.WEST
        table = _Table(state.view(Seat.SOUTH))
        assert table.from_opening_lead([mask_of(h) for h in state.hands]) == expected
