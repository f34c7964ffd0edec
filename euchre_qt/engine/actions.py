"""The moves a player can make, each with a short text form.

=============  ======================  =====================================
text           constructor             when
=============  ======================  =====================================
``pass``       ``PASS``                bidding; declining to defend alone or
                                       to throw in a farmer's hand
``order``      ``order_up()``          round 1 (the dealer "picks it up")
``order alone````order_up(alone=True)``round 1, partner sits out
``call H``     ``call(Suit.HEARTS)``   round 2 (``call H alone`` likewise)
``discard 9C`` ``discard(card)``       the dealer, after picking up
``defend alone`` ``DEFEND_ALONE``      a defender, with the lone-defender rule
``throw in``   ``THROW_IN``            a farmer's hand, before bidding
``play JH``    ``play(card)``          a trick (plain ``JH`` parses too)
=============  ======================  =====================================
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

from .cards import ALL_CARDS, Card, Suit


class ActionKind(StrEnum):
    PASS = "pass"
    ORDER_UP = "order"
    CALL = "call"
    DISCARD = "discard"
    DEFEND_ALONE = "defend alone"
    THROW_IN = "throw in"
    PLAY = "play"


class Action(NamedTuple):
    kind: ActionKind
    suit: Suit | None = None
    card: Card | None = None
    alone: bool = False

    def __str__(self) -> str:
        kind = self.kind
        if kind is ActionKind.ORDER_UP:
            return "order alone" if self.alone else "order"
        if kind is ActionKind.CALL:
            assert self.suit is not None
            return f"call {self.suit.letter}" + (" alone" if self.alone else "")
        if kind in (ActionKind.DISCARD, ActionKind.PLAY):
            return f"{kind.value} {self.card.text if self.card else '??'}"
        return kind.value

    def __repr__(self) -> str:
        return f"Action({self})"

    @property
    def is_bid(self) -> bool:
        """A trump-making bid (order up or call), as opposed to a pass."""
        return self.kind is ActionKind.ORDER_UP or self.kind is ActionKind.CALL

    @classmethod
    def parse(cls, text: str) -> Action:
        words = text.strip().lower().split()
        if not words:
            raise ValueError("empty action")
        try:
            return _parse_words(words)
        except (ValueError, IndexError) as exc:
            raise ValueError(f"not an action: {text!r}") from exc


def _parse_words(words: list[str]) -> Action:
    head, rest = words[0], words[1:]
    alone = rest[-1:] == ["alone"]
    if alone:
        rest = rest[:-1]
    if head == "pass" and not rest and not alone:
        return PASS
    if head == "order" and not rest:
        return order_up(alone)
    if head == "call" and len(rest) == 1:
        return call(Suit.parse(rest[0]), alone)
    if head == "discard" and len(rest) == 1 and not alone:
        return discard(Card.parse(rest[0]))
    if head == "play" and len(rest) == 1 and not alone:
        return play(Card.parse(rest[0]))
    if head == "defend" and not rest and alone:
        return DEFEND_ALONE
    if words == ["throw", "in"]:
        return THROW_IN
    if len(words) == 1:
        return play(Card.parse(head))
    raise ValueError("unknown action")


PASS = Action(ActionKind.PASS)
DEFEND_ALONE = Action(ActionKind.DEFEND_ALONE)
THROW_IN = Action(ActionKind.THROW_IN)
_ORDER = (Action(ActionKind.ORDER_UP), Action(ActionKind.ORDER_UP, alone=True))
_CALL = {(suit, alone): Action(ActionKind.CALL, suit=suit, alone=alone) for suit in Suit for alone in (False, True)}
_PLAY = tuple(Action(ActionKind.PLAY, card=card) for card in ALL_CARDS)
_DISCARD = tuple(Action(ActionKind.DISCARD, card=card) for card in ALL_CARDS)


def order_up(alone: bool = False) -> Action:
    return _ORDER[alone]


def call(suit: Suit, alone: bool = False) -> Action:
    return _CALL[(suit, alone)]


def play(card: Card) -> Action:
    return _PLAY[card.index]


def discard(card: Card) -> Action:
    return _DISCARD[card.index]
