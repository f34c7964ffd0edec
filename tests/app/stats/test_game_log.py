"""The game log tells each game as it was played: no hand taken back by Undo Round, one
opening line however often the game is resumed, and hands numbered as played."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pytestqt.qtbot import QtBot

from euchre_qt.app.stats.gamelog import game_heading
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Game, Rules

from ..conftest import advance, settle


def _log(window: Any) -> str:
    assert window.files.writer.flush()
    text: str = window.files.log.path.read_text(encoding="utf-8")
    return text


def _hand_lines(text: str) -> list[str]:
    return re.findall(r"^Hand \d+,", text, flags=re.MULTILINE)


def test_a_hand_taken_back_by_undo_round_leaves_the_log(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=8)
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) == 1 and c.stage is Stage.HUMAN)
    first = _log(window)
    assert _hand_lines(first) == ["Hand 1,"]
    while c.game.records:  # Undo Round, until the first hand is back
        window.menus.act_undo.trigger()
        settle(qtbot, window)
    assert _hand_lines(_log(window)) == []
    advance(qtbot, window, lambda: len(c.game.records) == 2 and c.stage is Stage.HUMAN)
    text = _log(window)
    assert _hand_lines(text) == ["Hand 1,", "Hand 2,"], text
    assert text.count("= Game ") == 1


def test_a_resumed_game_keeps_its_one_opening_line(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    first = make_window(seed=14)
    c = first.controller
    advance(qtbot, first, lambda: len(c.game.records) == 1 and c.stage is Stage.HUMAN)
    first.files.writer.flush()
    first.close()
    second = make_window(seed=1, resume=True)
    c2 = second.controller
    assert c2.game.seed == 14
    advance(qtbot, second, lambda: len(c2.game.records) == 2 and c2.stage is Stage.HUMAN)
    text = _log(second)
    assert text.count(game_heading(c2.game)) == 1 and game_heading(c2.game).startswith("= Game 14, game "), text
    assert _hand_lines(text) == ["Hand 1,", "Hand 2,"]
    # a new game opens a section of its own after it, and leaves the old one as it was
    c2.new_game(seed=15)
    advance(qtbot, second, lambda: len(c2.game.records) == 1 and c2.stage is Stage.HUMAN)
    later = _log(second)
    assert later.startswith(text) and later.count("= Game ") == 2
    assert _hand_lines(later) == ["Hand 1,", "Hand 2,", "Hand 1,"]


def test_a_redeal_after_the_joker_is_a_line_and_the_first_hand_is_hand_1(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    seed = next(s for s in range(500) if Game(Rules(joker=True), seed=s).records)
    window = make_window(seed=seed, joker=True)
    c = window.controller
    advance(qtbot, window, lambda: sum(r.result.outcome.scored for r in c.game.records) >= 1)
    text = _log(window)
    assert _hand_lines(text)[0] == "Hand 1,", text
    assert text.index("Redeal:") < text.index("Hand 1,")
    assert "turned up the joker" in text


def _played(game: Game, hands: int) -> Game:
    moves = __import__("random").Random(game.seed)
    while len(game.records) < hands:
        game.apply(moves.choice(game.legal_actions()))
    return game


def test_a_new_game_from_a_seed_played_before_and_a_game_taken_up_again_keep_the_others(tmp_path: Any) -> None:
    """Before, a game's section was found by its seed alone and written again to the end of
    the file: a second game from ``--seed 7`` cut away every game logged since the first, and
    so did a game set aside for a network table and taken up again."""
    from euchre_qt.app.stats.gamelog import GameLog

    log = GameLog(tmp_path)
    names = ("You", "West", "North", "East")
    first, other = _played(Game(seed=7), 1), _played(Game(seed=8), 1)
    again = _played(Game(seed=7, game_id=77), 1)
    for game in (first, other, again):
        assert log.update(game, names)
    text = log.path.read_text(encoding="utf-8")
    assert [line.split(" started")[0] for line in text.splitlines() if " started " in line] == [
        "= Game 7",
        "= Game 8",
        "= Game 7, game 77",
    ]
    _played(first, 2)  # taken up again, with later games logged
    assert log.update(first, names)
    text = log.path.read_text(encoding="utf-8")
    assert text.count("= Game 8 started") == 1 and text.count("= Game 7, game 77 started") == 1
    assert _hand_lines(text) == ["Hand 1,", "Hand 2,", "Hand 1,", "Hand 1,"]
