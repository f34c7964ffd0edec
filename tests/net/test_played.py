"""The finished deals a person coming back to their seat is told (``played``): a server that
sends ones that make no game, or more than a game has, is left in words (``MirrorError``),
before the table here is built on them; sound ones are the game here from its first deal."""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from euchre_qt.engine import PASS, Deal, Game, HandState, Outcome, Rules, Seat, parse_cards
from euchre_qt.engine.ai.registry import make_player
from euchre_qt.net import protocol
from euchre_qt.net.mirror import MirrorError
from euchre_qt.net.remote_session import RemoteTableSession
from euchre_qt.net.table import Table
from euchre_qt.session import ComputerSeat

Played = list[dict[str, Any]]


def coming_back(seat: Seat, hands: int = 3, seed: int = 5) -> dict[str, Any]:
    """A game among computers with ``hands`` hands finished and the next under way: the ``view``
    its server sends ``seat``'s person coming back, with ``played``, as the wire has it."""
    game = Game(Rules(), seed=seed)
    players = [make_player("novice", seed=seed + s) for s in Seat]
    while len(game.records) < hands or len(game.hand_actions) < 6:
        turn = game.turn
        assert turn is not None  # the game never ends within these hands
        game.apply(players[turn].decide(game.view(turn)).action)
    played = [
        (record.final.view(seat), {s: record.final.hands[s] for s in Seat if record.final.hands[s]})
        for record in game.records
    ]
    message = {
        "type": "view",
        "ticket": None,
        "view": protocol.view_to_dict(game.view(seat)),
        "deal_number": game.deal_number,
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
    (
        "the same deals twice",
        lambda played: played + played,
        "numbered its deals as no game can",
    ),  # (the deal now is 3)
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


class Host:
    """What a table asks of its server, for a table kept in memory (no save, no computers)."""

    seat_wait, save_dir, thinkers, disk, metrics = 30.0, None, None, None, None

    def forget_if_empty(self, table: Table) -> None:
        pass


class Connection:
    """A person's connection as the table sees it: what it is sent, as the wire has it."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.seat: Seat | None = None
        self.name = ""
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any], text: str | None = None) -> None:
        self.sent.append(json.loads(protocol.encode(message)))


def server_game(rules: Rules, deals: list[tuple[Seat, str, str]], start_scores: tuple[int, int] = (0, 0)) -> Game:
    """The server's game of ``deals`` (dealer, cards as at a table, moves), each played as written."""
    dealt = [HandState.from_text(cards, dealer=dealer, rules=rules) for dealer, cards, _ in deals]
    game = Game(rules, deals=[Deal(d.dealer, d.hands, d.kitty) for d in dealt], start_scores=start_scores)
    for hand, (_, _, moves) in zip(dealt, deals, strict=True):
        for _, move in hand.apply_all(moves).history:
            game.apply(move)
    return game


def back_at(game: Game, seat: Seat) -> RemoteTableSession:
    """The window of ``seat``'s person coming back to a table (kept in memory) playing ``game``,
    told what the server tells them, as the wire has it."""

    async def come_back() -> list[dict[str, Any]]:
        table = Table(Host(), "T1", b"", game.rules, "novice", Seat.SOUTH, game=game)  # type: ignore[arg-type]
        table.started = True  # (as a table read back from its save)
        table.seats[seat].played = True  # the person held the seat's cards from the first deal
        conn = Connection()
        table.sit(conn, seat, "Wes", key="k" * 22)
        return conn.sent

    (back,) = [message for message in asyncio.run(come_back()) if message["type"] in ("view", "turn")]
    session = RemoteTableSession(seat, lambda sent: None, auto_ask=False)
    session.told(back)
    session.start()
    return session


MARCH = "S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS"
MARCHED = "order alone, discard 9D, JH, 9C, 9H, JD, TC, TD, AH, JC, QD, KH, QC, KD, QH, KC, AD"


def test_a_seat_back_after_the_game_ended_sees_the_last_hands_sitting_out_partner() -> None:
    """South orders 9H alone at 7-5 and marches: North's spades, shown to the table at the
    hand's end, are known to West coming back after it. (Before: the view of the last deal came
    without its reveal, and North's five were stand-ins drawn face down.)"""
    game = server_game(Rules(), [(Seat.EAST, MARCH, MARCHED)], start_scores=(7, 5))
    assert game.is_over and game.scores == (11, 5)
    session = back_at(game, Seat.WEST)
    north = session.mirror.local(Seat.NORTH)
    (last,) = session.game.records
    assert sorted(last.final.hands[north]) == sorted(parse_cards("9S TS JS QS KS"))
    assert not set(last.final.hands[north]) & session.game.dealt(0).unknown


def test_a_seat_back_is_told_a_misdeal_too_and_numbers_the_deals_as_the_server() -> None:
    """East turns up the joker (a misdeal: East deals again), South marches alone, and South
    deals the third deal: West coming back is at the third deal, the misdeal the first, as the
    server's game and its save have them. (Before: the misdeal was left out of ``played`` and
    the window was at the second deal, the march the first.)"""
    rules = Rules(joker=True)
    game = server_game(
        rules,
        [
            (Seat.EAST, "S: 9C TC JC QC KC  W: 9D TD JD QD KD  N: 9S TS JS QS KS  E: 9H TH JH QH KH  kitty: JK", ""),
            (Seat.EAST, f"{MARCH} JK", MARCHED),
            (Seat.SOUTH, "S: 9C TC JC QC KC  W: 9D TD JD QD KD  N: 9S TS JS QS KS  E: 9H TH JH QH KH  kitty: AC", ""),
        ],
    )
    assert [r.result.outcome for r in game.records] == [Outcome.MISDEAL, Outcome.MARCH] and game.deal_number == 2
    session = back_at(game, Seat.WEST)
    here = session.game
    assert [(r.deal_number, r.result.outcome) for r in here.records] == [(0, Outcome.MISDEAL), (1, Outcome.MARCH)]
    assert here.deal_number == 2 and here.dealer is session.mirror.local(Seat.SOUTH)
    assert here.scores == game.scores[::-1]  # (West: the other team, turned)


SPREAD = "S: 9C TC JC QC KC  W: 9D TD JD QD KD  N: 9S TS JS QS KS  E: 9H TH JH QH KH  kitty: AC AD AH AS"


def window_of(seat: Seat, told: list[dict[str, Any]]) -> Game:
    """The game ``seat``'s window shows, built from what the server ``told`` it."""
    session = RemoteTableSession(seat, lambda sent: None, auto_ask=False)
    for message in told:
        if message["type"] in ("event", "view", "turn", "reveal"):
            session.told(message)
    session.start()
    return session.game


def test_a_person_who_sat_down_at_the_third_deal_numbers_the_deals_as_the_server() -> None:
    """East deals and South marches alone; at South's deal a computer plays North, and Nia takes
    the open North seat while the first calls are made. Everyone passes, and Nia holds North's
    cards from West's deal, the game's third: her window is at the third deal too (before: the
    first, counted from her own). Everyone passes again; Nia drops, and comes back during
    North's deal, the fourth: West's deal is the third of hers, North's the fourth (before: the
    first and the second). She is told nothing of the deals before she sat."""
    game = server_game(
        Rules(),
        [
            (Seat.EAST, MARCH, MARCHED),
            (Seat.SOUTH, SPREAD, ""),
            (Seat.WEST, SPREAD, ""),
            (Seat.NORTH, SPREAD, ""),
        ],
    )

    def passes(table: Table, times: int) -> None:
        for _ in range(times):
            turn = table.session.game.turn
            assert turn is not None
            assert table.session.submit(turn, PASS) is None

    async def sit_drop_and_come_back() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        table = Table(Host(), "T1", b"", game.rules, "novice", Seat.SOUTH, game=game)  # type: ignore[arg-type]
        table.started = True
        table.seats[Seat.NORTH].free(started=True)  # an open seat, a computer playing it (its moves made here)
        table.session.seat(Seat.NORTH, ComputerSeat(lambda request, done: None))
        passes(table, 2)
        nia = Connection()
        table.sit(nia, Seat.NORTH, "Nia")
        passes(table, 6)  # South's deal passed out: West deals, and Nia holds North's cards
        assert table.session.game.deal_number == 2 and table.seats[Seat.NORTH].since == 2
        at_the_third = list(nia.sent)
        passes(table, 8)  # West's deal passed out: North deals
        table.drop(nia)
        back = Connection()
        key = next(m["key"] for m in nia.sent if m["type"] == "welcome")
        table.sit(back, Seat.NORTH, "Nia", key=key)
        return at_the_third, back.sent

    live, came_back = asyncio.run(sit_drop_and_come_back())
    here = window_of(Seat.NORTH, live)
    assert here.deal_number == 2 and here.records == [] and here.dealer is Seat.EAST  # (West: at her right)
    assert here.scores == (4, 0)  # the score she sat down at: her side's march
    here = window_of(Seat.NORTH, came_back)
    assert [(r.deal_number, r.result.outcome) for r in here.records] == [(2, Outcome.PASSED_OUT)]
    assert here.deal_number == 3 and here.dealer is Seat.SOUTH  # (North deals: at the window's bottom)
    assert set(here.dealt(2).hands[Seat.SOUTH]) == set(parse_cards("9S TS JS QS KS"))
    (view,) = [m for m in came_back if m["type"] in ("view", "turn")]
    assert len(view["played"]) == 1  # West's deal: nothing of the two before she sat
