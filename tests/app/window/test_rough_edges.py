"""The table's rough edges a new player found: each one driven through the real window."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import PASS, Phase, Seat, play
from euchre_qt.session import wording

from ..conftest import advance, settle


def _always_pass(game: Any, legal: Any, rng: Any) -> Any:
    return PASS if PASS in legal else rng.choice(legal)


def test_the_welcome_in_the_status_line_goes_by_itself(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=2)
    status = window.statusBar()
    assert status.currentMessage() == "Welcome to Euchre"
    qtbot.waitUntil(lambda: status.currentMessage() != "Welcome to Euchre", timeout=20000)  # (it stayed for good)


def test_the_stuck_dealer_is_not_offered_a_pass_and_p_says_why(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(
        seed=5,
        stick_the_dealer=True,
        player_west="person",
        player_north="person",
        player_east="person",
    )
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_2 and c.game.turn is c.game.dealer,
        choose=_always_pass,
    )
    seat = c.game.turn
    prompt = window.scene.seats.badges[seat].note
    assert "pass" not in prompt and "name trump" in prompt
    # and a screen reader's turn says so (the table's description holds no turn any more)
    names = tuple(c.settings.name(s) for s in Seat)
    said = wording.your_turn(c.game.hand, c.game.legal_actions(), names, None)
    assert said.endswith("; the dealer may not pass"), said
    n = len(c.game.actions)
    qtbot.keyClick(window.view, Qt.Key.Key_P)
    assert len(c.game.actions) == n  # nothing was played
    kind, text = window.notices.messages[-1]
    assert kind == "illegal" and "must name trump" in text, text
    assert "the dealer must" not in text  # said to the dealer, in person


def test_a_dealer_who_may_pass_is_told_so(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=5, player_west="person", player_north="person", player_east="person")
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_2, choose=_always_pass)
    assert "name trump or pass" in window.scene.seats.badges[c.game.turn].note
    assert Seat.SOUTH in c.people()
    settle(qtbot, window)


def test_the_window_title_names_the_program_once(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """Qt's window systems add the application's display name to a title that does not
    already end with it: so the title must end with it, and hold it once."""
    from PySide6.QtWidgets import QApplication

    from euchre_qt.app.window.main_window import APP_TITLE

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    old = app.applicationDisplayName()
    app.setApplicationDisplayName(APP_TITLE)  # as the program sets it
    try:
        window = make_window(seed=2)
        settle(qtbot, window)
        title = window.windowTitle()
        assert "us 0, them 0" in title
        assert title.endswith(APP_TITLE) and title.count(APP_TITLE) == 1, title
    finally:
        app.setApplicationDisplayName(old)


# --- old messages go when they stop being true ----------------------------------------------


def _to_my_turn(qtbot: Any, window: Any) -> None:
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN)


def test_a_hint_leaves_the_status_bar_when_the_move_is_made(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=6)
    c = window.controller
    _to_my_turn(qtbot, window)
    window.menus.act_hint.trigger()
    qtbot.waitUntil(lambda: c.hint_action is not None or any(k == "info" for k, _ in window.notices.messages))
    if c.hint_action is None:
        return  # this build has no hints: nothing can linger
    assert window.statusBar().currentMessage().startswith("Hint:")
    c.act(c.hint_action)
    assert not window.statusBar().currentMessage().startswith("Hint:")
    settle(qtbot, window)


def test_deciding_for_you_goes_once_the_move_is_made(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=6)
    c = window.controller
    _to_my_turn(qtbot, window)
    n = len(c.game.actions)
    window.menus.act_decide.trigger()
    assert window.statusBar().currentMessage() == "Deciding for you…"
    qtbot.waitUntil(lambda: len(c.game.actions) > n)
    assert window.statusBar().currentMessage() != "Deciding for you…"
    settle(qtbot, window)


def _saved_game_in_progress(folder: Any, seed: int = 12) -> Any:
    import json
    import random

    from euchre_qt.engine import Game

    game = Game(seed=seed, first_dealer=Seat.WEST)
    rng = random.Random(1)
    while len(game.actions) < 3:
        game.apply(PASS if PASS in game.legal_actions() else rng.choice(game.legal_actions()))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "autosave.json").write_text(json.dumps(game.to_dict()))
    return game


def test_the_welcome_back_strip_goes_when_the_score_changes(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    _saved_game_in_progress(private_folders["data"])
    window = make_window(seed=1, resume=True)
    c = window.controller
    bar = window.notices.message_bar
    assert bar.isVisible() and bar.waiting[-1].startswith("Welcome back")
    advance(qtbot, window, lambda: c.game.scores != (0, 0))
    assert not any(text.startswith("Welcome back") for text in bar.waiting)
    assert not bar.isVisible()


def test_the_welcome_back_strip_goes_with_a_new_game(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    from ..modal import answer_questions

    _saved_game_in_progress(private_folders["data"])
    window = make_window(seed=1, resume=True)
    bar = window.notices.message_bar
    assert bar.isVisible() and bar.waiting[-1].startswith("Welcome back")
    answer_questions(window, "Abandon Game")
    window.menus.act_new.trigger()
    settle(qtbot, window)
    assert not bar.isVisible() and bar.waiting == []


# --- the yellow strip stays small -----------------------------------------------------------


def test_many_warnings_keep_the_strip_small_and_none_is_lost(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=2)
    settle(qtbot, window)
    table_top = window.view.mapTo(window, window.view.rect().topLeft()).y()
    texts = [f"Warning number {i}: something could not be done, and here is what it means for you." for i in range(4)]
    window.notices.warn(texts[0])
    qtbot.waitUntil(lambda: window.notices.message_bar.height() > 0)
    one = window.view.mapTo(window, window.view.rect().topLeft()).y() - table_top
    for text in texts[1:]:
        window.notices.warn(text)
    QApplication.processEvents()  # the layout is redone from the event loop
    four = window.view.mapTo(window, window.view.rect().topLeft()).y() - table_top
    assert four <= one + 2, (one, four)  # the table is pushed down no further than by one message
    bar = window.notices.message_bar
    assert bar.label.text() == texts[-1] and bar.count_label.text() == "3 more"
    seen = []
    while bar.isVisible():
        seen.append(bar.label.text())
        qtbot.mouseClick(bar.close_button, Qt.MouseButton.LeftButton)
    assert seen == texts[::-1]  # each one read, newest first


# --- Enter with nothing chosen ----------------------------------------------------------------


def one_card_allowed(qtbot: Any, make_window: Any) -> Any:
    """A window at the person's turn in the play with one card allowed (quick play off)."""
    window = make_window(seed=9, quickplay=False)
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY and len(c.game.legal_actions()) == 1,
        rng=random.Random(3),
    )
    return window


