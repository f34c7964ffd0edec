"""Choosing a card to play: sampled deals solved double-dummy, and two corrections.

Each sampled deal is solved (``solver``) for the scoring band every legal card leads to,
the opponents playing by a plain player's habits (``habits``), and the card with the
best expected points is played. Deals come in batches until the best card is clearly
ahead or clearly no better than the next (``settling``). Two corrections cover what
double-dummy play cannot see: a small cost for taking over partner's winning trick or
leading a lone ace into a loner (``hazard``), and a good player's habits among cards
that score the same (``preference``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import NamedTuple

from ..cards import ALL_CARDS, STRENGTH, Card, Rank, Seat, effective_suit
from ..tricks import winning_index
from ..view import SeatView
from . import lead_value
from .bid_search import makers_points
from .core import make_solver
from .habits import Habits
from .how_they_play import HowTheyPlay
from .knowledge import Knowledge
from .novice import top_trump
from .sampler import World
from .settling import CLOSE_ENOUGH, settled, tie_margin
from .solver import Solver

# What a move that double-dummy play cannot judge is assumed to cost (see hazard).
_HAZARD = 0.25
# Leading a low side card when partner called and I hold trump (see hazard); more
# when I hold the top trump, which a partner who called most needs to see led.
_UNSUPPORTED = 0.2
_UNSUPPORTED_TOP = 0.5
# However short the thinking time, a card is chosen over at least this many deals.
_FEWEST_DEALS = 4

# How a good player ranks cards that score the same, best first (see preference). Each
# tier lies clear of the ones below it: card strengths stay under 121 and a suit holds at
# most five cards of a hand.
_TRUMP_TO_CALLER = 3000  # lead trump back to a partner who called
_SIDE_ACE = 2000  # lead a side ace (not into a loner)
_CHEAPEST_WINNER = 1000  # following an opponent's winning card: the cheapest card that takes it
_PER_CARD_OF_SUIT = 100  # otherwise lead low from the longest suit


class CardChoice(NamedTuple):
    """The card to play, with what the search found for it."""

    card: Card
    best_in: int  # deals in which no other card does better
    deals: int  # deals it was judged over
    close: bool  # another card was as good within what the deals can tell (see choose_card)
    means: dict[Card, float]  # every legal card's expected points (the corrections taken off)

    @property
    def mean(self) -> float:
        """The chosen card's expected points (the corrections taken off)."""
        return self.means[self.card]


def table_solver(view: SeatView, seating: HowTheyPlay | None = None) -> tuple[Solver, Callable[[int], int]]:
    """A solver for this hand as trump was named (the seats ``seating`` takes to play
    by habit playing so; by default the opponents), and what a final trick band is
    worth to my side."""
    assert view.trump is not None and view.maker is not None
    makers = view.maker.team
    active = [s for s in range(4) if Seat(s) not in view.sitting_out]
    habitual = (seating or HowTheyPlay.as_seen_by(view.seat)).playing_cards_by_habit()
    habits = Habits(view.trump, view.maker, view.rules.joker, habitual) if habitual else None
    sign = 1 if view.seat.team == makers else -1
    lone = view.lone_defender is not None
    doubled = view.rules.doubled_alone_euchre

    def points(band: int) -> int:
        return sign * makers_points(band, view.alone, lone, doubled)

    return make_solver(view.trump, makers, active, habits), points


