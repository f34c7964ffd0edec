"""Play -> save as EGN -> open -> the identical game: a thousand random games (half stopped part-way)
under random draws of every rule EGN holds."""

from __future__ import annotations

import json
import random
from typing import Any

from euchre_qt.engine import FarmersHand, Game, Phase, Rules, Seat
from euchre_qt.notation import egn, replay, validation_errors
from tests.engine.helpers import game_snapshot

# every rule option EGN can express, with values drawn per game (the farmer's hand it cannot)
EXPRESSIBLE: dict[str, tuple[Any, ...]] = {
    "stick_the_dealer": (False, True),
    "lone_defender": (False, True),
    "doubled_alone_euchre": (False, True),
    "points_to_win": tuple(range(5, 12)),
    "joker": (False, True),
    "lead_left_of_loner": (False, True),
    "canadian_loner": (False, True),
}


def random_rules(rng: random.Random) -> Rules:
    return Rules(**{name: rng.choice(values) for name, values in EXPRESSIBLE.items()})


def random_game(seed: int, moves: int | None = None) -> Game:
    """A game of random legal moves; ``moves`` stops it part-way."""
    rng = random.Random(seed)
    game = Game(random_rules(rng), seed=seed, first_dealer=Seat(seed % 4))
    limit = moves if moves is not None else 10_000
    while not game.is_over and len(game.actions) < limit:
        game.apply(rng.choice(game.legal_actions()))
    while game.hand.phase is Phase.DEFEND:  # EGN writes only how the defence ended
        game.apply(rng.choice(game.legal_actions()))
    return game


def reopened(game: Game) -> Game:
    # schema validation (about 15 ms a game) is tested on its own below, to keep this fast
    shown = replay(egn.from_dict(json.loads(json.dumps(egn.to_dict(game))), validate=False))
    assert shown.problem is None
    return shown.game


def same_game(a: Game, b: Game) -> None:
    assert a.rules == b.rules
    assert a.actions == b.actions
    assert a.scores == b.scores and a.winner == b.winner
    assert len(a.records) == len(b.records)
    for ra, rb in zip(a.records, b.records, strict=True):
        assert ra.final.history == rb.final.history and ra.final.tricks == rb.final.tricks
        assert ra.result == rb.result and ra.scores_after == rb.scores_after
    for number in range(len(a.records)):
        da, db = a.dealt(number), b.dealt(number)
        assert da.dealer is db.dealer and da.hands == db.hands
        assert da.kitty[0] is db.kitty[0] and set(da.kitty) == set(db.kitty)
        assert not db.unknown  # every card of a game played here is written down


def test_random_games_round_trip() -> None:
    for seed in range(500):
        game = random_game(seed)
        same_game(game, reopened(game))


def test_games_stopped_part_way_round_trip() -> None:
    for seed in range(500):
        game = random_game(seed, moves=seed % 97)
        back = reopened(game)
        same_game(game, back)
        assert back.hand.history == game.hand.history and back.hand.hands == game.hand.hands


def test_what_we_write_is_valid_against_the_published_schema() -> None:
    for seed in range(60):
        data = egn.to_dict(random_game(seed, moves=seed * 7), ["Ann", "Bo", "Cy", "Di"], title="A game")
        assert validation_errors(data) == []


def test_a_reopened_game_saves_and_loads_in_our_own_format() -> None:
    game = reopened(random_game(5))
    again = Game.from_json(game.to_json())
    assert game_snapshot(again) == game_snapshot(game)


def test_the_farmers_hand_cannot_be_written() -> None:
    game = Game(Rules(farmers_hand=FarmersHand.NINES_TENS), seed=1)
    try:
        egn.dumps(game)
    except egn.EgnError as exc:
        assert "farmer's hand" in str(exc)
    else:
        raise AssertionError("a farmer's-hand game was written as EGN")


def test_a_game_held_from_a_later_deal_saves_as_egn_with_its_own_deals() -> None:
    """A person who sat down at a network table at its seventh deal keeps a game whose first deal
    is numbered 6: written as EGN (which numbers no deal) it holds its two deals and its moves.
    (Before: its first deal was asked for as deal 0, which it does not have.)"""
    whole = random_game(5)
    deals = [whole.dealt(record.deal_number) for record in whole.records[6:8]]
    held = Game(whole.rules, deals=deals, start_scores=whole.records[5].scores_after, first_deal=6)
    for action in whole.actions[whole.records[6].first_action : whole.records[7].first_action]:
        held.apply(action)
    shown = reopened(held)
    assert shown.start_scores == held.start_scores and shown.actions == held.actions
    assert [shown.dealt(n).hands for n in (0, 1)] == [held.dealt(n).hands for n in (6, 7)]
