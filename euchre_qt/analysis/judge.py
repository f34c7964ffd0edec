"""What every legal choice of one decision is worth, in points for the chooser's side.

One evaluator, two sources of deals. ``judge`` deals the unseen cards the way the
Advanced player does (``sampler``: every certain fact kept, the others' bids and plays
weighing the deals; a lone maker's hand as strong as going alone implies, ``loner``)
and so knows only what the seat's view says; ``hindsight`` hands the same evaluator the
one real deal. Each choice is played out in every deal: a card or the dealer's discard
by the double-dummy solver, a bid by the contract played out (the dealer's pick-up
included), passing by the bidding that follows (``DealTable.after_pass``, a strong hand
going alone as its player would: ``loner.LonersBid``), defending alone against
defending together.

The players are modelled as what they are (``how_they_play``): a seat that plays well (a
person, the Advanced player) has its bids read as a partnership bids, its plays read
loosely, bids after a pass as a partnership does and plays the rest of the hand its
best; a seat that plays by habit (the Novice player) has its bids read and foreseen by
its point count, its plays read by ``habits``, and plays its cards by them in a share
of the deals (``HABIT_SHARE``; the chooser's own later cards too: a computer seat is
graded as itself). Taking every seat
for a good player's partner and its opponents for plain players, as the Advanced player
does, misgraded both: at a table of two Advanced and two Novice players the Novices'
decisions came out 0.17 points too optimistic and the Advanced players' 0.15 too
pessimistic. The values are a hand's points (a euchre is -2 for the makers, a lone
march +4); ``worth`` weighs them by the score.

The budget is a number of deals, never a time, and the deals come from a random source
fixed by the seed and the position: the same decision always gets the same values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

from ..engine.actions import Action, ActionKind
from ..engine.ai.bid_search import makers_points, world_hands
from ..engine.ai.core import make_solver
from ..engine.ai.habits import Habits
from ..engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay
from ..engine.ai.knowledge import read_knowledge
from ..engine.ai.masks import mask_of
from ..engine.ai.player import decision_rng
from ..engine.ai.sampler import sample_worlds
from ..engine.cards import Seat
from ..engine.hand import HandState, opening_leader
from ..engine.view import Phase, SeatView
from . import loner
from .decisions import GRADED_PHASES

DEFAULT_DEALS = 1024
# Beyond this a decision's deals would not fit in memory (each is a few hundred bytes, times four
# where a grade is close): a number typed by mistake, not a deeper look.
MOST_DEALS = 1_000_000
Z95 = NormalDist().inv_cdf(0.975)


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard to look: ``deals`` sampled deals per decision, drawn from ``seed``, and up
    to ``extend`` times as many where the grade is not settled (it would change were the
    loss one standard error larger or smaller: ``analyse.grade``).

    1,024 deals, and four times as many where a grade hangs on the luck of the draw:
    with fewer, a label changed with the seed (128 deals: one in ten on an expert record;
    docs/analysis.md); the compiled search core makes it about a third of a second per
    hand a seat plays."""

    deals: int = DEFAULT_DEALS
    seed: int = 0
    extend: int = 4

    @property
    def most(self) -> int:
        return self.deals * max(self.extend, 1)

    def __post_init__(self) -> None:
        if not 1 <= self.deals <= MOST_DEALS:
            raise ValueError(f"an analysis takes from 1 to {MOST_DEALS:,} deals a decision, not {self.deals:,}")


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True, slots=True)
class Values:
    """Each legal choice's points for the chooser's side, deal by deal (the same deals
    for every choice, so two choices can be compared deal by deal)."""

    per_deal: dict[Action, tuple[float, ...]]

    @property
    def deals(self) -> int:
        return len(next(iter(self.per_deal.values()), ()))

    def mean(self, action: Action) -> float:
        values = self.per_deal[action]
        return sum(values) / len(values) if values else 0.0

    def converted(self, convert: Callable[[float], float]) -> Values:
        """The same choices and deals, each value passed through ``convert``."""
        return Values({a: tuple(convert(v) for v in values) for a, values in self.per_deal.items()})

    def ranked(self) -> list[tuple[Action, float]]:
        """Every choice with its mean, best first (ties: in the order the rules list them)."""
        order = {a: i for i, a in enumerate(self.per_deal)}
        return sorted(((a, self.mean(a)) for a in self.per_deal), key=lambda am: (-am[1], order[am[0]]))

    def margin(self, better: Action, worse: Action) -> float:
        """The 95% half-width of ``mean(better) - mean(worse)``, paired over the deals."""
        diffs = [a - b for a, b in zip(self.per_deal[better], self.per_deal[worse], strict=True)]
        n = len(diffs)
        if n < 2:
            return 0.0
        mean = sum(diffs) / n
        variance = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return float(Z95 * (variance / n) ** 0.5)


