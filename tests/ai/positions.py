"""Random solver positions for comparing the two search cores (tests/ai/test_core.py and
benchmarks/core_agreement.py): every trump, both decks, lone hands, habitual seats, and
any number of cards already played (mid-trick included)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest

from euchre_qt.engine.ai.core import COMPILED, PYTHON, compiled_core, make_compiled_solver
from euchre_qt.engine.ai.habits import Habits
from euchre_qt.engine.ai.masks import cards_of, trump_tables
from euchre_qt.engine.ai.solver import PythonSolver, Solver
from euchre_qt.engine.cards import Seat, Suit

HAND = 5

MakeSolver = Callable[[Suit, int, Sequence[int], Habits | None], Solver]
# Both cores, for the tests that hold either to the same standard (the compiled one is
# skipped where it was not built; tests/ai/test_core.py says when that is an error).
SOLVERS = [
    pytest.param(PythonSolver, id=PYTHON),
    pytest.param(
        make_compiled_solver,
        id=COMPILED,
        marks=pytest.mark.skipif(compiled_core() is None, reason="the compiled search core was not built"),
    ),
]


@dataclass(frozen=True)
class SolverPosition:
    """One random position for the card search, its cards as indices."""

    trump: Suit
    makers_team: int
    active: tuple[int, ...]
    habits: Habits | None
    hands: list[int]
    trick: list[tuple[int, int]]
    turn: int
    makers_won: int


def random_position(rng: random.Random) -> SolverPosition:
    joker = rng.random() < 0.3
    trump = Suit(rng.randrange(4))
    makers_team = rng.randrange(2)
    shape = rng.random()
    if shape < 0.6:
        active = [0, 1, 2, 3]
    elif shape < 0.9:  # going alone: one seat sits out
        out = rng.randrange(4)
        active = [s for s in range(4) if s != out]
    else:  # alone against a lone defender
        out = rng.randrange(4)
        other_out = (out + rng.choice((1, 3))) % 4
        active = [s for s in range(4) if s not in (out, other_out)]
    deck = list(range(25 if joker else 24))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    keep_idle = rng.random() < 0.5  # a seat sitting out may still hold its cards (lone_defence does)
    for seat in range(4):
        if seat in active or keep_idle:
            for card in deck[seat * HAND : (seat + 1) * HAND]:
                hands[seat] |= 1 << card
    habits = None
    if rng.random() < 0.6:
        maker = rng.choice([s for s in active if s % 2 == makers_team] or [makers_team])
        seats = [Seat(s) for s in active if rng.random() < 0.5]
        habits = Habits(trump, Seat(maker), joker, seats)
    tables = trump_tables(trump)
    turn = rng.choice(active)
    trick: list[tuple[int, int]] = []
    makers_won = 0
    for _ in range(rng.randrange(len(active) * (HAND - 1) + 1)):
        hand = hands[turn]
        if trick:
            follow = hand & tables.suit_mask[tables.suit_of[trick[0][1]]]
            hand = follow or hand
        card = rng.choice(cards_of(hand))
        hands[turn] ^= 1 << card
        trick.append((turn, card))
        if len(trick) == len(active):
            turn = winner(trick, trump)
            makers_won += turn % 2 == makers_team
            trick = []
        else:
            turn = active[(active.index(turn) + 1) % len(active)]
    return SolverPosition(trump, makers_team, tuple(active), habits, hands, trick, turn, makers_won)


def winner(trick: list[tuple[int, int]], trump: Suit) -> int:
    tables = trump_tables(trump)
    led = tables.suit_of[trick[0][1]]
    following = [(tables.power[c], s) for s, c in trick if tables.suit_of[c] in (led, int(trump))]
    return max(following)[1]


def answers(solver: Solver, p: SolverPosition) -> tuple[object, ...]:
    """Everything a solver says about a position, the nodes it searched included."""
    solver.set_position(p.hands, p.trick)
    values = list(solver.move_values(p.turn).items())
    outcomes = list(solver.move_outcomes(p.turn, p.makers_won).items())
    after_values = solver.nodes
    solver.set_position(p.hands, p.trick)
    band = solver.band(p.turn, p.makers_won)
    return values, outcomes, band, after_values, solver.nodes
