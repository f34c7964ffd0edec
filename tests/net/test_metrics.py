"""An operator watches a real server process: ``/metrics`` scraped during a real game moves
as the game does, ``/healthz`` answers, and the log is one JSON object a line."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families

from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net.client import TableClient, WireError, play_game
from euchre_qt.net.serve import banner_metrics_port

from .conftest import run, start_server


def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample on the page, by name and labels."""
    with urllib.request.urlopen(url, timeout=10) as answer:
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = answer.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: dict[tuple[str, tuple[tuple[str, str], ...]], float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


async def receive_until(client: TableClient, kind: str) -> dict[str, Any]:
    while (message := await client.receive())["type"] != kind:
        pass
    return message


def test_the_counters_move_with_a_real_game_and_the_log_is_json(tmp_path: Path) -> None:
    server = start_server(tmp_path / "tables", "--metrics-port", "0", "--log-json")
    port = banner_metrics_port(server.banner)
    assert port is not None, server.banner
    metrics = f"http://127.0.0.1:{port}/metrics"

    async def get(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
        return await asyncio.to_thread(scrape, url)

    async def scenario() -> tuple[dict[Any, float], dict[Any, float], dict[Any, float]]:
        before = await get(metrics)
        ann = await TableClient.connect(server.url)
        code = await ann.create("Ann", "S", open_seats=["N"], rules={"points_to_win": 5})
        nia = await TableClient.connect(server.url)
        await nia.join(code, "Nia", "N")  # the last open seat taken: the game starts
        eve = await TableClient.connect(server.url)
        with pytest.raises(WireError, match="bad code"):
            await eve.look("ZZZZ-ZZZZ" if code != "ZZZZ-ZZZZ" else "ZZZZ-ZZZY")
        waits = {asyncio.ensure_future(receive_until(c, "turn")): c for c in (ann, nia)}
        done, pending = await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        mover = waits[next(iter(done))]
        turn = next(iter(done)).result()
        await mover.move("throw in", turn["ticket"])  # no such move in the bidding: refused
        await receive_until(mover, "refused")
        mover.turn = turn  # (the same turn stands)
        during = await get(metrics)
        for _ in range(200):  # (Eve's connection is closed, and the server's side of it ends soon after)
            if value(during, "euchre_connections") == 2:
                break
            await asyncio.sleep(0.1)
            during = await get(metrics)
        await asyncio.gather(*(play_game(c, RandomPlayer(seed=i).choose) for i, c in enumerate((ann, nia))))
        after = await get(metrics)
        for _ in range(200):  # the loop's lag is sampled every quarter second: a quick game may beat the first
            if value(after, "euchre_event_loop_lag_seconds_count") > 0:
                break
            await asyncio.sleep(0.1)
            after = await get(metrics)
        for client in (ann, nia):
            await client.close()
        return before, during, after

    try:
        before, during, after = run(scenario(), timeout=120)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=10) as answer:
            assert answer.status == 200 and answer.read() == b"ok\n"
    finally:
        server.stop()
    assert value(before, "euchre_connections") == 0 and value(before, "euchre_moves_total") == 0
    assert value(during, "euchre_connections") == 2
    assert value(during, "euchre_tables_open", state="playing") == 1
    assert value(during, "euchre_seats", kind="person") == 2 and value(during, "euchre_seats", kind="computer") == 2
    assert value(during, "euchre_tables_created_total") == 1
    assert value(during, "euchre_wrong_join_codes_total", reason="no table") == 1
    assert sum(v for (name, _), v in during.items() if name == "euchre_refusals_total") == 1
    assert value(after, "euchre_moves_total") > value(during, "euchre_moves_total")
    assert value(after, "euchre_move_round_trip_seconds_count") > value(during, "euchre_move_round_trip_seconds_count")
    assert value(after, "euchre_event_loop_lag_seconds_count") > 0
    assert value(after, "euchre_tables_open", state="finished") == 1
    lines = [json.loads(line) for line in server.log.read_text().splitlines()]
    assert any(line["message"].startswith("table ") and "created" in line["message"] for line in lines)
    assert all({"time", "level", "message"} <= line.keys() for line in lines)
