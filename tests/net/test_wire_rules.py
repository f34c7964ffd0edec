"""The rules of the wire, against a real server process: who may sit, who may move, and what
happens to a client that breaks the rules (it is cut off; its table plays on)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from euchre_qt.engine import Card
from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient, WireError, play_game, table_route
from euchre_qt.net.server import WRONG_CODES_A_MINUTE

from .conftest import ServerProcess, full_table, run, start_server


async def until(client: TableClient, wanted: Callable[[dict[str, Any]], bool], wait: float = 40.0) -> dict[str, Any]:
    """The first message ``wanted``; one that does not come within ``wait`` seconds fails the
    test with what came instead (a conversation's own timeout would say nothing of it)."""
    passed: list[dict[str, Any]] = []

    async def read() -> dict[str, Any]:
        while True:
            message = await client.receive()
            if wanted(message):
                return message
            passed.append(message)

    try:
        return await asyncio.wait_for(read(), wait)
    except TimeoutError:
        raise AssertionError(f"the message waited for did not come; came instead: {passed[-8:]}") from None


# the events of a seat's own move, and the field that names the seat that made it
MOVE_EVENTS = {
    "farmer decided": "seat",
    "bid made": "seat",
    "dealer discarded": "dealer",
    "defence decided": "seat",
    "card played": "seat",
}


def made_by(message: dict[str, Any], seat: str) -> bool:
    """Whether ``message`` is the event of a move made by ``seat``."""
    if message["type"] != "event":
        return False
    event = message["event"]
    field = MOVE_EVENTS.get(event["type"])
    return field is not None and event[field] == seat


def of_type(kind: str) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == kind


async def closed(client: TableClient) -> ConnectionClosed:
    """Read on until the server hangs up; returns how it closed."""
    with pytest.raises(ConnectionClosed) as info:
        while True:
            await client.receive()
    return info.value


async def finish(clients: list[TableClient]) -> list[dict[str, Any]]:
    """Play the game out at these clients' seats; the ``game ended`` event each saw."""
    ended = await asyncio.gather(*(play_game(c, RandomPlayer(seed=i).choose) for i, c in enumerate(clients)))
    for client in clients:
        await client.close()
    return ended


async def first_turn(a: TableClient, b: TableClient) -> tuple[TableClient, TableClient, dict[str, Any]]:
    """Whichever of two people is asked to move first: (mover, the other, the turn)."""
    tasks = {asyncio.ensure_future(until(c, of_type("turn"))): c for c in (a, b)}
    done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    task = next(iter(done))
    mover = tasks[task]
    return mover, (b if mover is a else a), task.result()


def test_without_the_join_code_nobody_gets_in(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, clients = await full_table(server.url, "SN")
        wrong = "ABCD-EFGH" if code != "ABCD-EFGH" else "ABCD-EFGJ"
        for attempt in (
            {"type": "look", "v": 1, "code": wrong},
            {"type": "join", "v": 1, "code": wrong, "name": "Eve", "seat": "W"},
        ):
            eve = await TableClient.connect(server.url)
            await eve.send(attempt)
            error = await eve.receive()
            assert (error["type"], error["code"]) == ("error", "bad code")
            assert error["text"] == "No table has that join code."
            await closed(eve)
        await finish(list(clients.values()))

    run(scenario())


def test_an_address_that_keeps_guessing_codes_is_refused_even_the_right_one(tmp_path: Path) -> None:
    guarded = start_server(tmp_path / "tables")  # its own server: the others' tests come from this address too

    async def scenario() -> None:
        host = await TableClient.connect(guarded.url)
        code = await host.create("Ann", "S", open_seats=["N"])
        wrong = [
            f"ABCD-{a}{b}{c}{d}"
            for a, b, c, d in zip("ABCDEFGHJK", "KMNPQRSTUV", "2345678923", "WXYZWXYZWX", strict=True)
        ]
        for guess in (wrong * 4)[:WRONG_CODES_A_MINUTE]:
            guesser = await TableClient.connect(guarded.url)
            with pytest.raises(WireError, match="bad code"):
                await guesser.look(guess)
        guesser = await TableClient.connect(guarded.url)
        with pytest.raises(WireError, match="bad code"):
            await guesser.look(code)

    try:
        run(scenario())
    finally:
        guarded.stop()


def test_a_held_seat_is_refused_and_a_free_seat_is_taken_by_anyone_with_the_code(server: ServerProcess) -> None:
    async def scenario() -> None:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["N", "E"])
        table = await TableClient.connect(server.url)
        seats = {s["seat"]: s for s in (await table.look(code))["seats"]}
        assert (seats["S"]["name"], seats["S"]["kind"], seats["N"]["kind"], seats["W"]["kind"]) == (
            "Ann",
            "person",
            "open",
            "computer",
        )
        for seat, name, why in (("S", "Bob", "seat taken"), ("W", "Bob", "seat taken"), ("N", "Ann", "name taken")):
            guest = await TableClient.connect(server.url)
            with pytest.raises(WireError) as refused:
                await guest.join(code, name, seat)
            assert refused.value.code == why
            await guest.close()
        await table.close()
        north, east = await TableClient.connect(server.url), await TableClient.connect(server.url)
        await north.join(code, "Nia", "N")
        await east.join(code, "Eli", "E")
        await finish([host, north, east])

    run(scenario())


def test_a_client_acts_only_for_its_own_seat_and_in_turn_and_a_refused_move_changes_nothing(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        _code, clients = await full_table(server.url, "SN")
        south, north, turn = await first_turn(clients["S"], clients["N"])  # "south" moves; "north" may not
        await north.send({"type": "move", "action": turn["view"]["legal_actions"][0], "seat": south.seat})
        error = await until(north, lambda m: m["type"] == "error")
        assert (error["code"], error["text"]) == ("not your seat", "You can move only for your own seat.")
        await north.move("pass")
        refused = await until(north, of_type("refused"))
        assert refused["text"] == "It is not your turn."
        assert refused["event"]["turn"] == south.seat
        hand = [Card.parse(c) for c in turn["view"]["hand"]]
        # South's own nonsense is refused too, and South's ticket still stands: nothing moved on
        not_held = next(c for c in ("9C", "9D", "9H", "9S", "TC", "TD") if Card.parse(c) not in hand)
        await south.move(f"play {not_held}", turn["ticket"])
        refused = await until(south, of_type("refused"))
        assert refused["text"].startswith("It is time to")  # bidding, not play
        action = turn["view"]["legal_actions"][0]
        await south.move(action, turn["ticket"])
        # the move's own event, past any other seat's. The first turn may be the dealer's
        # discard (the computers ordered it up before any person bid), whose event names its
        # mover "dealer", not "seat": reading only "seat" missed it in about one run in five.
        made = await until(south, lambda m: m["type"] == "refused" or made_by(m, south.seat))
        assert made["type"] == "event"
        await finish([south, north])

    run(scenario())


def test_a_card_not_held_is_refused_in_the_players_words(server: ServerProcess) -> None:
    async def scenario() -> None:
        _code, clients = await full_table(server.url, "S")
        south = clients["S"]
        player = RandomPlayer(seed=3)
        while True:
            turn = await until(south, of_type("turn"))
            if turn["view"]["phase"] == "play":
                break
            await south.move(str(player.choose(protocol.view_from_dict(turn["view"]))), turn["ticket"])
        hand = {Card.parse(c) for c in turn["view"]["hand"]}
        others = [c for c in ("9C", "TC", "JC", "QC", "KC", "AC", "9D", "TD") if Card.parse(c) not in hand]
        await south.move(f"play {others[0]}", turn["ticket"])
        refused = await until(south, of_type("refused"))
        assert refused["text"] == "You do not hold that card."
        await south.move(turn["view"]["legal_actions"][0], turn["ticket"])  # the same ticket still counts
        await finish([south])

    run(scenario())


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ("{not json", "malformed"),
        (json.dumps({"type": "move", "action": "play JH", "eval": "__import__('os')"}), "malformed"),
        (json.dumps({"type": "move", "action": "gimme all the cards"}), "malformed"),
        (json.dumps({"type": "chat", "text": "x" * (protocol.MAX_CHAT + 1)}), "malformed"),
        (json.dumps([1, 2, 3]), "malformed"),
    ],
)
def test_a_malformed_client_is_cut_off_and_its_table_finishes(server: ServerProcess, bad: str, code: str) -> None:
    async def scenario() -> None:
        _code, clients = await full_table(server.url, "SWN")
        rogue = clients["W"]
        others = asyncio.ensure_future(finish([clients["S"], clients["N"]]))
        await until(rogue, of_type("turn"))  # mid-hand, with the table waiting on West
        await rogue.ws.send(bad)
        error = await until(rogue, of_type("error"))
        assert error["code"] == code
        assert (await closed(rogue)).rcvd.code == 1008  # type: ignore[union-attr]
        ended = await others  # a computer sits in for West after the wait
        assert ended[0] == ended[1]

    run(scenario())


