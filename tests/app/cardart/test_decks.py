"""Card decks (U13): euchre-qt's own, or a card theme installed on the system, chosen in
Options, kept in the settings and used at once. Themes are faked in a folder named by
EUCHRE_QT_CARDDECKS (as in test_cardart.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from euchre_qt.app.cardart.artsource import OWN_DECK_NAME, make_art
from euchre_qt.app.storage.settings import Settings, SettingsStore
from euchre_qt.app.window.options_dialog import OptionsDialog
from euchre_qt.engine import Seat

from ..conftest import settle
from .test_cardart import _fake_theme


@pytest.fixture
def decks_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "carddecks"
    folder.mkdir()
    monkeypatch.setenv("EUCHRE_QT_CARDDECKS", str(folder))
    make_art.cache_clear()  # an art per deck is kept: not one from another test's folder
    yield folder
    make_art.cache_clear()


def _options(window: Any, choose_deck: str | None) -> OptionsDialog:
    """Open Options… and accept it, choosing the deck with id ``choose_deck`` first."""
    seen: list[OptionsDialog] = []

    def run(dialog: OptionsDialog) -> int:
        seen.append(dialog)
        if choose_deck is not None:
            dialog.deck.setCurrentIndex(dialog.deck.findData(choose_deck))
        return 1

    window.dialogs.run_dialog = run
    window.dialogs.show_options()
    return seen[0]


def test_with_no_theme_installed_only_our_deck_is_offered(
    qtbot: QtBot, make_window: Callable[..., Any], decks_folder: Path
) -> None:
    window = make_window(seed=2)
    dialog = _options(window, None)
    assert [dialog.deck.itemText(i) for i in range(dialog.deck.count())] == [OWN_DECK_NAME]
    assert dialog.deck.itemData(0) == ""
    assert window.store.settings.card_deck == ""
    assert not window.menus.act_theme_back.isVisible()


def test_an_installed_theme_is_offered_used_at_once_and_kept(
    qtbot: QtBot, make_window: Callable[..., Any], decks_folder: Path, private_folders: dict[str, Path]
) -> None:
    _fake_theme(decks_folder)
    window = make_window(seed=2)
    settle(qtbot, window)
    south = window.controller.game.hand.hands[Seat.SOUTH][0]
    item = window.scene.cards[south]
    ours = item.pixmap().toImage()

    dialog = _options(window, "svg-fake")
    assert [dialog.deck.itemText(i) for i in range(dialog.deck.count())] == [OWN_DECK_NAME, "Fake deck"]
    # chosen in the dialog: used without a restart, and kept
    assert window.deck.art.theme is not None and window.deck.art.theme.id == "svg-fake"
    qtbot.waitUntil(lambda: item.pixmap().toImage() != ours, timeout=10000)  # drawn in the art's worker
    assert SettingsStore(private_folders["config"]).settings.card_deck == "svg-fake"
    # the theme's own back comes with it, in the dialog and in the Card Back menu
    assert window.store.settings.card_back == "theme" and window.store.settings.back == "theme"
    assert window.menus.act_theme_back.isVisible() and window.menus.act_theme_back.isChecked()

    # back to euchre-qt's own cards: the theme's back goes with the theme
    _options(window, "")
    assert window.deck.art.theme is None
    assert window.store.settings.back != "theme"
    assert not window.menus.act_theme_back.isVisible()
    qtbot.waitUntil(lambda: item.pixmap().toImage() == ours, timeout=10000)


def test_a_deck_no_longer_installed_gives_our_cards_and_a_warning(
    qtbot: QtBot, make_window: Callable[..., Any], decks_folder: Path, private_folders: dict[str, Path]
) -> None:
    store = SettingsStore(private_folders["config"])
    store.save(Settings(card_deck="uninstalled-deck", card_back="theme"))
    window = make_window(seed=2)
    settle(qtbot, window)
    assert window.deck.art.theme is None
    assert any("uninstalled-deck" in text and "cannot be used" in text for kind, text in window.notices.messages)
    assert window.store.settings.card_deck == ""
    assert window.store.settings.back != "theme"


def test_deck_setting_is_validated() -> None:
    from euchre_qt.app.storage.settings import BadValue, convert

    assert convert("card_deck", " svg-nicu-white ") == "svg-nicu-white"
    for bad in ("../etc", "a/b", "x" * 300):
        with pytest.raises(BadValue):
            convert("card_deck", bad)
