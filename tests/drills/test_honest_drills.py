"""A position becomes a drill only where its answer is clearly best, judged at a seed that
did not choose it; the drills shipped say so in their own figures, and one made here holds
at yet another seed."""

from __future__ import annotations

import json

import pytest

from euchre_qt.drills.drill import YOU, Drill, drill_id, turned_to_south
from euchre_qt.drills.judging import CONFIRM_DEALS, LEAST_GAP, judged
from euchre_qt.drills.making import Maker, generated_candidates, record_candidates
from euchre_qt.drills.shelf import DrillsUnreadable, Shelf, loads
from euchre_qt.drills.themes import Theme
from euchre_qt.engine import Action, HandState, Seat
from euchre_qt.engine.actions import ActionKind


def test_the_shipped_drills_are_many_varied_and_honest_by_their_own_figures(shelf: Shelf) -> None:
    assert len(shelf.drills) >= 300
    assert len(shelf.by_theme()) >= 8
    assert len({d.id for d in shelf.drills}) == len(shelf.drills)
    for drill in shelf.drills:
        assert drill.id == drill_id(drill.theme, drill.start(), drill.moves)  # named by its position
        assert drill.deals >= CONFIRM_DEALS
        assert drill.seed != shelf.seed  # judged at a seed that did not screen it
        assert drill.figures[0].action == drill.answer
        for other in drill.figures[1:]:
            assert other.behind >= LEAST_GAP and other.behind > other.margin, drill.id
    assert "Apache License 2.0" in shelf.sources["egn"]


def test_a_drill_made_here_keeps_its_answer_at_another_seed() -> None:
    made: list[Drill] = []
    maker = Maker(per_theme=1, seed=5, report=None)
    themes = (Theme.OPENING_LEAD, Theme.ROUND1)

    def wants(theme: Theme) -> bool:
        return theme in themes and maker.wants(theme) and len(maker.drills) < 1

    maker.take(generated_candidates(5, wants))
    made = maker.drills
    assert len(made) == 1
    drill = made[0]
    assert drill.seed == 6 and drill.deals == CONFIRM_DEALS
    again = judged(drill.view(), 512, seed=1234)
    assert again.best == drill.answer


def test_the_rule_refuses_choices_that_no_deal_can_tell_apart() -> None:
    # South must follow clubs with the Queen or the King, touching cards: the same in every deal
    deal = "S: QC KC 9D TD QD  W: AC 9S TS JS QS  N: 9C TC JD KD AD  E: 9H TH JH QH KH  kitty: AS KS AH JC"
    state = HandState.from_text(deal, dealer=Seat.SOUTH).apply_all("order, discard 9D, AC, 9C, 9H")
    view = state.view(Seat.SOUTH)
    assert set(view.legal_actions) == {Action.parse("play QC"), Action.parse("play KC")}
    verdict = judged(view, 256, seed=3)
    assert verdict.values.mean(verdict.best) == verdict.values.mean(verdict.rival)
    assert not verdict.clear


def test_a_record_gives_only_stated_moves_from_deals_it_shows_whole() -> None:
    from pathlib import Path

    records = sorted((Path(__file__).resolve().parents[1] / "data" / "egn").glob("*.egn"))
    found = list(record_candidates(records))
    assert found
    for candidate in found:
        assert candidate.source.kind == "egn"
        assert len({c for hand in candidate.start.hands for c in hand} | set(candidate.start.kitty)) == 24


def test_a_drill_is_seen_from_south_and_survives_its_file() -> None:
    deal = "S: 9C TC JC QC KC  W: JH JD AH KH QH  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS"
    start = HandState.from_text(deal, dealer=Seat.SOUTH, scores=(3, 7))
    turned, state = turned_to_south(start, (), Seat.WEST)  # West, first to bid, is the chooser
    assert state.turn is YOU
    assert state.hands[YOU] == start.hands[Seat.WEST]
    assert turned.dealer is Seat.EAST and turned.scores == (7, 3)
    assert state.view(YOU).legal_actions == start.view(Seat.WEST).legal_actions


def test_a_damaged_drills_file_is_refused_in_words(shelf: Shelf) -> None:
    with pytest.raises(DrillsUnreadable, match="damaged, or is not a drills file"):
        loads("{")
    data = json.loads(shelf.dumps())
    data["drills"][0]["answer"] = "discard 9C"
    with pytest.raises(DrillsUnreadable, match="damaged"):
        loads(json.dumps(data))
    data["drills"][0]["answer"] = str(Action(ActionKind.THROW_IN))
    with pytest.raises(DrillsUnreadable):
        loads(json.dumps(data))
    again = loads(shelf.dumps())
    assert again.drills == shelf.drills
