"""A blind player's game: every event announced in order, focus always alive, every fact
on a key, the hand a real list (U14).

Qt sends accessibility events only while an assistive client is listening; these tests
switch that on (``QAccessible.setActive``) as a screen reader's arrival would.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from pytestqt.qtbot import QtBot

from euchre_qt.app.accessibility.table_access import HandAccessible
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, ActionKind, Card, Game, Phase, Seat, Suit, order_up, play
from euchre_qt.session import wording
from euchre_qt.session.wording import hand_card as spoken_card

from ..conftest import advance, settle
from ..table.test_keyboard import keys_for

K = Qt.Key


@pytest.fixture
def screen_reader() -> Iterator[None]:
    QAccessible.setActive(True)
    yield
    QAccessible.setActive(False)


def names_of(window: Any) -> tuple[str, ...]:
    return tuple(window.controller.settings.name(seat) for seat in Seat)


def focus_is_alive(window: Any) -> None:
    """The focus is on the table itself or on a card or button that is there to act on."""
    scene = window.scene
    key = scene.keyboard.focus_key
    assert key is None or key in scene.keyboard.focusables(), f"focus left on {key!r}"
    iface = QAccessible.queryAccessibleInterface(window.view)
    child = iface.focusChild()
    assert child is None or child.isValid()


def play_one_hand_by_keys(qtbot: QtBot, window: Any, rng: random.Random) -> None:
    """Bid with the letter keys and play each card by moving the focus and pressing Enter."""
    c, view, scene = window.controller, window.view, window.scene
    start = len(c.game.records)
    while len(c.game.records) == start:
        stage = settle(qtbot, window)
        focus_is_alive(window)
        if stage is Stage.HUMAN:
            legal = c.game.legal_actions()
            action = rng.choice(legal)
            before = len(c.game.actions)
            if action.card is not None:
                # your turn put the focus on your first playable card
                assert scene.keyboard.focus_key in {a.card for a in legal}
                for _ in range(12):
                    if scene.keyboard.focus_key is action.card:
                        break
                    qtbot.keyClick(view, K.Key_Right)
                assert scene.keyboard.focus_key is action.card
                qtbot.keyClick(view, K.Key_Return)
            else:
                assert isinstance(scene.keyboard.focus_key, str), "your turn to bid put the focus on a button"
                for key, mod in keys_for(window, action):
                    qtbot.keyClick(view, key, mod)
            assert len(c.game.actions) == before + 1 and c.game.actions[before] == action
            focus_is_alive(window)
        else:
            qtbot.keyClick(view, K.Key_Space)


def test_a_hand_played_by_keys_is_announced_in_order(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None
) -> None:
    window = make_window(seed=21)
    c = window.controller
    # what was said while the window opened (a computer may already have bid), then the rest
    said: list[str] = list(window.notices.announcer.history)
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    play_one_hand_by_keys(qtbot, window, random.Random(3))
    # the hand's end is said as the table shows it: with its summary
    advance(qtbot, window, lambda: c.stage in (Stage.HAND_OVER, Stage.GAME_OVER))
    window.notices.announcer.flush()
    record = c.game.records[0]
    final = record.final
    names = names_of(window)
    (you,) = c.people()
    transcript = " ".join(said)
    # every move, in play order
    at = 0
    for sentence in (wording.move_made(seat, action, final, names, you) for seat, action in final.history):
        found = transcript.find(sentence, at)
        assert found >= 0, f"not announced (in order): {sentence!r}\n{transcript}"
        at = found + len(sentence)
    # every trick's winner, after its last card
    for trick in final.tricks:
        last_seat, last_card = trick.plays[-1]
        after_card = transcript.find(wording.move_made(last_seat, play(last_card), final, names, you))
        won = transcript.find(" the trick. Tricks:", after_card)
        assert after_card >= 0 and won > after_card
        winner = "You win" if trick.winner is you else f"{names[trick.winner]} wins"
        assert transcript[:won].endswith(winner)
    assert wording.team_result(record.result, you.team) in transcript
    assert "Your turn" in transcript


def test_an_illegal_card_is_announced_assertively(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None
) -> None:
    window = make_window(seed=8)
    c, scene, view = window.controller, window.scene, window.view
    said: list[tuple[str, bool]] = []
    window.notices.announcer.spoken.connect(lambda text, assertive: said.append((text, assertive)))

    def must_follow() -> bool:
        if c.stage is not Stage.HUMAN or c.game.hand.phase is not Phase.PLAY:
            return False
        return len(c.game.legal_actions()) < len(c.game.hand.hands[c.human_seat])

    advance(qtbot, window, must_follow, rng=random.Random(1), new_games=True)
    legal = {a.card for a in c.game.legal_actions()}
    illegal = next(card for card in scene.keyboard.hand_cards() if card not in legal)
    scene.keyboard.set_focus(illegal)  # every card of the hand can be reached with a screen reader on
    before = len(c.game.actions)
    qtbot.keyClick(view, K.Key_Return)
    window.notices.announcer.flush()
    assert len(c.game.actions) == before
    # the refusal names the suit as the turn did ("follow Diamonds", never "follow suit")
    turn = re.search(r"Your turn: follow (\w+)\.", " ".join(text for text, _ in said))
    assert turn is not None, said
    assert said[-1] == (f"You must follow {turn.group(1)}.", True), said


def test_the_hand_is_a_list_of_every_card(qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None) -> None:
    window = make_window(seed=5)
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_1)
    iface = QAccessible.queryAccessibleInterface(window.view)
    lists = [iface.child(i) for i in range(iface.childCount()) if iface.child(i).role() == QAccessible.Role.List]
    assert len(lists) == 1 and isinstance(lists[0], HandAccessible)
    hand = lists[0]
    mine = c.game.hand.hands[c.human_seat]
    assert hand.childCount() == len(mine) == 5
    assert hand.text(QAccessible.Text.Name) == "Your hand, 5 cards"
    for i in range(hand.childCount()):
        item = hand.child(i)
        assert item is not None
        assert item.role() == QAccessible.Role.ListItem and item.state().focusable
        assert hand.indexOfChild(item) == i and item.parent() is hand
    # while bidding, the arrows walk over the cards too (then the buttons)
    focus = window.scene.keyboard.focusables()
    assert set(focus[:5]) == set(mine)


def test_trump_and_bowers_are_said_as_trump() -> None:
    assert spoken_card(Card.parse("JD"), Suit.HEARTS, True) == "left bower (Jack of Diamonds), trump, playable"
    right = "right bower (Jack of Hearts), trump, cannot be played now"
    assert spoken_card(Card.parse("JH"), Suit.HEARTS, False) == right
    assert spoken_card(Card.parse("9H"), Suit.HEARTS, None) == "Nine of Hearts, trump"
    assert spoken_card(Card.parse("JC"), Suit.HEARTS, None) == "Jack of Clubs"


def test_facts_on_keys(qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None) -> None:
    window = make_window(seed=5)
    c, view = window.controller, window.view
    said: list[str] = []
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    window.notices.announcer.flush()
    happened = said[-1]  # the last thing that happened: "... Your turn: lead a card."
    said.clear()
    for key in (K.Key_G, K.Key_B, K.Key_W, K.Key_N, K.Key_L):
        qtbot.keyClick(view, key)
        window.notices.announcer.flush()
    score, bids, turn, trick, last = said
    assert score.startswith("Score: us 0, them 0, playing to 10.") and "Trump is" in score
    assert any(word in bids for word in ("orders up", "picks up", "names", "order up", "pick up", "name"))
    assert "the dealer" in turn and "your turn" in turn.lower()
    assert trick.startswith("No cards on the table") or ":" in trick
    assert last.startswith("No trick has been played yet") or last.startswith("Last trick:")
    # R says again what last happened at the table, not the last fact asked for
    qtbot.keyClick(view, K.Key_R)
    window.notices.announcer.flush()
    assert said[-1] == happened and "Your turn" in happened


def test_no_announcement_reaches_qt_without_a_screen_reader(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """Sighted play is unchanged: with no reader listening, focus stays where the player left it."""
    window = make_window(seed=5)
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    assert window.scene.keyboard.focus_key is None
    assert all(isinstance(k, str) or window.scene.cards[k].playable for k in window.scene.keyboard.focusables())


def test_the_end_of_a_hand_is_said_in_order_before_the_next_deal(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None
) -> None:
    """Result, the dealer's discard (the summary shows it), score; the focus on Continue;
    the next deal only once the table shows it."""
    window = make_window(seed=5)
    c, view = window.controller, window.view
    said: list[str] = list(window.notices.announcer.history)
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))

    # so that the dealer picks up and discards
    def order_it_up(_game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return next((a for a in legal if a.kind is ActionKind.ORDER_UP and not a.alone), rng.choice(legal))

    advance(qtbot, window, lambda: c.stage is Stage.HAND_OVER, choose=order_it_up)
    record = c.game.records[0]
    final, (you,) = record.final, c.people()
    assert final.up_card_taken and final.discarded is not None
    qtbot.waitUntil(lambda: "Score: us" in " ".join(said))
    transcript = " ".join(said)
    result = transcript.find(wording.team_result(record.result, you.team))
    dealer, up, down = names_of(window)[final.dealer], final.up_card, final.discarded
    discard = transcript.find(
        f"{dealer} picked up the {wording.card_name(up)} and discarded the {wording.card_name(down)}"
    )
    score = transcript.find(f"Score: us {record.scores_after[0]}, them {record.scores_after[1]}.")
    assert 0 <= result < discard < score, transcript
    assert "the up-card is" not in transcript[result:], "the next deal said while the summary is up"
    assert window.scene.keyboard.focus_key == "continue"
    qtbot.keyClick(view, K.Key_Return)
    up = wording.card_name(c.game.hand.up_card)
    qtbot.waitUntil(lambda: f"deal; the up-card is the {up}" in " ".join(said)[len(transcript) :])


def test_the_dealer_picking_up_is_said_once_and_your_discard_with_its_card(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None
) -> None:
    window = make_window(seed=8)
    c = window.controller
    said: list[str] = list(window.notices.announcer.history)
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_1)
    assert c.game.hand.dealer is c.human_seat
    up = c.game.hand.up_card
    c.act(order_up())
    settle(qtbot, window)
    assert c.game.hand.phase is Phase.DISCARD
    down = c.game.legal_actions()[0]
    c.act(down)  # and your own discard is said with its card
    window.notices.announcer.flush()
    transcript = " ".join(said)
    assert f"You pick up the {wording.card_name(up)}." in transcript
    assert "pick it up." not in transcript.replace("Your turn: pick it up, or pass", "")
    assert f"You discard the {wording.card_name(down.card)}." in transcript


def test_no_focus_event_for_a_control_about_to_go(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reader reads what got the focus a moment later: by then it must still be there
    (P pressed on "Order up" once moved the focus to Pass, just before the buttons went;
    a hand thrown in put it on a Continue that went at once)."""
    window = make_window(seed=21)
    c, view = window.controller, window.view
    focused: list[QAccessibleInterface] = []
    send = QAccessible.updateAccessibility

    def record(event: QAccessibleEvent) -> None:
        if event.type() == QAccessible.Event.Focus:
            focused.append(event.accessibleInterface())
        send(event)

    monkeypatch.setattr(QAccessible, "updateAccessibility", record)
    for _ in range(2):  # pass in both rounds, with the focus moved off Pass first: thrown in
        assert settle(qtbot, window) is Stage.HUMAN
        qtbot.keyClick(view, K.Key_Right)
        focused.clear()
        qtbot.keyClick(view, K.Key_P)
        settle(qtbot, window)
        assert all(iface.isValid() for iface in focused), [
            (i.text(QAccessible.Text.Name), i.isValid()) for i in focused
        ]
    assert len(c.game.records) == 1 and not c.game.records[0].result.outcome.scored


