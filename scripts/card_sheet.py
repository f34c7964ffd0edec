"""Render every card face and back into one PNG contact sheet, to look at the art.

    QT_QPA_PLATFORM=offscreen python scripts/card_sheet.py /tmp/cards.png --width 200

Faces go in rows by suit (9 10 J Q K A), then the joker, then every back.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter

from euchre_qt.app.cardart.backs import BACKS
from euchre_qt.app.cardart.renderer import CardArt
from euchre_qt.engine.cards import JOKER, Card, Rank, Suit


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", default="/tmp/card_sheet.png")
    parser.add_argument("--width", type=int, default=140, help="card width in pixels")
    parser.add_argument("--dpr", type=float, default=1.0, help="device pixel ratio to render at")
    parser.add_argument("--four-colour", action="store_true")
    parser.add_argument("--only", choices=("faces", "backs", "all"), default="all")
    args = parser.parse_args(argv)

    app = QGuiApplication.instance() or QGuiApplication(sys.argv)
    art = CardArt()
    ranks = [r for r in Rank if r is not Rank.JOKER]
    rows: list[list[Card | str]] = []
    if args.only in ("faces", "all"):
        rows += [[Card(s, r) for r in ranks] for s in Suit]
        rows.append([JOKER])
    if args.only in ("backs", "all"):
        names: list[Card | str] = [b.name for b in BACKS]
        rows += [names[i : i + 6] for i in range(0, len(names), 6)]

    width, gap, label = args.width, max(6, args.width // 12), 16
    height = round(width * 1.4)
    cols = max(len(r) for r in rows)
    sheet = QImage(
        round((gap + cols * (width + gap)) * args.dpr),
        round((gap + len(rows) * (height + label + gap)) * args.dpr),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    sheet.setDevicePixelRatio(args.dpr)
    sheet.fill(QColor("#2e6b3f"))  # the table's felt green, where the cards will live
    painter = QPainter(sheet)
    painter.setPen(QColor("white"))
    painter.setFont(QFont("sans-serif", 8))
    for r, row in enumerate(rows):
        for c, item in enumerate(row):
            x = gap + c * (width + gap)
            y = gap + r * (height + label + gap)
            if isinstance(item, Card):
                pm = art.pixmap(item, width, args.dpr, four_colour=args.four_colour)
                text = item.text
            else:
                pm = art.pixmap(None, width, args.dpr, back=item)
                text = item
            painter.drawPixmap(x, y, pm)
            painter.drawText(QRect(x, y + height, width, label), Qt.AlignmentFlag.AlignCenter, text)
    painter.end()
    sheet.save(args.out)
    print(args.out)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
