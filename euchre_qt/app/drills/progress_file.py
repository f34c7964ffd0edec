"""The person's drills progress, kept in the data folder (``EUCHRE_QT_DATA_DIR`` moves it).

A damaged file is set aside (renamed, kept for a look) and the progress starts afresh:
never fatal, and said once in a player's words.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ...drills.schedule import DrillProgress
from ...files import read_file
from ..common.resources import resource_path
from ..storage import paths, problems

FILE_NAME = "drills-progress.json"
# Every answer is kept (about 60 bytes each): this is half a million of them; past it, no file of ours
MAX_PROGRESS_BYTES = 32 * 1024 * 1024


def progress_path() -> Path:
    return paths.data_dir() / FILE_NAME


def shipped_drills() -> Path:
    """The drills shipped with the program."""
    return resource_path("drills", "drills.json")


@dataclass(frozen=True, slots=True)
class Loaded:
    progress: DrillProgress
    warning: str | None = None  # what happened to a damaged file, for the person


def load_progress(path: Path | None = None) -> Loaded:
    path = path or progress_path()
    try:
        text = read_file(path, MAX_PROGRESS_BYTES).decode("utf-8")
    except FileNotFoundError:
        return Loaded(DrillProgress())
    except (OSError, ValueError) as exc:  # (ValueError: not UTF-8, or no plain file of ours)
        return _set_aside(path, exc)
    try:
        return Loaded(DrillProgress.from_dict(json.loads(text)))
    except (ValueError, ArithmeticError, RecursionError) as exc:  # (ArithmeticError: a turn of Infinity)
        return _set_aside(path, exc)


def _set_aside(path: Path, why: BaseException) -> Loaded:
    problems.record("the drills progress could not be read", why, path.parent)
    target = paths.aside(path, lambda stamp: f"{path.stem}.damaged-{stamp}{path.suffix}")
    try:
        path.replace(target)
    except OSError:
        return Loaded(DrillProgress(), "Your drills progress could not be read, so it starts afresh.")
    return Loaded(
        DrillProgress(), f"Your drills progress was damaged, so it was set aside as {target.name}; starting afresh."
    )


def save_progress(progress: DrillProgress, path: Path | None = None) -> str | None:
    """Write the progress; the reason in words where it cannot be written, else None."""
    path = path or progress_path()
    try:
        paths.write_atomically(path, json.dumps(progress.to_dict()), sync=False)
    except OSError as exc:
        problems.record("the drills progress could not be saved", exc, path.parent)
        return "Your drills progress cannot be saved, so what you practise now will not be remembered."
    return None
