"""No hidden card ever leaves the server: every byte each client was sent over whole games,
checked against the engine's own replay of the game.

A card may reach a seat only when the rules make it public to that seat: its own cards,
the up-card, cards as they are played, and the cards nobody played shown at a hand's end.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from euchre_qt.engine import Card, Game, Rules, Seat
from euchre_qt.engine.ai.player import RandomPlayer, decision_rng
from euchre_qt.engine.scoring import LONE_MARCH_POINTS
from euchre_qt.engine.view import SeatView
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient, WireError, play_game
from euchre_qt.net.codes import code_digest
from euchre_qt.net.table import Table

from .conftest import ServerProcess, full_table, run
from .test_played import MARCH, MARCHED, SPREAD, Connection, Host, server_game

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[9TJQKA][CDHS]|JK)(?![A-Za-z0-9])")


@dataclass
class Deal:
    hands: tuple[tuple[Card, ...], ...]  # as dealt
    up_card: Card
    plays: list[tuple[Seat, Card]] = field(default_factory=list)
    unplayed: dict[Seat, set[Card]] = field(default_factory=dict)


def replay_deals(saved: dict[str, object]) -> dict[int, Deal]:
    """Every deal of a saved game, from the engine: hands as dealt, the plays, what was never played."""
    game_data = saved["game"]
    assert isinstance(game_data, dict)
    finished = Game.from_dict(game_data)
    game = Game(
        finished.rules,
        finished.seed,
        finished.first_dealer,
        deals=finished.deals,  # (a game played from given deals: a test's table in memory)
        start_scores=finished.start_scores,
        first_deal=finished.first_deal,
    )
    deals = {game.deal_number: Deal(game.hand.hands, game.hand.up_card)}  # not 0 if the first deal was a misdeal
    for action in finished.actions:
        game.apply(action)
        if game.deal_number not in deals:
            deals[game.deal_number] = Deal(game.hand.hands, game.hand.up_card)
    for record in game.records:
        # a misdeal is dealt and over without a move: its final state is the deal itself
        deal = deals.setdefault(record.deal_number, Deal(record.final.hands, record.final.up_card))
        deal.plays = [play for trick in record.final.tricks for play in trick.plays]
        deal.unplayed = {seat: set(record.final.hands[seat]) for seat in Seat}
    return deals


def leaks(frames: list[str], seat: Seat, deals: dict[int, Deal], holds_seat: bool = True, since: int = 0) -> list[str]:
    """Each card in ``frames`` (``seat``'s stream, in order) that the seat may not know yet.

    A stream may begin in the middle of a deal (a player coming back, a newcomer sitting
    down): the deal is the one its first ``hand ended`` names, and the seat's own cards of it
    are the stream's to see only if it ``holds_seat`` (a player coming back to their seat; not
    a newcomer, who must be shown nothing of that hand but what the table saw played). One
    that begins with a view before any deal's event (coming back after the game's end) is of
    the deal that view shows, and what its ``reveal`` tells must be what that hand's end showed.
    ``since``: the first deal the seat's person held; nothing of a deal before it may be told."""
    found: list[str] = []
    deal: Deal | None = None
    public: set[Card] = set()
    played: int | None = 0
    after = -1  # the last deal told in a ``played``
    first = next((m["event"] for m in map(json.loads, frames) if "deal_number" in m.get("event", {})), None)
    if first is not None and first["type"] == "hand ended":  # begun mid-deal
        deal, played = deals[first["deal_number"]], None
        public = {deal.up_card, *(deal.hands[seat] if holds_seat else ())}
    for index, frame in enumerate(frames):
        message = json.loads(frame)
        event = message.get("event") if message["type"] == "event" else None
        if event is not None and event["type"] in ("hand dealt", "table reset"):
            deal = deals[event["deal_number"]]
            public, played = {deal.up_card, *deal.hands[seat]}, 0
        if event is not None and event["type"] == "card played":
            assert deal is not None
            play = (Seat.parse(event["seat"]), Card.parse(event["card"]))
            at = deal.plays.index(play) if played is None else played  # (the first play seen mid-deal: any so far)
            assert deal.plays[at] == play, "play out of order"
            played = at + 1
            public |= {card for _, card in deal.plays[:played]}
        if message["type"] in ("view", "turn") and "played" in message:  # back at the seat: the deals before
            past, after = past_leaks(message.pop("played"), seat, deals, holds_seat, since)
            found += [f"frame {index}: {text}" for text in past]
            frame = json.dumps(message)  # the rest is read as any view
        if message["type"] in ("view", "turn") and deal is None:  # begun with a view: after the end, of the last deal
            number, deal = viewed_deal(message["view"], deals, after)
            public, played = {deal.up_card, *(deal.hands[seat] if holds_seat else ())}, None
            if number < since:
                found.append(f"frame {index}: deal {number}, from before the seat's person sat down")
            if message.get("deal_number", number) != number:
                found.append(f"frame {index}: deal {number} called {message['deal_number']}")
        if message["type"] in ("view", "turn") and "reveal" in message:  # back after the end: the last hand's
            assert deal is not None
            told = {Seat.parse(who): {Card.parse(c) for c in cards} for who, cards in message["reveal"].items()}
            found += [
                f"frame {index}: {who}'s {sorted(c.text for c in cards)} not what the hand's end showed"
                for who, cards in told.items()
                if cards != deal.unplayed[who]
            ]
            public |= {card for who, cards in told.items() if cards == deal.unplayed[who] for card in cards}
        if message["type"] in ("view", "turn") and deal is not None:
            view = message["view"]
            shown = [tuple(p) for t in view["tricks"] for p in t["plays"]] + [tuple(p) for p in view["trick"]]
            assert [(s.letter, c.text) for s, c in deal.plays[: len(shown)]] == shown, "plays not as made"
            public |= {card for _, card in deal.plays[: len(shown)]}
        if message["type"] == "reveal":
            assert deal is not None
            for who, cards in message["hands"].items():
                assert {Card.parse(c) for c in cards} == deal.unplayed[Seat.parse(who)]
                public |= deal.unplayed[Seat.parse(who)]
        for text in CARD.findall(frame):
            if deal is None or Card.parse(text) not in public:
                found.append(f"frame {index}: {text} in {frame[:200]}")
    return found


