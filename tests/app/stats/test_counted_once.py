"""A finished game counts once in the statistics, its hands too: also when it is taken back
by Undo Round, the program is closed, and the game, brought back by the autosave, is
finished again (what was counted is kept in the statistics file, not only in memory)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from euchre_qt.app.stats import statistics
from euchre_qt.app.stats.statistics import Counted, StatsStore
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Game

from ..conftest import settle


def played(seed: int, hands: int | None = None) -> Game:
    """Game ``seed`` played at random to its end, or until ``hands`` hands are over."""
    game = Game(seed=seed)
    moves = random.Random(seed)
    while not game.is_over and (hands is None or len(game.records) < hands):
        game.apply(moves.choice(game.legal_actions()))
    return game


def test_a_game_finished_again_after_a_restart_counts_once(tmp_path: Path) -> None:
    game = played(41)
    first = StatsStore(tmp_path)
    first.record_hands(game, game.records)
    first.record_game(game)
    counts = first.stats.to_dict()
    again = StatsStore(tmp_path)  # the next run, the same game finished once more
    again.record_hands(game, game.records)
    again.record_game(game)
    assert again.stats.to_dict() == counts
    assert again.stats.games == 1


def test_a_game_left_after_a_restart_is_not_counted_as_left_twice(tmp_path: Path) -> None:
    game = played(43, hands=1)
    StatsStore(tmp_path).record_abandoned(game)
    again = StatsStore(tmp_path)
    again.record_abandoned(game)
    assert again.stats.games_abandoned == 1


def test_only_the_latest_are_remembered() -> None:
    counted = Counted()
    for n in range(statistics.COUNTED_HANDS + 5):
        assert counted.first_hand(f"hand {n}")
    assert not counted.first_hand(f"hand {statistics.COUNTED_HANDS + 4}")
    assert counted.first_hand("hand 0")  # forgotten: the oldest go first
    assert len(counted.to_dict()["hands"]) == statistics.COUNTED_HANDS


def test_a_file_from_before_or_with_a_broken_memory_still_loads(tmp_path: Path) -> None:
    game = played(47)
    store = StatsStore(tmp_path)
    store.record_hands(game, game.records)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    hands = data["hands_played"]
    for memory in (None, 5, {"hands": "x", "games": [1, 2]}, {"hands": [3, None]}):
        if memory is None:
            data.pop("counted", None)
        else:
            data["counted"] = memory
        store.path.write_text(json.dumps(data), encoding="utf-8")
        loaded = StatsStore(tmp_path)
        assert loaded.take_warning() is None
        assert loaded.stats.hands_played == hands
        assert loaded.counted.to_dict() == {"hands": [], "games": []}


def test_undo_round_a_restart_and_the_end_again_count_the_game_once(qtbot: Any, make_window: Any) -> None:
    window = make_window(seed=31)
    c = window.controller
    settle(qtbot, window)
    window.menus.act_autoplay.trigger()
    qtbot.waitUntil(lambda: c.stage is Stage.GAME_OVER, timeout=60000)
    window.menus.act_autoplay.trigger()  # off: the game taken back stays unfinished
    stats = window.files.stats.stats
    games, hands = stats.games, stats.hands_played
    assert games == 1
    window.menus.act_undo.trigger()
    qtbot.waitUntil(lambda: c.stage is not Stage.GAME_OVER and not c.game.is_over, timeout=10000)
    assert window.files.writer.flush()
    window.close()
    again = make_window(seed=99, resume=True)  # the next run brings the game back
    assert again.controller.game.seed == 31 and not again.controller.game.is_over
    settle(qtbot, again)
    again.menus.act_autoplay.trigger()
    qtbot.waitUntil(lambda: again.controller.stage is Stage.GAME_OVER, timeout=60000)
    again.menus.act_autoplay.trigger()
    assert again.files.writer.flush()
    counted = again.files.stats.stats
    assert (counted.games, counted.hands_played) == (games, hands)
    assert len(counted.recent) == 1


def test_a_new_game_from_a_seed_played_before_counts_as_a_game_of_its_own(tmp_path: Path) -> None:
    """``euchre-qt --seed 7`` twice: two games (before, the second was taken for the first
    finished again, and neither it nor its hands were counted)."""
    store = StatsStore(tmp_path)
    for game in (played(7), Game.from_json(Game(seed=7, game_id=77).to_json())):
        moves = random.Random(7)
        while not game.is_over:
            game.apply(moves.choice(game.legal_actions()))
        store.record_hands(game, game.records)
        store.record_game(game)
    assert store.stats.games == 2


def test_counts_and_scores_past_any_game_are_read_as_a_damaged_file() -> None:
    """Before, a count of 4,301 digits could not be written again (and stopped the game), and
    a recent score past 2**63 kept Statistics… from opening."""
    import pytest

    with pytest.raises(ValueError):
        statistics.Statistics.from_dict({"hands_played": 10**4300})
    kept = statistics.Statistics.from_dict({"recent": [{"us": 2**63, "them": 3}, {"us": 10, "them": 4}]})
    assert [(g["us"], g["them"]) for g in kept.recent] == [(10, 4)]


def test_a_fault_in_keeping_the_hands_never_stops_the_game(qtbot: Any, make_window: Any) -> None:
    """Before, an error raised while a finished hand was counted stopped the table's delivery
    of its events: the game waited for ever, unsaved, with no word."""
    from ..conftest import advance

    window = make_window(seed=12)

    def broken(*_: object) -> None:
        raise RuntimeError("a fault in the statistics")

    window.files.stats.record_hands = broken
    warned: list[str] = []
    warn = window.notices.warn

    def noted(text: str) -> None:
        warned.append(text)
        warn(text)

    window.notices.warn = noted
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= 2 and c.stage is Stage.HUMAN)
    assert [w for w in warned if "Something went wrong keeping the game's files" in w] == [warned[0]]  # once
    assert window.files.autosave.load().actions == c.game.actions  # still saved after every move