def test_enter_plays_the_only_card_allowed(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = one_card_allowed(qtbot, make_window)
    c = window.controller
    only = c.game.legal_actions()[0]
    n = len(c.game.actions)
    assert window.scene.keyboard.focus_key is None
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert len(c.game.actions) == n + 1 and c.game.actions[n] == only
    settle(qtbot, window)


def test_enter_with_a_choice_to_make_says_how_to_choose(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=9, quickplay=False)
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY and len(c.game.legal_actions()) > 1,
    )
    window.scene.keyboard.set_focus(None)
    n = len(c.game.actions)
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert len(c.game.actions) == n
    kind, text = window.notices.messages[-1]
    assert kind == "info" and text.startswith("Choose a card to play")


# --- the end of a hand shows the hands as played ----------------------------------------------


def _order_up(game: Any, legal: Any, rng: Any) -> Any:
    from euchre_qt.engine import ActionKind

    ups = [a for a in legal if a.kind is ActionKind.ORDER_UP and not a.alone]
    return ups[0] if ups else rng.choice(legal)


def test_the_end_of_a_hand_shows_the_picked_up_card_and_marks_the_discard(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=4)
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HAND_OVER and c.display.up_card_taken and c.display.discarded is not None,
        choose=_order_up,
    )
    hand = c.display
    scene = window.scene
    up, gone = scene.cards[hand.up_card], scene.cards[hand.discarded]
    assert up.isVisible() and up.data(2) == "hand" and up.data(1) == int(hand.dealer) and up.face_up
    assert "picked up" in up.toolTip()
    assert gone.isVisible() and gone.data(2) == "discard" and gone.opacity() < 1 and gone.face_up
    assert "Discarded" in gone.toolTip()
    row = [i for i in scene.cards.values() if i.isVisible() and i.data(1) == int(hand.dealer)]
    assert len(row) == 5  # the five played; the discard is marked apart
    assert "picked up" in scene.summary_html(c.table_state())


# --- Undo Move ---------------------------------------------------------------------------------


def test_ctrl_z_takes_back_the_persons_last_move(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=8)
    c = window.controller
    # South leads: after their card the three others play theirs
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY and not c.game.hand.trick,
    )
    position = (list(c.game.actions), c.game.turn)
    n = len(position[0])
    c.act(c.game.legal_actions()[-1])
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN)
    assert len(c.game.actions) >= n + 4  # the others played too
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    settle(qtbot, window)
    assert c.stage is Stage.HUMAN
    assert (list(c.game.actions), c.game.turn) == position
    assert window.menus.act_undo_move.shortcut().toString() == "Ctrl+Z"
    assert window.menus.act_undo.text().replace("&", "") == "Undo Round"  # still there


