"""Deals of the unseen cards that agree with everything a seat knows.

Hard facts (counts, voids, the dealer's picked-up card) are never broken. Soft facts
weight the deals: a player who passed the up-card's suit is unlikely to hold a hand that
would have ordered it; the plays of a seat taken to play by habit (``how_they_play``: to the
Advanced player, its opponents) are read by a plain player's habits (``habits``: a low
side card led says no ace, a trick not taken says nothing to take it with); of one taken
to play well (its partner), by a few looser reads (a player who threw off rather than
trump an opponent's winning card is unlikely to hold a trump). Candidates are drawn uniformly
under the hard facts, then a few are chosen in proportion to how well they explain what
was seen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..actions import Action, ActionKind
from ..cards import EFFECTIVE_SUIT, NO_TRUMP, Rank, Seat, Suit
from ..tricks import winning_index
from ..view import SeatView
from .bidding_model import BidFactor, BidStyle, call_factor, likelihood, order_factor
from .core import COMPILED, compiled_bid_likelihoods, compiled_draw, compiled_weights, core_in_use
from .habits import HabitRead, habit_likelihood, habit_reads, tricks_newest_first
from .how_they_play import HowTheyPlay
from .knowledge import OUT, Knowledge, read_knowledge
from .masks import TrumpCards, cards_of

World = list[int]  # hand bitmask by seat, then the cards out of play (index ``knowledge.OUT``)


def sample_worlds(
    view: SeatView, knowledge: Knowledge, rng: random.Random, count: int, seating: HowTheyPlay | None = None
) -> list[World]:
    """``count`` deals drawn in proportion to how well they explain what was seen, each
    seat's bids and plays read as ``seating`` says it plays (by default as the Advanced
    player takes a table: ``HowTheyPlay.as_seen_by``).

    Candidates are drawn uniformly under the hard facts, ``POOL`` times as many as wanted
    when the others' bids or plays tell something, then ``count`` are drawn from them by
    weight, with replacement: a plausible deal may come back more than once (callers
    solve it once), and an implausible one rarely at all. Choosing without replacement
    from a small pool would force implausible deals in whenever the evidence is strong.
    The plays of a seat taken to play by habit are read by ``habits``, of one taken to
    play well by ``_play_likelihood``.
    """
    others_bid = [(int(s), a, r) for s, a, r in view.bids if int(s) != knowledge.seat]
    evidence = bool(others_bid or view.tricks or view.trick)
    pool = count * POOL if evidence else count
    worlds: list[World] = []
    for facts in (knowledge, *_relaxed(knowledge)):
        worlds = _UnseenCards(facts, view.trump).draw(rng, max(pool * 2, _MIN_TRIES), pool)
        if worlds:
            break
    if not evidence:
        return worlds[:count]
    me = Seat(knowledge.seat)
    table = HowTheyPlay.as_seen_by(me) if seating is None else seating
    others = tuple(s for s in Seat if s is not me)
    plays = _plays_to_read(view, table.playing_well(others))
    habitual = habit_reads(view, table.by_habit(others))
    bidding = _BidReader(view, knowledge, others_bid, table)
    return _resample(worlds, _weights(worlds, bidding.weights(worlds), plays, habitual, table.stray), count, rng)


def uniform_world(view: SeatView, rng: random.Random) -> World:
    """One deal of the unseen cards that fits every hard fact of ``view`` (counts, voids, the
    picked-up card), drawn as the candidates above are and weighed by nothing: for a player
    that reads nothing into the others' bids and plays (the arena's ISMCTS opponent).
    ``ValueError`` if none is found (the facts contradict each other)."""
    worlds = _UnseenCards(read_knowledge(view), view.trump).draw(rng, _UNIFORM_TRIES, 1)
    if not worlds:
        raise ValueError(f"no deal fits what {view.seat} has seen")
    return worlds[0]


_UNIFORM_TRIES = 10_000  # the true deal fits, so a draw is found long before: voids make few dead ends


# Candidates drawn per deal wanted, when there is evidence to weigh them by. 12 rather
# than 6: card play judged by real play-outs (12,640 decisions) gained +0.024 ± 0.030
# points a hand; the faster draw pays for it.
POOL = 12


def _resample(worlds: list[World], weights: list[float], count: int, rng: random.Random) -> list[World]:
    """``count`` draws by weight (systematic resampling: each world is taken about
    ``count * weight / total`` times, never far from it)."""
    total = sum(weights)
    if total <= 0.0:
        weights, total = [1.0] * len(worlds), float(len(worlds))
    step = total / count
    mark = rng.random() * step
    chosen: list[World] = []
    cumulative = 0.0
    for world, weight in zip(worlds, weights, strict=True):
        cumulative += weight
        while mark < cumulative and len(chosen) < count:
            chosen.append(world)
            mark += step
    return chosen or worlds[:count]


_MIN_TRIES = 24  # random placements to try before the facts are taken to be too tight


def _relaxed(k: Knowledge) -> tuple[Knowledge, Knowledge]:
    """Weaker facts, for when no deal fits them all: a "certain" fact can be wrong (the
    dealer may after all have discarded the card picked up), and a deal is needed anyway.
    First forget the voids, then also where anyone's cards are, but mine."""
    no_voids = replace(k, voids=(0, 0, 0, 0))
    holds = [h if s == k.seat else 0 for s, h in enumerate(k.holds)]
    need = [n if s == k.seat else n + k.holds[s].bit_count() for s, n in enumerate(k.need)]
    placed = k.holds[0] | k.holds[1] | k.holds[2] | k.holds[3]
    only_mine = replace(
        no_voids,
        holds=(holds[0], holds[1], holds[2], holds[3]),
        need=(need[0], need[1], need[2], need[3]),
        unknown=k.unknown | (placed & ~k.mine),
    )
    return no_voids, only_mine


