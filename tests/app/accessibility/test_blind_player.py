"""A blind player at a person's pace (issue 37): after each key the focus on something alive
and named, the table's description rewritten only when its facts change, the hint, a lone
hand, the hands shown face up and the move taken back all spoken, bowers named as bowers.

Qt sends accessibility events only while an assistive client is listening; these tests
switch that on (``QAccessible.setActive``) as a screen reader's arrival would, and record
every event the program sends through ``QAccessible.updateAccessibility``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from PySide6.QtWidgets import QPushButton, QTabBar, QWidget
from pytestqt.qtbot import QtBot

from euchre_qt.app.accessibility.table_access import TableAccessible
from euchre_qt.app.storage.settings import Settings
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, ActionKind, Card, Game, Phase, Seat, Suit, play
from euchre_qt.session import events, wording

from ..conftest import advance, settle
from ..table.test_keyboard import keys_for

K = Qt.Key


@dataclass
class Heard:
    """What a reader was sent: focus events (the interface and its name then) and the
    table's description changes, and every announcement."""

    focus: list[tuple[object, str, bool]] = field(default_factory=list)  # (interface, name, valid)
    descriptions: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)

    @property
    def transcript(self) -> str:
        return " ".join(self.said)


@pytest.fixture
def screen_reader() -> Iterator[None]:
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


def listen(window: Any, monkeypatch: pytest.MonkeyPatch) -> Heard:
    heard = Heard(said=list(window.notices.announcer.history))
    window.notices.announcer.spoken.connect(lambda text, _assertive: heard.said.append(text))
    send = QAccessible.updateAccessibility

    def record(event: QAccessibleEvent) -> None:
        kind = event.type()
        if kind == QAccessible.Event.Focus:
            iface = event.accessibleInterface()
            name = iface.text(QAccessible.Text.Name) if iface is not None and iface.isValid() else ""
            heard.focus.append((iface, name, iface is not None and iface.isValid()))
        send(event)

    # (Qt's own events, sent from C++, do not pass through the Python name: the description
    # is seen being set, which tells a reader only of a changed text)
    describe = window.view.setAccessibleDescription

    def described(text: str) -> None:
        if text != window.view.accessibleDescription():
            heard.descriptions.append(text)
        describe(text)

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    monkeypatch.setattr(window.view, "setAccessibleDescription", described)
    return heard


def play_by_keys(qtbot: QtBot, window: Any, action: Action) -> None:
    """A person's move by keys: a card by the arrows and Enter, a bid by its letter."""
    view, keyboard = window.view, window.scene.keyboard
    if action.card is None:
        for key, mod in keys_for(window, action):
            qtbot.keyClick(view, key, mod)
        return
    for _ in range(12):
        if keyboard.focus_key is action.card:
            break
        qtbot.keyClick(view, K.Key_Right)
    assert keyboard.focus_key is action.card
    qtbot.keyClick(view, K.Key_Return)


def finish_hand_by_keys(
    qtbot: QtBot,
    window: Any,
    rng: random.Random,
    choose: Callable[[Game, tuple[Action, ...], random.Random], Action] | None = None,
) -> None:
    """Play the hand under way to its end, every move of the person's by keys."""
    c = window.controller
    start = len(c.game.records)
    while len(c.game.records) == start:
        if settle(qtbot, window) is Stage.HUMAN:
            legal = c.game.legal_actions()
            action = choose(c.game, legal, rng) if choose is not None else rng.choice(legal)
            before = len(c.game.actions)
            play_by_keys(qtbot, window, action)
            assert len(c.game.actions) > before
        else:
            qtbot.keyClick(window.view, K.Key_Space)


