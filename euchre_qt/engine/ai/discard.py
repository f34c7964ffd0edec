"""The dealer's discard: each card it could throw, played out over the same sampled
deals from the opening lead; the plain choice by the hand's shape (``best_discard``)
unless another is clearly better."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..cards import Card, effective_suit
from ..hand import opening_leader
from ..view import SeatView
from .card_search import table_solver
from .how_they_play import HowTheyPlay
from .knowledge import Knowledge
from .sampler import World
from .settling import settled, tie_margin


def searched_discard(
    view: SeatView,
    plain: Card,
    knowledge: Knowledge,
    draw: Callable[[], Iterable[World]],
    batch: int,
    tie_errors: float = 0.0,
    seating: HowTheyPlay | None = None,
) -> Card:
    """The discard that plays best over the deals ``draw`` gives (drawn only when there
    is a choice to make), checked for settling every ``batch`` deals; ``plain`` unless
    another is clearly better (``tie_margin``). A trump is thrown only from a hand of nothing else."""
    assert view.trump is not None
    me = int(view.seat)
    solver, points = table_solver(view, seating)
    leader = int(opening_leader(view.rules, view.dealer, view.maker, view.alone, view.sitting_out))
    legal = [a.card for a in view.legal_actions if a.card is not None]
    cards = [c for c in legal if effective_suit(c, view.trump) is not view.trump] or legal
    if plain not in cards:
        return plain
    scores: dict[Card, list[int]] = {c: [] for c in cards}
    solved: dict[tuple[int, ...], list[int]] = {}
    for used, world in enumerate(draw(), 1):
        key = tuple(world)
        if key not in solved:
            hands = world[:4]
            solved[key] = []
            for card in cards:
                hands[me] = knowledge.mine & ~(1 << card.index)
                solver.set_position(hands, [])
                solved[key].append(points(solver.band(leader, 0)))
        for card, value in zip(cards, solved[key], strict=True):
            scores[card].append(value)
        if used % batch == 0 and settled(scores):
            break
    means = {c: sum(v) / max(len(v), 1) for c, v in scores.items()}
    best = max(cards, key=lambda c: means[c])
    return plain if means[best] - means[plain] <= tie_margin(scores[best], scores[plain], tie_errors) else best
