"""The rule variants of a game, as one frozen value. Defaults are the standard game.

Each option is declared once, as a field of ``Rules`` with its words beside it; every place
that offers or stores options reads ``RULE_OPTIONS`` (the settings file, the options
dialog, the arena's flags, the README's table: ``scripts/rules_table.py``). Adding an
option is adding a field here.

This module imports nothing of the rest of the engine: the settings read it before the
window's first frame.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from enum import Enum, StrEnum
from typing import Any, Literal


class FarmersHand(StrEnum):
    """R13: may a player with a hopeless hand have it thrown in before bidding?"""

    OFF = "off"
    NINES_TENS = "nines-tens"  # farmer's hand: only 9s and 10s
    ACE_NO_FACE = "ace-no-face"  # also 9s and 10s with a single ace

    def __str__(self) -> str:
        return self.value


OptionValue = bool | int | str
_TRUE = ("true", "1", "yes", "on")
_FALSE = ("false", "0", "no", "off")


@dataclass(frozen=True)
class RuleOption:
    """One rule option: what it is called, what it does, the values it takes."""

    name: str  # the field of ``Rules``, the settings key, the arena's flag (with dashes)
    label: str  # a person's name for it: "Stick the dealer"
    help: str  # what it does, completing the label: "in round 2 the dealer may not pass"
    default: OptionValue
    values: tuple[OptionValue, ...]  # every allowed value, in the order they are offered
    value_labels: tuple[str, ...]  # a choice's values in words (empty for yes/no and numbers)
    said: str  # how ``Rules.describe`` names a value: "{}" is the value ("game to {}")
    always_said: bool  # ``describe`` names it even at its default

    @property
    def kind(self) -> Literal["bool", "int", "choice"]:
        if isinstance(self.default, bool):
            return "bool"
        if isinstance(self.default, int):
            return "int"
        return "choice"

    def allowed(self) -> str:
        """The allowed values, for a message: ``5..11``, ``off, nines-tens, ace-no-face``."""
        if self.kind == "int":
            return f"{min(self.values)}..{max(self.values)}"
        return ", ".join(self.text(v) for v in self.values)

    def parse(self, raw: object) -> OptionValue:
        """A valid value from a typed one or its text (``"true"``, ``"7"``, ``"nines-tens"``);
        ``ValueError`` for anything else."""
        text = str(raw).strip().lower()
        value: OptionValue | None = None
        if self.kind == "bool":
            value = True if text in _TRUE else False if text in _FALSE else None
        elif self.kind == "int":
            if not isinstance(raw, bool) and (text.isdigit() or (text[1:].isdigit() and text[0] in "+-")):
                value = int(text)
        else:
            value = next((v for v in self.values if str(v) == text), None)
        if value is None or value not in self.values:
            raise ValueError(f"{self.label.lower()} must be {self.allowed()}, not {raw!r}")
        return value

    def text(self, value: OptionValue) -> str:
        """The value as the settings file and the command line write it."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value)

    @property
    def default_words(self) -> str:
        """The default for a person: on/off, the number, or the choice's name."""
        return self.text(self.default) if self.kind == "choice" else self.words(self.default)

    def words(self, value: OptionValue) -> str:
        """The value for a person: on/off, the number, the choice's label."""
        if isinstance(value, bool):
            return "on" if value else "off"
        if self.value_labels:
            return self.value_labels[self.values.index(value)]
        return str(value)


def _option(
    default: OptionValue,
    label: str,
    help: str,
    said: str,
    values: tuple[OptionValue, ...] = (),
    value_labels: tuple[str, ...] = (),
    always_said: bool = False,
) -> Any:
    """A field of ``Rules`` carrying its option's words (``RULE_OPTIONS`` collects them)."""
    meta = {"label": label, "help": help, "said": said, "values": values, "labels": value_labels, "always": always_said}
    return field(default=default, metadata={"option": meta})


@dataclass(frozen=True, slots=True)
class Rules:
    stick_the_dealer: bool = _option(  # R5
        False, "Stick the dealer", "in round 2 the dealer may not pass", "stick the dealer"
    )
    lone_defender: bool = _option(  # R7
        False,
        "Lone defender",
        "a defender may go alone against the makers; a lone defender who euchres them scores 4",
        "lone defender",
    )
    doubled_alone_euchre: bool = _option(  # R10
        False, "Doubled alone euchre", "a lone maker who is euchred gives the defenders 4", "doubled alone euchre"
    )
    points_to_win: int = _option(  # R11
        10, "Points to win", "the first side to reach them wins the game", "game to {}", tuple(range(5, 12)), (), True
    )
    joker: bool = _option(  # R12
        False,
        "Joker (benny)",
        "25 cards, the joker is the highest trump; a turned-up joker means a new deal",
        "joker",
    )
    farmers_hand: FarmersHand = _option(  # R13
        FarmersHand.OFF,
        "Farmer's hand",
        "a hand of only 9s and 10s (ace-no-face: perhaps with one ace) may be thrown in before bidding",
        "farmer's hand ({})",
        tuple(FarmersHand),
        ("Off", "Farmer's hand: only 9s and 10s", "Ace-no-face: 9s and 10s, and perhaps one ace"),
    )
    dealer_may_discard_up_card: bool = _option(  # R3
        True,
        "Dealer may discard the up-card",
        "the dealer's discard may be the card just picked up",
        "up-card may not be discarded",
    )
    lead_left_of_loner: bool = _option(  # EGN loner_lead LEFT_OF_LONER, as Euchre.com tournaments play
        False,
        "Lead left of a loner",
        "when a maker goes alone, the player on the maker's left leads the first trick, not the dealer's left",
        "lead left of a loner",
    )
    canadian_loner: bool = _option(  # EGN canadian
        False,
        "Canadian loner",
        "the dealer's partner who orders up in round 1 must go alone",
        "Canadian loner",
    )

    def __post_init__(self) -> None:
        for option in RULE_OPTIONS:
            value = getattr(self, option.name)
            if value not in option.values or isinstance(value, bool) != isinstance(option.default, bool):
                raise ValueError(f"{option.label.lower()} must be {option.allowed()}, not {value!r}")
            if isinstance(option.default, Enum) and not isinstance(value, Enum):
                object.__setattr__(self, option.name, type(option.default)(value))

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
        unknown = set(data) - set(OPTIONS_BY_NAME)
        if unknown:
            raise ValueError(f"unknown rule option(s): {', '.join(sorted(unknown))}")
        for name, value in data.items():
            option = OPTIONS_BY_NAME[name]
            if option.kind == "bool" and not isinstance(value, bool):
                raise ValueError(f"rule option {name} must be true or false")
            if option.kind == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise ValueError(f"rule option {name} must be a whole number")
        return cls(**data)

    def describe(self) -> str:
        """One line a person can read: the target, then which variants are on."""
        said = sorted(RULE_OPTIONS, key=lambda option: not option.always_said)
        return ", ".join(
            option.said.format(option.text(value))
            for option in said
            if (value := getattr(self, option.name)) != option.default or option.always_said
        )


def _collect() -> tuple[RuleOption, ...]:
    options = []
    for f in fields(Rules):
        meta = f.metadata["option"]
        default = f.default
        assert isinstance(default, bool | int | str)
        values = meta["values"] or (False, True)
        options.append(
            RuleOption(
                f.name, meta["label"], meta["help"], default, values, meta["labels"], meta["said"], meta["always"]
            )
        )
    return tuple(options)


RULE_OPTIONS: tuple[RuleOption, ...] = _collect()
OPTIONS_BY_NAME: dict[str, RuleOption] = {option.name: option for option in RULE_OPTIONS}