def viewed_deal(view: dict[str, Any], deals: dict[int, Deal], after: int) -> tuple[int, Deal]:
    """The finished deal numbered after ``after`` that ``view`` (a seat's view at its end, as the
    wire has it) is of: the first with its up-card and its plays (the deals come in the game's
    order, and misdeals, all alike but for the cards held, are told too)."""
    plays = [(Seat.parse(s), Card.parse(c)) for t in view["tricks"] for s, c in t["plays"]]
    return next(
        (n, d)
        for n, d in sorted(deals.items())
        if n > after and d.up_card == Card.parse(view["up_card"]) and d.plays == plays
    )


def past_leaks(
    played: list[dict[str, Any]], seat: Seat, deals: dict[int, Deal], holds_seat: bool, since: int = 0
) -> tuple[list[str], int]:
    """The cards in a ``played`` (finished deals, told to a seat coming back) it may not know, and
    the last deal's number: each deal's up-card, plays and the cards shown at its end are
    everyone's; its own cards are the seat's only if it ``holds_seat``; a deal before ``since``
    is not the seat's to be told at all."""
    found: list[str] = []
    after = -1
    for entry in played:
        view = entry["view"]
        after, deal = viewed_deal(view, deals, after)
        if after < since:
            found.append(f"deal {after}, from before the seat's person sat down")
        public = {deal.up_card, *(card for _, card in deal.plays), *(deal.hands[seat] if holds_seat else ())}
        shown = entry["hands"]
        assert isinstance(shown, dict)
        for who, cards in shown.items():
            assert {Card.parse(c) for c in cards} == deal.unplayed[Seat.parse(who)]
            public |= deal.unplayed[Seat.parse(who)]
        found += [text for text in CARD.findall(json.dumps(entry)) if Card.parse(text) not in public]
    return found, after


def keys_in(frames: list[str], keys: set[str]) -> set[str]:
    """Which of ``keys`` appear anywhere in ``frames``."""
    return {key for key in keys if any(key in frame for frame in frames)}


def finished_save(server: ServerProcess, code: str) -> dict[str, object]:
    """The server's own save of the table with ``code``, once it holds the finished game."""
    digest = code_digest(code).hex()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for path in Path(server.save_dir).glob("*.json"):
            data = json.loads(path.read_text())
            if data["code_digest"] == digest and Game.from_dict(data["game"]).is_over:
                return data  # type: ignore[no-any-return]
        time.sleep(0.02)
    raise AssertionError("the server never saved the finished game")


def play_whole_game(server: ServerProcess, people: str, **create: object) -> tuple[str, dict[str, TableClient]]:
    """A whole game of random players at ``people``'s seats (computers in the others): (code, clients by seat)."""

    async def together() -> tuple[str, dict[str, TableClient]]:
        code, clients = await full_table(server.url, people, **create)
        await asyncio.gather(*(play_game(c, RandomPlayer(seed=i).choose) for i, c in enumerate(clients.values())))
        for client in clients.values():
            await client.close()
        return code, clients

    return run(together())


