"""R2, R4, R11, R12, R14 across hands: the first dealer, the deal moving left, passed-out
hands and misdeals, the end of the game at N points, slams, and undoing a hand."""

from __future__ import annotations

import random

import pytest

from euchre_qt.engine import (
    PASS,
    THROW_IN,
    Action,
    FarmersHand,
    Game,
    HandState,
    IllegalActionError,
    Outcome,
    Phase,
    Rules,
    Seat,
    order_up,
    strength,
)

from .deals import MARCH
from .helpers import game_snapshot, snapshot


def play_hand(game: Game, rng: random.Random) -> None:
    """Random legal moves until the current hand is finished (and the next one dealt)."""
    hands_done = len(game.records)
    while len(game.records) == hands_done and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


def play_game(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        play_hand(game, rng)


def misdeal_seed(rules: Rules, dealer: Seat) -> int:
    """A seed whose first deal turns up the joker."""
    for seed in range(10_000):
        game = Game(rules, seed=seed, first_dealer=dealer)
        if game.records or game.hand.is_over:
            return seed
    raise AssertionError("no misdeal in 10,000 deals")


def test_first_dealer_is_random_but_fixed_by_the_seed() -> None:
    dealers = {Game(seed=seed).first_dealer for seed in range(40)}
    assert dealers == set(Seat)
    assert Game(seed=99).first_dealer is Game(seed=99).first_dealer
    assert snapshot(Game(seed=99).hand) == snapshot(Game(seed=99).hand)
    assert Game(seed=5, first_dealer=Seat.WEST).dealer is Seat.WEST


def test_the_deal_moves_left_each_hand() -> None:
    game = Game(Rules(), seed=3, first_dealer=Seat.SOUTH)
    rng = random.Random(0)
    dealers = [game.dealer]
    for _ in range(5):
        play_hand(game, rng)
        dealers.append(game.dealer)
    assert dealers == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert [r.deal_number for r in game.records] == [0, 1, 2, 3, 4]
    assert game.hand.turn is game.dealer.left


def test_passed_out_hand_scores_nothing_and_the_deal_moves_left() -> None:
    game = Game(Rules(), seed=8, first_dealer=Seat.EAST)
    first_deal = game.hand.hands
    for _ in range(8):
        game.apply(PASS)
    assert game.records[0].result.outcome is Outcome.PASSED_OUT
    assert game.scores == (0, 0) and game.records[0].scores_after == (0, 0)
    assert game.dealer is Seat.SOUTH and game.deal_number == 1
    assert game.hand.hands != first_deal and game.hand.phase is Phase.BIDDING_1
    assert game.hand_actions == []


def test_turned_up_joker_is_a_misdeal_and_the_same_dealer_deals_again() -> None:
    rules = Rules(joker=True)
    seed = misdeal_seed(rules, Seat.EAST)
    game = Game(rules, seed=seed, first_dealer=Seat.EAST)
    assert game.records  # (this seed happens to turn the joker up twice running)
    for misdeal in game.records:
        assert misdeal.result.outcome is Outcome.MISDEAL and misdeal.final.up_card.is_joker
        assert misdeal.result.points == (0, 0) and misdeal.final.dealer is Seat.EAST
    assert game.dealer is Seat.EAST and game.deal_number == len(game.records)  # same dealer, a new deal
    assert not game.hand.is_over and game.turn is Seat.SOUTH and game.legal_actions()
    assert game.actions == []


def test_misdeal_after_a_hand_keeps_the_dealer() -> None:
    rules = Rules(joker=True)
    for seed in range(2_000):
        game = Game(rules, seed=seed, first_dealer=Seat.NORTH)
        if game.records:
            continue
        play_hand(game, random.Random(seed))
        if game.records[-1].result.outcome is Outcome.MISDEAL:
            break
    else:
        raise AssertionError("no misdeal after a first hand in 2,000 games")
    played, misdeal = game.records
    assert played.final.dealer is Seat.NORTH and misdeal.final.dealer is Seat.EAST
    assert game.dealer is Seat.EAST and game.deal_number == 2
    assert misdeal.first_action == len(game.actions)


@pytest.mark.parametrize("target", range(5, 12))
def test_game_ends_when_a_team_reaches_n(target: int) -> None:
    rules = Rules(points_to_win=target, stick_the_dealer=True)
    game = Game(rules, seed=target)
    rng = random.Random(target)
    while not game.is_over:
        assert max(game.scores) < target and game.winner is None
        play_hand(game, rng)
    winner = game.winner
    assert winner is not None and game.scores[winner] >= target and game.scores[1 - winner] < target
    last = game.records[-1]
    assert last.scores_after == game.scores and last.result.points[winner] > 0
    assert max(game.records[-2].scores_after) < target if len(game.records) > 1 else True
    assert game.legal_actions() == () and game.turn is None
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(PASS)
    assert game.is_slam is (game.scores[1 - winner] == 0)


# --- whole games from card tables: each deal written out, the moves scripted ------------

# W holds the five top hearts (9H turned up): the mirror of MARCH, for the other team.
MARCH_W = "W: JH JD AH KH QH  N: 9C TC JC QC KC  E: 9S TS JS QS KS  S: 9D TD QD KD AD  kitty: 9H TH AC AS"


def scripted_game(monkeypatch: pytest.MonkeyPatch, rules: Rules, deals: list[str]) -> Game:
    """A game whose deal number ``i`` is the card table ``deals[i]`` (the dealer still
    moving left as the game says), instead of a shuffle from the seed."""

    def deal(game: Game, dealer: Seat) -> HandState:
        return HandState.from_text(deals[game.deal_number], dealer=dealer, rules=game.rules, scores=game.scores)

    monkeypatch.setattr(Game, "_deal", deal)
    return Game(rules, seed=0, first_dealer=Seat.EAST)


def march(game: Game, maker: Seat, alone: bool = False) -> None:
    """Play the current deal (MARCH or MARCH_W): ``maker`` orders the up-card and, holding
    the five top trumps and playing its best card every time, takes all five tricks."""
    hands_done = len(game.records)
    while len(game.records) == hands_done:
        hand, seat = game.hand, game.turn
        legal = game.legal_actions()
        action: Action
        if hand.phase is Phase.BIDDING_1:
            action = order_up(alone) if seat is maker else PASS
        elif hand.phase is Phase.DISCARD:
            action = min(legal, key=lambda a: strength(a.card, hand.trump))  # type: ignore[arg-type]
        elif seat is maker:
            action = max(legal, key=lambda a: strength(a.card, hand.trump))  # type: ignore[arg-type]
        else:
            action = legal[0]
        game.apply(action)
    result = game.records[-1].result
    assert result.outcome is Outcome.MARCH and result.maker is maker and result.alone is alone


@pytest.mark.parametrize("target", range(5, 12))
def test_card_table_game_ends_exactly_when_a_team_reaches_n(monkeypatch: pytest.MonkeyPatch, target: int) -> None:
    """W/E march once (2), then S/N march (2 a hand): the game ends with the hand that takes
    S/N to N or past it, not a hand sooner; no slam, since W/E scored."""
    needed = (target + 1) // 2
    game = scripted_game(monkeypatch, Rules(points_to_win=target), [MARCH_W] + [MARCH] * needed)
    march(game, Seat.WEST)
    assert game.scores == (0, 2) and not game.is_over
    for i in range(1, needed + 1):
        assert not game.is_over and game.winner is None
        march(game, Seat.SOUTH)
        assert game.scores == (2 * i, 2)
    assert game.is_over and game.winner == 0 and game.scores == (2 * needed, 2)
    assert game.scores[0] in (target, target + 1) and not game.is_slam
    assert [r.final.dealer for r in game.records] == [Seat((3 + i) % 4) for i in range(needed + 1)]
    assert game.legal_actions() == () and game.turn is None
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply(PASS)


def test_card_table_slam(monkeypatch: pytest.MonkeyPatch) -> None:
    """R11: a 10-0 shut-out is a slam (and no slam before the game is won)."""
    game = scripted_game(monkeypatch, Rules(), [MARCH] * 5)
    for _ in range(4):
        march(game, Seat.SOUTH)
        assert not game.is_over and not game.is_slam
    march(game, Seat.SOUTH)
    assert game.scores == (10, 0) and game.winner == 0 and game.is_slam


def test_card_table_slam_by_lone_hands_past_the_target(monkeypatch: pytest.MonkeyPatch) -> None:
    """W/E win with 12-0 from three lone marches (4 each): past N still wins, and a slam."""
    game = scripted_game(monkeypatch, Rules(), [MARCH_W] * 3)
    for _ in range(3):
        march(game, Seat.WEST, alone=True)
    assert game.scores == (0, 12) and game.winner == 1 and game.is_slam


def test_card_table_game_to_five_is_not_a_slam_after_a_point(monkeypatch: pytest.MonkeyPatch) -> None:
    game = scripted_game(monkeypatch, Rules(points_to_win=5), [MARCH_W, MARCH, MARCH, MARCH])
    march(game, Seat.WEST)
    march(game, Seat.SOUTH, alone=True)
    assert game.scores == (4, 2) and not game.is_over
    march(game, Seat.SOUTH)
    assert game.scores == (6, 2) and game.winner == 0 and not game.is_slam


def test_slam_is_a_win_with_the_losers_on_zero() -> None:
    rules = Rules(points_to_win=5)
    slams = non_slams = 0
    for seed in range(200):
        game = Game(rules, seed=seed)
        play_game(game, random.Random(seed))
        winner = game.winner
        assert winner is not None
        if game.scores[1 - winner] == 0:
            assert game.is_slam
            slams += 1
        else:
            assert not game.is_slam
            non_slams += 1
        if slams and non_slams:
            break
    assert slams and non_slams
    assert not Game(rules, seed=1).is_slam  # no slam before the game is won


# --- undo -------------------------------------------------------------------------------


def test_undo_hand_goes_back_to_the_same_deal() -> None:
    game = Game(Rules(), seed=21)
    assert game.undo_hand() is False  # nothing to undo
    start = game_snapshot(game)
    rng = random.Random(1)
    for _ in range(3):
        game.apply(rng.choice(game.legal_actions()))
    assert game.undo_hand() is True
    assert game_snapshot(game) == start
    assert game.undo_hand() is False


def test_undo_hand_in_a_later_hand() -> None:
    game = Game(Rules(), seed=22)
    rng = random.Random(2)
    play_hand(game, rng)
    play_hand(game, rng)
    start_of_third = game_snapshot(game)
    for _ in range(6):
        game.apply(rng.choice(game.legal_actions()))
    assert game.undo_hand()
    assert game_snapshot(game) == start_of_third  # the same deal back, same score
    # not started: back to the start of the previous hand
    assert game.undo_hand()
    assert len(game.records) == 1 and game.scores == game.records[0].scores_after
    assert game.hand.dealer is game.records[0].final.dealer.left


def test_undo_hand_after_the_game_is_over() -> None:
    game = Game(Rules(points_to_win=5), seed=23)
    play_game(game, random.Random(3))
    over = game_snapshot(game)
    actions = list(game.actions)
    last = game.records[-1]
    assert game.undo_hand()
    assert not game.is_over and len(game.actions) == last.first_action
    assert game.hand.dealer is last.final.dealer and game.hand.kitty == last.final.kitty
    for action in actions[last.first_action :]:  # and the same moves again give the same end
        game.apply(action)
    assert game_snapshot(game) == over


def test_undo_skips_a_misdeal() -> None:
    """A misdeal has no moves to undo: undo goes back to the hand before it."""
    rules = Rules(joker=True)
    seed = misdeal_seed(rules, Seat.EAST)
    game = Game(rules, seed=seed, first_dealer=Seat.EAST)
    before = game_snapshot(game)
    assert game.undo_hand() is False  # only misdeals so far: nothing to undo
    assert game_snapshot(game) == before
    for seed in range(2_000):
        game = Game(rules, seed=seed, first_dealer=Seat.NORTH)
        if game.records:
            continue
        start = game_snapshot(game)
        play_hand(game, random.Random(seed))
        if game.records[-1].result.outcome is Outcome.MISDEAL:
            break
    else:
        raise AssertionError("no misdeal after a first hand in 2,000 games")
    assert game.undo_hand() is True
    assert game_snapshot(game) == start


def test_thrown_in_farmers_hand_scores_nothing_and_the_deal_moves_left() -> None:
    rules = Rules(farmers_hand=FarmersHand.ACE_NO_FACE)
    for seed in range(2_000):
        game = Game(rules, seed=seed, first_dealer=Seat.WEST)
        if game.hand.phase is Phase.FARMER:
            break
    else:
        raise AssertionError("no farmer's hand in 2,000 deals")
    assert game.legal_actions() == (PASS, THROW_IN)
    game.apply(THROW_IN)
    assert game.records[0].result.outcome is Outcome.THROWN_IN
    assert game.scores == (0, 0) and game.dealer is Seat.NORTH


# --- undoing one move ----------------------------------------------------------------------


def test_undo_move_takes_back_exactly_the_last_move() -> None:
    game = Game(Rules(joker=True, stick_the_dealer=True), seed=50)
    rng = random.Random(5)
    before = []
    while not game.is_over:
        before.append(game_snapshot(game))
        game.apply(rng.choice(game.legal_actions()))
    while game.actions:  # back through every hand, a finished game and a misdeal included
        assert game.undo_move() == 1
        assert game_snapshot(game) == before.pop()
    assert game.undo_move() == 0


def test_undo_move_for_a_person_takes_back_the_moves_after_theirs() -> None:
    game = Game(seed=3)
    rng = random.Random(8)
    while len(game.records) < 2 or game.turn is not Seat.SOUTH:
        game.apply(rng.choice(game.legal_actions()))
    movers = game.movers()
    last_south = max(i for i, seat in enumerate(movers) if seat is Seat.SOUTH)
    expected = Game.replay(game.rules, game.seed, game.first_dealer, game.actions[:last_south])
    taken = game.undo_move({Seat.SOUTH})
    assert taken == len(movers) - last_south >= 1
    assert game_snapshot(game) == game_snapshot(expected)
    assert game.turn is Seat.SOUTH  # it is the person's move again


def test_movers_name_the_seat_of_every_move() -> None:
    game = Game(seed=21)
    rng = random.Random(2)
    seats = []
    while len(game.records) < 3:
        seats.append(game.turn)
        game.apply(rng.choice(game.legal_actions()))
    assert game.movers() == seats


def test_undo_move_for_a_seat_that_has_not_moved_takes_back_nothing() -> None:
    game = Game(seed=21, first_dealer=Seat.SOUTH)  # West bids first, South last
    while game.turn is not Seat.SOUTH:
        game.apply(PASS)
    moves = list(game.actions)
    assert len(moves) == 3 and game.undo_move({Seat.SOUTH}) == 0
    assert game.actions == moves
