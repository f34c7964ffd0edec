"""Help: the rules of Euchre, the keyboard shortcuts, and About."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from ... import __version__
from ..common.sizing import fit_size
from ..table.fact_keys import FACT_KEYS

RULES_HTML = """
<h2>Euchre</h2>
<p>Four players in two partnerships: you (South) and your partner (North) against West and East.
The first side to reach the target score (10 unless changed in the options) wins.</p>

<h3>The cards</h3>
<p>24 cards: 9, 10, J, Q, K, A of each suit (25 with the joker option). In the trump suit the order is:
<b>right bower</b> (jack of trump), <b>left bower</b> (the other jack of the same colour, which
counts as a trump, not as its own suit), then A K Q 10 9. Other suits rank A K Q J 10 9.
With the joker, the joker (“benny”) is the highest trump of all.</p>

<h3>The deal and the bidding</h3>
<p>Each player gets five cards; the next card is turned up. Starting left of the dealer, each player
may <b>order it up</b> (the up-card's suit becomes trump and the dealer picks the card up and discards
one) or <b>pass</b>. If all four pass, the up-card is turned down and each may <b>name any other
suit</b> or pass. If everyone passes again, the hand is thrown in and the deal moves left.
With <i>stick the dealer</i>, the dealer must name a suit in round two.</p>
<p>Whoever makes trump may <b>go alone</b>: the partner sits the hand out.</p>

<h3>Playing</h3>
<p>The player left of the dealer leads. You must <b>follow suit</b> if you can (the left bower
belongs to the trump suit). The highest trump wins the trick, otherwise the highest card of the
suit led. The winner leads the next trick.</p>

<h3>Scoring</h3>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>Makers take</th><th>with partner</th><th>alone</th></tr>
<tr><td>3 or 4 tricks</td><td>1</td><td>1</td></tr>
<tr><td>all 5 (a march)</td><td>2</td><td>4</td></tr>
<tr><td>fewer than 3 (euchred)</td><td>2 to the defenders</td><td>2 to the defenders
(4 with <i>doubled alone euchre</i>)</td></tr>
</table>
<p>A game won while the losers have no points is a <b>slam</b> and counts as two games.</p>

<h3>Optional rules</h3>
<ul>
<li><b>Lone defender</b>: after trump is made, a defender may go alone; euchring the makers that way scores 4.</li>
<li><b>Farmer's hand</b>: a hand of only nines and tens (or, with <i>ace-no-face</i>, nines, tens and
one ace) may be thrown in before bidding.</li>
<li><b>Joker</b>: a turned-up joker means a redeal.</li>
<li><b>Lead left of a loner</b>: when a maker goes alone, the player on the maker's left leads the
first trick (as in Euchre.com tournaments), not the player on the dealer's left.</li>
<li><b>Canadian loner</b>: the dealer's partner who orders up in round one must go alone.</li>
</ul>

<h3>Playing here</h3>
<p>Click a card to play it; cards you may not play are dimmed. Use the buttons to bid. Right-click
(or press Space) to continue when the table waits. <i>Game → Hint</i> shows what the computer
would do, and why.</p>
<p><i>Game → Open Game…</i> shows a game recorded in Euchre Game Notation (an <b>.egn</b> file, as
other Euchre programs and tournament sites write them) on the table, a move at a time; cards the
record does not show lie face down. <i>Game → Save Game as EGN…</i> writes this game that way.</p>
"""

SHORTCUTS = [
    ("Left / Right, Tab / Shift+Tab", "move between your playable cards or the buttons"),
    (
        "Enter or Space",
        "play the highlighted card (or the only one allowed), press the highlighted button, or continue",
    ),
    ("1 … 6", "play (or discard) your first … sixth card"),
    ("P", "pass"),
    ("O", "order it up (round 1)"),
    ("A", "go alone (round 1), or toggle “alone” before naming a suit (round 2), or defend alone"),
    ("C, D, H, S", "name clubs, diamonds, hearts or spades (round 2); with Shift: alone"),
    ("T", "throw in a farmer's hand"),
    ("Right click", "continue"),
    *((letter, what) for letter, (_fact, what) in FACT_KEYS.items()),
    ("Ctrl+N", "new game"),
    ("Ctrl+O", "open a recorded game (.egn) in the viewer"),
    ("Ctrl+Shift+S", "save this game as EGN"),
    ("Viewer: Left / Right", "a move back / on"),
    ("Viewer: Page Up / Page Down", "a deal back / on (Home, End: the first and last move)"),
    ("Viewer: Escape", "close the viewer and go back to your game"),
    ("F2", "Auto Play on / off"),
    ("F6", "the coach's note: go to it from the table, and back (Escape: Go On)"),
    ("Ctrl+Z", "undo your last move"),
    ("Ctrl+Shift+Z", "undo round"),
    ("Ctrl+H", "hint"),
    ("Ctrl+D", "let the computer decide this move"),
    ("Ctrl+L", "look at the last trick"),
    ("Ctrl+R", "review the hands of this game"),
    ("Ctrl+T", "statistics"),
    ("Ctrl+K", "show computer cards"),
    ("Ctrl+,", "options"),
    ("F1", "rules of Euchre"),
]


class _TextDialog(QDialog):
    def __init__(self, title: str, html: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        box = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setHtml(html)
        self.browser.setAccessibleName(title)
        box.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)
        fit_size(self, 620, 560)


class RulesDialog(_TextDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Rules of Euchre", RULES_HTML, parent)


class ShortcutsDialog(_TextDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        rows = "".join(f"<tr><td><b>{k}</b></td><td>{v}</td></tr>" for k, v in SHORTCUTS)
        html = (
            "<h2>Keyboard shortcuts</h2><p>The whole game can be played from the keyboard.</p>"
            f"<table cellpadding='4'>{rows}</table>"
        )
        super().__init__("Keyboard Shortcuts", html, parent)
        fit_size(self, 620, 600)


def about_text() -> str:
    return (
        f"<h2>Euchre {__version__}</h2>"
        "<p>You and a computer partner against two computer opponents, with computer players "
        "from friendly to genuinely strong.</p>"
        "<p>In the tradition of Tommy's Euchre, Euchre for Windows and Euchre for Palm OS.</p>"
        "<p>Free software under the MIT licence. Built with Qt (PySide6).</p>"
        f"<p>{search_core_note()}</p>"
    )


def search_core_note() -> str:
    """Whether the Advanced player and the hints think with the compiled search core; what it
    costs when it was not built (an install without a C compiler says so only with pip -v)."""
    from ...engine.ai.core import compiled_core_built

    if compiled_core_built():
        return "The computer players think with the compiled search core."
    return (
        "The compiled search core was not built when this copy was installed (that needs a C "
        "compiler), so the Advanced player and the hints think in Python: slower, so they weigh "
        "about a tenth as many deals in the same time, and play much the same (in 4,000 hands, "
        "+0.23 points a hand against Novices instead of +0.26). Installing again on a machine "
        "with a C compiler builds it."
    )


def about_box(parent: QWidget) -> QMessageBox:
    box = QMessageBox(parent)
    box.setWindowTitle("About Euchre")
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_text())
    icon = parent.windowIcon()
    if not icon.isNull():
        box.setIconPixmap(icon.pixmap(64, 64))
    return box
