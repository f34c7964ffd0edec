"""The program's files written safely: folders made when needed, a file replaced in one
step, a damaged one kept aside. Which folders they are is ``euchre_qt.folders``'s to say
(``config_dir``, ``data_dir``: moved by ``EUCHRE_QT_CONFIG_DIR`` and ``EUCHRE_QT_DATA_DIR``)."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable
from pathlib import Path

from ...folders import APP_NAME, config_dir, data_dir

__all__ = ["APP_NAME", "aside", "config_dir", "data_dir", "ensure_dir", "write_atomically"]


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
