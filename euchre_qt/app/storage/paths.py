"""Where the program keeps its files.

Settings live in the platform's config folder, everything else (statistics, the game
log, the autosave) in its data folder. Both can be moved with environment variables,
which the tests use to get a private folder each:

``EUCHRE_QT_CONFIG_DIR``  the folder holding ``settings.ini``
``EUCHRE_QT_DATA_DIR``    the folder holding ``statistics.json``, ``game-log.txt``, ``autosave.json``
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

APP_NAME = "euchre-qt"


def config_dir() -> Path:
    override = os.environ.get("EUCHRE_QT_CONFIG_DIR")
    if override:
        return Path(override)
    linux = _linux_config_home()
    if linux is not None:
        return linux / APP_NAME
    import platformdirs

    return Path(platformdirs.user_config_dir(APP_NAME))


def _linux_config_home() -> Path | None:
    """On Linux, the XDG rule that platformdirs follows, where it is plain: the window's
    first frame finds the settings file, and need not import platformdirs for it. None
    elsewhere, and for an unusual home (platformdirs decides those)."""
    if sys.platform != "linux" or hasattr(sys, "getandroidapilevel"):
        return None
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if os.path.isabs(xdg):
        return Path(xdg)
    home = os.environ.get("HOME", "")
    return Path(home, ".config") if os.path.isabs(home) else None


def data_dir() -> Path:
    override = os.environ.get("EUCHRE_QT_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME))


def ensure_dir(path: Path) -> bool:
    """Create ``path`` if needed; False (never an exception) if that is not possible."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return path.is_dir()


def write_atomically(path: Path, text: str, sync: bool = True) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one, never half.

    The new text goes to a temporary file in the same folder, which then replaces the old
    file in one step (``os.replace``). ``sync`` also flushes it to the disk first: it
    protects against a power cut, at the price of a wait on slow disks. Raises
    ``OSError`` when the folder cannot be written.
    """
    if not ensure_dir(path.parent):
        raise OSError(f"cannot create the folder {path.parent}")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            if sync:
                os.fsync(fh.fileno())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            with contextlib.suppress(OSError):
                tmp.unlink()


def aside(path: Path, name: Callable[[str], str]) -> Path:
    """A free place next to ``path`` to keep a damaged file: ``name`` makes its name from
    the time (with ``-2``, ``-3``... after it while that name is taken)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(name(stamp))
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(name(f"{stamp}-{n}"))
    return target
