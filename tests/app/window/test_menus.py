"""Every menu action does what it says."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QSpinBox
from pytestqt.qtbot import QtBot

from euchre_qt.app.storage.settings import SettingsStore
from euchre_qt.app.storage.settings_file import BACKDROPS
from euchre_qt.app.table.state import Stage, dealt_hands
from euchre_qt.engine import Action, Card, Game, HandState, Phase, Seat
from euchre_qt.engine.ai import Decision

from ..conftest import advance, settle
from ..modal import answer_questions


def test_new_game_starts_from_zero(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3)
    c = window.controller
    advance(qtbot, window, lambda: c.game.records and c.stage is Stage.HUMAN)
    old = c.game
    answer_questions(window, "Abandon Game")
    window.menus.act_new.trigger()
    settle(qtbot, window)
    # a game of its own from 0-0 (its first hand may be over already: North alone, South sitting out)
    assert c.game is not old and c.game.start_scores == (0, 0)
    assert window.menus.act_new.shortcut().toString() == "Ctrl+N"


def test_undo_round_restores_the_same_deal(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=8)
    c = window.controller
    fresh = Game(c.game.rules, c.game.seed, c.game.first_dealer)
    deal = fresh.hand.hands
    advance(qtbot, window, lambda: c.game.deal_number == 0 and len(c.game.hand.tricks) >= 1 and c.stage is Stage.HUMAN)
    assert c.game.hand.hands != deal
    window.menus.act_undo.trigger()
    settle(qtbot, window)

    def same_deal(hand: HandState, dealt: Sequence[Iterable[Card]]) -> bool:
        return [set(h) for h in dealt_hands(hand)] == [set(h) for h in dealt]

    # back to the start of the hand: the same deal, and no card played yet
    assert c.game.deal_number == 0 and same_deal(c.game.hand, deal)
    assert c.game.hand.kitty == fresh.hand.kitty and not c.game.hand.tricks
    # the table shows the restored hand: south's cards face up in south's row
    south = [window.scene.cards[card] for card in c.game.hand.hands[Seat.SOUTH]]
    assert len(south) >= 5 and all(item.isVisible() and item.face_up for item in south)
    row_y = window.scene.layout.south_y
    assert all(abs(item.y() - row_y) < window.scene.layout.ch * 0.2 for item in south)
    # at a hand's start (nothing done by the person yet), Undo Round goes back to the previous hand
    advance(qtbot, window, lambda: c.game.deal_number == 1 and c.stage is Stage.HUMAN)
    assert not any(seat is Seat.SOUTH for seat, _ in c.game.hand.history)
    window.menus.act_undo.trigger()
    settle(qtbot, window)
    assert c.game.deal_number == 0 and same_deal(c.game.hand, deal)


def test_show_computer_cards_turns_the_others_face_up(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=4)
    c = window.controller
    settle(qtbot, window)
    others = [
        window.scene.cards[card] for seat in (Seat.WEST, Seat.NORTH, Seat.EAST) for card in c.game.hand.hands[seat]
    ]
    assert others and not any(item.face_up for item in others)
    window.menus.act_show_cards.trigger()
    assert all(item.face_up for item in others)
    window.menus.act_show_cards.trigger()
    assert not any(item.face_up for item in others)


def test_card_back_changes_what_is_drawn_and_persists(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    window = make_window(seed=4)
    settle(qtbot, window)
    west_card = window.controller.game.hand.hands[Seat.WEST][0]
    item = window.scene.cards[west_card]
    before = item.pixmap().toImage()
    current = window.store.settings.back
    other = next(name for name in window.menus.back_actions if name != current)
    window.menus.back_actions[other].trigger()
    assert window.store.settings.card_back == other
    assert item.pixmap().toImage() != before
    assert SettingsStore(private_folders["config"]).settings.card_back == other
    assert len(window.menus.back_actions) >= 8
    window.menus.back_menu.aboutToShow.emit()  # previews are drawn when the menu opens
    assert all(not a.icon().isNull() for a in window.menus.back_actions.values())


def test_backdrop_changes_what_is_drawn_and_persists(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(seed=4)
    settle(qtbot, window)

    def felt_colour() -> QColor:
        colour: QColor = (
            window.view.grab().toImage().pixelColor(QPoint(window.view.width() // 2, window.view.height() // 2 - 4))
        )
        return colour

    before = felt_colour()
    colour = BACKDROPS["Burgundy"]
    window.menus.backdrop_actions[colour].trigger()
    after = felt_colour()
    assert after != before and after.red() > after.green()
    assert SettingsStore(private_folders["config"]).settings.backdrop == colour
    # a custom colour from the colour dialog
    from PySide6.QtWidgets import QColorDialog

    monkeypatch.setattr(QColorDialog, "getColor", staticmethod(lambda *a, **k: QColor("#203070")))
    window.menus.act_custom_backdrop.trigger()
    assert window.store.settings.backdrop == "#203070"
    assert SettingsStore(private_folders["config"]).settings.backdrop == "#203070"


def test_auto_play_finishes_a_game_by_itself(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=12)
    c = window.controller
    settle(qtbot, window)
    window.menus.act_autoplay.trigger()
    assert c.autoplay
    qtbot.waitUntil(lambda: c.stage is Stage.GAME_OVER, timeout=60000)
    assert c.game.is_over
    south_moves = sum(1 for r in c.game.records for seat, _ in r.final.history if seat is Seat.SOUTH)
    assert south_moves > 5
    # the statistics counted it, and the log has every hand
    assert window.files.stats.stats.games == 1
    assert window.files.stats.stats.hands_played >= len(
        [r for r in c.game.records if r.result.outcome.value != "misdeal"]
    )
    assert window.files.writer.flush()  # the log is written off the GUI thread
    text = window.files.log.path.read_text()
    assert text.count("\nHand ") + text.startswith("Hand ") >= 1 and "Game over" in text
    window.menus.act_autoplay.trigger()
    assert not c.autoplay


def _real_hint(c: Any) -> Decision:
    """What the engine's hint says for the person's position now (no time cap: deterministic)."""
    from euchre_qt.engine.ai.hint import hint

    return hint(c.game.view(c.game.turn), think_ms=None)


def _buttons_for(action: Action) -> set[str]:
    """The bidding buttons that say ``action``."""
    from euchre_qt.engine.actions import ActionKind

    kind = action.kind
    if kind is ActionKind.PASS:
        return {"pass"}
    if kind is ActionKind.ORDER_UP:
        return {"order_alone" if action.alone else "order"}
    if kind is ActionKind.CALL:
        assert action.suit is not None
        return {f"call_{action.suit.letter}"} | ({"alone"} if action.alone else set())
    return {{ActionKind.DEFEND_ALONE: "defend_alone", ActionKind.THROW_IN: "throw_in"}[kind]}


def test_hint_shows_the_engines_suggestion_and_reason(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_qt.app.play import controller
    from euchre_qt.session.wording import hint_text, reason_text

    monkeypatch.setattr(controller, "THINK_MS", None)  # the same search as _real_hint, not cut short by time
    window = make_window(seed=6)
    c = window.controller
    for want_card in (False, True):

        def to_move(want: bool = want_card) -> bool:
            return (
                c.stage is Stage.HUMAN and (c.game.hand.phase is Phase.PLAY) == want and len(c.game.legal_actions()) > 1
            )

        advance(qtbot, window, to_move)
        expected = _real_hint(c)
        assert expected.reason
        window.menus.act_hint.trigger()
        qtbot.waitUntil(lambda: c.hint_action is not None, timeout=20000)
        assert (c.hint_action, c.hints.reason) == (expected.action, reason_text(expected.reason))
        # the person is told what and why, in words, and it stays in view
        text = hint_text(expected.action, expected.reason, c.game.turn is c.game.hand.dealer)
        assert window.notices.messages[-1] == ("hint", text)
        assert window.scene.toast.isVisible() and window.scene.toast.message == text
        assert text.startswith("Hint: ") and "—" in text
        # and the move is ringed on the table: the card, or the bidding button(s)
        if expected.action.card is not None:
            hinted = [item.card for item in window.scene.cards.values() if item.hinted]
            assert hinted == [expected.action.card]
        else:
            ringed = {key for key, b in window.scene.buttons.items() if b.isVisible() and b.hinted}
            assert ringed == _buttons_for(expected.action)
        c.act(expected.action)
        assert not window.scene.toast.isVisible()  # the hint goes with its move
        assert not any(item.hinted for item in window.scene.cards.values())


def test_hint_text_says_the_move_then_the_players_reason() -> None:
    from euchre_qt.engine import Card, Suit, parse_cards
    from euchre_qt.engine.actions import PASS, order_up, play
    from euchre_qt.engine.ai.reasons import BidChoice, OnlyMove, PlayChoice, PlayWhy, TooWeak
    from euchre_qt.session.wording import hint_text

    qc = play(Card.parse("QC"))
    lead = PlayChoice(Card.parse("QC"), PlayWhy.LEAD, 0.52, 14, 16)
    assert hint_text(qc, lead) == (
        "Hint: play the Queen of Clubs — lead it (best in 14 of 16 likely deals, +0.52 points expected)"
    )
    bowers = BidChoice(order_up(), Suit.HEARTS, parse_cards("JH JD 9C 9S TC"), 2.1, 0.8, 0.9, 0.1)
    said = "both bowers and a void; about 2.1 tricks from this hand, made in 80% of likely deals"
    assert hint_text(order_up(), bowers).startswith(f"Hint: order it up — {said}")
    assert hint_text(order_up(), bowers, dealer=True).startswith("Hint: pick it up — both bowers")
    weak = TooWeak(Suit.SPADES, parse_cards("9H TH 9D TD 9S"))
    assert (
        hint_text(PASS, weak)
        == "Hint: pass — with spades as trump this hand has the nine of trump and a void: too weak"
    )
    assert hint_text(qc, OnlyMove()) == "Hint: play the Queen of Clubs — the only legal move"
    assert hint_text(qc, "") == "Hint: play the Queen of Clubs"


def test_decide_for_me_makes_the_hints_move(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from euchre_qt.app.play import controller

    monkeypatch.setattr(controller, "THINK_MS", None)
    window = make_window(seed=6)
    c = window.controller
    for want_card in (False, True):

        def to_move(want: bool = want_card) -> bool:
            return (
                c.stage is Stage.HUMAN and (c.game.hand.phase is Phase.PLAY) == want and len(c.game.legal_actions()) > 1
            )

        advance(qtbot, window, to_move)
        n = len(c.game.actions)
        expected = _real_hint(c).action
        window.menus.act_decide.trigger()

        def moved(n: int = n) -> bool:
            return len(c.game.actions) > n

        qtbot.waitUntil(moved, timeout=20000)
        assert c.game.actions[n] == expected


def test_last_trick_at_a_hands_start_is_shown_with_its_own_hands_trump(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    """Before the new hand's first trick the Last Trick is the hand before's, under that hand's
    trump (not the new hand's: none yet while bidding, or another suit)."""
    from euchre_qt.app.review.review_dialog import LastTrickDialog
    from euchre_qt.session.wording import SUIT_NAMES

    window = make_window(seed=21)
    c = window.controller

    def new_hand_other_trump() -> bool:
        game = c.game
        before = game.records[-1].final if game.records else None
        return (
            c.stage is Stage.HUMAN
            and before is not None
            and bool(before.tricks)
            and not game.hand.tricks
            and game.hand.trump != before.trump
        )

    advance(qtbot, window, new_hand_other_trump)
    before = c.game.records[-1].final
    assert before.trump is not None
    window.menus.act_last_trick.trigger()
    dialog = window.opened[-1]
    assert isinstance(dialog, LastTrickDialog) and dialog.trick_widget.trick == before.tricks[-1]
    assert dialog.label.accessibleName().endswith(f"Trump: {SUIT_NAMES[before.trump]}.")


def test_statistics_last_trick_review_and_help_dialogs(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    from euchre_qt.app.review.review_dialog import LastTrickDialog, ReviewDialog
    from euchre_qt.app.stats.stats_dialog import StatsDialog
    from euchre_qt.app.window.help import RulesDialog, ShortcutsDialog

    window = make_window(seed=21)
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= 1 and len(c.game.hand.tricks) >= 1 and c.stage is Stage.HUMAN)
    window.menus.act_last_trick.trigger()
    dialog = window.opened[-1]
    assert isinstance(dialog, LastTrickDialog)
    assert dialog.trick_widget.trick == c.game.hand.tricks[-1]
    assert not dialog.trick_widget.grab().isNull()
    window.menus.act_review.trigger()
    review = window.opened[-1]
    assert isinstance(review, ReviewDialog)
    assert len(review.pages) == len(c.game.records) + 1
    # a finished hand shows all four hands; the hand in progress hides the others' cards
    assert review.pages[0].count("hidden") == 0 and "hidden until the hand is over" in review.pages[-1]
    window.menus.act_stats.trigger()
    stats = window.opened[-1]
    assert isinstance(stats, StatsDialog)
    assert stats.store.stats.hands_played >= 1
    assert not stats.chart.grab().isNull()
    window.menus.act_rules.trigger()
    rules = window.opened[-1]
    assert isinstance(rules, RulesDialog)
    assert "right bower" in rules.browser.toPlainText()
    window.menus.act_keys.trigger()
    keys = window.opened[-1]
    assert isinstance(keys, ShortcutsDialog)
    assert "Ctrl+N" in keys.browser.toPlainText()
    window.menus.act_about.trigger()
    assert "Euchre" in window.opened[-1].text()


def test_options_dialog_changes_settings(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    from euchre_qt.app.window.options_dialog import OptionsDialog

    window = make_window(seed=2)
    settle(qtbot, window)

    def fill(dialog: OptionsDialog) -> int:
        window.opened.append(dialog)
        points, stick = dialog.rule_widgets["points_to_win"], dialog.rule_widgets["stick_the_dealer"]
        assert isinstance(points, QSpinBox) and isinstance(stick, QCheckBox)
        points.setValue(7)
        stick.setChecked(True)
        dialog.name_edits["north"].setText("Partner Pat")
        dialog.kind_boxes["east"].setCurrentIndex(dialog.kind_boxes["east"].findData("person"))
        dialog.speed.setValue(0)
        dialog.clearing.setCurrentIndex(dialog.clearing.findData("click"))
        return 1

    window.dialogs.run_dialog = fill
    old_rules = window.controller.game.rules
    window.menus.act_options.trigger()
    s = window.store.settings
    assert (s.rules.points_to_win, s.rules.stick_the_dealer, s.name_north, s.player_east, s.trick_clearing) == (
        7,
        True,
        "Partner Pat",
        "person",
        "click",
    )
    assert SettingsStore(private_folders["config"]).settings == s
    # rules apply from the next game; names at once
    assert window.controller.game.rules == old_rules
    assert window.scene.seats.badges[Seat.NORTH].name == "Partner Pat"
    assert Seat.EAST in window.controller.people()
    answer_questions(window, "Abandon Game")
    window.menus.act_new.trigger()
    settle(qtbot, window)
    assert window.controller.game.rules.points_to_win == 7 and window.controller.game.rules.stick_the_dealer


def test_quit_closes_cleanly(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=2)
    settle(qtbot, window)
    window.menus.act_quit.trigger()
    assert not window.isVisible()
    assert window.controller.think_thread.finished


def test_about_says_whether_the_compiled_search_core_was_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """pip installs without a C compiler and says so only with -v: About tells what it costs."""
    from euchre_qt.app.window import help
    from euchre_qt.engine.ai import core

    monkeypatch.setattr(core, "compiled_core_built", lambda: True)
    assert "think with the compiled search core" in help.about_text()
    monkeypatch.setattr(core, "compiled_core_built", lambda: False)
    text = help.about_text()
    assert "was not built" in text and "C compiler" in text and "slower" in text


def test_asking_whether_the_search_core_was_built_does_not_load_it() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from euchre_qt.engine.ai import core; built = core.compiled_core_built(); "
        "print(built, 'euchre_qt.engine.ai._search' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split()[1] == "False"  # (the window's process never loads the core)
