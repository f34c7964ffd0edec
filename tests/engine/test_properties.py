"""Property tests (hypothesis): random seeds, random rules, random legal play.

At every step of every hand: all 24 (25) cards are accounted for; the legal plays are the
follow-suit rule computed independently; the views show each seat exactly what it may know;
``apply`` leaves the old state alone. Every scored hand has 5 tricks won by the right cards
and points per R9/R10. Games survive save/load and replay unchanged.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_qt.engine import (
    Action,
    ActionKind,
    Card,
    FarmersHand,
    Game,
    HandState,
    Outcome,
    Phase,
    Rules,
    Seat,
    SeatView,
    play,
)
from euchre_qt.engine.cards import JOKER_DECK, STANDARD_DECK

from .helpers import game_snapshot, ref_suit, ref_trick_winner, snapshot

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

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


def choose(state: HandState, rng: random.Random) -> Action:
    """Random legal play, leaning towards passing so every phase turns up often."""
    legal = state.legal_actions()
    if state.phase is not Phase.PLAY and any(a.kind is ActionKind.PASS for a in legal) and rng.random() < 0.5:
        return next(a for a in legal if a.kind is ActionKind.PASS)
    return rng.choice(legal)


# --- the invariants ----------------------------------------------------------------------


def played_cards(state: HandState) -> list[Card]:
    return [card for trick in state.tricks for _, card in trick.plays] + [card for _, card in state.trick]


def check_cards_accounted_for(state: HandState) -> None:
    kitty = state.kitty[1:] if state.up_card_taken else state.kitty
    everywhere = [c for hand in state.hands for c in hand] + played_cards(state) + list(kitty)
    if state.discarded is not None:
        everywhere.append(state.discarded)
    deck = JOKER_DECK if state.rules.joker else STANDARD_DECK
    assert len(everywhere) == len(deck) == state.rules.deck_size
    assert set(everywhere) == set(deck)


def check_hand_sizes(state: HandState) -> None:
    played = [seat for trick in state.tricks for seat, _ in trick.plays] + [seat for seat, _ in state.trick]
    for seat in Seat:
        extra = 1 if state.phase is Phase.DISCARD and seat is state.dealer else 0
        assert len(state.hands[seat]) == 5 - played.count(seat) + extra
        if seat in state.sitting_out:
            assert seat not in played


def check_turn_and_legal(state: HandState) -> None:
    legal = state.legal_actions()
    if state.is_over:
        assert state.turn is None and legal == () and state.result is not None
        return
    assert state.turn is not None and state.turn not in state.sitting_out and legal
    assert len(set(legal)) == len(legal)
    if state.phase is Phase.PLAY:
        assert state.trump is not None
        hand = state.hands[state.turn]
        if state.trick:
            led = ref_suit(state.trick[0][1], state.trump)
            follow = [c for c in hand if ref_suit(c, state.trump) is led]
            expected = follow or list(hand)
        else:
            expected = list(hand)
        assert set(legal) == {play(c) for c in expected}
    elif state.phase is Phase.DISCARD:
        assert state.turn is state.dealer and state.up_card in state.hands[state.dealer]


def check_tricks(state: HandState) -> None:
    if not state.tricks and not state.trick:
        return
    assert state.trump is not None
    active = [s for s in Seat if s not in state.sitting_out]
    first = state.dealer.left
    while first in state.sitting_out:
        first = first.left
    leader = first
    for trick in (*state.tricks, None):
        plays = trick.plays if trick is not None else state.trick
        if trick is None and not plays:
            break
        seats = [seat for seat, _ in plays]
        assert seats[0] is leader
        for a, b in itertools.pairwise(seats):
            nxt = a.left
            while nxt in state.sitting_out:
                nxt = nxt.left
            assert b is nxt
        if trick is not None:
            assert len(plays) == len(active)
            winner = seats[ref_trick_winner([c for _, c in plays], state.trump)]
            assert trick.winner is winner and trick.leader is leader
            leader = winner
    assert state.leader is leader
    won = [0, 0, 0, 0]
    for trick in state.tricks:
        assert trick.winner is not None
        won[trick.winner] += 1
    assert state.tricks_won == tuple(won)


def check_result(state: HandState) -> None:
    result = state.result
    if result is None:
        return
    if not result.outcome.scored:
        assert result.points == (0, 0) and not state.tricks
        if result.outcome is Outcome.MISDEAL:
            assert state.up_card.is_joker and not state.history
        elif result.outcome is Outcome.PASSED_OUT:
            assert all(a.kind is ActionKind.PASS for _, a in state.history)
            assert not state.rules.stick_the_dealer
        else:
            assert state.history[-1][1].kind is ActionKind.THROW_IN
        return
    assert state.maker is not None and result.maker is state.maker
    assert len(state.tricks) == 5 and sum(result.tricks) == 5
    won = state.tricks_won
    assert result.tricks == (won[0] + won[2], won[1] + won[3])
    makers = state.maker.team
    taken = result.tricks[makers]
    if taken == 5:  # R9
        outcome, points, team = Outcome.MARCH, 4 if state.alone else 2, makers
    elif taken >= 3:
        outcome, points, team = Outcome.MADE, 1, makers
    else:  # R9 lone defender, R10 doubled alone euchre
        doubled = state.lone_defender is not None or (state.alone and state.rules.doubled_alone_euchre)
        outcome, points, team = Outcome.EUCHRE, 4 if doubled else 2, 1 - makers
    assert result.outcome is outcome
    assert result.points[team] == points and result.points[1 - team] == 0
    assert result.alone is state.alone and result.lone_defender is state.lone_defender


VIEW_FIELDS = {
    "seat",
    "rules",
    "dealer",
    "phase",
    "turn",
    "hand",
    "up_card",
    "up_card_taken",
    "up_card_turned_down",
    "history",
    "bids",
    "trump",
    "maker",
    "alone",
    "lone_defender",
    "sitting_out",
    "tricks",
    "trick",
    "leader",
    "tricks_won",
    "discarded",
    "scores",
    "legal_actions",
    "revealed_hands",
}


def cards_in(value: Any) -> Iterator[Card]:
    """Every card anywhere inside a view (tuples, actions, tricks, nested dataclasses)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name))


