"""What the card search makes of each opening lead, learned: a seed-free figure for the
opening lead's near-ties.

The opening lead is the decision the Advanced player disagrees with itself on most under
another seed: with fifteen cards unseen, the search's figures for two or three leads often
lie within the noise of the deals it drew, and which of them comes out on top is the luck
of the draw. This model gives each lead the figure the search would give it over very many
deals (3,840 a lead, four times the player's most), learned from the search's own figures
for tens of thousands of opening leads (``scripts/opening_values_data.py``, fitted by
``scripts/train_opening_values.py``). It sees what the leader sees: the hand, the up-card,
who dealt and who named trump in which round, going alone, the score. The player uses it
only among the cards its own search cannot tell apart (``AdvancedPlayer.opening_ties``):
no seed changes it, so the choice agrees with itself, and it is the search's own
preference, not a habit's.

Suits are read by their part in the hand (trump, the suit of trump's colour, then the
other two: the turned-down suit first, else the one the hand holds more of), so the model
learns a position once for all four trump suits. A small network (one hidden layer) in
plain Python: its weights are constants in ``opening_values_weights``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..cards import EFFECTIVE_SUIT, JOKER, JOKER_DECK, STANDARD_DECK, STRENGTH, Card, Rank, Suit
from ..view import SeatView
from .opening_values_weights import HIDDEN_BIAS, HIDDEN_WEIGHTS, OUTPUT_BIAS, OUTPUT_WEIGHTS

# Each suit's ranks in the order the model numbers its cards (trump's bowers first).
_TRUMP_ORDER = ("joker", "right", "left", Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)
_NEXT_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)
_OTHER_ORDER = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE)
CARDS = len(_TRUMP_ORDER) + len(_NEXT_ORDER) + 2 * len(_OTHER_ORDER)  # 25: the joker's deck
_SEATS = ("me", "my left", "partner", "my right")  # counted from the leader

# The inputs, in order: the hand and the up-card (a card each, numbered as above), then the
# facts of the position that are true or not, then the two scores (the weights were fitted to
# this order).
_FLAGS: tuple[tuple[str, Callable[[OpeningFacts], bool]], ...] = (
    ("the joker's deck", lambda f: f.joker),
    ("round 2", lambda f: f.round_two),
    *((f"maker: {who}", lambda f, s=seat: f.maker == s) for seat, who in enumerate(_SEATS)),
    *((f"dealer: {who}", lambda f, s=seat: f.dealer == s) for seat, who in enumerate(_SEATS)),
    ("alone", lambda f: f.alone),
    ("defending alone", lambda f: f.defending_alone),
    ("stuck dealer", lambda f: f.stuck_dealer),
)
_SCORES: tuple[tuple[str, Callable[[OpeningFacts], float]], ...] = (
    ("our score", lambda f: f.our_score),
    ("their score", lambda f: f.their_score),
)
INPUTS = 2 * CARDS + len(_FLAGS) + len(_SCORES)


class OpeningFacts(NamedTuple):
    """What the leader knows at the opening lead, as the model reads it (seats are counted
    from the leader: 0 the leader, 1 its left, 2 its partner, 3 its right)."""

    hand: tuple[Card, ...]
    up_card: Card
    joker: bool
    round_two: bool
    trump: Suit
    maker: int
    dealer: int
    alone: bool
    defending_alone: bool
    stuck_dealer: bool
    our_score: float  # as a share of the points to win
    their_score: float

    @classmethod
    def of(cls, view: SeatView) -> OpeningFacts | None:
        """The facts of ``view``'s opening lead; None if it is not the opening lead."""
        if view.trump is None or view.maker is None or view.tricks or view.trick:
            return None
        me = int(view.seat)
        round_two = view.up_card_turned_down
        maker = (int(view.maker) - me) % 4
        return cls(
            hand=view.hand,
            up_card=view.up_card,
            joker=view.rules.joker,
            round_two=round_two,
            trump=view.trump,
            maker=maker,
            dealer=(int(view.dealer) - me) % 4,
            alone=view.alone,
            defending_alone=view.lone_defender is view.seat,
            stuck_dealer=round_two and view.maker is view.dealer and view.rules.stick_the_dealer,
            our_score=view.our_score / view.rules.points_to_win,
            their_score=view.their_score / view.rules.points_to_win,
        )