def test_four_people_over_a_whole_game_see_no_card_before_it_is_public_nor_anothers_seat_key(
    server: ServerProcess,
) -> None:
    code, clients = play_whole_game(server, "SWNE", rules={"points_to_win": 10})
    deals = replay_deals(finished_save(server, code))
    assert len(deals) >= 3
    keys = {client.key for client in clients.values() if client.key is not None}
    assert len(keys) == 4
    for letter, client in clients.items():
        assert len(client.frames) > 100
        assert leaks(client.frames, Seat.parse(letter), deals) == []
        assert keys_in(client.frames, keys) == {client.key}  # its own, in its welcome: nobody else's


def test_people_beside_computers_with_every_variant_see_nothing_hidden(server: ServerProcess) -> None:
    rules = Rules(stick_the_dealer=True, lone_defender=True, joker=True, points_to_win=7).to_dict()
    code, clients = play_whole_game(server, "NE", rules=rules)
    streams = {seat: client.frames for seat, client in clients.items()}
    saved = finished_save(server, code)
    deals = replay_deals(saved)
    for letter, frames in streams.items():
        assert leaks(frames, Seat.parse(letter), deals) == []
    # random players go alone now and then (in all but about one game in 600): a partner sat out,
    # and their cards were shown at the end of the hand
    game_data = saved["game"]
    assert isinstance(game_data, dict)
    played = [r for r in Game.from_dict(game_data).records if r.result.outcome.scored]  # (no misdeal)
    sat_out = any(any(record.final.hands[s] for s in Seat) for record in played)
    shown = any(
        '"type":"reveal"' in frame and '"hands":{}' not in frame for frames in streams.values() for frame in frames
    )
    assert shown == sat_out


def test_the_checker_catches_a_card_sent_too_early(server: ServerProcess) -> None:
    code, clients = play_whole_game(server, "SWNE")
    deals = replay_deals(finished_save(server, code))
    frames = list(clients["S"].frames)
    dealt_at = next(i for i, f in enumerate(frames) if '"hand dealt"' in f)
    partner_card = deals[0].hands[Seat.NORTH][0]
    frames.insert(dealt_at + 1, json.dumps({"type": "chat", "text": f"I hold {partner_card.text}"}))
    assert leaks(frames, Seat.SOUTH, deals) != []


def test_a_dropped_player_a_thief_with_the_name_and_a_peek_at_an_open_seat_see_nothing_hidden(
    server: ServerProcess,
) -> None:
    """Every byte sent over a whole game in which North drops mid-hand and comes back with the
    seat key, someone tries North's seat with North's name, and someone sits at the open East
    seat during a hand, waits for the next deal (or the game's end), and leaves."""

    async def scenario() -> tuple[str, dict[str, TableClient]]:
        host = await TableClient.connect(server.url, keep_frames=True)
        code = await host.create("Ann", "S", open_seats=["N", "E"], rules={"points_to_win": 10})
        north = await TableClient.connect(server.url, keep_frames=True)
        await north.join(code, "Nia", "N")
        await host.send({"type": "start"})
        hosting = asyncio.ensure_future(play_game(host, RandomPlayer(seed=1).choose))
        player = RandomPlayer(seed=2)
        for _ in range(7):  # a few moves, then the connection drops while North is asked to move
            turn = await north.expect("turn")
            await north.move(str(player.choose(protocol.view_from_dict(turn["view"]))), turn["ticket"])
        await north.expect("turn")
        north.ws.transport.abort()
        thief = await TableClient.connect(server.url, keep_frames=True)
        with pytest.raises(WireError, match="seat taken"):
            await thief.join(code, "Nia", "N")
        back = await TableClient.connect(server.url, keep_frames=True)
        await back.join(code, "Nia", "N", north.key)
        coming_back = asyncio.ensure_future(play_game(back, RandomPlayer(seed=3).choose))
        peeker = await TableClient.connect(server.url, keep_frames=True)
        await peeker.join(code, "Pat", "E")
        # the next deal, or the game's end if this deal is its last (then there is no next)
        while (await peeker.receive()).get("event", {}).get("type") not in ("hand dealt", "game ended"):
            pass
        await peeker.send({"type": "leave"})
        await peeker.close()
        await asyncio.gather(hosting, coming_back)
        for client in (host, back, thief):
            await client.close()
        return code, {"S": host, "N": north, "N again": back, "thief": thief, "peeker": peeker}

    code, clients = run(scenario(), timeout=120)
    deals = replay_deals(finished_save(server, code))
    keys = {client.key for client in clients.values() if client.key is not None}
    assert clients["N again"].key == clients["N"].key and clients["peeker"].key not in (None, clients["N"].key)
    for who, seat, holds_seat in (
        ("S", Seat.SOUTH, True),
        ("N", Seat.NORTH, True),
        ("N again", Seat.NORTH, True),
        ("thief", Seat.NORTH, False),
        ("peeker", Seat.EAST, False),
    ):
        frames = clients[who].frames
        assert leaks(frames, seat, deals, holds_seat) == [], who
        assert keys_in(frames, keys) <= {clients[who].key}, who
    assert not [frame for frame in clients["thief"].frames if '"hand"' in frame or '"view"' in frame]
    # and the checker would have caught a peek: North's own hand, in a stream not North's to see
    assert leaks(clients["N again"].frames, Seat.NORTH, deals, holds_seat=False) != []


