"""Novice (A1): a friendly computer player that a beginner can beat.

It bids by counting points, follows suit sensibly, leads its aces and helps its partner
in the obvious cases (it does not trump a trick its partner is winning, and plays low
under it), but it is short-sighted: it looks only at its own hand, the trick on the
table, trump, the maker and the up-card. It has no memory of the cards already played,
so it will lead a king into an ace that is still out, or keep a trump it no longer needs.

A little seeded randomness (``decision_rng``) jitters its bidding thresholds and breaks
ties, so it is not robotic, yet the same position always gets the same answer.

It counts a hand's points as ``point_count`` says.

It orders up or calls at about 5.5 points (the up-card counting half for its partner
or against it when an opponent deals), and defends alone (lone-defender rule) only at
about 10.5 holding the top trump. It goes alone as a club player would: with the top trump,
three trumps or more, and four tricks it can count on by itself (``sure_tricks``); under the
Canadian loner, where the dealer's partner may order up only alone, it orders up only then.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..actions import DEFEND_ALONE, PASS, THROW_IN, ActionKind, call, order_up, play
from ..cards import (
    JOKER,
    JOKER_DECK,
    STANDARD_DECK,
    Card,
    Rank,
    Suit,
    cards_text,
    effective_suit,
    is_trump,
    strength,
)
from ..tricks import winning_index
from ..view import Phase, SeatView
from .player import ComputerPlayer, Decision, decision_rng
from .point_count import hand_points, trump_value

BID_THRESHOLD = 5.5  # order up / call at this many points (give or take the jitter)
LONER_TRUMPS = 3  # go alone with at least this many trumps, the top one among them,
LONER_TRICKS = 4  # ... and this many tricks the hand can count on by itself
DEFEND_ALONE_THRESHOLD = 10.5  # lone defender (R7): only with a monster in trump
JITTER = 0.4  # thresholds move by up to this much either way, per decision
UP_CARD_SHARE = 0.5  # the up-card counts this much for (partner dealer) or against (opponent dealer)


def top_trump(trump: Suit, joker: bool) -> Card:
    """The highest card of the trump suit in this deck."""
    return JOKER if joker else Card(trump, Rank.JACK)


def sure_tricks(cards: Sequence[Card], trump: Suit, joker: bool) -> int:
    """The tricks a hand can count on playing alone: its unbroken run of trumps from the top,
    its other trumps when it holds four or more (the run draws the rest), its off-suit aces."""
    deck = JOKER_DECK if joker else STANDARD_DECK
    run = 0
    for card in sorted((c for c in deck if is_trump(c, trump)), key=lambda c: -strength(c, trump)):
        if card not in cards:
            break
        run += 1
    trumps = sum(1 for c in cards if is_trump(c, trump))
    aces = sum(1 for c in cards if c.rank is Rank.ACE and not is_trump(c, trump))
    return run + (trumps - run if trumps >= 4 else 0) + aces


def is_loner(cards: Sequence[Card], trump: Suit, joker: bool) -> bool:
    """A hand to go alone with: the top trump, enough trumps, enough sure tricks."""
    trumps = sum(1 for c in cards if is_trump(c, trump))
    return (
        top_trump(trump, joker) in cards and trumps >= LONER_TRUMPS and sure_tricks(cards, trump, joker) >= LONER_TRICKS
    )


def choose_discard(cards: Sequence[Card], trump: Suit, allowed: Sequence[Card]) -> Card:
    """The dealer's discard: short-suit itself with a low off-suit card, keep aces and trump.

    Preference: a non-ace off-suit card from the shortest suit (a singleton makes a void),
    lowest first; then an off-suit ace; a trump only if nothing else may go.
    """

    def key(card: Card) -> tuple[int, int, int]:
        if is_trump(card, trump):
            return (2, 0, strength(card, trump))
        if card.rank is Rank.ACE:
            return (1, 0, 0)
        suit = effective_suit(card, trump)
        length = sum(1 for c in cards if effective_suit(c, trump) is suit)
        return (0, length, int(card.rank))

    return min(allowed, key=key)


def _lowest(cards: Sequence[Card], trump: Suit | None) -> Card:
    """The cheapest card to give away: a plain card before a trump, low before high."""
    return min(cards, key=lambda c: (is_trump(c, trump), strength(c, trump)))


class NovicePlayer(ComputerPlayer):
    """Point-count bidding, simple sensible play, no memory. See the module notes."""

    name = "novice"
    bid_threshold = BID_THRESHOLD
    defend_alone_threshold = DEFEND_ALONE_THRESHOLD

    def decide(self, view: SeatView) -> Decision:
        legal = self.legal(view)
        rng = decision_rng(self.seed, view)
        phase = view.phase
        if phase is Phase.PLAY:
            return self._play(view, rng)
        if len(legal) == 1:
            return Decision(legal[0], "the only move")
        if phase is Phase.BIDDING_1:
            return self._bid_round_1(view, rng)
        if phase is Phase.BIDDING_2:
            return self._bid_round_2(view, rng)
        if phase is Phase.DISCARD:
            return self._discard(view)
        if phase is Phase.DEFEND:
            return self._defend(view, rng)
        if phase is Phase.FARMER:
            if THROW_IN in legal:
                return Decision(THROW_IN, "a farmer's hand: nothing but nines and tens, throw it in")
            return Decision(legal[0], "")
        return Decision(legal[0], "")

    # --- bidding -------------------------------------------------------------

    def _bid_round_1(self, view: SeatView, rng: random.Random) -> Decision:
        up = view.up_card
        trump = up.suit
        assert trump is not None  # a turned-up joker is a misdeal: no bidding
        seat, dealer = view.seat, view.dealer
        hand = view.hand
        if seat is dealer:
            six = (*hand, up)
            allowed = six if view.rules.dealer_may_discard_up_card else hand
            kept = list(six)
            kept.remove(choose_discard(six, trump, allowed))
            points = hand_points(kept, trump)
            alone_with: Sequence[Card] = kept
            where = f"picking up {up}"
        else:
            base = hand_points(hand, trump)
            share = UP_CARD_SHARE * trump_value(up, trump)
            alone_with = hand  # alone, a partner's up-card is not ours (the dealer sits out)
            if seat.partner is dealer:
                points = base + share
                where = f"partner picks up {up}"
            else:
                points = base - share
                where = f"the dealer picks up {up}"
        threshold = self.bid_threshold + rng.uniform(-JITTER, JITTER)
        if is_loner(alone_with, trump, view.rules.joker):
            tricks = sure_tricks(alone_with, trump, view.rules.joker)
            return Decision(order_up(alone=True), f"{tricks} sure tricks in {trump.name.lower()}: alone")
        if points >= threshold and order_up() in view.legal_actions:
            return Decision(order_up(), f"{points:.1f} points in {trump.name.lower()} ({where}): order up")
        if order_up() not in view.legal_actions:  # the Canadian loner: ordering up is going alone
            return Decision(PASS, f"{trump.name.lower()} is no hand to go alone with, as ordering up would be: pass")
        return Decision(PASS, f"only {points:.1f} points in {trump.name.lower()} ({where}): pass")

    def _bid_round_2(self, view: SeatView, rng: random.Random) -> Decision:
        legal = view.legal_actions
        callable_suits = [a.suit for a in legal if a.kind is ActionKind.CALL and not a.alone and a.suit is not None]
        scored = [(hand_points(view.hand, suit), rng.random(), suit) for suit in callable_suits]
        points, _, best = max(scored)
        threshold = self.bid_threshold + rng.uniform(-JITTER, JITTER)
        name = best.name.lower()
        if is_loner(view.hand, best, view.rules.joker) and call(best, alone=True) in legal:
            tricks = sure_tricks(view.hand, best, view.rules.joker)
            return Decision(call(best, alone=True), f"{tricks} sure tricks in {name}: call it alone")
        if points >= threshold or PASS not in legal:
            if PASS not in legal:
                return Decision(call(best), f"stuck as dealer: {name} is my best suit ({points:.1f} points)")
            return Decision(call(best), f"{points:.1f} points in {name}: call it")
        return Decision(PASS, f"best suit {name} has only {points:.1f} points: pass")

    def _discard(self, view: SeatView) -> Decision:
        trump = view.trump
        assert trump is not None
        allowed = [a.card for a in view.legal_actions if a.card is not None]
        card = choose_discard(view.hand, trump, allowed)
        if is_trump(card, trump):
            why = "all trump: the lowest goes"
        elif card.rank is Rank.ACE:
            why = "nothing but aces and trump: the cheapest ace goes"
        else:
            why = "short-suiting myself"
        return Decision(next(a for a in view.legal_actions if a.card is card), f"discard {card}: {why}")

    def _defend(self, view: SeatView, rng: random.Random) -> Decision:
        trump = view.trump
        assert trump is not None
        points = hand_points(view.hand, trump)
        threshold = self.defend_alone_threshold + rng.uniform(-JITTER, JITTER)
        if (
            DEFEND_ALONE in view.legal_actions
            and top_trump(trump, view.rules.joker) in view.hand
            and points >= threshold
        ):
            return Decision(DEFEND_ALONE, f"{points:.1f} points in their trump: defend alone")
        return Decision(PASS, "defend with my partner")

    # --- play ----------------------------------------------------------------

    def _play(self, view: SeatView, rng: random.Random) -> Decision:
        cards = [a.card for a in view.legal_actions if a.card is not None]
        if len(cards) == 1:
            return _play_decision(cards[0], "the only card I may play")
        if not view.trick:
            return self._lead(view, cards, rng)
        return self._follow(view, cards)

    def _lead(self, view: SeatView, cards: list[Card], rng: random.Random) -> Decision:
        trump = view.trump
        assert trump is not None
        seat = view.seat
        trumps = sorted((c for c in cards if is_trump(c, trump)), key=lambda c: -strength(c, trump))
        plain = [c for c in cards if not is_trump(c, trump)]
        our_trump = view.maker is not None and view.maker.team == seat.team
        top = top_trump(trump, view.rules.joker)
        if our_trump and trumps and (trumps[0] is top or (view.maker is seat and len(trumps) >= 3)):
            return _play_decision(trumps[0], "we made trump: lead my best trump")
        aces = [c for c in plain if c.rank is Rank.ACE]
        if aces:
            return _play_decision(rng.choice(aces), "lead an ace")
        if plain:
            low = min(int(c.rank) for c in plain)
            return _play_decision(rng.choice([c for c in plain if c.rank == low]), "lead a low card")
        if our_trump:
            return _play_decision(trumps[0], "only trump left: lead the best")
        return _play_decision(trumps[-1], "only trump left: lead the lowest")

    def _follow(self, view: SeatView, cards: list[Card]) -> Decision:
        trump = view.trump
        assert trump is not None
        seat = view.seat
        table = [c for _, c in view.trick]
        winner = view.trick[winning_index(table, trump)][0]
        led = effective_suit(table[0], trump)
        following = effective_suit(cards[0], trump) is led and any(effective_suit(c, trump) is led for c in view.hand)
        if winner is seat.partner:
            card = _lowest(cards, trump)
            return _play_decision(
                card, "partner is winning: play low" if following else "partner is winning: throw off"
            )
        beaters = [c for c in cards if winning_index([*table, c], trump) == len(table)]
        if beaters:
            card = min(beaters, key=lambda c: strength(c, trump))
            if is_trump(card, trump) and not following:
                return _play_decision(card, "trump it")
            return _play_decision(card, "take the trick as cheaply as I can")
        return _play_decision(_lowest(cards, trump), "cannot win it: play low")


def _play_decision(card: Card, reason: str) -> Decision:
    return Decision(play(card), reason)


def describe_points(cards: Sequence[Card]) -> str:
    """A one-line summary of a hand's point count in each suit (for curious players and tests)."""
    return f"{cards_text(cards)}: " + ", ".join(f"{s.letter} {hand_points(cards, s):.2f}" for s in Suit)


__all__ = ["NovicePlayer", "choose_discard", "describe_points", "is_loner", "sure_tricks"]
