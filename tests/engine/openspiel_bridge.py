"""The differential test's referee: one hand played move by move in our engine and in
OpenSpiel's Euchre, checking they agree at every step.

The translation between the two (seats, cards, moves, OpenSpiel's extra "alone?" and
discard steps, its rules) lives in the package, ``euchre_qt.tools.openspiel_bridge``,
which the arena's ISMCTS player shares; its notes say OpenSpiel's conventions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from euchre_qt.engine import Action, HandState, Rules, Seat
from euchre_qt.tools.openspiel_bridge import (
    BridgeError,
    OpenSpielHand,
    load_game,
    os_action,
    os_deal,
    os_seat,
    our_seat,
)


class Disagreement(AssertionError):
    pass


@dataclass
class Duel:
    """One hand played move by move in both engines, checking they agree at every step."""

    hand: HandState
    mirror: OpenSpielHand
    decisions: int = 0
    log: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, rules: Rules, hand: HandState, game: Any | None = None) -> Duel:
        return cls(hand, OpenSpielHand(os_deal(game or load_game(rules), hand), hand.dealer, hand.up_card))

    @property
    def os_state(self) -> Any:
        return self.mirror.state

    def fail(self, what: str) -> Disagreement:
        return Disagreement(
            f"{what}\nmoves so far: {', '.join(self.log)}\nours:\n{self.hand}\nOpenSpiel:\n{self.os_state}"
        )

    def check_decision(self) -> None:
        """Same player to move, and the same choices once ours are projected onto theirs."""
        hand, os_state = self.hand, self.os_state
        if os_state.is_terminal():
            raise self.fail("OpenSpiel's hand is over, ours is not")
        if our_seat(os_state.current_player()) is not hand.turn:
            raise self.fail(f"to move: ours {hand.turn}, OpenSpiel's {our_seat(os_state.current_player())}")
        ours = sorted({os_action(hand, a) for a in hand.legal_actions()})
        theirs = sorted(os_state.legal_actions())
        if ours != theirs:
            raise self.fail(f"legal moves differ: ours {ours} {hand.legal_actions()}, OpenSpiel's {theirs}")
        self.decisions += 1

    def apply(self, action: Action) -> None:
        before = self.hand
        seat = before.turn
        assert seat is not None
        self.hand = before.apply(action)
        self.log.append(f"{seat.letter} {action}")
        try:
            self.mirror.apply(seat, action)
        except BridgeError as exc:
            raise self.fail(str(exc)) from exc

    def check_end(self) -> None:
        hand, os_state = self.hand, self.os_state
        if not os_state.is_terminal():
            raise self.fail("our hand is over, OpenSpiel's is not")
        assert hand.result is not None
        points = hand.result.points
        returns = os_state.returns()
        for seat in Seat:
            mine = points[seat.team] - points[1 - seat.team]
            if returns[os_seat(seat)] != mine:
                raise self.fail(
                    f"points differ for {seat}: ours {points} ({hand.result.outcome}), OpenSpiel's {returns}"
                )
        if hand.result.outcome.scored:
            os_winners = [our_seat(t.winner()) for t in os_state.tricks()]
            ours = [t.winner for t in hand.tricks]
            if os_winners != ours:
                raise self.fail(f"trick winners differ: ours {ours}, OpenSpiel's {os_winners}")


def play_duel(rules: Rules, hand: HandState, choose: Callable[[HandState], Action], game: Any | None = None) -> Duel:
    """Play ``hand`` to its end in both engines with ``choose`` picking our moves."""
    duel = Duel.start(rules, hand, game)
    while not duel.hand.is_over:
        duel.check_decision()
        duel.apply(choose(duel.hand))
    duel.check_end()
    return duel
