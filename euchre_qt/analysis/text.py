"""An analysis in words: a decision's grade and the better choice with its reason,
the hindsight line kept apart, and the summaries (for ``euchre-qt analyse`` and the review)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Action
from ..session.wording import SEAT_NAMES, describe_action, plural
from .grades import DecisionKind, Grade
from .results import DecisionReview, GameReview, HandReview, Hindsight, KindSummary


def say(action: Action) -> str:
    """A move as something to do, as everywhere else in the program."""
    return describe_action(action)


def points(value: float) -> str:
    return f"{value:+.2f}"


def reason(decision: DecisionReview) -> str:
    """Why the better choice is better, in a player's words with the judge's figures beside
    them (the game's chances at the score, and the points); for the best choice, why it is."""
    d = decision
    chosen, best = d.choice(d.chosen), d.choice(d.best)
    over = f"over {d.deals} deals that fit what could be seen"
    at = f"at {d.score[0]}-{d.score[1]}"
    if d.no_difference:
        text = (
            f"it made no difference: {_alike(d)} in each of the {d.deals} deals that fit what could be seen "
            f"({points(chosen.points)} points expected; {chances(chosen.chance)} to win the game {at})"
        )
    elif d.grade is Grade.BEST:
        # the hint's words carry its own figures, except a discard's
        figures = "" if "points expected" in d.why else f"{points(chosen.points)} points expected, "
        text = (
            f"{say(d.chosen)} was the best choice: {d.why or 'no other choice did better'}; "
            f"{figures}{chances(chosen.chance)} to win the game {at}"
        )
    elif d.grade is Grade.CLOSE:
        rival = d.choice(d.rival)
        text = (
            f"too close to call: {points(chosen.points)} points expected for {say(d.chosen)} against "
            f"{points(rival.points)} for {say(d.rival)}, a difference inside its own margin "
            f"(± {d.margin:.2f}) {over}"
        )
    else:
        why = f": {d.why}" if d.why else ""
        fewer = (
            " (fewer points, but at this score the game's chances are what count)"
            if best.points < chosen.points
            else ""
        )
        text = (
            f"{say(d.best)} was better{why}. {points(best.points)} points expected against "
            f"{points(chosen.points)} for {say(d.chosen)}; {chances(best.chance)} to win the game {at} "
            f"against {chances(chosen.chance)}{fewer}: a loss of {d.loss:.2f} ± {d.margin:.2f} points at "
            f"this score; it did better in {d.better_in} of {d.deals} deals that fit what could be seen"
        )
    if d.inferred:
        text += "; the record does not state this move (worked out from the play), so it is not counted"
    return text


def _alike(decision: DecisionReview) -> str:
    if decision.kind is DecisionKind.LEAD:
        return "whatever is led, the rest of the hand goes the same way"
    if decision.kind is DecisionKind.FOLLOW:
        return "whatever is played, the rest of the hand goes the same way"
    return "every choice scores the same"


def chances(chance: float) -> str:
    return f"{chance:.0%}"


def hindsight_line(decision: DecisionReview) -> str:
    """The hindsight line, worded so it is never mistaken for the grade: it is what the
    one real deal gave, which the player could not see."""
    line: Hindsight | None = decision.hindsight
    if line is None:
        return "" if decision.deal_known else "the record does not show every hand, so there is no hindsight"
    best = " or ".join(say(a) for a in line.best)
    graded = decision.grade not in (Grade.BEST, Grade.CLOSE)
    if decision.chosen in line.best:
        if graded:  # the real cards favoured the choice the grade faults
            lay = f": the cards favoured it this time; from what could be seen, {say(decision.best)} was the better bet"
        else:
            lay = "" if line.best_points >= 0 else ": the cards lay against your side"
        return (
            f"with every card known, nothing scored more than {say(decision.chosen)} ({points(line.best_points)}{lay})"
        )
    luck = "" if graded else ", though from what could be seen it was as good a bet"
    return (
        f"with every card known (which the player could not see), {best} would have scored "
        f"{points(line.best_points)} this time and {say(decision.chosen)} {points(line.chosen_points)}{luck}"
    )


def decision_line(decision: DecisionReview, names: Sequence[str] = SEAT_NAMES) -> str:
    """One line: who, what, the grade and the loss (at the score)."""
    graded = decision.grade not in (Grade.BEST, Grade.CLOSE)
    loss = f"  -{decision.loss:.2f}" if graded else ""
    note = "  (inferred move)" if decision.inferred else ""
    width = max(len(n) for n in names)
    who = names[decision.seat]
    return f"{who:{width}}  {decision.phase!s:9}  {say(decision.chosen):27} {decision.grade!s:10}{loss}{note}"


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
        if details:
            lines.append("         " + reason(decision))
        if details and (line := hindsight_line(decision)):
            lines.append("         hindsight: " + line)
    if not hand.decisions:
        lines.append("  (no decision to grade)")
    return lines


def game_text(review: GameReview, details: bool = True, names: Sequence[str] = SEAT_NAMES) -> str:
    """The whole analysis as text: each hand, then the summary per seat."""
    lines = [
        f"Decisions of {', '.join(names[s] for s in review.seats)}, each judged over {review.deals} deals "
        "that fit what that player could see, every player playing on at their best, and graded by what "
        "the points are worth at the score (hindsight lines: with every card known). A close call is "
        "a difference the deals cannot tell from none."
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