def test_after_each_key_the_focus_is_on_a_live_named_card_or_button(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 1: the focus never goes to the table panel after a card or a bid (Orca read
    the whole table again after every move); the description changes with its facts only."""
    window = make_window(seed=21)
    heard = listen(window, monkeypatch)
    table = QAccessible.queryAccessibleInterface(window.view)
    assert isinstance(table, TableAccessible)
    rng = random.Random(4)
    for _ in range(2):
        finish_hand_by_keys(qtbot, window, rng)
        qtbot.keyClick(window.view, K.Key_Return)  # Continue, focused at the hand's end
    window.notices.announcer.flush()
    assert heard.focus, "no focus event at all"
    for iface, name, valid in heard.focus:
        assert iface is not table, "the focus went to the table panel"
        assert valid and name, f"focus on a dead or unnamed object: {name!r}"
    # the description: rewritten a few times a hand (bidding round, trump, result), not per move
    moves = sum(1 for record in window.controller.game.records for _ in record.final.history)
    assert moves > 40
    assert len(heard.descriptions) <= 5 * len(window.controller.game.records), heard.descriptions
    assert not any("On the table" in text or "Your hand:" in text for text in heard.descriptions)


def test_the_description_is_spoken_on_the_w_key(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(seed=5)
    c = window.controller
    heard = listen(window, monkeypatch)
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    window.notices.announcer.flush()
    heard.said.clear()
    qtbot.keyClick(window.view, K.Key_W)
    window.notices.announcer.flush()
    description = QAccessible.queryAccessibleInterface(window.view).text(QAccessible.Text.Description)
    sides = description.split(". ")[-1].rstrip(".")  # "You and Nell against Wes and Ed"
    assert sides in heard.said[-1], (description, heard.said)


def test_the_hint_is_spoken(qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None) -> None:
    """Point 2: Ctrl+H's hint was shown over the table but never said."""
    window = make_window(seed=5)
    c = window.controller
    said: list[str] = []
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN)
    window.menus.act_hint.trigger()
    qtbot.waitUntil(lambda: any(text.startswith("Hint: ") for text in said), timeout=60000)


def test_enter_on_the_table_never_plays_a_card_nobody_named(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 3: with the focus back on the table (a dialog closed), Enter played the card
    focused minutes before, which Orca had not named again."""
    window = make_window(seed=5)
    c, view, keyboard = window.controller, window.view, window.scene.keyboard
    heard = listen(window, monkeypatch)
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    window.activateWindow()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    # the table gets the focus back: what Enter would play is named
    heard.focus.clear()
    view.clearFocus()
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    assert isinstance(keyboard.focus_key, Card)
    named = wording.hand_card(keyboard.focus_key, c.game.hand.trump, True)
    assert heard.focus and heard.focus[-1][1] == named, heard.focus
    # nothing focused on the table at all: Enter names a card and plays nothing
    keyboard.set_focus(None)
    heard.focus.clear()
    before = len(c.game.actions)
    qtbot.keyClick(view, K.Key_Return)
    assert len(c.game.actions) == before
    assert isinstance(keyboard.focus_key, Card) and heard.focus[-1][1].endswith("playable")
    qtbot.keyClick(view, K.Key_Return)  # and now Enter plays what was heard
    assert len(c.game.actions) > before


def lone_hand(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """The person goes alone whenever allowed; everyone else as the random player would."""
    alone = [a for a in legal if a.alone and a.kind in (ActionKind.ORDER_UP, ActionKind.CALL)]
    return alone[0] if alone else next((a for a in legal if a.kind is ActionKind.PASS), rng.choice(legal))


def test_a_lone_hand_is_said_with_its_partner_sitting_out_and_the_hands_shown(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Points 5 and 8: "went alone" said at the end, the partner sitting out said at the
    bid and by W, and the hands shown face up at the hand's end spoken."""
    window = make_window(seed=5)
    c = window.controller
    heard = listen(window, monkeypatch)
    rng = random.Random(2)
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_1)
    you = c.human_seat
    partner = window.controller.settings.name(you.partner)
    finish = False
    while not finish:
        stage = settle(qtbot, window)
        if stage is Stage.HUMAN:
            legal = c.game.legal_actions()
            action = lone_hand(c.game, legal, rng)
            play_by_keys(qtbot, window, action)
            if c.game.hand.alone and c.game.hand.maker is you and c.game.hand.phase is Phase.PLAY:
                finish = True
        else:
            qtbot.keyClick(window.view, K.Key_Space)
        assert len(c.game.records) == 0, "the person never had the chance to go alone"
    window.notices.announcer.flush()
    assert f"{partner} sits out this hand." in heard.transcript
    heard.said.clear()
    qtbot.keyClick(window.view, K.Key_W)
    window.notices.announcer.flush()
    assert "You alone against" in heard.said[-1] and f"{partner} sits out this hand" in heard.said[-1]
    finish_hand_by_keys(qtbot, window, rng)
    advance(qtbot, window, lambda: c.stage in (Stage.HAND_OVER, Stage.GAME_OVER))
    qtbot.waitUntil(lambda: "Score: us" in heard.transcript)
    window.notices.announcer.flush()
    end = heard.transcript[heard.transcript.rfind("You went alone") :]
    assert end.startswith("You went alone."), heard.transcript
    final = c.game.records[-1].final
    names = tuple(window.controller.settings.name(seat) for seat in Seat)
    from euchre_qt.engine.holdings import played_hands

    held = played_hands(final)
    for seat in Seat:
        if seat is not you:
            assert f"{names[seat]} held " in end
            assert all(wording.card_name(card, final.trump) in end for card in held[seat]), (seat, end)