def test_an_oversized_message_closes_the_connection_and_the_table_finishes(server: ServerProcess) -> None:
    async def scenario() -> None:
        _code, clients = await full_table(server.url, "SW")
        rogue = clients["W"]
        await rogue.ws.send(json.dumps({"type": "chat", "text": "x" * protocol.MAX_MESSAGE_BYTES}))
        assert (await closed(rogue)).rcvd.code == 1009  # type: ignore[union-attr]
        await finish([clients["S"]])

    run(scenario())


def test_a_flooding_client_is_cut_off_and_the_table_finishes(server: ServerProcess) -> None:
    async def scenario() -> None:
        _code, clients = await full_table(server.url, "SE")
        rogue = clients["E"]
        for i in range(protocol.RATE_BURST * 3):
            try:
                await rogue.chat(f"spam {i}")
            except ConnectionClosed:
                break
        error = await until(rogue, of_type("error"))
        assert error["code"] == "flooding"
        await closed(rogue)
        await finish([clients["S"]])

    run(scenario())


def test_chat_reaches_everyone_at_the_table_cleaned_of_control_characters(server: ServerProcess) -> None:
    async def scenario() -> None:
        _code, clients = await full_table(server.url, "SN")
        await clients["S"].chat("good\x07 luck\n\tpartner \u202e")
        for client in clients.values():
            line = await until(client, of_type("chat"))
            assert (line["seat"], line["name"], line["text"]) == ("S", "Player S", "good luck partner")
        await finish(list(clients.values()))

    run(scenario())


