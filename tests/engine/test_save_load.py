"""R14: save to JSON and load back (a replay from seed + actions) to the identical game;
damaged, foreign and newer files raise GameFileError."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_qt.engine import Action, Deal, FarmersHand, Game, GameFileError, Rules, Seat
from euchre_qt.engine.game import saved_kinds, saved_players

from .helpers import game_snapshot

RULES = Rules(
    stick_the_dealer=True,
    lone_defender=True,
    doubled_alone_euchre=True,
    points_to_win=7,
    joker=True,
    farmers_hand=FarmersHand.ACE_NO_FACE,
    dealer_may_discard_up_card=False,
)


def played(rules: Rules, seed: int, moves: int | None) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.actions) < moves):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("moves", [0, 1, 7, 60, None])
@pytest.mark.parametrize("rules", [Rules(), RULES], ids=["standard", "every option"])
def test_save_and_load_round_trip(rules: Rules, moves: int | None) -> None:
    game = played(rules, seed=31, moves=moves)
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] == "euchre-qt game" and data["version"] == 1
    assert data["seed"] == 31 and data["first_dealer"] == game.first_dealer.letter
    assert data["actions"] == [str(a) for a in game.actions]
    again = Game.from_json(text)
    assert game_snapshot(again) == game_snapshot(game)
    assert Game.from_json(text.encode()).scores == game.scores
    assert Game.from_dict(game.to_dict()).actions == game.actions
    replayed = Game.replay(rules, 31, game.first_dealer, game.actions)
    assert game_snapshot(replayed) == game_snapshot(game)


def test_loaded_game_plays_on_like_the_original() -> None:
    game = played(RULES, seed=5, moves=40)
    copy = Game.from_json(game.to_json())
    rng_a, rng_b = random.Random(9), random.Random(9)
    while not game.is_over:
        game.apply(rng_a.choice(game.legal_actions()))
        copy.apply(rng_b.choice(copy.legal_actions()))
    assert game_snapshot(copy) == game_snapshot(game)


def test_rules_round_trip_and_read_old_files_with_defaults() -> None:
    assert Rules.from_dict(RULES.to_dict()) == RULES
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict({"joker": True}) == Rules(joker=True)


def good() -> dict[str, Any]:
    return played(Rules(), seed=12, moves=30).to_dict()


def damaged(**changes: Any) -> dict[str, Any]:
    data = good()
    for key, value in changes.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


BAD_FILES: dict[str, Any] = {
    "not a dict": [1, 2, 3],
    "a number": 7,
    "wrong format tag": damaged(format="chess game"),
    "no format tag": damaged(format=KeyError),
    "newer version": damaged(version=3),
    "version zero": damaged(version=0),
    "version as text": damaged(version="1"),
    "version a bool": damaged(version=True),
    "no rules": damaged(rules=KeyError),
    "rules not a dict": damaged(rules=5),
    "rules a string": damaged(rules="standard"),
    "rules an empty string": damaged(rules=""),
    "rules an empty list": damaged(rules=[]),
    "rules a list of names": damaged(rules=["joker"]),
    "rules null": damaged(rules=None),
    "unknown rule": damaged(rules={"no_trump": True}),
    "rule of the wrong type": damaged(rules={"stick_the_dealer": "yes"}),
    "points out of range": damaged(rules={"points_to_win": 99}),
    "points not a number": damaged(rules={"points_to_win": "ten"}),
    "points a bool": damaged(rules={"points_to_win": True}),
    "unknown farmer's hand": damaged(rules={"farmers_hand": "kings"}),
    "no seed": damaged(seed=KeyError),
    "seed as text": damaged(seed="abc"),
    "seed a float": damaged(seed=1.5),
    "seed a bool": damaged(seed=True),
    "bad first dealer": damaged(first_dealer="X"),
    "no first dealer": damaged(first_dealer=KeyError),
    "no actions": damaged(actions=KeyError),
    "actions not a list": damaged(actions="pass, pass"),
    "action not text": damaged(actions=["pass", 5]),
    "bad action text": damaged(actions=["pass", "bid seven"]),
    "illegal action sequence": damaged(actions=["play 9C"]),
    "moves in the wrong order": damaged(actions=list(reversed(good()["actions"]))),
}


@pytest.mark.parametrize("data", list(BAD_FILES.values()), ids=list(BAD_FILES))
def test_damaged_or_foreign_data_raises_game_file_error(data: Any) -> None:
    with pytest.raises(GameFileError):
        Game.from_dict(data)
    with pytest.raises(GameFileError):
        Game.from_json(json.dumps(data))


def test_moves_after_the_end_of_the_game_are_refused() -> None:
    game = played(Rules(points_to_win=5), seed=2, moves=None)
    data = game.to_dict()
    data["actions"].append("pass")
    with pytest.raises(GameFileError, match="the game is over"):
        Game.from_dict(data)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        "not json",
        '{"format": "euchre-qt game", "version": 1, "rules": {}',
        b"\xff\xfe\x00garbage",
        "[" * 100_000,
    ],
    ids=["empty", "brace", "words", "cut short", "bad bytes", "absurdly deep"],
)
def test_unreadable_json_raises_game_file_error(text: str | bytes) -> None:
    with pytest.raises(GameFileError):
        Game.from_json(text)


def test_truncated_save_file_raises_game_file_error() -> None:
    text = played(Rules(), seed=3, moves=50).to_json()
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 2):
        with pytest.raises(GameFileError):
            Game.from_json(text[:cut])


def test_game_file_error_messages_say_what_is_wrong() -> None:
    with pytest.raises(GameFileError, match="not a euchre-qt saved game"):
        Game.from_dict(BAD_FILES["wrong format tag"])
    with pytest.raises(GameFileError, match="version 3 is not one this program reads"):
        Game.from_dict(BAD_FILES["newer version"])
    with pytest.raises(GameFileError, match="damaged, or is not a saved game"):
        Game.from_json("{")
    with pytest.raises(GameFileError, match="damaged"):
        Game.from_dict(BAD_FILES["illegal action sequence"])


def test_first_dealer_is_saved() -> None:
    game = Game(Rules(), seed=1, first_dealer=Seat.NORTH)
    assert Game.from_json(game.to_json()).first_dealer is Seat.NORTH


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4),
    max_leaves=12,
)
FIELDS = ["format", "version", "rules", "seed", "first_dealer", "actions"]
RULE_NAMES = list(Rules().to_dict())
GOOD = good()


def loads_or_refuses(text: str) -> None:
    """Loading gives a game, or raises GameFileError: never any other exception."""
    try:
        game = Game.from_json(text)
    except GameFileError:
        return
    assert isinstance(game, Game) and game.rules == Rules.from_dict(json.loads(text)["rules"])


@settings(max_examples=150, deadline=None)
@given(field=st.sampled_from(FIELDS), value=JSON_VALUES)
def test_any_damaged_field_raises_game_file_error_or_loads(field: str, value: Any) -> None:
    """Whatever JSON value stands in any field, loading either works or raises GameFileError."""
    data = copy.deepcopy(GOOD)
    data[field] = value
    loads_or_refuses(json.dumps(data))


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from([*RULE_NAMES, "no_trump"]), value=JSON_VALUES)
def test_any_damaged_rule_raises_game_file_error_or_loads(name: str, value: Any) -> None:
    data = copy.deepcopy(GOOD)
    data["rules"] = {name: value}
    loads_or_refuses(json.dumps(data))


@settings(max_examples=150, deadline=None)
@given(document=JSON_VALUES)
def test_any_foreign_json_raises_game_file_error(document: Any) -> None:
    with pytest.raises(GameFileError):
        Game.from_json(json.dumps(document))


@pytest.mark.parametrize("damage", ["play ZZ", "an illegal move", 7, "order alone alone"])
@pytest.mark.parametrize("lost", [1, 3])
def test_salvage_comes_back_to_the_last_good_move(damage: Any, lost: int) -> None:
    game = played(RULES, 11, 40)
    if damage == "an illegal move":
        legal = played(RULES, 11, 40 - lost).legal_actions()
        damage = next(m for m in ("pass", "order", "call S", "play 9C", "play JH") if Action.parse(m) not in legal)
    data = game.to_dict()
    good = data["actions"][: 40 - lost]
    data["actions"] = [*good, damage, *data["actions"][40 - lost + 1 :]]
    salvaged = Game.salvage_dict(data)
    assert salvaged.lost_moves == lost
    assert [str(a) for a in salvaged.game.actions] == good
    assert game_snapshot(salvaged.game) == game_snapshot(played(RULES, 11, 40 - lost))
    assert f"move {40 - lost + 1}" in salvaged.problem
    with pytest.raises(GameFileError):
        Game.from_dict(data)  # the strict load still refuses it


def test_salvage_of_a_sound_save_loses_nothing() -> None:
    game = played(RULES, 12, 25)
    salvaged = Game.salvage_json(game.to_json())
    assert salvaged.lost_moves == 0 and salvaged.problem == ""
    assert game_snapshot(salvaged.game) == game_snapshot(game)


@pytest.mark.parametrize("text", ["", "{", '{"format": "euchre-qt game", "version": 1, "seed": 3}', "[]"])
def test_salvage_cannot_invent_a_game_without_its_header(text: str) -> None:
    with pytest.raises(GameFileError):
        Game.salvage_json(text)


def test_a_recorded_game_with_its_own_deals_and_score_saves_and_loads() -> None:
    """Version 2: a game from a record keeps its cards, the unknown ones and its starting score."""
    dealt = Game(seed=11)
    deal = dealt.dealt(0)
    unknown = frozenset(deal.kitty[1:])
    game = Game(deals=[Deal(Seat.EAST, deal.hands, deal.kitty, unknown)], start_scores=(3, 7))
    while not game.out_of_deals:
        game.apply(game.legal_actions()[0])
    data = game.to_dict()
    assert data["version"] == 2 and data["start_scores"] == [3, 7]
    again = Game.from_dict(json.loads(json.dumps(data)))
    assert again.dealt(0) == game.dealt(0) and again.dealer is Seat.EAST
    assert again.scores == game.scores and again.actions == game.actions
    assert again.legal_actions() == () and again.turn is None  # the record has no more deals
    assert Game(seed=11).to_dict()["version"] == 1  # a game dealt here still saves as before


def test_a_game_held_from_its_seventh_deal_numbers_its_deals_as_the_whole_game_and_keeps_them() -> None:
    """A person who sat down at a network table at its seventh deal (at 4-6): their game's
    first deal is the seventh (number 6), the next the eighth, in the records, in ``dealt`` and
    after saving and loading; nothing before it is there to be asked for."""
    first, second = Game(seed=11).dealt(0), Game(seed=12).dealt(0)
    game = Game(deals=[first, Deal(first.dealer.left, second.hands, second.kitty)], start_scores=(4, 6), first_deal=6)
    assert game.deal_number == 6 and game.dealt(6) == first
    while game.deal_number == 6:
        game.apply(game.legal_actions()[0])
    assert (
        [r.deal_number for r in game.records] == [6] and game.deal_number == 7 and game.dealt(7).hands == second.hands
    )
    with pytest.raises(IndexError):
        game.dealt(5)
    again = Game.from_dict(json.loads(game.to_json()))
    assert again.first_deal == 6 and again.deal_number == 7 and again.actions == game.actions
    assert again.scores == game.scores


@pytest.mark.parametrize("first_deal", [-1, "6", True, 10**6])
def test_a_save_whose_first_deal_is_no_deal_number_is_refused(first_deal: object) -> None:
    data = Game(deals=[Game(seed=11).dealt(0)]).to_dict()
    data["first_deal"] = first_deal
    with pytest.raises(GameFileError, match="first deal"):
        Game.from_dict(data)


# --- who played each seat ---------------------------------------------------------------------

NAMES = ("You", "Nell", "Ada", "Ned")
NOVICES_WEST_AND_EAST = ("person", "novice", "advanced", "novice")


def test_a_save_says_who_played_each_seat_and_it_comes_back() -> None:
    game = played(Rules(), seed=5, moves=20)
    text = game.to_json(NAMES, NOVICES_WEST_AND_EAST)
    assert saved_kinds(text) == NOVICES_WEST_AND_EAST and saved_players(text) == NAMES
    again = Game.from_json(text)
    assert game_snapshot(again) == game_snapshot(game)
    assert json.loads(text)["version"] == 1  # nothing the game is made of changed: older copies read it


def test_an_older_save_does_not_say_who_played() -> None:
    text = played(Rules(), seed=5, moves=20).to_json(NAMES)
    assert "kinds" not in json.loads(text) and saved_kinds(text) is None


@settings(max_examples=150, deadline=None)
@given(value=JSON_VALUES)
def test_a_damaged_kinds_field_is_not_known_and_the_game_still_opens(value: Any) -> None:
    data = played(Rules(), seed=5, moves=20).to_dict(NAMES)
    data["kinds"] = value
    text = json.dumps(data)
    kinds = saved_kinds(text)
    assert kinds is None or (value == list(kinds) and len(kinds) == 4)
    assert Game.from_json(text).actions == played(Rules(), seed=5, moves=20).actions
