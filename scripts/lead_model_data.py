"""Training data for the learned lead model (``euchre_qt/engine/ai/lead_value.py``).

    python scripts/lead_model_data.py --seed 9201 --deals 3000 --out lead_data.jsonl [--start 0]

Hands are played by honest players, every seat choosing from its own view, dealt and
seated as ``bid_model_data.py`` does: half of the deals by four Advanced players, half by
two Advanced against two Novices; half under the standard rules, half under OpenSpiel's;
half at 0-0, half at a random score. At each lead of the first three tricks made by an
Advanced player with a choice, every other legal card is led too, from the same position,
and the hand played out by the same players to its end: so each lead has a real outcome,
the points the hand ended with for the leader's side, paired with the others on the same
deal. With each card go the search's figure for it (its expected points, the corrections
taken off) and the facts the model reads (``lead_value.lead_facts``). One line of JSON
per lead, written as each deal ends, so a run cut short keeps what it made.

The players are the real ones (the cards chosen over 160..960 deals): the lead's worth
depends on the play after it, which quick play-outs would judge differently.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bid_model_data import OPENSPIELS, _finish, seated, write_deals

from euchre_qt.engine import HandState
from euchre_qt.engine import actions as act
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.card_search import CardChoice
from euchre_qt.engine.ai.lead_value import is_early_lead, lead_facts
from euchre_qt.engine.ai.player import Player
from euchre_qt.engine.rules import Rules
from euchre_qt.engine.view import Phase, SeatView
from euchre_qt.tools.arena import deal_for


class _Recording(AdvancedPlayer):
    """Advanced, remembering its last card search."""

    chosen: CardChoice | None = None

    def _choose_card(self, view: SeatView) -> CardChoice:
        self.chosen = super()._choose_card(view)
        return self.chosen


def _is_lead(view: SeatView) -> bool:
    return view.phase is Phase.PLAY and is_early_lead(view)


class Table(NamedTuple):
    """Deal ``number`` as it is played here: its Advanced player, the four seats, the
    table's name ("advanced" or "novice") and the hand as dealt."""

    advanced: _Recording
    players: list[Player]
    name: str
    state: HandState


def table_for(seed: int, number: int, lead_model: bool = False, **settings: Any) -> Table:
    """Deal ``number``'s table (``benchmarks/opening_leads.py`` replays the data by it, with
    the Advanced player's ``settings`` of the day the data were made)."""
    rules = Rules() if number % 2 == 0 else OPENSPIELS
    advanced = _Recording(seed * 7919 + number, lead_model=lead_model, **settings)
    players, table = seated(advanced, seed, number)
    return Table(advanced, players, table, deal_for(seed, number, rules, deal_scores(seed, number)))


def deal_records(seed: int, number: int, lead_model: bool = False) -> list[dict[str, object]]:
    """Every searched lead of the first tricks of deal ``number``, each legal card played out."""
    advanced, players, table, state = table_for(seed, number, lead_model)
    pending: list[tuple[dict[str, object], int]] = []
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        advanced.chosen = None
        action = players[seat].choose(view)
        choice = advanced.chosen
        if players[seat] is advanced and choice is not None and _is_lead(view):
            sign = 1 if seat.team == 0 else -1
            cards: dict[str, dict[str, object]] = {}
            for card, mean in choice.means.items():
                line: dict[str, object] = {"dd": mean, "facts": lead_facts(view, card)}
                if card is not choice.card:
                    line["points"] = sign * _finish(state.apply(act.play(card)), players)
                cards[str(card)] = line
            record: dict[str, object] = {
                "seed": seed,
                "deal": number,
                "table": table,
                "rules": "standard" if number % 2 == 0 else "openspiel",
                "trick": len(view.tricks),
                "chosen": str(choice.card),
                "cards": cards,
            }
            pending.append((record, sign))
        state = state.apply(action)
    final = _points(state)
    for record, sign in pending:
        cards = record["cards"]  # type: ignore[assignment]
        cards[str(record["chosen"])]["points"] = sign * final
    return [record for record, _ in pending]


def deal_scores(seed: int, number: int) -> tuple[int, int]:
    rng = random.Random(f"euchre-qt lead model:{seed}:{number}")
    return (0, 0) if rng.random() < 0.5 else (rng.randrange(10), rng.randrange(10))


def _points(state: HandState) -> int:
    assert state.result is not None
    return state.result.points[0] - state.result.points[1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=9201)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    write_deals(args.out, range(args.start, args.start + args.deals), lambda n: deal_records(args.seed, n), "leads")


if __name__ == "__main__":
    main()
