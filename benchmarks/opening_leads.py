"""Opening leads chosen other ways, judged by what really happened (prints figures)

    python benchmarks/opening_leads.py --data lead_data.jsonl [--positions 2000] [--jobs 2]
        [--ways fused:3840 grouped:3840 held-out:3840 ties:3 learned:3] [--out leads.jsonl]

The positions are the opening leads of ``scripts/lead_model_data.py``'s data, made again by
replaying each deal to its opening lead with the same players (the player's own card and
its legal cards must come out as recorded). Each lead chosen another way is scored by that
data's real outcome: every legal card was led on the true deal and the hand played out by
the real players. So each way is compared with the player's own lead on what really
happened, paired lead by lead, and with the search's own valuation over the same deals.

The ways (``--ways``):

- ``fused:N``: the search's own valuation over N sampled deals (its choice among cards
  within ``NEAR_TIE``, as the player's): from its next turn on the leader plays each deal
  as if it knew every card (strategy fusion).
- ``grouped:N`` and ``held-out:N``: the same deals, the leader's next card one card for
  every deal it cannot tell apart by then. The deals are grouped by what it has seen by its
  next turn (the first trick's other cards, and the second trick's played before it).
  ``grouped`` takes in each group the card that does best over that group: optimistic
  where groups are small (a deal alone in its group is told apart, as under fusion).
  ``held-out`` chooses each group's card on half of the deals and scores it on the other
  half, and the other way round; a group with no deals in the choosing half plays the
  leader's card by habit (about half the deals over 3,840 in two positions looked at: the
  finer a lead splits the deals, the more of them). That is the unbiased value of a weaker policy that does not see
  the cards, so pessimistic. From the next card on, every
  way plays on double-dummy, each seat as the search plays it (the opponents by habit).
  Also printed: how much the search overvalues a lead (fused minus held-out).
- ``ties:K``: the player as it is, except that on the opening lead a card within K
  standard errors of the best (paired over the same deals) counts as tied, and a good
  player's habits choose among the tied (``AdvancedPlayer(opening_tie_errors=K)``).
- ``learned:K``: the same ties, chosen among by the learned figures of
  ``opening_values`` (``AdvancedPlayer(opening_tie_errors=K, opening_ties="learned")``).
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
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))

from lead_model_data import table_for

from euchre_qt.engine import Seat
from euchre_qt.engine.ai.advanced import AdvancedPlayer, OpeningTies
from euchre_qt.engine.ai.card_search import hazard, preference, table_solver
from euchre_qt.engine.ai.habits import Habits
from euchre_qt.engine.ai.how_they_play import HowTheyPlay
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.masks import trump_tables
from euchre_qt.engine.ai.sampler import World, sample_worlds
from euchre_qt.engine.ai.settling import NEAR_TIE
from euchre_qt.engine.ai.solver import Solver
from euchre_qt.engine.cards import ALL_CARDS
from euchre_qt.engine.tricks import winning_index
from euchre_qt.engine.view import Phase, SeatView

FUSED, GROUPED, HELD_OUT = "fused", "grouped", "held-out"


class Lead(NamedTuple):
    deal: int
    table: str
    player: str  # the player's own card (over 160..960 deals)
    ways: dict[str, str]  # each way's card, by the way's name
    means: dict[str, dict[str, float]]  # each valuing way's expected points for every card
    points: dict[str, int]  # each card's real outcome on the true deal


# The Advanced player as it was when the lead model's data were made (seed 9201): its opening
# lead's near-ties went by habit (before ``opening_values``). The replay must lead as it did.
DATA_PLAYER: dict[str, Any] = {"opening_tie_errors": 0.0, "opening_ties": "habit"}


def opening_lead(seed: int, number: int) -> tuple[SeatView, str]:
    """Deal ``number`` replayed as ``lead_model_data`` played it, to the opening lead: the
    Advanced player's view there, and the card it leads."""
    advanced, players, _, state = table_for(seed, number, **DATA_PLAYER)
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        action = players[seat].choose(view)
        if view.phase is Phase.PLAY:
            if players[seat] is not advanced or action.card is None:
                raise RuntimeError(f"deal {number}: the replay's opening lead is not the Advanced player's")
            return view, str(action.card)
        state = state.apply(action)
    raise RuntimeError(f"deal {number}: the replay ended before the play")


class NextTurn(NamedTuple):
    """One deal from the opening lead to the leader's next turn."""

    seen: tuple[int, ...]  # the other cards played by then, in order
    values: dict[int, int]  # each of the leader's cards then, by the points it comes to double-dummy
    by_habit: int  # the card the leader's habits would play then


