"""P3: the desktop entry, AppStream metainfo and icons agree with each other and validate.

Cheap checks on the sources in ``packaging/`` (no PyInstaller): one application id
everywhere, the metainfo's newest release is the program's version, the icons render
from the project's SVG into every size and format, and, where Debian's validators are
installed (CI installs them), ``desktop-file-validate`` and ``appstreamcli`` pass.
"""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

import euchre_qt
from euchre_qt import smoke
from tests.scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
APP_ID = "io.github.euchre_qt.EuchreQt"
DESKTOP = PACKAGING / "linux" / f"{APP_ID}.desktop"
METAINFO = PACKAGING / "linux" / f"{APP_ID}.metainfo.xml"


def _load(name: str) -> ModuleType:
    return load_script(PACKAGING / f"{name}.py", f"_packaging_{name}")


def test_one_application_id_everywhere() -> None:
    assert _load("build").APP_ID == APP_ID
    assert _load("icons").APP_ID == APP_ID
    assert vars(smoke)["APP_ID"] == APP_ID  # (smoke's own name for it, which it does not export)
    spec_text = (PACKAGING / "euchre-qt.spec").read_text()
    assert f'APP_ID = "{APP_ID}"' in spec_text
    assert f"AppId={APP_ID}" in (PACKAGING / "windows" / "euchre-qt.iss").read_text()

    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str  # type: ignore[assignment,method-assign]
    desktop.read(DESKTOP, encoding="utf-8")
    entry = desktop["Desktop Entry"]
    assert entry["Icon"] == APP_ID
    assert entry["Exec"].split()[0] == "euchre-qt"

    root = ET.parse(METAINFO).getroot()
    assert root.findtext("id") == APP_ID
    assert root.findtext("launchable") == f"{APP_ID}.desktop"
    assert root.findtext("provides/binary") == "euchre-qt"


def test_library_package_names_follow_debian_policy() -> None:
    name = _load("build").library_package_name
    assert name("libxcb-icccm.so.4") == "libxcb-icccm4"
    assert name("libxcb-keysyms.so.1") == "libxcb-keysyms1"
    assert name("libxkbcommon-x11.so.0") == "libxkbcommon-x11-0"
    assert name("libEGL.so.1") == "libegl1"
    assert name("not-a-library") is None


def test_metainfo_release_is_the_program_version() -> None:
    root = ET.parse(METAINFO).getroot()
    releases = list(root.iter("release"))
    assert releases, "no <release> in the metainfo"
    assert releases[0].get("version") == euchre_qt.__version__
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", releases[0].get("date", ""))
    image = root.findtext("screenshots/screenshot/image") or ""
    assert image.endswith("/docs/screenshot.png")
    assert (ROOT / "docs" / "screenshot.png").is_file()
    assert root.find("content_rating").get("type") == "oars-1.1"  # type: ignore[union-attr]


def test_icons_render_in_every_size_and_format(tmp_path: Path) -> None:
    icons = _load("icons")
    written = icons.write_all(tmp_path)  # reads every file back with Qt's image readers
    for size in (16, 22, 24, 32, 48, 64, 128, 256, 512):
        assert (tmp_path / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png") in written
    assert (tmp_path / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg").read_bytes() == icons.SVG.read_bytes()
    assert (tmp_path / "euchre-qt.ico").read_bytes()[:4] == b"\0\0\1\0"
    assert (tmp_path / "euchre-qt.icns").read_bytes()[:4] == b"icns"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils is not installed")
def test_desktop_file_validates() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False)
    assert result.returncode == 0 and not result.stdout.strip(), result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="appstream is not installed")
def test_metainfo_validates() -> None:
    cmd = ["appstreamcli", "validate", "--no-net", str(METAINFO)]
    result = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
