"""Where one deal's cards were dealt, found by replaying the record's moves through the rules.

The record places the cards that were played; the rest (the kitty, an unseen discard, cards
still held when a record stops) are seated as stand-ins that contradict no void the play
revealed, and placed again when a later move shows them wrong.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..engine import (
    DEFEND_ALONE,
    PASS,
    Action,
    ActionKind,
    Card,
    Deal,
    HandState,
    IllegalActionError,
    Phase,
    Rank,
    Seat,
    Suit,
    discard,
    effective_suit,
    play,
)
from ..engine.cards import JOKER_DECK, STANDARD_DECK
from .record import Bower, DealRecord, EgnError, GameRecord, PlayedCard

_KITTY = 4  # the slot group after the four seats
_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class ResolvedDeal:
    """One deal of a record placed in hands: its cards, the moves the rules made of it, and
    ``problem`` when a move was refused (the moves stop before it)."""

    deal: Deal
    actions: tuple[Action, ...]
    finished: bool
    problem: str | None


def resolve_deal(record: GameRecord, number: int) -> ResolvedDeal:
    """Deal ``number`` of ``record`` alone, its stand-ins placed to fit every move it records."""
    resolved = DealReplay(record, number, record.deals[number]).run()
    return ResolvedDeal(resolved.deal, tuple(resolved.actions), resolved.finished, resolved.problem)


@dataclass(frozen=True, slots=True)
class _Resolved:
    deal: Deal
    actions: list[Action]
    finished: bool
    problem: str | None


class _Retry(Exception):
    """The stand-ins were placed wrongly for a move the record makes: place them again."""


class DealReplay:
    """Finds where the record's cards were dealt, by replaying its moves through the rules."""

    def __init__(self, record: GameRecord, number: int, deal: DealRecord) -> None:
        self.record = record
        self.number = number
        self.rec = deal
        self.rules = record.rules
        self.deck = JOKER_DECK if self.rules.joker else STANDARD_DECK
        # slots[seat][i] for the hands, slots[_KITTY] the kitty (up-card first); None: not known
        self.slots: list[list[Card | None]] = [list(hand) if hand else [None] * 5 for hand in deal.hands]
        self.slots.append([deal.up_card, *([None] * (len(self.deck) - 21))])
        self.voids: set[tuple[Seat, Suit | None]] = set()  # (seat, led suit) it could not follow
        self.trump: Suit | None = None  # the voids' trump, learnt in play
        # the dealer's slot whose card went out unseen as the discard: no void binds it
        self.discard_slot: int | None = None
        self.up_card_discarded = False  # learnt: the dealer's unseen discard was the up-card itself
        self._check_known_cards()

    def _check_known_cards(self) -> None:
        seen: set[Card] = set()
        for group in self.slots:
            for card in group:
                if card is None:
                    continue
                if card not in self.deck:
                    raise EgnError(f"deal {self.number + 1} has the card {card}, which is not in this deck")
                if card in seen:
                    raise EgnError(f"deal {self.number + 1} gives the card {card} to two places")
                seen.add(card)
        if any(len(group) != 5 for group in self.slots[:_KITTY]):
            raise EgnError(f"deal {self.number + 1} gives a hand that is not five cards")

    # --- placing the unknown cards --------------------------------------------

    def _placed(self) -> set[Card]:
        return {card for group in self.slots for card in group if card is not None}

    def _fill(self) -> list[list[Card]] | None:
        """Every slot with a card: the known ones, and stand-ins that break no revealed void."""
        placed = self._placed()
        spare = [card for card in self.deck if card not in placed]
        empty = [(g, i) for g, group in enumerate(self.slots) for i, card in enumerate(group) if card is None]

        dealer = self.rec.dealer

        def allowed(slot: int, card: Card) -> bool:
            group, index = empty[slot]
            if group == _KITTY or (group == dealer and index == self.discard_slot and not self.up_card_discarded):
                return True
            return (_SEATS[group], effective_suit(card, self.trump)) not in self.voids

        owner: dict[Card, int] = {}

        def seat_card(slot: int, tried: set[Card]) -> bool:  # an augmenting path (Kuhn's matching)
            for card in spare:  # a free card first: with few voids that is all it takes
                if card not in owner and card not in tried and allowed(slot, card):
                    owner[card] = slot
                    return True
            for card in spare:
                if card in tried or not allowed(slot, card):
                    continue
                tried.add(card)
                if seat_card(owner[card], tried):
                    owner[card] = slot
                    return True
            return False

        if not all(seat_card(slot, set()) for slot in range(len(empty))):
            return None
        filled = [list(group) for group in self.slots]
        for card, slot in owner.items():
            g, i = empty[slot]
            filled[g][i] = card
        return [[c for c in group if c is not None] for group in filled]

    # --- the moves -------------------------------------------------------------

    def run(self) -> _Resolved:
        # each retry places a played card for good or learns a void, so this settles quickly
        for _ in range(8 * len(self.deck)):
            filled = self._fill()
            if filled is None:  # a card placed since made the voids impossible: learn them again
                self.voids.clear()
                filled = self._fill()
            assert filled is not None  # with no voids every placement is allowed
            deal = Deal(self.rec.dealer, tuple(tuple(h) for h in filled[:_KITTY]), tuple(filled[_KITTY]))
            try:
                return self._with_unknown(self._walk(deal))
            except _Retry:
                continue
        return _Resolved(deal, [], False, f"Deal {self.number + 1}: the record's cards cannot be placed in any hands.")

    def _leader_problem(self, state: HandState) -> str:
        said, ruled = self.rec.first_leader, state.turn
        assert said is not None and ruled is not None
        names = self.record.players
        return (
            f"Deal {self.number + 1}: the record has {names[said] or said} ({said}) lead the first trick, "
            f"but the rules give the lead to {names[ruled] or ruled} ({ruled})."
        )

    def _walk(self, deal: Deal) -> _Resolved:
        rec = self.rec
        state = HandState.from_cards(self.rules, deal.dealer, deal.hands, deal.kitty)
        actions: list[Action] = []
        calls = iter(rec.calls)
        plays: Iterator[tuple[int, int, PlayedCard]] = (
            (t, i, card) for t, trick in enumerate(rec.tricks) for i, card in enumerate(trick)
        )
        pending_play: tuple[int, int, PlayedCard] | None = None
        while not state.is_over:
            phase = state.phase
            where = "the bidding"
            if phase is Phase.BIDDING_1 or phase is Phase.BIDDING_2:
                call = next(calls, None)
                if call is None:
                    break
                action = call
            elif phase is Phase.DISCARD:
                where = "the discard"
                if rec.discard is not None:
                    action = discard(rec.discard)
                elif rec.tricks or rec.discarded_unseen:  # the dealer discarded, unseen
                    action = self._unseen_discard(state, deal)
                else:
                    break
            elif phase is Phase.DEFEND:
                if not rec.tricks and not rec.defence_recorded:
                    break  # the record stops before the defenders said
                action = DEFEND_ALONE if state.turn is rec.lone_defender else PASS
            elif phase is Phase.PLAY:
                pending_play = next(plays, None)
                if pending_play is None:
                    break
                t, _, named = pending_play
                where = f"trick {t + 1}"
                if len(state.tricks) != t:
                    return self._stopped(deal, actions, self._trick_length_problem(t, state))
                if t == 0 and not state.trick and rec.first_leader not in (None, state.turn):
                    return self._stopped(deal, actions, self._leader_problem(state))
                card = _resolve_bower(named, state.trump)
                if card is None:
                    return self._stopped(deal, actions, f"Deal {self.number + 1}: {named} is named before trump.")
                action = play(card)
            else:  # a farmer's hand: EGN has no such move, and the reader refuses that rule
                return self._stopped(deal, actions, f"Deal {self.number + 1}: the record has no move for {phase}.")
            try:
                state = state.apply(action)
            except IllegalActionError as exc:
                self._place_for(state, action)  # raises _Retry when a stand-in was in the way
                return self._stopped(deal, actions, self._word(state, action, where, exc))
            actions.append(action)
        leftover_call = next(calls, None)
        if leftover_call is not None:
            return self._stopped(
                deal,
                actions,
                f"Deal {self.number + 1}: the record has the call '{leftover_call}' after the bidding ended.",
            )
        leftover = next(plays, None)
        if leftover is not None:
            return self._stopped(
                deal, actions, f"Deal {self.number + 1}: the record has cards played after the hand was over."
            )
        if rec.lone_defender is not None and state.lone_defender is not rec.lone_defender and state.phase is Phase.PLAY:
            return self._stopped(
                deal,
                actions,
                f"Deal {self.number + 1}: the record has {rec.lone_defender} defending alone, who was not a defender.",
            )
        return _Resolved(deal, actions, state.is_over, None)

    def _with_unknown(self, resolved: _Resolved) -> _Resolved:
        """Name the stand-ins: cards neither recorded nor played, unless they all lie in one
        place (the kitty's three when every hand is known are known cards)."""
        deal = resolved.deal
        known = self._placed() | {a.card for a in resolved.actions if a.kind is ActionKind.PLAY and a.card}
        if self.rec.discard is not None:
            known.add(self.rec.discard)
        groups = (*deal.hands, deal.kitty)
        unplaced = [(g, card) for g, group in enumerate(groups) for card in group if card not in known]
        if len({g for g, _ in unplaced}) < 2:
            return resolved
        unknown = frozenset(card for _, card in unplaced)
        return _Resolved(Deal(deal.dealer, deal.hands, deal.kitty, unknown), *_rest(resolved))

    def _stopped(self, deal: Deal, actions: list[Action], problem: str) -> _Resolved:
        return _Resolved(deal, actions, False, problem)

    def _trick_length_problem(self, t: int, state: HandState) -> str:
        players = 4 - len(state.sitting_out)
        if len(state.tricks) > t:
            return f"Deal {self.number + 1}, trick {t + 1}: the record has more than {players} cards in the trick."
        return f"Deal {self.number + 1}, trick {t}: the record has fewer than {players} cards in the trick."

    def _unseen_discard(self, state: HandState, deal: Deal) -> Action:
        """The record does not say what the dealer put away. When every trick is recorded, a
        known card the dealer holds and nobody plays was it; else the stand-in in one of the
        dealer's unknown slots (kept for the discard from now on); else a card nobody plays."""
        legal = state.legal_actions()
        if self.up_card_discarded and discard(self.rec.up_card) in legal:
            return discard(self.rec.up_card)
        later = {c for trick in self.rec.tricks for c in trick if isinstance(c, Card)}
        placed = self._placed()
        players = 4 - len(state.sitting_out)
        if len(self.rec.tricks) == 5 and all(len(trick) == players for trick in self.rec.tricks):
            known = [a for a in legal if a.card in placed and a.card not in later]
            if known:
                return known[0]
        dealer_slots = self.slots[state.dealer]
        if self.discard_slot is None:
            free = [i for i, card in enumerate(dealer_slots) if card is None]
            self.discard_slot = free[-1] if free else None
        if self.discard_slot is not None and dealer_slots[self.discard_slot] is None:
            action = discard(deal.hands[state.dealer][self.discard_slot])
            if action in legal:
                return action
        return next((a for a in legal if a.card not in later), legal[0])

    def _place_for(self, state: HandState, action: Action) -> None:
        """Where a refused move is only refused because of a stand-in, learn and retry."""
        seat, card = state.turn, action.card
        if seat is None or card is None or action.kind not in (ActionKind.PLAY, ActionKind.DISCARD):
            return
        placed = self._placed()
        held = state.hands[seat]
        if card not in held:
            free = [i for i, c in enumerate(self.slots[seat]) if c is None]
            free.sort(key=lambda i: i == self.discard_slot and seat is self.rec.dealer)
            if card not in placed and free:
                self.slots[seat][free[0]] = card
                raise _Retry
            return
        if action.kind is ActionKind.PLAY and state.trick:
            led = effective_suit(state.trick[0][1], state.trump)
            stand_ins = [c for c in held if c not in placed and effective_suit(c, state.trump) is led]
            up = self.rec.up_card
            if not stand_ins and self._may_have_discarded(seat) and effective_suit(up, state.trump) is led:
                self.up_card_discarded = True  # the dealer put the up-card away, unseen: it is not held
                raise _Retry
            if stand_ins and (seat, led) not in self.voids:
                self.trump = state.trump
                self.voids.add((seat, led))
                # a void holds from now on: the cards the seat played before it are its own, whatever their suit
                self._place_played(state, seat)
                if self._fill() is not None:
                    raise _Retry
                self.voids.discard((seat, led))  # the cards can only lie that way: a real renege

    def _may_have_discarded(self, seat: Seat) -> bool:
        return (
            seat is self.rec.dealer
            and self.rules.dealer_may_discard_up_card
            and self.rec.discard is None
            and not self.up_card_discarded
            and all(self.rec.up_card not in trick for trick in self.rec.tricks)  # (played: it was kept)
        )

    def _place_played(self, state: HandState, seat: Seat) -> None:
        placed = self._placed()
        plays = [*(play for trick in state.tricks for play in trick.plays), *state.trick]
        played = [card for who, card in plays if who is seat]
        for card in played:
            if card in placed or card == self.rec.up_card:
                continue
            free = [i for i, c in enumerate(self.slots[seat]) if c is None]
            free.sort(key=lambda i: i == self.discard_slot and seat is self.rec.dealer)
            if free:
                self.slots[seat][free[0]] = card

    def _word(self, state: HandState, action: Action, where: str, exc: IllegalActionError) -> str:
        seat = state.turn
        who = f"{self.record.players[seat] or seat} ({seat})" if seat is not None else "nobody"
        reason = exc.reason
        card = action.card
        if action.kind is ActionKind.PLAY and card is not None and card not in state.hands[seat or 0]:
            earlier = next((n for n, trick in enumerate(state.tricks) if card in trick.cards), None)
            if earlier is not None:
                reason = f"{card} was already played in trick {earlier + 1}"
        return f"Deal {self.number + 1}, {where}: {who} {_verb(action)}, which the rules do not allow: {reason}."


def _rest(resolved: _Resolved) -> tuple[list[Action], bool, str | None]:
    return resolved.actions, resolved.finished, resolved.problem


def _verb(action: Action) -> str:
    if action.kind is ActionKind.PLAY:
        return f"plays {action.card}"
    if action.kind is ActionKind.DISCARD:
        return f"discards {action.card}"
    if action.kind is ActionKind.PASS:
        return "passes"
    if action.kind is ActionKind.ORDER_UP:
        return "orders up" + (" alone" if action.alone else "")
    if action.kind is ActionKind.CALL:
        return f"calls {action.suit.name.lower() if action.suit else '?'}" + (" alone" if action.alone else "")
    return str(action)


def _resolve_bower(card: PlayedCard, trump: Suit | None) -> Card | None:
    if isinstance(card, Card):
        return card
    if trump is None:
        return None
    return Card(trump if card is Bower.RIGHT else trump.same_colour, Rank.JACK)
