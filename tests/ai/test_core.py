"""The search cores: the compiled one (``_search_c/``) gives the pure-Python reference's
answers, value for value and node for node, on random positions of every kind; the
Advanced player plays the same game on either; the core is chosen as documented.

``EUCHRE_QT_REQUIRE_COMPILED=1`` (set by .ci/run) makes a missing compiled core a failure
rather than a skip, so CI tests both cores. benchmarks/core_agreement.py runs the same
comparison over 100,000 positions.
"""

from __future__ import annotations

import hashlib
import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_qt.engine import HandState, Rules, Seat
from euchre_qt.engine.ai import core
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.how_they_play import HowTheyPlay
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.masks import mask_of
from euchre_qt.engine.ai.sampler import sample_worlds
from euchre_qt.engine.ai.solver import PythonSolver
from euchre_qt.engine.cards import Suit, parse_cards

from .positions import SOLVERS, MakeSolver, answers, random_position
from .test_search import positions as hand_positions

compiled = pytest.mark.skipif(core.compiled_core() is None, reason="the compiled search core was not built")


def test_the_compiled_core_was_built_where_ci_requires_it() -> None:
    if os.environ.get("EUCHRE_QT_REQUIRE_COMPILED") == "1":
        assert core.compiled_core() is not None, "the compiled search core did not build (see hatch_build.py)"
        assert core.chosen_core() == core.COMPILED or os.environ.get(core.CORE_VARIABLE)


def both(seed: int) -> tuple[object, object]:
    p = random_position(random.Random(seed))
    python = answers(PythonSolver(p.trump, p.makers_team, p.active, p.habits), p)
    fast = answers(core.make_compiled_solver(p.trump, p.makers_team, p.active, p.habits), p)
    return python, fast


@compiled
def test_both_cores_give_the_same_answers_on_random_positions() -> None:
    for seed in range(10_000):
        python, fast = both(seed)
        assert python == fast, f"position {seed} (tests/ai/positions.py)"


@compiled
@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=2**63))
def test_both_cores_agree_wherever_hypothesis_looks(seed: int) -> None:
    python, fast = both(seed)
    assert python == fast


@pytest.mark.parametrize("make", SOLVERS)
def test_the_last_trick_is_valued_when_the_makers_take_it(make: MakeSolver) -> None:
    # S leads the right bower to the last trick: the makers (S and N) take it. The pure
    # core once searched on past the end of the hand (a card from an empty hand) here.
    south, west, north, east = parse_cards("JH AC 9D TS")
    solver = make(Suit.HEARTS, 0, (0, 1, 2, 3), None)
    solver.set_position([mask_of([c]) for c in (south, west, north, east)], [])
    assert solver.move_values(int(Seat.SOUTH)) == {south.index: 1}
    assert solver.move_outcomes(int(Seat.SOUTH), 2) == {south.index: 3}
    solver.set_position([0, mask_of([west]), mask_of([north]), mask_of([east])], [(int(Seat.SOUTH), south.index)])
    assert solver.move_values(int(Seat.WEST)) == {west.index: 1}


@compiled
@pytest.mark.parametrize(
    ("hands", "trick"),
    [
        ([1 << 30, 0, 0, 0], []),
        ([1, 2, 4], []),
        ([1, 2, 4, 8], [(5, 0)]),
        ([1, 2, 4, 8], [(0, 1), (1, 2), (2, 3), (3, 4)]),
    ],
)
def test_the_compiled_core_refuses_impossible_positions(hands: list[int], trick: list[tuple[int, int]]) -> None:
    solver = core.make_compiled_solver(Suit.SPADES, 0, (0, 1, 2, 3))
    with pytest.raises(ValueError):
        solver.set_position(hands, trick)


@pytest.mark.parametrize("make", SOLVERS)
def test_a_seat_with_no_card_to_play_is_an_error_on_either_core(make: MakeSolver) -> None:
    solver = make(Suit.SPADES, 0, (0, 1, 2, 3), None)
    solver.set_position([0, 1, 2, 4], [])
    with pytest.raises(ValueError):
        solver.move_values(0)


@compiled
def test_a_compiled_core_never_initialised_says_so_rather_than_crash() -> None:
    compiled_class = core.compiled_core()
    assert compiled_class is not None
    bare = compiled_class.__new__(compiled_class)
    with pytest.raises(RuntimeError):
        bare.set_position([1, 2, 4, 8], [])
    with pytest.raises(RuntimeError):
        bare.band(0, 0)