class _Observer:
    """Plays a deal from the opening lead to the leader's next turn, each seat as the card
    search plays it: the seats taken to play by habit by ``habits``, the others (the
    partner) their side's best double-dummy, the lowest of equals (the card played shows
    the leader what it holds)."""

    def __init__(self, view: SeatView) -> None:
        assert view.trump is not None and view.maker is not None
        self.me = int(view.seat)
        self.solver: Solver
        self.solver, self.points = table_solver(view)
        self.makers = view.maker.team
        self.active = [s for s in range(4) if Seat(s) not in view.sitting_out]
        self.habitual = {int(s) for s in HowTheyPlay.as_seen_by(view.seat).playing_cards_by_habit()}
        self.habits = Habits(view.trump, view.maker, view.rules.joker, [Seat(s) for s in self.habitual])
        self.power = trump_tables(view.trump).power
        self.trump = view.trump

    def _next(self, seat: int) -> int:
        seat = (seat + 1) % 4
        while seat not in self.active:
            seat = (seat + 1) % 4
        return seat

    def _card(self, seat: int, hands: list[int], trick: list[tuple[int, int]], makers_won: int) -> int:
        if seat in self.habitual:
            return self.habits.card(hands[seat], trick, seat)
        self.solver.set_position(hands, trick)
        outcomes = self.solver.move_outcomes(seat, makers_won)
        sign = 1 if seat % 2 == self.me % 2 else -1  # points are the leader's side's
        best = max(sign * self.points(b) for b in outcomes.values())
        return min((c for c, b in outcomes.items() if sign * self.points(b) == best), key=lambda c: self.power[c])

    def to_next_turn(self, hands: list[int], lead: int) -> NextTurn:
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
        winner = trick[winning_index([ALL_CARDS[c] for _, c in trick], self.trump)][0]
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
        by_habit = self.habits.card(hands[self.me], trick, self.me)
        return NextTurn(tuple(seen), {c: self.points(b) for c, b in outcomes.items()}, by_habit)


def _held_out(group: list[tuple[int, NextTurn]]) -> float:
    """The points over ``group``'s deals (each tagged with its half) of the next card
    chosen over the other half's deals, or by habit where that half has none."""
    total = 0.0
    for half in (0, 1):
        choosing = [turn.values for h, turn in group if h == half]
        scored = [turn for h, turn in group if h != half]
        if not scored:
            continue
        if choosing:  # (one group's deals offer the same cards: its key fixes the led suit)
            card = max(choosing[0], key=lambda c: (sum(v[c] for v in choosing), -c))
            total += sum(turn.values[card] for turn in scored)
        else:
            total += sum(turn.values[turn.by_habit] for turn in scored)
    return total


def lead_values(view: SeatView, worlds: list[World]) -> dict[str, dict[int, float]]:
    """Each legal lead's expected points over ``worlds``, valued each way (``FUSED``,
    ``GROUPED``, ``HELD_OUT``: see the module notes). A deal drawn twice falls in one half."""
    me = int(view.seat)
    mine = read_knowledge(view).mine
    observer = _Observer(view)
    values: dict[str, dict[int, float]] = {FUSED: {}, GROUPED: {}, HELD_OUT: {}}
    for lead in (a.card.index for a in view.legal_actions if a.card is not None):
        groups: dict[tuple[int, ...], list[tuple[int, NextTurn]]] = defaultdict(list)
        for world in worlds:
            hands = world[:4]
            hands[me] = mine
            turn = observer.to_next_turn(hands, lead)
            # the half by the deal itself, so a deal drawn twice falls in one half (a tuple of
            # ints hashes alike in every process, whatever PYTHONHASHSEED)
            groups[turn.seen].append((hash(tuple(world)) % 2, turn))
        fused = grouped = held_out = 0.0
        for group in groups.values():
            fused += sum(max(turn.values.values()) for _, turn in group)
            cards = group[0][1].values
            grouped += max(sum(turn.values[c] for _, turn in group) for c in cards)
            held_out += _held_out(group)
        for way, total in ((FUSED, fused), (GROUPED, grouped), (HELD_OUT, held_out)):
            values[way][lead] = total / len(worlds)
    return values


def _best(view: SeatView, means: dict[int, float]) -> str:
    """The card the player would choose by ``means``: the best, or among cards within
    ``NEAR_TIE`` of it, a good player's (as ``card_search.choose_card`` without ties; a
    test holds the two to the same card)."""
    corrected = {c: m - hazard(view, ALL_CARDS[c]) for c, m in means.items()}
    top = max(corrected.values())
    near = [ALL_CARDS[c] for c, m in corrected.items() if top - m <= NEAR_TIE]
    return str(max(near, key=lambda c: preference(view, c)))


