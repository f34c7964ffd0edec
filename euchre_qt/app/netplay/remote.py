"""A seat at a network table, for the window: the connection, who sits where, the chat, and
the table itself as a session the controller plays like any other (``RemoteTableSession``).

The server is the referee. What it says of the play (events, this seat's views, its turns
and refusals) goes to the session; when the session has a table to show (the first deal,
the server's new game, or the table as it stands after sitting down again) ``started`` hands
it to the window. The seats (who is a person, a computer, away) and the chat are told
through signals for the window to show.
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from ...engine import Seat
from ...net import protocol
from ...net.client import MALFORMED
from ...net.mirror import MirrorError
from ...net.remote_session import RemoteTableSession
from ...session.events import Event, GameEnded
from ...session.wording import SEAT_NAMES
from .link import NetLink

log = logging.getLogger("euchre_qt.net")

REJOIN_AFTER_S = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0)  # a server restarting takes a few seconds
# What a person sent while the connection was down, still meant once seated again: a chat
# line, Next Game, Deal Now. A move is not: the seat is asked again for its turn.
CARRIED_OVER_A_DROP = frozenset({"chat", "again", "start"})


@dataclass(frozen=True, slots=True)
class SeatShown:
    """A seat as the window shows it (in the window's places: this player at South)."""

    name: str
    kind: str  # "person", "computer" or "open"
    connected: bool
    back_within: float | None
    stand_in: bool
    open: bool = False  # anyone with the join code may take it
    told_at: float = 0.0  # when the server said so (``time.monotonic``): ``back_within`` counts from then

    @property
    def away(self) -> bool:
        return self.kind == "person" and (self.stand_in or not self.connected)

    @property
    def counting(self) -> bool:
        """The seat waits for its person, for a time that runs down."""
        return self.kind == "person" and not self.connected and not self.stand_in and self.back_within is not None

    def level(self, now: float | None = None) -> str:
        """A word for the table's seat label: who plays it now (``now``: to count the wait down to)."""
        if self.kind == "computer":
            return "Computer"
        if self.kind == "open":
            return "Open seat, a computer plays it"
        if self.stand_in:
            return "A computer plays for them"
        if self.counting:
            assert self.back_within is not None
            waited = (time.monotonic() if now is None else now) - self.told_at
            return f"Away, {math.ceil(max(0.0, self.back_within - waited))} s to come back"
        if not self.connected:
            return "Away"
        return "Person"


class NetworkTable(QObject):
    """One seat at one network table, seen from this window."""

    started = Signal(object)  # the RemoteTableSession to play: it has a table to show afresh
    seats_changed = Signal()
    # the table here ended its game (the next may be asked for): as it shows the end, which
    # may be before the server's word of it comes
    finished = Signal()
    created = Signal(str)  # a table was made for this window: its join code
    keyed = Signal(str, int, str)  # sat down: (the join code, the seat, its key), to be kept
    offered = Signal()  # looked at, not seated yet: choose a seat (``sit``)
    chat = Signal(str, str)  # (who, text)
    said = Signal(str)  # a line of news for the message bar (a join code, an error)
    left = Signal(str)  # the table is gone for this window: why ("" when the player left)

    def __init__(self, url: str, hello: dict[str, Any], parent: QObject | None = None) -> None:
        """Open a link to the table at ``url`` with ``hello`` (a create, a look or a join
        message, with the player's name in it)."""
        super().__init__(parent)
        self.url = url
        self.code = str(hello.get("code", ""))
        self.name = str(hello.get("name", ""))
        self.seat = Seat.parse(str(hello.get("seat", "S")))
        self.creator = hello.get("type") == "create"
        self.key: str | None = hello.get("key")  # the seat key: what brings this window back to its seat
        self.seated = False
        self.session: RemoteTableSession | None = None  # the table, once sat down
        self.seats: list[SeatShown] = []
        self._closed = False
        self.starts = 0  # times the table was shown afresh: a new game, or sitting down again
        self._retries = 0
        self._rejoining = False  # sitting down again after a drop
        self._told_next_deal = False
        # looking at the table to choose a seat: a server lets a connection that sits nowhere
        # go after a while (``UNSEATED_TIMEOUT_S``), and the person may still be choosing
        self._looking = hello.get("type") == "look"
        self._let_go = False  # the looking connection is gone: choosing a seat opens another
        # a look's message has no name: the name is kept here for sitting down
        look = hello.get("type") == "look"
        self.link = self._open_link({k: v for k, v in hello.items() if not (look and k == "name")})

    # --- who sits where, as the table shows it ---------------------------------------------------

    def names(self) -> tuple[str, str, str, str]:
        """The seats' names as the table shows them, with who is away said at the seat itself."""
        names = [self.name_at(seat) for seat in Seat]
        for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
            shown = self._shown(seat)
            if shown is not None and shown.away:
                names[seat] += " (away)"
        return (names[0], names[1], names[2], names[3])

    def name_at(self, seat: Seat) -> str:
        """The name of the player at ``seat`` (in the window's places), nothing more."""
        if seat is Seat.SOUTH:
            return "You"
        shown = self._shown(seat)
        return shown.name if shown is not None and shown.name else SEAT_NAMES[seat]

    @property
    def game_over(self) -> bool:
        """The table shows a finished game: the next one with the same people may be asked for."""
        session = self.session
        return session is not None and session.started and session.game.is_over

    @property
    def counting(self) -> bool:
        """Some seat waits for its person: its time to come back runs down."""
        return any(shown.counting for shown in self.seats)

    def level(self, seat: Seat) -> str:
        if seat is Seat.SOUTH:
            return ""
        shown = self._shown(seat)
        return shown.level() if shown is not None else ""

    def away(self) -> list[Seat]:
        """The seats (in the window's places) whose person is away: what the creator may free."""
        return [
            seat
            for seat in Seat
            if seat is not Seat.SOUTH
            and (shown := self._shown(seat))
            and shown.kind == "person"
            and not shown.connected
        ]

    def _shown(self, local: Seat) -> SeatShown | None:
        index = (local + self.seat) % 4
        return self.seats[index] if index < len(self.seats) else None

    # --- asking the server -----------------------------------------------------------------

    def sit(self, seat: Seat, name: str, key: str | None = None) -> None:
        """Take ``seat`` at the table looked at, or come back to it with its ``key``."""
        self.seat, self.name, self.key = seat, protocol.clean_text(name)[:24] or "Guest", key
        join = protocol.join_message(self.code, self.name, seat, key)
        if self._let_go:  # (the seat dialog stayed open past the server's patience)
            self._let_go = self._looking = False  # (this connection failing is said)
            self.link.deleteLater()
            self.link = self._open_link(join)
        else:
            self.link.send(join)

    def say(self, text: str) -> None:
        text = protocol.clean_text(text)[: protocol.MAX_CHAT]
        if text:
            self.link.send({"type": "chat", "text": text})

    def deal_now(self) -> None:
        """The creator: start with computers in the seats nobody took."""
        self.link.send({"type": "start"})

    def free(self, seat: Seat) -> None:
        """The creator: free ``seat`` (in the window's places), whose person is away and lost the
        key: the key opens it no more, and anyone with the join code may sit there."""
        self.link.send({"type": "free", "seat": Seat((seat + self.seat) % 4).letter})

    def again(self) -> None:
        """A new game with the same people (once this one is over)."""
        self.link.send({"type": "again"})

    def leave(self, give_up: bool = True) -> None:
        """Hang up; ``give_up``: a computer takes the seat at once and anyone may sit there (else it
        waits for you to come back with its key, as after a dropped connection)."""
        if self._closed:
            return
        self._closed = True
        if give_up:
            self.link.send({"type": "leave"})
        self.link.close()

    def _send(self, message: dict[str, Any]) -> None:
        self.link.send(message)  # (the link of the moment: a new one after sitting down again)

    # --- what the server says --------------------------------------------------------------

    def _on_message(self, message: Any) -> None:
        if self._closed:
            return
        try:
            self._handle(message)
        except MirrorError as exc:
            self._give_up(str(exc))
        except MALFORMED as exc:
            log.warning("unreadable message from the server %s: %r", message, exc)
            self._give_up("The table's server sent something this program cannot read, so the table was left.")

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "created":
            if not self.creator or self.code:
                raise ValueError("a table made that this window did not ask for")
            self.code = str(message["code"])
            self.created.emit(self.code)
            self.said.emit(f"Your table's join code is {self.code}.")
        elif kind == "welcome":
            self.seated, self._rejoining, self._looking = True, False, False
            self._retries = 0
            self.seat = Seat.parse(message["seat"])
            self.creator = bool(message.get("creator", self.creator))
            self.key = str(message["key"])
            self.keyed.emit(self.code, int(self.seat), self.key)
            if self.session is None or self.session.server_seat is not self.seat:
                self.session = RemoteTableSession(self.seat, self._send, auto_ask=False)
                self.session.listen(self._heard)
        elif kind == "table":
            self._seats_told(message)
        elif kind in ("event", "view", "turn", "reveal", "refused"):
            if self.session is None:
                raise ValueError(f"{kind} before this window sat down")
            self.session.told(message)
            if self.session.ready and not self.session.started:
                self.starts += 1
                self.started.emit(self.session)
        elif kind == "chat":
            self.chat.emit(str(message["name"]) or SEAT_NAMES[Seat.parse(message["seat"])], str(message["text"]))
        elif kind == "error":
            self.said.emit(protocol.ERROR_TEXT.get(str(message["code"]), "The server refused."))
            if self._rejoining and message["code"] in ("seat taken", "name taken"):
                self.link.close()  # (the server has not yet seen the old connection go): try again
                self._on_lost("Your seat could not be taken back.")
            elif not self.seated and message["code"] in ("seat taken", "name taken"):
                self.offered.emit()  # choose again

    def _heard(self, event: Event) -> None:
        if isinstance(event, GameEnded):
            self.finished.emit()

    def _seats_told(self, message: dict[str, Any]) -> None:
        now = time.monotonic()
        self.seats = [
            SeatShown(
                str(s["name"]),
                str(s["kind"]),
                bool(s["connected"]),
                s.get("back_within"),
                bool(s["stand_in"]),
                bool(s.get("open", False)),
                now,
            )
            for s in message["seats"]
        ][:4]
        self.seats_changed.emit()
        if not self.seated and not self._rejoining:
            self.offered.emit()
        mine = self.seats[self.seat] if self.seated and self.seat < len(self.seats) else None
        if mine is not None and mine.stand_in and mine.connected and not self._told_next_deal:
            self._told_next_deal = True  # (a newcomer during a hand: the server deals them in next)
            self.said.emit("You sit down with the next deal: a computer finishes this hand.")

    def _open_link(self, hello: dict[str, Any]) -> NetLink:
        link = NetLink(self)
        link.received.connect(self._on_message)
        link.lost.connect(self._on_lost)
        link.broken.connect(self._give_up)
        link.open(self.url, hello)
        return link

    def _on_lost(self, why: str) -> None:
        """A seated player's connection dropped: sit down again (the seat waits for its person),
        a few times, further apart; then give up. A connection that looked at the table and is
        let go while the person chooses a seat is opened again when they have chosen."""
        if self._looking and self.seats and not self.seated and not self._closed:
            self._let_go = True  # (said only if sitting down then fails)
            return
        if not (self.seated or self._rejoining) or self._closed or self._retries >= len(REJOIN_AFTER_S):
            self._give_up(why)
            return
        wait = REJOIN_AFTER_S[self._retries]
        self._retries += 1
        self.said.emit("The connection to the table was lost: sitting down again…")
        QTimer.singleShot(int(wait * 1000), self._rejoin)

    def _rejoin(self) -> None:
        if self._closed:
            return
        self.link.deleteLater()
        self.seated, self._rejoining = False, True
        if self.session is not None:
            self.session.sat_down_again()  # the table as it stands now: its view says it
        carried = [m for m in self.link.unsent() if m.get("type") in CARRIED_OVER_A_DROP]
        self.link = self._open_link(protocol.join_message(self.code, self.name, self.seat, self.key))
        for message in carried:
            self.link.send(message)  # (after the new hello)

    def _give_up(self, why: str) -> None:
        if self._closed:
            return
        self._closed = True
        self.link.close()
        self.left.emit(why)
