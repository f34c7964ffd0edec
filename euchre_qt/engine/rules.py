"""The rule variants of a game, as one frozen value. Defaults are the standard game."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any


class FarmersHand(StrEnum):
    """R13: may a player with a hopeless hand have it thrown in before bidding?"""

    OFF = "off"
    NINES_TENS = "nines-tens"  # farmer's hand: only 9s and 10s
    ACE_NO_FACE = "ace-no-face"  # also 9s and 10s with a single ace

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Rules:
    stick_the_dealer: bool = False  # R5: the dealer may not pass in round 2
    lone_defender: bool = False  # R7: a defender may go alone against the makers
    doubled_alone_euchre: bool = False  # R10: a euchred lone maker gives 4
    points_to_win: int = 10  # R11: 5..11
    joker: bool = False  # R12: 25-card deck with the joker as top trump
    farmers_hand: FarmersHand = FarmersHand.OFF  # R13
    dealer_may_discard_up_card: bool = True  # R3

    def __post_init__(self) -> None:
        if not 5 <= self.points_to_win <= 11:
            raise ValueError(f"points to win must be 5..11, not {self.points_to_win}")
        if not isinstance(self.farmers_hand, FarmersHand):
            object.__setattr__(self, "farmers_hand", FarmersHand(self.farmers_hand))

    @property
    def deck_size(self) -> int:
        return 25 if self.joker else 24

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["farmers_hand"] = self.farmers_hand.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build from a saved dict; unknown keys are an error, missing keys take defaults.
        Anything wrong (not a dict, a value of the wrong type) raises ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"the rules must be a dict of options, not {type(data).__name__}")
        known = {f.name: f for f in fields(cls)}
        unknown = set(data) - set(known)
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {}
        for name, value in data.items():
            default = getattr(cls(), name)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise ValueError(f"rule option {name} must be true or false")
            elif isinstance(default, FarmersHand):
                value = FarmersHand(value)
            elif isinstance(default, int) and (isinstance(value, bool) or not isinstance(value, int)):
                raise ValueError(f"rule option {name} must be a whole number")
            values[name] = value
        return cls(**values)

    def describe(self) -> str:
        """One line a person can read: which variants are on."""
        parts = [f"game to {self.points_to_win}"]
        if self.stick_the_dealer:
            parts.append("stick the dealer")
        if self.lone_defender:
            parts.append("lone defender")
        if self.doubled_alone_euchre:
            parts.append("doubled alone euchre")
        if self.joker:
            parts.append("joker")
        if self.farmers_hand is not FarmersHand.OFF:
            parts.append(f"farmer's hand ({self.farmers_hand.value})")
        if not self.dealer_may_discard_up_card:
            parts.append("up-card may not be discarded")
        return ", ".join(parts)
