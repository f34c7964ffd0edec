"""The compiled search core's constants, made from the Python code they must agree with.

``python scripts/c_constants.py`` prints the header; ``--write`` writes it to
``euchre_qt/engine/ai/_search_c/constants.h``. ``tests/ai/test_c_constants.py`` checks the
committed header is today's, so a constant changed in Python cannot leave the C behind.
"""

from __future__ import annotations

import sys
from collections import Counter

from euchre_qt.engine.ai import habits, knowledge, masks, point_count, solver
from euchre_qt.engine.ai.core_sources import SOURCE_DIR
from euchre_qt.engine.cards import ALL_CARDS, Rank, Suit

HEADER = SOURCE_DIR / "constants.h"


def constants() -> list[tuple[str, int | float, str]]:
    """Each constant's C name, value and where it comes from."""
    per_suit = max(max(Counter(masks.trump_tables(trump).suit_of).values()) for trump in Suit)
    return [
        ("CARDS", len(ALL_CARDS), "cards.ALL_CARDS: the joker deck; bit i = card i"),
        ("SLOTS", masks.SUIT_SLOTS, "masks.SUIT_SLOTS: four suits and masks.NO_SUIT"),
        ("PER_SUIT", per_suit, "the most cards one effective suit holds (masks.trump_tables)"),
        ("TURN_SHIFT", solver.TURN_SHIFT, "solver.TURN_SHIFT: the seat to lead, above the cards in a key"),
        ("NO_BOUND", solver.NO_BOUND, "solver.NO_BOUND: above any trick count"),
        ("MADE", solver.MADE, "solver.MADE"),
        ("MARCH", solver.MARCH, "solver.MARCH"),
        ("EUCHRED", solver.EUCHRED, "solver.EUCHRED"),
        ("CALLER_LEADS_TRUMP_WITH", habits.CALLER_LEADS_TRUMP_WITH, "habits.CALLER_LEADS_TRUMP_WITH"),
        ("STRONGER_THAN_ANY", masks.STRONGER_THAN_ANY, "masks.STRONGER_THAN_ANY"),
        *((f"LEAD_{lead.name}", int(lead), f"habits.TrumpLead.{lead.name}") for lead in habits.TrumpLead),
        ("OUT", knowledge.OUT, "knowledge.OUT: the cards out of play"),
        ("PLACES", knowledge.OUT + 1, "four seats and knowledge.OUT"),
        ("VOID_VALUE", point_count.VOID_VALUE, "point_count.VOID_VALUE"),
        ("VOIDS_NEED_TRUMPS", point_count.VOIDS_NEED_TRUMPS, "point_count.VOIDS_NEED_TRUMPS"),
        ("ACE", int(Rank.ACE), "cards.Rank.ACE"),
    ]


def header() -> str:
    width = max(len(f"#define {name} {value!r}") for name, value, _ in constants())
    lines = [
        "/* Made by scripts/c_constants.py from euchre_qt's Python constants: do not edit by hand",
        " * (run python scripts/c_constants.py --write; tests/ai/test_c_constants.py checks it). */",
        "#ifndef SEARCH_CONSTANTS_H",
        "#define SEARCH_CONSTANTS_H",
        "",
    ]
    for name, value, source in constants():
        lines.append(f"{f'#define {name} {value!r}':<{width}}  /* {source} */")
    lines += ["", "#endif", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if argv == ["--write"]:
        HEADER.write_text(header(), encoding="utf-8")
        return 0
    if argv:
        print(__doc__, file=sys.stderr)
        return 2
    print(header(), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
