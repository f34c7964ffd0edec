"""Translate between our engine and OpenSpiel's Euchre (``pyspiel.load_game("euchre")``).

Two users: the differential test (OpenSpiel as the independent referee of our rules) and
the arena's ISMCTS player (``ismcts``: OpenSpiel's search playing at our table). OpenSpiel
(pip ``open-spiel``) is a test dependency only: nothing here imports it until a game is
loaded, and ``require_pyspiel`` says plainly what to install when it is missing.

Its conventions, checked by experiment against pyspiel 2.x (and its ``games/euchre/euchre.cc``):

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
  one move and does not let a sitting-out dealer pick up (``OpenSpielHand`` adds the
  missing steps). In the lone-defender phase it uses 29 (defend alone) and 30 (decline),
  asking the defenders from the dealer's left.
* Its rules: no joker, no farmer's hand, no doubled alone euchre, the dealer may never
  discard the up-card, the first trick is led from the dealer's left, no Canadian loner;
  stick the dealer (on unless told) and the lone defender (off unless told) are its two
  options (``OPENSPIEL_RULES`` is its default game; ``load_game`` refuses what it cannot play).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from types import ModuleType
from typing import Any, Protocol

from ..engine.actions import Action, ActionKind
from ..engine.cards import Card, Rank, Seat, Suit
from ..engine.hand import HandState
from ..engine.rules import RULE_OPTIONS, Rules
from ..engine.view import Phase

OS_PASS = 24
OS_TRUMP_BASE = 25  # + suit
OS_ALONE = 29
OS_WITH_PARTNER = 30

OPENSPIEL_RULES = Rules(stick_the_dealer=True, lone_defender=False, dealer_may_discard_up_card=False)
"""OpenSpiel's default Euchre in our terms (the target is ours: OpenSpiel plays single hands)."""

MISSING = (
    "OpenSpiel is not installed: it is a test dependency of euchre-qt "
    "(pip install open-spiel, or pip install -e '.[test]')"
)


class OpenSpielMissing(RuntimeError):
    """pyspiel cannot be imported."""


def require_pyspiel() -> ModuleType:
    """The ``pyspiel`` module, or ``OpenSpielMissing`` saying what to install."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError as exc:
        raise OpenSpielMissing(MISSING) from exc
    module: ModuleType = pyspiel
    return module


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


class ActionContext(Protocol):
    """What an action's OpenSpiel move depends on: the phase and the up card, as ours or a
    seat's view shows them (``HandState``, ``SeatView``)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def up_card(self) -> Card: ...


def os_action(context: ActionContext, action: Action) -> int:
    """The OpenSpiel move that ``action`` (legal in ``context``) starts with."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return OS_WITH_PARTNER if context.phase is Phase.DEFEND else OS_PASS
    if kind is ActionKind.ORDER_UP:
        assert context.up_card.suit is not None
        return os_trump(context.up_card.suit)
    if kind is ActionKind.CALL:
        assert action.suit is not None
        return os_trump(action.suit)
    if kind is ActionKind.DEFEND_ALONE:
        return OS_ALONE
    if kind is ActionKind.DISCARD or kind is ActionKind.PLAY:
        assert action.card is not None
        return os_card(action.card)
    raise ValueError(f"OpenSpiel has no move for {action}")


def rule_differences(rules: Rules, other: Rules) -> list[str]:
    """The options in which ``rules`` differ from ``other``, in words ("joker on"); the
    target does not count (OpenSpiel plays single hands)."""
    return [
        f"{option.label.lower()} {option.words(getattr(rules, option.name))}"
        for option in RULE_OPTIONS
        if option.name != "points_to_win" and getattr(rules, option.name) != getattr(other, option.name)
    ]


def openspiel_differences(rules: Rules) -> list[str]:
    """What of ``rules`` OpenSpiel cannot play (empty: it plays them all): its two options,
    stick the dealer and the lone defender, either way."""
    return rule_differences(
        rules, replace(OPENSPIEL_RULES, stick_the_dealer=rules.stick_the_dealer, lone_defender=rules.lone_defender)
    )


def load_game(rules: Rules) -> Any:
    """OpenSpiel's Euchre with the options ``rules`` shares with it; ``ValueError`` for
    rules it does not play, ``OpenSpielMissing`` without pyspiel."""
    unplayable = openspiel_differences(rules)
    if unplayable:
        raise ValueError(f"OpenSpiel does not play {', '.join(unplayable)} (rules: {rules.describe()})")
    params = {"allow_lone_defender": rules.lone_defender, "stick_the_dealer": rules.stick_the_dealer}
    return require_pyspiel().load_game("euchre", params)


def os_deal_cards(game: Any, dealer: Seat, hands: Sequence[Sequence[Card]], up_card: Card) -> Any:
    """A new OpenSpiel state after the chance moves that deal ``hands`` (five cards each,
    indexed by seat) and turn up ``up_card``."""
    state = game.new_initial_state()
    first = os_seat(dealer)
    state.apply_action(first)
    remaining = {seat: list(hands[seat]) for seat in Seat}
    for i in range(20):
        seat = our_seat((first + i) % 4)
        state.apply_action(os_card(remaining[seat].pop()))
    state.apply_action(os_card(up_card))
    return state


def os_deal(game: Any, hand: HandState) -> Any:
    """A new OpenSpiel state after the chance moves that give ``hand``'s deal."""
    return os_deal_cards(game, hand.dealer, hand.hands, hand.up_card)