class _UnseenCards:
    """Deals the unseen cards under one set of facts, uniformly among the ways they fit.

    A card of a suit some seat is void in has fewer places to go: those few are placed
    first, one at a time (where voids would otherwise paint us into a corner); the rest
    fit anywhere, so they are shuffled and cut by the room left, which is the same
    uniform draw at a third of the cost (drawing deals was most of the thinking time)."""

    def __init__(self, k: Knowledge, trump: Suit | None) -> None:
        suits = EFFECTIVE_SUIT[NO_TRUMP if trump is None else trump]
        self.holds = [k.holds[0], k.holds[1], k.holds[2], k.holds[3], 0]
        self.room = [k.need[0], k.need[1], k.need[2], k.need[3], k.out_count]
        self.free: list[int] = []
        self.constrained: list[tuple[int, list[int]]] = []  # (card, seats it may go to)
        for card in cards_of(k.unknown):
            suit = suits[card]
            bit = 1 << int(suit) if suit is not None else 0
            allowed = [s for s in range(4) if self.room[s] and not k.voids[s] & bit]
            if len(allowed) == sum(1 for s in range(4) if self.room[s]):
                self.free.append(card)
            else:
                self.constrained.append((card, allowed))

    def draw(self, rng: random.Random, tries: int, wanted: int) -> list[World]:
        """Up to ``wanted`` different deals, from at most ``tries`` attempts. The compiled
        core draws the very same deals (from a copy of the generator's state)."""
        if type(rng) is random.Random and core_in_use() == COMPILED:
            return compiled_draw(rng, self.holds, self.room, self.free, self.constrained, tries, wanted)
        candidates: dict[tuple[int, ...], World] = {}
        for _ in range(tries):
            world = self.deal(rng)
            if world is not None:
                candidates.setdefault(tuple(world), world)
            if len(candidates) >= wanted:
                break
        return list(candidates.values())

    def deal(self, rng: random.Random) -> World | None:
        world = list(self.holds)
        room = list(self.room)
        constrained = list(self.constrained)
        rng.shuffle(constrained)
        constrained.sort(key=lambda item: len(item[1]))
        for card, allowed in constrained:
            places = [s for s in allowed if room[s]]
            if room[OUT]:
                places.append(OUT)
            if not places:
                return None
            pick = rng.randrange(sum(room[s] for s in places))
            for s in places:
                pick -= room[s]
                if pick < 0:
                    break
            world[s] |= 1 << card
            room[s] -= 1
        if min(room) < 0 or sum(room) != len(self.free):
            return None
        free = list(self.free)
        rng.shuffle(free)
        start = 0
        for s, count in enumerate(room):
            for card in free[start : start + count]:
                world[s] |= 1 << card
            start += count
        return world


class _BidReader:
    """How likely the others' bids and passes were, had they held a deal's cards."""

    def __init__(self, view: SeatView, k: Knowledge, bids: list[tuple[int, Action, int]], seating: HowTheyPlay) -> None:
        self.k = k
        self.factors: dict[int, list[BidFactor]] = {}
        for seat, action, round_no in bids:
            self.factors.setdefault(seat, []).extend(
                _read_bid(view, Seat(seat), action, round_no, seating.style(Seat(seat)))
            )
        taken = view.up_card_taken
        # The dealer who took the up-card was dealt the rest of what it held.
        self.not_dealt = [1 << view.up_card.index if taken and s == view.dealer else 0 for s in range(4)]
        # Candidate deals share hands, more so late in a hand: read each hand once.
        self.known: dict[tuple[int, int], float] = {}

    def weights(self, worlds: Sequence[World]) -> list[float]:
        """The likelihood of each deal (the compiled core reads them all in one call)."""
        if core_in_use() == COMPILED:
            return compiled_bid_likelihoods(worlds, self.k.played_by, self.not_dealt, self.factors)
        return [self(world) for world in worlds]

    def __call__(self, world: World) -> float:
        result = 1.0
        for seat, factors in self.factors.items():
            dealt = (world[seat] | self.k.played_by[seat]) & ~self.not_dealt[seat]
            p = self.known.get((seat, dealt))
            if p is None:
                p = self.known[seat, dealt] = likelihood(dealt, factors)
            result *= p
        return result