def test_a_dropped_player_comes_back_with_the_seat_key_and_not_by_name(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, clients = await full_table(server.url, "SN")
        north = clients["N"]
        await until(north, of_type("view"))
        north.ws.transport.abort()  # the connection dropped: no goodbye
        seats = await until(
            clients["S"], lambda m: m["type"] == "table" and m["seats"][2]["name"] and not m["seats"][2]["connected"]
        )
        assert seats["seats"][2]["back_within"] is not None  # shown to the table: the seat waits
        # the name is public (any look shows it): with it alone, or a made-up key, nobody sits there
        for key in (None, "A" * 22, (north.key or "")[:-1] + "x"):
            thief = await TableClient.connect(server.url, keep_frames=True)
            with pytest.raises(WireError, match="seat taken"):
                await thief.join(code, "Player N", "N", key)
            assert not any('"view"' in frame or '"turn"' in frame for frame in thief.frames)
            await thief.close()
        back = await TableClient.connect(server.url)
        welcome = await back.join(code, "Nia on her phone", "N", north.key)
        assert (welcome["seat"], welcome["name"], welcome["key"]) == ("N", "Player N", north.key)
        caught_up = await until(back, lambda m: m["type"] in ("view", "turn"))
        assert len(caught_up["view"]["hand"]) >= 1
        await finish([clients["S"], back])

    run(scenario())


def test_after_the_wait_a_computer_plays_the_seat_until_the_person_returns(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, clients = await full_table(server.url, "SN")
        await clients["N"].close()
        stand_in = await until(clients["S"], lambda m: m["type"] == "table" and m["seats"][2]["stand_in"])
        assert stand_in["seats"][2]["name"] == "Player N"
        back = await TableClient.connect(server.url)
        await back.join(code, "Player N", "N", clients["N"].key)
        returned = await until(clients["S"], lambda m: m["type"] == "table" and m["seats"][2]["connected"])
        assert not returned["seats"][2]["stand_in"]  # it was their hand: they play it on at once
        await finish([clients["S"], back])

    run(scenario())


def test_the_creator_frees_the_seat_of_a_player_who_lost_the_key(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, clients = await full_table(server.url, "SNE")
        north, east = clients["N"], clients["E"]
        await east.send({"type": "free", "seat": "N"})
        assert (await until(east, of_type("error")))["code"] == "not creator"
        await clients["S"].send({"type": "free", "seat": "N"})
        assert (await until(clients["S"], of_type("error")))["code"] == "not away"  # Nia is at the table
        north.ws.transport.abort()
        await until(clients["S"], lambda m: m["type"] == "table" and not m["seats"][2]["connected"])
        await clients["S"].send({"type": "free", "seat": "N"})
        freed = await until(clients["S"], lambda m: m["type"] == "table" and m["seats"][2]["open"])
        assert freed["seats"][2]["kind"] == "computer" and not freed["seats"][2]["name"]
        friend = await TableClient.connect(server.url)
        welcome = await friend.join(code, "Nia again", "N")  # anyone with the code may sit there now
        assert welcome["key"] != north.key
        await friend.close()
        await until(clients["S"], lambda m: m["type"] == "table" and not m["seats"][2]["connected"])
        thief = await TableClient.connect(server.url)
        with pytest.raises(WireError, match="seat taken"):  # the old key opens the seat no more
            await thief.join(code, "Player N", "N", north.key)
        friend = await TableClient.connect(server.url)
        await friend.join(code, "Nia again", "N", welcome["key"])
        await finish([clients["S"], east, friend])

    run(scenario())


def test_a_player_who_leaves_gives_up_the_seat_and_its_key(server: ServerProcess) -> None:
    async def scenario() -> None:
        code, clients = await full_table(server.url, "SN")
        north = clients["N"]
        await until(north, of_type("view"))
        await north.send({"type": "leave"})
        freed = await until(clients["S"], lambda m: m["type"] == "table" and m["started"] and m["seats"][2]["open"])
        assert freed["seats"][2]["kind"] == "computer"
        comeback = await TableClient.connect(server.url)  # the key is no claim any more: a newcomer
        welcome = await comeback.join(code, "Player N", "N", north.key)
        assert welcome["key"] != north.key
        seats = await until(clients["S"], lambda m: m["type"] == "table" and m["seats"][2]["name"] == "Player N")
        assert seats["seats"][2]["stand_in"]  # the hand in play stays the computer's
        await comeback.close()
        await north.close()
        await finish([clients["S"]])

    run(scenario())


def test_a_newcomer_at_a_seat_a_computer_plays_sits_down_from_the_next_deal(server: ServerProcess) -> None:
    """Nobody joins an open seat, looks at the hand the computer holds and leaves again."""

    async def scenario() -> None:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["E"])
        await host.send({"type": "start"})
        turn = await until(host, of_type("turn"))  # the hand is dealt, and waits on Ann
        peeker = await TableClient.connect(server.url)
        await peeker.join(code, "Pat", "E")
        seats = await until(host, lambda m: m["type"] == "table" and m["seats"][3]["name"] == "Pat")
        assert seats["seats"][3]["stand_in"]  # a computer still plays East's hand
        await host.move(turn["view"]["legal_actions"][0], turn["ticket"])
        hosting = asyncio.ensure_future(finish([host]))
        first = await until(
            peeker, lambda m: m["type"] in ("view", "turn", "reveal") or m.get("event", {}).get("type") == "hand dealt"
        )
        assert first["type"] in ("event", "reveal")  # no hand of the deal in play: East's cards come with the next
        if first["type"] == "reveal":
            await until(peeker, lambda m: m.get("event", {}).get("type") == "hand dealt")
        dealt = await until(peeker, lambda m: m["type"] in ("view", "turn"))
        assert len(dealt["view"]["hand"]) == 5 and not dealt["view"]["tricks"] and not dealt["view"]["trick"]
        peeker.turn = dealt if dealt["type"] == "turn" else None
        await asyncio.gather(hosting, finish([peeker]))

    run(scenario())


def test_a_connection_that_never_says_who_it_is_is_closed(server: ServerProcess) -> None:
    async def scenario() -> None:
        silent = await TableClient.connect(server.url)
        error = await until(silent, of_type("error"))
        assert error["code"] == "timeout"
        await closed(silent)

    run(scenario(), timeout=10)


def test_a_connection_that_talks_but_never_says_who_it_is_is_closed_too(server: ServerProcess) -> None:
    async def scenario() -> None:
        chatty = await TableClient.connect(server.url)
        await chatty.chat("anyone here?")
        assert (await until(chatty, of_type("error")))["code"] == "not seated"
        await chatty.send({"type": "leave"})
        assert (await until(chatty, of_type("error")))["code"] == "not seated"
        error = await until(chatty, of_type("error"))
        assert error["code"] == "timeout"
        await closed(chatty)

    run(scenario(), timeout=10)


def test_the_creator_starts_with_computers_in_the_open_seats_and_the_same_people_play_again(
    server: ServerProcess,
) -> None:
    async def scenario() -> None:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["N", "E"], rules={"points_to_win": 5})
        north = await TableClient.connect(server.url)
        await north.join(code, "Nia", "N")
        await north.send({"type": "start"})
        assert (await until(north, of_type("error")))["code"] == "not creator"
        await host.send({"type": "start"})
        started = await until(host, lambda m: m["type"] == "table" and m["started"])
        assert [s["kind"] for s in started["seats"]] == ["person", "computer", "person", "computer"]
        ended = await asyncio.gather(*(play_game(c, RandomPlayer(seed=i).choose) for i, c in enumerate((host, north))))
        assert ended[0] == ended[1]
        await north.send({"type": "again"})
        reset = await until(host, lambda m: m["type"] == "event" and m["event"]["type"] == "table reset")
        assert reset["event"]["why"] == "new game" and reset["event"]["scores"] == [0, 0]
        # East was open and nobody came: a friend may still sit there in the next game
        east = await TableClient.connect(server.url)
        await east.join(code, "Eli", "E")
        await finish([host, north, east])

    run(scenario())


def test_no_move_is_made_before_the_creator_deals(server: ServerProcess) -> None:
    """Three people seated, East still open: whoever is first to bid in the deal made at the
    table's creation cannot bid before Ann deals; every seat is told so and nothing happens."""

    async def scenario() -> None:
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["W", "N", "E"])
        people = {"S": host}
        for seat, name in (("W", "Wes"), ("N", "Nia")):
            people[seat] = await TableClient.connect(server.url)
            await people[seat].join(code, name, seat)
        for client in people.values():
            await client.move("pass")
        for client in people.values():
            answer = await until(client, lambda m: m["type"] in ("error", "refused", "event"))
            assert (answer["type"], answer.get("code")) == ("error", "not started")
            assert answer["text"] == protocol.ERROR_TEXT["not started"]
        await host.send({"type": "start"})
        dealt: list[str] = []
        while not dealt or dealt[-1] != "turn started":
            dealt.append((await until(host, of_type("event")))["event"]["type"])
        assert "bid made" not in dealt  # the deal's first turn comes with nobody's bid made
        people["E"] = await TableClient.connect(server.url)
        await people["E"].join(code, "Eli", "E")
        await finish(list(people.values()))

    run(scenario())


