"""Render the project's own vector icon into what each platform's packages need.

    QT_QPA_PLATFORM=offscreen python packaging/icons.py packaging/out/icons

writes, from ``resources/icons/euchre-qt.svg`` and with nothing but PySide6:

- ``hicolor/<N>x<N>/apps/<APP_ID>.png`` for N in 16..512 and ``hicolor/scalable/apps/<APP_ID>.svg``
  (the freedesktop icon theme layout, copied as-is to ``/usr/share/icons``)
- ``euchre-qt.ico``  (Windows: PNG-compressed entries 16..256, read by Windows Vista and later)
- ``euchre-qt.icns`` (macOS: PNG entries 16..1024, the ``iconutil`` types)

Each file is read back with Qt's own image readers before the script says it is done.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "resources" / "icons" / "euchre-qt.svg"
APP_ID = "io.github.euchre_qt.EuchreQt"
HICOLOR_SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 128, 256)
# ICNS element types holding PNG data, and their pixel sizes (see Apple's iconutil).
ICNS_TYPES = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
    (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)  # fmt: skip


def _app() -> object:
    from PySide6.QtGui import QGuiApplication

    return QGuiApplication.instance() or QGuiApplication([sys.argv[0]])


def render_png(size: int, svg: Path = SVG) -> bytes:
    """The icon as a ``size`` x ``size`` PNG with a transparent background."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QRectF, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app()
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {svg}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter, QRectF(0, 0, size, size))
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit("cannot encode PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (ICONDIR, ICONDIRENTRY per image, the data)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        dim = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file: ``icns`` + big-endian length, then (type, length, PNG data) elements."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def _check_readable(path: Path, expect_sizes: set[int]) -> None:
    from PySide6.QtGui import QImageReader

    reader = QImageReader(str(path))
    seen: set[int] = set()
    for _ in range(max(1, reader.imageCount())):
        image = reader.read()
        if image.isNull():
            raise SystemExit(f"Qt cannot read {path}: {reader.errorString()}")
        seen.add(image.width())
        if not reader.jumpToNextImage():
            break
    if not expect_sizes <= seen:
        raise SystemExit(f"{path}: expected sizes {sorted(expect_sizes)}, Qt read {sorted(seen)}")


def write_all(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    sizes = sorted({*HICOLOR_SIZES, *ICO_SIZES, *(s for _, s in ICNS_TYPES)})
    pngs = {size: render_png(size) for size in sizes}
    written: list[Path] = []
    for size in HICOLOR_SIZES:
        path = out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pngs[size])
        written.append(path)
    scalable = out / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    written.append(scalable)
    ico = out / "euchre-qt.ico"
    ico.write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    icns = out / "euchre-qt.icns"
    icns.write_bytes(icns_bytes(pngs))
    written += [ico, icns]
    _app()
    for size in HICOLOR_SIZES:
        _check_readable(out / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png", {size})
    _check_readable(ico, set(ICO_SIZES))
    _check_readable(icns, {16, 32, 128, 256, 512})
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=ROOT / "packaging" / "out" / "icons")
    args = parser.parse_args(argv)
    written = write_all(args.out)
    print(f"icons: {len(written)} files in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