def test_undo_move_across_the_end_of_a_hand(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=8, quickplay=False)
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and len(c.game.hand.tricks) == 4)
    before, scores, hands = list(c.game.actions), c.game.scores, len(c.game.records)
    c.act(c.game.legal_actions()[0])
    advance(qtbot, window, lambda: len(c.game.records) > hands and c.stage is Stage.HUMAN)
    assert window.files.writer.flush() and len(_hands_in_log(window)) == hands + 1
    window.menus.act_undo_move.trigger()
    settle(qtbot, window)
    assert list(c.game.actions) == before and c.game.scores == scores and len(c.game.records) == hands
    assert window.files.writer.flush() and len(_hands_in_log(window)) == hands  # the hand left the log too


def _hands_in_log(window: Any) -> list[str]:
    import re

    return re.findall(r"^Hand \d+,", window.files.log.path.read_text(), flags=re.MULTILINE)


# --- the game log in a window of the program ----------------------------------------------------


def test_the_game_log_opens_in_a_window_newest_hand_last_and_searchable(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    from euchre_qt.app.stats.log_window import GameLogWindow

    window = make_window(seed=8)
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= 2 and c.stage is Stage.HUMAN)
    window.menus.act_log.trigger()
    log = window.opened[-1]
    assert isinstance(log, GameLogWindow)
    qtbot.addWidget(log)
    log.show()
    text = log.text.toPlainText()
    assert text.rstrip().endswith(text.rstrip().split("\n\n")[-1])
    assert text.rindex("Hand 2,") > text.rindex("Hand 1,")  # newest last
    bar = log.text.verticalScrollBar()
    assert bar.value() == bar.maximum()  # shown at its end
    cursor_line = log.text.textCursor().blockNumber()
    assert cursor_line >= log.text.document().blockCount() - 2
    # search: type, Enter finds, Enter again moves on, and a miss says so
    qtbot.keyClicks(log.search, "won by")
    qtbot.keyClick(log.search, Qt.Key.Key_Return)
    first = log.text.textCursor().selectionStart()
    assert log.text.textCursor().selectedText() == "won by"
    qtbot.keyClick(log.search, Qt.Key.Key_Return)
    assert log.text.textCursor().selectionStart() != first
    log.search.clear()
    qtbot.keyClicks(log.search, "no such words")
    qtbot.keyClick(log.search, Qt.Key.Key_Return)
    assert "not in the game log" in log.found.text()


def test_the_game_log_window_says_when_the_log_is_empty(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=8)
    settle(qtbot, window)
    window.menus.act_log.trigger()
    log = window.opened[-1]
    qtbot.addWidget(log)
    assert "empty" in log.found.text()


# --- the game waits while a dialog is open --------------------------------------------------------


def test_nobody_plays_on_behind_the_options_dialog(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    from ..modal import real_dialogs, when_modal_opens

    window = make_window(seed=8)
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY and not c.game.hand.trick,
    )
    real_dialogs(window)
    seen: list[Any] = []

    def look_then_close(dialog: Any) -> None:
        try:  # give a computer player every chance to move behind the dialog
            qtbot.waitUntil(lambda: len(c.game.actions) > n or c.pausing.holding, timeout=3000)
            seen.append((len(c.game.actions), c.pausing.is_paused, c.stage))
        finally:
            dialog.reject()

    c.act(c.game.legal_actions()[0])  # South leads; West is next
    n = len(c.game.actions)
    when_modal_opens(look_then_close)
    window.menus.act_options.trigger()
    assert seen == [(n, True, seen[0][2])] and seen[0][2] is not Stage.THINKING
    qtbot.waitUntil(lambda: len(c.game.actions) > n)  # and the game goes on once it is closed
    assert c.game.movers()[n] is Seat.WEST
    settle(qtbot, window)


def test_the_game_waits_behind_the_file_dialogs(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    window = make_window(seed=8)
    settle(qtbot, window)
    seen: list[bool] = []

    def ask(*args: Any, **kwargs: Any) -> tuple[str, str]:
        seen.append(window.controller.pausing.is_paused)
        return "", ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", ask)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    window.recorded.choose_game_file()
    window.recorded.save_game_as_egn()
    assert seen == [True, True] and not window.controller.pausing.is_paused


# --- menus and keys ----------------------------------------------------------------------------


def test_enter_after_escape_on_a_menu_goes_to_the_table(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """Click Game, Escape, Enter: the Enter is the table's (here it plays the only card
    allowed), not the menu bar's, which opened the Game menu again on New Game."""
    window = one_card_allowed(qtbot, make_window)
    c = window.controller
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view)
    bar = window.menuBar()
    qtbot.mouseClick(
        bar, Qt.MouseButton.LeftButton, pos=bar.actionGeometry(window.menus.game_menu.menuAction()).center()
    )
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is window.menus.game_menu)
    qtbot.keyClick(window.menus.game_menu, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: QApplication.activePopupWidget() is None)
    window.activateWindow()  # as a window manager gives the window back its keys (offscreen does not)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view)
    n = len(c.game.actions)
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Return)
    assert QApplication.activePopupWidget() is None
    assert len(c.game.actions) == n + 1


