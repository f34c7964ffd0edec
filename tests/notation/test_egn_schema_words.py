"""A file that breaks EGN's schema is refused in a player's words: which deal, which trick,
which part, and what the file has where a card should be; never the validator's terms (its
paths, patterns and type names), which go to the log."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from euchre_qt.notation import EgnError, egn
from tests.player_words import DEVELOPER_TEXT

SIX = Path(__file__).resolve().parents[1] / "data" / "egn" / "six_points_in_two_hands.egn"

# the program's terms (tests/player_words.py), and the validator's
VALIDATOR_TEXT = re.compile(
    r" > |\^|\$'|\\\\|does not match|required property|is not of type|is not one of|was expected"
    r"|under any of the given schemas|Additional properties|\b(initialState|playerCards|upCard|metadata)\b"
)


def technical(message: str) -> bool:
    return bool(DEVELOPER_TEXT.search(message) or VALIDATOR_TEXT.search(message))


def damaged(change: Callable[[dict[str, Any]], object]) -> str:
    data: dict[str, Any] = json.loads(SIX.read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(EgnError) as caught:
        egn.from_dict(data)
    return str(caught.value)


def _trick(data: dict[str, Any]) -> list[Any]:
    tricks: list[Any] = data["deals"][1]["phases"][1]["tricks"][2]
    return tricks


@pytest.mark.parametrize(
    ("change", "said"),
    [
        # a bad card: where it is and what is there
        (lambda d: _trick(d).__setitem__(1, "10h"), "a card played in deal 2, trick 3 is '10h', which is not a card"),
        (
            lambda d: d["deals"][0]["initialState"].__setitem__("upCard", "Kz"),
            "the card turned up in deal 1 is 'Kz', which is not a card",
        ),
        (
            lambda d: d["deals"][1]["phases"][0]["calls"].__setitem__(0, "Double"),
            "a call in deal 2's bidding is 'Double', which is not a call",
        ),
        # a part left out
        (lambda d: d["metadata"].pop("players"), "the file does not give the players' names"),
        (lambda d: d["deals"][0]["initialState"].pop("upCard"), "deal 1 does not give the card turned up"),
        (lambda d: d["deals"][1]["phases"][0].pop("calls"), "deal 2's bidding does not give the calls"),
        # the wrong kind of thing
        (lambda d: d["deals"][0]["initialState"].__setitem__("dealer", "zero"), "the dealer in deal 1 is not written"),
        (lambda d: d["deals"][1]["phases"][1]["tricks"].__setitem__(2, 7), "deal 2, trick 3 is not written"),
        (lambda d: d["metadata"].__setitem__("initialScore", ["four", 9]), "the starting score is not written"),
        (lambda d: d["deals"][0].__setitem__("phases", {}), "the bidding and play in deal 1 is not written"),
        (
            lambda d: d["metadata"]["ruleset"].__setitem__("std", "yes"),
            "the rules are not written as EGN expects (std)",
        ),
        (lambda d: d["deals"][0].__setitem__("colour", "red"), "deal 1 has a part EGN does not know ('colour')"),
        (lambda d: d.__setitem__("deals", d["deals"] * 51), "there are more deals than EGN allows"),
    ],
)
def test_a_file_breaking_the_schema_is_refused_in_plain_words(
    change: Callable[[dict[str, Any]], object], said: str, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="euchre_qt.notation.egn"):
        message = damaged(change)
    assert message.startswith("The file is not valid EGN: ") and said in message, message
    assert not technical(message), message
    assert "\n" not in message and len(message) < 200
    assert "schema errors" in caplog.text  # the validator's own words are kept for whoever looks into it


def test_what_the_file_has_is_shown_short_and_printable() -> None:
    message = damaged(lambda d: _trick(d).__setitem__(0, "\n\x00" + "Q" * 400))
    assert "'??QQQQ" in message and "…'" in message and len(message) < 200
    assert "\n" not in message and "\x00" not in message


def test_a_record_we_wrote_wrong_is_refused_without_the_validators_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_qt.engine import Game

    broken = json.loads(SIX.read_text(encoding="utf-8"))
    broken["deals"][0]["initialState"]["upCard"] = "10h"
    monkeypatch.setattr(egn, "to_dict", lambda *args, **kwargs: broken)
    with pytest.raises(EgnError) as caught:
        egn.dumps(Game(seed=1))
    assert "fault in euchre-qt" in str(caught.value) and not technical(str(caught.value))
