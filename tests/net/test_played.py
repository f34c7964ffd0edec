"""The finished deals a person coming back to their seat is told (``played``): a server that
sends ones that make no game, or more than a game has, is left in words (``MirrorError``),
before the table here is built on them; sound ones are the game here from its first deal."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from euchre_qt.engine import Game, Outcome, Rules, Seat
from euchre_qt.engine.ai.registry import make_player
from euchre_qt.net import protocol
from euchre_qt.net.mirror import MirrorError
from euchre_qt.net.remote_session import RemoteTableSession

Played = list[dict[str, Any]]


def coming_back(seat: Seat, hands: int = 3, seed: int = 5) -> dict[str, Any]:
    """A game among computers with ``hands`` hands finished and the next under way: the ``view``
    its server sends ``seat``'s person coming back, with ``played``, as the wire has it."""
    game = Game(Rules(), seed=seed)
    players = [make_player("novice", seed=seed + s) for s in Seat]
    while len(game.records) < hands or len(game.hand_actions) < 6:
        game.apply(players[game.turn].decide(game.view(game.turn)).action)
    played = [
        (record.final.view(seat), {s: record.final.hands[s] for s in Seat if record.final.hands[s]})
        for record in game.records
        if record.result.outcome is not Outcome.MISDEAL
    ]
    message = {
        "type": "view",
        "ticket": None,
        "view": protocol.view_to_dict(game.view(seat)),
        "played": protocol.played_to_list(played),
    }
    return json.loads(json.dumps(message))  # type: ignore[no-any-return]


def cut_short(played: Played) -> Played:
    """The second deal said finished with its last trick never played (its card back in hand)."""
    view = played[1]["view"]
    last = view["tricks"].pop()
    view["hand"] += [card for who, card in last["plays"] if who == view["seat"]]
    return played


def scores(deal: int, points: list[int]) -> Callable[[Played], Played]:
    def spoil(played: Played) -> Played:
        played[deal]["view"]["scores"] = points
        return played

    return spoil


SPOILED: list[tuple[str, Callable[[Played], Played], str]] = [
    ("more than a game has", lambda played: played * 22, "more finished deals than a game has"),
    ("won before the deal now", scores(0, [9, 9]), "dealt again after the game was won"),
    ("a score that does not add up", scores(2, [0, 7]), "scores do not add up"),
    ("the same deals twice", lambda played: played + played, "scores do not add up"),
    ("a deal not played out", cut_short, "finished deal that is not finished"),
]


@pytest.mark.parametrize(("spoil", "words"), [(s, w) for _, s, w in SPOILED], ids=[name for name, _, _ in SPOILED])
def test_finished_deals_that_make_no_game_are_refused_in_words(spoil: Callable[[Played], Played], words: str) -> None:
    """(Before: taken, and the table here built on them refused a move of its own game, or showed
    scores the server never had.)"""
    message = coming_back(Seat.EAST)
    message["played"] = spoil(copy.deepcopy(message["played"]))
    session = RemoteTableSession(Seat.EAST, lambda sent: None, auto_ask=False)
    with pytest.raises(MirrorError, match=words):
        session.told(message)


@pytest.mark.parametrize("seat", list(Seat))
def test_sound_finished_deals_are_the_game_here_from_its_first_deal(seat: Seat) -> None:
    message = coming_back(seat)
    session = RemoteTableSession(seat, lambda sent: None, auto_ask=False)
    session.told(message)
    session.start()
    server_scores = tuple(message["view"]["scores"])
    assert len(session.game.records) == 3
    assert session.game.scores == (server_scores if seat.team == 0 else server_scores[::-1])
