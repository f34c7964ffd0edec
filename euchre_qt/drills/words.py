"""A drill in words: the position as the person sees it, and the verdict on a choice with
the why and the figures (worded as the review words a decision: ``analysis.text``)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from ..analysis.text import lost, points
from ..engine.actions import Action
from ..engine.cards import sort_hand
from ..engine.hand import HandState
from ..engine.view import Phase
from ..session.wording import (
    SEAT_NAMES,
    bids_fact,
    card_name,
    describe_action,
    describe_choice,
    last_trick_fact,
    listed,
    score_fact,
    your_turn,
)
from .drill import YOU, Drill
from .schedule import DrillProgress

NAMES = ("You", *SEAT_NAMES[1:])


def choice_text(drill: Drill, action: Action) -> str:
    """A choice as a button or a numbered line says it: "Order it up", "Play the Ace of Spades"."""
    words = describe_action(action, dealer=drill.dealer is YOU)
    return words[:1].upper() + words[1:]


def _doing(drill: Drill, action: Action) -> str:
    """A choice weighed against others, as the review words it ("picking it up", for the dealer)."""
    return describe_choice(action, dealer=drill.dealer is YOU)


def position_lines(drill: Drill) -> list[str]:
    """What South can see, a line a fact: the score and the contract, who deals, the
    up-card, the bids, the tricks played, the trick on the table, the hand, and the turn."""
    state = drill.state()
    rules = state.rules
    dealer = "You deal" if state.dealer is YOU else f"{NAMES[state.dealer]} deals"
    lines = [f"{drill.theme.label}. {score_fact(state.scores, rules.points_to_win, state, NAMES, YOU)}."]
    lines.append(f"{dealer}; your partner is North. {_up_card(state)}.")
    if state.bids:
        lines.append(f"Bidding: {bids_fact(state, NAMES, YOU)}.")
    for number, trick in enumerate(state.tricks, start=1):
        lines.append(f"Trick {number}: {last_trick_fact(trick, NAMES, YOU).removeprefix('Last trick: ')}.")
    if state.discarded is not None and state.dealer is YOU and state.phase is not Phase.DISCARD:
        lines.append(f"You discarded the {card_name(state.discarded)}.")
    held = sort_hand(state.hands[YOU], state.trump)
    lines.append(f"Your hand: {listed([card_name(c) for c in held])}.")
    lines.append(f"{your_turn(state, state.legal_actions(), NAMES, YOU)}.")
    return lines


def _up_card(state: HandState) -> str:
    up = card_name(state.up_card)
    if state.up_card_turned_down:
        return f"The {up} was turned down"
    if state.up_card_taken:
        return f"The dealer picked up the {up}"
    return f"The up-card is the {up}"


def verdict(drill: Drill, chosen: Action) -> str:
    """Right or wrong, and why, with the figures."""
    best = drill.figure(drill.answer)
    if chosen == drill.answer:
        return f"Right: {_doing(drill, chosen)} is the best choice here: {drill.why}."
    mine = drill.figure(chosen)
    better, worse = _doing(drill, drill.answer), _doing(drill, chosen)
    # a bid's reason may state both figures already ("..., passing is worth -0.69"), as in the review
    stated = points(best.points) in drill.why and points(mine.points) in drill.why
    against = "" if stated else f"{points(best.points)} points expected against {points(mine.points)} for {worse}: "
    return (
        f"Not the best: {better} was better: {drill.why}. {against}{lost(mine.behind)} ± {mine.margin:.2f} points "
        f"lost by {worse}; the better choice did better in {mine.better_in} of {drill.deals:,} deals that fit what "
        "you could see."
    )


def assumption(drill: Drill) -> str:
    """What the figures are and assume."""
    return (
        f"Figures: the hand's points for your side, expected over {drill.deals:,} deals of the unseen cards that "
        "fit what you could see, the rest of the hand played well by everyone (a level a learner may not reach; "
        "the difference between the choices is what holds)."
    )


def figure_lines(drill: Drill) -> list[str]:
    """Every choice with its figures, best first."""
    lines = []
    for f in drill.figures:
        behind = "best" if f.action == drill.answer else f"{lost(f.behind)} ± {f.margin:.2f} behind"
        lines.append(f"{choice_text(drill, f.action)}: {points(f.points)} ± {f.interval:.2f} points ({behind})")
    return lines


def progress_lines(progress: DrillProgress, drills: Sequence[Drill], today: date | None = None) -> list[str]:
    """The progress by theme, one line each (tried, learned, right ever and this week), and
    the last four weeks' answers."""
    today = today or date.today()
    rows = progress.by_theme(drills, today)
    lines = [f"Your drills ({progress.turn} answered):"]
    for row in rows:
        ever = f"{row.right} of {row.answered} right" if row.answered else "not tried yet"
        week = f"; this week {row.recent_right} of {row.recent_answered}" if row.recent_answered else ""
        lines.append(f"  {row.theme.label}: {row.tried} of {row.drills} tried, {row.learned} learned; {ever}{week}")
    weeks = progress.by_week(today)
    if any(given for _, _, given in weeks):
        said = ", ".join(f"{start:%d %b} {f'{right} of {given}' if given else 'none'}" for start, right, given in weeks)
        lines.append(f"  Right by week, the last four: {said}")
    return lines
