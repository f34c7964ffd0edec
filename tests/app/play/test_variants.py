"""Rule variants and table options as the person meets them in the window."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from pytestqt.qtbot import QtBot

from euchre_qt.app.table import durations
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, Game, Phase, Seat, Suit, sort_hand
from euchre_qt.engine.actions import ActionKind

from ..conftest import advance, play_game_by_clicking


def test_every_rule_variant_played_through_the_window(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    """Stick the dealer, lone defender, farmer's hand, joker, 7 points: a whole game by clicking."""
    window = make_window(
        seed=606,
        stick_the_dealer=True,
        lone_defender=True,
        doubled_alone_euchre=True,
        joker=True,
        farmers_hand="ace-no-face",
        dealer_may_discard_up_card=False,
        points_to_win=7,
    )
    c = window.controller
    assert c.game.rules.joker and c.game.rules.points_to_win == 7
    play_game_by_clicking(qtbot, window, random.Random(12))
    game = c.game
    again = Game.replay(game.rules, game.seed, game.first_dealer, game.actions)
    assert again.scores == game.scores and max(game.scores) >= 7


def test_stick_the_dealer_forbids_the_dealers_pass(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    seed = next(s for s in range(100) if Game(seed=s).first_dealer is Seat.SOUTH)
    # people in every seat (hot seat): everyone passes, and the dealer, South, is stuck
    window = make_window(
        seed=seed, stick_the_dealer=True, player_west="person", player_north="person", player_east="person"
    )
    c = window.controller

    def dealer_stuck() -> bool:
        hand = c.game.hand
        return c.stage is Stage.HUMAN and hand.phase is Phase.BIDDING_2 and hand.dealer is Seat.SOUTH is c.game.turn

    def pass_whenever_possible(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
        passes = [a for a in legal if a.kind is ActionKind.PASS]
        return passes[0] if passes else rng.choice(legal)

    advance(qtbot, window, dealer_stuck, choose=pass_whenever_possible, limit=20)
    buttons = window.scene.buttons
    assert buttons["pass"].isVisible() and not buttons["pass"].enabled
    up = c.game.hand.up_card.suit
    assert not buttons[f"call_{up.letter}"].enabled  # the turned-down suit
    assert all(buttons[f"call_{s.letter}"].enabled for s in Suit if s is not up)
    n = len(c.game.actions)
    from ..conftest import click_item

    click_item(qtbot, window, buttons["pass"])
    assert len(c.game.actions) == n  # nothing happened


def test_round_two_alone_call_by_buttons(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3)
    c = window.controller

    def pass_round_one(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
        return legal[0]  # pass (round 1 and 2)

    advance(
        qtbot,
        window,
        lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.BIDDING_2,
        new_games=True,
        choose=pass_round_one,
    )
    from ..conftest import click_item

    buttons = window.scene.buttons
    suit = next(s for s in Suit if buttons[f"call_{s.letter}"].enabled)
    click_item(qtbot, window, buttons["alone"])
    assert buttons["alone"].checked
    seat = c.human_seat
    click_item(qtbot, window, buttons[f"call_{suit.letter}"])
    hand = c.game.hand if c.game.hand.maker is not None else c.game.records[-1].final
    assert hand.maker is seat and hand.alone and hand.trump is suit


def test_sort_by_trump_and_four_colour_deck(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=8, sort_by_trump=True)
    c = window.controller
    advance(
        qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY and c.human_seat is Seat.SOUTH
    )
    hand = c.game.hand
    shown = sorted(
        (i for i in window.scene.cards.values() if i.isVisible() and i.data(1) == int(Seat.SOUTH)), key=lambda i: i.x()
    )
    assert [i.card for i in shown] == sort_hand(hand.hands[Seat.SOUTH], hand.trump)
    face = shown[0]
    before = face.pixmap().toImage()
    window.menus.act_four_colour.trigger()
    assert window.store.settings.four_colour
    if face.card.suit in (Suit.CLUBS, Suit.DIAMONDS):
        assert face.pixmap().toImage() != before


def test_animations_follow_the_speed_setting(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    assert durations.duration("play", 0) == 0 and durations.duration("collect", 0) == 0
    assert durations.duration("play", 1) < durations.duration("play", 3) < durations.duration("play", 4)
    window = make_window(seed=5, speed=3)
    c, scene = window.controller, window.scene
    # the deal is animated at normal speed
    assert scene.animating
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    card = next(a.card for a in c.game.legal_actions())
    c.click_card(card)
    assert scene.animating and scene.animator.duration_ms >= durations.duration("play", 3)
    qtbot.waitUntil(lambda: not scene.animating, timeout=5000)
    item = scene.cards[card]
    assert item.isVisible() and item.face_up
    # at Instant there is no animation at all
    window.settings_applied.change(speed=0)
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    c.click_card(next(a.card for a in c.game.legal_actions()))
    assert not scene.animating