async def guess_wrong(url: str, times: int, forwarded_for: str | None = None) -> None:
    """``times`` looks with made-up join codes, each on a connection of its own (a wrong code closes it)."""
    for i in range(times):
        guesser = await client_from(url, forwarded_for)
        with pytest.raises(WireError, match="bad code"):
            await guesser.look(f"ZZZZ-{'23456789'[i % 8]}{'ABCDEFGH'[i // 8 % 8]}ZZ")


async def client_from(url: str, forwarded_for: str | None) -> TableClient:
    """A client; with ``forwarded_for``, as a reverse proxy would pass it on (its address in the header)."""
    if forwarded_for is None:
        return await TableClient.connect(url)
    headers = {"X-Forwarded-For": f"10.9.9.9, {forwarded_for}"}  # (the first entry: what the client claimed)
    return TableClient(await connect(url, additional_headers=headers, compression=None, max_size=2**20))


async def look_until_let_in(url: str, code: str, forwarded_for: str | None = None, tries: int = 40) -> int:
    """Look at the table every quarter second until the server answers; how many tries it took."""
    for attempt in range(1, tries + 1):
        client = await client_from(url, forwarded_for)
        try:
            await client.look(code)
            await client.close()
            return attempt
        except WireError:
            await asyncio.sleep(0.25)
    raise AssertionError("never let in")


