"""The coach's pace (prints figures, never passes or fails).

The real window (headless unless a platform is set) with the coach on, the person's seat
played by a stand-in learner (the Novice's choice, a random legal one 3 times in 10, each
after ``--person-ms`` of thought, as a person takes), the three others Novices, the grading
in the review's real helper process at its real budget. Printed:

1. from the person's decision to its grade on the GUI thread, every decision graded;
2. from the person's decision to its note beside the table (mistakes and blunders), which
   the stand-in answers Go On at once: median, p95, p99 (aim: median <= 1 s);
3. the GUI thread's longest gaps in a 5 ms QTimer heartbeat, while the coach grades and
   while it does not (the table's own drawing is in both): aim < 50 ms while it grades;
4. agreement: each game graded again afterwards by the review's grading of the whole game
   (``analyse_game``, the same budget and players), decision by decision (aim: 100%).

    python benchmarks/coach_latency.py [--games 1] [--seed 1] [--speed 3] [--person-ms 1000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from euchre_qt.analysis.results import DecisionReview
    from euchre_qt.engine.game import Game

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def line(name: str, values: list[float], unit: str = "ms") -> str:
    if not values:
        return f"  {name}: none"
    return (
        f"  {name} ({len(values)}): median {statistics.median(values):.0f} {unit}, p95 {pct(values, 95):.0f}, "
        f"p99 {pct(values, 99):.0f}, longest {max(values):.0f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--speed", type=int, default=3, help="0 Instant ... 3 Normal (the default) ... 4 Relaxed")
    parser.add_argument("--person-ms", type=int, default=1000, help="the stand-in learner's thought per move")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="coach-bench-"))
    os.environ["EUCHRE_QT_CONFIG_DIR"] = str(folder / "config")
    os.environ["EUCHRE_QT_DATA_DIR"] = str(folder / "data")

    from dataclasses import replace

    from PySide6.QtCore import QElapsedTimer, QTimer, qInstallMessageHandler
    from PySide6.QtWidgets import QApplication

    from euchre_qt.app.storage.settings import SettingsStore
    from euchre_qt.app.table.state import Stage
    from euchre_qt.app.window.main_window import MainWindow
    from euchre_qt.engine.ai.novice import NovicePlayer

    qInstallMessageHandler(lambda *_: None)  # (the headless platform's complaints about the dock)
    app = QApplication(sys.argv)
    store = SettingsStore(folder / "config")
    store.save(replace(store.settings, coach=True, speed=args.speed, celebrate=False, sound=False))
    window = MainWindow(store, folder / "data", resume=False, seed=args.seed)
    window.resize(1280, 800)
    window.show()
    window.build()
    window.dialogs.run_dialog = lambda dialog: 0  # type: ignore[method-assign]
    c, coach = window.controller, window.coach
    rng = random.Random(args.seed)
    learner = NovicePlayer(seed=args.seed)

    to_grade: list[float] = []
    to_note: list[float] = []
    coach.graded.connect(lambda g: to_grade.append((time.monotonic() - g.asked_at) * 1000))

    def noted(graded: object) -> None:
        to_note.append((time.monotonic() - graded.asked_at) * 1000)  # type: ignore[attr-defined]
        QTimer.singleShot(0, coach.go_on)

    coach.noted.connect(noted)

    # the heartbeat: gaps (wall clock and the GUI thread's CPU) while grading and while not
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed(), time.thread_time()]
    gaps: dict[bool, list[float]] = {True: [], False: []}
    cpu: dict[bool, list[float]] = {True: [], False: []}

    def beat() -> None:
        now, now_cpu = clock.nsecsElapsed(), time.thread_time()
        grading = coach.busy
        gaps[grading].append((now - last[0]) / 1e6)
        cpu[grading].append((now_cpu - last[1]) * 1000)
        last[0], last[1] = now, now_cpu

    heart = QTimer()
    heart.setInterval(5)
    heart.timeout.connect(beat)

    games = [0]
    finished: list[tuple[Game, list[DecisionReview]]] = []  # (the game, the coach's grades of it)
    asked = [-1]  # the position the learner was last asked in (one move per turn)

    def step() -> None:
        game = c.game
        if game is None:
            return
        if c.stage is Stage.GAME_OVER:
            if coach.summary_shown or not coach.busy:
                finished.append((game, coach.decisions(game)))
                games[0] += 1
                if games[0] >= args.games:
                    app.quit()
                    return
                coach.go_on()  # (closes the summary)
                c.new_game()
            return
        if c.stage is Stage.HAND_OVER or (c.stage is Stage.TRICK and c.waits_for_continue):
            c.continue_()
            return
        if c.stage is Stage.HUMAN and asked[0] != len(game.actions):
            asked[0] = len(game.actions)
            seat = game.turn
            assert seat is not None
            view = game.view(seat)
            choice = rng.choice(view.legal_actions) if rng.random() < 0.3 else learner.choose(view)
            QTimer.singleShot(args.person_ms, lambda: c.act(choice) if c.stage is Stage.HUMAN else None)

    ticker = QTimer()
    ticker.setInterval(50)
    ticker.timeout.connect(step)

    def begin() -> None:
        window.kept.start()
        heart.start()
        ticker.start()

    QTimer.singleShot(0, begin)
    started = time.monotonic()
    app.exec()
    took = time.monotonic() - started
    window.close()

    print(f"coach on, {args.games} game(s), seed {args.seed}, speed {args.speed}, learner {args.person_ms} ms a move")
    print(f"  {took:.0f} s in all; search core in the review's helper: grading at the review's budget")
    print("From the person's decision:")
    print(line("to its grade, every decision", to_grade))
    print(line("to its note, mistakes and blunders", to_note))
    print("GUI-thread heartbeat (5 ms timer), gaps:")
    print(line("while the coach grades, wall clock", gaps[True]))
    print(line("while it does not, wall clock", gaps[False]))
    print(line("while the coach grades, the GUI thread's CPU", cpu[True]))
    print(line("while it does not, the GUI thread's CPU", cpu[False]))

    from euchre_qt.analysis.analyse import analyse_game
    from euchre_qt.analysis.judge import Budget
    from euchre_qt.engine import Seat

    same = total = notes = 0
    for game, coached in finished:
        review = analyse_game(game, [Seat.SOUTH], Budget(), seating=c.seating.how_they_play())
        pairs = list(zip(coached, review.decisions, strict=False))
        total += max(len(coached), len(review.decisions))
        same += sum(1 for a, b in pairs if (a.move, a.grade, a.loss) == (b.move, b.grade, b.loss))
        notes += sum(1 for b in review.decisions if b.grade.value in ("mistake", "blunder"))
    print(f"Agreement with the review of the same games: {same} of {total} decisions ({notes} mistakes and blunders)")


if __name__ == "__main__":
    main()
