"""An analysis in words: a decision's grade and the better choice with its reason,
the hindsight line kept apart, and the summaries (for ``euchre-qt analyse`` and the review)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Action
from ..session.wording import SEAT_NAMES, describe_action, plural
from .grades import Grade
from .results import DecisionReview, GameReview, HandReview, Hindsight, KindSummary


def say(action: Action) -> str:
    """A move as something to do, as everywhere else in the program."""
    return describe_action(action)


def points(value: float) -> str:
    return f"{value:+.2f}"


def reason(decision: DecisionReview) -> str:
    """Why the better choice is better, from what the player could see; for a choice as
    good as the best, what it was worth."""
    deals = decision.deals
    if decision.grade is Grade.BEST:
        return (
            f"{say(decision.chosen)} was the best choice: {points(decision.chosen_points)} points expected "
            f"over {deals} deals that fit what could be seen"
        )
    return (
        f"{say(decision.best)} was better: {points(decision.best_points)} points expected against "
        f"{points(decision.chosen_points)} for {say(decision.chosen)} (a loss of {decision.loss:.2f} "
        f"± {decision.margin:.2f}); over {deals} deals that fit what could be seen, it scored more in "
        f"{decision.better_in} of them"
    )


def hindsight_line(decision: DecisionReview) -> str:
    """The hindsight line, worded so it is never mistaken for the grade."""
    line: Hindsight | None = decision.hindsight
    if line is None:
        return ""
    best = " or ".join(say(a) for a in line.best)
    if decision.chosen in line.best:
        return f"with every card known, {say(decision.chosen)} was also the best ({points(line.best_points)})"
    return (
        f"with every card known, the best was {best} ({points(line.best_points)}); "
        f"{say(decision.chosen)} was worth {points(line.chosen_points)}"
    )


def decision_line(decision: DecisionReview, names: Sequence[str] = SEAT_NAMES) -> str:
    """One line: who, what, the grade and the loss."""
    loss = "" if decision.grade is Grade.BEST else f"  -{decision.loss:.2f}"
    width = max(len(n) for n in names)
    who = names[decision.seat]
    return f"{who:{width}}  {decision.phase!s:9}  {say(decision.chosen):27} {decision.grade!s:10}{loss}"


def summary_lines(rows: Sequence[KindSummary]) -> list[str]:
    """Points lost by decision kind, one line each, with the grades given."""
    lines = []
    for row in rows:
        grades = ", ".join(f"{n} {g}" for g, n in row.grades)
        count = plural(row.decisions, "decision")
        lines.append(f"{row.kind!s:13} {count:>13}, {row.points_lost:5.2f} points lost ({grades})")
    if rows:
        total = sum(r.points_lost for r in rows)
        count = plural(sum(r.decisions for r in rows), "decision")
        lines.append(f"{'all':13} {count:>13}, {total:5.2f} points lost")
    return lines


def hand_text(hand: HandReview, details: bool = True, names: Sequence[str] = SEAT_NAMES) -> list[str]:
    dealer = f"dealer {names[hand.dealer]}"
    lines = [f"Hand {hand.hand + 1} ({dealer}){': ' + hand.result if hand.result else ''}"]
    for decision in hand.decisions:
        lines.append("  " + decision_line(decision, names))
        if details and decision.grade is not Grade.BEST:
            lines.append("         " + reason(decision))
        if details and decision.hindsight is not None:
            lines.append("         hindsight: " + hindsight_line(decision))
    if not hand.decisions:
        lines.append("  (no decision to grade)")
    return lines


def game_text(review: GameReview, details: bool = True, names: Sequence[str] = SEAT_NAMES) -> str:
    """The whole analysis as text: each hand, then the summary per seat."""
    lines = [
        f"Decisions of {', '.join(names[s] for s in review.seats)}, each judged over {review.deals} deals "
        "that fit what that player could see (hindsight lines: with every card known)."
    ]
    for hand in review.hands:
        lines.append("")
        lines.extend(hand_text(hand, details, names))
    for seat in review.seats:
        rows = review.summary(seat)
        if rows:
            lines.append("")
            lines.append(f"{names[seat]}: points lost by kind of decision")
            lines.extend("  " + line for line in summary_lines(rows))
    return "\n".join(lines)
