"""What the table shows (U1): the up-card, each bid as it is made, trump with its maker,
the dealer, whose turn, the trick at its compass points; and how it is drawn (U13): laid
out again on resize, suits in the deck's colours. Statistics across runs (U10)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from euchre_qt.app.stats.statistics import StatsStore
from euchre_qt.app.table.panel_html import suit_ink
from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Action, Game, Outcome, Phase, Seat, Suit
from euchre_qt.engine.actions import ActionKind
from euchre_qt.session.wording import SUIT_NAMES, bid_label

from ..conftest import advance, settle


def _pass_first(game: Game, legal: tuple[Action, ...], rng: random.Random) -> Action:
    """Pass in the bidding (round 1 and 2), random otherwise."""
    passes = [a for a in legal if a.kind is ActionKind.PASS]
    return passes[0] if passes and game.hand.phase in (Phase.BIDDING_1, Phase.BIDDING_2) else rng.choice(legal)


def test_the_table_shows_the_up_card_bids_trump_dealer_and_turn(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=8)
    c, scene = window.controller, window.scene

    def bidding(phase: Phase) -> Callable[[], bool]:
        return lambda: c.stage is Stage.HUMAN and c.game.hand.phase is phase

    advance(qtbot, window, bidding(Phase.BIDDING_1), new_games=True, choose=_pass_first)
    qtbot.waitUntil(lambda: not scene.animating)
    hand = c.game.hand
    # the up-card face up on the kitty, named in the trump panel
    up = scene.cards[hand.up_card]
    assert up.isVisible() and up.face_up and up.data(2) == "kitty"
    assert "Round 1" in scene.seats.info_panel.plain_text()
    assert f"Dealer: {window.store.settings.name(int(hand.dealer))}" in scene.seats.info_panel.plain_text()
    # the dealer's chip, the person's turn, and every bid made so far on its seat's badge
    assert [seat for seat in Seat if scene.seats.badges[seat].dealer] == [hand.dealer]
    assert [seat for seat in Seat if scene.seats.badges[seat].turn] == [Seat.SOUTH]
    for seat, action, _round in hand.bids:
        assert scene.seats.badges[seat].bid == bid_label(action, seat is hand.dealer) == "Pass"
    # round 2: the up-card is turned down
    advance(qtbot, window, bidding(Phase.BIDDING_2), new_games=True, choose=_pass_first)
    qtbot.waitUntil(lambda: not scene.animating)
    hand = c.game.hand
    assert scene.cards[hand.up_card].isVisible() and not scene.cards[hand.up_card].face_up
    assert "turned down" in scene.seats.info_panel.plain_text()
    # play: trump, who made it and whether alone; the maker's badge says so
    playing = lambda: c.stage is Stage.HUMAN and len(c.game.hand.trick) >= 2 and c.game.hand.trump is not None  # noqa: E731
    advance(qtbot, window, playing)
    qtbot.waitUntil(lambda: not scene.animating)
    hand = c.game.hand
    text = scene.seats.info_panel.plain_text()
    maker = window.store.settings.name(int(hand.maker))
    assert f"Trump {hand.trump.symbol} {SUIT_NAMES[hand.trump]}" in text and f"Made by {maker}" in text
    assert ("alone" in text) == hand.alone
    assert scene.seats.badges[hand.maker].bid.startswith(f"{hand.trump.symbol} maker")
    assert not scene.cards[hand.up_card].isVisible() or scene.cards[hand.up_card].data(2) != "kitty"
    # the trick in the middle, each card on its player's side
    lay = scene.layout
    for seat, card in hand.trick:
        item = scene.cards[card]
        assert item.isVisible() and item.face_up and item.pos() == lay.trick_pos(seat)
    n, s, w, e = (lay.trick_pos(seat) for seat in (Seat.NORTH, Seat.SOUTH, Seat.WEST, Seat.EAST))
    assert n.y() < w.y() < s.y() and w.x() < n.x() < e.x()
    assert abs(n.x() - s.x()) < 1 and abs(w.y() - e.y()) < 1
    won = hand.tricks_won
    assert f"Tricks: us {won[0] + won[2]} · them {won[1] + won[3]}" in scene.seats.score_panel.plain_text()


def test_the_table_lays_itself_out_again_on_resize(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=5, size=(900, 640))
    c, scene = window.controller, window.scene
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.phase is Phase.PLAY)
    qtbot.waitUntil(lambda: not scene.animating)
    for size in ((1400, 950), (800, 600)):
        before = scene.layout.card_width
        window.resize(*size)
        vp = window.view.viewport()

        def laid_out(vp: QWidget = vp) -> bool:
            return (scene.layout.w, scene.layout.h) == (vp.width(), vp.height())

        qtbot.waitUntil(laid_out)
        qtbot.waitUntil(lambda: not scene.animating)
        assert (scene.layout.card_width > before) == (size[0] > 900)
        assert scene.sceneRect().width() == vp.width()
        south = [scene.cards[card] for card in c.game.hand.hands[Seat.SOUTH]]
        for item in south:
            assert scene.sceneRect().contains(item.sceneBoundingRect())
            assert abs(item.y() - scene.layout.south_y) < scene.layout.ch * 0.2
            assert abs(item.sceneBoundingRect().width() - scene.layout.card_width) <= 1
        # the crisp pixmaps for the new size follow
        qtbot.waitUntil(lambda: scene.faces.crisp_width == scene.layout.card_width, timeout=3000)


def test_the_four_colour_deck_colours_the_suits_in_the_text_too(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=3)
    c, scene = window.controller, window.scene
    advance(qtbot, window, lambda: c.stage is Stage.HUMAN and c.game.hand.trump is not None, choose=None)
    buttons = scene.buttons
    assert buttons["call_D"].ink == QColor(suit_ink(Suit.DIAMONDS)) == buttons["call_H"].ink
    assert buttons["call_C"].ink == buttons["call_S"].ink
    window.menus.act_four_colour.trigger()
    inks = {suit: buttons[f"call_{suit.letter}"].ink.name() for suit in Suit}
    assert len(set(inks.values())) == 4  # clubs green, diamonds blue: as on the cards
    assert inks[Suit.DIAMONDS] == suit_ink(Suit.DIAMONDS, four_colour=True)
    trump = c.game.hand.trump
    assert suit_ink(trump, four_colour=True, dark=True) in scene.seats.info_panel.text.toHtml()


def test_a_local_game_resumed_from_its_save_counts_each_hand_once(private_folders: dict[str, Path]) -> None:
    """Game 31 saved after two hands and resumed: its hands are named by its seed and deal
    number, as before network games had names of their own, so the two before the save
    count once however often they are told."""
    moves = random.Random(4)
    store = StatsStore(private_folders["data"])
    game = Game(seed=31)
    while len(game.records) < 2:
        game.apply(moves.choice(game.legal_actions()))
    store.record_hands(game, game.records)
    resumed = Game.from_json(game.to_json())  # the autosave, read back
    while not resumed.is_over:
        resumed.apply(moves.choice(resumed.legal_actions()))
    store.record_hands(resumed, resumed.records)  # every hand of the game, the two counted already among them
    played = [r for r in resumed.records if r.result.outcome is not Outcome.MISDEAL]
    assert resumed.seed == 31 and store.stats.hands_played == len(played) > 2


def test_statistics_are_kept_across_runs_and_a_game_counts_once(
    qtbot: QtBot, make_window: Callable[..., Any], private_folders: dict[str, Path]
) -> None:
    window = make_window(seed=31)
    c = window.controller
    settle(qtbot, window)
    window.menus.act_autoplay.trigger()
    qtbot.waitUntil(lambda: c.stage is Stage.GAME_OVER, timeout=60000)
    stats = window.files.stats.stats
    assert stats.games == 1 and len(stats.recent) == 1
    hands = stats.hands_played
    # take the last hand back and finish the game again: it still counts as one game
    window.menus.act_undo.trigger()
    qtbot.waitUntil(lambda: c.stage is Stage.GAME_OVER, timeout=60000)
    assert stats.games == 1 and len(stats.recent) == 1 and stats.hands_played == hands
    window.menus.act_autoplay.trigger()
    assert window.files.writer.flush()
    # the next run reads the same numbers from the user data folder
    again = StatsStore(private_folders["data"]).stats
    assert again == stats and again.games == 1 and again.hands_played == hands >= 1
