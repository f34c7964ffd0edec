"""Drills in words: the themes a person practises, by the id the drills' data file keeps."""

from __future__ import annotations

THEME_NAMES: dict[str, str] = {
    "round1": "Ordering up or passing (round 1)",
    "round2": "Calling trump or passing (round 2)",
    "alone": "Going alone",
    "discard": "The dealer's discard",
    "opening_lead": "The opening lead",
    "makers_lead": "Leading as the makers",
    "defenders_lead": "Leading on defence",
    "second_third": "Second and third hand",
    "loner_defence": "Defending against a loner",
    "last_tricks": "The last tricks (counting trump)",
}
