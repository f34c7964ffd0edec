"""UI figures (prints numbers, never passes or fails).

1. Start-up: from launching the process to the first painted frame of the game window,
   next to a bare PySide6 window (a QMainWindow with a label) measured the same way in
   the same run. Aim: within 1.5x of the bare window.
2. Responsiveness: the longest gap in a 5 ms QTimer heartbeat on the GUI thread while
   computer players (Advanced by default) think in the worker thread during Auto Play.
   Aim: under 50 ms.

    python benchmarks/ui_startup.py [--runs 5] [--seconds 20] [--player advanced]

Runs headless (QT_QPA_PLATFORM=offscreen) unless a platform is already set.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time

BARE = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
    app = QApplication(sys.argv)
    w = QMainWindow(); w.setCentralWidget(QLabel("hello")); w.resize(1100, 780)
    class Watch(QObject):
        def eventFilter(self, obj, ev):
            if ev.type() == QEvent.Type.Paint:
                print("PAINTED", flush=True); app.quit()
            return False
    watch = Watch(); w.centralWidget().installEventFilter(watch)
    w.show(); app.exec()
    """
)

GAME = textwrap.dedent(
    """
    import sys
    from PySide6.QtCore import QEvent, QObject
    from euchre_qt.__main__ import main
    from PySide6.QtWidgets import QApplication
    import euchre_qt.app.main_window as mw
    class Watch(QObject):
        def eventFilter(self, obj, ev):
            if ev.type() == QEvent.Type.Paint:
                print("PAINTED", flush=True); QApplication.instance().quit()
            return False
    watch = Watch()
    orig_show = mw.MainWindow.show
    def show(self):
        self.view.viewport().installEventFilter(watch)
        orig_show(self)
    mw.MainWindow.show = show
    sys.exit(main(["--new"]))
    """
)


def time_to_paint(code: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("PAINTED"):
            elapsed = time.perf_counter() - start
            break
    else:
        raise RuntimeError("no frame was painted")
    proc.wait(timeout=30)
    return elapsed * 1000


def startup(runs: int) -> None:
    tmp = tempfile.mkdtemp(prefix="euchre-bench-")
    env = dict(os.environ, EUCHRE_QT_CONFIG_DIR=f"{tmp}/config", EUCHRE_QT_DATA_DIR=f"{tmp}/data")
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # An installed program has its bytecode compiled (pip does it); so do these runs, even
    # where PYTHONDONTWRITEBYTECODE is set, with a private cache folder.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = f"{tmp}/pycache"
    time_to_paint(BARE, env)  # warm the file and bytecode caches once for both
    time_to_paint(GAME, env)
    bare, game = [], []
    for _ in range(runs):
        bare.append(time_to_paint(BARE, env))
        game.append(time_to_paint(GAME, env))
    b, g = statistics.median(bare), statistics.median(game)
    print(f"start-up to first painted frame ({runs} runs, median; platform {env['QT_QPA_PLATFORM']})")
    print(f"  bare PySide6 window   {b:7.0f} ms   (min {min(bare):.0f}, max {max(bare):.0f})")
    print(f"  euchre-qt             {g:7.0f} ms   (min {min(game):.0f}, max {max(game):.0f})")
    print(f"  ratio                 {g / b:7.2f} x   (aim: 1.5x or less)")


def responsiveness(seconds: float, player: str) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = tempfile.mkdtemp(prefix="euchre-bench-")
    os.environ["EUCHRE_QT_CONFIG_DIR"] = f"{tmp}/config"
    os.environ["EUCHRE_QT_DATA_DIR"] = f"{tmp}/data"
    from dataclasses import replace

    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from euchre_qt.app.main_window import MainWindow
    from euchre_qt.app.settings import SettingsStore
    from euchre_qt.app.table.state import Stage

    store = SettingsStore()
    store.save(
        replace(
            store.settings, speed=1, player_west=player, player_north=player, player_east=player, trick_clearing="auto"
        )
    )
    window = MainWindow(store, resume=False, seed=2024)
    window.resize(1100, 780)
    window.show()
    gaps: list[tuple[float, str, float]] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]

    def beat() -> None:
        now = clock.nsecsElapsed()
        gaps.append(((now - last[0]) / 1e6, window.controller.stage.value, now / 1e6))
        last[0] = now

    heart = QTimer()
    heart.setTimerType(heart.timerType().PreciseTimer)
    heart.timeout.connect(beat)
    heart.start(5)
    window.controller.set_autoplay(True)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        if window.controller.stage is Stage.GAME_OVER:
            window.controller.new_game()
            window.controller.set_autoplay(True)
        time.sleep(0.001)
    heart.stop()
    thinks = window.controller.think_times
    window.close()
    all_gaps = sorted(g for g, _, _ in gaps)
    thinking = sorted(g for g, stage, _ in gaps if stage == Stage.THINKING.value)
    steady = sorted(g for g, stage, t in gaps if stage == Stage.THINKING.value and t > 3000)

    def pct(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")

    print(f"GUI-thread heartbeat (5 ms timer) over {seconds:.0f} s of Auto Play, {player} players, speed Fast")
    print(
        f"  decisions made in the worker: {len(thinks)}; think time median {pct(sorted(thinks), 50):.0f} ms, "
        f"max {max(thinks, default=0):.0f} ms"
    )
    print(
        f"  heartbeat gaps: median {pct(all_gaps, 50):.1f} ms, p99 {pct(all_gaps, 99):.1f} ms, "
        f"longest {max(all_gaps, default=0):.1f} ms"
    )
    print(
        f"  while a computer thinks: p99 {pct(thinking, 99):.1f} ms, longest {max(thinking, default=0):.1f} ms "
        f"(aim: under 50 ms)"
    )
    print(
        f"  ... after the first 3 s (helper process started): p99 {pct(steady, 99):.1f} ms, "
        f"longest {max(steady, default=0):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--player", default="advanced")
    parser.add_argument("--skip-startup", action="store_true")
    args = parser.parse_args()
    if not args.skip_startup:
        startup(args.runs)
    responsiveness(args.seconds, args.player)


if __name__ == "__main__":
    main()