def test_retrying_during_the_wrong_code_lockout_does_not_keep_it_locked(tmp_path: Path) -> None:
    guarded = start_server(tmp_path / "tables")

    async def scenario() -> None:
        host = await TableClient.connect(guarded.url)
        code = await host.create("Ann", "S", open_seats=["N"])
        await guess_wrong(guarded.url, WRONG_CODES_A_MINUTE)
        await guess_wrong(guarded.url, 40)  # refused while locked out: they cost nothing more
        # the budget refills at its pace (one code every 2 s) however much was tried meanwhile
        assert await look_until_let_in(guarded.url, code) <= 20

    try:
        run(scenario())
    finally:
        guarded.stop()
    said = guarded.log.read_text().splitlines()
    assert len([line for line in said if "wrong join codes" in line]) == 1  # one warning a minute, not one a guess
    assert not [line for line in said if "INFO" in line and "connect" in line]  # connections are said at DEBUG


def test_behind_a_trusted_proxy_each_client_has_its_own_budget_and_table_cap(tmp_path: Path) -> None:
    proxied = start_server(tmp_path / "tables", "--trusted-proxy", "127.0.0.1", "--tables-per-address", "2")

    async def scenario() -> None:
        host = await client_from(proxied.url, "198.51.100.2")
        code = await host.create("Ann", "S", open_seats=["N"])
        await guess_wrong(proxied.url, WRONG_CODES_A_MINUTE + 5, forwarded_for="203.0.113.66")
        with pytest.raises(WireError, match="bad code"):
            await (await client_from(proxied.url, "203.0.113.66")).look(code)  # the guesser is locked out ...
        assert await look_until_let_in(proxied.url, code, "198.51.100.7", tries=1) == 1  # ... nobody else
        second = await client_from(proxied.url, "198.51.100.2")
        await second.create("Ann", "S", open_seats=["N"])
        third = await client_from(proxied.url, "198.51.100.2")
        with pytest.raises(WireError, match="too many tables"):
            await third.create("Ann", "S", open_seats=["N"])
        elsewhere = await client_from(proxied.url, "198.51.100.3")
        await elsewhere.create("Bo", "S", open_seats=["N"])  # one address's tables do not fill the server

    try:
        run(scenario())
    finally:
        proxied.stop()


