"""What bidding is worth over passing, learned from honest play.

The bid weighing (``bid_weighing``) values a bid and passing by playing each out in
sampled deals double-dummy; real play, every seat choosing from its own view, makes less
of a bid than that (``benchmarks/advanced_bid_rollouts.py``: 0.24 points less over
passing on average, and by how much depends on the hand and the seat). This model
corrects the search's "bid minus pass" by the facts of the position: a linear model
fitted by ``scripts/train_bid_model.py`` to the paired outcomes of bidding and passing
from the same positions, both played out to the end of the hand by honest players
(``scripts/bid_model_data.py``). Its weights are constants in ``bid_value_weights``;
inference is plain Python. Hands too weak to be weighed by default (``HOPELESS``) have a
model of their own, fitted to such hands alone (``bid_value_weak_weights``), used where the
player weighs them (``AdvancedPlayer(weigh_weak=True)``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..cards import EFFECTIVE_SUIT, LEFT_BOWER_STRENGTH, RIGHT_BOWER_STRENGTH, STRENGTH, TRUMP_STRENGTH, Rank, Suit
from ..view import Phase, SeatView
from . import bid_value_weak_weights as weak
from .bid_value_weights import BAR, FEATURES, WEIGHTS
from .bid_weighing import HOPELESS, Weighing, hand_for, own_estimate

_TRUMP_ACE = TRUMP_STRENGTH + Rank.ACE
_TRUMP_KING = TRUMP_STRENGTH + Rank.KING
# The sides' scores from which a hand can end the game (the model was fitted to 10 points).
_CLOSE = 2


def position_facts(view: SeatView, weighing: Weighing) -> dict[str, float]:
    """The facts of a weighed bidding decision the model reads (a bid against passing):
    the search's figures, where I sit, what the up-card does, what my hand holds with the
    bid's trump, and the score."""
    assert weighing.passing is not None
    action = weighing.action
    round_two = view.phase is Phase.BIDDING_2
    up = view.up_card
    trump = action.suit if action.suit is not None else up.suit
    assert trump is not None
    hand = hand_for(view, trump)
    suits = EFFECTIVE_SUIT[trump]
    power = STRENGTH[trump]
    trumps = [power[c.index] for c in hand if suits[c.index] is trump]
    off = [c for c in hand if suits[c.index] is not trump]
    held = {suits[c.index] for c in off}
    need = view.rules.points_to_win
    return {
        "edge": weighing.value - weighing.passing.points,
        "bid_points": weighing.bid.points,
        "pass_points": weighing.passing.points,
        "make_rate": weighing.bid.make_rate,
        "alone": float(action.alone),
        "round": 2.0 if round_two else 1.0,
        "seat": float((int(view.seat) - int(view.dealer) - 1) % 4),  # 0: the dealer's left, 3: the dealer
        "up_to_us": float(not round_two and view.dealer.team == view.seat.team),
        "up_jack": float(up.rank is Rank.JACK),
        "up_rank": float(up.rank),
        "next": float(round_two and up.suit is not None and trump is up.suit.same_colour),
        "trumps": float(len(trumps)),
        "right": float(RIGHT_BOWER_STRENGTH in trumps),
        "left": float(LEFT_BOWER_STRENGTH in trumps),
        "trump_ace": float(_TRUMP_ACE in trumps),
        "trump_king": float(_TRUMP_KING in trumps),
        "off_aces": float(sum(1 for c in off if c.rank is Rank.ACE)),
        "voids": float(sum(1 for s in Suit if s is not trump and s not in held)),
        "singletons": float(sum(1 for s in held if sum(1 for c in off if suits[c.index] is s) == 1)),
        "own": own_estimate(view, trump),
        "we_close": float(view.our_score >= need - _CLOSE),
        "they_close": float(view.their_score >= need - _CLOSE),
    }


def feature_values(facts: Mapping[str, float]) -> dict[str, float]:
    """The model's inputs from the facts: a constant, one for each round and seat (what
    the search misses there, as measured), and the facts themselves and a few products."""
    values = {"const": 1.0, f"r{int(facts['round'])}s{int(facts['seat'])}": 1.0}
    values.update(facts)
    round_two = facts["round"] == 2.0
    values["edge_r2"] = facts["edge"] if round_two else 0.0
    values["edge_alone"] = facts["edge"] * facts["alone"]
    values["trumps_r2"] = facts["trumps"] if round_two else 0.0
    values["up_jack_to_us"] = facts["up_jack"] * facts["up_to_us"]
    values["up_jack_to_them"] = facts["up_jack"] * (0.0 if round_two else 1.0 - facts["up_to_us"])
    return values


def predicted_edge(
    facts: Mapping[str, float], names: Sequence[str] = FEATURES, weights: Sequence[float] = WEIGHTS
) -> float:
    """What bidding is worth over passing, in points, as the model expects it in real play."""
    values = feature_values(facts)
    return sum(w * values.get(name, 0.0) for name, w in zip(names, weights, strict=True))


def learned_edge(view: SeatView, weighing: Weighing) -> float:
    """The model's edge of the weighed bid over passing, for this position, less the bar
    its fit chose: a bid is made where this is above zero (a hand under ``HOPELESS`` is
    judged by the model fitted to such hands)."""
    facts = position_facts(view, weighing)
    if facts["own"] < HOPELESS:
        return predicted_edge(facts, weak.FEATURES, weak.WEIGHTS) - weak.BAR
    return predicted_edge(facts) - BAR


__all__ = ["learned_edge", "position_facts", "predicted_edge"]
