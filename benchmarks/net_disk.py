"""What a table's saving costs the server's event loop (prints figures; not pass/fail).

    python benchmarks/net_disk.py [--games 20] [--seed 1]

Plays ``--games`` whole games of random legal moves through a server's ``Table`` (every seat
a network seat, no clients: the moves go straight to its session), once saving to a folder
(the journal line of every move, the whole save at every new hand) and once without a save
folder, and prints the event loop's time a move, median/p95/p99, and the difference: the
file work left on the loop. The loop is timed from a move's submission until the session
has made it and sent its events, so a save written off the loop counts only as the handing
over.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from euchre_qt.engine import Game, Rules, Seat
from euchre_qt.net.server import TableServer
from euchre_qt.net.table import Table


async def play(save_dir: Path | None, games: int, seed: int) -> list[float]:
    """The loop's time for each move of ``games`` games, in seconds."""
    server = TableServer(save_dir=save_dir, workers=1)
    times: list[float] = []
    for number in range(games):
        game = Game(Rules(), seed=seed * 1000 + number)  # the same games with and without saving
        table = Table(server, f"{number:012x}", bytes(32), game.rules, "random", Seat.SOUTH, game)
        table.started = True
        table.session.start()
        await asyncio.sleep(0)
        while not table.session.game.is_over:
            game = table.session.game
            assert game.turn is not None
            action = random.Random(len(game.actions) * 7 + number).choice(game.legal_actions())
            began = time.perf_counter()
            table.session.submit(game.turn, action)
            times.append(time.perf_counter() - began)
            await asyncio.sleep(0)  # the loop turns, as between two clients' messages (a save done soon runs here)
        table.close()
    await server.close()
    return times


def line(label: str, times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    p95, p99 = ms[int(len(ms) * 0.95)], ms[int(len(ms) * 0.99)]
    median, mean = statistics.median(ms), statistics.fmean(ms)
    return f"{label:<20} {len(ms):>6} moves  median {median:.3f}  p95 {p95:.3f}  p99 {p99:.3f}  mean {mean:.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, alternating (a busy machine varies)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    saving: list[float] = []
    bare: list[float] = []
    for _ in range(args.rounds):
        with tempfile.TemporaryDirectory(prefix="net-disk-") as folder:
            saving += asyncio.run(play(Path(folder), args.games, args.seed))
        bare += asyncio.run(play(None, args.games, args.seed))
    print(line("saving to a folder", saving))
    print(line("no save folder", bare))
    spent = (statistics.fmean(saving) - statistics.fmean(bare)) * 1000
    print(f"the loop's time a move spent on saving: {spent:.3f} ms (mean)")


if __name__ == "__main__":
    main()
