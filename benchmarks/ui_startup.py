"""UI figures (prints numbers, never passes or fails).

1. Start-up: from launching the process to the first painted frame of the game window
   (its felt), next to a bare PySide6 window (a QMainWindow with a label) measured the same
   way in the same run. Aim: within 1.2x of the bare window. The game starts as a launcher
   starts it, with no arguments (``--game-args=--new`` adds the command line's parser).
2. The window's build after its first frame, step by step (``build_steps.StepRunner``), in
   fresh processes: each step's time on the GUI thread (wall clock and the thread's CPU),
   so that what a step costs, and what a step that only imports saves the next one, shows.
3. Responsiveness: the longest gap in a 5 ms QTimer heartbeat on the GUI thread, from
   the moment the window is shown: while the window builds itself and deals the first
   game, then while computer players (Advanced by default) think in their helper process
   during Auto Play. Aim: no gap over 50 ms.

    python benchmarks/ui_startup.py [--runs 5] [--seconds 20] [--player advanced] [--game-args=--new]
                                    [--skip-startup] [--skip-steps]

Runs headless (QT_QPA_PLATFORM=offscreen) unless a platform is already set.
"""

from __future__ import annotations

import argparse
import json
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
    import euchre_qt.app.window.main_window as mw
    class Watch(QObject):
        def eventFilter(self, obj, ev):
            if ev.type() == QEvent.Type.Paint:
                print("PAINTED", flush=True); QApplication.instance().quit()
            return False
    watch = Watch()
    orig_show = mw.MainWindow.show
    def show(self):
        self.felt.installEventFilter(watch)
        orig_show(self)
    mw.MainWindow.show = show
    sys.exit(main(sys.argv[1:]))
    """
)


# The window built in a fresh process, each step of its build timed on the GUI thread.
STEPS = textwrap.dedent(
    """
    import json, sys, time
    from PySide6.QtWidgets import QApplication
    app = QApplication(sys.argv)
    from euchre_qt.app.window import build_steps
    from euchre_qt.app.window.main_window import MainWindow
    timed = []
    run = build_steps.StepRunner._run
    def timed_run(self, step):
        wall, cpu = time.perf_counter(), time.thread_time()
        run(self, step)
        timed.append((step.__name__, (time.perf_counter() - wall) * 1000, (time.thread_time() - cpu) * 1000))
    build_steps.StepRunner._run = timed_run
    w = MainWindow(resume=False, seed=1)
    w.resize(1100, 780)
    w.show()
    end = time.perf_counter() + 30
    while not w.is_built and time.perf_counter() < end:
        app.processEvents()
    print("STEPS", json.dumps(timed), flush=True)
    """
)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


def spread(values: list[float]) -> str:
    return (
        f"median {statistics.median(values):6.0f}, p95 {percentile(values, 95):6.0f}, p99 {percentile(values, 99):6.0f}"
    )


def time_to_paint(code: str, env: dict[str, str], args: list[str] | None = None) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *(args or [])],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
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


def startup(runs: int, game_args: list[str]) -> None:
    tmp = tempfile.mkdtemp(prefix="euchre-bench-")
    # The program finds its folders as it does for a player (platformdirs), in a private home.
    env = dict(os.environ, XDG_CONFIG_HOME=f"{tmp}/config", XDG_DATA_HOME=f"{tmp}/data")
    env.pop("EUCHRE_QT_CONFIG_DIR", None)
    env.pop("EUCHRE_QT_DATA_DIR", None)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    # An installed program has its bytecode compiled (pip does it); so do these runs, even
    # where PYTHONDONTWRITEBYTECODE is set, with a private cache folder.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = f"{tmp}/pycache"
    time_to_paint(BARE, env)  # warm the file and bytecode caches once for both
    time_to_paint(GAME, env, game_args)
    bare, game = [], []
    for _ in range(runs):
        bare.append(time_to_paint(BARE, env))
        game.append(time_to_paint(GAME, env, game_args))
    b, g = statistics.median(bare), statistics.median(game)
    ratios = [100 * gm / bm for bm, gm in zip(bare, game, strict=True)]  # run by run, alternating
    print(f"start-up to first painted frame ({runs} runs, alternating; platform {env['QT_QPA_PLATFORM']})")
    print(f"  bare PySide6 window   ms: {spread(bare)}")
    print(f"  euchre-qt {' '.join(game_args):11s} ms: {spread(game)}")
    print(f"  ratio of the medians  {g / b:5.2f} x   (aim: 1.2x or less)")
    print(f"  ratio run by run   %: {spread(ratios)}")


def steps(runs: int) -> None:
    """Each build step's time on the GUI thread, over ``runs`` fresh processes."""
    tmp = tempfile.mkdtemp(prefix="euchre-bench-")
    env = dict(os.environ, EUCHRE_QT_CONFIG_DIR=f"{tmp}/config", EUCHRE_QT_DATA_DIR=f"{tmp}/data")
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = f"{tmp}/pycache"
    walls: dict[str, list[float]] = {}
    cpus: dict[str, list[float]] = {}
    for run in range(runs + 1):  # the first run compiles the bytecode: not counted
        out = subprocess.run([sys.executable, "-c", STEPS], env=env, capture_output=True, text=True, timeout=120)
        line = next((ln for ln in out.stdout.splitlines() if ln.startswith("STEPS ")), None)
        if line is None:
            print(f"the build could not be timed: {out.stderr.strip()[-300:]}")
            return
        if run == 0:
            continue
        for name, wall, cpu in json.loads(line[6:]):
            walls.setdefault(name, []).append(wall)
            cpus.setdefault(name, []).append(cpu)
    print(f"the build after the first frame, step by step ({runs} fresh processes; ms on the GUI thread)")
    print(f"  {'step':28s} {'wall median':>11s} {'p95':>6s} {'CPU median':>11s} {'p95':>6s}")
    for name in walls:
        w, c = walls[name], cpus[name]
        median_w, median_c = statistics.median(w), statistics.median(c)
        print(f"  {name:28s} {median_w:11.1f} {percentile(w, 95):6.1f} {median_c:11.1f} {percentile(c, 95):6.1f}")
    totals = [sum(one) for one in zip(*walls.values(), strict=True)]
    print(f"  {'all steps':28s} {statistics.median(totals):11.1f} {percentile(totals, 95):6.1f}")