# --- the hand's end: the dealer's discard ----------------------------------------------------


@pytest.mark.parametrize("size", [(1024, 720), (600, 520)], ids=["default", "smallest"])
def test_the_faded_discard_lies_aside_never_over_the_dealers_cards_or_name(
    qtbot: QtBot, make_window: Callable[..., Any], size: tuple[int, int]
) -> None:
    """At a hand's end the dealer's discard is shown faded: it was drawn see-through over the
    dealer's last card, and ran into the name label."""
    window = make_window(seed=5, size=size)
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HAND_OVER and c.display is not None and c.display.discarded is not None,
        rng=random.Random(2),
    )
    hand = c.display
    scene = window.scene
    discard = scene.cards[hand.discarded]
    assert discard.isVisible() and discard.opacity() < 1
    shown = discard.sceneBoundingRect()
    dealers = [item for item in scene.cards.values() if item.data(1) == int(hand.dealer) and item is not discard]
    assert len(dealers) == 5
    for item in dealers:
        if item.sceneBoundingRect().intersects(shown):
            assert item.zValue() > discard.zValue(), f"{hand.discarded} drawn over {item.card}"
    assert not shown.intersects(scene.layout.badge_rect(hand.dealer)), "the discard runs into the name label"


def test_why_a_card_was_refused_goes_once_a_card_is_played(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """'You must follow suit' stayed in the status bar (and over the table) into the next trick."""
    window = make_window(seed=9, quickplay=False)
    c = window.controller
    advance(
        qtbot,
        window,
        lambda: (
            c.stage is Stage.HUMAN
            and c.game.hand.phase is Phase.PLAY
            and len(c.game.legal_actions()) < len(c.game.hand.hands[Seat.SOUTH])
        ),
        rng=random.Random(3),
    )
    legal = c.game.legal_actions()
    refused = next(card for card in c.game.hand.hands[Seat.SOUTH] if play(card) not in legal)
    window.table_input.action_chosen(play(refused))
    said = window.statusBar().currentMessage()
    assert "must follow" in said and window.scene.toast.isVisible()
    window.table_input.action_chosen(legal[0])
    settle(qtbot, window)
    assert window.statusBar().currentMessage() != said
    assert not (window.scene.toast.isVisible() and window.scene.toast.kind == "illegal")


# --- labels that wrapped ------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(1152, 700), (600, 520)], ids=["default", "smallest"])
def test_long_names_never_make_the_score_panel_wrap(
    qtbot: QtBot, make_window: Callable[..., Any], size: tuple[int, int]
) -> None:
    """'Them (Llama & LeftyKnavey)' took two lines: a team's line that does not fit says
    only 'Them' (the badges name the players)."""
    heights = []
    for west, east in (("Al", "Bo"), ("Llama", "LeftyKnavey")):
        window = make_window(seed=3, size=size, name_west=west, name_east=east)
        settle(qtbot, window)
        heights.append(window.scene.seats.score_panel.rect.height())
        window.close()
    assert heights[1] == heights[0]


def test_a_side_seats_badge_takes_one_line_where_the_table_has_room(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    """'Wes DEALER ▪▪ / ♠ maker' wrapped at the default size with the table's middle empty."""
    window = make_window(seed=3, size=(1152, 700))
    settle(qtbot, window)
    for seat in (Seat.WEST, Seat.EAST):
        badge = window.scene.seats.badges[seat]
        badge.set_content(name="Wes", dealer=True, tricks=2, bid="♠ maker")
        assert badge.shown_lines() == ["Wes · ♠ maker"], seat


@pytest.mark.parametrize("size", [(1024, 720), (800, 600)])
def test_the_review_is_no_larger_than_the_table_window(
    qtbot: QtBot, make_window: Callable[..., Any], size: tuple[int, int]
) -> None:
    window = make_window(seed=21, size=size)
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= 1 and not c.game.hand_actions)
    window.menus.act_review.trigger()
    review = window.opened[-1]
    assert review.width() <= window.width() and review.height() <= window.height()
