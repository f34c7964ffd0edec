"""EGN 1.0.0 records (the specification's "combination examples": ``player_cards``,
``kitty``, ``initialLead``, phases without numbers) open as the later versions do.

The records here are written in 1.0's shape from games we know: a public 1.4 example and a
game dealt here, so the replay of the 1.0 form can be compared move by move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from euchre_qt.engine import Game, Seat
from euchre_qt.notation import egn, replay

DATA = Path(__file__).resolve().parents[1] / "data" / "egn"


def as_version_1_0(data: dict[str, Any], leaders: list[int]) -> dict[str, Any]:
    """``data`` (1.4) written as a 1.0.0 record is: the hands as ``player_cards`` ([] where not
    recorded), an unrecorded kitty, unnumbered phases, the trick play's first leader."""
    old: dict[str, Any] = json.loads(json.dumps(data))
    old["version"] = "1.0.0"
    for deal, leader in zip(old["deals"], leaders, strict=True):
        initial = deal["initialState"]
        initial["kitty"] = ["", "", ""]
        initial["player_cards"] = initial.pop("playerCards", [[], [], [], []])
        for phase in deal["phases"]:
            del phase["phaseNumber"]
            if phase["type"] == "TRICK_PLAY":
                phase["initialLead"] = leader
    return old


def test_a_public_game_in_the_1_0_form_replays_as_in_1_4() -> None:
    data = json.loads((DATA / "six_points_in_two_hands.egn").read_text(encoding="utf-8"))
    now = replay(egn.from_dict(data))
    old = replay(egn.parse(json.dumps(as_version_1_0(data, leaders=[1, 2]))))
    assert old.problem is None and old.record.players == now.record.players
    assert old.game.actions == now.game.actions and old.game.scores == (10, 9)


def test_a_1_0_record_with_one_hand_recorded_and_a_loner() -> None:
    game = Game(seed=5)
    while not game.is_over and len(game.records) < 3:
        game.apply(game.legal_actions()[-1])  # the last choice: orders up and goes alone where it can
    assert any(record.final.alone for record in game.records)
    data = json.loads(egn.dumps(game, ["Ann", "Bo", "Cy", "Di"]))
    del data["metadata"]["gameId"]  # a record from elsewhere: its own deals, not our seed's
    for deal in data["deals"]:  # as the 1.0 examples: one hand recorded (North's), the rest []
        hands = deal["initialState"]["playerCards"]
        deal["initialState"]["playerCards"] = [[], [], hands[Seat.NORTH], []]
    leaders = [int(record.final.tricks[0].leader) for record in game.records] + [0]  # (the next deal: no play yet)
    shown = replay(egn.parse(json.dumps(as_version_1_0(data, leaders))))
    assert shown.problem is None
    assert shown.game.actions[: len(game.actions)] == game.actions[: len(shown.game.actions)]
    assert [r.scores_after for r in shown.game.records] == [r.scores_after for r in game.records]


def test_a_1_0_record_keeps_unrecorded_cards_in_a_hand_unknown() -> None:
    data = json.loads((DATA / "six_points_in_two_hands.egn").read_text(encoding="utf-8"))
    old = as_version_1_0(data, leaders=[1, 2])
    west = replay(egn.from_dict(data)).game.dealt(0).hands[Seat.WEST]
    old["deals"][0]["initialState"]["player_cards"][Seat.WEST] = [str(c)[0] + str(c)[1].lower() for c in west[:4]] + [
        ""
    ]
    shown = replay(egn.parse(json.dumps(old)))
    assert shown.problem is None and shown.game.scores == (10, 9)


def test_a_1_0_record_whose_first_leader_is_not_the_rules_opens_up_to_that_trick() -> None:
    data = json.loads((DATA / "six_points_in_two_hands.egn").read_text(encoding="utf-8"))
    shown = replay(egn.parse(json.dumps(as_version_1_0(data, leaders=[3, 2]))))  # West led deal 1, not East
    assert shown.problem == (
        "Deal 1: the record has Orde® Me Up (East) lead the first trick, but the rules give the lead to 24wil (West)."
    )
    assert not shown.game.hand.tricks and shown.game.hand.phase.name == "PLAY"  # up to the first card
