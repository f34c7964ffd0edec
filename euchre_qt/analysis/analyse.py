"""Grading the decisions of a game: each one judged from the seat's own view.

``grade(view, chosen)`` grades one decision from a seat's view alone; ``analyse_game``
walks a game's moves, asks each chosen seat's view at each of its decisions, and adds the
hindsight line from the real deal (kept apart: it never feeds the grade).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from ..engine.actions import Action
from ..engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from ..engine.ai.score_worth import ScoreWorth
from ..engine.cards import Seat
from ..engine.game import Game
from ..engine.hand import HandState
from ..engine.view import Phase, SeatView
from ..session.wording import hand_result
from .calibration import FITTED, POINTS_RANGE, Calibration
from .decisions import ALL_SEATS, DecisionPoint, decision_points
from .grades import TIE, grade_of, kind_of
from .judge import DEFAULT_BUDGET, Z95, Budget, Judging, Values, hindsight
from .results import Choice, DecisionReview, GameReview, HandReview, Hindsight
from .why import why

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` (decisions) while an analysis runs."""


def grade(
    view: SeatView,
    chosen: Action,
    budget: Budget = DEFAULT_BUDGET,
    hand: int = 0,
    move: int = 0,
    calibration: Calibration = FITTED,
    seating: HowTheyPlay = EVERYONE_WELL,
) -> DecisionReview:
    """Grade ``chosen`` (one of ``view.legal_actions``) from what ``view.seat`` knows, each
    seat taken to play as ``seating`` says, the judge's values corrected by
    ``calibration`` (what honest self-play showed them worth)."""
    if chosen not in view.legal_actions:
        raise ValueError(f"{chosen} is not a legal choice here")
    judging = Judging(view, budget.seed, seating)
    review = _review(view, chosen, judging.more(budget.deals), hand, move, calibration)
    while not settled(review, budget.most) and review.deals < budget.most:
        more = judging.more(min(review.deals, budget.most - review.deals))
        review = _review(view, chosen, more, hand, move, calibration)
    return review


def settled(review: DecisionReview, most: int) -> bool:
    """The grade would stay the same were the loss one standard error larger or smaller,
    or the margin as narrow as ``most`` deals would make it (a close call over a few deals
    may be a clear one over more)."""
    error = review.margin / Z95
    narrowest = review.margin * (review.deals / most) ** 0.5
    behind = review.choice(review.rival).worth - review.choice(review.chosen).worth
    grades = {grade_of(b, m) for b in (behind - error, behind, behind + error) for m in (review.margin, narrowest)}
    return len(grades) == 1


def _review(
    view: SeatView, chosen: Action, judged: Values, hand: int, move: int, calibration: Calibration
) -> DecisionReview:
    at_score = ScoreWorth(view.rules.points_to_win, view.our_score, view.their_score)
    judged_worths = judged.converted(at_score)
    top = judged_worths.ranked()[0][0]
    leads = view.phase is Phase.PLAY and not view.trick
    kind = kind_of(view.phase, leads, chosen, _rival(judged_worths, chosen))
    worth_range = (at_score(POINTS_RANGE[0]), at_score(POINTS_RANGE[1]))
    values = calibration.apply(judged, top, kind)
    worths = calibration.apply(judged_worths, top, kind, worth_range)
    ranked = worths.ranked()
    rival = _rival(worths, chosen)
    loss = worths.mean(rival) - worths.mean(chosen)  # negative: the choice made was ahead
    best = rival if loss >= TIE else chosen  # tied with the best is the best
    better_in = sum(1 for r, c in zip(worths.per_deal[rival], worths.per_deal[chosen], strict=True) if r > c)
    margin = worths.margin(rival, chosen)
    return DecisionReview(
        hand=hand,
        move=move,
        seat=view.seat,
        phase=view.phase,
        kind=kind,
        chosen=chosen,
        best=best,
        choices=tuple(_choice(a, values, worth, at_score) for a, worth in ranked),
        deals=values.deals,
        margin=margin,
        better_in=better_in,
        grade=grade_of(loss, margin),
        why=why(view, best, values),
        score=(view.our_score, view.their_score),
    )


def _rival(worths: Values, chosen: Action) -> Action:
    """The best of the choices not made."""
    return next(a for a, _ in worths.ranked() if a != chosen)


def _choice(action: Action, values: Values, worth: float, at_score: ScoreWorth) -> Choice:
    chance = min(1.0, max(0.0, at_score.now + worth * at_score.rate))
    return Choice(action, values.mean(action), worth, chance)


def hindsight_of(state: HandState, chosen: Action, seating: HowTheyPlay = EVERYONE_WELL) -> Hindsight:
    """The hindsight line: the best choice(s) on the real deal, every card known."""
    values = hindsight(state, seating)
    ranked = values.ranked()
    top = ranked[0][1]
    return Hindsight(tuple(a for a, v in ranked if v >= top - 1e-9), top, values.mean(chosen))


def review_decision_point(
    point: DecisionPoint, budget: Budget = DEFAULT_BUDGET, seating: HowTheyPlay = EVERYONE_WELL
) -> DecisionReview:
    """Grade one decision found in a game, with its hindsight line where the deal is known,
    each seat taken to play as ``seating`` says."""
    state, action = point.state, point.action
    assert state.turn is not None
    review = grade(state.view(state.turn), action, budget, point.hand, point.move, seating=seating)
    review = replace(review, inferred=point.inferred, deal_known=point.deal_known)
    if point.deal_known:
        review = replace(review, hindsight=hindsight_of(state, action, seating))
    return review


def analyse_game(
    game: Game,
    seats: Iterable[Seat] = ALL_SEATS,
    budget: Budget = DEFAULT_BUDGET,
    hands: Iterable[int] | None = None,
    progress: Progress | None = None,
    inferred: frozenset[int] = frozenset(),
    seating: HowTheyPlay = EVERYONE_WELL,
) -> GameReview:
    """Grade every decision of ``seats`` in ``game`` (only ``hands``, indices into
    ``game.records`` or the hand under way, if given; ``inferred``: the moves a record
    does not state; ``seating``: how each seat plays)."""
    chosen_seats = tuple(sorted(set(seats)))
    wanted = None if hands is None else set(hands)
    found = [p for p in decision_points(game, chosen_seats, inferred) if wanted is None or p.hand in wanted]
    reviews: dict[int, list[DecisionReview]] = {}
    for done, position in enumerate(found):
        if progress is not None:
            progress(done, len(found))
        reviews.setdefault(position.hand, []).append(review_decision_point(position, budget, seating))
    if progress is not None:
        progress(len(found), len(found))
    hand_numbers = sorted(reviews) if wanted is None else sorted(wanted & _hand_indices(game))
    return GameReview(
        chosen_seats, budget.deals, budget.seed, tuple(_hand_review(game, h, reviews.get(h, [])) for h in hand_numbers)
    )


def _hand_indices(game: Game) -> set[int]:
    under_way = () if game.is_over else (len(game.records),)
    return {*range(len(game.records)), *under_way}


def _hand_review(game: Game, hand: int, decisions: list[DecisionReview]) -> HandReview:
    if hand < len(game.records):
        record = game.records[hand]
        return HandReview(hand, record.deal_number, record.final.dealer, hand_result(record.result), tuple(decisions))
    return HandReview(hand, game.deal_number, game.hand.dealer, "", tuple(decisions))
