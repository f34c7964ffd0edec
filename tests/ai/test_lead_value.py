"""The learned lead model: the facts it reads at a card table, its sum, and that a player
told to use it leads by it."""

from __future__ import annotations

import pytest

from euchre_qt.engine import Card, HandState, Seat
from euchre_qt.engine.ai import lead_value
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.lead_value_weights import FEATURES, WEIGHTS
from euchre_qt.engine.view import SeatView


def south_leads_after_north_called_hearts() -> SeatView:
    # North called hearts in round 2; South leads holding the right bower, two low clubs,
    # the nine of spades and the king of diamonds.
    state = HandState.from_text(
        "S: JH 9C TC 9S KD  W: AC KC QS JS TD  N: AH KH QH JD AD  E: 9H TH QC KS AS  kitty: 9D JC TS QD",
        dealer="E",
    ).apply_all("pass, pass, pass, pass, pass, pass, call H")
    assert state.turn is Seat.SOUTH
    return state.view(Seat.SOUTH)


def test_the_facts_of_leading_the_right_bower_to_a_partner_who_called() -> None:
    facts = lead_value.lead_facts(south_leads_after_north_called_hearts(), Card.parse("JH"))
    assert (facts["trick"], facts["we_make"], facts["i_make"], facts["alone"]) == (0.0, 1.0, 0.0, 0.0)
    assert (facts["trump"], facts["boss"], facts["higher_out"], facts["my_trumps"]) == (1.0, 1.0, 0.0, 1.0)
    # hearts and the left bower (JD), less my JH: six trumps out
    assert facts["suit_out"] == 6.0


def test_the_facts_of_a_low_club_and_of_the_king_of_diamonds() -> None:
    view = south_leads_after_north_called_hearts()
    club = lead_value.lead_facts(view, Card.parse("9C"))
    assert (club["trump"], club["low"], club["same_suit"], club["higher_out"], club["next"]) == (
        0.0,
        1.0,
        2.0,
        4.0,
        0.0,
    )
    king = lead_value.lead_facts(view, Card.parse("KD"))
    # diamonds are next (their jack is the left bower, a trump): only the ace is above the king
    assert (king["next"], king["higher_out"], king["boss"], king["ace"]) == (1.0, 1.0, 0.0, 0.0)
    values = lead_value.feature_values(club)
    assert (values["low_makers"], values["low_defenders"], values["low_partner_made"]) == (1.0, 0.0, 1.0)


def test_the_correction_is_the_weighted_sum_of_the_features() -> None:
    view = south_leads_after_north_called_hearts()
    names, weights = ("trump", "low_partner_made", "suit_out", "dd"), (0.5, -0.25, 0.1, -0.1)
    assert lead_value.correction(view, Card.parse("JH"), 2.0, names, weights) == pytest.approx(0.5 + 0.6 - 0.2)
    # four clubs out, and the search's own figure trusted a tenth less
    assert lead_value.correction(view, Card.parse("9C"), -1.0, names, weights) == pytest.approx(-0.25 + 0.4 + 0.1)


def test_every_fitted_feature_is_one_the_model_reads() -> None:
    view = south_leads_after_north_called_hearts()
    values = lead_value.feature_values({**lead_value.lead_facts(view, Card.parse("JH")), "dd": 1.0})
    assert set(FEATURES) <= set(values)
    assert len(FEATURES) == len(WEIGHTS)


def test_only_the_first_three_leads_are_judged() -> None:
    deal = "S: JH 9C TC 9S KD  W: AC KC JS QS TD  N: AH KH QH JD AD  E: 9H TH QC KS AS  kitty: 9D JC TS QD"
    state = HandState.from_text(deal, dealer="E").apply_all("pass, pass, pass, pass, pass, pass, call H")
    assert lead_value.is_early_lead(state.view(Seat.SOUTH))
    state = state.apply_all("JH")
    assert not lead_value.is_early_lead(state.view(Seat.WEST))  # a follow, not a lead
    # South's right bower takes the first trick, North trumps the spade led to the second and
    # wins the third with the ace: North leads the fourth, too late to be judged
    state = state.apply_all("TD, QH, 9H, 9S, QS, KH, KS, AH, TH, 9C, AC")
    assert state.turn is Seat.NORTH and len(state.tricks) == 3
    assert not lead_value.is_early_lead(state.view(Seat.NORTH))


@pytest.mark.parametrize("seed", (0, 1))
def test_a_player_told_to_use_the_model_leads_by_it(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    view = south_leads_after_north_called_hearts()
    assert AdvancedPlayer(seed=seed).choose(view).card == Card.parse("JH")
    # a model that thinks a low card led to a partner who called worth two points more
    monkeypatch.setattr(lead_value, "FEATURES", ("low_partner_made",))
    monkeypatch.setattr(lead_value, "WEIGHTS", (2.0,))
    assert AdvancedPlayer(seed=seed).choose(view).card == Card.parse("JH"), "off by default"
    chosen = AdvancedPlayer(seed=seed, lead_model=True).choose(view).card
    assert chosen in (Card.parse("9C"), Card.parse("TC"), Card.parse("9S"))