def _read_bid(view: SeatView, seat: Seat, action: Action, round_no: int, style: BidStyle) -> list[BidFactor]:
    """A bid or pass as factors of the bidder's likelihood (``bidding_model.BidFactor``)."""
    up = view.up_card
    if round_no == 1:
        return [order_factor(up, seat, view.dealer, style, taken=action.kind is ActionKind.ORDER_UP)]
    if action.kind is ActionKind.CALL and action.suit is not None:
        return [call_factor(action.suit, style)]
    return [call_factor(suit, style, taken=False) for suit in Suit if suit is not up.suit]


# How much less likely a deal becomes for each play it makes look odd.
_KEPT_TRUMP = 0.25  # threw off instead of trumping an opponent's winning card
_KEPT_LOWER = 0.5  # lost a trick with a higher card than needed
_DUCKED = 0.4  # followed suit under an opponent's card it could have beaten in that suit
_KEPT_ACE = 0.5  # led a low card of a side suit while holding a side ace


@dataclass(frozen=True, slots=True)
class _Play:
    """A play that would look odd had ``seat`` then held any card of ``odd``."""

    seat: int
    held_after: int  # cards this seat played later in the hand (still held at this play)
    odd: int
    factor: float


def _plays_to_read(view: SeatView, seats: Sequence[Seat]) -> list[_Play]:
    """Every play by one of ``seats`` that tells something about what they held."""
    trump = view.trump
    if trump is None:
        return []
    masks = TrumpCards(trump, view.rules.joker)
    suits, power = masks.suits, masks.power
    read: list[_Play] = []
    for plays, later in tricks_newest_first(view):
        cards = [c for _, c in plays]
        led = suits[cards[0].index]
        leader, lead = plays[0]
        if leader in seats and led is not trump and lead.rank is not Rank.ACE:
            read.append(_Play(int(leader), later[leader] & ~(1 << lead.index), masks.plain_aces, _KEPT_ACE))
        for j in range(1, len(plays)):
            seat, card = plays[j]
            if seat not in seats:
                continue
            best = winning_index(cards[:j], trump)
            if plays[best][0] is seat.partner:
                continue  # partner winning: any card is a sensible play
            suit = suits[card.index]
            wins = winning_index(cards[: j + 1], trump) == j
            held_after = later[seat] & ~(1 << card.index)
            if suit is not led and suit is not trump:
                read.append(_Play(int(seat), held_after, masks.trumps, _KEPT_TRUMP))
            elif suit is led and not wins:
                read.append(_Play(int(seat), held_after, masks.of_suit(led, below=power[card.index]), _KEPT_LOWER))
                if suits[cards[best].index] is led:
                    read.append(
                        _Play(int(seat), held_after, masks.of_suit(led, above=power[cards[best].index]), _DUCKED)
                    )
    return read


def _weights(
    worlds: list[World], bids: list[float], plays: list[_Play], reads: list[HabitRead], stray: float
) -> list[float]:
    """How well each deal explains the bidding (``bids``), the good players' plays
    (``plays``) and the habit players' (``reads``, each unhabitual play ``stray`` times as likely)."""
    if core_in_use() == COMPILED:
        return compiled_weights(
            worlds,
            bids,
            [(p.seat, p.held_after, p.odd) for p in plays],
            [p.factor for p in plays],
            [(r.seat, r.held_after, r.odd, r.trump_lead, r.trumps, r.top_bit, r.is_maker, r.plain) for r in reads],
            stray,
        )
    return [
        b * _play_likelihood(w, plays) * habit_likelihood(w, reads, stray) for w, b in zip(worlds, bids, strict=True)
    ]


def _play_likelihood(world: World, plays: list[_Play]) -> float:
    """How natural the others' plays look, had they held these cards."""
    likelihood = 1.0
    for play in plays:
        if (world[play.seat] | play.held_after) & play.odd:  # what the seat still had after this play
            likelihood *= play.factor
    return likelihood
