"""Card art: the shipped decks and backs are what scripts/card_art.py draws, every card and
back is valid SVG, renders at the right size, and caches."""

from __future__ import annotations

import runpy
import threading
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QIcon, QImage, QPixmap
from pytestqt.qtbot import QtBot

from euchre_qt.app.cardart.backs import ASPECT, BACKS, DEFAULT_BACK, THEME_BACK, back_names
from euchre_qt.app.cardart.images import device_size
from euchre_qt.app.cardart.renderer import CardArt, _Bridge, _PrerenderJob, _Store
from euchre_qt.app.cardart.themes import OWN_DECKS, installed_themes, own_deck
from euchre_qt.app.common.resources import resource_path
from euchre_qt.engine.cards import JOKER, JOKER_DECK, Card, Rank, Suit

SVG_NS = "{http://www.w3.org/2000/svg}"
CARD_ART = runpy.run_path(str(Path(__file__).resolve().parents[3] / "scripts" / "card_art.py"))
card_svg: Callable[..., str] = CARD_ART["card_svg"]
back_svg: Callable[[str], str] = CARD_ART["back_svg"]
suit_colour: Callable[[Suit, bool], str] = CARD_ART["suit_colour"]


def test_the_shipped_decks_and_backs_are_what_the_script_draws() -> None:
    for path, text in CARD_ART["files"]().items():
        assert resource_path(path.as_posix()).read_text(encoding="utf-8") == text, (
            f"{path} is out of date: run python scripts/card_art.py"
        )


