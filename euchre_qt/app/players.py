"""Computer players for the seats, by the names the settings use.

Asks ``euchre_qt.engine.ai.registry.make_player`` when it exists; a seat set to a
player that is not available (Advanced before it ships) gets the next best one and a
note, said once.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

_FALLBACKS = {"oracle": "advanced", "advanced": "novice", "novice": "random"}


def _registry_make() -> Callable[..., Any] | None:
    try:
        from ..engine.ai.registry import make_player
    except Exception:
        return None
    return make_player  # type: ignore[no-any-return]


def make(kind: str, seed: int, notes: list[str] | None = None, think_ms: int | None = None) -> Any:
    """A player of ``kind`` or the nearest weaker one that exists; ``notes`` says what changed."""
    from ..engine.ai import RandomPlayer

    make_player = _registry_make()
    chain = [kind]
    while chain[-1] in _FALLBACKS:
        chain.append(_FALLBACKS[chain[-1]])
    for candidate in chain:
        if make_player is not None:
            try:
                player = make_player(candidate, seed=seed, think_ms=think_ms)
            except Exception:
                continue
        elif candidate == "random":
            player = RandomPlayer(seed=seed)
        else:
            continue
        if candidate != kind and notes is not None and kind != "oracle":
            notes.append(
                f"The {kind.title()} computer player is not available in this version; "
                f"{candidate.title()} players sit in for it."
            )
        return player
    return RandomPlayer(seed=seed)


@cache  # looking costs file-system calls, and the answer does not change while the program runs
def available(kind: str) -> bool:
    """Is the player called ``kind`` there, without loading it (for the heavy ones)?"""
    import importlib.util

    if kind in ("advanced", "oracle"):
        try:
            return importlib.util.find_spec("euchre_qt.engine.ai.advanced") is not None
        except (ImportError, ValueError):
            return False
    return True


@cache
def hint_available() -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec("euchre_qt.engine.ai.hint") is not None
    except (ImportError, ValueError):
        return False


def hint_function() -> Callable[[Any], Any] | None:
    """``hint(view) -> Decision`` from the engine, or None when hints are not available."""
    try:
        from ..engine.ai.hint import hint
    except Exception:
        return None
    return hint  # type: ignore[no-any-return]


def call_hint(fn: Callable[..., Any], view: Any, think_ms: int | None) -> Any:
    """``fn(view, think_ms=...)``, or ``fn(view)`` for a hint function without a time limit."""
    import inspect

    try:
        takes_time = "think_ms" in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        takes_time = False
    return fn(view, think_ms=think_ms) if takes_time else fn(view)
