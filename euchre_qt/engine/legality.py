"""Which moves a hand allows, and why a move it does not allow is refused (in words and as a
``Why``). Read from any state of a hand (``HandInPlay``); ``HandState`` asks here."""

from __future__ import annotations

from typing import Protocol

from . import actions as act
from .actions import Action, ActionKind
from .cards import EFFECTIVE_SUIT, NO_TRUMP, Card, Seat, Suit, effective_suit
from .errors import IllegalActionError, Why
from .rules import Rules
from .view import Phase

# what each phase asks of the seat whose turn it is ("It is time to ...")
WANTED = {
    Phase.FARMER: "throw in the farmer's hand or pass",
    Phase.BIDDING_1: "pass or order up",
    Phase.BIDDING_2: "pass or call a suit",
    Phase.DISCARD: "discard a card",
    Phase.DEFEND: "defend alone or pass",
    Phase.PLAY: "play a card",
}


class HandInPlay(Protocol):
    """What the rules of a move read from a hand (``HandState`` has it all)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def dealer(self) -> Seat: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> Seat | None: ...
    @property
    def trump(self) -> Suit | None: ...
    @property
    def trick(self) -> tuple[tuple[Seat, Card], ...]: ...
    @property
    def up_card(self) -> Card: ...


def legal_actions(state: HandInPlay) -> tuple[Action, ...]:
    """The moves the seat whose turn it is may make."""
    phase = state.phase
    seat = state.turn
    if phase is Phase.OVER or seat is None:
        return ()
    hand = state.hands[seat]
    if phase is Phase.PLAY:
        if state.trick:
            suits = EFFECTIVE_SUIT[NO_TRUMP if state.trump is None else state.trump]
            led = suits[state.trick[0][1].index]
            follow = [c for c in hand if suits[c.index] is led]
            if follow:
                return tuple(act.play(c) for c in follow)
        return tuple(act.play(c) for c in hand)
    if phase is Phase.BIDDING_1:
        if state.rules.canadian_loner and seat is state.dealer.partner:
            return (act.PASS, act.order_up(alone=True))
        return (act.PASS, act.order_up(), act.order_up(alone=True))
    if phase is Phase.BIDDING_2:
        turned_down = state.up_card.suit
        calls = tuple(act.call(s, alone) for s in Suit if s is not turned_down for alone in (False, True))
        if state.rules.stick_the_dealer and seat is state.dealer:
            return calls
        return (act.PASS, *calls)
    if phase is Phase.DISCARD:
        up = state.up_card
        may_discard_up = state.rules.dealer_may_discard_up_card
        return tuple(act.discard(c) for c in hand if may_discard_up or c is not up)
    if phase is Phase.DEFEND:
        return (act.PASS, act.DEFEND_ALONE)
    return (act.PASS, act.THROW_IN)  # Phase.FARMER


def why_illegal(state: HandInPlay, action: Action) -> IllegalActionError:
    """Why ``action`` is not allowed here, in words and as a ``Why``."""
    if not isinstance(action, Action):
        return IllegalActionError(action, "that is not an action", Why.NOT_AN_ACTION)
    phase = state.phase
    if phase is Phase.OVER:
        return IllegalActionError(action, "the hand is over", Why.HAND_OVER)
    seat = state.turn
    assert seat is not None
    kind = action.kind
    wanted = WANTED[phase]
    if phase is Phase.PLAY and kind is ActionKind.PLAY and action.card is not None:
        if action.card not in state.hands[seat]:
            return IllegalActionError(action, f"{seat} does not hold {action.card}", Why.NOT_HELD)
        led = effective_suit(state.trick[0][1], state.trump)
        name = "trump" if led is state.trump else (led.name.lower() if led is not None else "the led suit")
        return IllegalActionError(action, f"{seat} must follow suit ({name})", Why.MUST_FOLLOW, led, led is state.trump)
    if phase is Phase.DISCARD and kind is ActionKind.DISCARD and action.card is not None:
        if action.card not in state.hands[seat]:
            return IllegalActionError(action, f"the dealer does not hold {action.card}", Why.NOT_HELD)
        return IllegalActionError(action, "the up-card may not be discarded (house rule)", Why.KEEP_UP_CARD)
    if phase is Phase.BIDDING_1 and kind is ActionKind.ORDER_UP and not action.alone:
        return IllegalActionError(
            action, "Canadian loner: the dealer's partner who orders up must go alone", Why.MUST_GO_ALONE
        )
    if phase is Phase.BIDDING_2 and kind is ActionKind.CALL:
        return IllegalActionError(
            action, f"{action.suit} was turned down and cannot be called", Why.TURNED_DOWN, action.suit
        )
    if phase is Phase.BIDDING_2 and kind is ActionKind.PASS:
        return IllegalActionError(action, "stick the dealer: the dealer must name trump", Why.MUST_CALL)
    return IllegalActionError(action, f"it is {seat}'s turn to {wanted}", Why.WRONG_MOVE)