def test_bowers_are_named_wherever_a_card_is_spoken() -> None:
    """Point 7, in the one function every card is named by."""
    names = ("You", "Wes", "Nell", "Ed")
    jh, js = Card.parse("JH"), Card.parse("JS")
    assert wording.card_name(jh, Suit.DIAMONDS) == "left bower (Jack of Hearts)"
    assert wording.card_name(js, Suit.SPADES) == "right bower (Jack of Spades)"
    assert wording.card_name(jh, Suit.SPADES) == wording.card_name(jh) == "Jack of Hearts"
    played = events.CardPlayed(seq=1, seat=Seat.EAST, card=jh, trick=1)
    assert wording.event_sentence(played, names, Seat.SOUTH, Suit.DIAMONDS) == (
        "Ed plays the left bower (Jack of Hearts)"
    )
    picked = events.DealerPickedUp(seq=2, dealer=Seat.WEST, card=js)
    assert wording.event_sentence(picked, names, Seat.SOUTH) == "Wes picks up the right bower (Jack of Spades)"
    assert wording.hand_card(js, Suit.CLUBS, True) == "left bower (Jack of Spades), trump, playable"
    assert wording.describe_action(play(jh), trump=Suit.HEARTS) == "play the right bower (Jack of Hearts)"
    assert wording.trick_fact([(Seat.WEST, jh)], names, Seat.SOUTH, Suit.DIAMONDS) == (
        "Wes: left bower (Jack of Hearts)"
    )


