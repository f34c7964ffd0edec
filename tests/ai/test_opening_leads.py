"""The strategy-fusion measure of benchmarks/opening_leads.py: the same sampled deals valued
as the card search values them (the leader seeing every card from its next turn) and with
the leader's next card one card for every deal it cannot tell apart by then."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path
from types import ModuleType
from typing import Any

from euchre_qt.engine import HandState, Seat
from euchre_qt.engine.ai.card_search import choose_card, table_solver
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


def test_held_out_is_worth_no_more_than_grouped() -> None:
    # the card chosen on one half is the best there: so scoring each half by the other's
    # choice is never above one best card for the whole group
    view, worlds = _lead()
    bench = _benchmark()
    values = bench.lead_values(view, worlds)
    assert all(values[bench.HELD_OUT][card] <= values[bench.GROUPED][card] + 1e-12 for card in values[bench.FUSED])


def _turns(view: SeatView, world: list[int]) -> dict[int, Any]:
    observer = _benchmark()._Observer(view)
    hands = world[:4]
    hands[int(Seat.SOUTH)] = read_knowledge(view).mine
    return {a.card.index: observer.to_next_turn(hands, a.card.index) for a in view.legal_actions if a.card}


def test_held_out_a_lone_deal_is_played_by_habit_having_no_other_deal_to_choose_by() -> None:
    view, worlds = _lead()
    bench = _benchmark()
    for world in worlds:  # a deal where the habit's card is not the best one for some lead
        turns = _turns(view, world)
        if any(t.values[t.by_habit] < max(t.values.values()) for t in turns.values()):
            break
    else:
        raise AssertionError("no deal where the habit's card is not the best")
    for copies in (1, 2, 3):  # a deal drawn again falls in the same half: still none to choose by
        held_out = bench.lead_values(view, [world] * copies)[bench.HELD_OUT]
        assert held_out == {card: t.values[t.by_habit] for card, t in turns.items()}


def test_held_out_is_a_plain_cross_fit_deal_by_deal() -> None:
    # each deal scored by the card best over the deals of its group in the other half
    view, worlds = _lead()
    bench = _benchmark()
    by_lead: dict[int, list[tuple[int, Any]]] = defaultdict(list)
    for world in worlds:
        for lead, turn in _turns(view, world).items():
            by_lead[lead].append((hash(tuple(world)) % 2, turn))
    held_out = bench.lead_values(view, worlds)[bench.HELD_OUT]
    for lead, deals in by_lead.items():
        total = 0.0
        for half, turn in deals:
            others = [t for h, t in deals if h != half and t.seen == turn.seen]
            if others:
                card = max(sorted(turn.values), key=lambda c: sum(t.values[c] for t in others))
                total += turn.values[card]
            else:
                total += turn.values[turn.by_habit]
        assert abs(held_out[lead] - total / len(worlds)) < 1e-12


def test_the_search_s_own_valuation_chooses_the_card_the_card_search_chooses() -> None:
    view, worlds = _lead()
    bench = _benchmark()
    searched = choose_card(view, read_knowledge(view), worlds, batch=len(worlds) + 1, deadline=None)
    assert bench._best(view, bench.lead_values(view, worlds)[bench.FUSED]) == str(searched.card)
