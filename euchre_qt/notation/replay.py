"""Replay a ``GameRecord`` through the engine's rules, move by move.

A record rarely says where every card was: EGN writes down the cards played, not the
hands dealt, and never the kitty. The replay learns each seat's hand from the cards it
plays (the engine says whose turn it is, so a card's seat is the rules' answer, not a
guess). Cards the record never places (the kitty, a discard nobody saw, a sitting-out
partner's hand, cards still held when a record stops) are seated as stand-ins so the
rules can run, chosen so that no stand-in contradicts a void the play revealed; the
engine's ``Deal.unknown`` names them, and nothing shows them as known.

The first move the rules refuse ends the replay there, worded with the move and the rule.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine import (
    Action,
    ActionKind,
    Card,
    Deal,
    Game,
    HandState,
    Phase,
    Seat,
)
from ..engine.rules import OPTIONS_BY_NAME
from .deal_replay import DealReplay
from .record import SEED_GAME_ID, DealRecord, GameRecord

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Replay:
    """A record replayed: ``game`` holds every legal move; ``problem`` words the first refused one."""

    record: GameRecord
    game: Game
    problem: str | None = None
    warning: str | None = None  # what is odd about a record shown whole (it plays on past a win)

    def unknown(self, deal_number: int) -> frozenset[Card]:
        """The cards of a deal whose place the record does not say (shown as unknown)."""
        return self.game.dealt(deal_number).unknown

    def player(self, seat: Seat) -> str:
        return self.record.players[seat] or str(seat)

    def positions(self) -> list[ReplayedPosition]:
        """Every position of the replayed game in order: each deal as dealt, then after each move."""
        game = self.game
        hands = [record.final for record in game.records]
        if not game.out_of_deals and not game.is_over:
            hands.append(game.hand)
        found: list[ReplayedPosition] = []
        scores = game.start_scores
        for number, final in enumerate(hands):
            dealt = game.dealt(game.first_deal + number)
            state = HandState.from_cards(game.rules, dealt.dealer, dealt.hands, dealt.kitty, scores)
            found.append(ReplayedPosition(number, 0, state, None, ()))
            record = self.record.deals[number] if number < len(self.record.deals) else None
            for move, (seat, action) in enumerate(final.history, 1):
                notes = _notes_for(record, state, action) if record is not None else ()
                state = state.apply(action)
                found.append(ReplayedPosition(number, move, state, (seat, action), notes))
            if number < len(game.records):
                scores = game.records[number].scores_after
        return found


@dataclass(frozen=True, slots=True)
class ReplayedPosition:
    """One moment of a replayed game: ``hand`` after ``move`` moves of deal ``deal``."""

    deal: int
    move: int
    hand: HandState
    last: tuple[Seat, Action] | None  # the move just made
    notes: tuple[str, ...]  # the record's comments on that move


def _notes_for(record: DealRecord, before: HandState, action: Action) -> tuple[str, ...]:
    if action.kind is ActionKind.PLAY:
        return tuple(record.play_notes.get(len(before.tricks) * 4 + len(before.trick), ()))
    if before.phase is Phase.BIDDING_1 or before.phase is Phase.BIDDING_2:
        return tuple(record.call_notes.get(len(before.bids), ()))
    return ()


def replay(record: GameRecord) -> Replay:
    rules = record.rules
    deals: list[Deal] = []
    moves: list[list[Action]] = []
    problem: str | None = None
    for number, deal_record in enumerate(record.deals):
        resolved = DealReplay(record, number, deal_record).run()
        deals.append(resolved.deal)
        moves.append(resolved.actions)
        if resolved.problem is not None:
            problem = resolved.problem
            break
        if not resolved.finished and number + 1 < len(record.deals):
            problem = f"Deal {number + 1} stops before the hand is over, yet the record goes on to deal {number + 2}."
            break
    game = _dealt_here(record, deals, moves) or Game(rules, seed=0, deals=deals, start_scores=record.start_scores)
    warning: str | None = None
    won_before = _play(game, moves)
    if won_before is not None:
        # A tournament record may start from the wrong score, or play on after the game:
        # shown to its end as a game to more points, if one holds it, with a warning.
        at = f"{game.scores[0]}-{game.scores[1]}"
        said = f"The game was won at {at} before deal {won_before + 1}, yet the record goes on"
        longer = _played_on(record, deals, moves)
        if longer is None:
            problem = f"{said}."
        else:
            game = longer
            warning = f"{said}: shown to its end as a game to {game.rules.points_to_win} points."
    if problem is None and record.final_scores is not None and game.scores != record.final_scores:
        problem = (
            f"The record gives the final score as {record.final_scores[0]}-{record.final_scores[1]}, "
            f"but its moves score {game.scores[0]}-{game.scores[1]}."
        )
    if problem is not None:
        log.info("EGN replay stopped: %s", problem)
    return Replay(record, game, problem, warning)


def _play(game: Game, moves: Sequence[Sequence[Action]]) -> int | None:
    """Apply the record's moves; the deal before which the game was already won, if it goes on."""
    for number, actions in enumerate(moves):
        if game.is_over and actions:
            return number
        for action in actions:
            game.apply(action)  # every one was checked against the same rules while resolving
    return None


def _played_on(record: GameRecord, deals: Sequence[Deal], moves: Sequence[Sequence[Action]]) -> Game | None:
    """The record's game played to the fewest points (up to the most the rules allow) at which
    no deal of it comes after the win; None if there are none."""
    target = record.rules.points_to_win
    for points in (p for p in OPTIONS_BY_NAME["points_to_win"].values if isinstance(p, int) and p > target):
        game = Game(replace(record.rules, points_to_win=points), 0, deals=deals, start_scores=record.start_scores)
        if _play(game, moves) is None:
            return game
    return None


def _dealt_here(record: GameRecord, deals: Sequence[Deal], moves: Sequence[Sequence[Action]]) -> Game | None:
    """The game of the seed in the record's game id (``SEED_GAME_ID``), not yet played, if its
    deals hold every card the record places where the record places it; else None."""
    prefix, _, _ = SEED_GAME_ID.partition("{")
    seed_text = record.game_id.removeprefix(prefix)
    if not record.game_id.startswith(prefix) or not seed_text.isdigit() or len(seed_text) > 20:
        return None

    def fresh() -> Game:
        return Game(record.rules, int(seed_text), deals[0].dealer, start_scores=record.start_scores)

    seeded = fresh()
    try:
        for number, (deal, actions) in enumerate(zip(deals, moves, strict=True)):
            dealt = seeded.dealt(number)
            same_hands = all(
                {c for c in ours if c not in deal.unknown} <= set(theirs)
                for ours, theirs in zip(deal.hands, dealt.hands, strict=True)
            )
            if deal.dealer is not dealt.dealer or deal.kitty[0] != dealt.kitty[0] or not same_hands:
                return None
            for action in actions:
                seeded.apply(action)
    except (ValueError, IndexError):  # a move that game does not allow, a deal it has not reached
        return None
    return fresh()


def seat_names(players: Sequence[str]) -> tuple[str, str, str, str]:
    names = [*players[:4], "", "", "", ""][:4]
    return (names[0], names[1], names[2], names[3])
