"""The Advanced player (A2): counts cards, reads the bidding and the play, and searches.

Card play: deal the unseen cards in ways that agree with what this seat knows
(``knowledge`` for the certain facts, ``sampler`` weighting the deals by how well they
explain the others' bids and plays), solve each deal double-dummy (``solver``) for the
scoring band every legal card leads to, and play the card with the best expected points.
Deals are added in batches until the best card is clearly ahead or clearly no better
than the next (``_settled``). The opponents are taken to play by a plain player's habits
(``habits``: aces led, tricks taken as cheaply as possible, trumping in when void), as
most people and every Novice do: the solver plays their cards so, and the same habits
read their plays when dealing the unseen cards. Two
corrections cover what double-dummy play cannot see:
a small cost for taking over partner's winning trick or leading a lone ace into a
loner (``_hazard``), and a good player's habits among cards that score the same
(``_preference``).

The dealer's discard is played out the same way, each card it could throw over the
same deals, from the opening lead.

Bidding (``bid_search``): each possible bid is played out in the sampled deals, the
dealer's pick-up and discard included, and so is passing, with the other players bidding
as a point-counting player would and the opponents playing the cards by habit. Results
count by what they are worth at the score (``score_worth``: a point the opponents need
to go out costs the game), and a bid must beat passing by a margin, ``bar``. Going
alone and defending alone are judged likewise.

``OraclePlayer`` is the "They see all" mode (A3): the same player handed every hand.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import NamedTuple, TypeVar

from .. import actions as act
from ..actions import Action, ActionKind
from ..cards import ALL_CARDS, STRENGTH, Card, Rank, Seat, Suit, effective_suit
from ..tricks import winning_index
from ..view import Phase, SeatView
from .bid_search import DealTable, Estimate, estimate, makers_points, world_hands
from .evaluation import best_discard, describe_hand, trick_estimate
from .habits import Habits
from .knowledge import Knowledge, read_knowledge
from .novice import top_trump
from .player import ComputerPlayer, Decision, decision_rng
from .sampler import World, sample_worlds
from .score_worth import ScoreWorth
from .solver import Solver, mask_of

# Hands too weak to bid skip the simulation.
_HOPELESS = 1.2
# A defender must expect to take most tricks alone before trying it.
_LONE_DEFENCE_FLOOR = 2.2
# What a move that double-dummy play cannot judge is assumed to cost (see _hazard).
_HAZARD = 0.25
# Leading a low side card when partner called and I hold trump (see _hazard); more
# when I hold the top trump, which a partner who called most needs to see led.
_UNSUPPORTED = 0.2
_UNSUPPORTED_TOP = 0.5
# Two cards whose expected points surely differ by less than this need no more deals.
_CLOSE_ENOUGH = 0.2
# Cards whose expected points are this close count as equally good.
_NEAR_TIE = 0.05
# Lone hands do better than their double-dummy estimate (calibrated: +2.76 points made
# against +2.10 expected, 41 loners), so going alone gets a head start over a partnership.
_ALONE_MARGIN = -0.2
# Going alone is looked at only when the bid is made this often with partner, and this
# hand alone should take this many tricks.
_ALONE_MAKE_RATE = 0.7
_ALONE_OWN = 2.2


_Choice = TypeVar("_Choice")


class Weighing(NamedTuple):
    """The best bid weighed against passing over one set of sampled deals."""

    value: float  # what the bid is chosen by: its expected points, a lone hand's head start added
    action: Action
    bid: Estimate
    passing: Estimate | None  # None when I must bid


def _settled(scores: Mapping[_Choice, Sequence[float]], close: float = _CLOSE_ENOUGH) -> bool:
    """Is the choice made? Either the best option is clearly ahead of the runner-up
    (paired over the same deals), or the two are clearly within ``close`` of each other."""
    ranked = sorted(scores.values(), key=lambda v: -sum(v))
    if len(ranked) < 2:
        return True
    diffs = [a - b for a, b in zip(ranked[0], ranked[1], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = (sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)) ** 0.5
    error = 2.0 * spread / n**0.5
    return bool(mean > error or mean + error < close)


class AdvancedPlayer(ComputerPlayer):
    """Card-counting, inferring, searching (see the module notes).

    ``worlds``: deals per batch when playing a card, ``max_worlds`` at most;
    ``bid_worlds`` and ``max_bid_worlds`` likewise for judging a bid; ``discard_worlds``
    for the dealer's discard (0: by the hand's shape alone); ``bar``: how much better than passing
    (in expected points, weighed by the score) a bid must be; ``think_ms``: an optional cap
    on the time per card or bid decision (the window uses it). ``habits``: expect the opponents
    to play by a plain player's habits (read their plays so, and play the cards
    against them so; ``habit_bids``: play bids out against them too). With ``think_ms``
    unset every decision is reproducible from ``seed`` and the view.
    """

    name = "advanced"

    def __init__(
        self,
        seed: int = 0,
        think_ms: int | None = None,
        worlds: int = 16,
        max_worlds: int = 96,
        bar: float = 0.5,
        bid_worlds: int = 16,
        max_bid_worlds: int = 96,
        habits: bool = True,
        habit_bids: bool = True,
        discard_worlds: int = 64,
    ) -> None:
        super().__init__(seed)
        self.think_ms = think_ms
        self.worlds = worlds
        self.base_bar = bar
        self.max_worlds = max_worlds
        self.bid_worlds = bid_worlds
        self.max_bid_worlds = max_bid_worlds
        self.habits = habits
        self.habit_bids = habits and habit_bids
        self.discard_worlds = discard_worlds

    def decide(self, view: SeatView) -> Decision:
        legal = self.legal(view)
        if len(legal) == 1:
            return Decision(legal[0], "the only legal move")
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
            return Decision(act.THROW_IN, "a farmer's hand: nothing but nines and tens, so throw it in")
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
        return sample_worlds(view, knowledge, rng, count or self.worlds, self.habits)

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

    def _deadline(self) -> float | None:
        return None if self.think_ms is None else time.perf_counter() + self.think_ms / 1000.0

    # --- play ---------------------------------------------------------------------

    def _table_solver(self, view: SeatView) -> tuple[Solver, Callable[[int], int]]:
        """A solver for this hand as trump was named (the opponents playing by habit),
        and what a final trick band is worth to my side."""
        assert view.trump is not None and view.maker is not None
        makers = view.maker.team
        active = [s for s in range(4) if Seat(s) not in view.sitting_out]
        opponents = (view.seat.left, view.seat.right)
        habits = Habits(view.trump, view.maker, view.rules.joker, opponents) if self.habits else None
        sign = 1 if view.seat.team == makers else -1
        lone = view.lone_defender is not None
        doubled = view.rules.doubled_alone_euchre

        def points(band: int) -> int:
            return sign * makers_points(band, view.alone, lone, doubled)

        return Solver(view.trump, makers, active, habits), points

    def _play(self, view: SeatView) -> Decision:
        assert view.trump is not None and view.maker is not None
        knowledge = read_knowledge(view)
        me = int(view.seat)
        solver, points = self._table_solver(view)
        trick = [(int(s), c.index) for s, c in view.trick]
        makers_won = sum(view.tricks_won[s] for s in range(4) if s % 2 == view.maker.team)
        cards = [a.card.index for a in view.legal_actions if a.card is not None]
        scores: dict[int, list[int]] = {c: [] for c in cards}
        deadline = self._deadline()
        worlds = self._play_worlds(view, knowledge)
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
            if used % self.worlds == 0 and len(solved) >= self.worlds and _settled(scores):
                break
            if deadline is not None and used >= 4 and time.perf_counter() > deadline:
                break
        means = {c: (sum(v) / len(v) if v else 0.0) - _hazard(view, ALL_CARDS[c]) for c, v in scores.items()}
        top = max(means.values())
        # Double-dummy play often finds several cards about equally good; among those,
        # play as a strong human would, since real opponents do not see every card.
        near = [ALL_CARDS[c] for c in cards if means[c] >= top - _NEAR_TIE]
        choice = max(near, key=lambda c: _preference(view, c))
        deals = len(scores[choice.index])
        best_in = sum(1 for i in range(deals) if scores[choice.index][i] == max(v[i] for v in scores.values()))
        reason = _play_reason(view, choice, means[choice.index], best_in, deals)
        return Decision(act.play(choice), reason)

    # --- bidding ----------------------------------------------------------------

    def _bid(self, view: SeatView) -> Decision:
        legal = view.legal_actions
        round_one = view.phase is Phase.BIDDING_1
        up = view.up_card
        if round_one:
            assert up.suit is not None
            suits = [up.suit]
        else:
            suits = sorted(
                {a.suit for a in legal if a.kind is ActionKind.CALL and a.suit is not None},
                key=lambda s: -self._own_estimate(view, s),
            )
        must_bid = act.PASS not in legal
        strongest = self._own_estimate(view, suits[0])
        if strongest < _HOPELESS and not must_bid:
            held = describe_hand(self._hand_for(view, suits[0]), suits[0])
            return Decision(act.PASS, f"pass: with {suits[0].name.lower()} as trump this hand has {held}: too weak")
        # Search only the suits worth it (a dealer who must call: the two best).
        suits = suits[:2] if must_bid else [s for s in suits if self._own_estimate(view, s) >= _HOPELESS]
        weighing = self._weigh_bids(view, suits, must_bid)
        action, bid, passing = weighing.action, weighing.bid, weighing.passing
        if passing is None or weighing.value - passing.points > self._bar(view):
            return Decision(action, self._bid_reason(view, action, bid, passing))
        return Decision(act.PASS, self._pass_reason(action, bid, passing))

    def _weigh_bids(self, view: SeatView, suits: Sequence[Suit], must_bid: bool) -> Weighing:
        """The best bid among ``suits`` and, unless I must bid, what passing is worth.

        Deals come in batches of ``bid_worlds`` until the best choice is clearly ahead,
        there are ``max_bid_worlds`` or the thinking time is up. Few deals make a bid
        that only looks better than passing by the luck of the draw: valued by real
        play-outs of 7,000 bidding decisions, going on to up to 96 deals where the choice
        is close gained about 0.03 points a hand over a flat 16, nearly all of it in
        orders that should have been passes."""
        me = view.seat
        knowledge = read_knowledge(view)
        rng = decision_rng(self.seed, view)
        table = DealTable(view.rules, view.dealer, view.up_card, (me.left, me.right) if self.habit_bids else ())
        mine = mask_of(view.hand)
        worth = ScoreWorth(view.rules.points_to_win, view.our_score, view.their_score)
        deadline = self._deadline()
        deals: list[list[int]] = []
        while True:
            batch = [world_hands(w, me, mine) for w in self._worlds(view, knowledge, self.bid_worlds, rng)]
            deals += batch
            weighing, choices = self._weigh_on(view, suits, must_bid, table, worth, deals)
            if (
                not batch
                or self.sees_all
                or len(deals) >= self.max_bid_worlds
                or _settled(choices, close=0.0)
                or (deadline is not None and time.perf_counter() > deadline)
            ):
                return weighing

    def _weigh_on(
        self,
        view: SeatView,
        suits: Sequence[Suit],
        must_bid: bool,
        table: DealTable,
        worth: ScoreWorth,
        deals: Sequence[Sequence[int]],
    ) -> tuple[Weighing, dict[Action, list[float]]]:
        """The weighing over ``deals``, and each choice's value per deal as it is chosen by
        (a lone hand's head start added, passing's ``_bar``)."""
        round_one = view.phase is Phase.BIDDING_1
        me = view.seat
        options: list[tuple[float, Action, Estimate]] = []
        choices: dict[Action, list[float]] = {}

        def weigh(action: Action, results: Sequence[tuple[float, int]], head_start: float) -> Estimate:
            judged = [(worth(points), band) for points, band in results]
            choices[action] = [points + head_start for points, _ in judged]
            return estimate(judged)

        for suit in suits:
            action = act.order_up() if round_one else act.call(suit)
            team = weigh(action, [table.contract(h, me, suit, False, round_one) for h in deals], 0.0)
            options.append((team.points, action, team))
            if self._alone_worth_trying(view, suit, team):
                no_pickup = round_one and me.partner is view.dealer
                alone = act.order_up(True) if round_one else act.call(suit, True)
                results = [table.contract(h, me, suit, True, round_one and not no_pickup) for h in deals]
                solo = weigh(alone, results, -_ALONE_MARGIN)
                options.append((solo.points - _ALONE_MARGIN, alone, solo))
        value, action, bid = max(options, key=lambda o: o[0])
        passing = None
        if not must_bid:
            passing = weigh(act.PASS, [(table.after_pass(h, me, round_one), 0) for h in deals], self._bar(view))
        return Weighing(value, action, bid, passing), choices

    def _own_estimate(self, view: SeatView, trump: Suit) -> float:
        return trick_estimate(self._hand_for(view, trump), trump)

    def _hand_for(self, view: SeatView, trump: Suit) -> list[Card]:
        """My hand as it would be with ``trump``: the dealer in round 1 picks up first."""
        hand = list(view.hand)
        if view.phase is Phase.BIDDING_1 and view.seat is view.dealer:
            hand.append(view.up_card)
            keep = None if view.rules.dealer_may_discard_up_card else view.up_card
            hand.remove(best_discard(hand, trump, keep))
        return hand

    def _alone_worth_trying(self, view: SeatView, trump: Suit, team: Estimate) -> bool:
        needed = view.rules.points_to_win - view.our_score
        return needed > 2 and team.make_rate >= _ALONE_MAKE_RATE and self._own_estimate(view, trump) >= _ALONE_OWN

    def _bar(self, view: SeatView) -> float:
        """How much a bid must beat passing by. The margin guards against double-dummy
        optimism; when the opponents are a hand from going out, keeping trump from them
        matters more, and any bid at least as good as passing is made."""
        return 0.0 if view.their_score >= view.rules.points_to_win - 2 else self.base_bar

    def _bid_reason(self, view: SeatView, action: Action, bid: Estimate, passing: Estimate | None) -> str:
        suit = action.suit or view.up_card.suit
        assert suit is not None
        tricks = self._own_estimate(view, suit)
        held = describe_hand(self._hand_for(view, suit), suit)
        text = (
            f"{_say(action)}: {held}; about {tricks:.1f} tricks from this hand, "
            f"made in {bid.make_rate:.0%} of likely deals ({bid.points:+.2f} points expected"
        )
        if passing is not None:
            text += f", {passing.points:+.2f} if we pass"
        return text + ")"

    def _pass_reason(self, action: Action, bid: Estimate, passing: Estimate) -> str:
        return (
            f"pass: {_say(action)} would be made in {bid.make_rate:.0%} of likely deals ({bid.points:+.2f} points "
            f"expected), passing is worth {passing.points:+.2f}"
        )

    # --- discard and lone defence ---------------------------------------------------

    def _discard(self, view: SeatView) -> Decision:
        assert view.trump is not None
        keep = None if view.rules.dealer_may_discard_up_card else view.up_card
        card = best_discard(view.hand, view.trump, keep)
        if self.discard_worlds:
            card = self._searched_discard(view, card)
        rest = [c for c in view.hand if c is not card]
        return Decision(act.discard(card), f"discard {card}: that keeps {describe_hand(rest, view.trump)}")

    def _searched_discard(self, view: SeatView, plain: Card) -> Card:
        """The discard that plays best over up to ``discard_worlds`` sampled deals, solved
        from the opening lead; ``plain`` (``best_discard``'s) unless another is clearly
        better. A trump is thrown only from a hand of nothing else."""
        assert view.trump is not None
        me = int(view.seat)
        solver, points = self._table_solver(view)
        knowledge = read_knowledge(view)
        leader = solver.next_seat[int(view.dealer)]
        legal = [a.card for a in view.legal_actions if a.card is not None]
        cards = [c for c in legal if effective_suit(c, view.trump) is not view.trump] or legal
        if plain not in cards:
            return plain
        scores: dict[Card, list[int]] = {c: [] for c in cards}
        solved: dict[tuple[int, ...], list[int]] = {}
        for used, world in enumerate(self._worlds(view, knowledge, self.discard_worlds), 1):
            key = tuple(world)
            if key not in solved:
                hands = world[:4]
                solved[key] = []
                for card in cards:
                    hands[me] = knowledge.mine & ~(1 << card.index)
                    solver.set_position(hands, [])
                    solved[key].append(points(solver.band(leader, 0)))
            for card, value in zip(cards, solved[key], strict=True):
                scores[card].append(value)
            if used % self.worlds == 0 and _settled(scores):
                break
        means = {c: sum(v) / max(len(v), 1) for c, v in scores.items()}
        best = max(cards, key=lambda c: means[c])
        return plain if means[plain] >= means[best] - _NEAR_TIE else best

    def _defend(self, view: SeatView) -> Decision:
        assert view.trump is not None and view.maker is not None
        own = trick_estimate(view.hand, view.trump)
        if own < _LONE_DEFENCE_FLOOR:
            return Decision(act.PASS, "pass: not strong enough to defend alone")
        knowledge = read_knowledge(view)
        worlds = self._worlds(view, knowledge)
        together = self._defence_value(view, worlds, alone=False)
        solo = self._defence_value(view, worlds, alone=True)
        if solo > together + 0.2:
            return Decision(
                act.DEFEND_ALONE, f"defend alone: {solo:+.2f} points expected against {together:+.2f} with partner"
            )
        return Decision(act.PASS, f"pass: defending alone is worth {solo:+.2f}, with partner {together:+.2f}")

    def _defence_value(self, view: SeatView, worlds: Sequence[World], alone: bool) -> float:
        assert view.trump is not None and view.maker is not None
        me = int(view.seat)
        makers = view.maker.team
        out = {int(s) for s in view.sitting_out}
        if alone:
            out.add((me + 2) % 4)
        active = [s for s in range(4) if s not in out]
        solver = Solver(view.trump, makers, active)
        leader = (int(view.dealer) + 1) % 4
        while leader not in active:
            leader = (leader + 1) % 4
        total = 0.0
        for world in worlds:
            hands = world[:4]
            hands[me] = mask_of(view.hand)
            solver.set_position(hands, [])
            band = solver.band(leader, 0)
            total -= makers_points(band, view.alone, alone, view.rules.doubled_alone_euchre)
        return total / max(len(worlds), 1)


class OraclePlayer(AdvancedPlayer):
    """ "They see all": the Advanced player shown every hand (A3). A cheat, on purpose."""

    name = "oracle"
    sees_all = True


def _say(action: Action) -> str:
    """A bid in words: "order up", "call hearts and go alone"."""
    if action.kind is ActionKind.ORDER_UP:
        words = "order up"
    elif action.kind is ActionKind.CALL and action.suit is not None:
        words = f"call {action.suit.name.lower()}"
    else:
        return str(action)
    return words + (" and go alone" if action.alone else "")


def _hazard(view: SeatView, card: Card) -> float:
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


def _preference(view: SeatView, card: Card) -> float:
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
            return 1000 - power
        return -power
    partner_called = view.maker is view.seat.partner and not view.alone
    if suit is trump:
        return 3000 + power if partner_called else power
    against_loner = view.alone and view.maker.team != view.seat.team
    if card.rank is Rank.ACE and not against_loner:
        return 2000
    length = sum(1 for c in view.hand if effective_suit(c, trump) is suit)
    return 100 * length - power


def _play_reason(view: SeatView, card: Card, mean: float, best_in: int, deals: int) -> str:
    assert view.trump is not None and view.maker is not None
    trump = view.trump
    is_trump = effective_suit(card, trump) is trump
    if not view.trick:
        if is_trump and view.maker.team == view.seat.team and view.maker is not view.seat:
            why = "lead trump to a partner who called it"
        elif is_trump:
            why = "lead trump to draw the defenders' trumps"
        else:
            why = "lead it"
    else:
        cards = [c for _, c in view.trick]
        winner_seat = view.trick[winning_index(cards, trump)][0]
        wins = winning_index([*cards, card], trump) == len(cards)
        if winner_seat is view.seat.partner and not wins:
            why = "partner is winning this trick, so play low"
        elif wins:
            why = "take the trick"
        else:
            why = "this trick cannot be won, so throw the cheapest card"
    return f"play {card}: {why} (best in {best_in} of {deals} likely deals, {mean:+.2f} points expected)"