def check_views(state: HandState) -> None:
    assert {f.name for f in dataclasses.fields(SeatView)} == VIEW_FIELDS, "a new SeatView field: check it here"
    public = {state.up_card, *played_cards(state)}
    for seat in Seat:
        view = state.view(seat)
        is_dealer = seat is state.dealer
        assert view.seat is seat and view.rules == state.rules and view.dealer is state.dealer
        assert view.phase is state.phase and view.turn is state.turn
        assert view.hand == state.hands[seat]
        assert view.up_card is state.up_card
        assert view.up_card_taken == state.up_card_taken and view.up_card_turned_down == state.up_card_turned_down
        assert view.trump is state.trump and view.maker is state.maker and view.alone == state.alone
        assert view.lone_defender is state.lone_defender and view.sitting_out == state.sitting_out
        assert view.tricks == state.tricks and view.trick == state.trick and view.leader is state.leader
        assert view.tricks_won == state.tricks_won and view.scores == state.scores
        assert view.bids == state.bids
        assert all(action.kind in (ActionKind.PASS, ActionKind.ORDER_UP, ActionKind.CALL) for _, action, _ in view.bids)
        assert view.legal_actions == (state.legal_actions() if state.turn is seat else ())
        assert view.discarded is (state.discarded if is_dealer else None)
        assert len(view.history) == len(state.history)
        for (who, action), (shown_who, shown) in zip(state.history, view.history, strict=True):
            assert shown_who is who
            if action.kind is ActionKind.DISCARD and not is_dealer:
                assert shown.kind is ActionKind.DISCARD and shown.card is None and str(shown) == "discard ??"
            else:
                assert shown == action
        assert view.revealed_hands is None
        allowed = public | set(state.hands[seat]) | ({state.discarded} if is_dealer and state.discarded else set())
        leaked = set(cards_in(view)) - allowed
        assert not leaked, f"{seat} sees {leaked}"
        assert view.my_turn is (state.turn is seat)
        assert view.our_tricks + view.their_tricks == sum(state.tricks_won)
        revealed = state.view(seat, reveal=True)
        assert revealed.revealed_hands == state.hands
        assert dataclasses.replace(revealed, revealed_hands=None) == view