def judge(view: SeatView, budget: Budget = DEFAULT_BUDGET, seating: HowTheyPlay = EVERYONE_WELL) -> Values:
    """Every legal choice of ``view.seat`` valued over ``budget.deals`` deals of the cards
    it cannot see, dealt to agree with everything its view shows (and only that), each
    seat playing as ``seating`` says."""
    return Judging(view, budget.seed, seating).more(budget.deals)


class Judging:
    """One decision judged over more and more deals, each batch drawn after the last from
    the same random source (so a longer look begins with the shorter one's deals)."""

    def __init__(self, view: SeatView, seed: int, seating: HowTheyPlay = EVERYONE_WELL) -> None:
        if view.revealed_hands is not None:
            raise ValueError("judge a seat's own view: it must not be shown the other hands")
        self.view = view
        self.seating = seating
        self.knowledge = read_knowledge(view)
        self.rng = decision_rng(seed, view)
        self.values = Values({a: () for a in view.legal_actions})

    def more(self, count: int) -> Values:
        """The values over ``count`` more deals than before."""
        view, knowledge, rng, seating = self.view, self.knowledge, self.rng, self.seating
        if loner.needs_reading(view):
            drawn = sample_worlds(view, knowledge, rng, count * loner.POOL, seating)
            worlds = loner.as_bid(view, knowledge, drawn, count, rng, seating)
        else:
            worlds = sample_worlds(view, knowledge, rng, count, seating)
        deals = [world_hands(world, view.seat, knowledge.mine) for world in worlds]
        batch = _evaluate(view, deals, seating)
        self.values = Values({a: self.values.per_deal[a] + batch.per_deal[a] for a in self.values.per_deal})
        return self.values


def hindsight(state: HandState, seating: HowTheyPlay = EVERYONE_WELL) -> Values:
    """Every legal choice of the player to move valued on the real deal, with every card
    known, each seat playing as ``seating`` says (double-dummy, where every seat plays well)."""
    seat = state.turn
    if seat is None:
        raise ValueError("nobody is to move: the hand is over")
    return _evaluate(state.view(seat), [[mask_of(h) for h in state.hands]], seating)


# The share of the sampled deals in which the seats by habit play their cards by habit
# (their best in the rest): for a bid, whose contract is played from the opening lead, and
# for every other decision. Fitted at a table of two Advanced and two Novice players
# (docs/analysis.md), where each kind of decision's bias crossed zero: by habit in every
# deal, then in half of them, then (bids) in four of five.
HABIT_SHARE = 0.5
HABIT_SHARE_IN_A_BID = 0.8
_BIDDING = frozenset({Phase.BIDDING_1, Phase.BIDDING_2})


def _evaluate(view: SeatView, deals: Sequence[Sequence[int]], seating: HowTheyPlay) -> Values:
    """Each legal choice over ``deals`` (hands as card masks by seat, the chooser's own
    included), each seat playing as ``seating`` says; where some play by habit, their
    cards by habit in a share of the deals (spread evenly) and their best in the rest.

    In the solver a seat by habit plays a fixed card that the seats playing well, who see
    every card, exploit perfectly; players who cannot see the cards do not. Played by
    habit in every deal, the good players' decisions at a table of two Advanced and two
    Novice players came out 0.15 points too optimistic (and the Novices' 0.09 too
    pessimistic); played their best, about as far the other way (docs/analysis.md)."""
    if not seating.playing_cards_by_habit():
        return _evaluate_as(view, deals, seating)
    share = HABIT_SHARE_IN_A_BID if view.phase in _BIDDING else HABIT_SHARE
    habit = [(i * share) % 1 < share for i in range(len(deals))]
    if all(habit):  # one deal (the hindsight line's): by habit
        return _evaluate_as(view, deals, seating)
    by_habit = _evaluate_as(view, [d for d, h in zip(deals, habit, strict=True) if h], seating)
    well = _evaluate_as(view, [d for d, h in zip(deals, habit, strict=True) if not h], seating.with_cards_played_well())
    return Values({a: _merged(habit, by_habit.per_deal[a], well.per_deal[a]) for a in by_habit.per_deal})


def _merged(habit: list[bool], by_habit: tuple[float, ...], well: tuple[float, ...]) -> tuple[float, ...]:
    """The two sets of values back in the order the deals were drawn."""
    first, second = iter(by_habit), iter(well)
    return tuple(next(first) if h else next(second) for h in habit)


