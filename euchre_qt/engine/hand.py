"""One deal of Euchre as a state machine.

``HandState.deal(...)`` or ``HandState.from_text(...)`` gives the first state; each
``apply(action)`` returns the next state and leaves the old one as it was. Ask
``legal_actions()`` and ``turn`` what may happen next, ``view(seat)`` for what a seat
may know, and ``result`` once the hand is over.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import actions as act
from . import legality
from .actions import Action, ActionKind
from .cards import (
    JOKER_DECK,
    STANDARD_DECK,
    Card,
    Rank,
    Seat,
    Suit,
    cards_text,
)
from .deal_text import check_deal, parse_deal
from .rules import FarmersHand, Rules
from .scoring import (
    DOUBLED_EUCHRE_POINTS,
    EUCHRE_POINTS,
    LONE_MARCH_POINTS,
    MADE_POINTS,
    MARCH_POINTS,
    TRICKS_PER_HAND,
    TRICKS_TO_MAKE,
    HandResult,
    Outcome,
)
from .tricks import Trick, winning_index
from .view import Phase, SeatView

SEATS = tuple(Seat)


def is_farmers_hand(cards: Sequence[Card], variant: FarmersHand) -> bool:
    """R13: only 9s and 10s (ace-no-face: or 9s and 10s with one ace)."""
    if variant is FarmersHand.OFF:
        return False
    low = sum(1 for c in cards if c.rank is Rank.NINE or c.rank is Rank.TEN)
    aces = sum(1 for c in cards if c.rank is Rank.ACE)
    if low == len(cards):
        return True
    return variant is FarmersHand.ACE_NO_FACE and aces == 1 and low == len(cards) - 1


def opening_leader(
    rules: Rules, dealer: Seat, maker: Seat | None, alone: bool, sitting_out: Sequence[Seat] = ()
) -> Seat:
    """Who leads the first trick: the dealer's left, or with the lead-left-of-loner rule a
    lone maker's left; anyone sitting out is passed over."""
    seat = (maker if alone and maker is not None and rules.lead_left_of_loner else dealer).left
    while seat in sitting_out:
        seat = seat.left
    return seat


