"""Public EGN games open and replay by the rules; damaged, hostile and rule-breaking files
give one clear message (data: tests/data/egn, Apache-2.0, see NOTICE there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_qt.engine import Card, Seat, order_up, parse_cards, play
from euchre_qt.notation import EgnError, egn, replay

DATA = Path(__file__).resolve().parents[1] / "data" / "egn"


def example(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return data


def reject(data: bytes | str | dict[str, Any]) -> str:
    with pytest.raises(EgnError) as caught:
        egn.from_dict(data) if isinstance(data, dict) else egn.parse(data)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 300
    return message


@pytest.mark.parametrize(
    ("name", "scores"),
    [
        # a tournament game begun at 4-9: a lone march by North, then a march by North/South
        ("six_points_in_two_hands.egn", (10, 9)),
        ("masters_of_the_euchreverse_week_1_game_5.egn", (5, 10)),
        ("me_and_mike_mike_mike.egn", (11, 2)),
        ("custom_scenario.egn", (0, 1)),
    ],
)
def test_public_games_replay_with_every_move_legal(name: str, scores: tuple[int, int]) -> None:
    shown = egn.open_game(DATA / name)
    assert shown.problem is None
    game = shown.game
    assert game.scores == scores
    assert len(game.records) == len(shown.record.deals)
    assert sum(len(r.final.history) for r in game.records) == len(game.actions)
    for number, record in enumerate(game.records):
        deal = shown.record.deals[number]
        assert record.final.dealer is deal.dealer and game.dealt(number).kitty[0] is deal.up_card
        assert [c for t in record.final.tricks for c in t.cards] == [c for t in deal.tricks for c in t]


def test_six_points_in_two_hands_as_it_was_played() -> None:
    shown = egn.open_game(DATA / "six_points_in_two_hands.egn")
    first, second = shown.game.records
    assert shown.record.start_scores == (4, 9)
    assert (first.result.maker, first.result.alone, str(first.result.outcome)) == (Seat.NORTH, True, "march")
    assert first.scores_after == (8, 9) and second.scores_after == (10, 9)
    # North went alone: South sat out, so South's five and three kitty cards are unknown
    assert len(shown.unknown(0)) == 8
    assert set(game_cards := shown.game.dealt(0).hands[Seat.SOUTH]) <= shown.unknown(0), game_cards
    # the dealer West picked up QD and put a card away unseen: that card and the kitty are unknown
    assert len(shown.unknown(1)) == 4 and Card.parse("QD") not in shown.unknown(1)


def test_every_card_dealt_is_known_when_the_record_gives_the_hands() -> None:
    shown = egn.open_game(DATA / "custom_scenario.egn")
    assert shown.unknown(0) == frozenset()
    assert shown.game.dealt(0).hands[Seat.SOUTH] == parse_cards("KH AS JD TH AH")


def test_a_rule_we_do_not_play_is_named() -> None:
    data = example("six_points_in_two_hands.egn")
    cases: list[tuple[dict[str, object], str]] = [
        ({"allow_no_trump": True}, "no trump"),
        ({"num_deals": 8}, "fixed number of deals"),
        ({"partners_best": True}, "partner's best card"),
        ({"min_rank": 7}, "7s"),
        ({"winning_score": 15}, "15 points"),
        ({"go_under": True}, "going under"),
    ]
    for rule, words in cases:
        data["metadata"]["ruleset"] = {"std": True, **rule}
        assert words in reject(data)


def test_a_renege_opens_up_to_the_bad_move() -> None:
    data = example("six_points_in_two_hands.egn")
    # deal 2, trick 2: North leads AD (trump) and West, last, follows with QD; make West
    # throw the 9H it plays in trick 4 instead, keeping the queen
    tricks = data["deals"][1]["phases"][1]["tricks"]
    assert tricks[1] == ["Ad", "Jc", "Tc", "Qd"] and tricks[3] == ["As", "Ah", "Js", "9h"]
    tricks[1][3], tricks[3][3] = "9h", "Qd"
    shown = replay(egn.from_dict(data))
    assert shown.problem is not None
    assert "Deal 2, trick 2" in shown.problem and "(West) plays 9H" in shown.problem
    assert "must follow suit (trump)" in shown.problem
    hand = shown.game.hand
    assert len(hand.tricks) == 1 and len(hand.trick) == 3  # every move before the bad one stands
    assert shown.game.records[0].scores_after == (8, 9)


def test_a_card_played_twice_is_named() -> None:
    data = example("six_points_in_two_hands.egn")
    data["deals"][1]["phases"][1]["tricks"][4][0] = "Jd"  # North leads the right bower again
    shown = replay(egn.from_dict(data))
    assert shown.problem is not None and "JD was already played in trick 1" in shown.problem
    assert "Deal 2, trick 5" in shown.problem


def test_stick_the_dealer_refuses_a_dealer_who_passes_twice() -> None:
    data = example("six_points_in_two_hands.egn")
    data["deals"][0]["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 8}]
    shown = replay(egn.from_dict(data))
    assert shown.problem is not None and "stick the dealer" in shown.problem


def test_damaged_and_hostile_files_give_one_clear_error() -> None:
    good = (DATA / "six_points_in_two_hands.egn").read_bytes()
    assert "damaged, or is not a game record" in reject(good[: len(good) // 2])  # truncated
    assert "damaged, or is not a game record" in reject(b"\xff\xfe\x00garbage")
    assert "damaged, or is not a game record" in reject('{"fileType": ' + "9" * 5000 + "}")  # a number of 5,000 digits
    assert "nested too deeply" in reject("[" * 100_000 + "]" * 100_000)
    assert "larger than" in reject(b" " * (50 * 1024 * 1024))  # 50 MB: refused before parsing
    assert "not an EGN game" in reject("[1, 2, 3]")
    data = example("six_points_in_two_hands.egn")
    data["deals"][0]["initialState"]["dealer"] = "zero"
    assert "not valid EGN" in reject(data)
    data = example("six_points_in_two_hands.egn")
    data["metadata"]["initialScore"] = [10**400, 0]
    assert "score" in reject(data)
    data = example("six_points_in_two_hands.egn")
    data["deals"][0]["initialState"]["dealer"] = 7
    assert "four-handed" in reject(data)
    data = example("six_points_in_two_hands.egn")
    data["deals"] = ["AQID"]
    assert "packed" in reject(data)


def test_the_size_limit_holds_for_a_file_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "huge.egn"
    path.write_bytes(b"{" + b" " * (egn.MAX_BYTES + 10))
    with pytest.raises(EgnError, match="larger than"):
        egn.load(path)
    with pytest.raises(EgnError, match="no such file"):
        egn.load(tmp_path / "missing.egn")
    with pytest.raises(EgnError, match="folder"):
        egn.load(tmp_path)


def test_a_trick_with_too_many_cards_is_named() -> None:
    data = example("six_points_in_two_hands.egn")
    tricks = data["deals"][0]["phases"][1]["tricks"]  # North alone: three cards a trick
    tricks[0].append(tricks[1].pop(0))
    shown = replay(egn.from_dict(data))
    assert shown.problem == "Deal 1, trick 1: the record has more than 3 cards in the trick."


def test_a_tournament_game_with_the_lead_left_of_the_loner() -> None:
    """VWEC finals on Euchre.com, played with the lead to a loner's left: it replays."""
    shown = egn.open_game(DATA / "vwec_finals.egn")
    assert shown.problem is None and shown.record.rules.lead_left_of_loner
    assert shown.game.scores == (8, 10)
    loner = shown.game.records[7].final  # the dealer West alone: North leads under either rule
    assert loner.alone and loner.maker is Seat.WEST and loner.tricks[0].leader is Seat.NORTH


