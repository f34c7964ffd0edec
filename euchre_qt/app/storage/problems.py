"""The details of what went wrong, kept for whoever looks into it.

A player is told in plain words what happened and what it means for them; the
technical part (the exception, the file, the system's error number) goes here, to
``problems.log`` in the data folder, one dated line each. The log is small and
rolled over (one old copy kept), and writing it never raises: if even this file
cannot be written, the line goes to standard error, unless that is a terminal, where
a person playing from the command line (``euchre-qt drills``) would read it beside the
plain sentence meant for them (``2>problems.txt`` keeps it).
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

from . import paths

FILE_NAME = "problems.log"
_MAX_BYTES = 256 * 1024
_lock = threading.Lock()  # the file writer's thread reports here too


def log_path(folder: Path | None = None) -> Path:
    return (Path(folder) if folder is not None else paths.data_dir()) / FILE_NAME


def detail(exc: BaseException) -> str:
    """The exception and what caused it: a plain message's technical cause is kept here."""
    cause = exc.__cause__
    said = f"{type(exc).__name__}: {exc}"
    return said if cause is None else f"{said} (from {type(cause).__name__}: {cause})"


def record(summary: str, what: BaseException | str | None = None, folder: Path | None = None) -> None:
    """Keep ``summary`` (and the exception or text ``what``) in the problems log."""
    extra = detail(what) if isinstance(what, BaseException) else what
    line = f"{time.strftime('%Y-%m-%d %H:%M:%S')} {summary}" + (f": {extra}" if extra else "") + "\n"
    path = log_path(folder)
    with _lock:
        try:
            if not paths.ensure_dir(path.parent):
                raise OSError("no data folder")
            if path.exists() and path.stat().st_size > _MAX_BYTES:
                path.replace(path.with_name(FILE_NAME + ".1"))
            with open(path, "a", encoding="utf-8") as fh:
                fh.write(line)
        except OSError:
            _to_standard_error(line)


def _to_standard_error(line: str) -> None:
    stream = sys.stderr  # (None in a bundle without a console)
    try:
        if stream is not None and not stream.isatty():
            stream.write("euchre-qt: " + line)
    except (OSError, ValueError):  # (closed)
        pass
