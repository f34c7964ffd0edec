"""What a player sees of the play as it happens: each computer seat's level, the winning
card of a trick, the last trick at Instant speed, a partner sitting out, the game's end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, Game, Phase, Seat, strength
from euchre_qt.engine.actions import ActionKind

from ..conftest import advance, click_item, play_by_clicking, settle


def test_each_computer_seat_says_its_level(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3, player_north="advanced")
    settle(qtbot, window)
    badges = window.scene.seats.badges
    assert badges[Seat.NORTH].toolTip() == "Nell — computer player: Advanced"
    assert badges[Seat.WEST].toolTip() == "Wes — computer player: Novice"
    assert "computer" not in badges[Seat.SOUTH].toolTip()
    window.settings_applied.change(they_see_all=True)
    assert badges[Seat.EAST].toolTip() == "Ed — computer player: Novice, sees every card"


def _lose(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Both of us pass every bid and play at random: they soon win, often without our scoring."""
    passes = [a for a in legal if a.kind is ActionKind.PASS]
    return passes[0] if passes else rng.choice(legal)


@pytest.mark.parametrize("size", [(1, 1), (800, 600)], ids=["minimum", "800x600"])
def test_the_game_over_headline_stays_on_one_line(
    qtbot: QtBot, make_window: Callable[..., Any], size: tuple[int, int]
) -> None:
    window = make_window(seed=2, size=size, points_to_win=5, player_north="person")
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.GAME_OVER and c.game.is_slam, new_games=True, choose=_lose)
    qtbot.waitUntil(lambda: window.scene.summary_panel.isVisible())
    first = window.scene.summary_panel.text.document().firstBlock()
    assert first.text() == "Slam! They win"
    assert first.layout().lineCount() == 1


def _alone(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
    alone = [a for a in legal if a.alone]
    return alone[0] if alone else rng.choice(legal)


def test_a_partner_sitting_out_lays_the_cards_in_a_pile_marked_sits_out(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=4)
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.alone, new_games=True, choose=_alone)
    qtbot.waitUntil(lambda: not window.scene.animating)
    hand = c.game.hand
    (out,) = hand.sitting_out
    items = [window.scene.cards[card] for card in hand.hands[out]]
    assert all(i.isVisible() and not i.face_up and i.opacity() == 1.0 for i in items)
    pile = items[0].sceneBoundingRect()
    for item in items:
        pile = pile.united(item.sceneBoundingRect())
    assert pile.width() < window.scene.layout.card_width * 1.3  # one pile, not a blur of backs
    tag = window.scene.seats.out_tags[out]
    assert tag.isVisible() and tag.shown_lines() == ["Sits out"]
    assert pile.contains(tag.pill_scene_rect().center())


def test_the_winning_card_lights_up_before_the_trick_is_gathered(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=6, trick_clearing="click")
    c = window.controller
    advance(qtbot, window, lambda: c.stage is Stage.TRICK)
    qtbot.waitUntil(lambda: not window.scene.animating)
    trick = c.pending_trick
    lit = [card for card, item in window.scene.cards.items() if item.isVisible() and item.lit]
    assert lit == [dict(trick.plays)[trick.winner]]
    click_item(qtbot, window, window.scene.buttons["continue"])
    settle(qtbot, window)
    assert not any(item.lit for item in window.scene.cards.values())


def _win_tricks(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """South orders up and goes alone, then leads its best: South soon takes a trick and leads."""
    alone = [a for a in legal if a.alone]
    if alone:
        return alone[0]
    plays = [(a.card, a) for a in legal if a.card is not None]
    if plays:
        return max(plays, key=lambda play: strength(play[0], game.hand.trump))[1]
    return rng.choice(legal)


def test_at_instant_speed_the_last_trick_stays_until_the_next_card_is_played(
    qtbot: QtBot, make_window: Callable[..., Any]
) -> None:
    window = make_window(seed=5, speed=0, trick_clearing="auto")
    c = window.controller
    scene = window.scene

    def leading_after_a_trick() -> bool:
        hand = c.game.hand
        return c.stage is Stage.HUMAN and hand.phase is Phase.PLAY and not hand.trick and bool(hand.tricks)

    advance(qtbot, window, leading_after_a_trick, new_games=True, choose=_win_tricks)
    last = c.game.hand.tricks[-1]
    for seat, card in last.plays:
        item = scene.cards[card]
        assert item.isVisible() and item.data(2) == "trick", f"{card} was gathered before anyone saw it"
        assert item.pos() == scene.layout.trick_pos(seat)
        assert item.lit == (seat is last.winner)
    play_by_clicking(qtbot, window, c.game.legal_actions()[0])
    qtbot.waitUntil(lambda: all(not scene.cards[card].isVisible() for _, card in last.plays))
