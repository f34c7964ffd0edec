"""``euchre-qt serve --certfile --keyfile``: the same table over TLS (``wss://``).

``data/localhost.crt`` and ``.key`` are a self-signed certificate for 127.0.0.1 made for
this test alone (``openssl req -x509 -newkey rsa:2048 -nodes -days 36500``)."""

from __future__ import annotations

import ssl
from pathlib import Path

import pytest

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net.client import TableClient, play_game

from .conftest import run, start_server

DATA = Path(__file__).parent / "data"


def test_a_game_over_tls_and_a_client_that_does_not_trust_the_certificate_cannot_connect(tmp_path: Path) -> None:
    server = start_server(
        tmp_path / "tables", "--certfile", str(DATA / "localhost.crt"), "--keyfile", str(DATA / "localhost.key")
    )
    url = f"wss://127.0.0.1:{server.port}"
    trusted = ssl.create_default_context(cafile=str(DATA / "localhost.crt"))

    async def scenario() -> str:
        with pytest.raises(ssl.SSLCertVerificationError):
            await TableClient.connect(url)  # the system's authorities never signed it
        client = await TableClient.connect(url, ssl=trusted)
        await client.create("Ann", "S", open_seats=[], rules={"points_to_win": 5})
        ended = await play_game(client, RandomPlayer(seed=3).choose)
        await client.close()
        return str(ended["type"])

    try:
        assert run(scenario()) == "game ended"
    finally:
        server.stop()
