"""Spaced repetition: a Leitner box schedule, and the progress by theme it keeps.

Each drill tried sits in a box. Answered right, it moves up a box and comes back after
more drills than before; missed, it goes back to the first box and comes back soon
(``COMES_BACK_AFTER``, counted in drills answered, so a missed drill returns within the
same sitting). The next drill is the one most overdue, else a new one from the theme
least practised, else the one due soonest. Every answer is kept with its day, for the
progress over time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Any

from .drill import Drill
from .themes import Theme

# After how many answered drills a drill in box 1, 2, ... comes back.
COMES_BACK_AFTER = (3, 10, 30, 90, 270)
LEARNED_BOX = 3  # answered right twice running (the second time after ten others): learned
KEPT_ANSWERS = 20_000
RECENT_DAYS = 7


@dataclass(slots=True)
class Box:
    """Where one drill stands: its ``box`` (1 the first), the answer ``due`` it comes back
    at, and how often it was answered right and wrong."""

    box: int = 1
    due: int = 0
    right: int = 0
    wrong: int = 0


@dataclass(frozen=True, slots=True)
class DrillAnswer:
    day: date
    drill: str
    theme: Theme
    right: bool


@dataclass(frozen=True, slots=True)
class ThemeProgress:
    """One theme's progress: of its ``drills``, ``tried`` and ``learned`` (in box
    ``LEARNED_BOX`` or above); ``right`` of ``answered`` ever, and the same over the last
    ``RECENT_DAYS`` days (``recent_right`` of ``recent_answered``)."""

    theme: Theme
    drills: int
    tried: int
    learned: int
    right: int
    answered: int
    recent_right: int
    recent_answered: int


@dataclass(slots=True)
class DrillProgress:
    """The person's drills: ``turn`` counts the answers given; ``boxes`` by drill id."""

    turn: int = 0
    boxes: dict[str, Box] = field(default_factory=dict)
    answers: list[DrillAnswer] = field(default_factory=list)

    def answer(self, drill: Drill, right: bool, day: date) -> None:
        """``drill`` answered (right or not) on ``day``: its box moves and its return is set."""
        self.turn += 1
        box = self.boxes.setdefault(drill.id, Box())
        if right:
            box.right += 1
            box.box = min(box.box + 1, len(COMES_BACK_AFTER))
        else:
            box.wrong += 1
            box.box = 1
        box.due = self.turn + COMES_BACK_AFTER[box.box - 1]
        self.answers.append(DrillAnswer(day, drill.id, drill.theme, right))
        del self.answers[:-KEPT_ANSWERS]

    def next_drill(self, drills: Sequence[Drill], theme: Theme | None = None) -> Drill | None:
        """The drill to practise next (of ``theme``, or of any): the most overdue one tried,
        else one not tried from the theme least practised, else the one due soonest."""
        pool = [d for d in drills if theme is None or d.theme is theme]
        if not pool:
            return None
        tried = [d for d in pool if d.id in self.boxes]
        due = [d for d in tried if self.boxes[d.id].due <= self.turn]
        if due:
            return min(due, key=lambda d: (self.boxes[d.id].due, self.boxes[d.id].box))
        new = [d for d in pool if d.id not in self.boxes]
        if new:
            practised = {t: 0 for t in Theme}
            for d in tried:
                practised[d.theme] += 1
            return min(new, key=lambda d: practised[d.theme])  # (min keeps the first of a tie)
        return min(tried, key=lambda d: self.boxes[d.id].due)

    def by_theme(self, drills: Sequence[Drill], today: date) -> list[ThemeProgress]:
        """Each theme with drills, in the themes' order."""
        since = today - timedelta(days=RECENT_DAYS - 1)
        rows = []
        for theme in Theme:
            ids = [d.id for d in drills if d.theme is theme]
            if not ids:
                continue
            boxes = [self.boxes[i] for i in ids if i in self.boxes]
            answers = [a for a in self.answers if a.theme is theme]
            recent = [a for a in answers if a.day >= since]
            rows.append(
                ThemeProgress(
                    theme,
                    len(ids),
                    len(boxes),
                    sum(1 for b in boxes if b.box >= LEARNED_BOX),
                    sum(a.right for a in answers),
                    len(answers),
                    sum(a.right for a in recent),
                    len(recent),
                )
            )
        return rows

    def by_week(self, today: date, weeks: int = 4) -> list[tuple[date, int, int]]:
        """The last ``weeks`` weeks to ``today``, oldest first: each week's first day, the
        answers right and the answers given."""
        rows = []
        for back in range(weeks - 1, -1, -1):
            end = today - timedelta(days=7 * back)
            start = end - timedelta(days=6)
            given = [a for a in self.answers if start <= a.day <= end]
            rows.append((start, sum(a.right for a in given), len(given)))
        return rows

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": 1,
            "turn": self.turn,
            "boxes": {i: [b.box, b.due, b.right, b.wrong] for i, b in self.boxes.items()},
            "answers": [[a.day.isoformat(), a.drill, a.theme.value, int(a.right)] for a in self.answers],
        }

    @classmethod
    def from_dict(cls, data: Any) -> DrillProgress:
        """Raises ``ValueError`` for anything wrong."""
        if not isinstance(data, dict) or data.get("version") != 1:
            raise ValueError("not a drills progress file of version 1")
        try:
            boxes = {}
            for drill_id, (box, due, right, wrong) in dict(data["boxes"]).items():
                if not 1 <= int(box) <= len(COMES_BACK_AFTER):
                    raise ValueError(f"no box {box}")
                boxes[str(drill_id)] = Box(int(box), int(due), int(right), int(wrong))
            answers = [
                DrillAnswer(date.fromisoformat(str(day)), str(drill), Theme(theme), bool(right))
                for day, drill, theme, right in data["answers"]
            ]
            return cls(int(data["turn"]), boxes, answers[-KEPT_ANSWERS:])
        except (KeyError, TypeError) as exc:
            raise ValueError(f"a damaged drills progress file ({exc})") from exc
