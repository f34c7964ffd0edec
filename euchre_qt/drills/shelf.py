"""The drills' data file: the drills with what made them (a version, the seeds, the sources
and their licence), read back whole or refused with one sentence."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .drill import Drill
from .themes import Theme

FORMAT = "euchre-qt drills"
VERSION = 1
MAX_BYTES = 16 * 1024 * 1024


class DrillsUnreadable(ValueError):
    """The drills' file cannot be read; one sentence for a person."""


@dataclass(frozen=True, slots=True)
class Shelf:
    """The drills shipped, and how they were made: ``seed`` the generator's seed (its
    screen ran at ``seed``, its judging at ``seed + 1``); ``sources`` says where the
    positions come from, with the licence of the records."""

    drills: tuple[Drill, ...]
    seed: int
    deals: int
    sources: dict[str, str] = field(default_factory=dict)

    def by_theme(self) -> dict[Theme, int]:
        """How many drills each theme has, in the themes' order (themes with none left out)."""
        count = Counter(d.theme for d in self.drills)
        return {t: count[t] for t in Theme if count[t]}

    def find(self, drill_id: str) -> Drill | None:
        return next((d for d in self.drills if d.id == drill_id), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "deals": self.deals,
            "sources": self.sources,
            "drills": [d.to_dict() for d in self.drills],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False) + "\n"


def loads(text: str | bytes) -> Shelf:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise DrillsUnreadable("The drills' file is damaged, or is not a drills file.") from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DrillsUnreadable("This is not a drills file.")
    if data.get("version") != VERSION:
        raise DrillsUnreadable(f"The drills' file is of version {data.get('version')!r}, not {VERSION}.")
    try:
        drills = tuple(Drill.from_dict(d) for d in data["drills"])
        sources = {str(k): str(v) for k, v in dict(data.get("sources", {})).items()}
        return Shelf(drills, int(data["seed"]), int(data["deals"]), sources)
    except (KeyError, TypeError, ValueError) as exc:
        raise DrillsUnreadable(f"The drills' file is damaged: {exc}") from exc


def load(path: Path) -> Shelf:
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DrillsUnreadable(f"The drills' file cannot be read ({exc.strerror or exc}).") from exc
    if len(data) > MAX_BYTES:
        raise DrillsUnreadable("The drills' file is too large.")
    return loads(data)
