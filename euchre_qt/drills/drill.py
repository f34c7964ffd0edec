"""A drill: one seat's decision with one clearly best choice, and the figures that show it.

The drill keeps the whole deal (every hand, the kitty) and the moves before the decision,
so the position is rebuilt by the rules themselves and can be played on from there; the
person is shown only the seat's view (``view``). Every drill is turned so that the seat
to move is South, where the person sits at the table ("You").
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.actions import Action
from ..engine.cards import Card, Seat, cards_text, parse_cards
from ..engine.game import Deal
from ..engine.hand import HandState
from ..engine.rules import Rules
from ..engine.view import SeatView
from .themes import Theme

YOU = Seat.SOUTH  # the seat every drill is seen from
_DEFAULT_RULES = Rules().to_dict()


@dataclass(frozen=True, slots=True)
class Figure:
    """One choice as the judge valued it over the drill's deals, in the hand's points for
    the chooser's side (the rest of the hand played well): ``points`` expected, within
    ``interval`` (95%); ``behind`` the best choice by so much, ``margin`` the 95% half-width
    of that difference (paired over the same deals), and ``better_in``: the deals in which
    the best choice scored more."""

    action: Action
    points: float
    interval: float
    behind: float
    margin: float
    better_in: int

    def to_list(self) -> list[Any]:
        p, i, b, m = (round(x, 4) for x in (self.points, self.interval, self.behind, self.margin))
        return [str(self.action), p, i, b, m, self.better_in]

    @classmethod
    def from_list(cls, data: Any) -> Figure:
        if not isinstance(data, list) or len(data) != 6:
            raise ValueError("a choice's figures are a list of six")
        action, points, interval, behind, margin, better_in = data
        return cls(
            Action.parse(str(action)), float(points), float(interval), float(behind), float(margin), int(better_in)
        )


@dataclass(frozen=True, slots=True)
class Source:
    """Where the position comes from: ``kind`` "generated" (a deal played by the Advanced
    computer players) or "egn" (a public tournament record); ``where`` in words; ``ref``
    the generator's deal or the record's file, deal and move, to find it again."""

    kind: str
    where: str
    ref: str

    def to_dict(self) -> dict[str, str]:
        return {"kind": self.kind, "where": self.where, "ref": self.ref}

    @classmethod
    def from_dict(cls, data: Any) -> Source:
        if not isinstance(data, dict):
            raise ValueError("a drill's source is a dict")
        return cls(str(data["kind"]), str(data["where"]), str(data["ref"]))


@dataclass(frozen=True, slots=True)
class Drill:
    """South's decision after ``moves`` in the deal of ``hands`` and ``kitty`` (up-card
    first), under ``rules`` at ``score`` (South/North's points, then West/East's): the
    ``answer`` beat every other choice by more than its margin over ``deals`` sampled deals
    drawn from ``seed`` (``figures``: every choice, best first); ``why`` in a player's words."""

    id: str
    theme: Theme
    source: Source
    rules: Rules
    dealer: Seat
    score: tuple[int, int]
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    moves: tuple[Action, ...]
    answer: Action
    figures: tuple[Figure, ...]
    deals: int
    seed: int
    why: str

    def start(self) -> HandState:
        return HandState.from_cards(self.rules, self.dealer, self.hands, self.kitty, self.score)

    def state(self) -> HandState:
        """The position: the deal with the moves before the decision made."""
        return self.start().apply_all(self.moves)

    def view(self) -> SeatView:
        """What South knows: all that the person is shown."""
        return self.state().view(YOU)

    def deal(self) -> Deal:
        return Deal(self.dealer, self.hands, self.kitty)

    def figure(self, action: Action) -> Figure:
        return next(f for f in self.figures if f.action == action)

    def to_dict(self) -> dict[str, Any]:
        rules = {k: v for k, v in self.rules.to_dict().items() if v != _DEFAULT_RULES[k]}
        return {
            "id": self.id,
            "theme": self.theme.value,
            "source": self.source.to_dict(),
            "rules": rules,
            "dealer": self.dealer.letter,
            "score": list(self.score),
            "hands": [cards_text(h) for h in self.hands],
            "kitty": cards_text(self.kitty),
            "moves": [str(m) for m in self.moves],
            "answer": str(self.answer),
            "choices": [f.to_list() for f in self.figures],
            "deals": self.deals,
            "seed": self.seed,
            "why": self.why,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Drill:
        """Raises ``ValueError`` for anything wrong, the position included: South must be
        to move and the answer one of South's choices."""
        if not isinstance(data, dict):
            raise ValueError("a drill is a dict")
        try:
            us, them = (int(x) for x in data["score"])
            drill = cls(
                id=str(data["id"]),
                theme=Theme(data["theme"]),
                source=Source.from_dict(data["source"]),
                rules=Rules.from_dict(data.get("rules", {})),
                dealer=Seat.parse(str(data["dealer"])),
                score=(us, them),
                hands=tuple(parse_cards(str(h)) for h in data["hands"]),
                kitty=parse_cards(str(data["kitty"])),
                moves=tuple(Action.parse(str(m)) for m in data["moves"]),
                answer=Action.parse(str(data["answer"])),
                figures=tuple(Figure.from_list(f) for f in data["choices"]),
                deals=int(data["deals"]),
                seed=int(data["seed"]),
                why=str(data["why"]),
            )
            view = drill.view()
        except (KeyError, TypeError, IndexError) as exc:
            raise ValueError(f"a drill lacks or garbles {exc}") from exc
        if view.turn is not YOU or drill.answer not in view.legal_actions:
            raise ValueError(f"drill {drill.id}: the answer is not South's choice in its position")
        if {f.action for f in drill.figures} != set(view.legal_actions):
            raise ValueError(f"drill {drill.id}: its figures are not the position's choices")
        return drill


def turned_to_south(start: HandState, moves: Sequence[Action], seat: Seat) -> tuple[HandState, HandState]:
    """The deal of ``start`` turned so that ``seat`` sits South (every seat moved on by the
    same amount, the score by team): its start, and the position after ``moves``."""
    shift = int(seat)
    hands = tuple(start.hands[(i + shift) % 4] for i in range(4))
    dealer = Seat((start.dealer - shift) % 4)
    score = start.scores if shift % 2 == 0 else (start.scores[1], start.scores[0])
    turned = HandState.from_cards(start.rules, dealer, hands, start.kitty, score)
    return turned, turned.apply_all(list(moves))


def drill_id(theme: Theme, start: HandState, moves: Sequence[Action]) -> str:
    """A drill's name, from its theme and its position (the deal and the moves, as seen from
    South): the same position keeps its name, and the person's progress on it, when the
    drills are made again."""
    position = " ".join([start.dealer.letter, *(cards_text(h) for h in start.hands), cards_text(start.kitty)])
    position += " | " + ", ".join(str(m) for m in moves) + f" | {start.scores}"
    return f"{theme}-{hashlib.sha1(position.encode()).hexdigest()[:10]}"
