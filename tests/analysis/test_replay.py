"""Playing a deal again: the position before any move restored exactly, the rest replayed."""

from __future__ import annotations

import pytest

from euchre_qt.analysis.replay import (
    compare,
    hand_of_move,
    hand_start,
    play_out_hand,
    position_before,
    replay_deal,
)
from euchre_qt.engine import Game, HandState, Phase, Rules, Seat
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.engine.ai.player import Player
from euchre_qt.engine.holdings import dealt_hands

RULES = Rules(lone_defender=True, points_to_win=7)


def _players() -> list[Player]:
    return [NovicePlayer(seed=10 + s) for s in range(4)]


def _game(hands: int = 3, seed: int = 21) -> Game:
    game = Game(RULES, seed=seed)
    players = _players()
    while not game.is_over and len(game.records) < hands:
        seat = game.turn
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    return game


def _card_choice_in(game: Game, hand: int) -> int:
    """The first card play of ``hand`` with more than one legal card."""
    start = hand_start(game, hand)
    replay = position_before(game, start)
    for move in range(start, start + len(game.records[hand].final.history)):
        if replay.hand.phase is Phase.PLAY and len(replay.legal_actions()) > 1:
            return move
        replay.apply(game.actions[move])
    raise AssertionError("no card choice in this hand")


def test_the_position_before_a_move_is_restored_exactly() -> None:
    game = _game()
    move = _card_choice_in(game, 1)
    again = position_before(game, move)
    reference = Game(RULES, game.seed, game.first_dealer)
    for action in game.actions[:move]:
        reference.apply(action)
    assert again.scores == reference.scores and again.records[-1].scores_after == reference.records[-1].scores_after
    assert again.hand.hands == reference.hand.hands and again.hand.history == reference.hand.history
    for seat in Seat:
        assert again.view(seat) == reference.view(seat)
    assert again.hand.phase is Phase.PLAY and again.turn is reference.turn
    assert hand_of_move(game, move) == 1


def test_replaying_from_the_start_with_the_same_players_gives_the_same_hand() -> None:
    game = _game()
    record = game.records[1]
    again = replay_deal(game, hand_start(game, 1), _players())
    assert again.final.history == record.final.history and again.result == record.result
    assert compare(record, again).diverged_at is None


def test_another_choice_from_a_decision_plays_the_same_cards_on() -> None:
    game = _game()
    move = _card_choice_in(game, 1)
    before = position_before(game, move)
    made = game.actions[move]
    other = next(a for a in before.legal_actions() if a != made)
    again = replay_deal(game, move, _players(), first=other)
    comparison = compare(game.records[1], again)
    assert comparison.diverged_at == move - hand_start(game, 1)
    assert [set(h) for h in dealt_hands(again.final)] == [set(h) for h in dealt_hands(game.records[1].final)]
    assert comparison.gain(0) == again.result.points[0] - game.records[1].result.points[0]
    assert "First:" in comparison.describe() and "Again:" in comparison.describe()


def test_two_different_deals_do_not_compare() -> None:
    game = _game()
    with pytest.raises(ValueError, match="same deal"):
        compare(game.records[0], game.records[1])


def test_dealt_hands_are_read_back_in_any_state_of_the_hand() -> None:
    deal = "S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS"
    start = HandState.from_text(deal, dealer="E")
    dealt = [set(h) for h in start.hands]
    for moves in ("order", "order, discard 9H", "order, discard 9D, JH, 9C"):
        assert [set(h) for h in dealt_hands(start.apply_all(moves))] == dealt, moves


def test_playing_out_stops_at_the_end_of_the_hand() -> None:
    game = Game(RULES, seed=5)
    record = play_out_hand(game, _players())
    assert game.records == [record] and game.hand_actions == []
    assert len(game.actions) == len(record.final.history)


def test_moves_and_hands_outside_the_game_are_refused() -> None:
    game = _game(1)
    with pytest.raises(ValueError):
        position_before(game, len(game.actions) + 1)
    with pytest.raises(ValueError):
        hand_start(game, 99)
    with pytest.raises(ValueError):
        hand_of_move(game, len(game.actions))
