"""Build the app bundle and the Linux package: one command.

    python packaging/build.py            # icons, PyInstaller bundle, smoke test, .deb, validation
    python packaging/build.py --bundle   # icons, bundle and its smoke test only (what CI runs)
    python packaging/build.py --deb      # the .deb from the bundle already in packaging/out/dist
    python packaging/build.py --fast     # the same, with a zstd-compressed .deb (quick, bigger)

Needs the project and PyInstaller installed (``pip install -e ".[packaging]"``); for the
.deb, Debian's ``dpkg-deb`` and, to validate, ``desktop-file-validate`` and ``appstreamcli``
(``apt-get install desktop-file-utils appstream``). Everything goes to ``packaging/out/``:

    icons/                 hicolor PNGs 16..512 + SVG, euchre-qt.ico, euchre-qt.icns (icons.py)
    dist/euchre-qt/        the one-folder bundle: ./euchre-qt runs with no Python installed
    euchre-qt_<version>_<arch>.deb
                           /opt/euchre-qt (the bundle), /usr/bin/euchre-qt, the .desktop file,
                           hicolor icons, AppStream metainfo, /usr/share/doc/euchre-qt/copyright

The .deb's Depends are found, not guessed: every ELF file in the bundle is run through
``ldd``, and each library that resolves outside the bundle is looked up with ``dpkg -S``;
one that is not installed on the build machine at all (Qt's xcb plugin links a few that a
minimal system lacks) gets the package Debian's naming policy gives its soname, if apt
knows that package (otherwise the build stops).
Libraries that only the Wayland plugins use become Recommends (an X11 desktop runs without
them). The bundle is built on this machine's Debian, so it runs on that release and newer.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

PACKAGING = Path(__file__).resolve().parent
ROOT = PACKAGING.parent
OUT = PACKAGING / "out"
DIST = OUT / "dist"
BUNDLE = DIST / "euchre-qt"
LINUX = PACKAGING / "linux"
APP_ID = "io.github.euchre_qt.EuchreQt"
NAME = "euchre-qt"
# Only the Wayland platform plugin and its helpers need these; X11 sessions run without them.
WAYLAND_LIB = re.compile(r"^libwayland-")
# Needed at run time but not a linked library: fontconfig's configuration (the bundled
# libfontconfig reads /etc/fonts, which also pulls in a font).
EXTRA_DEPENDS = ["fontconfig-config"]
WAYLAND_RECOMMENDS = ["libwayland-client0", "libwayland-cursor0", "libwayland-egl1"]


def version() -> str:
    text = (ROOT / "euchre_qt" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.M)
    if not match:
        raise SystemExit("no __version__ in euchre_qt/__init__.py")
    return match.group(1)


def run(cmd: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], check=True, text=True, **kwargs)  # type: ignore[call-overload]


def step(name: str) -> float:
    print(f"\n== {name}", flush=True)
    return time.monotonic()


def done(started: float) -> None:
    print(f"   ({time.monotonic() - started:.1f} s)", flush=True)


# --- the bundle ------------------------------------------------------------------------------


def build_icons() -> None:
    t = step("icons from resources/icons/euchre-qt.svg")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    run([sys.executable, PACKAGING / "icons.py", OUT / "icons"], env=env)
    done(t)


def build_bundle() -> None:
    t = step("PyInstaller one-folder bundle")
    run([
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", DIST, "--workpath", OUT / "build", PACKAGING / "euchre-qt.spec",
    ])  # fmt: skip
    size = sum(p.stat().st_size for p in BUNDLE.rglob("*") if p.is_file() and not p.is_symlink())
    print(f"   {BUNDLE}: {size / 1e6:.0f} MB in {sum(1 for _ in BUNDLE.rglob('*'))} files")
    done(t)


def smoke_test(program: Path = BUNDLE / NAME) -> None:
    """Start the bundle offscreen, from an empty folder, with no Python on its paths."""
    t = step(f"smoke test: {program} --smoke-test")
    work = OUT / "smoke"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(QT_QPA_PLATFORM="offscreen", EUCHRE_QT_CONFIG_DIR=str(work / "config"),
               EUCHRE_QT_DATA_DIR=str(work / "data"))  # fmt: skip
    run([program, "--version"], cwd=work, env=env, timeout=60)
    result = subprocess.run([str(program), "--smoke-test"], cwd=work, env=env, text=True, timeout=180,
                            capture_output=True, check=False)  # fmt: skip
    print(result.stdout + result.stderr, end="")
    if result.returncode != 0 or "smoke: passed" not in result.stdout:
        raise SystemExit(f"the bundle's smoke test failed (exit code {result.returncode})")
    package = re.search(r"^smoke: package (.+)$", result.stdout, re.M)
    if not package or not Path(package.group(1)).resolve().is_relative_to(BUNDLE.resolve()):
        raise SystemExit("the bundle ran euchre_qt from outside the bundle")
    # the bundle carries the compiled search core whenever the program it was built from has it
    from euchre_qt.engine.ai.core import compiled_core

    if compiled_core() is not None and "smoke: search core compiled" not in result.stdout:
        raise SystemExit("the bundle thinks with the pure-Python search core: the compiled one was left out")
    done(t)


# --- the .deb --------------------------------------------------------------------------------


def _elf_files(folder: Path) -> list[Path]:
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and not path.is_symlink():
            with open(path, "rb") as fh:
                if fh.read(4) == b"\x7fELF":
                    found.append(path)
    return found


def system_libraries(bundle: Path) -> dict[tuple[str, str], set[str]]:
    """(library name, where it resolves or "not found") for each library outside the bundle
    that a bundled file links -> the bundled files that link it."""
    internal = bundle / "_internal"
    env = dict(os.environ, LD_LIBRARY_PATH=f"{internal}:{internal / 'PySide6' / 'Qt' / 'lib'}")
    needs: dict[tuple[str, str], set[str]] = {}
    for elf in _elf_files(bundle):
        out = subprocess.run(["ldd", str(elf)], capture_output=True, text=True, env=env, check=False).stdout
        for line in out.splitlines():
            match = re.match(r"\s*(\S+) => (.+?) \(0x", line) or re.match(r"\s*(\S+) => (not found)", line)
            if not match:
                continue
            name, where = match.groups()
            if where != "not found" and Path(where).resolve().is_relative_to(bundle.resolve()):
                continue
            needs.setdefault((name, where), set()).add(str(elf.relative_to(bundle)))
    return needs


def debian_package_of(path: str) -> str | None:
    """The Debian package that ships ``path`` (merged /usr: try both spellings)."""
    candidates = [path]
    if path.startswith("/usr/lib/"):
        candidates.append(path.removeprefix("/usr"))
    elif path.startswith("/lib/"):
        candidates.append("/usr" + path)
    for candidate in candidates:
        result = subprocess.run(["dpkg-query", "-S", candidate], capture_output=True, text=True, check=False)
        if result.returncode == 0:
            return result.stdout.split(":", 1)[0].strip()
    return None


def library_package_name(soname: str) -> str | None:
    """The package name Debian's policy (8.1) gives a shared library: its soname's stem and
    major version, with a hyphen between them when the stem ends in a digit."""
    match = re.fullmatch(r"(lib[\w.+-]+?)\.so\.(\d+)", soname)
    if not match:
        return None
    stem, major = match.groups()
    return (f"{stem}-{major}" if stem[-1].isdigit() else f"{stem}{major}").lower().replace("_", "-")


def debian_package_named_for(soname: str) -> str | None:
    """For a library that is not installed here: the package Debian's naming policy gives
    its soname (libxcb-icccm.so.4 -> libxcb-icccm4, libfoo-2.so.1 -> libfoo-2-1), if apt
    knows a package of that name. The build machine need not have every library installed
    that Qt's plugins link (a minimal system lacks libxcb-icccm4 and libxcb-keysyms1):
    PyInstaller then leaves them out of the bundle and the .deb depends on them."""
    package = library_package_name(soname)
    if package is None or shutil.which("apt-cache") is None:
        return None
    known = subprocess.run(["apt-cache", "show", "--no-all-versions", package], capture_output=True, text=True,
                           check=False)  # fmt: skip
    return package if known.returncode == 0 and f"Package: {package}" in known.stdout else None


def dependencies(bundle: Path) -> tuple[list[str], list[str]]:
    depends: set[str] = set(EXTRA_DEPENDS)
    recommends: set[str] = set()
    missing = []
    for name, where in sorted(system_libraries(bundle)):
        if WAYLAND_LIB.match(name):
            continue  # Recommends, below
        if where == "not found":
            package = debian_package_named_for(name)
            if package is None:
                missing.append(f"{name} (not installed here, and apt knows no package named for it)")
            else:
                print(f"   {name} is not installed here: Depends on {package} (named by Debian policy, known to apt)")
                depends.add(package)
            continue
        package = debian_package_of(str(Path(where).resolve())) or debian_package_of(where)
        if package is None:
            missing.append(f"{name} ({where}: no Debian package ships it)")
        else:
            depends.add(package)
    if missing:
        raise SystemExit("the bundle links libraries this machine cannot place in a package: " + ", ".join(missing))
    recommends.update(WAYLAND_RECOMMENDS)
    return sorted(depends), sorted(recommends - depends)


def check_metainfo(version_: str) -> None:
    root = ET.parse(LINUX / f"{APP_ID}.metainfo.xml").getroot()
    if root.findtext("id") != APP_ID:
        raise SystemExit(f"the metainfo's <id> is not {APP_ID}")
    releases = [r.get("version") for r in root.iter("release")]
    if not releases or releases[0] != version_:
        raise SystemExit(
            f"packaging/linux/{APP_ID}.metainfo.xml: its newest <release> is {releases[:1]}, "
            f'the program is {version_}: add a <release version="{version_}" date="YYYY-MM-DD"> first'
        )


COPYRIGHT = """\
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: euchre-qt
Upstream-Contact: euchre-qt developers

