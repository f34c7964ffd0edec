"""What a connection is shown, and may do, depends on what its own person held, never on the
seat's history: a newcomer at a seat after the game's end is not shown the card its dealer
buried, and a stranger who sits at the creator's seat after the creator left is not the
table's creator."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from euchre_qt.engine import Rules, Seat
from euchre_qt.net.client import TableClient
from euchre_qt.net.remote_session import RemoteTableSession
from euchre_qt.net.table import Table
from euchre_qt.net.table_file import load_table
from euchre_qt.session.seats import Done, Think, TurnRequest

from .conftest import ServerProcess, run
from .test_no_leak import leaks, passed_then_marched, replay_deals
from .test_played import Connection, Host
from .test_wire_rules import of_type, until

EAST_KEY = "e" * 22  # the key of the person who held East (a table in memory: any 22 characters)


class Thinkers:
    """Computers that never move (the game is over): each seat nobody holds is played by one."""

    @staticmethod
    def think_for(player: str, seed: int) -> Think:
        def think(request: TurnRequest, done: Done) -> None:
            raise AssertionError("a computer asked to move after the game's end")

        return think


class ServerLike(Host):
    thinkers = Thinkers()  # type: ignore[assignment]


def at_east_after_the_end(held_by_someone: bool = False, back: bool = False) -> list[dict[str, Any]]:
    """What a newcomer sitting at East after ``passed_then_marched`` ended is sent (East dealt
    the march and buried 9D). ``held_by_someone``: Eve held East's cards and left first;
    ``back``: the newcomer's connection drops and they come back with their seat key."""

    async def sit() -> list[dict[str, Any]]:
        game = passed_then_marched()
        table = Table(ServerLike(), "T1", b"", game.rules, "novice", Seat.SOUTH, game=game)  # type: ignore[arg-type]
        table.started = True  # (as a table read back from its save; computers at the seats, as at a server)
        for seat in Seat:
            table.free(seat)
        if held_by_someone:
            table.seats[Seat.EAST].played = True
            eve = Connection()
            table.sit(eve, Seat.EAST, "Eve", key=EAST_KEY)
            assert any(m.get("view", {}).get("discarded") == "9D" for m in eve.sent)  # hers to see
            table.leave(eve)
        newcomer = Connection()
        table.sit(newcomer, Seat.EAST, "Pat")
        if not back:
            return newcomer.sent
        (key,) = [m["key"] for m in newcomer.sent if m["type"] == "welcome"]
        table.drop(newcomer)
        again = Connection()
        table.sit(again, Seat.EAST, "Pat", key=key)
        return again.sent

    return asyncio.run(sit())


def shown_nothing_of_east(sent: list[dict[str, Any]]) -> None:
    """Every byte is what the table saw of East: its discard an unknown card, no deal told."""
    frames = [json.dumps(message) for message in sent]
    deals = replay_deals({"game": passed_then_marched().to_dict()})
    assert leaks(frames, Seat.EAST, deals, holds_seat=False) == []
    (view,) = [message for message in sent if message["type"] in ("view", "turn")]
    assert view["view"]["discarded"] is None
    assert ["E", "discard ??"] in view["view"]["history"]
    assert not view.get("played")  # no deal was theirs
    assert view["reveal"] == {"N": ["9S", "TS", "JS", "QS", "KS"]}  # what the last hand's end showed everyone
    # and the window builds the finished game on it
    session = RemoteTableSession(Seat.EAST, lambda message: None, auto_ask=False)
    for message in sent:
        if message["type"] in ("event", "view", "turn", "reveal"):
            session.told(message)
    session.start()
    assert session.game.is_over and session.game.scores == (5, 11)  # (East's side first: turned)


def test_a_newcomer_at_the_seat_of_a_computer_that_dealt_last_is_not_shown_its_discard() -> None:
    """(Before: East's whole view, as if the newcomer had held it: "discarded": "9D", and
    "discard 9D" in its history.)"""
    shown_nothing_of_east(at_east_after_the_end())


