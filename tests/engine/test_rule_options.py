"""The rule options, each declared once on ``Rules``: their list, their values in text
(the settings file, the command line) and what ``describe`` says."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_qt.engine import RULE_OPTIONS, FarmersHand, Rules
from euchre_qt.engine.rules import OPTIONS_BY_NAME

from .helpers import EVERY_RULE_CHANGED


def test_every_field_of_the_rules_is_an_option_with_its_default() -> None:
    assert [o.name for o in RULE_OPTIONS] == [f.name for f in dataclasses.fields(Rules)]
    for option in RULE_OPTIONS:
        assert getattr(Rules(), option.name) == option.default
        assert option.default in option.values and option.label and option.help


def rule_sets() -> st.SearchStrategy[Rules]:
    return st.builds(Rules, **{o.name: st.sampled_from(o.values) for o in RULE_OPTIONS})


@given(rule_sets())
def test_every_value_survives_its_text(rules: Rules) -> None:
    again: dict[str, Any] = {o.name: o.parse(o.text(getattr(rules, o.name))) for o in RULE_OPTIONS}
    assert Rules(**again) == rules == Rules.from_dict(rules.to_dict())


def test_text_is_read_as_settings_files_and_command_lines_write_it() -> None:
    stick, points, farmer = (OPTIONS_BY_NAME[n] for n in ("stick_the_dealer", "points_to_win", "farmers_hand"))
    assert [stick.parse(t) for t in ("true", " Yes", "1", "off", "FALSE")] == [True, True, True, False, False]
    assert points.parse(" 7") == 7 and points.parse(11) == 11
    assert farmer.parse("Nines-Tens") is FarmersHand.NINES_TENS
    for option, bad in ((stick, "maybe"), (points, "12"), (points, True), (points, "7.5"), (farmer, "aces")):
        with pytest.raises(ValueError, match=f"{option.label.lower()} must be"):
            option.parse(bad)


def test_a_value_outside_an_option_is_refused() -> None:
    with pytest.raises(ValueError, match=r"points to win must be 5\.\.11, not 4"):
        Rules(points_to_win=4)
    with pytest.raises(ValueError, match="farmer's hand must be off, nines-tens, ace-no-face"):
        Rules(farmers_hand="aces")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stick the dealer must be"):
        Rules(stick_the_dealer=1)  # type: ignore[arg-type]
    assert Rules(farmers_hand="nines-tens").farmers_hand is FarmersHand.NINES_TENS  # type: ignore[arg-type]


def test_describe_says_the_target_then_what_differs_from_the_standard_game() -> None:
    assert Rules().describe() == "game to 10"
    assert EVERY_RULE_CHANGED.describe() == (
        "game to 7, stick the dealer, lone defender, doubled alone euchre, joker, "
        "farmer's hand (ace-no-face), up-card may not be discarded, lead left of a loner, Canadian loner"
    )
