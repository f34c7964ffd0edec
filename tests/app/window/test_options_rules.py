"""The options dialog's rules tab is made from the engine's rule options: one control per
option, each showing and returning its value, each with its own access key."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QSpinBox
from pytestqt.qtbot import QtBot

from euchre_qt.app.storage.settings import PLAYER_KINDS, PLAYER_LABELS, Settings
from euchre_qt.app.window.options_dialog import OptionsDialog, with_access_key
from euchre_qt.engine.ai.registry import COMPUTER_PLAYERS
from euchre_qt.engine.rules import RULE_OPTIONS, FarmersHand, Rules
from tests.engine.helpers import EVERY_RULE_CHANGED


def test_every_rule_option_has_a_control_that_shows_and_returns_it(qtbot: QtBot) -> None:
    assert all(getattr(EVERY_RULE_CHANGED, o.name) != o.default for o in RULE_OPTIONS)
    dialog = OptionsDialog(Settings(rules=EVERY_RULE_CHANGED))
    qtbot.addWidget(dialog)
    assert list(dialog.rule_widgets) == [o.name for o in RULE_OPTIONS]
    assert dialog.result_settings().rules == EVERY_RULE_CHANGED
    dialog.restore_defaults()
    assert dialog.result_settings().rules == Rules()
    farmer = dialog.rule_widgets["farmers_hand"]
    assert isinstance(farmer, QComboBox)
    farmer.setCurrentIndex(farmer.findText("Farmer's hand: only 9s and 10s"))
    assert dialog.result_settings().rules.farmers_hand is FarmersHand.NINES_TENS


def test_the_rules_tab_has_an_access_key_for_each_control_and_none_twice(qtbot: QtBot) -> None:
    dialog = OptionsDialog(Settings())
    qtbot.addWidget(dialog)
    page = dialog.tabs.widget(0)
    assert page is not None
    texts = [w.text() for w in page.findChildren(QCheckBox)] + [
        w.text() for w in page.findChildren(QLabel) if w.buddy() is not None
    ]
    keys = [m.group(1).lower() for t in texts if (m := re.search(r"&(\w)", t))]
    assert len(keys) == len(RULE_OPTIONS) == len(set(keys))

    def access_key(text: str) -> str:
        found = re.search(r"&(\w)", text)
        assert found is not None, text
        return found.group(1).lower()

    tab_keys = {access_key(dialog.tabs.tabText(i)) for i in range(dialog.tabs.count())}
    assert not tab_keys & set(keys)
    spin = dialog.rule_widgets["points_to_win"]
    assert isinstance(spin, QSpinBox) and (spin.minimum(), spin.maximum()) == (5, 11)


def test_an_access_key_goes_to_a_free_word_start_first() -> None:
    taken = set("rpt")
    assert with_access_key("Points to win", taken) == "Points to &win"
    assert with_access_key("Wind", taken) == "W&ind"
    assert with_access_key("wi", taken) == "wi"  # every letter taken: no key


def test_the_seats_offer_a_person_and_the_computer_players_meant_for_seats() -> None:
    offered = [k for k in COMPUTER_PLAYERS if k.seat]
    assert PLAYER_KINDS == ("person", *(k.name for k in offered)) == ("person", "novice", "advanced")
    assert [PLAYER_LABELS[k] for k in PLAYER_KINDS] == ["Person", "Novice", "Advanced"]