def test_the_script_says_how_to_use_it_and_writes_where_it_is_told(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--help`` was taken for the folder to write into (a folder named --help appeared)."""
    main: Callable[[list[str]], int] = CARD_ART["main"]
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0 and "usage:" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["--out", "x"])  # an option it does not have: said, not written to
    assert refused.value.code == 2 and "unrecognized arguments" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing written for either
    assert main([str(tmp_path / "art")]) == 0
    written = {path.relative_to(tmp_path / "art") for path in (tmp_path / "art").rglob("*") if path.is_file()}
    assert written == set(CARD_ART["files"]())


def test_our_decks_are_card_themes_of_the_layout_we_read(qapp: object) -> None:
    themes = installed_themes([resource_path("carddecks")])
    assert [t.id for t in themes] == [d.id for d in OWN_DECKS]
    assert own_deck(True).svg_path.parent.name == "euchre-qt-four-colour"


@pytest.fixture
def art(qapp: object) -> Iterator[CardArt]:
    art = CardArt()
    yield art
    art.shutdown()


def _check_svg(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    assert root.get("viewBox") == "0 0 250 350"
    return root


@pytest.mark.parametrize("card", JOKER_DECK, ids=lambda c: c.text)
@pytest.mark.parametrize("four_colour", [False, True], ids=["2col", "4col"])
def test_every_face_is_valid_svg(card: Card, four_colour: bool) -> None:
    root = _check_svg(card_svg(card, four_colour))
    texts = "".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))
    if card is JOKER:
        assert "JOKER" in texts
    else:
        assert ("10" if card.rank is Rank.TEN else card.rank.letter) in texts


@pytest.mark.parametrize("back", [b.name for b in BACKS])
def test_every_back_is_valid_svg(back: str) -> None:
    _check_svg(back_svg(back))


def test_backs_catalogue() -> None:
    assert len(BACKS) >= 8
    assert len({b.name for b in BACKS}) == len(BACKS)
    assert len({b.label for b in BACKS}) == len(BACKS)
    assert DEFAULT_BACK in back_names()
    assert back_names() == [b.name for b in BACKS]
    with pytest.raises(ValueError):
        back_svg("no-such-back")
    assert {p.stem for p in resource_path("backs").glob("*.svg")} == set(back_names())


def test_court_cards_differ_from_each_other() -> None:
    for suit in Suit:
        bodies = {card_svg(Card(suit, r)) for r in (Rank.JACK, Rank.QUEEN, Rank.KING)}
        assert len(bodies) == 3


def test_four_colour_changes_only_clubs_and_diamonds() -> None:
    for suit in Suit:
        two, four = suit_colour(suit, False), suit_colour(suit, True)
        assert (two != four) == (suit in (Suit.CLUBS, Suit.DIAMONDS))
        card = Card(suit, Rank.NINE)
        assert (card_svg(card) != card_svg(card, True)) == (suit in (Suit.CLUBS, Suit.DIAMONDS))
        assert four in card_svg(card, True)
    assert len({suit_colour(s, True) for s in Suit}) == 4


def _pixel_colours(image: QImage) -> set[int]:
    step = max(1, image.width() // 40)
    return {image.pixel(x, y) for x in range(0, image.width(), step) for y in range(0, image.height(), step)}


def test_four_colour_renders_differently(art: CardArt) -> None:
    two = art.pixmap(Card(Suit.DIAMONDS, Rank.TEN), 100).toImage()
    four = art.pixmap(Card(Suit.DIAMONDS, Rank.TEN), 100, four_colour=True).toImage()
    assert two != four
    blue = QColor(suit_colour(Suit.DIAMONDS, True)).rgb()
    assert blue in _pixel_colours(four) or any(
        QColor.fromRgba(p).blue() > 150 and QColor.fromRgba(p).red() < 80 for p in _pixel_colours(four)
    )


@pytest.mark.parametrize("dpr", [1.0, 2.0])
def test_every_card_and_back_renders(art: CardArt, dpr: float) -> None:
    width = 71
    expected = device_size(width, dpr)
    assert (expected.width(), expected.height()) == (round(width * dpr), round(round(width * ASPECT) * dpr))
    items: list[tuple[Card | None, str]] = [(c, DEFAULT_BACK) for c in JOKER_DECK]
    items += [(None, b.name) for b in BACKS]
    for card, back in items:
        pm = art.pixmap(card, width, dpr, back=back)
        assert isinstance(pm, QPixmap)
        assert not pm.isNull()
        assert (pm.width(), pm.height()) == (expected.width(), expected.height())
        assert pm.devicePixelRatio() == dpr
        image = pm.toImage()
        # Opaque in the middle, transparent beyond the rounded corners.
        assert QColor.fromRgba(image.pixel(image.width() // 2, image.height() // 2)).alpha() == 255
        assert QColor.fromRgba(image.pixel(0, 0)).alpha() == 0
        assert len(_pixel_colours(image)) > 3, f"{card} / {back} looks blank"


def test_cache_returns_same_object(art: CardArt) -> None:
    card = Card(Suit.HEARTS, Rank.JACK)
    first = art.pixmap(card, 80, 1.0)
    assert art.pixmap(card, 80, 1.0) is first
    assert art.pixmap(card, 80, 2.0) is not first
    assert art.pixmap(card, 81, 1.0) is not first
    back = art.pixmap(None, 80, 1.0, back="red-argyle")
    assert art.pixmap(None, 80, 1.0, back="red-argyle") is back
    assert art.pixmap(None, 80, 1.0, back="teal-waves") is not back
    # The back option does not touch faces, nor the colour option backs.
    assert art.pixmap(card, 80, 1.0, back="teal-waves") is first
    assert art.pixmap(None, 80, 1.0, back="red-argyle", four_colour=True) is back


def test_cache_is_bounded(qapp: object) -> None:
    art = CardArt(max_pixmaps=5)
    for w in range(40, 50):
        art.pixmap(JOKER, w)
    assert len(art._pixmaps) == 5
    art.shutdown()


def test_backs_are_pairwise_different(art: CardArt) -> None:
    images = {b.name: art.pixmap(None, 60, 1.0, back=b.name).toImage() for b in BACKS}
    names = list(images)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert images[a] != images[b], f"{a} and {b} render the same"


def test_unknown_back_raises(art: CardArt) -> None:
    with pytest.raises(ValueError):
        art.pixmap(None, 60, back="nope")


def test_prerender_fills_the_cache(art: CardArt, qtbot: QtBot) -> None:
    with qtbot.waitSignal(art.prerendered, timeout=20000) as blocker:
        art.prerender(90, 1.0, "starry-night", False)
    assert blocker.args == [90, 1.0]
    assert not art.is_prerendering()
    for card in JOKER_DECK:
        first = art.pixmap(card, 90)
        assert art.pixmap(card, 90) is first
    assert art.pixmap(None, 90, back="starry-night").width() == 90


def test_prerender_is_safe_to_repeat_and_supersede(art: CardArt, qtbot: QtBot) -> None:
    art.pixmap(Card(Suit.SPADES, Rank.ACE), 100)
    for width in (60, 64, 68, 72, 72, 72):
        art.prerender(width)
        # While a size is pending, a scaled stand-in of the right device size is returned.
        pm = art.pixmap(Card(Suit.SPADES, Rank.ACE), width)
        assert (pm.width(), pm.height()) == (width, round(width * ASPECT))
    qtbot.waitUntil(lambda: not art.is_prerendering(), timeout=20000)
    crisp = art.pixmap(Card(Suit.SPADES, Rank.ACE), 72)
    assert art.pixmap(Card(Suit.SPADES, Rank.ACE), 72) is crisp
    # Repeating a finished prerender is harmless and still signals.
    with qtbot.waitSignal(art.prerendered, timeout=20000):
        art.prerender(72)


def _run_prerender(store: _Store, generation: int, widths: list[int], drawn: list[int]) -> None:
    """A prerender job of one back per width run to its end in a worker thread; ``drawn``
    gets each width it drew."""

    def batch(width: int) -> tuple[tuple[tuple[str, int, float, str, bool], ...], Callable[[], list[QImage]]]:
        def draw() -> list[QImage]:
            drawn.append(width)
            return [QImage()]

        return (((DEFAULT_BACK, width, 1.0, DEFAULT_BACK, False),), draw)

    worker = threading.Thread(target=_PrerenderJob(store, _Bridge(), generation, [batch(w) for w in widths]).run)
    worker.start()
    worker.join(timeout=60)
    assert not worker.is_alive()


def test_a_newer_prerender_stops_the_one_before_it_and_shutdown_stops_all(qapp: object) -> None:
    store = _Store()
    drawn: list[int] = []
    key = {w: (DEFAULT_BACK, w, 1.0, DEFAULT_BACK, False) for w in (60, 72, 90)}
    first = store.start_prerender([key[60]])
    second = store.start_prerender([key[72]])  # the window was resized again
    assert second != first and store.pending == {key[60]: first, key[72]: second}
    _run_prerender(store, first, [60], drawn)
    assert drawn == [] and store.pending == {key[72]: second}  # the older size is not drawn
    _run_prerender(store, second, [72], drawn)
    assert drawn == [72] and key[72] in store.rendered and store.pending == {}
    third = store.start_prerender([key[90]])
    store.stop_prerenders()  # the program quits
    assert store.pending == {}
    _run_prerender(store, third, [90], drawn)
    assert drawn == [72]


def test_rendering_is_deterministic(qapp: object) -> None:
    king = Card(Suit.CLUBS, Rank.KING)
    assert own_deck().render(king, 50) == own_deck().render(king, 50)


def test_back_icon(art: CardArt) -> None:
    for name in back_names():
        icon = art.back_icon(name, 32)
        assert not icon.isNull()
        assert not icon.pixmap(32, 32).isNull()


def test_app_icon_is_packaged() -> None:
    path = resource_path("icons", "euchre-qt.svg")
    assert path.is_file()
    _ = ET.fromstring(path.read_text(encoding="utf-8"))
    assert not QIcon(str(path)).pixmap(64, 64).isNull()


# --- installed themes (KDE carddecks layout) ---------------------------------------------


def _fake_theme(root: Path, folder: str = "svg-fake", *, with_joker: bool = False, name: str = "Fake deck") -> Path:
    from euchre_qt.app.cardart.themes import element_id

    cards: list[Card | None] = [c for c in JOKER_DECK if not c.is_joker] + [None]
    parts = []
    for i, card in enumerate(cards):
        x, y = (i % 5) * 60, (i // 5) * 90
        colour = f"#{(i * 40) % 256:02x}{(i * 90) % 256:02x}{(255 - i * 9) % 256:02x}"
        parts.append(f'<g id="{element_id(card)}"><rect x="{x}" y="{y}" width="50" height="70" fill="{colour}"/></g>')
    if with_joker:
        parts.append('<g id="red_joker"><rect x="0" y="500" width="50" height="70" fill="#ff00ff"/></g>')
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="600">{"".join(parts)}</svg>'
    deck = root / folder
    deck.mkdir(parents=True)
    (deck / "deck.svg").write_text(svg, encoding="utf-8")
    (deck / "index.desktop").write_text(
        f"[KDE Backdeck]\nName={name}\nName[de]=Falsch\nSVG=deck.svg\n", encoding="utf-8"
    )
    return deck


def test_no_themes_in_an_empty_folder(tmp_path: Path) -> None:
    assert installed_themes([tmp_path, tmp_path / "missing"]) == []


def test_theme_discovery_skips_broken_ones(tmp_path: Path, qapp: object) -> None:
    _fake_theme(tmp_path)
    (tmp_path / "no-index").mkdir()
    bad = tmp_path / "bad-svg"
    bad.mkdir()
    (bad / "index.desktop").write_text("[KDE Backdeck]\nName=Bad\nSVG=missing.svgz\n", encoding="utf-8")
    partial = tmp_path / "partial"
    partial.mkdir()
    (partial / "d.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><g id="back"/></svg>', encoding="utf-8")
    (partial / "index.desktop").write_text("[KDE Backdeck]\nName=Partial\nSVG=d.svg\n", encoding="utf-8")
    themes = installed_themes([tmp_path])
    assert [(t.id, t.name) for t in themes] == [("svg-fake", "Fake deck")]


def test_theme_renders_faces_back_and_falls_back_to_our_joker(tmp_path: Path, qapp: object) -> None:
    _fake_theme(tmp_path)
    theme = installed_themes([tmp_path])[0]
    art = CardArt(theme=theme)
    assert art.back_names()[0] == THEME_BACK
    faces = [art.pixmap(c, 50).toImage() for c in JOKER_DECK]
    assert all((im.width(), im.height()) == (50, 70) for im in faces)
    assert len({im.pixel(25, 35) for im in faces[:-1]}) == 24  # each card its own colour
    assert faces[-1] == CardArt().pixmap(JOKER, 50).toImage()  # no joker in the theme: ours
    back = art.pixmap(None, 50, 2.0, back=THEME_BACK)
    assert (back.width(), back.height()) == (100, 140)
    assert art.pixmap(None, 50, back="teal-waves").toImage() != back.toImage()
    art.shutdown()


def test_theme_joker_and_prerender(tmp_path: Path, qtbot: QtBot) -> None:
    _fake_theme(tmp_path, with_joker=True)
    art = CardArt(theme=installed_themes([tmp_path])[0])
    with qtbot.waitSignal(art.prerendered, timeout=20000):
        art.prerender(40, 1.0, THEME_BACK, False)
    assert QColor.fromRgba(art.pixmap(JOKER, 40).toImage().pixel(20, 28)).name() == "#ff00ff"
    art.shutdown()


def test_theme_by_id_uses_search_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qapp: object) -> None:
    _fake_theme(tmp_path)
    monkeypatch.setenv("EUCHRE_QT_CARDDECKS", str(tmp_path))
    art = CardArt(theme="svg-fake")
    assert art.theme is not None and art.theme.name == "Fake deck"
    with pytest.raises(LookupError):
        CardArt(theme="nope")


# --- drawing off the GUI thread -----------------------------------------------------------


def _largest_difference(a: QImage, b: QImage) -> int:
    assert (a.size(), a.format(), a.devicePixelRatio()) == (b.size(), b.format(), b.devicePixelRatio())
    return max(abs(x - y) for x, y in zip(bytes(a.constBits()), bytes(b.constBits()), strict=True))


@pytest.mark.parametrize(("width", "dpr"), [(96, 1.0), (61, 1.5), (33, 2.0)])
@pytest.mark.parametrize("four_colour", [False, True], ids=["2col", "4col"])
def test_our_deck_drawn_in_one_piece_is_the_deck_drawn_card_by_card(
    qapp: object, width: int, dpr: float, four_colour: bool
) -> None:
    deck = own_deck(four_colour)
    cards = [JOKER, Card(Suit.HEARTS, Rank.JACK), Card(Suit.CLUBS, Rank.TEN), Card(Suit.SPADES, Rank.ACE)]
    for card, image in zip(cards, deck.render_deck(cards, width, dpr), strict=True):
        assert _largest_difference(image, deck.render(card, width, dpr)) <= 4, card.text  # edges' antialiasing


def test_a_back_is_drawn_as_qt_draws_the_file(qapp: object) -> None:
    from PySide6.QtSvg import QSvgRenderer

    from euchre_qt.app.cardart.images import paint_image
    from euchre_qt.app.cardart.renderer import render_back

    for name in ("blue-lattice", "art-deco"):
        drawn = paint_image(QSvgRenderer(str(resource_path("backs", f"{name}.svg"))).render, 70, 2.0)
        assert _largest_difference(render_back(name, 70, 2.0), drawn) <= 4


class _Refused:
    def __init__(self, *args: object) -> None:
        raise AssertionError("QSvgRenderer holds Python's lock while it draws: the GUI thread would wait")


def test_the_worker_draws_our_deck_and_backs_without_qsvgrenderer(
    art: CardArt, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import PySide6.QtSvg

    from euchre_qt.app.cardart import renderer, themes

    monkeypatch.setattr(PySide6.QtSvg, "QSvgRenderer", _Refused)
    for module in (renderer, themes):
        monkeypatch.setattr(module, "QSvgRenderer", _Refused, raising=False)
    with qtbot.waitSignal(art.prerendered, timeout=20000):
        art.prerender(80, 1.0, "teal-waves", True)
    for card in [None, *JOKER_DECK]:
        image = art.pixmap(card, 80, back="teal-waves", four_colour=True).toImage()
        assert (image.width(), image.height()) == (80, 112)
        assert QColor.fromRgba(image.pixel(40, 56)).alpha() == 255


BUSY_TOGETHER = """
import time
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import QApplication
app = QApplication([])
from euchre_qt.app.cardart.renderer import CardArt
from euchre_qt.app.common.resources import resource_path
icon = str(resource_path("icons", "euchre-qt.svg"))
art = CardArt()
end, size, probes = time.monotonic() + 2, 8, 0
while time.monotonic() < end:
    art.prepare_back_icons(size)  # twenty small backs for the worker to read
    size = 8 + (size - 7) % 40
    for _ in range(50):
        probes += QImageReader(icon).canRead()  # Qt's image plugins, Python's lock held meanwhile
    app.processEvents()
art.shutdown()
print("done", probes > 0)
"""


def test_the_worker_and_the_gui_thread_reading_images_together_never_deadlock() -> None:
    import os
    import subprocess
    import sys

    # The worker's reader once called back into Python (a device made in Python) holding Qt's
    # image plugin lock, while the GUI thread held Python's lock and waited for Qt's: a hang.
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-c", BUSY_TOGETHER], env=env, capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stdout) == (0, "done True\n"), proc.stderr[-2000:]