def check_state(state: HandState) -> None:
    check_cards_accounted_for(state)
    check_hand_sizes(state)
    check_turn_and_legal(state)
    check_tricks(state)
    check_result(state)
    check_views(state)


def play_checked(state: HandState, rng: random.Random) -> HandState:
    """Play to the end, checking every state and that apply never changes the old one."""
    check_state(state)
    while not state.is_over:
        before = snapshot(state)
        action = choose(state, rng)
        after = state.apply(action)
        assert snapshot(state) == before, "apply changed the old state"
        assert after.history == (*state.history, (state.turn, action))
        check_state(after)
        state = after
    return state


# --- the properties ------------------------------------------------------------------------


@SETTINGS
@given(rules=rules_strategy, deal_seed=seeds, play_seed=seeds, dealer=st.sampled_from(list(Seat)))
def test_random_hands_keep_every_invariant(rules: Rules, deal_seed: int, play_seed: int, dealer: Seat) -> None:
    start = HandState.deal(rules, dealer, deal_seed)
    end = play_checked(start, random.Random(play_seed))
    # replay: the same deal and the same moves give the identical state
    again = HandState.deal(rules, dealer, deal_seed).apply_all([a for _, a in end.history])
    assert snapshot(again) == snapshot(end)


@pytest.mark.parametrize(
    "options",
    list(itertools.product([False, True], [False, True], [False, True], [False, True], [False, True], FarmersHand)),
)
def test_every_option_combination(options: tuple[bool, bool, bool, bool, bool, FarmersHand]) -> None:
    """Each of the 96 combinations of the rule options (points to win aside), a random hand."""
    stick, lone, doubled, joker, may_discard_up, farmers = options
    rules = Rules(
        stick_the_dealer=stick,
        lone_defender=lone,
        doubled_alone_euchre=doubled,
        joker=joker,
        farmers_hand=farmers,
        dealer_may_discard_up_card=may_discard_up,
    )
    rng = random.Random(str(options))
    play_checked(HandState.deal(rules, Seat(rng.randrange(4)), rng.randrange(2**32)), rng)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rules_strategy, seed=seeds, play_seed=seeds, stop=st.integers(0, 400) | st.none())
def test_games_save_load_and_replay_identically(rules: Rules, seed: int, play_seed: int, stop: int | None) -> None:
    game = Game(rules, seed=seed)
    rng = random.Random(play_seed)
    while not game.is_over and (stop is None or len(game.actions) < stop):
        before = snapshot(game.hand)
        old_hand = game.hand
        game.apply(choose(game.hand, rng))
        assert snapshot(old_hand) == before
    loaded = Game.from_json(game.to_json())
    assert game_snapshot(loaded) == game_snapshot(game)
    replayed = Game.replay(rules, seed, game.first_dealer, game.actions)
    assert game_snapshot(replayed) == game_snapshot(game)
    # the score is the sum of the hands
    assert game.scores == tuple(sum(r.result.points[t] for r in game.records) for t in (0, 1))
    if game.is_over:
        assert game.winner is not None and game.scores[game.winner] >= rules.points_to_win
    else:
        assert max(game.scores) < rules.points_to_win
    for record in game.records:
        check_result(record.final)
