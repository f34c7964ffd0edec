"""Play a deal again: the same cards in the same seats, from its start or from any move.

A game is its rules, its cards (dealt from its seed, or a record's own deals), its first
dealer and its moves (``Game.replay``), so the position before any move is restored
exactly by replaying the moves before it: the same deal, the
same score, the same bidding and tricks so far. ``replay_deal`` plays the rest of that
hand with the players given (the same computer players, or someone else in a seat, to
see what a different choice would have led to); ``compare`` says how two plays of one
deal differ.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action
from ..engine.ai.player import Player
from ..engine.cards import Card
from ..engine.game import Game, HandRecord
from ..engine.holdings import dealt_hands
from ..session.wording import hand_result

# A hand has at most a few dozen moves; a player that never finishes one is a bug.
_MAX_HAND_MOVES = 200


def position_before(game: Game, move: int) -> Game:
    """A new game at the moment before ``game.actions[move]`` was made (``move`` may be
    ``len(game.actions)``: the game as it stands)."""
    if not 0 <= move <= len(game.actions):
        raise ValueError(f"the game has moves 0 to {len(game.actions)}, not {move}")
    return Game.replay(
        game.rules,
        game.seed,
        game.first_dealer,
        game.actions[:move],
        deals=game.deals,
        start_scores=game.start_scores,
        first_deal=game.first_deal,
    )


def hand_start(game: Game, hand: int) -> int:
    """The index in ``game.actions`` of the first move of hand ``hand`` (an index into
    ``game.records``; ``len(game.records)`` is the hand under way)."""
    if 0 <= hand < len(game.records):
        return game.records[hand].first_action
    if hand == len(game.records) and not game.is_over:
        return len(game.actions) - len(game.hand_actions)
    raise ValueError(f"the game has no hand {hand}")


def hand_of_move(game: Game, move: int) -> int:
    """The hand (index into ``game.records``, or the hand under way) that ``move`` belongs to."""
    for index, record in enumerate(game.records):
        if record.first_action <= move < record.first_action + len(record.final.history):
            return index
    if not 0 <= move < len(game.actions):
        raise ValueError(f"the game has no move {move}")
    return len(game.records)


def play_out_hand(game: Game, players: Sequence[Player]) -> HandRecord:
    """Play ``game``'s current hand to its end with ``players`` (indexed by seat; each is
    shown only its seat's view) and return the finished hand. ``game`` moves on."""
    hands_before = len(game.records)
    for _ in range(_MAX_HAND_MOVES):
        if len(game.records) > hands_before:
            return game.records[hands_before]
        seat = game.turn
        if seat is None:
            break
        player = players[seat]
        game.apply(player.choose(game.view(seat, reveal=player.sees_all)))
    raise RuntimeError("the hand did not finish")


def replay_deal(game: Game, move: int, players: Sequence[Player], first: Action | None = None) -> HandRecord:
    """The hand that ``game.actions[move]`` belongs to, played again from just before that
    move: the moves before it as they were, then ``first`` (if given: a different choice
    to try) and the rest by ``players``."""
    again = position_before(game, move)
    if first is not None:
        finished = len(again.records)
        again.apply(first)  # raises IllegalActionError if it is not a legal choice there
        if len(again.records) > finished:  # that move ended the hand
            return again.records[finished]
    return play_out_hand(again, players)


@dataclass(frozen=True, slots=True)
class DealComparison:
    """Two plays of one deal, ``first`` and ``second``, side by side."""

    first: HandRecord
    second: HandRecord
    diverged_at: int | None  # the first move (index into the hand's moves) that differs; None: identical

    def gain(self, team: int) -> int:
        """What ``team`` (0 = South/North) scored in the second play more than in the first."""
        return self.second.result.points[team] - self.first.result.points[team]

    def describe(self, team: int = 0) -> str:
        """Two lines and a verdict, for people."""
        side = "South/North" if team == 0 else "West/East"
        gain = self.gain(team)
        if self.diverged_at is None:
            verdict = "played the same way both times"
        elif gain == 0:
            verdict = f"the same score for {side} both times"
        else:
            more = "more" if gain > 0 else "less"
            verdict = f"{side} scored {abs(gain)} point{'s' * (abs(gain) != 1)} {more} the second time"
        return f"First: {hand_result(self.first.result)}\nAgain: {hand_result(self.second.result)}\n{verdict}"


def compare(first: HandRecord, second: HandRecord) -> DealComparison:
    """How two plays of the same deal differ. ``ValueError`` if they are not the same deal."""
    a, b = first.final, second.final
    same = a.dealer is b.dealer and a.up_card == b.up_card and _as_sets(dealt_hands(a)) == _as_sets(dealt_hands(b))
    if not same:
        raise ValueError("these are not two plays of the same deal")
    moves_a, moves_b = a.history, b.history
    diverged = next((i for i, (x, y) in enumerate(zip(moves_a, moves_b, strict=False)) if x != y), None)
    if diverged is None and len(moves_a) != len(moves_b):
        diverged = min(len(moves_a), len(moves_b))
    return DealComparison(first, second, diverged)


def _as_sets(hands: tuple[tuple[Card, ...], ...]) -> tuple[frozenset[Card], ...]:
    return tuple(frozenset(h) for h in hands)
