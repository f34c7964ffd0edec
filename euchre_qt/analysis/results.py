"""An analysis as values: each decision's grade, and summaries per hand and per game.

Everything is frozen and has a JSON-able form (``to_dict``/``from_dict``), so the app
can compute it in its helper process and show it, and a review can be kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action
from ..engine.cards import Seat
from ..engine.view import Phase
from .grades import DecisionKind, Grade


def _actions(texts: Iterable[str]) -> tuple[Action, ...]:
    return tuple(Action.parse(t) for t in texts)


@dataclass(frozen=True, slots=True)
class Hindsight:
    """With every card known (the real deal, double-dummy): the best choice(s), and what
    they and the choice made were worth. Knowledge the player did not have: shown apart."""

    best: tuple[Action, ...]
    best_points: float
    chosen_points: float

    @property
    def loss(self) -> float:
        return self.best_points - self.chosen_points

    def to_dict(self) -> dict[str, Any]:
        return {
            "best": [str(a) for a in self.best],
            "best_points": self.best_points,
            "chosen_points": self.chosen_points,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Hindsight:
        return cls(_actions(data["best"]), float(data["best_points"]), float(data["chosen_points"]))


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal choice as the judge valued it, for the chooser's side: the hand's
    expected ``points``, their ``worth`` at the game's score (in points at an even score:
    what grades go by) and the ``chance`` of winning the game after it."""

    action: Action
    points: float
    worth: float
    chance: float

    def to_list(self) -> list[Any]:
        return [str(self.action), self.points, self.worth, self.chance]

    @classmethod
    def from_list(cls, data: list[Any]) -> Choice:
        return cls(Action.parse(data[0]), float(data[1]), float(data[2]), float(data[3]))


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision, judged from what the seat could know at that moment.

    ``choices``: every legal choice, best first (by its worth at the score); ``loss`` is
    the best's worth minus the chosen's; ``margin`` the 95% half-width, over the ``deals``
    sampled deals, of the difference between the choice made and its best rival (the best
    of the others), and ``better_in`` the number of those deals in which the rival did
    better (``rival``). ``why``: the better choice's reason in
    a player's words, with its figures. ``score``: the chooser's side's points and the
    opponents' before the hand. ``inferred``: the record does not state this move (the
    replay worked it out), so it is shown but not counted; ``deal_known``: every hand of
    the deal is known (else there is no hindsight line).
    """

    hand: int  # which hand of the game (index into Game.records)
    move: int  # index into Game.actions of this move
    seat: Seat
    phase: Phase
    kind: DecisionKind
    chosen: Action
    best: Action
    choices: tuple[Choice, ...]
    deals: int
    margin: float
    better_in: int
    grade: Grade
    why: str = ""
    score: tuple[int, int] = (0, 0)
    hindsight: Hindsight | None = None
    inferred: bool = False
    deal_known: bool = True

    def choice(self, action: Action) -> Choice:
        return next(c for c in self.choices if c.action == action)

    @property
    def rival(self) -> Action:
        """The best of the choices not made."""
        return next(c.action for c in self.choices if c.action != self.chosen)

    @property
    def chosen_points(self) -> float:
        return self.choice(self.chosen).points

    @property
    def best_points(self) -> float:
        return self.choice(self.best).points

    @property
    def loss(self) -> float:
        """What the choice made cost, in points at the game's score (what grades it)."""
        return self.choice(self.best).worth - self.choice(self.chosen).worth

    @property
    def no_difference(self) -> bool:
        """Every choice scored the same in every deal: the means are equal and the choice
        made and its rival differ in no deal (their paired margin is nil)."""
        return self.margin == 0.0 and all(c.worth == self.choices[0].worth for c in self.choices)

    @property
    def counted(self) -> bool:
        """Counted in the summaries: a move the record states, graded (not close)."""
        return not self.inferred and self.grade is not Grade.CLOSE

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "move": self.move,
            "seat": self.seat.letter,
            "phase": self.phase.name,
            "kind": self.kind.name,
            "chosen": str(self.chosen),
            "best": str(self.best),
            "choices": [c.to_list() for c in self.choices],
            "deals": self.deals,
            "margin": self.margin,
            "better_in": self.better_in,
            "grade": self.grade.value,
            "why": self.why,
            "score": list(self.score),
            "hindsight": None if self.hindsight is None else self.hindsight.to_dict(),
            "inferred": self.inferred,
            "deal_known": self.deal_known,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DecisionReview:
        hindsight = data.get("hindsight")
        us, them = data.get("score", (0, 0))
        return cls(
            hand=int(data["hand"]),
            move=int(data["move"]),
            seat=Seat.parse(data["seat"]),
            phase=Phase[data["phase"]],
            kind=DecisionKind[data["kind"]],
            chosen=Action.parse(data["chosen"]),
            best=Action.parse(data["best"]),
            choices=tuple(Choice.from_list(c) for c in data["choices"]),
            deals=int(data["deals"]),
            margin=float(data["margin"]),
            better_in=int(data["better_in"]),
            grade=Grade(data["grade"]),
            why=str(data.get("why", "")),
            score=(int(us), int(them)),
            hindsight=None if hindsight is None else Hindsight.from_dict(hindsight),
            inferred=bool(data.get("inferred", False)),
            deal_known=bool(data.get("deal_known", True)),
        )


