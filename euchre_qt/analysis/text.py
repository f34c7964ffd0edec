"""An analysis in words: a decision's grade and the better choice with its reason,
the hindsight line kept apart, and the summaries (for ``euchre-qt analyse`` and the review)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine.actions import Action
from ..engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from ..engine.cards import Suit
from ..engine.view import Phase
from ..session.wording import SEAT_NAMES, card_name, describe_action, describe_choice, listed, plural
from .grades import TIE, DecisionKind, Grade
from .results import DecisionReview, GameReview, HandReview, Hindsight, KindSummary


def say(action: Action, trump: Suit | None = None) -> str:
    """A move as something to do, as everywhere else in the program (a bower named so
    where ``trump`` is given)."""
    return describe_action(action, trump=trump)


def doing(action: Action, trump: Suit | None = None) -> str:
    """A move as a choice weighed against others: "playing the Nine of Hearts"."""
    return describe_choice(action, trump=trump)


def points(value: float) -> str:
    return f"{value:+.2f}"


def lost(loss: float) -> str:
    """A loss in hundredths, rounded down: a loss just under a grade's threshold (0.2996, an
    inaccuracy) must not read as the threshold itself (0.30, a mistake)."""
    return f"{math.floor(loss * 100 + 1e-9) / 100:.2f}"


def reason(decision: DecisionReview, trump: Suit | None = None) -> str:
    """Why the better choice is better, in a player's words with the judge's figures beside
    them (the points expected, and the game's chances at the score); for the best choice,
    why it is; for a close call, that the deals cannot tell the two apart. ``trump``: the
    hand's trump at the decision, where the caller knows it (bowers are then named so)."""
    d = decision
    chosen, best = d.choice(d.chosen), d.choice(d.best)
    at = f"at {d.score[0]}-{d.score[1]}"
    if d.no_difference:
        text = (
            f"It made no difference: {_alike(d)} in each of the {d.deals} deals that fit what could be seen "
            f"({points(chosen.points)} points expected; {chances(chosen.chance)} to win the game {at})"
        )
    elif d.grade is Grade.BEST:
        # the hint's words carry its own figures, except a discard's
        figures = "" if "points expected" in d.why else f"{points(chosen.points)} points expected, "
        text = (
            f"{sentence(doing(d.chosen, trump))} was the best choice: {d.why or 'no other choice did better'}; "
            f"{figures}{chances(chosen.chance)} to win the game {at}{_more_points_fewer_games(d, trump)}"
        )
    elif d.grade is Grade.CLOSE:
        rival = d.choice(d.rival)
        text = (
            f"Too close to call: the deals cannot tell these apart. {points(chosen.points)} points expected "
            f"for {doing(d.chosen, trump)} against {points(rival.points)} for {doing(d.rival, trump)} "
            f"({chances(chosen.chance)} and {chances(rival.chance)} to win the game {at}), a difference inside "
            f"its own margin (± {d.margin:.2f}) over {d.deals} deals that fit what could be seen"
        )
    else:
        why = f": {d.why}" if d.why else ""
        fewer = (
            " (fewer points, but at this score the game's chances are what count)"
            if best.points < chosen.points
            else ""
        )
        game = f"{chances(best.chance)} to win the game {at} against {chances(chosen.chance)}"
        # a bid's reason may state both figures already ("..., passing is worth -0.69")
        if points(best.points) in d.why and points(chosen.points) in d.why:
            figures = f"{sentence(game)} for {doing(d.chosen, trump)}"
        else:
            figures = (
                f"{points(best.points)} points expected against {points(chosen.points)} "
                f"for {doing(d.chosen, trump)}; {game}"
            )
        text = f"{sentence(doing(d.best, trump))} was better{why}. {figures}{fewer}: {loss_words(d)}"
    if d.inferred:
        text += "; the record does not state this move (worked out from the play), so it is not counted"
    return text


def loss_words(decision: DecisionReview) -> str:
    """A graded choice's loss against the better one, with its margin and how often the
    better one did better: what holds whatever the level of the points."""
    d = decision
    return (
        f"a loss of {lost(d.loss)} ± {d.margin:.2f} points at this score; it did better in {d.better_in} "
        f"of {d.deals} deals that fit what could be seen"
    )


def sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _more_points_fewer_games(decision: DecisionReview, trump: Suit | None = None) -> str:
    """Where the best choice's rival scores more points but wins the game less often (going
    alone at 8-9, where a partnership march wins the game as surely), say so."""
    chosen, rival = decision.choice(decision.chosen), decision.choice(decision.rival)
    if rival.points <= chosen.points + TIE or rival.chance >= chosen.chance:
        return ""
    return (
        f". {sentence(doing(rival.action, trump))} would score more points ({points(rival.points)}) but win the game "
        f"less often ({chances(rival.chance)}): at this score the game's chances are what count"
    )


def _alike(decision: DecisionReview) -> str:
    if decision.kind is DecisionKind.LEAD:
        return "whatever is led, the rest of the hand goes the same way"
    if decision.kind is DecisionKind.FOLLOW:
        return "whatever is played, the rest of the hand goes the same way"
    return "every choice scores the same"


def chances(chance: float) -> str:
    return f"{chance:.0%}"


def hindsight_line(decision: DecisionReview, trump: Suit | None = None) -> str:
    """The hindsight line, worded so it is never mistaken for the grade: it is what the
    one real deal gave, which the player could not see."""
    line: Hindsight | None = decision.hindsight
    if line is None:
        return "" if decision.deal_known else "the record does not show every hand, so there is no hindsight"
    best = " or ".join(doing(a, trump) for a in line.best)
    graded = decision.grade not in (Grade.BEST, Grade.CLOSE)
    if decision.chosen in line.best:
        against = "" if line.best_points >= 0 else ": the cards lay against your side"
        if graded and decision.best not in line.best:  # the real cards favoured the choice the grade faults
            better = doing(decision.best, trump)
            lay = f": the cards favoured it this time; from what could be seen, {better} was the better bet"
        elif graded:  # the better bet did no better on these cards: nothing to say for or against either
            lay = (
                f"{against or ':'} {'and ' if against else ''}{doing(decision.best, trump)} would have scored the same"
            )
        else:
            lay = against
        chosen = doing(decision.chosen, trump)
        return f"with every card known, nothing scored more than {chosen} ({points(line.best_points)}{lay})"
    luck = "" if graded else ", though from what could be seen it was as good a bet"
    return (
        f"with every card known (which the player could not see), {best} would have scored "
        f"{points(line.best_points)} this time and {doing(decision.chosen, trump)} {points(line.chosen_points)}{luck}"
    )


def decision_line(decision: DecisionReview, names: Sequence[str] = SEAT_NAMES) -> str:
    """One line: who, what kind of decision ("round 2", "lead", "following"), the move, the
    grade and the loss (at the score)."""
    graded = decision.grade not in (Grade.BEST, Grade.CLOSE)
    loss = f"  -{lost(decision.loss)}" if graded else ""
    note = "  (inferred move)" if decision.inferred else ""
    width = max(len(n) for n in names)
    who = names[decision.seat]
    bidding = decision.phase in (Phase.BIDDING_1, Phase.BIDDING_2)
    what = decision.phase if bidding else decision.kind
    card = decision.chosen.card
    move = say(decision.chosen) if card is None else card_name(card)
    return f"{who:{width}}  {what!s:12} {move:27} {decision.grade!s:10}{loss}{note}"


def graded(grade: Grade, count: int) -> str:
    """ "3 best", "1 mistake", "2 inaccuracies" """
    if count == 1 or grade in (Grade.BEST, Grade.GOOD, Grade.CLOSE):
        return f"{count} {grade}"
    return f"{count} {'inaccuracies' if grade is Grade.INACCURACY else f'{grade}s'}"


def summary_lines(rows: Sequence[KindSummary]) -> list[str]:
    """Points lost by decision kind, one line each, with the grades given."""
    lines = []
    for row in rows:
        grades = ", ".join(graded(g, n) for g, n in row.grades)
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


def habit_note(names: Sequence[str], plays: HowTheyPlay) -> str:
    """Which players the review takes to play as the Novice does, in a sentence ("" if none)."""
    by_habit = [names[s] for s in plays.by_habit()]
    if not by_habit:
        return ""
    return (
        f"{listed(by_habit)} {'is' if len(by_habit) == 1 else 'are'} graded as the Novice computer player plays "
        "(bidding by its point count; its cards by habit in some of the likely deals and at its best in the others, "
        "since players who cannot see the cards do not punish every habit); the others as players at their best."
    )


def game_text(
    review: GameReview, details: bool = True, names: Sequence[str] = SEAT_NAMES, plays: HowTheyPlay = EVERYONE_WELL
) -> str:
    """The whole analysis as text: each hand, then the summary per seat; ``plays``: how the
    judge took each seat to play, said in the header where a seat played by habit."""
    hindsight = " Hindsight lines: what the one real deal gave, with every card known." if details else ""
    by_habit = plays.by_habit()
    playing = "each player playing on as they play" if by_habit else "every player playing on at their best"
    note = habit_note(names, plays)
    habit = f" {note}" if note else ""
    lines = [
        f"Decisions of {', '.join(names[s] for s in review.seats)}, each judged over {review.deals} deals "
        f"(more where the grade was unsettled) that fit what that player could see, {playing}, and graded by "
        f"what the points are worth at the score.{habit} A close call is a difference the deals cannot tell "
        f"from none.{hindsight}"
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
