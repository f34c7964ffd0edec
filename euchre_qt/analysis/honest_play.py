"""The rest of a hand played honestly: every seat choosing its cards from what it can see.

The judge plays the rest of the hand double-dummy (every seat sees every card). Here
each card after the decision is chosen by the Advanced player from that seat's own view
(a small search of its own: ``DEALS_A_CARD`` deals), in deals of the unseen cards that fit
the chooser's view. It costs a search per later card, so it is measured against the
double-dummy judge (``benchmarks/analysis_calibration.py --honest``) rather than used by
the review; only cards are valued this way, and not in a loner's hand.
"""

from __future__ import annotations

from ..engine.actions import Action, ActionKind, discard
from ..engine.ai.advanced import AdvancedPlayer
from ..engine.ai.knowledge import OUT, read_knowledge
from ..engine.ai.masks import cards_in
from ..engine.ai.player import decision_rng
from ..engine.ai.sampler import World, sample_worlds
from ..engine.cards import Card, Seat
from ..engine.hand import HandState
from ..engine.view import Phase, SeatView
from .judge import Values

DEALS_A_CARD = 8  # each later card's own search, as the Advanced player at its quickest


def can_play_honestly(view: SeatView) -> bool:
    return view.phase is Phase.PLAY and not view.alone and view.revealed_hands is None


def honest_values(view: SeatView, deals: int, seed: int = 0) -> Values:
    """Each legal card of ``view.seat`` over ``deals`` deals that fit its view, the rest
    of the hand played by every seat from its own view; points for the chooser's side."""
    if not can_play_honestly(view):
        raise ValueError("only a card, outside a loner's hand, is valued by honest play")
    knowledge = read_knowledge(view)
    worlds = sample_worlds(view, knowledge, decision_rng(seed, view), deals)
    player = AdvancedPlayer(seed=seed, worlds=DEALS_A_CARD, max_worlds=DEALS_A_CARD)
    per_deal: dict[Action, list[float]] = {a: [] for a in view.legal_actions}
    team = view.seat.team
    for world in worlds:
        world[view.seat] = knowledge.mine
        state = world_state(view, world)
        for action in view.legal_actions:
            after = state.apply(action)
            while not after.is_over:
                seat = after.turn
                assert seat is not None
                after = after.apply(player.choose(after.view(seat)))
            assert after.result is not None
            points = after.result.points
            per_deal[action].append(float(points[team] - points[1 - team]))
    return Values({a: tuple(v) for a, v in per_deal.items()})


def world_state(view: SeatView, world: World) -> HandState:
    """The hand as ``view`` saw it so far, the unseen cards where ``world`` puts them."""
    played: list[list[Card]] = [[], [], [], []]
    for seat, card in (*(play for trick in view.tricks for play in trick.plays), *view.trick):
        played[seat].append(card)
    dealt = [cards_in(world[s]) + played[s] for s in range(4)]
    out = cards_in(world[OUT])
    moves = list(view.history)
    if view.up_card_taken:
        dealer = int(view.dealer)
        thrown = view.discarded if view.discarded is not None else out.pop(0)
        dealt[dealer] = [c for c in dealt[dealer] if c != view.up_card] + [thrown]
        moves = [(s, discard(thrown) if a.kind is ActionKind.DISCARD else a) for s, a in moves]
    state = HandState.from_cards(view.rules, view.dealer, dealt, [view.up_card, *out], view.scores)
    for seat, action in moves:
        assert state.turn is Seat(seat)
        state = state.apply(action)
    return state
