"""Faults: the server killed mid-hand and started again resumes every table from its save;
the people sit down again with their code and name, and the game ends as the engine's
replay of it says, with every move a player saw made still made."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient, play_game

from .conftest import full_table, run, saved_game, start_server


async def play_moves(client: TableClient, moves: int, seed: int) -> list[dict[str, Any]]:
    """Answer ``moves`` turns; the events seen on the way."""
    player = RandomPlayer(seed=seed)
    seen = []
    while moves:
        message = await client.receive()
        if message["type"] == "event":
            seen.append(message["event"])
        if message["type"] == "turn":
            await client.move(str(player.choose(protocol.view_from_dict(message["view"]))), message["ticket"])
            moves -= 1
    return seen


def test_a_killed_server_resumes_its_tables_and_every_game_finishes_as_the_engine_replays_it(tmp_path: Path) -> None:
    first = start_server(tmp_path / "tables")
    try:

        async def before_the_crash() -> tuple[str, str | None, list[str]]:
            code, clients = await full_table(first.url, "S")  # one person, three computers
            await play_moves(clients["S"], 12, seed=1)
            moves = [str(a) for a in saved_game(first.save_dir, code).actions]
            first.stop(kill=True)  # no goodbye, no last save
            return code, clients["S"].key, moves

        code, key, moves_before = run(before_the_crash())
    finally:
        first.stop(kill=True)
    assert len(moves_before) >= 12

    second = start_server(tmp_path / "tables")
    try:

        async def after_the_restart() -> dict[str, Any]:
            client = await TableClient.connect(second.url)
            await client.join(code, "Player S", "S", key)  # the seat key still opens the seat
            ended = await play_game(client, RandomPlayer(seed=2).choose)
            await client.close()
            return ended

        ended = run(after_the_restart())
        game = saved_game(second.save_dir, code)
    finally:
        second.stop()
    assert game.is_over
    assert list(game.scores) == ended["scores"]
    assert ended["winner"] == game.winner
    assert [str(a) for a in game.actions[: len(moves_before)]] == moves_before  # nothing made was lost


def test_a_damaged_save_is_skipped_and_the_server_starts(tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "0123456789ab.json").write_text('{"format": "euchre-qt server table", "version": 1, "game": 7}')
    (folder / "junk.json").write_bytes(b"\xff\xfe not json")
    server = start_server(folder)
    try:

        async def a_game() -> dict[str, Any]:
            _code, clients = await full_table(server.url, "S")
            return await play_game(clients["S"], RandomPlayer(seed=4).choose)

        assert run(a_game())["type"] == "game ended"
    finally:
        server.stop()


def test_clients_killed_mid_hand_and_their_tables_still_finish(tmp_path: Path) -> None:
    server = start_server(tmp_path / "tables")
    try:

        async def scenario() -> None:
            tables = [await full_table(server.url, "SN") for _ in range(3)]
            for _code, clients in tables:
                await clients["N"].expect("view")  # the hand is dealt
                clients["N"].ws.transport.abort()  # the network cable pulled: no close handshake
            ended = await asyncio.gather(*(play_game(c["S"], RandomPlayer(seed=6).choose) for _code, c in tables))
            for (code, _clients), end in zip(tables, ended, strict=True):
                game = saved_game(server.save_dir, code)
                assert game.is_over and list(game.scores) == end["scores"]

        run(scenario())
    finally:
        server.stop()
