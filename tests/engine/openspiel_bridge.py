"""Translate between our engine and OpenSpiel's Euchre (``pyspiel.load_game("euchre")``).

OpenSpiel is the independent referee of the differential test. Its conventions, checked
by experiment against pyspiel 2.x (and its ``games/euchre/euchre.cc``):

* Seats N=0, E=1, S=2, W=3 (clockwise, like ours); ours are S=0, W=1, N=2, E=3, so
  ``os_seat = (our_seat + 2) % 4``. Both put S and N in team 0.
* A card is ``rank * 4 + suit``: suits C, D, H, S = 0..3 (our ``Suit`` order), ranks
  9, T, J, Q, K, A = 0..5.
* Chance: the first action picks the dealer, the next 20 deal card ``i`` to seat
  ``(dealer + i) % 4`` (the first card goes to the dealer), the last turns up the up-card.
* Moves: 24 pass, 25..28 name trump C/D/H/S (round 1 has only the up-card's suit: that is
  "order up"), 29 go alone, 30 play with partner; discards and plays are card numbers.
* OpenSpiel asks "alone?" *after* the bid and the dealer's discard, and the dealer
  discards even when his partner goes alone; ours makes "order alone" / "call H alone"
  one move and does not let a sitting-out dealer pick up. In the lone-defender phase it
  uses 29 (defend alone) and 30 (decline), asking the defenders from the dealer's left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from euchre_qt.engine import Action, ActionKind, Card, HandState, Phase, Rank, Rules, Seat, Suit

OS_PASS = 24
OS_TRUMP_BASE = 25  # + suit
OS_ALONE = 29
OS_WITH_PARTNER = 30


def os_seat(seat: Seat) -> int:
    return (int(seat) + 2) % 4


def our_seat(player: int) -> Seat:
    return Seat((player + 2) % 4)


def os_card(card: Card) -> int:
    assert card.suit is not None, "OpenSpiel has no joker"
    return (int(card.rank) - int(Rank.NINE)) * 4 + int(card.suit)


def our_card(number: int) -> Card:
    return Card(Suit(number % 4), Rank(number // 4 + int(Rank.NINE)))


def os_trump(suit: Suit) -> int:
    return OS_TRUMP_BASE + int(suit)


def os_action(state: HandState, action: Action) -> int:
    """The OpenSpiel move that ``action`` (legal in ``state``) starts with."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return OS_WITH_PARTNER if state.phase is Phase.DEFEND else OS_PASS
    if kind is ActionKind.ORDER_UP:
        assert state.up_card.suit is not None
        return os_trump(state.up_card.suit)
    if kind is ActionKind.CALL:
        assert action.suit is not None
        return os_trump(action.suit)
    if kind is ActionKind.DEFEND_ALONE:
        return OS_ALONE
    if kind is ActionKind.DISCARD or kind is ActionKind.PLAY:
        assert action.card is not None
        return os_card(action.card)
    raise ValueError(f"OpenSpiel has no move for {action}")


def load_game(rules: Rules) -> Any:
    """OpenSpiel's Euchre with the options ``rules`` shares with it."""
    if rules.joker or rules.farmers_hand.value != "off" or rules.doubled_alone_euchre:
        raise ValueError(f"OpenSpiel does not play these rules: {rules.describe()}")
    if rules.dealer_may_discard_up_card:
        raise ValueError("OpenSpiel never lets the dealer discard the up-card")
    params = {"allow_lone_defender": rules.lone_defender, "stick_the_dealer": rules.stick_the_dealer}
    return pyspiel.load_game("euchre", params)


def os_deal(game: Any, hand: HandState) -> Any:
    """A new OpenSpiel state after the chance moves that give ``hand``'s deal."""
    state = game.new_initial_state()
    dealer = os_seat(hand.dealer)
    state.apply_action(dealer)
    remaining = {seat: list(hand.hands[seat]) for seat in Seat}
    for i in range(20):
        seat = our_seat((dealer + i) % 4)
        state.apply_action(os_card(remaining[seat].pop()))
    state.apply_action(os_card(hand.up_card))
    return state


class Disagreement(AssertionError):
    pass


@dataclass
class Duel:
    """One hand played move by move in both engines, checking they agree at every step."""

    hand: HandState
    os_state: Any
    decisions: int = 0
    log: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, rules: Rules, hand: HandState, game: Any | None = None) -> Duel:
        return cls(hand, os_deal(game or load_game(rules), hand))

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
        after = before.apply(action)
        self.hand = after
        self.log.append(f"{before.turn.letter if before.turn else '?'} {action}")
        os_state = self.os_state
        os_state.apply_action(os_action(before, action))
        # OpenSpiel's extra steps that ours folds into one move (see the module doc).
        made_trump = action.kind in (ActionKind.ORDER_UP, ActionKind.CALL, ActionKind.DISCARD)
        if action.kind is ActionKind.ORDER_UP and after.phase is not Phase.DISCARD:
            # the dealer sits out his partner's loner: ours never picks up; OpenSpiel's does,
            # and the discard cannot matter, so any card will do
            if our_seat(os_state.current_player()) is not before.dealer:
                raise self.fail("OpenSpiel's dealer is not asked to discard")
            os_state.apply_action(os_state.legal_actions()[0])
        if made_trump and after.phase is not Phase.DISCARD:
            assert after.maker is not None
            if sorted(os_state.legal_actions()) != [OS_ALONE, OS_WITH_PARTNER]:
                raise self.fail(f"OpenSpiel does not ask 'alone?': {os_state.legal_actions()}")
            if our_seat(os_state.current_player()) is not after.maker:
                raise self.fail(f"OpenSpiel asks {our_seat(os_state.current_player())} 'alone?', not the maker")
            os_state.apply_action(OS_ALONE if after.alone else OS_WITH_PARTNER)

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