def _the_ways(
    view: SeatView, seed: int, number: int, ways: list[str]
) -> tuple[dict[str, str], dict[str, dict[str, float]]]:
    chosen: dict[str, str] = {}
    means: dict[str, dict[str, float]] = {}
    valued: dict[int, dict[str, dict[int, float]]] = {}  # by the deals sampled
    for way in ways:
        name, _, count = way.partition(":")
        if name in (FUSED, GROUPED, HELD_OUT):
            deals = int(count)
            if deals not in valued:
                rng = random.Random(f"lead fusion:{seed}:{number}")
                valued[deals] = lead_values(view, sample_worlds(view, read_knowledge(view), rng, deals))
            chosen[way] = _best(view, valued[deals][name])
            means[way] = {str(ALL_CARDS[c]): v for c, v in valued[deals][name].items()}
        elif name in ("ties", "learned"):
            ties: OpeningTies = "learned" if name == "learned" else "habit"
            player = AdvancedPlayer(seed * 7919 + number, opening_tie_errors=float(count), opening_ties=ties)
            card = player.choose(view).card
            assert card is not None
            chosen[way] = str(card)
        else:
            raise ValueError(f"no such way: {way}")
    return chosen, means


Job = tuple[int, int, str, str, dict[str, int], list[str]]  # seed, deal, table, the recorded lead, outcomes, ways


def judge(job: Job) -> Lead:
    seed, number, table, recorded, points, ways = job
    view, card = opening_lead(seed, number)
    legal = {str(a.card) for a in view.legal_actions if a.card is not None}
    if card != recorded or legal != set(points):
        raise RuntimeError(
            f"deal {number}: the replay led {card} of {sorted(legal)}, the data {recorded} of {sorted(points)}"
        )
    chosen, means = _the_ways(view, seed, number, ways)
    return Lead(number, table, recorded, chosen, means, points)


def _jobs(paths: list[Path], positions: int, ways: list[str]) -> Iterator[Job]:
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


def _paired(leads: list[Lead], way: str, against: str | None = None) -> str:
    """``way``'s leads over ``against``'s (the player's own by default), by real outcome."""

    def card(lead: Lead, name: str | None) -> str:
        return lead.player if name is None else lead.ways[name]

    differences = [lead.points[card(lead, way)] - lead.points[card(lead, against)] for lead in leads]
    mean = statistics.fmean(differences)
    half = 1.96 * statistics.stdev(differences) / sqrt(len(differences)) if len(differences) > 1 else 0.0
    differ = sum(1 for lead in leads if card(lead, way) != card(lead, against))
    return f"{mean:+.3f} +- {half:.3f} points a lead ({differ} of {len(leads)} leads differ)"


def _report(leads: list[Lead], ways: list[str]) -> None:
    for way in ways:
        print(f"    {way:<16} over the player's own: {_paired(leads, way)}")
    for way in ways:
        name, _, count = way.partition(":")
        fused = f"{FUSED}:{count}"
        if name in (GROUPED, HELD_OUT) and fused in ways:
            print(f"    {way:<16} over {fused}: {_paired(leads, way, fused)}")
            over = [statistics.fmean(x.means[fused][c] - x.means[way][c] for c in x.points) for x in leads]
            spread = [
                max(x.means[fused][c] - x.means[way][c] for c in x.points)
                - min(x.means[fused][c] - x.means[way][c] for c in x.points)
                for x in leads
            ]
            print(
                f"      {fused} values a lead above {way} by {statistics.fmean(over):.3f} points (mean), "
                f"the most minus the least of one hand's cards {statistics.median(spread):.3f} (median)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", type=Path, nargs="+", required=True, help="lead_model_data.py's output")
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--ways", nargs="+", default=["fused:480", "grouped:480", "held-out:480"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, help="each lead as a line of JSON (the file is made anew)")
    args = parser.parse_args()
    if args.out:
        args.out.write_text("")
    leads: list[Lead] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for done, lead in enumerate(pool.map(judge, _jobs(args.data, args.positions, args.ways), chunksize=4), 1):
            leads.append(lead)
            if args.out:
                with args.out.open("a") as out:
                    out.write(json.dumps(lead._asdict()) + "\n")
            if done % 100 == 0:
                print(f"{done} positions", flush=True)
    print(f"{len(leads)} opening leads; by real outcome, paired lead by lead:")
    for name, chosen in (("all", leads), *((t, [x for x in leads if x.table == t]) for t in ("advanced", "novice"))):
        if chosen:
            print(f"  {name} ({len(chosen)}):")
            _report(chosen, args.ways)


if __name__ == "__main__":
    main()
