"""The table's sounds: our own short, quiet effects for the deal, a card, a trick, a euchre
and a win, played in a thread of their own; silent (but for the illegal-move beep) without
QtMultimedia or an audio output, as on CI, and never a crash or a wait."""

from __future__ import annotations

import importlib.util
import random
import sys
import wave
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.sound import EFFECTS, sounds_dir
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, Game

from ..conftest import advance, click_item, settle

ROOT = Path(__file__).resolve().parents[3]


def _make_sounds_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "scripts" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sounds_are_our_own_short_and_quiet(tmp_path: Path) -> None:
    folder = sounds_dir()
    for name in EFFECTS:
        with wave.open(str(folder / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth()) == (1, 2)
            assert w.getnframes() / w.getframerate() < 1.0, f"{name} is long"
            frames = w.readframes(w.getnframes())
        peak = max(abs(int.from_bytes(frames[i : i + 2], "little", signed=True)) for i in range(0, len(frames), 2))
        assert 0.1 * 32767 < peak <= 0.3 * 32767, f"{name} is too loud or silent"
    # the files are what the script makes, byte for byte
    _make_sounds_script().write_all(tmp_path)
    for name in EFFECTS:
        assert (tmp_path / f"{name}.wav").read_bytes() == (folder / f"{name}.wav").read_bytes()


def test_a_trick_sounds_its_deal_cards_and_taking_and_the_toggle_silences_it(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=3, trick_clearing="click", sound=True)
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.TRICK)
    played = window.sound.played
    assert played[0] == "deal" and played.count("card") == 4 and played[-1] in ("trick", "euchre")
    # here there is no audio output (or no QtMultimedia): the effects are simply not heard
    qtbot.waitUntil(lambda: window.sound.effect_count is not None)
    window.menus.act_sound.trigger()  # Options > Sound off
    assert not window.store.settings.sound
    before = len(played)
    click_item(qtbot, window, window.scene.buttons["continue"])
    advance(qtbot, window, lambda: c.stage is Stage.TRICK)
    assert len(window.sound.played) == before


def test_without_qtmultimedia_the_table_is_silent_but_for_the_beep(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "PySide6.QtMultimedia", None)  # import fails, as without the extra
    beeps: list[int] = []
    monkeypatch.setattr(QApplication, "beep", staticmethod(lambda: beeps.append(1)))
    window = make_window(seed=3, sound=True)
    settle(qtbot, window)
    qtbot.waitUntil(lambda: window.sound.effect_count == 0)
    # loading QtMultimedia (or failing to) happened in the sound thread, never the GUI's
    app = QApplication.instance()
    assert app is not None
    assert window.sound._player.thread() is not app.thread()
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase.value == "play")
    legal = {a.card for a in c.game.legal_actions()}
    illegal = [card for card in c.game.hand.hands[c.game.turn] if card not in legal]
    if illegal:
        click_item(qtbot, window, window.scene.cards[illegal[0]])
        assert beeps and window.sound.played[-1] == "warn"
    window.close()
    assert window.sound._thread is None  # the sound thread ended with the window


@pytest.mark.parametrize("celebrate", [True, False])
def test_a_game_won_is_celebrated_unless_turned_off(
    qtbot: QtBot, make_window: Callable[..., Any], celebrate: bool
) -> None:
    window = make_window(
        seed=6,
        speed=0,
        trick_clearing="click",
        points_to_win=5,
        player_west="person",
        player_north="person",
        player_east="person",
        celebrate=celebrate,
    )
    c = window.controller

    def we_win(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
        """We order up and play our best; they pass and play their worst."""
        from euchre_qt.engine import strength

        assert game.turn is not None
        ours = game.turn.value % 2 == 0
        bids = [a for a in legal if a.kind.value in ("order", "call") and not a.alone]
        if ours and bids:
            return bids[0]
        passes = [a for a in legal if a.kind.value == "pass"]
        if not ours and passes:
            return passes[0]
        cards = [(a.card, a) for a in legal if a.card is not None]
        if cards:
            pick = max if ours else min
            return pick(cards, key=lambda play: strength(play[0], game.hand.trump))[1]
        return rng.choice(legal)

    def over() -> bool:
        if c.game.scores[0] >= 4 and window.store.settings.speed == 0:
            window.settings_applied.change(speed=1)  # the last hands at Fast: Instant has no celebration
        return c.stage is Stage.GAME_OVER

    advance(qtbot, window, over, choose=we_win)
    if c.game.winner != 0:
        pytest.fail("the test's game was not won by us: choose another seed")
    celebration = window.scene.celebration
    assert celebration.isVisible() == celebrate
    assert window.sound.played[-1] == "win"
    if celebrate:
        qtbot.waitUntil(lambda: not celebration.isVisible(), timeout=5000)  # it ends by itself


DROPPED = """
import gc, time
from PySide6.QtWidgets import QApplication
app = QApplication([])
from euchre_qt.app.table.sound import Sound
kept, dropped = Sound(), Sound()
kept.play("card"), dropped.play("deal")  # each starts its sound thread
end = time.monotonic() + 0.5
while time.monotonic() < end:
    app.processEvents()
del dropped  # as a window that is never closed: no shutdown
gc.collect()
print("collected", flush=True)
"""  # and Python exits with ``kept``'s thread still running


def test_a_sound_never_shut_down_ends_its_thread_without_aborting_the_program() -> None:
    import os
    import subprocess

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", DROPPED], env=env, capture_output=True, text=True, timeout=60)
    assert "Destroyed while thread" not in proc.stderr
    assert (proc.returncode, proc.stdout) == (0, "collected\n")