@dataclass(frozen=True, slots=True)
class KindSummary:
    """Points lost by one kind of decision (of one seat or of all the chosen ones)."""

    kind: DecisionKind
    decisions: int
    points_lost: float
    grades: tuple[tuple[Grade, int], ...]  # each grade given, with its count, best first

    def count(self, grade: Grade) -> int:
        return dict(self.grades).get(grade, 0)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.name,
            "decisions": self.decisions,
            "points_lost": self.points_lost,
            "grades": [[g.value, n] for g, n in self.grades],
        }


def summarise(decisions: Iterable[DecisionReview]) -> tuple[KindSummary, ...]:
    """Points lost by decision kind (kinds with no decision left out), in kind order;
    a close call or an inferred move is counted as a decision but loses nothing."""
    by_kind: dict[DecisionKind, list[DecisionReview]] = {}
    for decision in decisions:
        by_kind.setdefault(decision.kind, []).append(decision)
    rows = []
    for kind in DecisionKind:
        found = by_kind.get(kind)
        if not found:
            continue
        grades = tuple((g, n) for g in Grade if (n := sum(1 for d in found if d.grade is g)))
        rows.append(KindSummary(kind, len(found), sum(d.loss for d in found if d.counted), grades))
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class HandReview:
    """The chosen seats' decisions of one hand, in the order they were made."""

    hand: int  # index into Game.records (the hand under way: len(records))
    deal_number: int
    dealer: Seat
    result: str  # how the hand ended, in words ("" if it is not over)
    decisions: tuple[DecisionReview, ...]

    def summary(self, seat: Seat | None = None) -> tuple[KindSummary, ...]:
        return summarise(d for d in self.decisions if seat is None or d.seat is seat)

    @property
    def points_lost(self) -> float:
        return sum(d.loss for d in self.decisions if d.counted)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "deal_number": self.deal_number,
            "dealer": self.dealer.letter,
            "result": self.result,
            "decisions": [d.to_dict() for d in self.decisions],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandReview:
        return cls(
            hand=int(data["hand"]),
            deal_number=int(data["deal_number"]),
            dealer=Seat.parse(data["dealer"]),
            result=str(data["result"]),
            decisions=tuple(DecisionReview.from_dict(d) for d in data["decisions"]),
        )


@dataclass(frozen=True, slots=True)
class GameReview:
    """The analysis of a game (or of some of its hands) for the chosen seats."""

    seats: tuple[Seat, ...]
    deals: int  # the budget: sampled deals per decision
    seed: int
    hands: tuple[HandReview, ...]

    @property
    def decisions(self) -> tuple[DecisionReview, ...]:
        return tuple(d for h in self.hands for d in h.decisions)

    def summary(self, seat: Seat | None = None) -> tuple[KindSummary, ...]:
        return summarise(d for d in self.decisions if seat is None or d.seat is seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": [s.letter for s in self.seats],
            "deals": self.deals,
            "seed": self.seed,
            "hands": [h.to_dict() for h in self.hands],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameReview:
        return cls(
            seats=tuple(Seat.parse(s) for s in data["seats"]),
            deals=int(data["deals"]),
            seed=int(data["seed"]),
            hands=tuple(HandReview.from_dict(h) for h in data["hands"]),
        )
