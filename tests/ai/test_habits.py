"""Reading card play by a plain player's habits (``habits``): Novice's plays always read
as habitual with the cards it really held, and a read tells the holdings apart."""

from __future__ import annotations

import random

import pytest

from euchre_qt.engine import HandState, Phase, Rules, Seat
from euchre_qt.engine.actions import play
from euchre_qt.engine.ai.habits import Habits, habit_likelihood, habit_reads
from euchre_qt.engine.ai.how_they_play import HowTheyPlay
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.masks import mask_of
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.sampler import sample_worlds
from euchre_qt.engine.cards import ALL_CARDS, STRENGTH, parse_cards

from .positions import SOLVERS, MakeSolver
from .test_search import positions, trick_gained


@pytest.mark.parametrize("joker", [False, True])
def test_novice_plays_are_habitual_with_the_cards_it_held(joker: bool) -> None:
    rng = random.Random(5)
    player = NovicePlayer(seed=3)
    reads = 0
    for _ in range(60):
        state = HandState.deal(Rules(joker=joker), Seat(rng.randrange(4)), rng)
        while not state.is_over:
            assert state.turn is not None
            view = state.view(state.turn)
            if view.trump is not None:
                truth = state.view(state.turn, reveal=True).revealed_hands
                assert truth is not None
                world = [mask_of(hand) for hand in truth]
                for read in habit_reads(view, tuple(Seat)):
                    reads += 1
                    assert read.fits(world[read.seat] | read.held_after), (view.tricks, view.trick, read.seat)
            state = state.apply(player.choose(view))
    assert reads > 1000


def position(dealer: str, moves: str) -> HandState:
    return HandState.from_text(
        "S: JH 9C TC 9S KD  W: AC KC QS JS TD  N: AH KH QH JD AD  E: 9H TH QC KS AS  kitty: 9D JC TS QD",
        dealer=dealer,
    ).apply_all(moves)


def west_holding(text: str) -> list[int]:
    world = [0, 0, 0, 0]
    world[Seat.WEST] = mask_of(parse_cards(text))
    return world


def test_a_low_side_card_led_says_no_ace_and_nothing_lower() -> None:
    # North called hearts; West leads the TD. Holding an ace, or a 9 of a side suit, a
    # plain player would have led it instead.
    state = position("S", "pass, pass, pass, pass, pass, call H, TD")
    reads = habit_reads(state.view(Seat.SOUTH), (Seat.WEST,))
    assert len(reads) == 1
    # What West still holds in each guess (the TD is already on the table).
    assert habit_likelihood(west_holding("KC QS JS AC"), reads) < 1.0
    assert habit_likelihood(west_holding("KC QS JS 9S"), reads) < 1.0
    assert habit_likelihood(west_holding("KC QS JS QC"), reads) == 1.0


def test_an_opponent_who_does_not_beat_a_card_cannot_beat_it() -> None:
    # South leads the KD, West follows with the TD: holding the AD it would have taken it.
    state = position("E", "pass, pass, pass, pass, pass, pass, call H, KD, TD")
    reads = habit_reads(state.view(Seat.NORTH), (Seat.WEST,))
    assert habit_likelihood(west_holding("AC KC QS JS"), reads) == 1.0
    assert habit_likelihood(west_holding("AC KC QS AD"), reads) < 1.0


def test_only_the_named_seats_are_read() -> None:
    state = position("E", "pass, pass, pass, pass, pass, pass, call H, KD, TD, AD, 9H")
    reads = habit_reads(state.view(Seat.NORTH), (Seat.WEST, Seat.EAST))
    assert [read.seat for read in reads] == [Seat.WEST, Seat.EAST]


def test_the_habits_as_a_way_to_play_are_novices_play() -> None:
    rng = random.Random(8)
    player = NovicePlayer(seed=4)
    decisions = 0
    for _ in range(80):
        state = HandState.deal(Rules(joker=rng.random() < 0.3), Seat(rng.randrange(4)), rng)
        while not state.is_over:
            assert state.turn is not None
            view = state.view(state.turn)
            action = player.choose(view)
            if view.phase is Phase.PLAY and len(view.legal_actions) > 1:
                assert view.trump is not None and view.maker is not None and action.card is not None
                habits = Habits(view.trump, view.maker, view.rules.joker, tuple(Seat))
                trick = [(int(s), c.index) for s, c in view.trick]
                card = habits.card(mask_of(view.hand), trick, int(view.seat))
                power = STRENGTH[view.trump]
                # Novice picks at random between two aces or two nines: any of them will do.
                assert power[card] == power[action.card.index], (view.hand, view.trick, action)
                decisions += 1
            state = state.apply(action)
    assert decisions > 500


def habit_brute_force(state: HandState, makers_team: int, habits: Habits) -> int:
    """The makers' tricks from here by minimax, the habitual seats playing their habit."""
    if state.is_over:
        return 0
    assert state.turn is not None
    if int(state.turn) in habits.seats:
        trick = [(int(s), c.index) for s, c in state.trick]
        card = ALL_CARDS[habits.card(mask_of(state.hands[state.turn]), trick, int(state.turn))]
        moves = [play(card)]
    else:
        moves = list(state.legal_actions())
    values = []
    for action in moves:
        after = state.apply(action)
        values.append(trick_gained(state, after, makers_team) + habit_brute_force(after, makers_team, habits))
    return max(values) if state.turn.team == makers_team else min(values)


@pytest.mark.parametrize("make", SOLVERS)
def test_the_solver_against_habitual_opponents_matches_brute_force(make: MakeSolver) -> None:
    for state in positions(40, seed=5, min_tricks=1):
        assert state.trump is not None and state.maker is not None and state.turn is not None
        active = [s for s in range(4) if Seat(s) not in state.sitting_out]
        opponents = [s for s in (state.turn.left, state.turn.right) if int(s) in active]
        habits = Habits(state.trump, state.maker, state.rules.joker, opponents)
        solver = make(state.trump, state.maker.team, active, habits)
        solver.set_position([mask_of(h) for h in state.hands], [(int(s), c.index) for s, c in state.trick])
        values = solver.move_values(int(state.turn))
        for action in state.legal_actions():
            assert action.card is not None
            after = state.apply(action)
            expected = trick_gained(state, after, state.maker.team) + habit_brute_force(after, state.maker.team, habits)
            assert values[action.card.index] == expected, str(state)


def test_a_stricter_stray_makes_unhabitual_holdings_rarer() -> None:
    # North called hearts and West led the TD: a plain player holding a side ace would
    # have led it. The stricter the reading (a smaller ``stray``), the fewer deals give West one.
    state = position("S", "pass, pass, pass, pass, pass, call H, TD")
    view = state.view(Seat.SOUTH)
    side_aces = mask_of(parse_cards("AC AS AD"))

    def west_with_an_ace(stray: float) -> float:
        seating = HowTheyPlay.as_seen_by(Seat.SOUTH, stray=stray)
        worlds = sample_worlds(view, read_knowledge(view), random.Random(4), 400, seating)
        return sum(bool(w[Seat.WEST] & side_aces) for w in worlds) / len(worlds)

    unread, usual, strict = west_with_an_ace(1.0), west_with_an_ace(0.1), west_with_an_ace(0.01)
    assert unread > usual + 0.2 and usual > strict > 0.0