def test_a_newcomer_at_the_seat_that_dealt_last_after_the_game_ended_sees_nothing_it_held(
    server: ServerProcess,
) -> None:
    """Ann plays with computers at West, North and East to the game's end and leaves; from a new
    connection someone sits at the seat that dealt the last hand (a computer's, or Ann's given
    up): every byte they are sent holds nothing that seat held hidden, its dealer's discard least
    of all, shown as to anyone who did not hold the seat ("discard ??"). (Before: the seat's whole
    view, as if the newcomer had held it, the buried card in it.) A last hand without a discard
    (trump named in the second round) tells nothing: another game is played."""

    async def a_game(seed: int) -> str:
        host = await TableClient.connect(server.url, keep_frames=True)
        code = await host.create("Ann", "S", open_seats=["W", "N", "E"], rules={"points_to_win": 5})
        await host.send({"type": "start"})
        await play_game(host, RandomPlayer(seed=seed).choose)
        await host.send({"type": "leave"})
        await host.close()
        return code

    async def sit_down(code: str, seat: Seat) -> TableClient:
        newcomer = await TableClient.connect(server.url, keep_frames=True)
        await newcomer.join(code, "Pat", seat.letter)
        await newcomer.expect("view")
        await newcomer.close()
        return newcomer

    for seed in range(10):
        code = run(a_game(seed))
        saved = finished_save(server, code)
        last = Game.from_dict(saved["game"]).records[-1].final
        if last.discarded is None:
            continue
        frames = run(sit_down(code, last.dealer)).frames
        assert leaks(frames, last.dealer, replay_deals(saved), holds_seat=False) == []
        (view,) = [m["view"] for m in map(json.loads, frames) if m["type"] == "view"]
        assert view["discarded"] is None and [last.dealer.letter, "discard ??"] in view["history"]
        return
    raise AssertionError("no game of ten ended with a hand its dealer discarded in")


class PacedHost:
    """Ann, the creator at South, playing at random but never alone (so North, the seat Nia
    takes, never sits a deal out), and holding the game at her first turn after ``deals``
    deals have ended until ``go_on`` is set: the computers move only between her turns, so
    the game stands still. ``held``: the view she holds at, or None if the game ended first."""

    def __init__(self, client: TableClient, deals: int = 2) -> None:
        self.client = client
        self.deals = deals
        self.ended = 0
        self.held: asyncio.Future[SeatView | None] = asyncio.get_running_loop().create_future()
        self.go_on = asyncio.Event()

    async def play(self) -> None:
        async for message in self.client.messages():
            happened = message.get("event", {}).get("type") if message["type"] == "event" else None
            if happened == "hand ended":
                self.ended += 1
            elif happened == "game ended":
                if not self.held.done():
                    self.held.set_result(None)
                return
            if message["type"] != "turn":
                continue
            view = protocol.view_from_dict(message["view"])
            if self.ended >= self.deals and not self.held.done():
                self.held.set_result(view)
                await self.go_on.wait()
            legal = [action for action in view.legal_actions if not action.alone]
            await self.client.move(str(decision_rng(1, view).choice(legal)), message["ticket"])