class HandState:
    """An immutable snapshot of one hand. Read its attributes; never assign them."""

    __slots__ = (
        "_legal",
        "alone",
        "bidding_round",
        "bids",
        "dealer",
        "discarded",
        "hands",
        "history",
        "kitty",
        "leader",
        "lone_defender",
        "maker",
        "phase",
        "result",
        "rules",
        "scores",
        "trick",
        "tricks",
        "tricks_won",
        "trump",
        "turn",
    )

    rules: Rules
    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]  # what each seat holds now
    kitty: tuple[Card, ...]  # undealt cards; kitty[0] is the up-card
    phase: Phase
    turn: Seat | None
    history: tuple[tuple[Seat, Action], ...]
    bids: tuple[tuple[Seat, Action, int], ...]  # round 1 and 2 bids and passes, with the round
    bidding_round: int
    trump: Suit | None
    maker: Seat | None
    alone: bool
    lone_defender: Seat | None
    discarded: Card | None
    leader: Seat | None
    trick: tuple[tuple[Seat, Card], ...]
    tricks: tuple[Trick, ...]
    tricks_won: tuple[int, int, int, int]
    result: HandResult | None
    scores: tuple[int, int]  # the game score before this hand, for the views
    _legal: tuple[Action, ...] | None

    # --- making a deal -------------------------------------------------------

    @classmethod
    def deal(
        cls,
        rules: Rules,
        dealer: Seat,
        rng: random.Random | int,
        scores: tuple[int, int] = (0, 0),
    ) -> HandState:
        """Shuffle and deal 5 each, starting at the dealer's left; turn the next card up."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        deck = list(JOKER_DECK if rules.joker else STANDARD_DECK)
        rng.shuffle(deck)
        hands: list[tuple[Card, ...]] = [()] * 4
        for i in range(4):
            seat = SEATS[(dealer + 1 + i) % 4]
            hands[seat] = tuple(deck[i * 5 : i * 5 + 5])
        return cls.from_cards(rules, dealer, hands, tuple(deck[20:]), scores)

    @classmethod
    def from_cards(
        cls,
        rules: Rules,
        dealer: Seat,
        hands: Sequence[Sequence[Card]],
        kitty: Sequence[Card],
        scores: tuple[int, int] = (0, 0),
    ) -> HandState:
        """A deal from explicit hands (indexed by seat) and kitty (up-card first)."""
        hands_t = tuple(tuple(h) for h in hands)
        kitty_t = tuple(kitty)
        check_deal(rules, hands_t, kitty_t)
        state = object.__new__(cls)
        state.rules = rules
        state.dealer = Seat(dealer)
        state.hands = hands_t
        state.kitty = kitty_t
        state.history = ()
        state.bids = ()
        state.bidding_round = 1
        state.trump = None
        state.maker = None
        state.alone = False
        state.lone_defender = None
        state.discarded = None
        state.leader = None
        state.trick = ()
        state.tricks = ()
        state.tricks_won = (0, 0, 0, 0)
        state.result = None
        state.scores = scores
        state._legal = None
        if kitty_t[0].is_joker:
            state._finish_without_play(Outcome.MISDEAL)
            return state
        farmer = state._next_farmer(after=None)
        if farmer is not None:
            state.phase, state.turn = Phase.FARMER, farmer
        else:
            state.phase, state.turn = Phase.BIDDING_1, state.dealer.left
        return state

    @classmethod
    def from_text(
        cls,
        text: str,
        dealer: Seat | str = Seat.EAST,
        rules: Rules | None = None,
        scores: tuple[int, int] = (0, 0),
    ) -> HandState:
        """A deal written like a card table, seats in order S W N E, then the kitty::

            HandState.from_text("S: JH JD AH KH QH  W: 9C TC JC QC KC  "
                                "N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS")

        The kitty's first card is the up-card; it may be omitted (the rest of the deck,
        in a fixed order, is used).
        """
        rules = rules or Rules()
        dealer_seat = Seat.parse(dealer) if isinstance(dealer, str) else dealer
        hands, kitty = parse_deal(text, rules)
        return cls.from_cards(rules, dealer_seat, hands, kitty, scores)

    # --- reading the state ---------------------------------------------------

    @property
    def up_card(self) -> Card:
        return self.kitty[0]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def sitting_out(self) -> tuple[Seat, ...]:
        out = []
        if self.alone and self.maker is not None:
            out.append(self.maker.partner)
        if self.lone_defender is not None:
            out.append(self.lone_defender.partner)
        return tuple(out)

    @property
    def up_card_taken(self) -> bool:
        """The dealer picked up the up-card: it was ordered, and not by a lone dealer's partner."""
        maker = self.maker
        return self.bidding_round == 1 and maker is not None and not (self.alone and maker.partner is self.dealer)

    @property
    def up_card_turned_down(self) -> bool:
        return self.bidding_round == 2

    def next_active(self, seat: Seat) -> Seat:
        """The next seat to the left that is playing this hand."""
        out = self.sitting_out
        nxt = SEATS[(seat + 1) % 4]
        while nxt in out:
            nxt = SEATS[(nxt + 1) % 4]
        return nxt

    def legal_actions(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._legal = legality.legal_actions(self)
        return legal

    def is_legal(self, action: Action) -> bool:
        return action in self.legal_actions()

    def view(self, seat: Seat, reveal: bool = False) -> SeatView:
        """What ``seat`` may know. ``reveal`` adds every hand ("They see all", A3)."""
        history = self.history
        if self.discarded is not None and seat is not self.dealer:
            hidden = act.Action(ActionKind.DISCARD)
            history = tuple((s, hidden if a.kind is ActionKind.DISCARD else a) for s, a in history)
        return SeatView(
            seat=seat,
            rules=self.rules,
            dealer=self.dealer,
            phase=self.phase,
            turn=self.turn,
            hand=self.hands[seat],
            up_card=self.up_card,
            up_card_taken=self.up_card_taken,
            up_card_turned_down=self.up_card_turned_down,
            history=history,
            bids=self.bids,
            trump=self.trump,
            maker=self.maker,
            alone=self.alone,
            lone_defender=self.lone_defender,
            sitting_out=self.sitting_out,
            tricks=self.tricks,
            trick=self.trick,
            leader=self.leader,
            tricks_won=self.tricks_won,
            discarded=self.discarded if seat is self.dealer else None,
            scores=self.scores,
            legal_actions=self.legal_actions() if self.turn is seat else (),
            revealed_hands=self.hands if reveal else None,
        )

    def __str__(self) -> str:
        hands = "  ".join(f"{s.letter}: {cards_text(self.hands[s])}" for s in SEATS)
        lines = [
            f"dealer {self.dealer.letter}, {self.phase}, turn {self.turn.letter if self.turn is not None else '-'}",
            f"{hands}  kitty: {cards_text(self.kitty)}",
        ]
        if self.trump is not None and self.maker is not None:
            lines.append(f"trump {self.trump.letter} by {self.maker.letter}" + (" alone" if self.alone else ""))
        lines.extend(str(t) for t in self.tricks)
        if self.result:
            lines.append(str(self.result))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<HandState {self.phase} turn={self.turn}>"

    # --- moving on -----------------------------------------------------------

    def apply(self, action: Action) -> HandState:
        """The state after the player whose turn it is makes ``action``."""
        if action not in self.legal_actions():
            raise legality.why_illegal(self, action)
        seat = self.turn
        assert seat is not None
        new = self._copy()
        new.history = (*self.history, (seat, action))
        kind = action.kind
        phase = self.phase
        if kind is ActionKind.PLAY:
            assert action.card is not None
            new._play(seat, action.card)
        elif phase is Phase.BIDDING_1 or phase is Phase.BIDDING_2:
            new._bid(seat, action)
        elif kind is ActionKind.DISCARD:
            assert action.card is not None
            new.hands = _without(self.hands, seat, action.card)
            new.discarded = action.card
            new._after_trump_made()
        elif phase is Phase.DEFEND:
            new._defend(seat, action)
        elif phase is Phase.FARMER:
            if kind is ActionKind.THROW_IN:
                new._finish_without_play(Outcome.THROWN_IN)
            else:
                farmer = new._next_farmer(after=seat)
                if farmer is not None:
                    new.turn = farmer
                else:
                    new.phase, new.turn = Phase.BIDDING_1, new.dealer.left
        return new

    def apply_all(self, moves: str | Sequence[Action]) -> HandState:
        """Apply several moves: actions, or text like ``"pass, order, discard 9C, JH"``."""
        if isinstance(moves, str):
            moves = [Action.parse(m) for m in moves.split(",") if m.strip()]
        state = self
        for move in moves:
            state = state.apply(move)
        return state

    # --- internals -----------------------------------------------------------

    def _copy(self) -> HandState:
        new = object.__new__(HandState)
        new.rules = self.rules
        new.dealer = self.dealer
        new.hands = self.hands
        new.kitty = self.kitty
        new.phase = self.phase
        new.turn = self.turn
        new.history = self.history
        new.bids = self.bids
        new.bidding_round = self.bidding_round
        new.trump = self.trump
        new.maker = self.maker
        new.alone = self.alone
        new.lone_defender = self.lone_defender
        new.discarded = self.discarded
        new.leader = self.leader
        new.trick = self.trick
        new.tricks = self.tricks
        new.tricks_won = self.tricks_won
        new.result = self.result
        new.scores = self.scores
        new._legal = None
        return new

    def _next_farmer(self, after: Seat | None) -> Seat | None:
        """The next holder of a farmer's hand after ``after``, going round from the
        dealer's left and ending with the dealer (``None``: from the start)."""
        variant = self.rules.farmers_hand
        if variant is FarmersHand.OFF:
            return None
        order = [SEATS[(self.dealer + i) % 4] for i in range(1, 5)]
        if after is not None:
            order = order[order.index(after) + 1 :]
        for seat in order:
            if is_farmers_hand(self.hands[seat], variant):
                return seat
        return None

    def _bid(self, seat: Seat, action: Action) -> None:
        self.bids = (*self.bids, (seat, action, self.bidding_round))
        if action.kind is ActionKind.PASS:
            if seat is not self.dealer:
                self.turn = seat.left
            elif self.phase is Phase.BIDDING_1:
                self.phase, self.turn, self.bidding_round = Phase.BIDDING_2, seat.left, 2
            else:
                self._finish_without_play(Outcome.PASSED_OUT)
            return
        self.maker = seat
        self.alone = action.alone
        if action.kind is ActionKind.CALL:
            self.trump = action.suit
            self._after_trump_made()
            return
        self.trump = self.up_card.suit
        if self.alone and seat.partner is self.dealer:
            self._after_trump_made()  # the dealer sits out and does not pick up
            return
        dealer = self.dealer
        hands = list(self.hands)
        hands[dealer] = (*hands[dealer], self.up_card)
        self.hands = tuple(hands)
        self.phase, self.turn = Phase.DISCARD, dealer

    def _after_trump_made(self) -> None:
        if self.rules.lone_defender:
            self.phase = Phase.DEFEND
            self.turn = self._defenders_in_order()[0]
        else:
            self._start_play()

    def _defenders_in_order(self) -> tuple[Seat, Seat]:
        assert self.maker is not None
        first = self.dealer.left
        if first.team == self.maker.team:
            first = first.left
        return first, first.partner

    def _defend(self, seat: Seat, action: Action) -> None:
        if action.kind is ActionKind.DEFEND_ALONE:
            self.lone_defender = seat
            self._start_play()
        elif seat is self._defenders_in_order()[0]:
            self.turn = seat.partner
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        self.leader = self.turn = opening_leader(self.rules, self.dealer, self.maker, self.alone, self.sitting_out)

    def _play(self, seat: Seat, card: Card) -> None:
        self.hands = _without(self.hands, seat, card)
        trick = (*self.trick, (seat, card))
        if len(trick) < 4 - len(self.sitting_out):
            self.trick = trick
            self.turn = self.next_active(seat)
            return
        winner = trick[winning_index([c for _, c in trick], self.trump)][0]
        assert self.leader is not None
        self.tricks = (*self.tricks, Trick(self.leader, trick, winner))
        won = list(self.tricks_won)
        won[winner] += 1
        self.tricks_won = (won[0], won[1], won[2], won[3])
        self.trick = ()
        self.leader = self.turn = winner
        if len(self.tricks) == TRICKS_PER_HAND:
            self._score()

    def _score(self) -> None:
        assert self.maker is not None
        makers = self.maker.team
        won = self.tricks_won
        by_team = (won[0] + won[2], won[1] + won[3])
        taken = by_team[makers]
        if taken == TRICKS_PER_HAND:
            outcome, points, team = Outcome.MARCH, LONE_MARCH_POINTS if self.alone else MARCH_POINTS, makers
        elif taken >= TRICKS_TO_MAKE:
            outcome, points, team = Outcome.MADE, MADE_POINTS, makers
        else:
            doubled = self.lone_defender is not None or (self.alone and self.rules.doubled_alone_euchre)
            outcome, points, team = Outcome.EUCHRE, DOUBLED_EUCHRE_POINTS if doubled else EUCHRE_POINTS, 1 - makers
        awarded = (points, 0) if team == 0 else (0, points)
        self.result = HandResult(outcome, self.maker, self.alone, self.lone_defender, by_team, awarded)
        self.phase, self.turn = Phase.OVER, None

    def _finish_without_play(self, outcome: Outcome) -> None:
        self.result = HandResult(outcome, None, False, None, (0, 0), (0, 0))
        self.phase, self.turn = Phase.OVER, None


def _without(hands: tuple[tuple[Card, ...], ...], seat: Seat, card: Card) -> tuple[tuple[Card, ...], ...]:
    held = hands[seat]
    i = held.index(card)
    new = list(hands)
    new[seat] = held[:i] + held[i + 1 :]
    return tuple(new)
