"""When a search over sampled deals may stop drawing more of them.

Every search of the Advanced player (a card, a bid, a discard) scores each choice per
sampled deal and draws deals in batches; it stops once the choice is made.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TypeVar

# Two choices whose expected points surely differ by less than this need no more deals.
CLOSE_ENOUGH = 0.2
# Cards whose expected points are this close count as equally good.
NEAR_TIE = 0.05
# The error bar on a mean difference: about two standard errors, a 95% interval.
_STANDARD_ERRORS = 2.0

_Choice = TypeVar("_Choice")


def settled(scores: Mapping[_Choice, Sequence[float]], close: float = CLOSE_ENOUGH) -> bool:
    """Is the choice made? Either the best option is clearly ahead of the runner-up
    (paired over the same deals), or the two are clearly within ``close`` of each other."""
    ranked = sorted(scores.values(), key=lambda v: -sum(v))
    if len(ranked) < 2:
        return True
    diffs = [a - b for a, b in zip(ranked[0], ranked[1], strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = (sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1)) ** 0.5
    error = _STANDARD_ERRORS * spread / n**0.5
    return bool(mean > error or mean + error < close)


def tie_margin(best: Sequence[float], other: Sequence[float], errors: float) -> float:
    """How far below the best choice another still counts as equally good: ``NEAR_TIE``,
    or ``errors`` standard errors of their difference paired over the same deals, a
    difference those deals cannot tell from the luck of the draw. Choosing among such
    choices by the deals drawn is choosing at random: a player who breaks those ties by
    a fixed preference agrees with itself under another seed (``AdvancedPlayer.tie_errors``)."""
    n = len(best)
    if not errors or n < 2:
        return NEAR_TIE
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return max(NEAR_TIE, errors * spread / math.sqrt(n))
