"""A3: players see only what their seat may see.

Every field of a ``SeatView`` is walked (recursively, through tuples, actions, tricks and
dataclasses): no card of another seat's hand, of the buried kitty or of someone else's
discard may be reachable. And a player's decision cannot depend on hidden cards: the same
public position with the hidden cards dealt differently gets the same answer.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Iterator

import pytest

from euchre_qt.engine import Action, ActionKind, Card, FarmersHand, HandState, IllegalActionError, Rules, Seat
from euchre_qt.engine.ai import RandomPlayer, make_player
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.tools.arena import random_rules
from tests.engine.helpers import dealt_again


def reachable_cards(obj: object, seen: set[int] | None = None) -> Iterator[Card]:
    """Every ``Card`` reachable from ``obj`` through containers and dataclass fields."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, Card):
        yield obj
    elif isinstance(obj, str | int | float | bool | enum.Enum) or obj is None:
        return
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield from reachable_cards(key, seen)
            yield from reachable_cards(value, seen)
    elif isinstance(obj, tuple | list | set | frozenset):
        for item in obj:
            yield from reachable_cards(item, seen)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            yield from reachable_cards(getattr(obj, f.name), seen)
    else:
        raise AssertionError(f"unexpected object in a view: {type(obj).__name__}")


def hidden_from(state: HandState, seat: Seat) -> set[Card]:
    """The cards ``seat`` must not be able to see in ``state``."""
    hidden = {card for other in Seat if other is not seat for card in state.hands[other]}
    hidden |= set(state.kitty[1:])
    if state.discarded is not None and seat is not state.dealer:
        hidden.add(state.discarded)
    hidden.discard(state.up_card)  # public, wherever it went
    return hidden


def walk_positions(count: int, seed: int) -> Iterator[HandState]:
    """Every position of ``count`` random hands under random rules (random play)."""
    rng = random.Random(seed)
    player = RandomPlayer(seed)
    for _ in range(count):
        rules = random_rules(rng)
        state = HandState.deal(rules, Seat(rng.randrange(4)), rng)
        while True:
            yield state
            if state.is_over:
                break
            assert state.turn is not None
            state = state.apply(player.choose(state.view(state.turn)))


def test_walker_finds_cards_when_they_are_revealed() -> None:
    """A control: the walker does find hidden cards in a "They see all" view."""
    state = HandState.deal(Rules(), Seat.EAST, 5)
    assert reachable_cards(state.view(Seat.SOUTH, reveal=True)) and hidden_from(state, Seat.SOUTH) & set(
        reachable_cards(state.view(Seat.SOUTH, reveal=True))
    )


def test_no_view_reaches_another_seats_cards_or_the_kitty() -> None:
    checked = 0
    for state in walk_positions(120, seed=17):
        for seat in Seat:
            view = state.view(seat)
            assert view.revealed_hands is None
            leaked = hidden_from(state, seat) & set(reachable_cards(view))
            assert not leaked, f"{seat} can see {sorted(c.text for c in leaked)} in\n{state}"
            checked += 1
    assert checked > 2000


@pytest.mark.parametrize("name", ["random", "novice"])
def test_players_ask_for_no_hidden_information(name: str) -> None:
    assert make_player(name).sees_all is False


@pytest.mark.parametrize("seed", range(4))
def test_decisions_do_not_depend_on_hidden_cards(seed: int) -> None:
    rng = random.Random(seed)
    players = [NovicePlayer(seed), RandomPlayer(seed)]
    compared = 0
    for _ in range(25):
        rules = dataclasses.replace(random_rules(rng), farmers_hand=FarmersHand.OFF)
        start = HandState.deal(rules, Seat(rng.randrange(4)), rng)
        if start.is_over:
            continue
        state = start
        while not state.is_over:
            me = state.turn
            assert me is not None
            view = state.view(me)
            for _attempt in range(4):
                try:
                    alt = dealt_again(start, state.history, me, rng)
                except (IllegalActionError, ValueError):
                    continue  # a dealt-again hand could not have made the same moves
                alt_view = alt.view(me)
                assert alt_view == view
                for player in players:
                    assert player.decide(alt_view) == player.decide(view)
                compared += 1
                break
            state = state.apply(players[0].choose(view))
    assert compared > 100


def test_a_player_works_on_a_bare_view() -> None:
    """A view holding only public information (no reveal, nothing extra) is all a player needs."""
    state = HandState.from_text(
        "S: JH JD AS 9C TC  W: 9D TD QD KD AD  N: AC KC QC JC 9S  E: TS QS KS JS AH  kitty: 9H TH QH KH",
        dealer="E",
    ).apply_all("order, discard TS, JH, 9D, 9S")
    view = state.view(Seat.EAST)  # the dealer: it knows its own discard
    assert view.discarded is not None
    # strip even that: a view with nothing but the public cards and the player's own hand
    history = tuple((s, Action(ActionKind.DISCARD) if a.kind is ActionKind.DISCARD else a) for s, a in view.history)
    bare = dataclasses.replace(view, discarded=None, history=history, revealed_hands=None)
    assert set(reachable_cards(bare)) <= set(view.hand) | {view.up_card} | {c for _, c in view.trick}
    for player in (NovicePlayer(1), RandomPlayer(1)):
        assert player.choose(bare) in state.legal_actions()
