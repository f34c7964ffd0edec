"""The Advanced player (A2): counts cards, reads the bidding and the play, and searches.

Every decision deals the unseen cards in ways that agree with what this seat knows
(``knowledge`` for the certain facts, ``sampler`` weighting the deals by how well they
explain the others' bids and plays) and plays the choices out in those deals
double-dummy (``solver``). The opponents are taken to play by a plain player's habits
(``habits``: aces led, tricks taken as cheaply as possible, trumping in when void), as
most people and every Novice do: the solver plays their cards so, and the same habits
read their plays when dealing the unseen cards.

This module composes the parts, each in a module of its own:

- a card to play: ``card_search`` (expected points per card, and the corrections for
  what double-dummy play cannot see);
- a bid, or passing: ``bid_weighing`` (each bid and passing played out, counted by what
  the points are worth at the score);
- the dealer's discard: ``discard``; defending alone: ``lone_defence``;
- when to stop drawing deals: ``settling``; the reasons in words: ``explanation``.

``OraclePlayer`` is the "They see all" mode (A3): the same player handed every hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Literal, NamedTuple

from .. import actions as act
from ..cards import Card, Suit
from ..view import Phase, SeatView
from . import bid_value, explanation, lone_defence, opening_values
from .bid_weighing import (
    HOPELESS,
    Weighing,
    bar,
    hand_for,
    own_estimate,
    suits_by_strength,
    suits_worth_weighing,
    weigh_bids,
)
from .bidding_model import PARTNERSHIP, BidStyle
from .card_search import CardChoice, choose_card, preference
from .core import COMPILED, PYTHON, core_in_use
from .discard import searched_discard
from .evaluation import best_discard, trick_estimate
from .habits import STRAY
from .how_they_play import HowTheyPlay, Plays
from .knowledge import Knowledge, read_knowledge
from .masks import mask_of
from .player import ComputerPlayer, Decision, decision_rng
from .sampler import World, sample_worlds
from .settling import CLOSE_ENOUGH


class SearchDeals(NamedTuple):
    """How many deals a decision is searched over (see ``AdvancedPlayer``)."""

    worlds: int
    max_worlds: int
    bid_worlds: int
    max_bid_worlds: int
    discard_worlds: int


# The compiled search core is some forty times faster: it searches ten times the deals,
# and still thinks under 10 ms a decision (median; benchmarks/advanced_speed.py). The player
# then agrees with itself under another seed in 90.1% of its decisions (81.8% with the
# pure-Python core's deals) and in 76% of its opening leads (60%):
# benchmarks/advanced_agreement.py, docs/ai.md.
USUAL_DEALS = {PYTHON: SearchDeals(16, 96, 16, 96, 64), COMPILED: SearchDeals(160, 960, 160, 960, 640)}

# The first trick's cards are searched until one is clearly best or the deals run out,
# never stopped because the best two are surely within CLOSE_ENOUGH of each other: with most
# cards unseen the choice among near-equal leads was the luck of the first batch. The
# opening lead then agrees with itself under another seed 86.4% of the time, not 74.8%
# (250 leads), for 20 ms a lead (median) instead of 8; against Novice it gained (docs/ai.md).
FIRST_TRICK_CLOSE = 0.0

# Cards (and discards) within this many standard errors of the best, paired over the same
# deals, may be chosen as a good player would (``settling.tie_margin``) rather than by the
# draw. Off: it costs points. Against Novice, paired with the player without it, 2 errors
# -0.009 +- 0.018 points a hand (1,000 deals, seed 301) and -0.021 +- 0.023 (575, seed
# 401); 3 errors -0.026 +- 0.025; for agreement under another seed of 93.4% (2) and 95.0%
# (3) against 90.0% over 800 decisions (benchmarks/advanced_agreement.py, docs/ai.md).
TIE_ERRORS = 0.0

# ``TIE_ERRORS`` for the opening lead alone, where the player disagreed with itself most,
# and how those ties are broken: by a good player's habits, or by what the search makes of
# each lead over very many deals, learned (``opening_values``), which no seed changes.
# Learned, at 2 errors: the opening lead agrees with itself under another seed 98.4% of the
# time instead of 86.3%, and the mix of 2,500 decisions 96.8% instead of 93.7%; by
# the real outcomes of 11,441 opening leads +0.004 +- 0.009 points a lead, in the arena
# against Novice -0.005 +- 0.008 a hand (3,000 deals, seed 2805; the first fit -0.001 +-
# 0.008, seed 2801). By habit at 3 errors the mix reached only 94.5%, at -0.011 +- 0.010 a
# hand against Novice (docs/ai.md).
OPENING_TIE_ERRORS = 2.0
OpeningTies = Literal["habit", "learned"]
OPENING_TIES: OpeningTies = "learned"

# How the learned model's edge of a bid over passing (``bid_value``) is used: not at all
# ("off"); to decide in place of the search's own edge, which real play shows to be too
# hopeful ("decides"); or only to pass where the search would bid ("vetoes"). Deciding,
# paired with the search's own bidding on the same duplicate deals: against ISMCTS (1,000
# simulations) +0.037 +- 0.021 points a hand (2,000 deals, seeds 705 and 707), against
# Novice +0.001 +- 0.014 (2,000 deals, seed 703); vetoing +0.002 and -0.004 (docs/ai.md).
BidModel = Literal["off", "vetoes", "decides"]
BID_MODEL: BidModel = "decides"

# Hands whose own estimate is under ``bid_weighing.HOPELESS`` are passed unweighed, or
# weighed too (their strongest suit), and then decided, where the model decides, by the
# model fitted to such hands (``bid_value``, ``scripts/bid_model_data.py --weak-hands``).
# Off: weighed so, paired with passing them on the same duplicate deals, against Novice
# -0.002 +- 0.005 points a hand (2,000 deals, seed 1101), against ISMCTS (1,000
# simulations) -0.011 +- 0.009 (1,000 deals, seed 1103); in real play bidding such a
# hand scores 0.52 points less than passing, and the model finds no hands where it pays
# beyond noise (docs/ai.md).
WEIGH_WEAK = False

# How the player takes its opponents to play: by habit (the solver plays their cards by
# ``habits``, the sampler reads their bids as point counts and their plays by habit) or
# well (searched double-dummy, read as a partnership reads). By habit: taken to play well,
# paired with the player as it is on the same duplicate deals (16 cores), against
# Advanced -0.014 +- 0.029 points a hand (2,175 deals, seed 1401), against They see all
# +0.014 +- 0.027 (3,425 deals, seed 1403), against ISMCTS at 1,000 simulations +0.030 +-
# 0.039 (2,000 deals, seed 1405): no opponent it was measured against is played better by
# taking it for one who plays well, not even one who sees every card (docs/ai.md).
OPPONENTS = Plays.BY_HABIT

# Whether the early leads' figures are corrected by the model learned from honest play
# (``lead_value``): what double-dummy play cannot see of a lead. Off: on 34,726 leads of
# the first three tricks, every legal card played out by the real players on the true deal
# (seed 9201), its choices would have scored +0.009 +- 0.011 points a deal over the
# player's own (cross-validated by deal), changing 3.6% of the leads (docs/ai.md).
LEAD_MODEL = False


class AdvancedPlayer(ComputerPlayer):
    """Card-counting, inferring, searching (see the module notes).

    ``worlds``: deals per batch when playing a card, ``max_worlds`` at most;
    ``bid_worlds`` and ``max_bid_worlds`` likewise for judging a bid; ``discard_worlds``
    for the dealer's discard (0: by the hand's shape alone); each left out is the search
    core's usual number (``USUAL_DEALS``). ``bar``: how much better than passing
    (in expected points, weighed by the score) a bid must be; ``think_ms``: an optional cap
    on the time per card or bid decision (the window uses it). With ``think_ms`` unset
    every decision is reproducible from ``seed``, the view and the search core.
    ``tie_errors``, ``opening_tie_errors``, ``opening_ties`` and ``first_trick_close``: see
    ``TIE_ERRORS``, ``OPENING_TIE_ERRORS``, ``OPENING_TIES`` and ``FIRST_TRICK_CLOSE`` (each
    measured in docs/ai.md; a player that sees every hand breaks ties by habit).
    ``bid_model``: see ``BID_MODEL`` (a player that sees every hand never uses it: its
    search is exact). ``weigh_weak``: see ``WEIGH_WEAK``. ``opponents`` (a ``Plays``
    value): see ``OPPONENTS``. ``lead_model``: see ``LEAD_MODEL`` (a player that sees
    every hand never uses it). ``partnership``: how
    its partner bids, as read and foreseen (a ``bidding_model.BidStyle``, or its four
    numbers; by default ``bidding_model.PARTNERSHIP``). ``stray``: how much less likely a
    deal is for each play of an opponent by habit that it makes unhabitual (``habits.STRAY``).
    """

    name = "advanced"

    def __init__(
        self,
        seed: int = 0,
        think_ms: int | None = None,
        worlds: int | None = None,
        max_worlds: int | None = None,
        bar: float = 0.5,
        bid_worlds: int | None = None,
        max_bid_worlds: int | None = None,
        discard_worlds: int | None = None,
        tie_errors: float = TIE_ERRORS,
        opening_tie_errors: float = OPENING_TIE_ERRORS,
        opening_ties: OpeningTies = OPENING_TIES,
        first_trick_close: float = FIRST_TRICK_CLOSE,
        bid_model: BidModel = BID_MODEL,
        weigh_weak: bool = WEIGH_WEAK,
        opponents: str = OPPONENTS.value,
        lead_model: bool = LEAD_MODEL,
        partnership: BidStyle | Sequence[float] | None = None,
        stray: float = STRAY,
    ) -> None:
        super().__init__(seed)
        self.stray = stray
        if partnership is None or isinstance(partnership, BidStyle):
            self.partnership = partnership or PARTNERSHIP
        else:
            self.partnership = BidStyle(*partnership)
        self.lead_model = lead_model and not self.sees_all
        self.opponents = Plays(opponents)
        self.weigh_weak = weigh_weak
        self.bid_model: BidModel = "off" if self.sees_all else bid_model
        self.first_trick_close = first_trick_close
        self.tie_errors = tie_errors
        self.opening_tie_errors = opening_tie_errors
        self.opening_ties: OpeningTies = "habit" if self.sees_all else opening_ties
        usual = USUAL_DEALS[core_in_use()]
        self.think_ms = think_ms
        self.worlds = usual.worlds if worlds is None else worlds
        self.base_bar = bar
        self.max_worlds = usual.max_worlds if max_worlds is None else max_worlds
        self.bid_worlds = usual.bid_worlds if bid_worlds is None else bid_worlds
        self.max_bid_worlds = usual.max_bid_worlds if max_bid_worlds is None else max_bid_worlds
        self.discard_worlds = usual.discard_worlds if discard_worlds is None else discard_worlds

    def decide(self, view: SeatView) -> Decision:
        legal = self.legal(view)
        if len(legal) == 1:
            return Decision(legal[0], explanation.ONLY_MOVE)
        phase = view.phase
        if phase is Phase.PLAY:
            return self._play(view)
        if phase is Phase.BIDDING_1 or phase is Phase.BIDDING_2:
            return self._bid(view)
        if phase is Phase.DISCARD:
            return self._discard(view)
        if phase is Phase.DEFEND:
            return self._defend(view)
        if act.THROW_IN in legal:
            return Decision(act.THROW_IN, explanation.THROW_IN)
        return Decision(legal[0], "")

    # --- sampling ---------------------------------------------------------------

    def _worlds(
        self, view: SeatView, knowledge: Knowledge, count: int | None = None, rng: random.Random | None = None
    ) -> list[World]:
        """Sampled deals; pass one ``rng`` to draw more batches for the same decision."""
        if self.sees_all and view.revealed_hands is not None:
            hands = [mask_of(h) for h in view.revealed_hands]
            return [[*hands, 0]]
        rng = rng or decision_rng(self.seed, view)
        return sample_worlds(view, knowledge, rng, count or self.worlds, self._seating(view))

    def _play_worlds(self, view: SeatView, knowledge: Knowledge) -> Iterator[World]:
        """Deals for choosing a card, ``max_worlds`` at most, drawn half at a time: most
        choices are settled within the first half, and drawing is half the work."""
        rng = decision_rng(self.seed, view)
        half = max(self.max_worlds // 2, 1)
        drawn = 0
        while drawn < self.max_worlds:
            batch = self._worlds(view, knowledge, min(half, self.max_worlds - drawn), rng)
            if not batch or self.sees_all:
                yield from batch
                return
            drawn += len(batch)
            yield from batch

    def _seating(self, view: SeatView) -> HowTheyPlay:
        """How this player takes the table (its opponents as ``opponents`` says)."""
        return HowTheyPlay.as_seen_by(view.seat, self.opponents, self.partnership, self.stray)

    def _deadline(self) -> float | None:
        return None if self.think_ms is None else time.perf_counter() + self.think_ms / 1000.0

    # --- the decisions ----------------------------------------------------------------

    def _play(self, view: SeatView) -> Decision:
        choice = self._choose_card(view)
        reason = explanation.play_reason(view, choice.card, choice.mean, choice.best_in, choice.deals, choice.close)
        return Decision(act.play(choice.card), reason)

    def _choose_card(self, view: SeatView) -> CardChoice:
        knowledge = read_knowledge(view)
        opening_lead = not view.tricks and not view.trick
        learned = opening_values.tie_order(view) if opening_lead and self.opening_ties == "learned" else None

        def prefer(card: Card) -> tuple[float, ...]:
            assert learned is not None
            return (learned[card], preference(view, card))  # equals by habit: the ace before the queen

        return choose_card(
            view,
            knowledge,
            self._play_worlds(view, knowledge),
            self.worlds,
            self._deadline(),
            max(self.tie_errors, self.opening_tie_errors) if opening_lead else self.tie_errors,
            self.first_trick_close if not view.tricks else CLOSE_ENOUGH,
            self._seating(view),
            self.lead_model,
            None if learned is None else prefer,
        )

    def _bid(self, view: SeatView) -> Decision:
        suits = suits_by_strength(view)
        must_bid = act.PASS not in view.legal_actions
        weak = own_estimate(view, suits[0]) < HOPELESS and not must_bid
        if weak and not self.weigh_weak:
            return Decision(act.PASS, explanation.too_weak_reason(hand_for(view, suits[0]), suits[0]))
        weighing = self._weigh_bids(view, suits[:1] if weak else suits_worth_weighing(view, suits, must_bid), must_bid)
        action, bid, passing = weighing.action, weighing.bid, weighing.passing
        bids = passing is None or weighing.value - passing.points > bar(view, self.base_bar)
        if passing is not None and (self.bid_model == "decides" or (self.bid_model == "vetoes" and bids)):
            # the learned edge decides, and the reasons show what it expects the bid to score
            edge = bid_value.learned_edge(view, weighing)
            bid = replace(bid, points=passing.points + edge)
            bids = edge > 0.0
        if bids:
            suit = action.suit or view.up_card.suit
            assert suit is not None
            reason = explanation.bid_reason(action, hand_for(view, suit), suit, own_estimate(view, suit), bid, passing)
            return Decision(action, reason)
        assert passing is not None
        return Decision(act.PASS, explanation.pass_reason(action, bid, passing))

    def _weigh_bids(self, view: SeatView, suits: Sequence[Suit], must_bid: bool) -> Weighing:
        """``bid_weighing.weigh_bids`` over this player's sampled deals, ``bid_worlds`` a batch."""
        knowledge = read_knowledge(view)
        rng = decision_rng(self.seed, view)

        def draw() -> list[World]:
            return self._worlds(view, knowledge, self.bid_worlds, rng)

        deadline = self._deadline()
        return weigh_bids(
            view,
            suits,
            must_bid,
            draw,
            self.max_bid_worlds,
            self.base_bar,
            deadline,
            self.sees_all,
            self._seating(view),
        )

    def _discard(self, view: SeatView) -> Decision:
        assert view.trump is not None
        keep = None if view.rules.dealer_may_discard_up_card else view.up_card
        card = best_discard(view.hand, view.trump, keep)
        if self.discard_worlds:
            knowledge = read_knowledge(view)

            def draw() -> list[World]:
                return self._worlds(view, knowledge, self.discard_worlds)

            card = searched_discard(view, card, knowledge, draw, self.worlds, self.tie_errors, self._seating(view))
        rest = [c for c in view.hand if c is not card]
        return Decision(act.discard(card), explanation.discard_reason(card, rest, view.trump))

    def _defend(self, view: SeatView) -> Decision:
        assert view.trump is not None and view.maker is not None
        if trick_estimate(view.hand, view.trump) < lone_defence.FLOOR:
            return Decision(act.PASS, explanation.DEFENCE_TOO_WEAK)
        worlds = self._worlds(view, read_knowledge(view))
        together = lone_defence.defence_value(view, worlds, alone=False)
        solo = lone_defence.defence_value(view, worlds, alone=True)
        if solo > together + lone_defence.MARGIN:
            return Decision(act.DEFEND_ALONE, explanation.defend_alone_reason(solo, together))
        return Decision(act.PASS, explanation.defend_together_reason(solo, together))


class OraclePlayer(AdvancedPlayer):
    """ "They see all": the Advanced player shown every hand (A3). A cheat, on purpose."""

    name = "oracle"
    sees_all = True
