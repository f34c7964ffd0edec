"""The judge's values set against what honest self-play really gave: a small correction,
fitted once, applied to every choice of every decision.

The judge plays the rest of the hand double-dummy (every seat sees every card). Players
playing from their own views do not get what that promises:

* **losses are overstated**: replayed from the decision with the judge's better choice and
  the same players going on, the better choice gained less than the loss predicted. Both
  lines are played by players who cannot see the cards, so neither the better line's
  promise nor the punishment of the worse one comes in full. ``loss_scales`` shrinks the
  difference between each choice and the best, deal by deal, to the share that kind of
  decision realised, except the part of it that every deal shows (``certain``: a lone march
  given up for a partnership march in every deal is two points lost however the cards are
  played);
* **levels are off for some kinds of decision** (a bid expected to give more than it did):
  ``offsets`` adds to every choice of that kind what it really gave on average beyond the
  (shrunk) prediction, where that was clear of zero; but not where the best choice scores
  the same in every deal (a march however the cards lie is two points, nothing to correct),
  and never past what a hand can score (four points either way).

The shrink scales the loss and its margin alike, so it changes which grade a loss earns,
never which choice is best; the offset moves every choice of a decision alike, so it
changes no loss and no grade.

Provenance: fitted with ``benchmarks/analysis_calibration.py --fit`` on rows graded without
it at 1,024 deals by the judge that models the players as what they are (26 November
2026): the shares on 3,597 replays from two tables, four Advanced players (seed 13, 1,042
deals) and four Advanced players one of which plays at random three times in ten (seed
11, 1,749 deals), both at random scores; the offsets on the four-Advanced table's 15,895
decisions. How much of a loss comes in depends on who makes it (the erring seat's 0.77,
the Advanced players' own 0.53); the review grades a person, whose mistakes are more a
learner's. Checked only on deals it was not fitted on (docs/analysis.md, "Measured").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.scoring import DOUBLED_EUCHRE_POINTS, LONE_MARCH_POINTS
from .grades import DecisionKind
from .judge import Values

HAND_MOST = max(LONE_MARCH_POINTS, DOUBLED_EUCHRE_POINTS)
POINTS_RANGE = (-float(HAND_MOST), float(HAND_MOST))
"""What one hand can give a side, in points: a lone march won or a lone hand euchred."""


@dataclass(frozen=True, slots=True)
class Calibration:
    """``loss_scales``: by kind of decision, the share of a loss (beyond its certain part)
    that play from the players' own views realises (``loss_scale`` for a kind not named);
    ``offsets``: by kind of decision, points added to every choice. The default is no
    correction at all."""

    loss_scale: float = 1.0
    offsets: Mapping[DecisionKind, float] = field(default_factory=dict)
    loss_scales: Mapping[DecisionKind, float] = field(default_factory=dict)

    def scale_of(self, kind: DecisionKind) -> float:
        return self.loss_scales.get(kind, self.loss_scale)

    def apply(
        self, values: Values, best: Action, kind: DecisionKind, bounds: tuple[float, float] = POINTS_RANGE
    ) -> Values:
        """``values`` with each choice's shortfall behind ``best`` shrunk, deal by deal, and
        the kind's offset added to every choice alike where the best choice's points vary
        from deal to deal (none where the best is certain: a sure march is worth its two
        points), no deal taken outside ``bounds`` (what a hand can score, in the units of
        ``values``). The same deals: margins shrink with the losses; the offset, the same for
        every choice, changes no loss and so no grade."""
        top = values.per_deal[best]
        scale = self.scale_of(kind)
        low, high = bounds
        offset = self.offsets.get(kind, 0.0) if len(set(top)) > 1 else 0.0

        def shrunk(per_deal: tuple[float, ...]) -> tuple[float, ...]:
            shortfalls = [t - v for t, v in zip(top, per_deal, strict=True)]
            certain = max(0.0, min(shortfalls, default=0.0))
            moved = (t + offset - certain - scale * (s - certain) for t, s in zip(top, shortfalls, strict=True))
            return tuple(min(high, max(low, v)) for v in moved)

        return Values({action: shrunk(per_deal) for action, per_deal in values.per_deal.items()})


UNCALIBRATED = Calibration()

# benchmarks/analysis_calibration.py --report fit_erring.jsonl fit_adv.jsonl --fit (docs/analysis.md):
# loss scales, least squares over 3,597 replays (95% by resampling deals): bid 0.714 (0.473 to
# 0.957), going alone 0.871 (0.574 to 1.211), discard 0.717 (0.557 to 0.906), lead 0.710
# (0.414 to 1.074), following 0.760 (0.579 to 0.948); all kinds 0.741 (0.627 to 0.853).
# Offsets on the four-Advanced table's 15,895 decisions: bid -0.101 +- 0.025; going alone,
# discard, lead, following not clear of zero (none); lone defence too rare to fit (none).
FITTED = Calibration(
    loss_scale=0.74,
    offsets={DecisionKind.BID: -0.1},
    loss_scales={
        DecisionKind.BID: 0.71,
        DecisionKind.ALONE: 0.87,
        DecisionKind.DISCARD: 0.72,
        DecisionKind.LEAD: 0.71,
        DecisionKind.FOLLOW: 0.76,
    },
)
