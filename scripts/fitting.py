"""Fitting the learned models' weights: ridge regression and intervals, pure Python (no
randomness, no numpy: the same data give the same weights on any machine). Shared by
``train_bid_model.py`` and ``train_lead_model.py``."""

from __future__ import annotations

import math
from collections.abc import Sequence


def ridge(xs: Sequence[Sequence[float]], ys: Sequence[float], free: int, penalty: float) -> list[float]:
    """Weights minimising squared error plus ``penalty`` times the squared weights, the
    first ``free`` of them (constants) not penalised, by the normal equations."""
    a, b = normal_equations(xs, ys)
    return solve_ridge(a, b, free, penalty)


def normal_equations(xs: Sequence[Sequence[float]], ys: Sequence[float]) -> tuple[list[list[float]], list[float]]:
    """X'X and X'y: sums over the rows, so those of two sets of rows add up (or subtract)."""
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            xi = x[i]
            if xi:
                b[i] += xi * y
                row = a[i]
                for j in range(k):
                    row[j] += xi * x[j]
    return a, b


def solve_ridge(a: Sequence[Sequence[float]], b: Sequence[float], free: int, penalty: float) -> list[float]:
    """The ridge weights from the normal equations ``a`` w = ``b`` (see ``ridge``)."""
    k = len(b)
    m = [list(row) for row in a]
    for i in range(k):
        m[i][i] += penalty if i >= free else 1e-6
    return _solve(m, list(b))


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    n = len(b)
    m = [[*a[i], b[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def mean_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / max(n - 1, 1)
    return mean, 1.96 * math.sqrt(var / n)


def weights_module(title: str, note: str, names: Sequence[str], weights: Sequence[float], *extra: str) -> str:
    """The text of a learned model's weights module: ``FEATURES`` and ``WEIGHTS`` (and any
    ``extra`` lines after them), under a docstring of ``title`` and ``note``."""
    return "\n".join(
        [
            f'"""{title}',
            "",
            note,
            '"""',
            "",
            "FEATURES: tuple[str, ...] = (",
            *(f'    "{n}",' for n in names),
            ")",
            "WEIGHTS: tuple[float, ...] = (",
            *(f"    {w:.6f},  # {n}" for n, w in zip(names, weights, strict=True)),
            ")",
            *extra,
            "",
        ]
    )
