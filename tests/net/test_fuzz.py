"""Thousands of malformed and hostile messages: every one is refused as a protocol error,
none crashes the reader or the server, and the server still plays whole games after."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from websockets.exceptions import ConnectionClosed

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient, play_game
from euchre_qt.net.protocol import ProtocolError, parse_client_message

from .conftest import ServerProcess, full_table, run

KINDS = [*protocol.CLIENT_MESSAGES, "eval", "", "MOVE"]
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=10), children, max_size=5),
    max_leaves=20,
)
# objects that look like messages: a known type, some right keys, wrong values, stray keys
message_like = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(KINDS),
    st.dictionaries(
        st.sampled_from(
            ["v", "name", "seat", "code", "open_seats", "rules", "action", "ticket", "text", "computer", "x"]
        ),
        json_values,
        max_size=6,
    ),
)
frames = st.one_of(
    st.text(max_size=200),
    st.binary(max_size=100).map(lambda b: b.decode("latin-1")),
    json_values.map(json.dumps),
    message_like.map(json.dumps),
    st.integers(min_value=1, max_value=200).map(lambda depth: "[" * depth * 50 + "]" * depth * 50),
)


def read(frame: str) -> None:
    """The reader's contract: a message the schema describes exactly, or a ``ProtocolError``."""
    try:
        message = parse_client_message(frame)
    except ProtocolError as error:
        assert error.code in protocol.ERROR_TEXT
        return
    assert message["type"] in protocol.CLIENT_MESSAGES
    assert set(message) <= set(protocol.CLIENT_MESSAGES[message["type"]]["properties"])


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(frames)
def test_the_reader_refuses_anything_but_a_valid_message_and_never_crashes(frame: str) -> None:
    read(frame)


VALID = [
    {"type": "create", "v": 1, "name": "Ann", "seat": "S", "open_seats": ["N"], "rules": {"joker": True}},
    {"type": "join", "v": 1, "code": "ABCD-EFGH", "name": "Nia", "seat": "N"},
    {"type": "move", "action": "order alone", "ticket": 12},
    {"type": "chat", "text": "nice loner"},
]


@settings(max_examples=50, deadline=None)
@given(st.randoms(use_true_random=False))
def test_thousands_of_valid_messages_with_bytes_flipped_dropped_or_doubled(rng: Any) -> None:
    for _ in range(100):  # 50 x 100 = 5,000 mutants
        text = bytearray(json.dumps(rng.choice(VALID)).encode())
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(text))
            edit = rng.randrange(3)
            if edit == 0:
                text[at] = rng.randrange(256)
            elif edit == 1:
                del text[at]
            else:
                text[at:at] = text[at : at + rng.randint(1, 8)]
        read(text.decode("utf-8", "replace"))


# moves as clients send them and near misses: the reader's quick check of a move must pass
# exactly what the schema passes (it leaves anything unusual to the schema)
near_moves = st.builds(
    lambda action, ticket, seat, extra: {
        "type": "move",
        **({} if action is None else {"action": action}),
        **({} if ticket is None else {"ticket": ticket}),
        **({} if seat is None else {"seat": seat}),
        **extra,
    },
    st.one_of(st.none(), st.sampled_from(["play JH", "order alone", "pass", "", "x" * 24, "x" * 25]), json_values),
    st.one_of(
        st.none(),
        st.sampled_from([0, 12, -1, 2**53, 2**53 + 1, 3.0, 2.5, True, False, "12"]),
        st.integers(),
        json_values,
    ),
    st.one_of(st.none(), st.sampled_from(["S", "W", "N", "E", "s", "X", "", 1, None]), json_values),
    st.dictionaries(st.sampled_from(["x", "n", "v", "name"]), json_values, max_size=1),
)


@settings(max_examples=2000, deadline=None)
@given(near_moves)
def test_a_move_is_read_as_the_schema_reads_it(message: dict[str, Any]) -> None:
    frame = json.dumps(message)
    assume(len(frame.encode("utf-8", "surrogatepass")) <= protocol.MAX_MESSAGE_BYTES)  # (refused before: too big)
    schema_passes = Draft202012Validator(protocol.CLIENT_SCHEMA).is_valid(message)
    try:
        assert parse_client_message(frame) == message
        reader_passes = True
    except ProtocolError as error:
        assert error.code == "malformed"
        reader_passes = False
    assert reader_passes == schema_passes


def test_valid_messages_pass() -> None:
    for frame in VALID:
        assert parse_client_message(json.dumps(frame)) == frame


def test_an_old_or_new_client_is_told_about_the_version() -> None:
    try:
        parse_client_message(json.dumps({"type": "join", "v": 2, "code": "ABCD-EFGH", "name": "Nia", "seat": "N"}))
    except ProtocolError as error:
        assert error.code == "version"
    else:
        raise AssertionError("a version 2 join passed")


async def hostile(url: str, frame: str, seated: bool) -> None:
    """One hostile frame on a fresh connection (seated at a table of its own, or not yet)."""
    client = await TableClient.connect(url)
    try:
        if seated:
            await client.create("Mallory", "S", open_seats=["N"])
        await client.ws.send(frame)
    except ConnectionClosed:
        pass
    finally:
        await client.close()


def test_hundreds_of_hostile_frames_over_the_wire_and_the_server_plays_on(server: ServerProcess) -> None:
    sent: list[str] = []

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(frames, st.booleans())
    def attack(frame: str, seated: bool) -> None:
        sent.append(frame)
        run(hostile(server.url, frame, seated))

    attack()
    assert len(sent) >= 100
    assert server.process.poll() is None  # still running

    async def a_game() -> dict[str, Any]:
        _code, clients = await full_table(server.url, "SWNE")
        ended = await asyncio.gather(
            *(play_game(c, RandomPlayer(seed=i).choose) for i, c in enumerate(clients.values()))
        )
        return ended[0]

    assert run(a_game())["type"] == "game ended"