def responsiveness(seconds: float, player: str) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = tempfile.mkdtemp(prefix="euchre-bench-")
    os.environ["EUCHRE_QT_CONFIG_DIR"] = f"{tmp}/config"
    os.environ["EUCHRE_QT_DATA_DIR"] = f"{tmp}/data"
    # As installed (pip compiles the package), the modules the window loads as it builds
    # itself come from bytecode, not compiled from source on the GUI thread.
    import compileall

    import euchre_qt

    sys.dont_write_bytecode = False
    sys.pycache_prefix = f"{tmp}/pycache"
    compileall.compile_dir(os.path.dirname(euchre_qt.__file__), quiet=1)
    from dataclasses import replace

    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from euchre_qt.app.storage.settings import SettingsStore
    from euchre_qt.app.window.main_window import MainWindow

    store = SettingsStore()
    store.save(
        replace(
            store.settings, speed=1, player_west=player, player_north=player, player_east=player, trick_clearing="auto"
        )
    )
    window = MainWindow(store, resume=False, seed=2024)
    window.resize(1100, 780)
    window.show()
    # (gap ms, phase, stage, ms since shown); the heartbeat runs from the moment the window is shown
    gaps: list[tuple[float, str, str, float]] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]
    # the GUI thread's own CPU time between beats: what a gap would be on a quiet machine
    # (on a loaded one the wall-clock gaps also count the time the thread waited for a core)
    cpu_gaps: list[tuple[float, str, str, float]] = []
    last_cpu = [time.thread_time()]
    phase = ["start-up"]

    def beat() -> None:
        now = clock.nsecsElapsed()
        built = window.is_built
        stage = window.controller.stage.value if built else "building"
        gaps.append(((now - last[0]) / 1e6, phase[0], stage, now / 1e6))
        last[0] = now
        cpu = time.thread_time()
        cpu_gaps.append(((cpu - last_cpu[0]) * 1000, phase[0], stage, now / 1e6))
        last_cpu[0] = cpu

    heart = QTimer()
    heart.setTimerType(heart.timerType().PreciseTimer)
    heart.timeout.connect(beat)
    heart.start(5)
    # start-up: the window builds itself after its first frame, then deals; the person's
    # first turn (or a computer's first move) ends it
    end = time.perf_counter() + 30
    while time.perf_counter() < end and not (
        window.is_built
        and window.controller.game is not None
        and window.controller.stage.value in ("human", "thinking")
    ):
        app.processEvents()
        time.sleep(0.001)
    startup_ms = clock.nsecsElapsed() / 1e6
    phase[0] = "play"
    window.controller.set_autoplay(True)
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        if window.controller.stage.value == "game over":
            window.controller.new_game()
            window.controller.set_autoplay(True)
        time.sleep(0.001)
    heart.stop()
    thinks = window.controller.computer.times
    window.close()

    def pct(values: list[float], p: float) -> float:
        return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else float("nan")

    def worst(rows: list[tuple[float, str, str, float]], n: int = 3) -> str:
        top = sorted(rows, reverse=True)[:n]
        return ", ".join(f"{g:.0f} ms ({stage} at {at / 1000:.1f} s)" for g, _, stage, at in top)

    all_gaps = sorted(g for g, _, _, _ in gaps)
    start_rows = [r for r in gaps if r[1] == "start-up"]
    play_rows = [r for r in gaps if r[1] == "play"]
    thinking = sorted(g for g, ph, stage, _ in play_rows if stage == "thinking")
    print(f"GUI-thread heartbeat (5 ms timer) from the window's show, then {seconds:.0f} s of Auto Play, ")
    print(f"{player} players, speed Fast")
    print(
        f"  start-up (build after the first frame, first deal): {startup_ms:.0f} ms; longest gaps: {worst(start_rows)}"
    )
    print(
        f"  decisions made by computer players: {len(thinks)}; think time median {pct(sorted(thinks), 50):.0f} ms, "
        f"max {max(thinks, default=0):.0f} ms"
    )
    print(f"  play: longest gaps: {worst(play_rows)}")
    print(f"  while a computer thinks: p99 {pct(thinking, 99):.1f} ms, longest {max(thinking, default=0):.1f} ms")
    all_cpu = sorted(g for g, _, _, _ in cpu_gaps)
    print(f"  the GUI thread's CPU between beats, start-up: {worst([r for r in cpu_gaps if r[1] == 'start-up'])}")
    print(f"  the GUI thread's CPU between beats, play: {worst([r for r in cpu_gaps if r[1] == 'play'])}")
    print(
        f"  the GUI thread's CPU between beats overall: longest {max(all_cpu, default=0):.1f} ms; "
        f"median {pct(all_cpu, 50):.1f}, p95 {pct(all_cpu, 95):.1f}, p99 {pct(all_cpu, 99):.1f} ms"
    )
    print(
        f"  longest gap overall: {max(all_gaps, default=0):.1f} ms; median {pct(all_gaps, 50):.1f} ms, "
        f"p95 {pct(all_gaps, 95):.1f} ms, p99 {pct(all_gaps, 99):.1f} ms (aim: every gap under 50 ms)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--player", default="advanced")
    parser.add_argument("--skip-startup", action="store_true")
    parser.add_argument("--skip-steps", action="store_true")
    parser.add_argument("--game-args", default="", help="the game's command line for the start-up runs")
    args = parser.parse_args()
    if not args.skip_startup:
        startup(args.runs, args.game_args.split())
    if not args.skip_steps:
        steps(args.runs)
    responsiveness(args.seconds, args.player)


if __name__ == "__main__":
    main()
