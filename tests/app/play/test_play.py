"""A whole game through the window: the person clicks cards and buttons where they are
drawn, the computer seats think in their worker thread, and the result is the engine's."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Game, Phase, Seat

from ..conftest import click_item, play_game_by_clicking, settle


def test_whole_game_by_clicking_matches_the_engine(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=2024, trick_clearing="click")
    c = window.controller
    moves = play_game_by_clicking(qtbot, window, random.Random(3))
    game = c.game
    assert c.stage is Stage.GAME_OVER
    assert moves > 10
    assert game.is_over and max(game.scores) >= 10
    # the engine, replaying the same moves from the same seed, agrees
    again = Game.replay(game.rules, game.seed, game.first_dealer, game.actions)
    assert again.scores == game.scores and again.winner == game.winner
    # the table shows the final score, and the computer seats really thought in the worker
    panel = window.scene.seats.score_panel.plain_text().splitlines()  # "Us (You & North)", "10", "Them (…)", "7", …
    shown = {line.split()[0]: panel[i + 1] for i, line in enumerate(panel) if line.startswith(("Us ", "Them "))}
    assert shown == {"Us": str(game.scores[0]), "Them": str(game.scores[1])}, panel
    assert len(c.computer.times) > 20
    # the game over panel offers a new game, which starts from nothing
    button = window.scene.buttons["new_game"]
    assert button.isVisible()
    click_item(qtbot, window, button)
    settle(qtbot, window)
    # a game of its own from 0-0 (its first hand may be over already: North alone, South sitting out)
    assert c.game is not game and c.game.start_scores == (0, 0)


def test_illegal_card_gets_a_message_and_a_beep(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=11, sound=True)
    c = window.controller
    rng = random.Random(1)
    # play until the person must follow suit and holds a card that may not be played
    for _ in range(400):
        stage = settle(qtbot, window)
        if stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY:
            hand = c.game.hand.hands[c.human_seat]
            legal = {a.card for a in c.game.legal_actions()}
            illegal = [card for card in hand if card not in legal]
            if illegal:
                item = window.scene.cards[illegal[0]]
                assert item.playable is False  # drawn dimmed
                before = len(c.game.actions)
                click_item(qtbot, window, item)
                assert len(c.game.actions) == before
                kind, text = window.notices.messages[-1]
                assert kind == "illegal" and text.startswith("You must follow ")
                assert window.sound.played[-1] == "warn"
                assert window.scene.toast.isVisible()
                return
        if stage is Stage.HUMAN:
            c.act(rng.choice(c.game.legal_actions()))
        elif stage is Stage.GAME_OVER:
            c.new_game()
        else:
            c.continue_()
    raise AssertionError("never had to follow suit")


def test_right_click_continues_and_dealer_discards_by_clicking(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=5, trick_clearing="click")
    c = window.controller
    rng = random.Random(9)
    saw_discard = saw_trick_wait = False
    for _ in range(2000):
        stage = settle(qtbot, window)
        if stage is Stage.TRICK:
            saw_trick_wait = True
            qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.RightButton)
            continue
        if stage is Stage.HUMAN and c.game.hand.phase is Phase.DISCARD:
            hand = c.game.hand.hands[c.human_seat]
            assert len(hand) == 6
            click_item(qtbot, window, window.scene.cards[hand[0]])
            assert c.game.hand.discarded is hand[0]
            saw_discard = True
        elif stage is Stage.HUMAN:
            legal = c.game.legal_actions()
            # order up whenever South deals, to reach a discard quickly
            if c.game.hand.phase is Phase.BIDDING_1 and c.game.hand.dealer is Seat.SOUTH and c.human_seat is Seat.SOUTH:
                c.act(legal[1])
            else:
                c.act(rng.choice(legal))
        elif stage is Stage.GAME_OVER:
            c.new_game()
        else:
            c.continue_()
        if saw_discard and saw_trick_wait:
            return
    raise AssertionError((saw_discard, saw_trick_wait))
