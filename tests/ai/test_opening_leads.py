"""The strategy-fusion measure of benchmarks/opening_leads.py: the same sampled deals valued
as the card search values them (the leader seeing every card from its next turn) and with
the leader's next card one card for every deal it cannot tell apart by then."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

from euchre_qt.engine import HandState, Seat
from euchre_qt.engine.ai.card_search import table_solver
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.sampler import sample_worlds
from euchre_qt.engine.view import SeatView
from tests.scripts import load_script

BENCHMARK = Path(__file__).resolve().parents[2] / "benchmarks" / "opening_leads.py"

# Hearts are trump, South called them and leads to the first trick.
CALLED = "S: AC AD QC 9H TD  W: 9C 9D KC KS JH  N: TC QD JS 9S TH  E: JC KD TS QS AH  kitty: AS JD QH KH"


def _benchmark() -> ModuleType:
    return load_script(BENCHMARK, "_opening_leads")


def _lead() -> tuple[SeatView, list[list[int]]]:
    view = HandState.from_text(CALLED, dealer="E").apply_all("pass, pass, pass, pass, call H").view(Seat.SOUTH)
    worlds = sample_worlds(view, read_knowledge(view), random.Random(7), 200)
    return view, worlds


def test_the_fused_values_are_the_card_searchs_own() -> None:
    view, worlds = _lead()
    bench = _benchmark()
    fused = bench.lead_values(view, worlds)[bench.FUSED]
    solver, points = table_solver(view)
    totals: dict[int, float] = dict.fromkeys(fused, 0.0)
    for world in worlds:
        hands = world[:4]
        hands[int(Seat.SOUTH)] = read_knowledge(view).mine
        solver.set_position(hands, [])
        for card, band in solver.move_outcomes(int(Seat.SOUTH), 0).items():
            totals[card] += points(band)
    assert fused == {card: total / len(worlds) for card, total in totals.items()}


def test_one_next_card_for_deals_the_leader_cannot_tell_apart_is_worth_no_more_and_sometimes_less() -> None:
    view, worlds = _lead()
    bench = _benchmark()
    values = bench.lead_values(view, worlds)
    fused = values[bench.FUSED]
    for way in (bench.GROUPED, bench.HELD_OUT):
        assert all(values[way][card] <= fused[card] + 1e-12 for card in fused)
        assert any(values[way][card] < fused[card] for card in fused)  # with 200 deals some groups need one card
    alone = bench.lead_values(view, worlds[:1])  # a lone deal is told apart from none
    assert alone[bench.GROUPED] == alone[bench.FUSED]


def test_held_out_a_lone_deal_is_played_by_habit_having_no_deals_to_choose_by() -> None:
    view, worlds = _lead()
    bench = _benchmark()
    observer = bench._Observer(view)
    hands = worlds[0][:4]
    hands[int(Seat.SOUTH)] = read_knowledge(view).mine
    held_out = bench.lead_values(view, worlds[:1])[bench.HELD_OUT]
    for lead, value in held_out.items():
        turn = observer.to_next_turn(hands, lead)
        assert value == turn.values[turn.by_habit]
