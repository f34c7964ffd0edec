"""Which search core thinks: the compiled one or the pure-Python reference.

The double-dummy solver is the thinking players' inner loop. ``_search`` is it in C,
built when the program is installed on a machine with a C compiler (``hatch_build.py``);
without one the program runs on ``solver.PythonSolver``, the same search in Python, some
forty times slower and otherwise the same: both give the same values (tests/ai/test_core.py).

``EUCHRE_QT_CORE=python`` or ``=compiled`` chooses one (for tests and benchmarks);
``compiled`` when the extension was not built is an error rather than a quiet fallback.
The compiled core is loaded at the first search, which runs in the helper process, never in
the window's (tests/app/thinking/test_helper_process.py and ``euchre_qt.smoke`` check; the review's
analysis imports this module there).
"""

from __future__ import annotations

import importlib.util
import logging
import os
import random
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from ..cards import ALL_CARDS, Suit
from .bidding_model import BidFactor
from .core_sources import SOURCE_DIR, source_digest
from .habits import Habits
from .masks import trump_tables
from .point_count import card_points
from .solver import PythonSolver, Solver

if TYPE_CHECKING:
    from ._search import Core

# A trump's point values, trumps, side suits, card strengths, effective suits and ranks.
PointTable = tuple[list[float], int, tuple[int, int, int], Sequence[int], list[int], list[int]]

CORE_VARIABLE = "EUCHRE_QT_CORE"
PYTHON = "python"
COMPILED = "compiled"
_log = logging.getLogger(__name__)


def compiled_core_built() -> bool:
    """Whether the compiled core was built when the program was installed: found, not loaded
    (Help > About asks, in the window's process, which never loads it)."""
    return importlib.util.find_spec(f"{__package__}._search") is not None


@cache
def compiled_core() -> type[Core] | None:
    """The compiled core's class, loaded at the first search (not with this module, which
    the analysis imports in the window's process too); None if it was not built, or was
    built from another version of its source."""
    try:
        from . import _search
    except ImportError:  # installed without a C compiler: the pure-Python core serves
        return None
    if not _built_from(getattr(_search, "SOURCE_DIGEST", ""), SOURCE_DIR):
        _log.warning(
            "The compiled search core is older than its source (reinstall to rebuild it): "
            "thinking with the pure-Python core."
        )
        return None
    return _search.Core


def _built_from(digest: str, sources: Path) -> bool:
    """Whether a module that says it was built from ``digest`` matches the C files in
    ``sources``: in a source tree (an editable install) a module left from older sources
    would call what they no longer have. An installed wheel carries no sources: nothing
    to compare."""
    if not sources.is_dir():
        return True
    return digest == source_digest(sources)


def make_compiled_solver(
    trump: Suit, makers_team: int, active: Sequence[int], habitual: Habits | None = None
) -> Solver:
    """The compiled solver, given the card tables and the habits as plain ints."""
    core = compiled_core()
    if core is None:
        raise ImportError(f"the compiled search core was not built ({CORE_VARIABLE}={COMPILED} needs it)")
    tables = trump_tables(trump)
    if habitual is not None and habitual.trump != int(trump):
        raise ValueError("the habits are read under another trump")
    return core(
        tables.power,
        tables.suit_of,
        int(trump),
        makers_team,
        tuple(active),
        tuple(sorted(habitual.seats)) if habitual else (),
        habitual.maker if habitual else 0,
        habitual.trumps if habitual else 0,
        habitual.plain if habitual else 0,
        habitual.plain_aces if habitual else 0,
        habitual.top_bit if habitual else 0,
    )


def chosen_core() -> str:
    """``compiled`` or ``python``: the environment's choice, else the compiled core if built."""
    wanted = os.environ.get(CORE_VARIABLE, "").strip().lower()
    if wanted in (PYTHON, COMPILED):
        return wanted
    return COMPILED if compiled_core() is not None else PYTHON


_MAKERS: dict[str, Callable[[Suit, int, Sequence[int], Habits | None], Solver]] = {
    PYTHON: PythonSolver,
    COMPILED: make_compiled_solver,
}
_in_use: list[str] = []  # chosen at the first search


def core_in_use() -> str:
    if not _in_use:
        _in_use.append(chosen_core())
    return _in_use[0]


def use_core(name: str) -> None:
    """Think with the ``compiled`` or the ``python`` core from now on (benchmarks compare them)."""
    if name not in _MAKERS:
        raise ValueError(f"no search core named {name!r}: {PYTHON} or {COMPILED}")
    if name == COMPILED and compiled_core() is None:
        raise ImportError("the compiled search core was not built")
    _in_use[:] = [name]


def compiled_draw(
    rng: random.Random,
    holds: Sequence[int],
    room: Sequence[int],
    free: Sequence[int],
    constrained: Sequence[tuple[int, Sequence[int]]],
    tries: int,
    wanted: int,
) -> list[list[int]]:
    """``sampler._UnseenCards.draw`` in C: the same deals, ``rng`` left where the Python
    draw leaves it (its Mersenne Twister state is copied out and back)."""
    from ._search import draw_deals

    version, state, gauss = rng.getstate()
    deals, state = draw_deals(state, holds, room, free, constrained, tries, wanted)
    rng.setstate((version, state, gauss))
    return deals


@cache
def _point_tables() -> list[PointTable]:
    """The point count's tables under each trump, for ``compiled_bid_likelihoods``."""
    ranks = [int(card.rank) for card in ALL_CARDS]
    tables: list[PointTable] = []
    for suit in Suit:
        values, trumps, sides = card_points(suit)
        under = trump_tables(suit)
        tables.append((values, trumps, sides, under.power, under.suit_of, ranks))
    return tables


def compiled_bid_likelihoods(
    worlds: Sequence[Sequence[int]],
    played_by: Sequence[int],
    not_dealt: Sequence[int],
    factors: dict[int, list[BidFactor]],
) -> list[float]:
    """``sampler._BidReader.weights`` in C: how likely the bids were in each deal."""
    from ._search import bid_likelihoods

    return bid_likelihoods(worlds, played_by, not_dealt, list(factors.items()), _point_tables())


def compiled_weights(
    worlds: Sequence[Sequence[int]],
    bids: Sequence[float],
    plays: Sequence[tuple[int, int, int]],
    factors: Sequence[float],
    reads: Sequence[tuple[int, ...]],
    stray: float,
) -> list[float]:
    """``sampler._weights`` in C: each deal's bid likelihood times how well it explains the play."""
    from ._search import deal_weights

    return deal_weights(worlds, bids, plays, factors, reads, stray)


def make_solver(trump: Suit, makers_team: int, active: Sequence[int], habitual: Habits | None = None) -> Solver:
    """A solver on the core in use (see the module notes)."""
    return _MAKERS[core_in_use()](trump, makers_team, active, habitual)
