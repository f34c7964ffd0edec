"""The base of the table scene's parts (the keyboard, the cards' faces): what they use of the
scene, declared once for the type checker. At run time it is a plain class; the scene is the
one ``QGraphicsScene``."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from PySide6.QtCore import Signal
    from PySide6.QtWidgets import QGraphicsScene

    from ...engine import Action, Card
    from ..cardart.artsource import Art
    from .animator import CardAnimator
    from .card_item import CardItem
    from .items import ButtonItem
    from .layout import Layout
    from .state import TableState

    _Scene = QGraphicsScene
else:
    _Scene = object


class ScenePart(_Scene):
    """A part of ``TableScene`` (the scene is made of them)."""

    card_clicked: ClassVar[Signal]
    action_chosen: ClassVar[Signal]
    enter_pressed: ClassVar[Signal]
    focus_changed: ClassVar[Signal]
    fact_requested: ClassVar[Signal]
    art: Art
    layout: Layout
    dpr: float
    back: str
    four_colour: bool
    state: TableState | None
    cards: dict[Card, CardItem]
    buttons: dict[str, ButtonItem]
    alone_toggle: bool
    animator: CardAnimator

    if TYPE_CHECKING:

        def _snap(self, state: TableState) -> None: ...

        def _mark_buttons(self, state: TableState) -> None: ...

        def _button_action(self, key: str) -> Action | None: ...

        def _card_clicked(self, item: CardItem) -> None: ...