def test_bowers_are_named_as_the_table_announces_them(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 7 at the table: every jack of trump's colour played is said as a bower."""
    window = make_window(seed=21)
    heard = listen(window, monkeypatch)
    rng = random.Random(6)
    bowers = 0
    for _ in range(4):
        finish_hand_by_keys(qtbot, window, rng)
        qtbot.keyClick(window.view, K.Key_Return)
        final = window.controller.game.records[-1].final
        for _seat, action in final.history:
            if action.kind is ActionKind.PLAY and wording.bower_name(action.card, final.trump):
                bowers += 1
                window.notices.announcer.flush()
                assert f"the {wording.card_name(action.card, final.trump)}." in heard.transcript
        if bowers:
            break
    assert bowers, "no bower played in four hands"


def test_wording_for_the_person(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 9: no "You takes", no "?.", the window's title not changed with the score (a
    reader says it), and Undo names the move it took back."""
    window = make_window(seed=21)
    c = window.controller
    heard = listen(window, monkeypatch)
    titles: list[str] = []
    window.windowTitleChanged.connect(titles.append)
    rng = random.Random(4)
    finish_hand_by_keys(qtbot, window, rng)
    qtbot.keyClick(window.view, K.Key_Return)
    window.notices.announcer.flush()
    said = heard.transcript + " " + window.scene.describe()
    assert "You takes" not in said and "You wins" not in said
    assert "?." not in said
    assert all("us " not in title for title in titles), titles
    # Undo: "Move taken back: your Ace of Clubs."
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    card = next(a.card for a in c.game.legal_actions())
    trump = c.game.hand.trump
    before = len(c.game.actions)
    play_by_keys(qtbot, window, play(card))
    assert c.game.actions[before] == play(card)
    settle(qtbot, window)
    window.notices.announcer.flush()
    heard.said.clear()
    window.menus.act_undo_move.trigger()
    assert len(c.game.actions) == before
    qtbot.waitUntil(lambda: "Move taken back" in heard.transcript)
    window.notices.announcer.flush()
    assert f"Move taken back: your {wording.card_name(card, trump)}." in heard.transcript, heard.said
    # and the turn, yours again, is said again (with the focus on a card to play)
    qtbot.waitUntil(lambda: "Your turn" in heard.transcript.split("Move taken back")[-1])
    assert wording.taken_back(Action(ActionKind.CALL, suit=Suit.HEARTS, alone=True)) == (
        "Move taken back: your call of Hearts, alone"
    )


def item_names(widget: QWidget) -> list[str]:
    """What a reader says for each item of a list widget, as the accessibility tree has it."""
    iface = QAccessible.queryAccessibleInterface(widget)
    return [iface.child(i).text(QAccessible.Text.Name) for i in range(iface.childCount())]


def tab_chain(window: QWidget, start: QWidget, steps: int = 40) -> list[object]:
    """The widgets Tab reaches from ``start``, in order."""
    reached: list[object] = []
    widget = start
    for _ in range(steps):
        following = widget.nextInFocusChain()
        assert following is not None  # (Qt's focus chain is a ring)
        widget = following
        if widget is start:
            break
        if widget.isVisible() and widget.isEnabled() and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            reached.append(widget)
    return reached


def test_the_review_is_read_item_by_item_with_tab_and_the_arrows(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 4: the hands, the tricks, the decision and "The game so far" each a line a
    reader speaks; stepping past the last decision says so."""
    from euchre_qt.app.review import analysis_panel
    from euchre_qt.app.review.review_dialog import ReviewDialog

    monkeypatch.setattr(analysis_panel, "DEALS", 8)  # the grading's cost is not under test
    window = make_window(seed=21)
    c = window.controller
    advance(qtbot, window, lambda: len(c.game.records) >= 1 and not c.game.hand_actions)
    window.menus.act_review.trigger()
    review = window.opened[-1]
    assert isinstance(review, ReviewDialog)
    qtbot.addWidget(review)
    review.show()
    review.list.setCurrentRow(0)
    panel = review.analysis
    said: list[str] = []
    panel.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    qtbot.waitUntil(lambda: panel.current is not None, timeout=30000)
    assert review.lines is not None and panel.lines is not None  # (made with a reader listening)
    panel_lines = panel.lines
    reached = tab_chain(review, review.list)
    assert review.lines in reached and panel.lines in reached
    names = tuple(window.controller.settings.name(seat) for seat in Seat)
    hand = item_names(review.lines)
    assert any(line.startswith("Trick 1:") for line in hand), hand
    assert all(any(line.startswith(f"{name} (") for line in hand) for name in names), hand  # every hand
    final = c.game.records[0].final
    assert all(any(wording.card_name(card, final.trump) in line for line in hand) for card in final.tricks[0].cards)
    decision = item_names(panel.lines)
    graded = panel._graded()
    assert decision[0] == f"Decision 1 of {len(graded)}"
    assert any(line.startswith("This hand:") for line in decision)
    qtbot.waitUntil(lambda: any(line.startswith("The game so far") for line in item_names(panel_lines)))
    # the arrows step through the items; Right through the decisions, and past the last
    review.lines.setFocus()
    qtbot.keyClick(review.lines, Qt.Key.Key_Down)
    assert review.lines.currentRow() == 1
    for _ in range(len(graded) + 1):
        qtbot.keyClick(review, Qt.Key.Key_Right)
    panel.announcer.flush()
    assert " ".join(said).endswith("of the hand. That was the last decision of the hand."), said
    # stepping with the focus in the decision's list: its items rewritten in place (rebuilt,
    # Orca lost the focused item and said the whole dialog again), back on the first line
    review.activateWindow()
    panel.lines.setFocus()
    qtbot.waitUntil(panel.lines.hasFocus)
    panel.lines.setCurrentRow(2)
    first = panel.lines.item(0)
    qtbot.keyClick(review, Qt.Key.Key_Left)
    assert panel.lines.item(0) is first and panel.lines.currentRow() == 0
    assert first.text() == f"Decision {len(graded) - 1} of {len(graded)}"


def test_statistics_are_read_figure_by_figure(
    qtbot: QtBot, private_folders: dict[str, Path], screen_reader: None
) -> None:
    """Point 4: every statistic a line of a list the focus starts on."""
    from euchre_qt.app.stats.statistics import StatsStore
    from euchre_qt.app.stats.stats_dialog import StatsDialog, _rows

    store = StatsStore(private_folders["data"])
    dialog = StatsDialog(store)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.lines is not None and dialog.focusWidget() is dialog.lines
    lines = item_names(dialog.lines)
    assert lines[0] == "No games finished yet."
    for name, value in _rows(store.stats):
        assert f"{name}: {value}" in lines


def test_the_options_dialog_speaks_its_name_pages_slider_and_buttons(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point 6: named, and no tab selected while it is built (Orca 43 took that selection,
    read after the dialog showed, for the focus, and never said the dialog's name); no
    "layered pane" around a page; the speed slider says "Normal"; "Custom…" says what it
    is for."""
    from euchre_qt.app.window.options_dialog import OptionsDialog

    make_window(seed=1)  # (the window installs the accessibility factory)
    selected: list[object] = []
    send = QAccessible.updateAccessibility

    def record(event: QAccessibleEvent) -> None:
        if event.type() in (QAccessible.Event.Selection, QAccessible.Event.Focus):
            selected.append(event.object())
        send(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    # (a tab bar tells of its selection from C++: seen here as no reader listening while the
    # pages are added, which is when Qt's tab bar would send it)
    listening: list[bool] = []
    rules_tab = OptionsDialog._rules_tab

    def rules_tab_heard(self: OptionsDialog) -> QWidget:
        listening.append(QAccessible.isActive())
        return rules_tab(self)

    monkeypatch.setattr(OptionsDialog, "_rules_tab", rules_tab_heard)
    dialog = OptionsDialog(Settings())
    assert listening == [False] and QAccessible.isActive()
    assert not any(isinstance(o, QTabBar) for o in selected), selected
    qtbot.addWidget(dialog)
    dialog.show()
    iface = QAccessible.queryAccessibleInterface(dialog)
    assert iface.role() == QAccessible.Role.Dialog and iface.text(QAccessible.Text.Name) == "Options"
    roles: list[QAccessible.Role] = []

    def walk(node: QAccessibleInterface, depth: int = 0) -> None:
        roles.append(node.role())
        for i in range(node.childCount()):
            child = node.child(i)
            if child is not None and depth < 12:
                walk(child, depth + 1)

    walk(iface)
    assert QAccessible.Role.LayeredPane not in roles
    slider = QAccessible.queryAccessibleInterface(dialog.speed)
    assert "Normal" in slider.text(QAccessible.Text.Name)
    # (Orca names a labelled control by its label: the label says the speed too)
    assert QAccessible.queryAccessibleInterface(dialog.speed_caption).text(QAccessible.Text.Name) == (
        "Computer speed: Normal"
    )
    dialog.speed.setValue(0)
    assert slider.text(QAccessible.Text.Name) == "Computer speed: Instant"
    custom = next(b for b in dialog.findChildren(QPushButton) if b.text() == "Custom…")
    assert "backdrop" in QAccessible.queryAccessibleInterface(custom).text(QAccessible.Text.Name).lower()


def test_the_reviews_reasons_name_bowers() -> None:
    """Point 7 in the review: its reason and the better choice name a bower as one."""
    from euchre_qt.analysis import DecisionKind, DecisionReview, Grade
    from euchre_qt.analysis.results import Choice
    from euchre_qt.analysis.text import reason

    jh, nine = play(Card.parse("JH")), play(Card.parse("9C"))
    decision = DecisionReview(
        hand=0,
        move=9,
        seat=Seat.SOUTH,
        phase=Phase.PLAY,
        kind=DecisionKind.FOLLOW,
        chosen=nine,
        best=jh,
        choices=(Choice(jh, 1.2, 1.2, 0.6), Choice(nine, 0.4, 0.4, 0.5)),
        deals=64,
        margin=0.1,
        better_in=40,
        grade=Grade.MISTAKE,
    )
    said = reason(decision, Suit.DIAMONDS)
    assert said.startswith("Playing the left bower (Jack of Hearts) was better"), said
    assert reason(decision).startswith("Playing the Jack of Hearts was better")  # trump not given: as before