def advanced_game_fingerprint() -> str:
    """Every decision of four Advanced players over a few hands (both decks), hashed."""
    digest = hashlib.sha256()
    players = [
        AdvancedPlayer(seed=s, worlds=8, max_worlds=16, bid_worlds=8, max_bid_worlds=16, discard_worlds=8)
        for s in range(4)
    ]
    for n in range(12):
        state = HandState.deal(Rules(joker=n % 2 == 1), Seat(n % 4), 900 + n)
        while not state.is_over:
            assert state.turn is not None
            action = players[state.turn].decide(state.view(state.turn)).action
            digest.update(repr(action).encode())
            state = state.apply(action)
    return digest.hexdigest()


@contextmanager
def using(name: str) -> Iterator[None]:
    was = core.core_in_use()
    core.use_core(name)
    try:
        yield
    finally:
        core.use_core(was)


@compiled
def test_the_advanced_player_plays_the_same_game_on_either_core() -> None:
    with using(core.PYTHON):
        python = advanced_game_fingerprint()
    with using(core.COMPILED):
        fast = advanced_game_fingerprint()
    assert python == fast


def test_the_environment_chooses_the_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(core.CORE_VARIABLE, "python")
    assert core.chosen_core() == core.PYTHON
    monkeypatch.setenv(core.CORE_VARIABLE, "")
    assert core.chosen_core() == (core.COMPILED if core.compiled_core() is not None else core.PYTHON)
    with pytest.raises(ValueError):
        core.use_core("quantum")


@compiled
def test_both_cores_draw_the_same_deals_and_leave_the_generator_alike() -> None:
    drawn = 0
    for state in hand_positions(40, seed=8, min_tricks=0):
        for seat in Seat:
            view = state.view(seat)
            knowledge = read_knowledge(view)
            results = []
            for name in (core.PYTHON, core.COMPILED):
                rng = random.Random(seat * 1000 + len(state.tricks))
                with using(name):
                    worlds = sample_worlds(view, knowledge, rng, 12)
                results.append((worlds, rng.getstate(), rng.random()))
                drawn += len(worlds)
            assert results[0] == results[1], str(state)
    assert drawn > 1000


@compiled
def test_both_cores_read_habits_as_strictly_as_the_seating_says() -> None:
    for state in hand_positions(20, seed=9, min_tricks=1):
        view = state.view(Seat.SOUTH)
        seating = HowTheyPlay.as_seen_by(Seat.SOUTH, stray=0.01)
        results = []
        for name in (core.PYTHON, core.COMPILED):
            with using(name):
                results.append(sample_worlds(view, read_knowledge(view), random.Random(5), 24, seating))
        assert results[0] == results[1], str(state)


@compiled
def test_the_advanced_player_searches_ten_times_the_deals_on_the_compiled_core() -> None:
    with using(core.PYTHON):
        pure = AdvancedPlayer()
    with using(core.COMPILED):
        fast = AdvancedPlayer()
        chosen = AdvancedPlayer(worlds=8, max_worlds=16)
    assert (pure.worlds, pure.max_worlds, pure.max_bid_worlds, pure.discard_worlds) == (16, 96, 96, 64)
    assert (fast.worlds, fast.max_worlds, fast.max_bid_worlds, fast.discard_worlds) == (160, 960, 960, 640)
    assert (chosen.worlds, chosen.max_worlds, chosen.max_bid_worlds) == (8, 16, 960)


@compiled
def test_a_compiled_core_built_from_other_sources_is_not_used(tmp_path: Path) -> None:
    from euchre_qt.engine.ai import _search
    from euchre_qt.engine.ai.core_sources import SOURCE_DIR, source_digest

    sources = tmp_path / "_search_c"
    sources.mkdir()
    (sources / "solver.c").write_bytes(b"/* the sources as they were built */")
    (sources / "constants.h").write_bytes(b"#define MADE 3")
    digest = source_digest(sources)
    assert core._built_from(digest, sources)
    (sources / "constants.h").write_bytes(b"#define MADE 4")  # a header changed: an editable install not rebuilt
    assert not core._built_from(digest, sources)
    (sources / "constants.h").write_bytes(b"#define MADE 3")
    (sources / "draw.c").write_bytes(b"/* a file added since */")
    assert not core._built_from(digest, sources)
    assert core._built_from(digest, tmp_path / "no sources here (an installed wheel)")
    if SOURCE_DIR.is_dir():  # the module in use was built from the sources beside it
        assert core._built_from(_search.SOURCE_DIGEST, SOURCE_DIR)
