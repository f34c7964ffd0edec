"""Opening leads chosen other ways, judged by what really happened (prints figures)

    python benchmarks/opening_leads.py --data lead_data.jsonl [--positions 2000] [--jobs 2]
        [--ways honest:3840 ties:3] [--out leads.jsonl]

The positions are the opening leads of ``scripts/lead_model_data.py``'s data, made again by
replaying each deal to its opening lead with the same players (the player's own card must
come out as recorded). Each lead chosen another way is scored by that data's real outcome:
every legal card was led on the true deal and the hand played out by the real players. So
each way is compared with the player's own lead on what really happened, paired lead by lead.

The ways (``--ways``):

- ``fused:N`` and ``honest:N``: what the search's pretence of seeing the cards (strategy
  fusion) costs. ``fused:N`` is the search's own valuation over N sampled deals: from the
  second trick on, the leader plays each deal as if it knew every card. ``honest:N`` values
  each lead over the same deals with the leader's next card one card for every deal it
  cannot tell apart by then: the deals are grouped by what it has seen by its next turn
  (the first trick's other cards, and the second trick's cards played before it), and in
  each group the one next card that does best over the whole group is taken. From the next
  card on, both play on double-dummy, the partner as the search plays it and the opponents
  by habit. Also printed: how much the search overvalues a lead.
- ``ties:K``: the player as it is, except that a card within K standard errors of the best
  (paired over the same deals) counts as tied, and a good player's habits choose among the
  tied (``AdvancedPlayer(opening_tie_errors=K)``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from math import sqrt
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from bid_model_data import OPENSPIELS, seated
from lead_model_data import deal_scores

from euchre_qt.engine import HandState, Seat
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.card_search import hazard, preference, table_solver
from euchre_qt.engine.ai.habits import Habits
from euchre_qt.engine.ai.how_they_play import HowTheyPlay
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.masks import trump_tables
from euchre_qt.engine.ai.sampler import World, sample_worlds
from euchre_qt.engine.ai.solver import Solver
from euchre_qt.engine.cards import ALL_CARDS
from euchre_qt.engine.rules import Rules
from euchre_qt.engine.view import Phase, SeatView
from euchre_qt.tools.arena import deal_for


class Lead(NamedTuple):
    deal: int
    table: str
    player: str  # the player's own card (over 160..960 deals)
    ways: dict[str, str]  # each way's card, by the way's name
    overvalued: float | None  # fused minus honest, the mean over the cards (with those ways)
    points: dict[str, int]  # each card's real outcome on the true deal


def opening_lead(seed: int, number: int) -> tuple[SeatView, str] | None:
    """Deal ``number`` replayed as ``lead_model_data`` played it, to the Advanced player's
    opening lead: its view and the card it leads (None if the lead is not an Advanced
    player's)."""
    rules = Rules() if number % 2 == 0 else OPENSPIELS
    advanced = AdvancedPlayer(seed * 7919 + number)
    players, _ = seated(advanced, seed, number)
    state: HandState = deal_for(seed, number, rules, deal_scores(seed, number))
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        action = players[seat].choose(view)
        if view.phase is Phase.PLAY:
            if players[seat] is not advanced or action.card is None:
                return None
            return view, str(action.card)
        state = state.apply(action)
    return None


class _Observer:
    """One deal's play from the opening lead to the leader's next turn."""

    def __init__(self, view: SeatView) -> None:
        assert view.trump is not None and view.maker is not None
        self.me = int(view.seat)
        self.partner = int(view.seat.partner)
        self.solver: Solver
        self.solver, self.points = table_solver(view)
        self.makers = view.maker.team
        self.active = [s for s in range(4) if Seat(s) not in view.sitting_out]
        habitual = HowTheyPlay.as_seen_by(view.seat).playing_cards_by_habit()
        self.habits = Habits(view.trump, view.maker, view.rules.joker, habitual)
        self.power = trump_tables(view.trump).power
        self.suit_of = trump_tables(view.trump).suit_of
        self.trump = int(view.trump)

    def _next(self, seat: int) -> int:
        seat = (seat + 1) % 4
        while seat not in self.active:
            seat = (seat + 1) % 4
        return seat

    def _winner(self, trick: list[tuple[int, int]]) -> int:
        led = self.suit_of[trick[0][1]]
        winner, best = trick[0][0], -1
        for seat, card in trick:
            if self.suit_of[card] in (led, self.trump) and self.power[card] > best:
                winner, best = seat, self.power[card]
        return winner

    def _partners_card(self, hands: list[int], trick: list[tuple[int, int]], makers_won: int) -> int:
        """The partner's card as the search plays it: its best for our side, seeing every
        card; among equals the lowest (the card played shows the leader what it holds)."""
        self.solver.set_position(hands, trick)
        outcomes = self.solver.move_outcomes(self.partner, makers_won)
        best = max(self.points(b) for b in outcomes.values())
        return min((c for c, b in outcomes.items() if self.points(b) == best), key=lambda c: self.power[c])

    def _card(self, seat: int, hands: list[int], trick: list[tuple[int, int]], makers_won: int) -> int:
        if seat == self.partner:
            return self._partners_card(hands, trick, makers_won)
        return self.habits.card(hands[seat], trick, seat)

    def to_next_turn(self, hands: list[int], lead: int) -> tuple[tuple[int, ...], dict[int, int]]:
        """What the leader has seen by its next turn (the other cards played, in order), and
        each of its cards then, by the points it comes to double-dummy."""
        hands = list(hands)
        hands[self.me] &= ~(1 << lead)
        trick = [(self.me, lead)]
        seen: list[int] = []
        seat = self._next(self.me)
        while len(trick) < len(self.active):
            card = self._card(seat, hands, trick, 0)
            hands[seat] &= ~(1 << card)
            trick.append((seat, card))
            seen.append(card)
            seat = self._next(seat)
        winner = self._winner(trick)
        makers_won = 1 if winner % 2 == self.makers else 0
        trick = []
        seat = winner
        while seat != self.me:
            card = self._card(seat, hands, trick, makers_won)
            hands[seat] &= ~(1 << card)
            trick.append((seat, card))
            seen.append(card)
            seat = self._next(seat)
        self.solver.set_position(hands, trick)
        outcomes = self.solver.move_outcomes(self.me, makers_won)
        return tuple(seen), {c: self.points(b) for c, b in outcomes.items()}


def lead_values(view: SeatView, worlds: list[World]) -> tuple[dict[int, float], dict[int, float]]:
    """Each legal lead's expected points over ``worlds``: the leader's later cards chosen
    deal by deal (fused, as the search does), and its next card one per group of deals it
    cannot tell apart (honest)."""
    me = int(view.seat)
    mine = read_knowledge(view).mine
    observer = _Observer(view)
    leads = [a.card.index for a in view.legal_actions if a.card is not None]
    fused: dict[int, float] = {}
    honest: dict[int, float] = {}
    for lead in leads:
        total_fused = 0.0
        groups: dict[tuple[int, ...], dict[int, float]] = defaultdict(lambda: defaultdict(float))
        for world in worlds:
            hands = world[:4]
            hands[me] = mine
            seen, values = observer.to_next_turn(hands, lead)
            total_fused += max(values.values())
            group = groups[seen]
            for card, value in values.items():
                group[card] += value
        fused[lead] = total_fused / len(worlds)
        honest[lead] = sum(max(g.values()) for g in groups.values()) / len(worlds)
    return fused, honest


def _best(view: SeatView, means: dict[int, float]) -> str:
    corrected = {c: m - hazard(view, ALL_CARDS[c]) for c, m in means.items()}
    top = max(corrected.values())
    near = [ALL_CARDS[c] for c, m in corrected.items() if top - m <= 1e-9]
    return str(max(near, key=lambda c: preference(view, c)))


def _the_ways(view: SeatView, seed: int, number: int, ways: list[str]) -> tuple[dict[str, str], float | None]:
    chosen: dict[str, str] = {}
    overvalued: float | None = None
    valued: dict[int, tuple[dict[int, float], dict[int, float]]] = {}  # by the deals sampled
    for way in ways:
        name, _, number_text = way.partition(":")
        if name in ("fused", "honest"):
            deals = int(number_text)
            if deals not in valued:
                rng = random.Random(f"lead fusion:{seed}:{number}")
                valued[deals] = lead_values(view, sample_worlds(view, read_knowledge(view), rng, deals))
            fused, honest = valued[deals]
            chosen[way] = _best(view, fused if name == "fused" else honest)
            overvalued = statistics.fmean(fused[c] - honest[c] for c in fused)
        elif name == "ties":
            tied = AdvancedPlayer(seed * 7919 + number, opening_tie_errors=float(number_text))
            card = tied.choose(view).card
            assert card is not None
            chosen[way] = str(card)
        else:
            raise ValueError(f"no such way: {way}")
    return chosen, overvalued


Job = tuple[int, int, str, str, dict[str, int], list[str]]  # seed, deal, table, the recorded lead, outcomes, ways


def judge(job: Job) -> Lead | None:
    seed, number, table, recorded, points, ways = job
    made = opening_lead(seed, number)
    if made is None:
        return None
    view, card = made
    if card != recorded:
        raise RuntimeError(f"deal {number}: the replay led {card}, the data {recorded}")
    chosen, overvalued = _the_ways(view, seed, number, ways)
    return Lead(number, table, recorded, chosen, overvalued, points)


def _jobs(
    paths: list[Path], positions: int, ways: list[str]
) -> Iterator[tuple[int, int, str, str, dict[str, int], list[str]]]:
    made = 0
    for path in paths:
        with path.open() as lines:
            for line in lines:
                record = json.loads(line)
                if record["trick"] != 0:
                    continue
                points = {c: int(v["points"]) for c, v in record["cards"].items()}
                yield record["seed"], record["deal"], record["table"], record["chosen"], points, ways
                made += 1
                if made >= positions:
                    return


def _paired(leads: list[Lead], way: str) -> str:
    differences = [lead.points[lead.ways[way]] - lead.points[lead.player] for lead in leads]
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / sqrt(len(differences)) if len(differences) > 1 else 0.0
    differ = sum(1 for lead in leads if lead.ways[way] != lead.player)
    return f"{mean:+.3f} +- {half:.3f} points a lead ({differ} of {len(leads)} leads differ)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, nargs="+", required=True, help="lead_model_data.py's output")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--ways", nargs="+", default=["fused:480", "honest:480"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="each lead as a line of JSON")
    args = parser.parse_args()
    leads: list[Lead] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, lead in enumerate(pool.map(judge, _jobs(args.data, args.positions, args.ways), chunksize=4), 1):
            if lead is not None:
                leads.append(lead)
                if args.out:
                    with args.out.open("a") as out:
                        out.write(json.dumps(lead._asdict()) + "\n")
            if done % 100 == 0:
                print(f"{done} positions", flush=True)
    print(f"{len(leads)} opening leads; each way against the player's own lead, by real outcome:")
    for name, chosen in (("all", leads), *((t, [x for x in leads if x.table == t]) for t in ("advanced", "novice"))):
        if not chosen:
            continue
        print(f"  {name} ({len(chosen)}):")
        for way in args.ways:
            print(f"    {way:<14} {_paired(chosen, way)}")
        overvalued = [x.overvalued for x in chosen if x.overvalued is not None]
        if overvalued:
            print(f"    the search overvalues a lead by {statistics.fmean(overvalued):.3f} points (fused minus honest)")


if __name__ == "__main__":
    main()
