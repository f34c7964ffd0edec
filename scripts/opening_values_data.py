"""Training data for the learned opening-lead figures (``euchre_qt/engine/ai/opening_values.py``).

    python scripts/opening_values_data.py --seed 9401 --deals 3000 --out opening.jsonl [--start 0] [--worlds 3840]

Hands are dealt, seated and bid as ``bid_model_data.py`` does (half of the deals by four
Advanced players, half by two Advanced against two Novices; half under the standard rules,
half under OpenSpiel's, or with ``--joker`` all under the joker's deck; half at 0-0, half
at a random score). At each opening lead, whoever
makes it, the Advanced player's card search values every card over ``--worlds`` deals drawn
by its own sampler, with no early stop: the figures the search would reach over very many
deals, which the model learns. One line of JSON per opening lead: the facts the model reads
(``OpeningFacts``) and each card's figure; written as each deal ends, so a run cut short
keeps what it made. The same seed and deals give the same lines.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # its neighbours, when loaded by path

from bid_model_data import OPENSPIELS, seated, write_deals
from lead_model_data import Table, _Recording, deal_scores

from euchre_qt.engine.ai.card_search import choose_card
from euchre_qt.engine.ai.how_they_play import HowTheyPlay
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.opening_values import OpeningFacts
from euchre_qt.engine.ai.sampler import sample_worlds
from euchre_qt.engine.rules import Rules
from euchre_qt.engine.view import Phase, SeatView
from euchre_qt.tools.arena import deal_for

WORLDS = 3840


def table_for(seed: int, number: int, joker: bool) -> tuple[Table, str]:
    """Deal ``number``'s table as ``lead_model_data.table_for`` seats and deals it, under
    the joker's deck if ``joker``; and the rules' name."""
    if joker:
        rules, name = Rules(joker=True), "joker"
    else:
        rules, name = (Rules(), "standard") if number % 2 == 0 else (OPENSPIELS, "openspiel")
    advanced = _Recording(seed * 7919 + number)
    players, table = seated(advanced, seed, number)
    return Table(advanced, players, table, deal_for(seed, number, rules, deal_scores(seed, number))), name


def opening_view(seed: int, number: int, joker: bool = False) -> tuple[SeatView, str, str] | None:
    """Deal ``number`` played to its opening lead: the leader's view, the table and the
    rules; None if the deal was thrown in."""
    table, rules = table_for(seed, number, joker)
    state = table.state
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        if view.phase is Phase.PLAY:
            return view, table.name, rules
        state = state.apply(table.players[seat].choose(view))
    return None


def facts_record(facts: OpeningFacts) -> dict[str, object]:
    """``facts`` as JSON (``train_opening_values.facts_from`` reads it back)."""
    record = facts._asdict()
    record["hand"] = [str(c) for c in facts.hand]
    record["up_card"] = str(facts.up_card)
    record["trump"] = facts.trump.letter
    return record


def deal_records(seed: int, number: int, worlds: int, joker: bool) -> list[dict[str, object]]:
    opening = opening_view(seed, number, joker)
    if opening is None:
        return []
    view, table, rules = opening
    facts = OpeningFacts.of(view)
    if facts is None or len(view.legal_actions) < 2:
        return []
    knowledge = read_knowledge(view)
    seating = HowTheyPlay.as_seen_by(view.seat)  # the player's own picture of the table
    rng = random.Random(f"opening values:{seed}:{number}")
    drawn = sample_worlds(view, knowledge, rng, worlds, seating)
    choice = choose_card(view, knowledge, drawn, len(drawn) + 1, None, 0.0, 0.0, seating)
    return [
        {
            "seed": seed,
            "deal": number,
            "table": table,
            "rules": rules,
            "worlds": len(drawn),
            "facts": facts_record(facts),
            "values": {str(c): round(v, 5) for c, v in choice.means.items()},
        }
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=9401)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--joker", action="store_true", help="every deal under the joker's deck")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    numbers = range(args.start, args.start + args.deals)
    write_deals(args.out, numbers, lambda n: deal_records(args.seed, n, args.worlds, args.joker), "opening leads")


if __name__ == "__main__":
    main()
