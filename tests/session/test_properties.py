"""Invariants of the table session over random games (hypothesis): the events tell the game
the engine played, in order, numbered without a gap, and no event ever shows a card that is
not public yet."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from euchre_qt.engine import Action, ActionKind, Card, FarmersHand, Game, Rules, Seat, play
from euchre_qt.engine.actions import DEFEND_ALONE, PASS, THROW_IN
from euchre_qt.session import ComputerSeat, TableSession, TurnRequest, event_from_dict
from euchre_qt.session.events import (
    BidMade,
    CardPlayed,
    DealerDiscarded,
    DefenceDecided,
    Event,
    FarmerDecided,
    GameEnded,
    HandDealt,
    HandEnded,
    MoveRefused,
    TrickWon,
    TurnStarted,
)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_strategy = st.builds(
    Rules,
    stick_the_dealer=st.booleans(),
    lone_defender=st.booleans(),
    doubled_alone_euchre=st.booleans(),
    points_to_win=st.integers(5, 11),
    joker=st.booleans(),
    farmers_hand=st.sampled_from(list(FarmersHand)),
    dealer_may_discard_up_card=st.booleans(),
)
seeds = st.integers(0, 2**32 - 1)


class Chooser:
    """A random player leaning towards passing, so every phase turns up often."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def think(self, request: TurnRequest, done: Any) -> None:
        legal = request.view.legal_actions
        passes = [a for a in legal if a.kind is ActionKind.PASS]
        action = passes[0] if passes and self.rng.random() < 0.5 else self.rng.choice(legal)
        done(_Decision(action))


class _Decision:
    def __init__(self, action: Action) -> None:
        self.action = action


def public_move(event: Event) -> tuple[Seat, Action] | None:
    """The move an event reports, as public as the event (a discard without its card)."""
    if isinstance(event, BidMade):
        return event.seat, event.action
    if isinstance(event, FarmerDecided):
        return event.seat, THROW_IN if event.thrown_in else PASS
    if isinstance(event, DefenceDecided):
        return event.seat, DEFEND_ALONE if event.alone else PASS
    if isinstance(event, DealerDiscarded):
        return event.dealer, Action(ActionKind.DISCARD)
    if isinstance(event, CardPlayed):
        return event.seat, play(event.card)
    return None


def cards_in(event: Event) -> set[Card]:
    found: set[Card] = set()

    def walk(value: Any) -> None:
        if isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str) and len(value) == 2:
            with contextlib.suppress(ValueError):
                found.add(Card.parse(value))

    data = event.to_dict()
    for key, value in data.items():
        if key not in ("type", "action"):  # a move's text: "call H" names a suit, not a card
            walk(value)
    if isinstance(event, BidMade) and event.action.card is not None:
        found.add(event.action.card)
    return found


@SETTINGS
@given(rules=rules_strategy, seed=seeds, play_seed=seeds)
@example(  # the first deal turns up the joker: a misdeal before anyone moves
    rules=Rules(
        stick_the_dealer=False,
        lone_defender=False,
        doubled_alone_euchre=False,
        points_to_win=5,
        joker=True,
        farmers_hand=FarmersHand.OFF,
        dealer_may_discard_up_card=False,
    ),
    seed=9881,
    play_seed=0,
)
def test_the_events_tell_the_game_the_engine_played(rules: Rules, seed: int, play_seed: int) -> None:
    rng = random.Random(play_seed)
    game = Game(rules, seed=seed)
    session = TableSession(game, [ComputerSeat(Chooser(rng).think) for _ in Seat])
    heard: list[Event] = []
    public: set[Card] = set()

    def listen(event: Event) -> None:
        if isinstance(event, HandDealt):
            public.clear()
            public.add(event.up_card)
        if isinstance(event, CardPlayed):
            public.add(event.card)
        leaked = cards_in(event) - public
        assert not leaked, (event, leaked)
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event
        heard.append(event)
        # now and then somebody asks for something they may not do: it changes nothing
        if isinstance(event, TurnStarted) and rng.random() < 0.1:
            n = len(game.actions)
            other = Seat((event.seat + 1 + rng.randrange(3)) % 4)
            refused = session.submit(other, game.legal_actions()[0] if game.legal_actions() else PASS)
            assert isinstance(refused, MoveRefused) and refused.seat is other and len(game.actions) == n

    session.listen(listen)
    session.start()

    assert game.is_over
    assert [e.seq for e in heard] == list(range(1, len(heard) + 1))
    # the moves, in order, are the engine's (the discard's card hidden)
    reported = [m for m in map(public_move, heard) if m is not None]
    replay = Game(rules, seed=seed, first_dealer=game.first_dealer)
    engine_moves = []
    for action in game.actions:
        seat = replay.turn
        assert seat is not None
        engine_moves.append((seat, Action(ActionKind.DISCARD) if action.kind is ActionKind.DISCARD else action))
        replay.apply(action)
    assert reported == engine_moves
    # each move was asked for: the turn event before it names its seat
    turns = [e for e in heard if isinstance(e, TurnStarted)]
    assert [t.seat for t in turns] == [seat for seat, _ in engine_moves]
    # hands and tricks as the engine recorded them
    ended = [e for e in heard if isinstance(e, HandEnded)]
    assert [(e.deal_number, e.result, e.scores) for e in ended] == [
        (r.deal_number, r.result, r.scores_after) for r in game.records
    ]
    won = [(e.winner, e.plays) for e in heard if isinstance(e, TrickWon)]
    assert won == [(t.winner, t.plays) for r in game.records for t in r.final.tricks]
    dealt = [(e.deal_number, e.dealer, e.up_card) for e in heard if isinstance(e, HandDealt)]
    assert dealt == [(r.deal_number, r.final.dealer, r.final.up_card) for r in game.records]
    (end,) = [e for e in heard if isinstance(e, GameEnded)]
    assert heard[-1] is end and end.winner == game.winner and end.scores == game.scores
