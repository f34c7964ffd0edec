"""The window at a network table, to look at: a real server on the loopback address, a
headless player (Ann) who creates the table and plays random legal moves, and the window
sitting North at it (drawn South), in a temporary settings/data folder.

    python scripts/network_table_demo.py                       # a window on your display
    ../shared/tools/xshot shot.png 12 python scripts/network_table_demo.py --size 1024x720
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run from a checkout without installing, too


def start_server(save_dir: Path) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "euchre_qt", "serve", "--host", "127.0.0.1", "--port", "0"]
    command += ["--save-dir", str(save_dir), "--quiet"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    from euchre_qt.net.serve import banner_port

    return process, banner_port(first)


def ann(url: str, code_box: list[str], ready: threading.Event) -> None:
    from euchre_qt.net.client import TableClient, play_game

    async def play() -> None:
        client = await TableClient.connect(url)
        code_box.append(await client.create("Ann", "S", open_seats=["N"]))
        ready.set()
        await client.chat("Hello Nia, good luck!")
        rng = random.Random(1)

        def choose(view: object) -> object:
            return rng.choice(view.legal_actions)  # type: ignore[attr-defined]

        await play_game(client, choose)  # type: ignore[arg-type]

    asyncio.run(play())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    tmp = tempfile.TemporaryDirectory(prefix="euchre-qt-net-")
    os.environ["EUCHRE_QT_CONFIG_DIR"] = str(Path(tmp.name, "config"))
    os.environ["EUCHRE_QT_DATA_DIR"] = str(Path(tmp.name, "data"))
    server, port = start_server(Path(tmp.name, "tables"))
    url = f"ws://127.0.0.1:{port}"
    code: list[str] = []
    ready = threading.Event()
    threading.Thread(target=ann, args=(url, code, ready), daemon=True).start()
    ready.wait(20)

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from euchre_qt.app.window.main_window import MainWindow

    app = QApplication([sys.argv[0]])
    window = MainWindow(resume=False, seed=1)
    width, _, height = args.size.partition("x")
    window.resize(int(width), int(height))
    window.show()
    from euchre_qt.engine import Seat
    from euchre_qt.net.protocol import join_message

    hello = join_message(code[0], "Nia", Seat.NORTH)
    window.ready.connect(
        lambda: QTimer.singleShot(300, lambda: window.netplay._open_table(url, hello, f"The table at {url}"))
    )
    try:
        return int(app.exec())
    finally:
        server.terminate()
        server.wait(10)
        tmp.cleanup()


if __name__ == "__main__":
    sys.exit(main())