def card_numbers(facts: OpeningFacts) -> dict[Card, int]:
    """Each card's number (0..24) by its suit's part in this hand: trump, trump's colour,
    then the other two."""
    trump = facts.trump
    colour = trump.same_colour
    others = [s for s in Suit if s is not trump and s is not colour]
    turned = facts.up_card.suit if facts.round_two else None

    def holding(suit: Suit) -> tuple[int, ...]:
        ranks = sorted((c.rank for c in facts.hand if c.suit is suit), reverse=True)
        return (len(ranks), *ranks)

    others.sort(key=lambda s: (s is not turned, tuple(-x for x in holding(s)), s))
    numbers: dict[Card, int] = {}
    for i, part in enumerate(_TRUMP_ORDER):
        if part == "joker":
            numbers[JOKER] = i
        elif part == "right":
            numbers[Card(trump, Rank.JACK)] = i
        elif part == "left":
            numbers[Card(colour, Rank.JACK)] = i
        else:
            assert isinstance(part, Rank)
            numbers[Card(trump, part)] = i
    base = len(_TRUMP_ORDER)
    for i, rank in enumerate(_NEXT_ORDER):
        numbers[Card(colour, rank)] = base + i
    base += len(_NEXT_ORDER)
    for suit in others:
        for i, rank in enumerate(_OTHER_ORDER):
            numbers[Card(suit, rank)] = base + i
        base += len(_OTHER_ORDER)
    return numbers


def inputs(facts: OpeningFacts) -> tuple[list[int], list[tuple[int, float]]]:
    """The network's input as the indices that are 1 and the (index, value) pairs of the
    scores; every other input is 0."""
    numbers = card_numbers(facts)
    ones = [numbers[c] for c in facts.hand]
    ones.append(CARDS + numbers[facts.up_card])
    base = 2 * CARDS
    ones.extend(base + i for i, (_, holds) in enumerate(_FLAGS) if holds(facts))
    base += len(_FLAGS)
    scores = [(base + i, value(facts)) for i, (_, value) in enumerate(_SCORES)]
    return ones, scores


def _network(ones: Sequence[int], scores: Sequence[tuple[int, float]]) -> list[float]:
    hidden = list(HIDDEN_BIAS)
    for i in ones:
        row = HIDDEN_WEIGHTS[i]
        hidden = [h + w for h, w in zip(hidden, row, strict=True)]
    for i, value in scores:
        row = HIDDEN_WEIGHTS[i]
        hidden = [h + w * value for h, w in zip(hidden, row, strict=True)]
    active = [(j, h) for j, h in enumerate(hidden) if h > 0.0]  # ReLU
    out = list(OUTPUT_BIAS)
    for j, h in active:
        row = OUTPUT_WEIGHTS[j]
        out = [o + w * h for o, w in zip(out, row, strict=True)]
    return out


def lead_values(view: SeatView) -> dict[Card, float] | None:
    """Each card of my hand's learned figure as the opening lead (expected points for my
    side, less the hand's average: only the differences mean anything); None if this is
    not the opening lead."""
    facts = OpeningFacts.of(view)
    if facts is None:
        return None
    numbers = card_numbers(facts)
    out = _network(*inputs(facts))
    figures = {c: out[numbers[c]] for c in facts.hand}
    mean = sum(figures.values()) / len(figures)
    return {c: v - mean for c, v in figures.items()}


def tie_order(view: SeatView) -> dict[Card, float] | None:
    """The order in which the opening lead's near-ties go (highest first): each card's
    learned figure, shared by the cards it touches (cards of one suit with nothing between
    them but my own cards and the turned-down up-card are equals; the network gives them
    slightly different figures, and an ace is not to lose to the queen beneath it by that
    alone). None if this is not the opening lead."""
    figures = lead_values(view)
    if figures is None:
        return None
    trump = view.trump
    assert trump is not None
    suits = EFFECTIVE_SUIT[trump]
    power = STRENGTH[trump]
    known = set(view.hand) | ({view.up_card} if view.up_card_turned_down else set())
    deck = JOKER_DECK if view.rules.joker else STANDARD_DECK
    shared: dict[Card, float] = {}
    for suit in {suits[c.index] for c in view.hand}:
        ladder = sorted((c for c in deck if suits[c.index] is suit), key=lambda c: -power[c.index])
        run: list[Card] = []
        for card in [*ladder, None]:  # None ends the last run
            if card is not None and card in known:
                if card in figures:
                    run.append(card)
                continue
            best = max((figures[c] for c in run), default=0.0)
            shared.update(dict.fromkeys(run, best))
            run = []
    return shared