Files: opt/euchre-qt/_internal/euchre_qt/*
Copyright: euchre-qt developers
License: MIT
 The project's licence (see the project's pyproject.toml: license = "MIT").

Files: opt/euchre-qt/_internal/PySide6/* opt/euchre-qt/_internal/shiboken6/*
 opt/euchre-qt/_internal/libpyside6* opt/euchre-qt/_internal/libshiboken6*
 opt/euchre-qt/_internal/libQt6*
Copyright: The Qt Company Ltd. and other contributors
License: LGPL-3.0-only
 Qt for Python (PySide6, shiboken6) and the Qt 6 libraries and plugins, unmodified from
 the PySide6-Essentials and shiboken6 wheels on PyPI. On Debian systems the full text of
 the GNU Lesser General Public License version 3 is in
 /usr/share/common-licenses/LGPL-3. Their sources: https://download.qt.io/official_releases/

Files: opt/euchre-qt/_internal/libpython* opt/euchre-qt/_internal/base_library.zip
 opt/euchre-qt/_internal/python3*
Copyright: Python Software Foundation
License: PSF-2.0
 The Python interpreter and standard library, bundled by PyInstaller.

Files: opt/euchre-qt/_internal/lib*
Copyright: their respective authors
License: various free software licences
 System libraries copied from Debian packages by PyInstaller; their copyright files are in
 /usr/share/doc/<package>/copyright on the Debian system the bundle was built on.
"""


def build_deb(*, fast: bool = False) -> Path:
    t = step(".deb")
    if not (BUNDLE / NAME).exists():
        raise SystemExit(f"no bundle in {BUNDLE}: run packaging/build.py (or --bundle) first")
    if not (OUT / "icons" / "hicolor").is_dir():
        build_icons()
    v = version()
    check_metainfo(v)
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True, check=True).stdout.strip()
    stage = OUT / "deb" / f"{NAME}_{v}_{arch}"
    shutil.rmtree(stage, ignore_errors=True)
    usr_share = stage / "usr" / "share"
    shutil.copytree(BUNDLE, stage / "opt" / NAME, symlinks=True)
    (stage / "usr" / "bin").mkdir(parents=True)
    shutil.copy2(LINUX / NAME, stage / "usr" / "bin" / NAME)
    (stage / "usr" / "bin" / NAME).chmod(0o755)
    for folder, name in (("applications", f"{APP_ID}.desktop"), ("metainfo", f"{APP_ID}.metainfo.xml")):
        (usr_share / folder).mkdir(parents=True)
        shutil.copy2(LINUX / name, usr_share / folder / name)
    shutil.copytree(OUT / "icons" / "hicolor", usr_share / "icons" / "hicolor")
    (usr_share / "doc" / NAME).mkdir(parents=True)
    (usr_share / "doc" / NAME / "copyright").write_text(COPYRIGHT, encoding="utf-8")
    for path in stage.rglob("*"):  # dpkg wants sane modes whatever the umask was
        if not path.is_symlink():
            path.chmod(0o755 if path.is_dir() or os.access(path, os.X_OK) else 0o644)

    depends, recommends = dependencies(stage / "opt" / NAME)
    installed_kb = sum(p.stat().st_size for p in stage.rglob("*") if p.is_file() and not p.is_symlink()) // 1024
    summary = "Euchre card game: you and a computer partner against two computer opponents"
    control = f"""\
Package: {NAME}
Version: {v}
Architecture: {arch}
Maintainer: euchre-qt developers
Installed-Size: {installed_kb}
Depends: {", ".join(depends)}
Recommends: {", ".join(recommends)}
Section: games
Priority: optional
Homepage: https://github.com/euchre-qt/euchre-qt
Description: {summary}
 A desktop Euchre game on Qt 6: every classic rule variant (stick the dealer,
 lone defender, the joker, farmer's hand, doubled alone euchre, games to 5..11),
 computer players from a friendly Novice to a card-counting Advanced player,
 hints, undo, statistics and a game that survives a crash.
 .
 The program is a self-contained bundle in /opt/euchre-qt (Python and Qt
 included); start it from the desktop's menu or with "euchre-qt".
"""
    (stage / "DEBIAN").mkdir()
    (stage / "DEBIAN" / "control").write_text(control, encoding="utf-8")
    print(control, end="")
    deb = OUT / f"{NAME}_{v}_{arch}.deb"
    # xz: the smallest (32 MB, about a minute here); zstd: 40% bigger in a second (CI, tries)
    compress = ["-Zzstd", "-z3"] if fast else ["-Zxz", "-z6"]
    run(["dpkg-deb", "--root-owner-group", *compress, "--build", stage, deb])
    print(f"   {deb}: {deb.stat().st_size / 1e6:.1f} MB")
    done(t)
    return deb


def validate(deb: Path | None, *, strict: bool) -> None:
    """desktop-file-validate and appstreamcli on the files as the .deb installs them."""
    t = step("validate the .desktop file and the AppStream metainfo")
    tools = [
        ["desktop-file-validate", LINUX / f"{APP_ID}.desktop"],
        ["appstreamcli", "validate", "--no-net", "--explain", LINUX / f"{APP_ID}.metainfo.xml"],
    ]
    for cmd in tools:
        if shutil.which(str(cmd[0])) is None:
            message = f"{cmd[0]} is not installed (apt-get install desktop-file-utils appstream)"
            if strict:
                raise SystemExit(message)
            print("   skipped:", message)
            continue
        run(cmd)
    if deb is not None:
        listing = run(["dpkg-deb", "--contents", deb], capture_output=True).stdout
        for wanted in (
            "./opt/euchre-qt/euchre-qt", "./usr/bin/euchre-qt", f"./usr/share/applications/{APP_ID}.desktop",
            f"./usr/share/metainfo/{APP_ID}.metainfo.xml", f"./usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg",
            *(f"./usr/share/icons/hicolor/{n}x{n}/apps/{APP_ID}.png" for n in (16, 32, 48, 64, 128, 256, 512)),
            "./opt/euchre-qt/_internal/euchre_qt/resources/icons/euchre-qt.svg",
        ):  # fmt: skip
            if not re.search(rf"\s{re.escape(wanted)}(\s|$)", listing):
                raise SystemExit(f"{deb} lacks {wanted}")
        print(f"   {deb.name}: every expected file is in it")
    done(t)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--bundle", action="store_true", help="icons, the bundle and its smoke test only")
    only.add_argument("--deb", action="store_true", help="the .deb (and validation) from the bundle already built")
    parser.add_argument("--no-smoke", action="store_true", help="do not start the bundle")
    parser.add_argument("--fast", action="store_true", help="compress the .deb with zstd (fast, 40%% bigger) not xz")
    parser.add_argument("--lenient", action="store_true", help="skip validators that are not installed")
    args = parser.parse_args(argv)
    started = time.monotonic()
    if not args.deb:
        build_icons()
        build_bundle()
        if not args.no_smoke:
            smoke_test()
    if not args.bundle:
        if sys.platform != "linux" or shutil.which("dpkg-deb") is None:
            raise SystemExit("the .deb needs Linux with dpkg-deb (Debian or Ubuntu)")
        deb = build_deb(fast=args.fast)
        validate(deb, strict=not args.lenient)
    print(f"\nbuild.py: done in {time.monotonic() - started:.0f} s; outputs in {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
