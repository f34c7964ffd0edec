"""EGN 1.0 records, read as the later form they became: a PGN reader opens old files too.

Version 1.0.0 (the specification's "combination examples") differs from 1.2-1.4 in a deal's
start and its phases: each seat's cards are ``player_cards`` (``[]``: not recorded), the
three buried cards are ``kitty`` (``""``: not recorded), a phase has no ``phaseNumber``,
and the trick play names the first leader (``initialLead``). The published schema accepts
only 1.2-1.4, so a 1.0 document is rewritten in that form before it is checked:
``player_cards`` becomes ``playerCards`` (an unrecorded card ``Xx``), the phases are
numbered, and ``kitty`` and ``initialLead`` are left out: the later form has no place for
the kitty (which the record never places in play). The first leaders are read beforehand
(``first_leaders``): the replay checks each against the seat the rules give the lead.
"""

from __future__ import annotations

import copy
import re
from typing import Any

_VERSION_1_0 = re.compile(r"^1\.[01](?:\.\d+)?$")
_LATER = "1.4"
_PHASE_NUMBERS = {"EUCHRE_BIDDING": 0, "TRICK_PLAY": 1}
_UNRECORDED = "Xx"


def is_version_1_0(data: dict[str, Any]) -> bool:
    version = data.get("version")
    return isinstance(version, str) and _VERSION_1_0.match(version) is not None


def as_later_form(data: dict[str, Any]) -> dict[str, Any]:
    """A copy of the 1.0 document ``data`` in the 1.4 form (anything else in it is left for
    the schema to judge)."""
    later = copy.deepcopy(data)
    later["version"] = _LATER
    deals = later.get("deals")
    for deal in deals if isinstance(deals, list) else ():
        if not isinstance(deal, dict):
            continue
        initial = deal.get("initialState")
        if isinstance(initial, dict):
            initial.pop("kitty", None)
            hands = initial.pop("player_cards", None)
            if isinstance(hands, list) and any(hands):
                initial["playerCards"] = [_hand(hand) for hand in hands]
        phases = deal.get("phases")
        for phase in phases if isinstance(phases, list) else ():
            if isinstance(phase, dict):
                phase.pop("initialLead", None)
                number = _PHASE_NUMBERS.get(str(phase.get("type")))
                if number is not None:
                    phase.setdefault("phaseNumber", number)
    return later


def first_leaders(data: dict[str, Any]) -> list[int | None]:
    """Each deal's ``initialLead`` (a seat 0-3), None where a deal gives none."""
    found: list[int | None] = []
    deals = data.get("deals")
    for deal in deals if isinstance(deals, list) else ():
        phases = deal.get("phases") if isinstance(deal, dict) else None
        leads = [p.get("initialLead") for p in (phases if isinstance(phases, list) else ()) if isinstance(p, dict)]
        lead = next((x for x in leads if isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 3), None)
        found.append(lead)
    return found


def _hand(cards: Any) -> Any:
    if not isinstance(cards, list):
        return cards  # the schema says what is wrong with it
    return [_UNRECORDED if card == "" else card for card in cards]
