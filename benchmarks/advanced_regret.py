"""Where the Advanced player loses points, decision by decision (prints figures; not pass/fail).

    python benchmarks/advanced_regret.py [--deals 300] [--seed 7] [--jobs 2] [--players '{}' '{"bar": 0.2}']

Advanced plays ``--deals`` duplicate deals against Novice (standard rules). Every
decision of Advanced's with a real choice is kept with its true deal, and each choice
is valued on that deal: a card by double-dummy play, a bid by the contract played out
double-dummy, a pass by the bidding that follows (the others bid as
``bidding_model`` reads them): the game review's hindsight values
(``analysis.hindsight``). A player's regret at a decision is the best choice's
value minus its own choice's, in points for its side.

The same positions are then decided again by each player of ``--players`` (keyword
arguments for ``AdvancedPlayer``, as JSON) and by Novice, and their regret is printed by
phase and by where the points go. The positions and the true values are the same for
every player, so two players' totals can be compared far more tightly than two arena
runs, and in about a minute. The true deal's values ask for information nobody honest
has, so the totals never reach zero: they say where the points go, and which of two
players loses fewer of them. Double-dummy values cannot judge the corrections meant for
imperfect opponents (``card_search.hazard``, ``preference``); the arena judges those.

Found with it (November 2026): Advanced lost about 0.63 points a hand to bidding and
0.32 to card play, where Novice lost 0.67 and 0.50. The largest single loss was passing
a hand that should have been ordered up, and a defender's opening lead was the costliest
card. More deals for a bid did not help, but the estimates after a partner's pass were
biased by about 0.2 points. That led to ``bidding_model.PARTNERSHIP``.

Bidding decisions on weak hands (the strongest suit's own estimate under
``bid_weighing.HOPELESS``, passed unweighed unless the player has ``weigh_weak``) are
counted among all of Advanced's bidding decisions, and their regret is printed apart.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import statistics
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from euchre_qt.analysis.judge import hindsight
from euchre_qt.engine import HandState, Phase, Rules
from euchre_qt.engine.actions import PASS, Action
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.bid_weighing import HOPELESS, own_estimate, suits_by_strength
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import ComputerPlayer
from euchre_qt.tools.arena import deal_for

Values = dict[Action, float]  # each legal choice -> points for the mover's side, on the true deal
ValuedChoice = tuple[HandState, Values]  # a real choice on the true deal, each option valued
_DECISIONS = (Phase.BIDDING_1, Phase.BIDDING_2, Phase.PLAY)
_BIDDING = (Phase.BIDDING_1, Phase.BIDDING_2)


def weak_hand(state: HandState) -> bool:
    """A bidding decision on a hand under ``HOPELESS`` (one that may pass)."""
    assert state.turn is not None
    view = state.view(state.turn)
    return PASS in view.legal_actions and own_estimate(view, suits_by_strength(view)[0]) < HOPELESS


def positions_of_deal(seed: int, number: int) -> tuple[list[ValuedChoice], int, int]:
    """Advanced's real choices in one duplicate deal against Novice, with their values;
    and how many bidding decisions it made (with a choice), and how many on weak hands."""
    advanced, novice = AdvancedPlayer(seed), NovicePlayer(seed)
    found: list[ValuedChoice] = []
    bids = weak = 0
    for copy in (0, 1):
        players = (advanced, novice, advanced, novice) if copy == 0 else (novice, advanced, novice, advanced)
        state = deal_for(seed, number, Rules())
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            player = players[seat]
            if player is advanced and state.phase in _BIDDING and len(state.legal_actions()) > 1:
                bids += 1
                weak += weak_hand(state)
            if player is advanced and state.phase in _DECISIONS and len(state.legal_actions()) > 1:
                values = dict(hindsight(state).ranked())
                if values and max(values.values()) != min(values.values()):
                    found.append((state, values))
            state = state.apply(player.choose(state.view(seat)))
    return found, bids, weak


def kind_of(action: Action) -> str:
    return action.kind.name.lower().replace("_", " ") + (" alone" if action.alone else "")


def regret_at(player: ComputerPlayer, position: ValuedChoice) -> tuple[str, str, float, bool]:
    """(phase, what was chosen and what was best, regret, on a weak hand) for one position."""
    state, values = position
    assert state.turn is not None
    action = player.choose(state.view(state.turn))
    best = max(values.values())
    if state.phase is Phase.PLAY:
        place = "lead" if not state.trick else f"{len(state.trick) + 1}. hand"
        assert state.maker is not None and action.card is not None
        side = "maker" if state.turn.team == state.maker.team else "defender"
        return str(state.phase), f"{side}, {place}", best - values[action], False
    top = [a for a, v in values.items() if v == best]
    weak = weak_hand(state)
    kind = f"{'weak hand: ' if weak else ''}{kind_of(action)} (best: {kind_of(top[0])})"
    return str(state.phase), kind, best - values[action], weak


def make_player(spec: str, seed: int) -> ComputerPlayer:
    return NovicePlayer(seed) if spec == "novice" else AdvancedPlayer(seed, **json.loads(spec))


def _regrets(spec: str, seed: int, position: ValuedChoice) -> tuple[str, str, float, bool]:
    return regret_at(make_player(spec, seed), position)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--players", nargs="+", default=["{}"], help="AdvancedPlayer keyword arguments, as JSON")
    parser.add_argument("--top", type=int, default=6, help="where the points go: this many rows per phase")
    args = parser.parse_args()
    with multiprocessing.Pool(args.jobs) as pool:
        found = pool.map(functools.partial(positions_of_deal, args.seed), range(args.deals), chunksize=4)
        positions = [p for part, _, _ in found for p in part]
        hands = 2 * args.deals
        print(f"{len(positions)} decisions with a real choice in {hands} hands (seed {args.seed})", flush=True)
        bids, weak = sum(b for _, b, _ in found), sum(w for _, _, w in found)
        print(f"bidding decisions: {bids}, on weak hands (under HOPELESS {HOPELESS}): {weak} ({weak / bids:.1%})")
        for spec in [*args.players, "novice"]:
            rows = pool.map(functools.partial(_regrets, spec, args.seed), positions, chunksize=16)
            print(f"\n{spec}: regret, points per hand")
            by_phase: dict[str, list[float]] = defaultdict(list)
            by_kind: dict[tuple[str, str], float] = defaultdict(float)
            weak_regrets: list[float] = []
            for phase, kind, regret, weak_one in rows:
                by_phase[phase].append(regret)
                by_kind[(phase, kind)] += regret
                if weak_one:
                    weak_regrets.append(regret)
            for phase, regrets in by_phase.items():
                spread = statistics.pstdev(regrets) * len(regrets) ** 0.5 / hands
                print(f"  {phase:10} {sum(regrets) / hands:.3f} ± {1.96 * spread:.3f}  ({len(regrets)} decisions)")
                ranked = sorted(((v, k) for (p, k), v in by_kind.items() if p == phase), reverse=True)
                for value, kind in ranked[: args.top]:
                    print(f"      {value / hands:.3f}  {kind}")
            if weak_regrets:
                spread = statistics.pstdev(weak_regrets) * len(weak_regrets) ** 0.5 / hands
                lost = sum(r > 0 for r in weak_regrets)
                print(
                    f"  weak hands {sum(weak_regrets) / hands:.3f} ± {1.96 * spread:.3f}"
                    f"  ({len(weak_regrets)} decisions with a real choice; {lost} with regret)"
                )


if __name__ == "__main__":
    main()
