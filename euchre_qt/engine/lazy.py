"""A package's public face that loads each part only when one of its names is first used.

``from euchre_qt.engine import Seat`` then costs the cards module alone, not the whole
engine: the window's first frame names a seat, and the whole engine there would take its
start-up past 1.2x a bare window's (docs/architecture.md, "Start-up"). Type checkers see
the names through the package's ``TYPE_CHECKING`` imports instead;
``tests/engine/test_lazy.py`` checks the two agree.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def exports(
    package: str, homes: Mapping[str, tuple[str, ...]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """``__getattr__``, ``__dir__`` and ``__all__`` for ``package``, whose names live in the
    submodules ``homes`` maps them from (``{"rules": ("Rules", "FarmersHand")}``)."""
    home_of = {name: module for module, names in homes.items() for name in names}

    def getattr_(name: str) -> Any:
        module = home_of.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        setattr(sys.modules[package], name, value)  # asked once: later uses are plain lookups
        return value

    def dir_() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(home_of))

    return getattr_, dir_, sorted(home_of)
