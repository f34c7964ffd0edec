"""The calibration benchmark's erring table (benchmarks/analysis_calibration.py --erring):
one Advanced player that now and then plays a legal move at random, its decisions alone
graded, so the replays meet enough mistakes and blunders to check the losses by."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

from euchre_qt.analysis.calibration import FITTED
from euchre_qt.engine import HandState, Seat
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from tests.scripts import load_script

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "analysis_calibration.py"

# Hearts are trump, South called them and leads to the first trick.
CALLED = "S: AC AD QC 9H TD  W: 9C 9D KC KS JH  N: TC QD JS 9S TH  E: JC KD TS QS AH  kitty: AS JD QH KH"


def _benchmark() -> ModuleType:
    return load_script(BENCHMARK, "_analysis_calibration")


def test_an_erring_player_plays_its_own_choice_or_a_random_legal_move_the_same_each_time() -> None:
    bench = _benchmark()
    view = HandState.from_text(CALLED, dealer="E").apply_all("pass, pass, pass, pass, call H").view(Seat.SOUTH)
    advanced = AdvancedPlayer(seed=3)
    assert bench.ErringPlayer(advanced, 0.0, seed=3).choose(view) == advanced.choose(view)
    picks = {bench.ErringPlayer(advanced, 1.0, seed=s).choose(view) for s in range(40)}
    assert picks == set(view.legal_actions)  # every card of South's hand, by chance alone
    always = bench.ErringPlayer(advanced, 1.0, seed=5)
    assert len({always.choose(view) for _ in range(5)}) == 1  # the same position, the same move


def test_only_the_erring_seat_is_graded_each_seat_erring_in_turn() -> None:
    bench = _benchmark()
    for number in (0, 1):
        rows, _ = bench.play_and_grade(bench.Task(7, number, 16, False, 0, FITTED, 0.3))
        assert rows and {row.seat for row in rows} == {int(bench.erring_seat(number))}
        assert {row.player for row in rows} == {"erring"}
    assert [bench.erring_seat(n) for n in range(5)] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
