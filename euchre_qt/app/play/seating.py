"""Who sits in each seat: a person at this screen, somebody at a network table, or a
computer player of a kind, made from the settings; and who the session asks for each
seat's move (a person's seat is played by the partner's computer player during Auto Play)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Literal, Protocol

from ...engine import Seat
from ...engine.ai.how_they_play import HowTheyPlay
from ...engine.ai.player import Decision
from ...engine.ai.registry import PlayerKind, kind_of, make_player
from ...engine.view import SeatView
from ...session import ComputerSeat, Occupant, PersonSeat, SeatKind
from ...session.seats import Think
from ..storage.settings import PERSON, SettingsSource
from ..thinking import thinker

# A person at this screen, somebody at a network table, or a computer player of a kind
Sitter = PlayerKind | Literal[SeatKind.PERSON, SeatKind.REMOTE]


class Decider(Protocol):
    """What decides a computer seat's moves as the controller asks it: one of the engine's
    players (``engine.ai.player.Player``), or ``thinker.HelperPlayer`` deciding in the
    helper process (None: it gave up, the window is closing)."""

    sees_all: bool

    def decide(self, view: SeatView) -> Decision | None: ...


class SeatTaker(Protocol):
    """What ``Seating.seat_occupants`` tells who sits where: a session (``session.Session``)."""

    def seat(self, seat: Seat, occupant: Occupant) -> None: ...


class SeatsShown(Protocol):
    """Who sits where, as a table that tells it shows it (a network table: names from its
    server, and whether each seat is a person, a computer, or away)."""

    def names(self) -> tuple[str, str, str, str]: ...
    def level(self, seat: Seat) -> str: ...


def sitter(name: str) -> Sitter:
    """Who the settings' name for a seat's player ("person", or a computer player's name) is."""
    return SeatKind.PERSON if name == PERSON else kind_of(name)


class Seating:
    """The four seats' sitters and computer players, and Auto Play."""

    def __init__(self, settings: SettingsSource, think_ms: Callable[[], int]) -> None:
        self._settings = settings  # who sits where, read when the seats are sat
        self._think_ms = think_ms  # read when a player is made (a test may change it)
        self._autoplay = False
        self.stop = threading.Event()  # set at shutdown: a player waiting on the helper gives up
        self._kinds: list[Sitter] = [SeatKind.PERSON, *[kind_of("novice")] * 3]
        self._players: list[Decider | None] = [None] * 4
        self._auto_player: Decider | None = None
        self._seated: list[tuple[bool, Decider | None] | None] = [None] * 4  # (a person?, the player) per seat
        self._warm_wanted = False  # the helper process is to be started at the first person's turn

    @property
    def autoplay(self) -> bool:
        """Auto Play is on: the people's seats are played by the partner's computer player."""
        return self._autoplay

    def set_autoplay(self, on: bool) -> None:
        """Turn Auto Play on or off; the session is told of the seats' new occupants by
        ``seat_occupants``."""
        self._autoplay = on

    def sit(self, elsewhere: frozenset[Seat] = frozenset()) -> None:
        """Who sits in each seat, from the settings (``kinds``); the seats ``elsewhere`` are
        somebody else's to fill (a network table's: people at their own screens, or its
        server's computers), and a person here plays the rest of a network table."""
        if elsewhere:
            self._kinds = [SeatKind.REMOTE if seat in elsewhere else SeatKind.PERSON for seat in Seat]
        else:
            self._kinds = [sitter(self._settings.settings.player(seat)) for seat in Seat]

    def make_players(self, seed: int, elsewhere: frozenset[Seat] = frozenset()) -> None:
        """(Re)build the computer players from the settings, the seats sat as ``sit`` says."""
        s = self._settings.settings
        self.sit(elsewhere)
        for seat in Seat:
            kind = self._kinds[seat]
            if not isinstance(kind, PlayerKind):
                self._players[seat] = None
                continue
            if s.they_see_all and kind.name == "advanced":
                kind = kind_of("oracle")
            self._players[seat] = self._make_player(kind, (seed * 7 + seat) % 2**31)
        # Auto Play and "decide for me" play a person's seat as the partner's computer player would
        # (Advanced when the partner is a person too).
        partner = self._kinds[Seat.NORTH]
        auto_kind = partner if isinstance(partner, PlayerKind) else kind_of("advanced")
        self._auto_player = self._make_player(auto_kind, seed % 2**31 + 99)
        # the helper process is started once the table has shown its deal and waits for a person
        # (a computer's first move starts it anyway): starting it while the first deal is dealt
        # out made that animation's longest frame 60-110 ms (benchmarks/ui_startup.py)
        self._warm_wanted = any(isinstance(p, thinker.HelperPlayer) for p in (*self._players, self._auto_player))

    def _make_player(self, kind: PlayerKind, seed: int) -> Decider:
        """Searching players decide in the helper process; the others in the worker thread."""
        if kind.searches and thinker.USE_HELPER:
            return thinker.HelperPlayer(kind.name, seed, self._think_ms(), self.stop)
        return make_player(kind.name, seed=seed, think_ms=self._think_ms())

    def take_warm_up(self) -> bool:
        """Whether the helper process is still to be started (then it is no more)."""
        wanted, self._warm_wanted = self._warm_wanted, False
        return wanted

    def new_table(self) -> None:
        """A new session: every seat is to be given its occupant afresh."""
        self._seated = [None] * 4

    def seat_occupants(self, session: SeatTaker, think: Callable[[Seat], Think]) -> None:
        """Who ``session`` asks for each seat's move: a person at this screen, or the seat's
        computer player thinking through ``think(seat)``; a seat filled elsewhere is the
        session's own."""
        for seat in Seat:
            if self._kinds[seat] is SeatKind.REMOTE:
                continue
            person = self.is_person(seat)
            player = None if person else self.player_for(seat)
            key = (person, player)
            if self._seated[seat] == key:
                continue  # the same occupant: a move it is working out stays wanted
            self._seated[seat] = key
            occupant: Occupant
            if person:
                occupant = PersonSeat()
            else:
                sees_all = self._kinds[seat] is not SeatKind.PERSON and (
                    self._settings.settings.they_see_all or bool(player is not None and player.sees_all)
                )
                occupant = ComputerSeat(think(seat), sees_all=sees_all)
            session.seat(seat, occupant)

    def is_person(self, seat: Seat) -> bool:
        """A person makes this seat's moves now (not during Auto Play)."""
        return self._kinds[seat] is SeatKind.PERSON and not self._autoplay

    def people(self) -> frozenset[Seat]:
        return frozenset(s for s in Seat if self._kinds[s] is SeatKind.PERSON)

    def kinds(self) -> tuple[str, str, str, str]:
        """Who plays each seat, as a saved game keeps it: a computer player by its name, a
        person here or at a network table "person"."""
        s, w, n, e = (k.name if isinstance(k, PlayerKind) else PERSON for k in self._kinds)
        return (s, w, n, e)

    def how_they_play(self) -> HowTheyPlay:
        """How each seat plays, for the review of the game: a computer player by its kind
        (a Novice by habit), a person here or at a network table well."""
        return HowTheyPlay.of_players(self.kinds())

    def player_for(self, seat: Seat) -> Decider:
        player = self._players[seat] or self._auto_player
        assert player is not None, "the players are made when a game starts"
        return player

    def level(self, seat: Seat) -> str:
        """The computer player's level at ``seat`` in a player's words ("" for a person)."""
        kind = self._kinds[seat]
        if not isinstance(kind, PlayerKind):
            return ""
        return f"{kind.label}, sees every card" if self._settings.settings.they_see_all else kind.label
