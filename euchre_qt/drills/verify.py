"""Every drill judged again at a new seed: is its answer still best, and still clear?"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine.actions import Action
from .drill import Drill
from .judging import CONFIRM_DEALS, judged


@dataclass(frozen=True, slots=True)
class Verified:
    """Of ``drills`` over ``themes`` themes, judged over ``deals`` deals at ``seed``:
    ``best`` still have their answer best (the most points), ``clear`` still by more than
    its margin (the honesty rule); ``changed`` the drills whose best is now another choice,
    ``unclear`` those still best but not by more than the margin."""

    drills: int
    themes: int
    deals: int
    seed: int
    best: int
    clear: int
    changed: tuple[tuple[str, Action], ...]
    unclear: tuple[str, ...] = ()


def verify(
    drills: Sequence[Drill], seed: int, deals: int = CONFIRM_DEALS, progress: Callable[[int, int], None] | None = None
) -> Verified:
    best = clear = 0
    changed: list[tuple[str, Action]] = []
    unclear: list[str] = []
    for done, drill in enumerate(drills):
        if progress is not None:
            progress(done, len(drills))
        again = judged(drill.view(), deals, seed)
        if again.best == drill.answer:
            best += 1
            clear += again.clear
            if not again.clear:
                unclear.append(drill.id)
        else:
            changed.append((drill.id, again.best))
    if progress is not None:
        progress(len(drills), len(drills))
    themes = len({d.theme for d in drills})
    return Verified(len(drills), themes, deals, seed, best, clear, tuple(changed), tuple(unclear))