def choose_card(
    view: SeatView,
    knowledge: Knowledge,
    worlds: Iterable[World],
    batch: int,
    deadline: float | None,
    tie_errors: float = 0.0,
    close: float = CLOSE_ENOUGH,
    seating: HowTheyPlay | None = None,
    lead_model: bool = False,
    prefer: Callable[[Card], tuple[float, ...]] | None = None,
) -> CardChoice:
    """The best card over ``worlds``, checked for settling every ``batch`` deals and
    stopped at ``deadline`` (a ``time.perf_counter`` value) if one is given; an early
    lead's figures corrected by the learned lead model (``lead_value``) if ``lead_model``.
    Cards the deals cannot tell apart go to ``prefer``'s highest, by default a good
    player's habits (``preference``)."""
    assert view.trump is not None and view.maker is not None
    me = int(view.seat)
    solver, points = table_solver(view, seating)
    trick = [(int(s), c.index) for s, c in view.trick]
    makers_won = sum(view.tricks_won[s] for s in range(4) if s % 2 == view.maker.team)
    cards = [a.card.index for a in view.legal_actions if a.card is not None]
    scores: dict[int, list[int]] = {c: [] for c in cards}
    solved: dict[tuple[int, ...], dict[int, int]] = {}  # a likely deal can be drawn twice
    for used, world in enumerate(worlds, 1):
        key = tuple(world)
        outcomes = solved.get(key)
        if outcomes is None:
            hands = world[:4]
            hands[me] = knowledge.mine
            solver.set_position(hands, trick)
            outcomes = solved[key] = solver.move_outcomes(me, makers_won)
        for card, band in outcomes.items():
            scores[card].append(points(band))
        if used % batch == 0 and len(solved) >= batch and settled(scores, close):
            break
        if deadline is not None and used >= _FEWEST_DEALS and time.perf_counter() > deadline:
            break
    means = {c: (sum(v) / len(v) if v else 0.0) - hazard(view, ALL_CARDS[c]) for c, v in scores.items()}
    if lead_model and lead_value.is_early_lead(view):
        means = {c: m + lead_value.correction(view, ALL_CARDS[c], m) for c, m in means.items()}
    top = max(means, key=lambda c: means[c])
    # Double-dummy play often finds several cards about equally good; among those,
    # play as a strong human would, since real opponents do not see every card (or by
    # ``prefer``: on the opening lead, what the search makes of each lead over very many
    # deals, which no seed changes: opening_values). Equally
    # good: within NEAR_TIE, or (``tie_errors``) within that many standard errors of the
    # best, paired deal by deal: a difference the sampled deals cannot tell from noise.
    near = [ALL_CARDS[c] for c in cards if means[top] - means[c] <= tie_margin(scores[top], scores[c], tie_errors)]
    choice = max(near, key=prefer or (lambda c: (preference(view, c),)))
    deals = len(scores[choice.index])
    best_in = sum(1 for i in range(deals) if scores[choice.index][i] == max(v[i] for v in scores.values()))
    by_card = {ALL_CARDS[c]: m for c, m in means.items()}
    return CardChoice(choice, best_in, deals, len(near) > 1, by_card)


def hazard(view: SeatView, card: Card) -> float:
    """Expected points a double-dummy count misses. With every card in view nobody is
    ever squeezed or misled, so taking over partner's winning trick (to get the lead)
    and leading a lone ace into a loner (which later squeezes partner) look free when
    they are not; and a partner who called is taken to see my trumps, when it learns of
    them only from a trump led to it."""
    assert view.trump is not None and view.maker is not None
    trump = view.trump
    legal = [a.card for a in view.legal_actions if a.card is not None]
    if view.trick:
        cards = [c for _, c in view.trick]
        if view.trick[winning_index(cards, trump)][0] is not view.seat.partner:
            return 0.0

        def overtakes(c: Card) -> bool:
            return winning_index([*cards, c], trump) == len(cards)

        return _HAZARD if overtakes(card) and not all(overtakes(c) for c in legal) else 0.0
    against_loner = view.alone and view.maker.team != view.seat.team
    aces = [c for c in view.hand if c.rank is Rank.ACE and effective_suit(c, trump) is not trump]
    if against_loner and card in aces and len(aces) == 1:
        return _HAZARD
    partner_called = view.maker is view.seat.partner and not view.alone
    holds_trump = any(effective_suit(c, trump) is trump for c in view.hand)
    if partner_called and holds_trump and effective_suit(card, trump) is not trump and card not in aces:
        return _UNSUPPORTED_TOP if top_trump(trump, view.rules.joker) in view.hand else _UNSUPPORTED
    return 0.0


def preference(view: SeatView, card: Card) -> float:
    """How a good player breaks ties: cheap cards under a winning partner, cheapest
    winners, trump back to a calling partner, no lone ace into a loner."""
    assert view.trump is not None and view.maker is not None
    trump = view.trump
    power = STRENGTH[trump][card.index]
    suit = effective_suit(card, trump)
    if view.trick:
        cards = [c for _, c in view.trick]
        partner_winning = view.trick[winning_index(cards, trump)][0] is view.seat.partner
        wins = winning_index([*cards, card], trump) == len(cards)
        if wins and not partner_winning:
            return _CHEAPEST_WINNER - power
        return -power
    partner_called = view.maker is view.seat.partner and not view.alone
    if suit is trump:
        return _TRUMP_TO_CALLER + power if partner_called else power
    against_loner = view.alone and view.maker.team != view.seat.team
    if card.rank is Rank.ACE and not against_loner:
        return _SIDE_ACE
    length = sum(1 for c in view.hand if effective_suit(c, trump) is suit)
    return _PER_CARD_OF_SUIT * length - power