def test_the_lead_left_of_a_loner_is_read_from_the_ruleset() -> None:
    """Six points in two hands: North alone, South dealt and sits out, West (the dealer's left)
    led. Under LEFT_OF_LONER East leads, the same cards fall to other seats (trick 1's AS is
    now West's) and West/East take the game before the second deal."""
    data = example("six_points_in_two_hands.egn")
    data["metadata"]["ruleset"]["loner_lead"] = "LEFT_OF_LONER"
    shown = replay(egn.from_dict(data))
    first = shown.game.records[0].final
    assert first.tricks[0].leader is Seat.EAST and first.tricks[0].winner is Seat.WEST
    assert shown.game.scores == (4, 11)
    # 4-11 is past even a game to 11: shown up to the win
    assert shown.problem == "The game was won at 4-11 before deal 2, yet the record goes on."


def test_a_record_whose_score_runs_on_past_a_won_game_opens_whole_with_a_warning() -> None:
    """As a real tournament file starting at [0, 1]: its starting score is off, and the game
    is 'won' a deal before the record ends. Every deal is shown, and the warning says why."""
    data = example("six_points_in_two_hands.egn")
    data["metadata"]["initialScore"] = [6, 9]  # North's lone march (4) makes it 10-9 after deal 1
    shown = replay(egn.from_dict(data))
    assert shown.problem is None
    assert shown.warning == (
        "The game was won at 10-9 before deal 2, yet the record goes on: shown to its end as a game to 11 points."
    )
    assert len(shown.game.records) == 2 and shown.game.scores == (12, 9)


def test_positions_step_through_every_move_with_the_records_comments() -> None:
    data = example("six_points_in_two_hands.egn")
    data["deals"][1]["phases"][0]["callAnnotations"] = {"0": ["[!]Strong order"]}
    data["deals"][1]["phases"][1]["playAnnotations"] = {"5": ["[?]Why the club?"]}
    shown = replay(egn.from_dict(data))
    positions = shown.positions()
    # deal 1: 6 calls + 15 cards; deal 2: 1 call, the dealer's unseen discard, 20 cards
    assert len(positions) == (1 + 6 + 15) + (1 + 1 + 1 + 20)
    first = positions[0]
    assert (first.deal, first.move, first.last) == (0, 0, None)
    assert first.hand.history == () and first.hand.scores == (4, 9)
    order = positions[23]
    assert order.last == (Seat.NORTH, order_up()) and order.notes == ("[!]Strong order",)
    second_trick_second_card = positions[25 + 5]  # after the order, the discard, then play 6
    assert second_trick_second_card.last == (Seat.EAST, play(Card.parse("JC")))
    assert second_trick_second_card.notes == ("[?]Why the club?",)
    assert positions[-1].hand.is_over and positions[-1].hand.scores == (8, 9)


def test_a_card_dealt_twice_is_refused_in_words() -> None:
    data = example("custom_scenario.egn")
    data["deals"][0]["initialState"]["playerCards"][1][0] = data["deals"][0]["initialState"]["playerCards"][0][0]
    with pytest.raises(EgnError, match=r"deal 1 gives the card .* to two places"):
        replay(egn.from_dict(data))