def test_a_person_who_sat_down_mid_game_is_told_coming_back_only_the_deals_they_held(server: ServerProcess) -> None:
    """Nia takes the open North seat after hands a computer played there, and her connection
    drops: coming back, she is told the finished deals she held, not those before (North's view
    of them holds what a computer discarded there, and the hand of a deal passed out).

    She sits down from the next deal, so the game must not end in this one: Ann holds the game
    at her turn while Nia joins, and a table whose score could end the game in the deal held
    (a side within a lone march of winning), or whose game ended first, is left for a new one.
    (Before, Ann played on while Nia joined: now and then the game ended first and Nia was
    never asked to move.)"""

    async def a_table_held_early() -> tuple[str, TableClient, PacedHost, asyncio.Future[None]]:
        for _ in range(5):
            host = await TableClient.connect(server.url, keep_frames=True)
            code = await host.create("Ann", "S", open_seats=["N"], rules={"stick_the_dealer": False})
            await host.send({"type": "start"})
            ann = PacedHost(host)
            hosting = asyncio.ensure_future(ann.play())
            view = await asyncio.wait_for(ann.held, 60)
            if view is not None and max(view.scores) + LONE_MARCH_POINTS < view.rules.points_to_win:
                return code, host, ann, hosting
            hosting.cancel()
            await host.close()
        raise AssertionError("five tables in a row reached a score that one deal could end")

    async def scenario() -> tuple[TableClient, dict[str, object]]:
        code, host, ann, hosting = await a_table_held_early()
        nia = await TableClient.connect(server.url, keep_frames=True)
        await nia.join(code, "Nia", "N")
        ann.go_on.set()
        await nia.expect("turn")  # sat down with the next deal, and asked to move
        nia.ws.transport.abort()
        back = await TableClient.connect(server.url, keep_frames=True)
        await back.join(code, "Nia", "N", nia.key)
        while "played" not in (message := await back.receive()):
            pass
        hosting.cancel()
        for client in (host, back):
            await client.close()
        return nia, message

    nia, message = run(scenario(), timeout=120)
    dealt = [m["event"] for m in map(json.loads, nia.frames) if m.get("event", {}).get("type") == "hand dealt"]
    hers = {(event["dealer"], event["up_card"]) for event in dealt}  # (the deal she joined in a computer finished)
    played = message["played"]
    assert isinstance(played, list)
    told = [(deal["view"]["dealer"], deal["view"]["up_card"]) for deal in played]
    assert [deal for deal in told if deal not in hers] == []


def passed_then_marched() -> Game:
    """North's deal passed out; then at 7-5 East deals and South marches alone on 9H (North's
    spades sat out, and were shown to all): the game is over."""
    game = server_game(Rules(), [(Seat.NORTH, SPREAD, "pass, " * 7 + "pass"), (Seat.EAST, MARCH, MARCHED)], (7, 5))
    assert game.is_over and [r.deal_number for r in game.records] == [0, 1]
    return game


def back_after_the_end(told_since: int) -> list[str]:
    """West's stream coming back to a table (kept in memory) after ``passed_then_marched``
    ended, the server telling West the deals from ``told_since``."""

    async def come_back() -> list[dict[str, Any]]:
        game = passed_then_marched()
        table = Table(Host(), "T1", b"", game.rules, "novice", Seat.SOUTH, game=game)  # type: ignore[arg-type]
        table.started = True  # (as a table read back from its save)
        table.seats[Seat.WEST].played, table.seats[Seat.WEST].since = True, told_since
        conn = Connection()
        table.sit(conn, Seat.WEST, "Wes", key="k" * 22)
        return conn.sent

    return [json.dumps(message) for message in asyncio.run(come_back())]


def test_a_seat_back_after_the_game_ended_is_told_its_deals_and_the_last_hands_reveal_and_no_more() -> None:
    """West's person sat down at East's deal, the last: coming back after the march, West is
    told that deal (the view of its end, North's spades as the table saw them) and nothing of
    North's deal before. (Before: the checker could not read a stream that begins with the view
    of a game over, and found every card in it.)"""
    frames = back_after_the_end(told_since=1)
    deals = replay_deals({"game": passed_then_marched().to_dict()})
    assert leaks(frames, Seat.WEST, deals, since=1) == []
    (view,) = [message for message in map(json.loads, frames) if message["type"] == "view"]
    assert view["reveal"] == {"N": ["9S", "TS", "JS", "QS", "KS"]} and view["played"] == []
    # and the checker would catch a server that told more: North's deal, from before West sat ...
    assert leaks(back_after_the_end(told_since=0), Seat.WEST, deals, since=1) != []
    # ... East's cards in the reveal, which the hand's end did not show ...
    spoiled = copy.deepcopy(view)
    spoiled["reveal"]["E"] = ["9D", "TD"]
    assert (
        leaks(
            [json.dumps(spoiled) if m == view else json.dumps(m) for m in map(json.loads, frames)],
            Seat.WEST,
            deals,
            since=1,
        )
        != []
    )
    # ... or the march itself told to a person who sat down after it
    assert leaks(frames, Seat.WEST, deals, since=2) != []