def _evaluate_as(view: SeatView, deals: Sequence[Sequence[int]], seating: HowTheyPlay) -> Values:
    phase = view.phase
    if phase not in GRADED_PHASES:
        raise ValueError(f"no choice to judge in the {phase} phase")
    if phase in _BIDDING:
        return _bids(view, deals, seating)
    if phase is Phase.DEFEND:
        return _defence(view, deals, seating)
    if phase is Phase.DISCARD:
        return _discards(view, deals, seating)
    return _cards(view, deals, seating)


def _per_deal(
    actions: Sequence[Action], deals: Sequence[Sequence[int]], value: Callable[[Action, list[int]], float]
) -> Values:
    return Values({a: tuple(value(a, list(hands)) for hands in deals) for a in actions})


def _bids(view: SeatView, deals: Sequence[Sequence[int]], seating: HowTheyPlay) -> Values:
    me = view.seat
    round_one = view.phase is Phase.BIDDING_1
    table = loner.LonersBid(view, seating)

    def value(action: Action, hands: list[int]) -> float:
        if action.kind is ActionKind.PASS:
            return table.after_pass(hands, me, round_one)
        suit = view.up_card.suit if round_one else action.suit
        assert suit is not None
        picked_up = round_one and not (action.alone and me.partner is view.dealer)
        return table.contract(hands, me, suit, action.alone, picked_up)[0]

    return _per_deal(view.legal_actions, deals, value)


class _Table:
    """The hand as trump was named, solved from any position of its play, the seats by
    habit playing by ``Habits``."""

    def __init__(self, view: SeatView, seating: HowTheyPlay = EVERYONE_WELL, sitting_out: Sequence[Seat] = ()) -> None:
        assert view.trump is not None and view.maker is not None
        self.view = view
        out = {*view.sitting_out, *sitting_out}
        self.active = [s for s in range(4) if Seat(s) not in out]
        habitual = seating.playing_cards_by_habit()
        habits = Habits(view.trump, view.maker, view.rules.joker, habitual) if habitual else None
        self.solver = make_solver(view.trump, view.maker.team, self.active, habits)
        self.sign = 1 if view.seat.team == view.maker.team else -1
        self.lone_defence = view.lone_defender is not None or bool(sitting_out)

    def points(self, band: int) -> float:
        view = self.view
        return self.sign * makers_points(band, view.alone, self.lone_defence, view.rules.doubled_alone_euchre)

    def from_opening_lead(self, hands: list[int]) -> float:
        view = self.view
        out = tuple(seat for seat in Seat if int(seat) not in self.active)
        leader = opening_leader(view.rules, view.dealer, view.maker, view.alone, out)
        self.solver.set_position(hands, [])
        return self.points(self.solver.band(int(leader), 0))


def _cards(view: SeatView, deals: Sequence[Sequence[int]], seating: HowTheyPlay) -> Values:
    assert view.maker is not None
    table = _Table(view, seating)
    me = int(view.seat)
    trick = [(int(s), c.index) for s, c in view.trick]
    makers_won = sum(view.tricks_won[s] for s in table.active if s % 2 == view.maker.team)
    solved: dict[tuple[int, ...], dict[int, int]] = {}  # likely deals are drawn more than once

    def value(action: Action, hands: list[int]) -> float:
        key = tuple(hands)
        bands = solved.get(key)
        if bands is None:
            table.solver.set_position(hands, trick)
            bands = solved[key] = table.solver.move_outcomes(me, makers_won)
        assert action.card is not None
        return table.points(bands[action.card.index])

    return _per_deal(view.legal_actions, deals, value)


def _discards(view: SeatView, deals: Sequence[Sequence[int]], seating: HowTheyPlay) -> Values:
    table = _Table(view, seating)
    me = int(view.seat)

    def value(action: Action, hands: list[int]) -> float:
        assert action.card is not None
        hands[me] &= ~(1 << action.card.index)
        return table.from_opening_lead(hands)

    return _per_deal(view.legal_actions, deals, value)


def _defence(view: SeatView, deals: Sequence[Sequence[int]], seating: HowTheyPlay) -> Values:
    # Passing is taken as defending together (the partner, asked next, seldom goes alone).
    together, alone = _Table(view, seating), _Table(view, seating, (view.seat.partner,))

    def value(action: Action, hands: list[int]) -> float:
        return (alone if action.kind is ActionKind.DEFEND_ALONE else together).from_opening_lead(hands)

    return _per_deal(view.legal_actions, deals, value)
