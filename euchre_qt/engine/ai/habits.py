"""Reading the opponents' card play by the habits of a plain, sensible player.

Most players (and every Novice) play by a few habits: the makers lead their best trump
holding the top one (or, having called, three trumps); otherwise an ace is led, else the
lowest side card. Following, a partner's winning trick gets the cheapest card; an
opponent's is taken as cheaply as possible (trumping in when void), and a trick that
cannot be won gets the cheapest card. Each play is read against those habits: a deal in
which the player held what would have made it play otherwise is ``STRAY`` times as
likely as one in which the play was the habitual one. Deviations are allowed, never
ruled out, so a player with other habits only blurs the picture.

Each read is a test on what the player held at the time of the play: its hand now in a
sampled deal plus the cards it played from then on.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum

from ..cards import Card, Rank, Seat, Suit
from ..tricks import winning_index
from ..view import SeatView
from .masks import STRONGER_THAN_ANY, TrumpCards, trump_tables

# How much less likely a deal is for each play it makes unhabitual. Stricter (0.03, 0.01)
# or looser (0.3), paired against Novice on 3,000 duplicate deals (seed 2601): -0.000,
# -0.001 and -0.009 points a hand, each +- 0.007..0.009 (docs/ai.md).
STRAY = 0.1
# The caller leads trump holding this many trumps, even without the top one.
CALLER_LEADS_TRUMP_WITH = 3


class TrumpLead(IntEnum):
    """How the makers' habit of leading trump (``leads_trump``) bears on a read of a lead."""

    NOTHING = 0
    AGAINST = 1  # the lead was habitual only if the seat would not have led trump
    OR_NO_SIDE_CARD = 2  # a trump led: habitual if the seat would lead trump, or had no side card


@dataclass(frozen=True, slots=True)
class HabitRead:
    """One play, read: ``fits(held)`` says whether it was habitual, had ``seat`` held
    ``held``: not if it held any of ``odd``, and as ``trump_lead`` says (a plain
    record, so the compiled core reads the plays too)."""

    seat: int
    held_after: int  # cards this seat played from this play on (the played card included)
    odd: int
    trump_lead: TrumpLead = TrumpLead.NOTHING
    trumps: int = 0  # for ``trump_lead``: the trumps, the top trump, the seat's
    top_bit: int = 0  # role and the side cards
    is_maker: bool = False
    plain: int = 0

    def fits(self, held: int) -> bool:
        if held & self.odd:
            return False
        if self.trump_lead is TrumpLead.NOTHING:
            return True
        leads = leads_trump(held, self.trumps, self.top_bit, self.is_maker)
        if self.trump_lead is TrumpLead.AGAINST:
            return not leads
        return leads or not held & self.plain


def leads_trump(held: int, trumps: int, top_bit: int, is_maker: bool) -> bool:
    """The makers' habit: lead trump holding the top one, or three as the caller."""
    return bool(held & trumps) and (
        bool(held & top_bit) or (is_maker and (held & trumps).bit_count() >= CALLER_LEADS_TRUMP_WITH)
    )


def habit_reads(view: SeatView, seats: Sequence[Seat]) -> list[HabitRead]:
    """A read for every play made by one of ``seats`` this hand."""
    trump = view.trump
    if trump is None or view.maker is None:
        return []
    masks = TrumpCards(trump, view.rules.joker)
    reads: list[HabitRead] = []
    for plays, later in tricks_newest_first(view):
        cards = [c for _, c in plays]
        for j, (seat, card) in enumerate(plays):
            if seat not in seats:
                continue
            if j == 0:
                read = _lead_read(masks, card, seat, view.maker, later[seat])
            else:
                read = _follow_read(masks, cards[:j], [s for s, _ in plays[:j]], card, seat, later[seat])
            if read is not None:
                reads.append(read)
    return reads


def tricks_newest_first(view: SeatView) -> Iterator[tuple[tuple[tuple[Seat, Card], ...], list[int]]]:
    """This hand's tricks (the one on the table first), each with the cards every seat
    played from that trick on: what it still held when it played to the trick."""
    tricks = [t.plays for t in view.tricks] + ([view.trick] if view.trick else [])
    later = [0, 0, 0, 0]
    for plays in reversed(tricks):
        for seat, card in plays:
            later[seat] |= 1 << card.index
        yield plays, later


def habit_likelihood(world: Sequence[int], reads: Sequence[HabitRead], stray: float = STRAY) -> float:
    likelihood = 1.0
    for read in reads:
        if not read.fits(world[read.seat] | read.held_after):
            likelihood *= stray
    return likelihood


