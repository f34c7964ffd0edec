"""The Advanced player's parts: the double-dummy solver against brute force, and the
sampler's deals against what the seat knows."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from euchre_qt.engine import Card, HandState, Phase, Rules, Seat
from euchre_qt.engine.ai.bidding_model import PARTNERSHIP, POINT_COUNT, BidStyle, order_probability
from euchre_qt.engine.ai.how_they_play import HowTheyPlay
from euchre_qt.engine.ai.knowledge import OUT, read_knowledge
from euchre_qt.engine.ai.masks import cards_of, mask_of
from euchre_qt.engine.ai.sampler import _resample, _UnseenCards, sample_worlds
from euchre_qt.engine.ai.solver import Solver
from euchre_qt.engine.cards import EFFECTIVE_SUIT, NO_TRUMP, parse_cards

from .positions import SOLVERS, MakeSolver

# West deals and turns up the KS (the table of the sampler's tests).
WEST_DEALS = "S: 9C TC QD 9H TH  W: AC KC JH QH KH  N: JS AS QS TS 9D  E: AD TD JD AH QC  kitty: KS 9S JC KD"


def trick_gained(before: HandState, after: HandState, makers_team: int) -> int:
    """1 if the move from ``before`` to ``after`` finished a trick the makers won."""
    if len(after.tricks) == len(before.tricks):
        return 0
    winner = after.tricks[-1].winner
    return 1 if winner is not None and winner.team == makers_team else 0


def brute_force(state: HandState, makers_team: int) -> int:
    """The makers' tricks from here by plain minimax over the engine's own states."""
    if state.is_over:
        return 0
    values = []
    for action in state.legal_actions():
        after = state.apply(action)
        values.append(trick_gained(state, after, makers_team) + brute_force(after, makers_team))
    assert state.turn is not None
    return max(values) if state.turn.team == makers_team else min(values)


def positions(count: int, seed: int, min_tricks: int) -> Iterator[HandState]:
    rng = random.Random(seed)
    found = 0
    while found < count:
        rules = Rules(joker=rng.random() < 0.3, lone_defender=rng.random() < 0.3)
        state = HandState.deal(rules, Seat(rng.randrange(4)), rng)
        while not state.is_over and state.phase is not Phase.PLAY:
            legal = state.legal_actions()
            bids = [a for a in legal if a.is_bid]
            state = state.apply(rng.choice(bids) if bids and rng.random() < 0.6 else rng.choice(legal))
        for _ in range(rng.randrange(0, 8)):
            if state.is_over:
                break
            state = state.apply(rng.choice(state.legal_actions()))
        if state.is_over or len(state.tricks) < min_tricks:
            continue
        found += 1
        yield state


def solver_for(state: HandState, make: MakeSolver) -> Solver:
    assert state.trump is not None and state.maker is not None
    active = [s for s in range(4) if Seat(s) not in state.sitting_out]
    solver = make(state.trump, state.maker.team, active, None)
    solver.set_position([mask_of(h) for h in state.hands], [(int(s), c.index) for s, c in state.trick])
    return solver


@pytest.mark.parametrize("make", SOLVERS)
def test_solver_matches_brute_force_for_every_move(make: MakeSolver) -> None:
    for state in positions(60, seed=1, min_tricks=2):
        assert state.maker is not None and state.turn is not None
        makers = state.maker.team
        values = solver_for(state, make).move_values(int(state.turn))
        for action in state.legal_actions():
            after = state.apply(action)
            assert action.card is not None
            expected = trick_gained(state, after, makers) + brute_force(after, makers)
            assert values[action.card.index] == expected, str(state)


@pytest.mark.parametrize("make", SOLVERS)
def test_scoring_bands_agree_with_exact_values(make: MakeSolver) -> None:
    for state in positions(60, seed=2, min_tricks=0):
        assert state.maker is not None and state.turn is not None
        won = sum(state.tricks_won[s] for s in range(4) if s % 2 == state.maker.team)
        exact = solver_for(state, make).move_values(int(state.turn))
        bands = solver_for(state, make).move_outcomes(int(state.turn), won)
        for card, tricks in exact.items():
            total = won + tricks
            assert bands[card] == (2 if total < 3 else 3 if total < 5 else 5)


def test_sampled_deals_respect_everything_the_seat_knows() -> None:
    rng = random.Random(3)
    for state in positions(80, seed=4, min_tricks=0):
        for seat in Seat:
            view = state.view(seat)
            known = read_knowledge(view)
            suits = EFFECTIVE_SUIT[NO_TRUMP if state.trump is None else state.trump]
            for world in sample_worlds(view, known, rng, 6):
                assert world[seat] == known.mine
                others = [world[s] for s in range(5) if s != seat]
                dealt = others[0] | others[1] | others[2] | others[3]
                for other in range(4):
                    if other == seat or Seat(other) in state.sitting_out:
                        continue
                    assert world[other] & known.holds[other] == known.holds[other]
                    assert world[other].bit_count() == known.holds[other].bit_count() + known.need[other]
                    for card in cards_of(world[other]):
                        suit = suits[card]
                        assert suit is None or not known.voids[other] >> int(suit) & 1
                # Nothing already played, and nothing of mine, is dealt again.
                assert dealt & known.played == 0
                assert dealt & known.mine == 0


def test_deals_are_uniform_among_those_that_fit_the_voids() -> None:
    # South, in the first trick: West, void in diamonds, never gets one, and an unseen
    # spade goes to each place as often as in a uniform deal of the cards that fit.
    state = HandState.from_text(
        WEST_DEALS,
        dealer="W",
    ).apply_all("pass, pass, pass, pass, pass, pass, call H, 9D, TD, QD, AC")
    view = state.view(Seat.SOUTH)
    known = read_knowledge(view)
    assert known.voids[Seat.WEST]  # West did not follow diamonds
    rng = random.Random(5)
    unseen = _UnseenCards(known, view.trump)
    worlds = [w for w in (unseen.deal(rng) for _ in range(4000)) if w is not None]
    share = {s: sum(1 for w in worlds if w[s] & (1 << parse_cards("AS")[0].index)) / len(worlds) for s in range(5)}
    # Every deal that fits the facts is equally likely: West's four cards are any four of
    # the 13 unseen non-diamonds, and the rest go anywhere among the other 11 places.
    room = {Seat.NORTH: 4, Seat.EAST: 4, OUT: 3}
    assert [known.need[Seat.WEST], *(known.need[s] for s in (Seat.NORTH, Seat.EAST)), known.out_count] == [4, 4, 4, 3]
    assert abs(share[Seat.WEST] - 4 / 13) < 0.025
    for place, slots in room.items():
        assert abs(share[place] - 9 / 13 * slots / 11) < 0.025
    assert not any(w[Seat.WEST] & mask_of(parse_cards("KD 9D")) for w in worlds)


def test_sampler_still_deals_when_the_facts_cannot_all_hold() -> None:
    # A "certain" fact can be wrong (a dealer may discard the card just picked up): with
    # facts no deal satisfies, the sampler drops them step by step rather than give up.
    state = HandState.deal(Rules(), Seat.EAST, 12)
    state = state.apply_all("order")
    state = state.apply(state.legal_actions()[0])
    view = state.view(Seat.SOUTH)
    impossible = replace(read_knowledge(view), voids=(15, 15, 15, 15))
    worlds = sample_worlds(view, impossible, random.Random(1), 1)
    assert len(worlds) == 1
    assert worlds[0][Seat.SOUTH] == impossible.mine


def test_resampling_takes_deals_in_proportion_to_how_likely_they_are() -> None:
    worlds = [[1, 0, 0, 0, 0], [2, 0, 0, 0, 0], [4, 0, 0, 0, 0], [8, 0, 0, 0, 0]]
    chosen = _resample(worlds, [0.0, 1.0, 0.0, 3.0], 4, random.Random(5))
    assert sorted(w[0] for w in chosen) == [2, 8, 8, 8]
    # No evidence at all (every weight zero): fall back to taking them as they come.
    assert len(_resample(worlds, [0.0] * 4, 2, random.Random(5))) == 2


def test_a_partner_is_read_as_bidding_like_me_and_opponents_as_point_counters() -> None:
    assert HowTheyPlay.as_seen_by(Seat.SOUTH).style(Seat.NORTH) is PARTNERSHIP
    assert HowTheyPlay.as_seen_by(Seat.SOUTH).style(Seat.EAST) is POINT_COUNT
    # A pass by my partner with a point counter's order-up hand is no surprise: it orders
    # away from the dealer's seat only with far more.
    hand = parse_cards("JS AS 9S AH 9D")
    up = Card.parse("KS")
    passed_by_partner = order_probability(mask_of(hand), up, Seat.NORTH, Seat.EAST, PARTNERSHIP)
    passed_by_opponent = order_probability(mask_of(hand), up, Seat.WEST, Seat.EAST, POINT_COUNT)
    assert passed_by_partner < 0.5 < passed_by_opponent


def test_a_partner_who_ordered_up_is_dealt_trump_more_often_than_chance() -> None:
    # West deals and turns the KS; North, my partner, orders it up at once. In the deals
    # the sampler hands me, North holds far more spades than a blind deal gives it.
    state = HandState.from_text(
        WEST_DEALS,
        dealer="W",
    ).apply_all("order, discard KH")
    view = state.view(Seat.SOUTH)
    known = read_knowledge(view)
    spades = mask_of(parse_cards("JS JC AS KS QS TS 9S"))
    rng = random.Random(2)

    def north_spades(worlds: list[list[int]]) -> float:
        return sum((w[Seat.NORTH] & spades).bit_count() for w in worlds) / len(worlds)

    blind = [w for w in (_UnseenCards(known, view.trump).deal(rng) for _ in range(400)) if w is not None]
    read = sample_worlds(view, known, rng, 400)
    assert north_spades(read) > north_spades(blind) + 0.5


def test_how_a_partner_bids_is_what_its_pass_is_read_by() -> None:
    # West deals and turns the KS; North, my partner, passes it. Taken to order up with
    # little (a low bar), its pass says it holds few spades; taken to order up only with a
    # great hand, its pass says next to nothing.
    state = HandState.from_text(WEST_DEALS, dealer="W").apply_all("pass, pass")
    assert state.turn is Seat.SOUTH
    view = state.view(Seat.SOUTH)
    known = read_knowledge(view)
    spades = mask_of(parse_cards("JS JC AS KS QS TS 9S"))

    def north_spades(partnership: BidStyle) -> float:
        seating = HowTheyPlay.as_seen_by(Seat.SOUTH, partnership=partnership)
        worlds = sample_worlds(view, known, random.Random(3), 400, seating)
        return sum((w[Seat.NORTH] & spades).bit_count() for w in worlds) / len(worlds)

    eager, reluctant = replace(PARTNERSHIP, order=3.0, spread=0.3), replace(PARTNERSHIP, order=14.0, spread=0.3)
    assert HowTheyPlay.as_seen_by(Seat.SOUTH, partnership=eager).style(Seat.NORTH) is eager
    assert north_spades(eager) < north_spades(reluctant) - 0.3
