"""Game > Host a Table… and Join a Table…: the window sits at a network table.

While it does, the game in progress here is set aside untouched (not saved over, not
counted) and comes back when the table is left. The network game itself is played on the
same card table, with the same animations and hints; its hands and result count in your
statistics like any other game of yours. Hosting runs ``euchre-qt serve`` beside the
window and sits at its table like any friend would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Slot

from ...engine import Seat
from ...net.seat_keys import SeatKeys
from ..storage import paths
from ..table.state import Stage

if TYPE_CHECKING:
    from ...engine import Game
    from ...net.remote_session import RemoteTableSession
    from ..netplay.dialogs import HostChoice, LastTable
    from ..netplay.hosting import HostedServer
    from ..netplay.panel import TablePanel
    from ..netplay.remote import NetworkTable
    from .context import WindowContext
    from .dialogs import Dialogs
    from .game_keeping import GameKeeping
    from .recorded_games import RecordedGames
    from .settings_applied import SettingsApplied


HOSTED_TABLES = "hosted tables"  # the folder (in the data folder) a hosted server saves its tables in
PANEL_WIDTH = 240  # the table keeps the room: it has a minimum size, the panel wraps its lines


class NetworkPlay(QObject):
    """The network table the window sits at, if any, played by the window's controller; the
    game here (``kept``, or a record ``recorded`` shows) waits meanwhile. The table's address,
    join code and seat keys are kept in the settings (``settings_applied``); its dialogs are shown by
    ``dialogs``."""

    def __init__(
        self,
        context: WindowContext,
        *,
        dialogs: Dialogs,
        recorded: RecordedGames,
        kept: GameKeeping,
        settings_applied: SettingsApplied,
    ) -> None:
        super().__init__(context.window)
        self._context = context
        self._dialogs = dialogs
        self._recorded = recorded
        self._kept = kept
        self._settings_applied = settings_applied
        self.network: NetworkTable | None = None
        self.hosted: HostedServer | None = None
        self.table_panel: TablePanel | None = None
        self._set_aside: Game | None = None  # the game in progress here, kept while at the table
        self._held = False  # the game here waits (no move asked) until the table's first deal
        self._table_where = ""

    @property
    def at_network_table(self) -> bool:
        return self.network is not None

    @property
    def playing_network_table(self) -> bool:
        """The table shows the network table's game (its first deal has come)."""
        network = self.network
        return (
            network is not None and network.session is not None and self._context.controller.session is network.session
        )

    # --- opening a table ---------------------------------------------------------------------

    @Slot()
    def host_table(self) -> None:
        from ..netplay.dialogs import HostDialog
        from ..netplay.hosting import HostedServer

        settings = self._context.store.settings
        last = self._last_hosted_table()
        dialog = HostDialog(
            name=settings.name(Seat.SOUTH),
            port=settings.host_port,
            rules=settings.rules.describe(),
            last=last,
            parent=self._context.window,
        )
        if not self._dialogs.modal(dialog):
            return
        choice = dialog.choice()
        self.leave_table()
        self._settings_applied.change(host_port=choice.port)
        hosted = HostedServer(paths.data_dir() / HOSTED_TABLES, self)
        hosted.ready.connect(lambda port: self._sit_at_hosted_table(port, choice))
        hosted.failed.connect(self._table_lost)
        self.hosted = hosted
        hosted.start(choice.port)
        self._context.notices.notify("info", "Opening your table…")

    def _last_hosted_table(self) -> LastTable | None:
        """The table this window hosted last, if its server saved it unfinished."""
        from ...net.server import saved_table
        from ..netplay.dialogs import LastTable

        code = self._context.store.settings.host_code
        saved = saved_table(paths.data_dir() / HOSTED_TABLES, code) if code else None
        if saved is None or saved.game.is_over:
            return None
        return LastTable(code, saved.names[Seat.SOUTH] or "Host", saved.game.scores)

    def _sit_at_hosted_table(self, port: int, choice: HostChoice) -> None:
        from ...net import protocol  # (with jsonschema: loaded when network play is first asked for)
        from ..netplay.hosting import addresses

        here = " or ".join(addresses()[:2])
        where = f"Friends join at address {here}, port {port}"
        if port != choice.port:  # the server took a free one: friends must be told this one
            self._context.notices.warn(
                f"Port {choice.port} is in use on this computer, so your table is on port {port}."
            )
        if choice.resume is not None:  # the server resumed it from its save: sit down again
            last = choice.resume
            back = protocol.join_message(last.code, last.name, Seat.SOUTH, self._seat_keys().key(last.code, Seat.SOUTH))
            self._open_table(f"ws://127.0.0.1:{port}", back, where)
            return
        settings = self._context.store.settings
        computers = {settings.player(seat) for seat in Seat} - {"person"}
        hello: dict[str, Any] = {
            "type": "create",
            "v": protocol.PROTOCOL_VERSION,
            "name": protocol.clean_text(choice.name)[:24] or "Host",
            "seat": Seat.SOUTH.letter,
            "open_seats": [seat.letter for seat in choice.open_seats],
            "rules": settings.rules.to_dict(),
            "computer": "advanced" if "advanced" in computers else "novice",
        }
        self._open_table(f"ws://127.0.0.1:{port}", hello, where)
        if self.network is not None:  # remembered: after a restart the table can be sat at again
            self.network.created.connect(lambda code: self._settings_applied.change(host_code=code))

    @Slot()
    def join_table(self) -> None:
        from ...net import protocol
        from ...net.client import table_route
        from ..netplay.dialogs import JoinDialog

        settings = self._context.store.settings
        dialog = JoinDialog(
            address=settings.join_address,
            code=settings.join_code,
            name=settings.name(Seat.SOUTH),
            parent=self._context.window,
        )
        if not self._dialogs.modal(dialog):
            return
        choice = dialog.choice()
        if choice is None:
            return
        self.leave_table()
        self._settings_applied.change(join_address=choice.address, join_code=choice.code)
        hello = {"type": "look", "v": protocol.PROTOCOL_VERSION, "code": choice.code, "name": choice.name}
        self._open_table(table_route(choice.url, choice.code), hello, f"The table at {choice.address}")
        self._context.notices.notify("info", "Looking for the table…")

    def _open_table(self, url: str, hello: dict[str, Any], where: str) -> None:
        from ..netplay.panel import TablePanel
        from ..netplay.remote import NetworkTable

        network = NetworkTable(url, hello, self)
        network.started.connect(self._table_started)
        network.seats_changed.connect(self._show_table_seats)
        network.finished.connect(self._show_panel_seats)
        network.offered.connect(self._choose_seat)
        network.chat.connect(self._table_chat)
        network.said.connect(self._table_news)
        network.left.connect(self._table_lost)
        network.keyed.connect(self._keep_seat_key)
        self.network = network
        self._table_where = where
        if self.table_panel is None:
            panel = TablePanel(self._context.window)
            panel.say.connect(lambda text: self.network.say(text) if self.network is not None else None)
            panel.deal_now.connect(lambda: self.network.deal_now() if self.network is not None else None)
            panel.free_seat.connect(self._free_seat)
            panel.again.connect(self.next_network_game)
            panel.leave.connect(self.leave_table)
            panel.tick.connect(self._show_panel_seats)
            self._context.window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, panel)
            self._context.window.resizeDocks([panel], [PANEL_WIDTH], Qt.Orientation.Horizontal)
            self.table_panel = panel
        self.table_panel.chat_log.clear()
        self.table_panel.show()
        if not self.playing_network_table and not self._held and self._context.controller.stage is not Stage.IDLE:
            # until the table's first deal the game here is not played: no "play a card" for it
            self._context.controller.pause()
            self._held = True
        self._show_table_seats()
        self._context.update_actions()

    # --- at the table --------------------------------------------------------------------------

    def _choose_seat(self) -> None:
        from ..netplay.dialogs import SeatDialog

        network = self.network
        if network is None:
            return
        keys = self._seat_keys()
        dialog = SeatDialog(network.seats, name=network.name, mine=keys.seat(network.code), parent=self._context.window)
        seat = dialog.seat() if self._dialogs.modal(dialog) else None
        if seat is None:
            self.leave_table()
            return
        network.sit(seat, network.name, keys.key(network.code, seat))

    def _seat_keys(self) -> SeatKeys:
        return SeatKeys.from_text(self._context.store.settings.seat_keys)  # (checked when the settings were read)

    def _keep_seat_key(self, code: str, seat: int, key: str) -> None:
        """The key to the seat just taken, kept for coming back to it (after a restart, too)."""
        self._settings_applied.change(seat_keys=self._seat_keys().remember(code, Seat(seat), key).to_text())

    def _table_started(self, session: RemoteTableSession) -> None:
        network = self.network
        if network is None:
            return
        if not self.playing_network_table:  # the first deal: the game here goes aside
            self._recorded.close_viewer()
            self._kept.end_practice()
            self._set_aside = self._context.controller.game
            self._held = False
        self._context.controller.play(session, network)
        self._show_table_seats()
        self._context.update_actions()

    def _show_table_seats(self) -> None:
        self._show_panel_seats()
        if self.playing_network_table:
            self._context.controller.changed.emit()  # the names and who plays each seat, at the table

    def _show_panel_seats(self) -> None:
        """The panel: where the table is, who sits where (a wait counted down each second), the buttons."""
        network, panel = self.network, self.table_panel
        if network is None or panel is None:
            return
        code = f", join code {network.code}" if network.code else ""
        panel.show_where(f"{self._table_where}{code}.")
        panel.show_seats([(seat, network.name_at(seat), network.level(seat)) for seat in Seat])
        away = [(seat, network.name_at(seat)) for seat in network.away()]
        panel.show_buttons(network.creator, self.playing_network_table, network.game_over, away)
        panel.count_down(network.counting)

    def _free_seat(self, seat: Seat) -> None:
        network = self.network
        if network is None or seat not in network.away():
            return
        name = network.name_at(seat)
        network.free(seat)
        self._context.notices.notify(
            "info", f"{name}'s seat is free: a computer plays it until someone sits there with the join code."
        )

    def _table_chat(self, who: str, text: str) -> None:
        if self.table_panel is not None:
            self.table_panel.add_chat(who, text)
        self._context.notices.say(f"{who} says: {text}")

    def _table_news(self, text: str) -> None:
        self._context.notices.notify("info", text)
        self._show_table_seats()

    @Slot()
    def next_network_game(self) -> None:
        if self.network is not None and self.network.game_over:
            self.network.again()

    def _table_lost(self, why: str) -> None:
        self.leave_table()
        if why:
            self._context.notices.warn(why)

    @Slot()
    def leave_table(self) -> None:  # (no parameters: a @Slot() taking one cost the menus' sender())
        """Leave the network table (a computer takes the seat) and come back to the game here."""
        self._leave_table(give_up=True)

    def hang_up(self) -> None:
        """Leave as a dropped connection does (the window is closing): the seat waits for its
        person to come back with the join code and its seat key. The game here stays saved as
        it was when the table was joined."""
        if self.network is not None or self.hosted is not None:
            self._set_aside = None
            self._leave_table(give_up=False)

    def _leave_table(self, give_up: bool) -> None:
        playing = self.playing_network_table
        held, self._held = self._held, False
        network, self.network = self.network, None
        hosted, self.hosted = self.hosted, None
        if network is not None:
            network.leave(give_up=give_up and hosted is None)  # a hosted table is saved to be resumed
            network.deleteLater()
        if hosted is not None:
            hosted.stop()
            hosted.deleteLater()
        if self.table_panel is not None:
            self.table_panel.hide()
        if playing:
            real, self._set_aside = self._set_aside, None
            if real is not None and not real.is_over:
                self._context.controller.start(real)
            else:
                self._context.controller.new_game()
        elif held and give_up:  # left before the first deal: the game here goes on
            self._context.controller.resume()
        self._context.update_actions()
