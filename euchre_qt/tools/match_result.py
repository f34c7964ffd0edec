"""What a match in the arena found: each side's figures, the failures, and the intervals.

Results of parts of a match (one per worker process) ``merge`` into the whole.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, fields

from ..engine.cards import Seat

Z95 = 1.959963984540054


def _add(whole: object, part: object, names: Iterable[str]) -> None:
    """Add ``part``'s figures called ``names`` to ``whole``'s."""
    for name in names:
        setattr(whole, name, getattr(whole, name) + getattr(part, name))


@dataclass
class SideStats:
    """What one side (A or B) did over a match, counting both copies of every deal."""

    points: int = 0
    bids: int = 0  # hands in which this side made trump
    made: int = 0  # ... and took 3 or 4 tricks
    marches: int = 0  # ... and took all 5
    euchred: int = 0  # ... and took fewer than 3
    alone: int = 0  # lone hands played by this side's maker
    alone_marches: int = 0  # ... that took all 5 tricks
    lone_defences: int = 0  # times this side defended alone (R7)

    def merge(self, other: SideStats) -> None:
        _add(self, other, [f.name for f in fields(self)])


@dataclass(frozen=True)
class Failure:
    """A player that returned an illegal action or raised, or a game that never ended."""

    kind: str  # "illegal action", "player error", "stuck"
    unit: int  # the deal (hands mode) or game number
    copy: int  # 0: A sat south/north; 1: A sat west/east
    seat: Seat | None
    player: str
    detail: str
    position: str

    def describe(self) -> str:
        who = f"{self.seat} ({self.player})" if self.seat is not None else self.player
        side = "A south/north" if self.copy == 0 else "A west/east"
        return f"{self.kind}: {who} in #{self.unit}, copy {self.copy} ({side}): {self.detail}\n{self.position}"


@dataclass
class MatchResult:
    """The figures of a match; results of parts of a match ``merge`` into the whole."""

    a: str
    b: str
    rules: str
    seed: int
    pairs: int = 0  # duplicate pairs that finished (deals, or game seeds)
    hands: int = 0  # hands played and counted (both copies)
    diff_sum: float = 0.0  # sum over pairs of A's points-per-hand advantage in the pair
    diff_sumsq: float = 0.0
    side_a: SideStats = field(default_factory=SideStats)
    side_b: SideStats = field(default_factory=SideStats)
    passed_out: int = 0
    thrown_in: int = 0
    games: int = 0  # whole games played (both copies)
    a_games: int = 0  # ... won by A
    a_slams: int = 0
    b_slams: int = 0
    failures: list[Failure] = field(default_factory=list)
    elapsed: float = 0.0
    jobs: int = 1

    # the figures a part adds to the whole (the names, seed, time and jobs are the whole's own)
    COUNTS = (
        "pairs",
        "hands",
        "diff_sum",
        "diff_sumsq",
        "passed_out",
        "thrown_in",
        "games",
        "a_games",
        "a_slams",
        "b_slams",
    )

    def merge(self, other: MatchResult) -> None:
        _add(self, other, self.COUNTS)
        self.side_a.merge(other.side_a)
        self.side_b.merge(other.side_b)
        self.failures.extend(other.failures)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def mean(self) -> float:
        """A's points minus B's, per hand (over the duplicate pairs)."""
        return self.diff_sum / self.pairs if self.pairs else 0.0

    @property
    def ci_half_width(self) -> float:
        """Half the width of the 95% interval on ``mean`` (normal, over the pairs)."""
        n = self.pairs
        if n < 2:
            return math.inf
        variance = max(0.0, (self.diff_sumsq - self.diff_sum * self.diff_sum / n) / (n - 1))
        return Z95 * math.sqrt(variance / n)

    @property
    def win_rate(self) -> float:
        return self.a_games / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        """Wilson 95% interval on the share of games won by A."""
        return wilson_interval(self.a_games, self.games)

    def report(self) -> str:
        lines = [f"{self.a} (A) vs {self.b} (B), duplicate, seed {self.seed}; rules: {self.rules}"]
        if self.games:
            low, high = self.win_interval
            lines.append(
                f"games won by A: {self.a_games} of {self.games} ({100 * self.win_rate:.1f}%, "
                f"95% CI {100 * low:.1f}%..{100 * high:.1f}%); slams A {self.a_slams}, B {self.b_slams}"
            )
            lines.append(f"hands played: {self.hands}")
        else:
            half = self.ci_half_width
            lines.append(f"hands: {self.hands} ({self.pairs} deals, each played twice with the seats swapped)")
            lines.append(
                f"A mean points per hand: {self.mean:+.3f} ± {half:.3f} "
                f"(95% CI {self.mean - half:+.3f} .. {self.mean + half:+.3f})"
            )
        labels = ("A " + self.a, "B " + self.b)
        width = min(24, max(12, *(len(label) + 1 for label in labels)))  # "B ismcts:5000" whole
        header = f"{'':{width}}{'points':>8}{'bids':>7}{'made':>7}{'march':>7}{'euchred':>8}{'alone':>7}{'alone 5':>8}"
        lines.append(header)
        for label, side in zip(labels, (self.side_a, self.side_b), strict=True):
            lines.append(
                f"{label[: width - 1]:{width}}{side.points:>8}{side.bids:>7}{side.made:>7}{side.marches:>7}"
                f"{side.euchred:>8}{side.alone:>7}{side.alone_marches:>8}"
            )
        if self.side_a.lone_defences or self.side_b.lone_defences:
            lines.append(f"lone defences: A {self.side_a.lone_defences}, B {self.side_b.lone_defences}")
        lines.append(f"passed out: {self.passed_out}, farmer's hands thrown in: {self.thrown_in}")
        rate = self.hands / self.elapsed if self.elapsed > 0 else 0.0
        lines.append(f"time: {self.elapsed:.1f} s ({rate:,.0f} hands/s, {self.jobs} job{'s' * (self.jobs != 1)})")
        lines.append(f"illegal actions or player errors: {len(self.failures)}")
        return "\n".join(lines)


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ((0, 1) when there are no trials)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)
