"""The server's file work is done off its event loop: a table whose save cannot be written
(a disk that hangs) holds back its own messages, and the server goes on answering."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

from euchre_qt.net.client import TableClient
from euchre_qt.net.codes import code_digest

from .conftest import ServerProcess, run, start_server


async def table_id(server: ServerProcess, code: str) -> str:
    """The id of the table with ``code``, once the server has saved it."""
    digest = code_digest(code).hex()
    while True:
        for path in server.save_dir.glob("*.json"):
            if json.loads(path.read_text())["code_digest"] == digest:
                return path.stem
        await asyncio.sleep(0.05)


def test_a_save_that_hangs_does_not_stop_the_server_answering(tmp_path: Path) -> None:
    server = start_server(tmp_path / "tables")

    async def scenario() -> None:
        other = await TableClient.connect(server.url)
        other_code = await other.create("Bo", "S", open_seats=["N"])
        host = await TableClient.connect(server.url)
        code = await host.create("Ann", "S", open_seats=["N"])
        # the next save of Ann's table opens a pipe nobody reads: writing it hangs, as a dead disk would
        os.mkfifo(server.save_dir / f"{await table_id(server, code)}.tmp")
        north = await TableClient.connect(server.url)
        await north.join(code, "Nia", "N")  # sitting down saves the table
        for looked_at in (code, other_code, code):
            looker = await TableClient.connect(server.url)
            seats = await asyncio.wait_for(looker.look(looked_at), 10)  # the loop still answers
            assert seats["type"] == "table"
            await looker.close()
        await other.chat("still here")  # and a table whose files are fine plays on
        assert (await other.expect("chat"))["text"] == "still here"

    try:
        run(scenario())
    finally:
        server.stop(kill=True)  # (its writer thread still waits on the pipe)
