"""Cards moving to their places (``placement``): the moves a beat of the table makes
(``plan_moves``, by its ``Motion``: a deal from the dealer, a card played or laid away, a
trick gathered) and the one animation that carries them out (``CardAnimator``), its
durations from ``durations``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QEasingCurve, QObject, QPointF, QTimer, QVariantAnimation

from ...engine import Card, Seat
from .card_item import CardItem
from .durations import duration
from .layout import Layout
from .placement import Place
from .state import Motion, TableState


@dataclass
class Move:
    item: CardItem
    start: QPointF
    end: QPointF
    delay: float
    dur: float
    place: Place
    flip_at: float | None  # progress at which the face changes, None if it does not


SetFace = Callable[[CardItem, bool], None]
ApplyPlace = Callable[[CardItem, Place], None]


def plan_moves(
    state: TableState,
    motion: Motion,
    *,
    targets: dict[Card, Place],
    cards: dict[Card, CardItem],
    lay: Layout,
    speed: int,
    set_face: SetFace,
    apply_place: ApplyPlace,
) -> list[Move]:
    """The moves that show ``state`` by ``motion``; a card that need not travel is put in its place at once."""
    moves: list[Move] = []
    hand = state.hand
    if motion is Motion.DEAL:
        start = lay.deal_point(hand.dealer)
        order: dict[Seat | None, int] = {seat: k for k, seat in enumerate(_seats_from(hand.dealer.left))}
        dur, stagger = duration("deal", speed), duration("deal_stagger", speed)
        dealt = 0
        for card, place in sorted(
            targets.items(), key=lambda kv: (kv[1].owner is None, kv[1].z % 10, order.get(kv[1].owner, 9))
        ):
            item = cards[card]
            if not place.visible:
                apply_place(item, place)
                continue
            set_face(item, False)
            item.setPos(start)
            item.setVisible(True)
            item.setOpacity(1.0)
            item.set_state(None)
            delay = dealt * stagger
            dealt += 1
            moves.append(Move(item, start, place.pos, delay, dur, place, 1.0 if place.face_up else None))
        return moves
    dur = duration(motion.value, speed)
    for card, place in targets.items():
        item = cards[card]
        here = item.pos()
        if not item.isVisible() and place.visible:
            apply_place(item, place)  # appears where it belongs
            continue
        if not item.isVisible() and not place.visible:
            apply_place(item, place)
            continue
        if _close(here, place.pos) or dur == 0:
            apply_place(item, place)
            continue
        flip = 0.5 if place.face_up != item.face_up else None
        item.set_state(None)
        moves.append(Move(item, QPointF(here), place.pos, 0.0, float(dur), place, flip))
    return moves


class CardAnimator:
    """Runs one animation of moves at a time; ``finish`` ends it with every card in its place."""

    _EASE = QEasingCurve(QEasingCurve.Type.OutCubic)

    def __init__(
        self,
        parent: QObject,
        *,
        set_face: SetFace,
        apply_place: ApplyPlace,
        done: Callable[[], None],
        presented: Callable[[int], None],
    ) -> None:
        self._parent = parent
        self._set_face = set_face
        self._apply_place = apply_place
        self._done = done  # the animation ran to its end
        self._presented = presented  # a beat's moves are over (its token)
        self._anim: QVariantAnimation | None = None
        self._moves: list[Move] = []
        self._token: int | None = None
        self._total = 0.0

    @property
    def running(self) -> bool:
        return self._anim is not None

    @property
    def duration_ms(self) -> int:
        """How long the running animation lasts in all (0 when none runs)."""
        return self._anim.duration() if self._anim is not None else 0

    def start(self, moves: list[Move], token: int | None, collect: bool) -> None:
        total = max((m.delay + m.dur for m in moves), default=0.0)
        self._token = token
        if total <= 0:
            for m in moves:
                self._apply_place(m.item, m.place)
            self._moves = []
            if token is not None:
                presented = self._presented
                QTimer.singleShot(0, lambda: presented(token))
            return
        self._moves = moves
        self._total = total
        for i, m in enumerate(moves):
            m.item.setZValue(1000 + i if not collect else m.place.z + 1000)
        anim = QVariantAnimation(self._parent)
        anim.setStartValue(0.0)
        anim.setEndValue(1.0)
        anim.setDuration(int(total))
        anim.valueChanged.connect(self._step)
        anim.finished.connect(self._done)
        self._anim = anim
        anim.start()

    def _step(self, value: float) -> None:
        t = float(value) * self._total
        for m in self._moves:
            p = 1.0 if m.dur <= 0 else min(1.0, max(0.0, (t - m.delay) / m.dur))
            e = self._EASE.valueForProgress(p)
            m.item.setPos(m.start + (m.end - m.start) * e)
            if m.flip_at is not None and p >= m.flip_at and m.item.face_up != m.place.face_up:
                self._set_face(m.item, m.place.face_up)

    def finish(self) -> tuple[bool, int | None]:
        """End the running animation (if any) with the cards in their places; returns whether
        anything was moving, and the beat's token to say it has been presented."""
        anim, self._anim = self._anim, None
        if anim is not None:
            anim.valueChanged.disconnect(self._step)
            anim.finished.disconnect(self._done)
            anim.stop()
            anim.deleteLater()
        moves, self._moves = self._moves, []
        for m in moves:
            self._apply_place(m.item, m.place)
        token, self._token = self._token, None
        return anim is not None or bool(moves), token


def _close(a: QPointF, b: QPointF) -> bool:
    return abs(a.x() - b.x()) < 0.5 and abs(a.y() - b.y()) < 0.5


def _seats_from(first: Seat) -> list[Seat]:
    return [Seat((first + i) % 4) for i in range(4)]
