"""Results in words: a hand's ("South made trump, took 3 tricks: South/North score 1."), told
to one side ("We were euchred with 2 tricks: they score 2 points"), the game's, and the
headlines over the table's summary."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import HandResult, Outcome, Seat
from .cards import SEAT_NAMES, TEAM_NAMES, plural


def hand_result(result: HandResult, names: Sequence[str] = SEAT_NAMES, teams: Sequence[str] = TEAM_NAMES) -> str:
    """The end-of-hand sentence: "South made trump, took 3 tricks: South/North score 1."; with
    players' ``names`` and ``teams`` ("we", "they"): "Nell made trump, took 3 tricks: we score 1."."""
    if result.outcome is Outcome.PASSED_OUT:
        return "Everyone passed: the hand is thrown in."
    if result.outcome is Outcome.THROWN_IN:
        return "A farmer's hand was thrown in."
    if result.outcome is Outcome.MISDEAL:
        return "The joker was turned up: redeal."
    assert result.maker is not None
    made = f"{names[result.maker]} made trump" + (" and went alone" if result.alone else "")
    if result.lone_defender is not None:
        made += f"; {names[result.lone_defender]} defended alone"
    taken = result.tricks[result.maker.team]
    points = max(result.points)
    team = teams[0] if result.scoring_team == 0 else teams[1]
    if result.outcome is Outcome.EUCHRE:
        what = f"euchred with {plural(taken, 'trick')}"
    elif result.outcome is Outcome.MARCH:
        what = "marched (all 5 tricks)"
    else:
        what = f"took {taken} tricks"
    return f"{made}, {what}: {team} score {points}."


def team_result(result: HandResult, team: int) -> str:
    """The hand's result told to one side: "We made 3 tricks: 1 point", "They were euchred:
    we score 2 points"."""
    if not result.outcome.scored:
        return hand_result(result)
    assert result.maker is not None
    makers = result.maker.team
    subject = "We" if makers == team else "They"
    points = plural(max(result.points), "point")
    taken = result.tricks[makers]
    if result.outcome is Outcome.EUCHRE:
        scorers = "they" if makers == team else "we"
        return f"{subject} were euchred with {plural(taken, 'trick')}: {scorers} score {points}"
    if result.outcome is Outcome.MARCH:
        return f"{subject} took all 5 tricks: {points}"
    return f"{subject} made {taken} tricks: {points}"


def alone_sentence(result: HandResult, names: Sequence[str], you: Seat | None = None) -> str:
    """Who played alone in a finished hand: "Ed went alone", "You went alone; Nell defended
    alone"; "" when nobody did."""

    def who(seat: Seat) -> str:
        return "You" if seat is you else names[seat]

    parts = []
    if result.alone and result.maker is not None:
        parts.append(f"{who(result.maker)} went alone")
    if result.lone_defender is not None:
        parts.append(f"{who(result.lone_defender)} defended alone")
    return "; ".join(parts)


def game_result(winner: int, scores: tuple[int, int], team: int | None = None, slam: bool = False) -> str:
    """ "We win the game, 10 to 6" (``team``: the side the words are for), else by team names."""
    who = TEAM_NAMES[winner] + " win" if team is None else ("We win" if winner == team else "They win")
    slammed = " (a slam)" if slam else ""
    return f"{who} the game, {scores[winner]} to {scores[1 - winner]}{slammed}"


# titles over the table's end-of-hand summary
OUTCOME_HEADLINES = {
    Outcome.MARCH: "March!",
    Outcome.EUCHRE: "Euchred!",
    Outcome.MADE: "Made it",
    Outcome.PASSED_OUT: "Everyone passed",
    Outcome.THROWN_IN: "Thrown in",
    Outcome.MISDEAL: "Misdeal",
}


def game_headline(winner: int, slam: bool = False) -> str:
    """The title over the summary when the game is won, said to the team at this screen (0)."""
    if winner == 0:
        return "Slam! You win!" if slam else "You win the game!"
    return "Slam! They win" if slam else "They win the game"