def test_a_newcomer_at_the_seat_a_person_dealt_last_from_and_left_is_not_shown_its_discard() -> None:
    shown_nothing_of_east(at_east_after_the_end(held_by_someone=True))


def test_a_newcomer_coming_back_with_their_key_after_the_end_is_told_no_deal_of_the_seat() -> None:
    """(Before: coming back to the seat they held for no deal, they were told every finished
    deal of the game as East saw it: East's hands, and its discard.)"""
    shown_nothing_of_east(at_east_after_the_end(back=True))


def test_the_checker_would_catch_the_discard_shown() -> None:
    sent = at_east_after_the_end()
    (view,) = [message for message in sent if message["type"] == "view"]
    view["view"]["discarded"] = "9D"
    frames = [json.dumps(message) for message in sent]
    deals = replay_deals({"game": passed_then_marched().to_dict()})
    assert leaks(frames, Seat.EAST, deals, holds_seat=False) != []


# --- the creator's rights ------------------------------------------------------------------------


def test_a_stranger_at_the_creators_seat_gets_no_creators_rights(server: ServerProcess) -> None:
    """Ann creates the table and leaves; Eve, who has the code, sits at South: she may not deal,
    nor free Bob's seat when he drops. (Before: "creator": true, and her `free N` freed it.)"""

    async def scenario() -> None:
        ann = await TableClient.connect(server.url)
        code = await ann.create("Ann", "S", open_seats=["N", "E", "W"])
        bob = await TableClient.connect(server.url)
        await bob.join(code, "Bob", "N")
        await ann.send({"type": "leave"})
        eve = await TableClient.connect(server.url)
        assert (await eve.join(code, "Eve", "S"))["creator"] is False
        await eve.send({"type": "start"})
        assert (await until(eve, of_type("error")))["code"] == "not creator"
        bob.ws.transport.abort()
        await until(eve, lambda m: m["type"] == "table" and not m["seats"][2]["connected"])
        await eve.send({"type": "free", "seat": "N"})
        assert (await until(eve, of_type("error")))["code"] == "not creator"
        thief = await TableClient.connect(server.url)
        assert (await thief.look(code))["seats"][2]["name"] == "Bob"  # Bob's seat is still his
        for client in (ann, eve, thief):
            await client.close()

    run(scenario())


def test_the_creator_back_with_the_seat_key_keeps_the_creators_rights(server: ServerProcess) -> None:
    async def scenario() -> None:
        ann = await TableClient.connect(server.url)
        code = await ann.create("Ann", "S", open_seats=["N"])
        ann.ws.transport.abort()
        back = await TableClient.connect(server.url)
        assert (await back.join(code, "Ann", "S", ann.key))["creator"] is True
        await back.send({"type": "start"})
        await until(back, lambda m: m["type"] == "table" and m["started"])
        await back.close()

    run(scenario())


def test_the_creators_rights_are_kept_in_the_save_with_the_creators_key() -> None:
    """A restarted server knows who created the table: not the stranger at the creator's seat."""

    host: Any = Host()  # (a table in memory: no save, no computers)

    async def tables() -> tuple[Table, Table, Table]:
        table = Table(host, "0123456789ab", b"", Rules(), "novice", Seat.SOUTH)
        ann = Connection()
        table.sit(ann, Seat.SOUTH, "Ann")
        assert table.creator is Seat.SOUTH and ann.sent[0]["creator"] is True
        kept = load_table(host, json.loads(json.dumps(table.to_dict())))
        older = table.to_dict()
        del older["creator_key_digest"]  # a save from before: the creator seat's key holder is the creator
        table.leave(ann)
        eve = Connection()
        table.sit(eve, Seat.SOUTH, "Eve")
        assert table.creator is None and eve.sent[0]["creator"] is False
        left = load_table(host, json.loads(json.dumps(table.to_dict())))
        return kept, load_table(host, older), left

    kept, older, left = asyncio.run(tables())
    assert kept.creator is Seat.SOUTH and older.creator is Seat.SOUTH
    assert left.creator is None
