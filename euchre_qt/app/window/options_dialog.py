"""Options… (U6): every rule option, who sits where, and how the table behaves."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ...engine.ai.registry import COMPUTER_PLAYERS
from ...engine.rules import RULE_OPTIONS, RuleOption, Rules
from ..accessibility.screen_reader import no_accessibility_events
from ..cardart.artsource import Art, backs, decks, default_back
from ..cardart.backs import THEME_BACK
from ..storage.settings import PLAYER_KINDS, PLAYER_LABELS, SEATS, SPEED_LABELS, Settings, validate
from ..storage.settings_file import BACKDROPS

THEME_BACK_LABEL = "The deck's own back"
_BACK_ICON = 22  # the card-back previews in the list, in pixels (the row keeps its height)
SEAT_LABELS = {"south": "South (you)", "west": "West", "north": "North (partner)", "east": "East"}
RuleWidget = QCheckBox | QSpinBox | QComboBox


def with_access_key(text: str, taken: set[str]) -> str:
    """``text`` with an ``&`` before the first letter no other control uses (a word's first
    letter if one is free), which joins ``taken``; unchanged if every letter is taken."""
    starts = [i for i, ch in enumerate(text) if ch.isalpha() and (i == 0 or not text[i - 1].isalpha())]
    for i in (*starts, *range(len(text))):
        letter = text[i].lower()
        if text[i].isalpha() and letter not in taken:
            taken.add(letter)
            return f"{text[:i]}&{text[i:]}"
    return text


def _swatch(colour: str) -> QIcon:
    pm = QPixmap(28, 18)
    pm.fill(QColor(colour))
    return QIcon(pm)


class OptionsDialog(QDialog):
    def __init__(self, settings: Settings, art: Art | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Options")
        self.setObjectName("optionsDialog")
        self._settings = settings
        self._art = art
        tabs = QTabWidget()
        tabs.setAccessibleName("Option pages")
        with no_accessibility_events():
            # the first tab becoming the current one is sent as a selection; Orca 43, which
            # reads it after the dialog shows, took it for the focus and never said the
            # dialog's name ("Rules page tab." alone)
            tabs.addTab(self._rules_tab(), "&Rules")
            tabs.addTab(self._players_tab(), "&Players")
            tabs.addTab(self._table_tab(), "&Table")
        self.tabs = tabs
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        self.buttons = buttons
        box = QVBoxLayout(self)
        box.addWidget(tabs)
        box.addWidget(buttons)
        self.load(settings)

    # --- tabs --------------------------------------------------------------------------

    def _rules_tab(self) -> QWidget:
        """One control per rule option, from the engine's list of them."""
        w = QWidget()
        form = QFormLayout(w)
        note = QLabel("<i>Rule changes apply from the next new game.</i>")
        form.addRow(note)
        taken = set("rpt")  # the tabs' own keys
        self.rule_widgets: dict[str, RuleWidget] = {}
        for option in RULE_OPTIONS:
            widget = self._rule_widget(option)
            widget.setAccessibleName(option.label)
            if isinstance(widget, QCheckBox):
                widget.setText(f"{with_access_key(option.label, taken)}: {option.help}")
                form.addRow(widget)
            else:
                widget.setToolTip(option.help[0].upper() + option.help[1:] + ".")
                label = QLabel(with_access_key(option.label, taken) + ":")
                label.setBuddy(widget)
                form.addRow(label, widget)
            self.rule_widgets[option.name] = widget
        return w

    @staticmethod
    def _rule_widget(option: RuleOption) -> RuleWidget:
        if option.kind == "bool":
            return QCheckBox()
        if option.kind == "int":
            spin = QSpinBox()
            spin.setRange(int(min(option.values)), int(max(option.values)))
            return spin
        combo = QComboBox()
        for value in option.values:
            combo.addItem(option.words(value), option.text(value))
        return combo

    def _rules_shown(self) -> Rules:
        values: dict[str, Any] = {}
        for option in RULE_OPTIONS:
            widget = self.rule_widgets[option.name]
            if isinstance(widget, QCheckBox):
                values[option.name] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                values[option.name] = widget.value()
            else:
                values[option.name] = option.parse(widget.currentData())
        return Rules(**values)

    def _show_rules(self, rules: Rules) -> None:
        for option in RULE_OPTIONS:
            widget, value = self.rule_widgets[option.name], getattr(rules, option.name)
            if isinstance(widget, QCheckBox):
                widget.setChecked(bool(value))
            elif isinstance(widget, QSpinBox):
                widget.setValue(int(value))
            else:
                widget.setCurrentIndex(max(0, widget.findData(option.text(value))))

    def _players_tab(self) -> QWidget:
        w = QWidget()
        grid = QGridLayout(w)
        grid.addWidget(QLabel("<b>Seat</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Played by</b>"), 0, 1)
        grid.addWidget(QLabel("<b>Name</b>"), 0, 2)
        self.kind_boxes: dict[str, QComboBox] = {}
        self.name_edits: dict[str, QLineEdit] = {}
        for row, seat in enumerate(SEATS, start=1):
            label = QLabel(SEAT_LABELS[seat])
            combo = QComboBox()
            for kind in PLAYER_KINDS:
                combo.addItem(PLAYER_LABELS[kind], kind)
            combo.setAccessibleName(f"{SEAT_LABELS[seat]} played by")
            edit = QLineEdit()
            edit.setMaxLength(24)
            edit.setAccessibleName(f"{SEAT_LABELS[seat]} name")
            label.setBuddy(combo)
            grid.addWidget(label, row, 0)
            grid.addWidget(combo, row, 1)
            grid.addWidget(edit, row, 2)
            self.kind_boxes[seat] = combo
            self.name_edits[seat] = edit
        self.see_all = QCheckBox("“They see all”: computer players see every hand (cheating: it makes them stronger)")
        grid.addWidget(self.see_all, len(SEATS) + 1, 0, 1, 3)
        kinds = "; ".join(f"{k.label}: {k.about}" for k in COMPUTER_PLAYERS if k.seat)
        help_text = QLabel(f"<i>{kinds}. Any seat can be a person: people share the screen.</i>")
        help_text.setWordWrap(True)
        grid.addWidget(help_text, len(SEATS) + 2, 0, 1, 3)
        grid.setRowStretch(len(SEATS) + 3, 1)
        return w

    def _table_tab(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        speed_row = QHBoxLayout()
        self.speed = QSlider(Qt.Orientation.Horizontal)
        self.speed.setRange(0, len(SPEED_LABELS) - 1)
        self.speed.setTickPosition(QSlider.TickPosition.TicksBelow)
        self.speed.setPageStep(1)
        self.speed.setAccessibleName("Computer speed")
        self.speed_label = QLabel()  # the speed chosen, in words, apart from the slider's ends
        self.speed_label.setMinimumWidth(70)
        self.speed_label.setStyleSheet("font-weight: bold; margin-left: 12px;")
        self.speed.valueChanged.connect(self._speed_changed)
        speed_row.addWidget(QLabel("Instant"))
        speed_row.addWidget(self.speed, 1)
        speed_row.addWidget(QLabel("Relaxed"))
        speed_row.addWidget(self.speed_label)
        speed_label = QLabel("Computer &speed:")
        speed_label.setBuddy(self.speed)
        self.speed_caption = speed_label  # (a reader names the slider by it: it says the speed too)
        form.addRow(speed_label, speed_row)
        self.clearing = QComboBox()
        self.clearing.addItem("Automatically, after a moment", "auto")
        self.clearing.addItem("When I click (or press Space)", "click")
        self.clearing.setAccessibleName("Clear finished tricks")
        form.addRow("Clear finished &tricks:", self.clearing)
        self.quickplay = QCheckBox("&QuickPlay: play my only legal card for me")
        self.sort = QCheckBox("Sort my hand with &trump first")
        self.sound = QCheckBox("So&und: cards, tricks and a beep for an illegal move")
        self.sound.setToolTip(
            "The table's sounds play where QtMultimedia is installed (euchre-qt[sound]); else only the beep"
        )
        self.celebrate = QCheckBox("&Celebrate a game won")
        self.coach = QCheckBox("C&oach: a note beside the table after each of my mistakes and blunders")
        self.coach.setToolTip(
            "Each of your decisions is graded as the review grades it, while the others play on;"
            " a mistake or a blunder gets a note with the better choice and why, which you may take back"
        )
        self.four = QCheckBox("&Four-colour deck (clubs green, diamonds blue)")
        for box in (self.quickplay, self.sort, self.sound, self.celebrate, self.coach, self.four):
            form.addRow(box)
        self.spoken_as = QComboBox()
        self.spoken_as.addItem("As notifications (every Orca release)", "notices")
        self.spoken_as.addItem("As announcements (Orca with announcement support)", "announcements")
        self.spoken_as.setAccessibleName("Screen reader messages on Linux")
        self.spoken_as.setToolTip(
            "How a screen reader on Linux hears each move. Newer Orca releases say 'notification'"
            " before each notification: choose announcements there. Other systems always use announcements."
        )
        form.addRow("Screen reader &messages (Linux):", self.spoken_as)
        self.deck = QComboBox()
        for deck in decks():
            self.deck.addItem(deck.name, deck.id)
        self.deck.setAccessibleName("Card deck")
        self.deck.setToolTip("The cards' faces: euchre-qt's own, or a card theme installed on this computer")
        form.addRow("Card dec&k:", self.deck)
        self.back = QComboBox()
        self.back.setIconSize(QSize(_BACK_ICON, _BACK_ICON))
        for info in backs():
            icon = QIcon()
            if self._art is not None:  # the size the menu's previews have: drawn already, not again
                icon = self._art.back_icon(info.name, 48)
            self.back.addItem(icon, info.label, info.name)
        self.back.setAccessibleName("Card back")
        form.addRow("Card &back:", self.back)
        self.deck.currentIndexChanged.connect(self._deck_changed)
        backdrop_row = QHBoxLayout()
        self.backdrop = QComboBox()
        for label, colour in BACKDROPS.items():
            self.backdrop.addItem(_swatch(colour), label, colour)
        self.backdrop.setAccessibleName("Backdrop colour")
        custom = QPushButton("Custom…")
        custom.setAccessibleName("Custom backdrop colour…")  # (said alone, "Custom…" is no help)
        custom.clicked.connect(self._custom_colour)
        backdrop_row.addWidget(self.backdrop, 1)
        backdrop_row.addWidget(custom)
        backdrop_label = QLabel("Back&drop:")
        backdrop_label.setBuddy(self.backdrop)
        form.addRow(backdrop_label, backdrop_row)
        return w

    def _speed_changed(self, value: int) -> None:
        """The speed in words beside the slider, and in the slider's name: a screen reader
        says a slider's value as its number ("3"), and a focused control's new name."""
        self.speed_label.setText(SPEED_LABELS[value])
        for named in (self.speed, self.speed_caption):
            named.setAccessibleName(f"Computer speed: {SPEED_LABELS[value]}")

    def _deck_changed(self) -> None:
        """A theme deck brings its own back: offered (and chosen) with it, gone without it."""
        themed = bool(self.deck.currentData())
        i = self.back.findData(THEME_BACK)
        if themed and i < 0:
            self.back.addItem(THEME_BACK_LABEL, THEME_BACK)
            self.back.setCurrentIndex(self.back.count() - 1)
        elif not themed and i >= 0:
            if self.back.currentIndex() == i:
                self.back.setCurrentIndex(max(0, self.back.findData(default_back())))
            self.back.removeItem(i)

    def _custom_colour(self) -> None:
        colour = QColorDialog.getColor(QColor(str(self.backdrop.currentData())), self, "Backdrop colour")
        if colour.isValid():
            self._set_backdrop(colour.name())

    def _set_backdrop(self, colour: str) -> None:
        i = self.backdrop.findData(colour)
        if i < 0:
            self.backdrop.addItem(_swatch(colour), f"Custom {colour}", colour)
            i = self.backdrop.count() - 1
        self.backdrop.setCurrentIndex(i)

    # --- values ------------------------------------------------------------------------

    def load(self, s: Settings) -> None:
        self._show_rules(s.rules)
        for i, seat in enumerate(SEATS):
            self.kind_boxes[seat].setCurrentIndex(max(0, self.kind_boxes[seat].findData(s.player(i))))
            self.name_edits[seat].setText(s.name(i))
        self.see_all.setChecked(s.they_see_all)
        self.speed.setValue(s.speed)
        self._speed_changed(s.speed)
        self.clearing.setCurrentIndex(max(0, self.clearing.findData(s.trick_clearing)))
        self.quickplay.setChecked(s.quickplay)
        self.sort.setChecked(s.sort_by_trump)
        self.sound.setChecked(s.sound)
        self.celebrate.setChecked(s.celebrate)
        self.coach.setChecked(s.coach)
        self.four.setChecked(s.four_colour)
        self.spoken_as.setCurrentIndex(max(0, self.spoken_as.findData(s.spoken_as)))
        deck = self.deck.findData(s.card_deck)
        if deck < 0:  # a theme that is not installed any more: shown, so choosing it again is possible
            self.deck.addItem(f"{s.card_deck} (not found)", s.card_deck)
            deck = self.deck.count() - 1
        self.deck.setCurrentIndex(deck)
        self._deck_changed()
        self.back.setCurrentIndex(max(0, self.back.findData(s.back)))
        self._set_backdrop(s.backdrop)

    def restore_defaults(self) -> None:
        self.load(Settings())

    def result_settings(self) -> Settings:
        players: dict[str, Any] = {f"player_{seat}": str(self.kind_boxes[seat].currentData()) for seat in SEATS}
        players.update({f"name_{seat}": self.name_edits[seat].text() for seat in SEATS})
        s = replace(
            self._settings,
            rules=self._rules_shown(),
            they_see_all=self.see_all.isChecked(),
            speed=self.speed.value(),
            trick_clearing=str(self.clearing.currentData()),
            quickplay=self.quickplay.isChecked(),
            sort_by_trump=self.sort.isChecked(),
            sound=self.sound.isChecked(),
            celebrate=self.celebrate.isChecked(),
            coach=self.coach.isChecked(),
            four_colour=self.four.isChecked(),
            spoken_as=str(self.spoken_as.currentData()),
            card_back=str(self.back.currentData() or ""),
            card_deck=str(self.deck.currentData() or ""),
            backdrop=str(self.backdrop.currentData()),
            **players,
        )
        return validate(s)
