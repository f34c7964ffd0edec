"""The computer players' work a helper process does: a seat's decision, a hint, the search
code loaded ahead. Each player is made once and kept, so that its own random numbers run on
from one decision to the next as they would in the caller's process.

The window's process imports this module too (it decides here when no helper can be used)
and must never load the search code for nothing: the search is imported inside functions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.ai.registry import make_player

if TYPE_CHECKING:
    from ..engine.ai.player import Decision, Player
    from ..engine.view import SeatView

Spec = tuple[str, int, int | None]  # (kind, seed, think_ms); kind "hint" for hints
HINT = "hint"

_CACHE_SIZE = 1024  # players of the last games or tables (each seeds its players afresh)
_cache: dict[Spec, Player] = {}


def player(spec: Spec) -> Player:
    """The player ``spec`` names, made on first use and kept while it is among the recent."""
    found = _cache.pop(spec, None)
    if found is None:
        kind, seed, think_ms = spec
        found = make_player(kind, seed=seed, think_ms=think_ms)
    _cache[spec] = found  # most recently used last
    while len(_cache) > _CACHE_SIZE:
        _cache.pop(next(iter(_cache)))
    return found


def decide(spec: Spec, view: SeatView) -> Decision:
    """The decision of the player ``spec`` names (the hint, for kind ``hint``) for ``view``."""
    if spec[0] == HINT:
        from ..engine.ai.hint import hint

        return hint(view, think_ms=spec[2])
    return player(spec).decide(view)


def warm() -> None:
    """Load the search code before the first decision."""
    import euchre_qt.engine.ai.advanced  # noqa: F401


def search_core() -> str:
    """Which search core this process thinks with (``compiled`` or ``python``)."""
    from ..engine.ai.core import core_in_use

    return core_in_use()
