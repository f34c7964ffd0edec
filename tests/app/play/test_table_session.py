"""The window plays through the table session: each move is judged and applied once, and the
session's events reach the window in order, telling the game the engine played."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from euchre_qt.app.table.state import Stage
from euchre_qt.engine import Card, HandState, Phase
from euchre_qt.session import events

from ..conftest import advance, click_item


def test_a_persons_move_is_applied_once_and_a_refused_one_not_at_all(
    qtbot: QtBot, make_window: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = make_window(seed=11)
    c = window.controller
    applied: list[Any] = []
    real_apply = HandState.apply

    def counting(self: HandState, action: Any) -> HandState:
        applied.append(action)
        return real_apply(self, action)

    def cannot_play() -> list[Card]:
        """The person's cards that may not be played now (they must follow suit)."""
        if c.stage is not Stage.HUMAN or c.game.hand.phase is not Phase.PLAY:
            return []
        legal = {a.card for a in c.game.legal_actions()}
        return [card for card in c.game.hand.hands[c.human_seat] if card not in legal]

    advance(qtbot, window, lambda: bool(cannot_play()), rng=random.Random(1), new_games=True)
    monkeypatch.setattr(HandState, "apply", counting)
    before = len(c.game.actions)
    click_item(qtbot, window, window.scene.cards[cannot_play()[0]])
    assert len(c.game.actions) == before
    assert len(applied) == 1  # the engine judged it once, and nothing changed
    assert window.notices.messages[-1][1].startswith("You must follow ")
    del applied[:]
    action = c.game.legal_actions()[0]
    assert c.act(action) is None
    assert applied == [action]  # no dry run before the real move
    assert c.game.actions[-1] == action


def test_the_windows_events_tell_the_game(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=7, player_south="novice")
    c = window.controller
    heard: list[events.Event] = []
    c.presenter.at_once(heard.append)
    c.new_game(seed=7)
    advance(qtbot, window, lambda: c.game.is_over or len(c.game.records) >= 2)
    seqs = [e.seq for e in heard]
    assert seqs == list(range(seqs[0], seqs[0] + len(seqs)))
    assert isinstance(heard[0], events.TableReset) and heard[0].why == "new game"
    played = [(e.seat, e.card) for e in heard if isinstance(e, events.CardPlayed)]
    engine = [
        (s, a.card) for r in c.game.records for s, a in r.final.history if a.card is not None and a.kind.value == "play"
    ]
    assert played[: len(engine)] == engine
    ended = [e for e in heard if isinstance(e, events.HandEnded)]
    assert [e.scores for e in ended] == [r.scores_after for r in c.game.records]


def test_the_table_shows_the_tricks_and_hands_the_session_told(qtbot: QtBot, make_window: Callable[..., Any]) -> None:
    window = make_window(seed=5, trick_clearing="click")
    c = window.controller
    won: list[events.TrickWon] = []
    c.presenter.at_once(lambda e: won.append(e) if isinstance(e, events.TrickWon) else None)
    tricks_shown: list[Any] = []
    summaries: list[Any] = []

    def look() -> None:
        if c.stage is Stage.TRICK and (not tricks_shown or tricks_shown[-1] is not c.pending_trick):
            tricks_shown.append(c.pending_trick)
        if c.stage is Stage.HAND_OVER and (not summaries or summaries[-1] is not c.display):
            summaries.append(c.display)

    c.changed.connect(look)
    c.new_game(seed=5)
    advance(qtbot, window, lambda: len(summaries) >= 2 and c.stage is Stage.HUMAN)
    assert [(t.plays, t.winner) for t in tricks_shown] == [(e.plays, e.winner) for e in won]
    assert tricks_shown and all(any(shown is r.final for r in c.game.records) for shown in summaries)