def test_the_readme_lists_the_fact_keys() -> None:
    from pathlib import Path

    from euchre_qt.app.table.fact_keys import FACT_KEYS

    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    keyboard = readme.split("## Keyboard", 1)[1].split("\n## ", 1)[0]
    for key in FACT_KEYS:
        assert re.search(rf"(?<![+\w]){key} (the|who) ", keyboard), key  # not "Ctrl+R review"


def test_a_suit_button_is_described_in_words(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None
) -> None:
    window = make_window(seed=21)
    c = window.controller

    # (in seed 21's first deal, everyone passes the up-card)
    def pass_first(_game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return next((a for a in legal if a.kind is ActionKind.PASS), rng.choice(legal))

    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_2, choose=pass_first)
    iface = QAccessible.queryAccessibleInterface(window.view)
    buttons = [
        iface.child(i) for i in range(iface.childCount()) if iface.child(i).role() == QAccessible.Role.PushButton
    ]
    described = {b.text(QAccessible.Text.Name): b.text(QAccessible.Text.Description) for b in buttons}
    assert described["Clubs"] == "Clubs (C)", described


def test_the_last_trick_key_says_what_the_last_trick_dialog_shows_before_a_hands_first_trick(
    qtbot: QtBot, make_window: Callable[..., Any], screen_reader: None
) -> None:
    """In a later hand's first trick the last trick played is the hand before's last: the L
    key says it, as the Last Trick dialog shows it (the key used to say there was none)."""
    window = make_window(seed=5)
    c, view = window.controller, window.view
    said: list[str] = []
    window.notices.announcer.spoken.connect(lambda text, _assertive: said.append(text))
    advance(
        qtbot,
        window,
        lambda: (
            c.game.records and c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY and not c.game.hand.tricks
        ),
        rng=random.Random(3),
    )
    shown = window.dialogs.last_trick()
    assert shown is not None and shown == c.game.records[-1].final.tricks[-1]
    window.notices.announcer.flush()
    said.clear()
    qtbot.keyClick(view, Qt.Key.Key_L)
    window.notices.announcer.flush()
    assert said[-1].startswith("Last trick:")
    assert all(wording.card_name(card) in said[-1] for card in shown.cards)