def test_a_forwarded_address_from_a_peer_that_is_no_trusted_proxy_is_ignored(tmp_path: Path) -> None:
    direct = start_server(tmp_path / "tables", "--tables-per-address", "1")

    async def scenario() -> None:
        first = await client_from(direct.url, "198.51.100.2")
        await first.create("Ann", "S", open_seats=["N"])
        second = await client_from(direct.url, "198.51.100.3")  # a header anyone can write
        with pytest.raises(WireError, match="too many tables"):
            await second.create("Ann", "S", open_seats=["N"])
        # and the server hangs up: a refused create left open was never timed out
        await asyncio.wait_for(second.ws.wait_closed(), timeout=10)

    try:
        run(scenario())
    finally:
        direct.stop()


def test_a_servers_join_codes_start_with_its_prefix_and_any_path_reaches_it(tmp_path: Path) -> None:
    """What a load balancer in front of several servers routes by (docs/protocol.md)."""
    sharded = start_server(tmp_path / "tables", "--code-prefix", "Q")

    async def scenario() -> None:
        host = await TableClient.connect(sharded.url + "/")
        code = await host.create("Ann", "S", open_seats=["N"])
        assert code.startswith("Q")
        north = await TableClient.connect(table_route(sharded.url, code))
        assert table_route(sharded.url, code).endswith("/t/Q")
        await north.join(code, "Nia", "N")
        await finish([host, north])

    try:
        run(scenario())
    finally:
        sharded.stop()