class BridgeError(AssertionError):
    """OpenSpiel's hand did not go as ours: different rules, or a bug in one of the two."""


class OpenSpielHand:
    """An OpenSpiel state kept in step with a hand of ours, one of our moves at a time.

    Ours folds "alone?" into the bid and lets no sitting-out dealer pick up; OpenSpiel asks
    "alone?" after the bid and after the dealer's discard, and its dealer discards even when
    his partner goes alone. ``apply`` adds those steps: a dealer sitting out discards
    ``sit_out_discard`` (any of his cards: they never come into play), and a bid's "alone"
    answer waits for the discard where OpenSpiel has one.
    """

    def __init__(self, state: Any, dealer: Seat, up_card: Card) -> None:
        self.state = state
        self.dealer = dealer
        self.up_card = up_card
        self._owed: tuple[Seat, bool] | None = None  # the maker's "alone?" answer, after the discard

    @classmethod
    def deal(cls, game: Any, dealer: Seat, hands: Sequence[Sequence[Card]], up_card: Card) -> OpenSpielHand:
        return cls(os_deal_cards(game, dealer, hands, up_card), dealer, up_card)

    def to_move(self) -> Seat:
        return our_seat(self.state.current_player())

    def _apply(self, move: int, what: str) -> None:
        if move not in self.state.legal_actions():
            raise BridgeError(f"OpenSpiel does not allow {what} ({move}) now: {self.state.legal_actions()}")
        self.state.apply_action(move)

    def _answer_alone(self, maker: Seat, alone: bool) -> None:
        if sorted(self.state.legal_actions()) != [OS_ALONE, OS_WITH_PARTNER]:
            raise BridgeError(f"OpenSpiel does not ask 'alone?': {self.state.legal_actions()}")
        if self.to_move() is not maker:
            raise BridgeError(f"OpenSpiel asks {self.to_move()} 'alone?', not the maker {maker}")
        self.state.apply_action(OS_ALONE if alone else OS_WITH_PARTNER)

    def apply(self, seat: Seat, action: Action, discard: Card | None = None) -> None:
        """Our ``action`` by ``seat``; ``discard``: the card of a discard shown as
        ``discard ??`` (a seat's view of another's), for OpenSpiel wants one."""
        kind = action.kind
        if kind is not ActionKind.DISCARD and self.to_move() is not seat:
            raise BridgeError(f"{seat} moved ({action}), but OpenSpiel has {self.to_move()} to move")
        if kind is ActionKind.PASS:
            defending = OS_PASS not in self.state.legal_actions()
            self._apply(OS_WITH_PARTNER if defending else OS_PASS, str(action))
        elif kind is ActionKind.ORDER_UP:
            assert self.up_card.suit is not None
            self._apply(os_trump(self.up_card.suit), str(action))
            if action.alone and seat.partner is self.dealer:
                if self.to_move() is not self.dealer:
                    raise BridgeError("OpenSpiel's dealer is not asked to discard")
                self._apply(self.state.legal_actions()[0], "the sitting-out dealer's discard")
                self._answer_alone(seat, True)
            else:
                self._owed = (seat, action.alone)
        elif kind is ActionKind.CALL:
            assert action.suit is not None
            self._apply(os_trump(action.suit), str(action))
            self._answer_alone(seat, action.alone)
        elif kind is ActionKind.DISCARD:
            card = action.card or discard
            if card is None:
                raise BridgeError("a hidden discard needs its card")
            if self.to_move() is not self.dealer or self._owed is None:
                raise BridgeError("OpenSpiel's dealer is not asked to discard")
            self._apply(os_card(card), f"discard {card}")
            maker, alone = self._owed
            self._owed = None
            self._answer_alone(maker, alone)
        elif kind is ActionKind.DEFEND_ALONE:
            self._apply(OS_ALONE, str(action))
        elif kind is ActionKind.PLAY:
            assert action.card is not None
            self._apply(os_card(action.card), str(action))
        else:
            raise BridgeError(f"OpenSpiel has no move for {action}")