def _lead_read(m: TrumpCards, card: Card, seat: Seat, maker: Seat, held_after: int) -> HabitRead | None:
    ours = seat.team == maker.team
    power = m.power[card.index]
    trumps = m.trumps

    def read(odd: int, trump_lead: TrumpLead = TrumpLead.NOTHING) -> HabitRead:
        top_bit = 1 << m.top.index
        return HabitRead(int(seat), held_after, odd, trump_lead, trumps, top_bit, seat is maker, m.plain)

    if m.suits[card.index] is m.trump:
        higher = trumps & ~m.below(trumps, power + 1)
        lower = m.below(trumps, power)
        return read(higher, TrumpLead.OR_NO_SIDE_CARD) if ours else read(m.plain | lower)
    if card.rank is Rank.ACE:
        return read(0, TrumpLead.AGAINST) if ours else None
    lower_side = m.where(lambda c: m.suits[c.index] is not m.trump and c.rank < card.rank)
    odd = m.plain_aces | lower_side
    return read(odd, TrumpLead.AGAINST) if ours else read(odd)


def _follow_read(
    m: TrumpCards, before: list[Card], seats: list[Seat], card: Card, seat: Seat, held_after: int
) -> HabitRead:
    trump, suits, power = m.trump, m.suits, m.power
    led = suits[before[0].index]
    best = winning_index(before, trump)
    mine = power[card.index]
    following = suits[card.index] is led
    # Cheapest first: side cards before trumps, low before high.
    cheaper = m.of_suit(led, below=mine) if following else _cheaper_anywhere(m, card)
    if seats[best] is seat.partner:
        odd = cheaper
    elif winning_index([*before, card], trump) == len(before):
        odd = m.below(_beaters(m, before[best], led, following), mine)  # a cheaper card would win too
    else:
        odd = _beaters(m, before[best], led, following) | cheaper
    return HabitRead(int(seat), held_after, odd)


def _beaters(m: TrumpCards, winning: Card, led: Suit | None, following: bool) -> int:
    """The cards that would take the trick from ``winning``: higher cards of the led
    suit for a player who can follow, higher trumps (or any) for a void one."""
    top = m.power[winning.index]
    winning_suit = m.suits[winning.index]
    if following:
        return m.of_suit(led, above=top) if winning_suit is led else 0
    return m.trumps & ~m.below(m.trumps, top + 1) if winning_suit is m.trump else m.trumps


def _cheaper_anywhere(m: TrumpCards, card: Card) -> int:
    """Cards a void player would throw before ``card``: side cards of lower rank, and
    for a trump, every side card and the lower trumps."""
    power = m.power[card.index]
    if m.suits[card.index] is m.trump:
        return m.plain | m.below(m.trumps, power)
    return m.below(m.plain, power)


class Habits:
    """The same habits as a way to play, for the solver: the card ``seat`` plays by
    habit from ``hand`` (a bitmask) with ``trick`` ((seat, card index) pairs) on the
    table. Ties (two aces to lead, two nines) go to the lower card index."""

    def __init__(self, trump: Suit, maker: Seat, joker: bool, seats: Sequence[Seat]) -> None:
        tables = trump_tables(trump)
        self.seats = frozenset(int(s) for s in seats)
        self.maker = int(maker)
        self.trump = int(trump)
        self.trumps, self.plain, self.plain_aces = tables.trumps, tables.plain, tables.plain_aces
        self.top_bit = 1 << TrumpCards(trump, joker).top.index
        self.power = tables.power
        self.suit_of = tables.suit_of
        self.suit_mask = tables.suit_mask

    def card(self, hand: int, trick: Sequence[tuple[int, int]], seat: int) -> int:
        power = self.power
        if not trick:
            trumps = hand & self.trumps
            ours = seat % 2 == self.maker % 2
            if ours and leads_trump(hand, self.trumps, self.top_bit, seat == self.maker):
                return self._extreme(trumps, highest=True)
            aces = hand & self.plain_aces
            if aces:
                return (aces & -aces).bit_length() - 1
            plain = hand & self.plain
            if plain:
                return self._extreme(plain, highest=False)
            return self._extreme(trumps, highest=ours)
        suit_of = self.suit_of
        led = suit_of[trick[0][1]]
        legal = hand & self.suit_mask[led] or hand
        winner, best = trick[0][0], -1
        for who, played in trick:
            if suit_of[played] in (led, self.trump) and power[played] > best:
                winner, best = who, power[played]
        if winner % 2 != seat % 2:
            beaters = 0
            rest = legal
            while rest:
                bit = rest & -rest
                rest ^= bit
                card = bit.bit_length() - 1
                if power[card] > best and suit_of[card] in (led, self.trump):
                    beaters |= bit
            if beaters:
                return self._extreme(beaters, highest=False)
        return self._extreme(legal, highest=False)

    def _extreme(self, mask: int, highest: bool) -> int:
        power = self.power
        chosen, chosen_power = -1, -1 if highest else STRONGER_THAN_ANY
        while mask:
            bit = mask & -mask
            mask ^= bit
            card = bit.bit_length() - 1
            if (power[card] > chosen_power) if highest else (power[card] < chosen_power):
                chosen, chosen_power = card, power[card]
        return chosen
