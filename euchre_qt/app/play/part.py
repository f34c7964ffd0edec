"""The base of the controller's parts (pausing, the pace, hints, undo, the network table,
what the table shows): what they use of the controller and of each other, declared once
for the type checker. At run time it is a plain class; the controller is the one
``QObject``."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    import threading
    from collections.abc import Callable

    from PySide6.QtCore import QObject, QTimer, Signal

    from ...engine import Action, Game, HandState, Seat, Trick
    from ...engine.ai.player import Decision
    from ...session import TableSession
    from ...session import events as table_events
    from ..storage.settings import Settings
    from ..table.state import Event, Stage
    from ..thinking.think_thread import Answer
    from .remote_table import RemoteTable
    from .seating import Player, Sitter

    _Controller = QObject
else:
    _Controller = object


class ControllerPart(_Controller):
    """A part of ``Controller`` (the controller is made of them)."""

    changed: ClassVar[Signal]
    present: ClassVar[Signal]
    message: ClassVar[Signal]
    game_finished: ClassVar[Signal]
    hint_ready: ClassVar[Signal]
    _ask: ClassVar[Signal]
    session: TableSession | None
    gen: int
    stage: Stage
    display: HandState | None
    pending_trick: Trick | None
    last_trick: Trick | None
    autoplay: bool
    show_all: bool
    hint_action: Action | None
    hint_reason: str
    hint_pending: bool
    thinking_seat: Seat | None
    presenter_attached: bool
    remote: RemoteTable | None
    _token: int
    _kinds: list[Sitter]
    _auto_player: Player | None
    _think_started: float
    _game_over_reported: bool
    _wait: QTimer
    _wait_fn: Callable[[], object] | None
    _stop: threading.Event
    _pause_depth: int
    _held: list[tuple[int, Callable[[], object]]]
    _done: Callable[[Decision], None] | None
    _remote_version: int

    if TYPE_CHECKING:

        @property
        def settings(self) -> Settings: ...

        @property
        def game(self) -> Game | None: ...

        @property
        def human_seat(self) -> Seat | None: ...

        def start(self, game: Game) -> None: ...

        def act(self, action: Action) -> str | None: ...

        def names(self) -> tuple[str, str, str, str]: ...

        def people(self) -> frozenset[Seat]: ...

        def is_person(self, seat: Seat) -> bool: ...

        def presented(self, token: int) -> None: ...

        def _dur(self, name: str) -> int: ...

        def _think_ms(self) -> int: ...

        def _cancel(self) -> None: ...

        def _think(self, seat: Seat) -> None: ...

        def warm_helper(self) -> None: ...

        def _apply(
            self, seat: Seat, action: Action, done: Callable[[Decision], None] | None = None
        ) -> table_events.MoveRefused | None: ...

        # of the parts, for each other
        def _hold(self, fn: Callable[[], object]) -> bool: ...

        def _after(self, ms: int, fn: Callable[[], object]) -> None: ...

        def _present(self, event: Event) -> None: ...

        def _beat(self) -> None: ...

        def _next_turn(self) -> None: ...

        def _auto_clear(self) -> bool: ...

        def continue_(self) -> bool: ...

        def clear_trick(self) -> None: ...

        def remote_moved(self) -> None: ...

        def _on_hint(self, answer: Answer) -> None: ...
