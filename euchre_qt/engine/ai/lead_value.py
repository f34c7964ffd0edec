"""What a lead is worth beyond the card search's figure, learned from honest play.

The card search (``card_search``) values each card by playing sampled deals out
double-dummy: after the lead everybody is taken to see every card, so a lead whose worth
depends on what the others cannot know (a low card to a partner who must guess, a trump
that tells the defenders where the rest lie) is valued as if nobody had to guess. A lead
is where this costs most: with most cards unseen, seeing them is worth 0.2 points a hand
to the Advanced player on its leads (docs/ai.md). This model corrects the search's figure
for a lead by the facts of the card and the position: a linear model fitted by
``scripts/train_lead_model.py`` to the real outcomes of every legal lead from the same
positions, each played out to the end of the hand by honest players
(``scripts/lead_model_data.py``). Its weights are constants in ``lead_value_weights``;
inference is plain Python.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..cards import EFFECTIVE_SUIT, JOKER_DECK, STANDARD_DECK, STRENGTH, Card, Rank
from ..view import SeatView
from .lead_value_weights import FEATURES, WEIGHTS

# The leads the model judges: those of tricks 1 to 3. By the fourth trick the search is
# within 0.015 points a hand of one that sees every card (docs/ai.md).
FIRST_TRICKS = 3


def is_early_lead(view: SeatView) -> bool:
    """Whether my card now leads one of the first ``FIRST_TRICKS`` tricks."""
    return not view.trick and len(view.tricks) < FIRST_TRICKS


def lead_facts(view: SeatView, card: Card) -> dict[str, float]:
    """The facts of leading ``card`` here that the model reads: who made trump, what the
    card is among the cards still out, and what my hand holds besides. "Out" counts every
    card of the suit not played and not mine, the turned-down up-card of round 2 among them
    (the weights were fitted so: a fact read otherwise would need the data made again)."""
    trump = view.trump
    assert trump is not None and view.maker is not None
    suits = EFFECTIVE_SUIT[trump]
    power = STRENGTH[trump]
    suit = suits[card.index]
    played = {c.index for t in view.tricks for c in t.cards}
    mine = {c.index for c in view.hand}
    if view.discarded is not None:
        played.add(view.discarded.index)  # only the dealer knows it; it is out all the same
    # the cards of the led suit not yet played and not mine: the ones that can beat or fall to it
    deck = JOKER_DECK if view.rules.joker else STANDARD_DECK
    out = [c.index for c in deck if suits[c.index] is suit and c.index not in played and c.index not in mine]
    higher_out = sum(1 for c in out if power[c] > power[card.index])
    same_suit = sum(1 for c in view.hand if suits[c.index] is suit)
    we_make = view.maker.team == view.seat.team
    is_trump = suit is trump
    return {
        "trick": float(len(view.tricks)),
        "we_make": float(we_make),
        "i_make": float(view.maker is view.seat),
        "alone": float(view.alone),
        "trump": float(is_trump),
        "boss": float(higher_out == 0),
        "higher_out": float(higher_out),
        "suit_out": float(len(out)),
        "ace": float(card.rank is Rank.ACE and not is_trump),
        "low": float(not is_trump and card.rank in (Rank.NINE, Rank.TEN)),
        "same_suit": float(same_suit),
        "my_trumps": float(sum(1 for c in view.hand if suits[c.index] is trump)),
        "next": float(not is_trump and suit is trump.same_colour),
        "led_before": float(any(suits[t.cards[0].index] is suit for t in view.tricks)),
        "tricks_ours": float(view.our_tricks),
    }


def feature_values(facts: Mapping[str, float]) -> dict[str, float]:
    """The model's inputs: the facts, each also for the makers' side and the defenders'."""
    values = dict(facts)
    we, they = facts["we_make"], 1.0 - facts["we_make"]
    for name in ("trump", "boss", "higher_out", "ace", "low", "same_suit", "next", "led_before"):
        values[f"{name}_makers"] = facts[name] * we
        values[f"{name}_defenders"] = facts[name] * they
    values["trump_first"] = facts["trump"] * (facts["trick"] == 0.0)
    values["low_partner_made"] = facts["low"] * facts["we_make"] * (1.0 - facts["i_make"])
    return values


def correction(
    view: SeatView,
    card: Card,
    searched: float,
    names: Sequence[str] | None = None,
    weights: Sequence[float] | None = None,
) -> float:
    """Points the model adds to the search's figure (``searched``) for leading ``card``
    here; by the fitted weights unless ``names`` and ``weights`` are given."""
    values = feature_values({**lead_facts(view, card), "dd": searched})
    names, weights = (FEATURES, WEIGHTS) if names is None or weights is None else (names, weights)
    return sum(w * values[name] for name, w in zip(names, weights, strict=True))


__all__ = ["FIRST_TRICKS", "correction", "feature_values", "is_early_lead", "lead_facts"]
