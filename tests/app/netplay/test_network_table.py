"""The window at a network table: a real server process on the loopback address, a real
headless player in a thread of its own, and the window driven as a person drives it (the
menus' dialogs answered, cards and buttons clicked)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from websockets.exceptions import ConnectionClosed
from websockets.sync.server import serve

from euchre_qt.app.netplay.dialogs import HostDialog, JoinDialog, SeatDialog
from euchre_qt.app.netplay.link import NetLink
from euchre_qt.app.netplay.remote import NetworkTable
from euchre_qt.app.table.panel_html import card_html, summary_html
from euchre_qt.app.table.state import Stage, TableState
from euchre_qt.engine import Card, Game, Outcome, Rules, Seat
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient, play_game
from euchre_qt.net.protocol import PROTOCOL_VERSION
from euchre_qt.net.server import saved_table
from euchre_qt.session.events import MoveRefused
from euchre_qt.session.wording import refusal

from ..conftest import continue_by_clicking, play_by_clicking, settle

if TYPE_CHECKING:  # (mypy names the modules from the repository's root)
    from tests.net.conftest import ServerProcess, start_server
    from tests.net.test_played import coming_back
else:  # (tests/ is on the path: its packages are net and app; the modules pytest loaded)
    from net.conftest import ServerProcess, start_server
    from net.test_played import coming_back


class Partner(threading.Thread):
    """A headless player at a real server: creates a table (``code`` None) or sits at one,
    says ``chat`` once seated, and plays random legal moves to the game's end."""

    def __init__(
        self, url: str, seat: str, name: str, code: str | None = None, open_seats: tuple[str, ...] = ()
    ) -> None:
        super().__init__(daemon=True)
        self.url, self.seat, self.name, self.code, self.open_seats = url, seat, name, code, open_seats
        self.seated = threading.Event()
        self.ended: dict[str, Any] | None = None
        self.chat: str | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(asyncio.wait_for(self._play(), 120))
        except BaseException as exc:  # the test reports it
            self.error = exc
            self.seated.set()

    async def _play(self) -> None:
        client = await TableClient.connect(self.url)
        if self.code is None:
            self.code = await client.create(self.name, self.seat, open_seats=list(self.open_seats))
        else:
            await client.join(self.code, self.name, self.seat)
        self.seated.set()
        if self.chat:
            await client.chat(self.chat)
        rng = random.Random(5)
        self.ended = await play_game(client, lambda view: rng.choice(view.legal_actions))
        await client.close()


@pytest.fixture
def server(tmp_path: Path) -> Any:
    running = start_server(tmp_path / "tables")
    yield running
    running.stop()


def answer_dialogs(window: Any, **answers: Any) -> None:
    """Fill in the network dialogs as a person would, and press their OK."""

    def run_dialog(dialog: Any) -> int:
        window.opened.append(dialog)
        if isinstance(dialog, JoinDialog):
            dialog.address.setText(answers["address"])
            dialog.code.setText(answers["code"])
            dialog.name.setText(answers["name"])
            return 1
        if isinstance(dialog, SeatDialog):
            button = dialog.group.button(int(answers["seat"]))
            assert button.isEnabled(), f"{answers['seat']} is not offered"
            button.setChecked(True)
            return 1
        if isinstance(dialog, HostDialog):
            dialog.name.setText(answers["name"])
            dialog.port.setValue(answers["port"])
            return 1
        return 0

    window.dialogs.run_dialog = run_dialog


def sit_north_beside_ann(qtbot: Any, window: Any, server: ServerProcess) -> Partner:
    """Ann creates a table at ``server`` with North open; the window joins it as Nia, North,
    as a person would, and waits for the first deal to show."""
    ann = Partner(server.url, "S", "Ann", open_seats=("N",))
    ann.start()
    assert ann.seated.wait(20) and ann.error is None
    answer_dialogs(window, address=f"127.0.0.1:{server.port}", code=ann.code, name="Nia", seat=Seat.NORTH)
    window.netplay.join_table()
    qtbot.waitUntil(lambda: window.netplay.playing_network_table, timeout=20000)
    return ann


def nothing_unseen_is_known(c: Any) -> None:
    """No card of another seat is drawn as known unless it is public (a hand's summary too):
    played, or shown by the server at the hand's end (a lone hand's partner's)."""
    state = c.table_state()
    shown = state.hand.sitting_out if state.hand.is_over else ()
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        if seat not in shown:
            assert set(state.hand.hands[seat]) - {state.hand.up_card} <= state.unknown, (seat, state.stage)


def play_until(qtbot: Any, window: Any, done: Any, rng: random.Random, limit: int = 2000, alone: bool = False) -> int:
    """Play South's moves by clicking (each made once the server has made it) until ``done()``;
    ``alone``: order or call alone whenever South may."""
    c = window.controller
    moves = 0
    for _ in range(limit):
        if done():
            return moves
        stage = settle(qtbot, window, timeout=30000)
        nothing_unseen_is_known(c)
        if done():
            return moves
        if stage is Stage.HUMAN:
            before, heard = len(c.game.actions), len(c.session.events)
            legal = c.game.legal_actions()
            lone = [action for action in legal if action.alone] if alone else []
            action = rng.choice(lone or legal)
            play_by_clicking(qtbot, window, action)
            wait_for_move(qtbot, c, before, heard)
            assert c.game.actions[before] == action or action.kind.value == "discard"
            moves += 1
        elif stage is Stage.GAME_OVER:
            return moves
        else:
            continue_by_clicking(qtbot, window)
    raise AssertionError("never done")


def wait_for_move(qtbot: Any, c: Any, before: int, heard: int) -> None:
    """Until South's move is made here; a refusal (the table here, or the server) fails at once, in its words."""

    def refused() -> MoveRefused | None:
        return next((e for e in c.session.events[heard:] if isinstance(e, MoveRefused)), None)

    qtbot.waitUntil(lambda: len(c.game.actions) > before or refused() is not None, timeout=30000)
    no = refused()
    assert no is None, f"the move was refused: {refusal(no)}"


def test_a_window_joins_a_real_server_and_plays_a_whole_game(
    qtbot: Any, make_window: Any, server: ServerProcess
) -> None:
    window = make_window()
    here = window.controller.game
    ann = sit_north_beside_ann(qtbot, window, server)
    c = window.controller
    # the window sits North at the server and sees itself South, Ann across the table
    assert c.names()[Seat.SOUTH] == "You" and c.names()[Seat.NORTH] == "Ann"
    assert "Computer" in c.level(Seat.WEST) and c.level(Seat.NORTH) == "Person"
    assert window.store.settings.join_code == ann.code  # remembered for next time
    assert f"{ann.code}:N:" in window.store.settings.seat_keys  # and the key to come back to North
    nothing_unseen_is_known(c)  # (and again at every stop of the play below)
    assert not set(c.table_state().hand.hands[Seat.SOUTH]) & c.table_state().unknown

    line = window.netplay.table_panel.chat_line
    qtbot.keyClicks(line, "Good luck, partner")
    qtbot.keyClick(line, Qt.Key.Key_Return)  # to the table, and back from it to everyone
    qtbot.waitUntil(lambda: "Nia: Good luck, partner" in window.netplay.table_panel.chat_log.toPlainText())

    settle(qtbot, window, timeout=30000)
    if c.stage is Stage.HUMAN:  # a hint for your own seat, worked out as in a local game
        with qtbot.waitSignal(c.hint_ready, timeout=20000):
            window.game_actions.hint()
    moves = play_until(qtbot, window, lambda: c.stage is Stage.GAME_OVER, random.Random(2))
    ann.join(30)
    assert ann.error is None and ann.ended is not None
    assert moves > 10
    assert list(c.game.scores) == ann.ended["scores"]  # North is on South's team: no turning of the score
    assert window.files.stats.stats.games == 1  # your own game, counted in your statistics

    window.dialogs.show_review()  # every hand, names from the table, and no card shown that nobody saw
    review = window.opened[-1]
    shown = " ".join(review.pages)
    assert "Ann" in shown and "not seen" in shown
    for record in c.game.records:
        for card in c.game.dealt(record.deal_number).unknown:
            assert card.text not in shown or any(card in t.cards for t in record.final.tricks)
    # read, then closed as a person closes it: an open review grades the hand's decisions, here on
    # the GUI thread (no helper process in tests), and kept the next game from showing for 20 s
    review.reject()

    assert window.netplay.table_panel.again_button.isVisible()  # the next game with the same people
    window.netplay.table_panel.again_button.click()
    qtbot.waitUntil(lambda: c.game is not None and not c.game.records and c.game.scores == (0, 0), timeout=20000)

    window.netplay.leave_table()
    assert not window.netplay.playing_network_table and c.game is here  # the game here comes back as it was
    assert not window.netplay.table_panel.isVisible()


def test_a_lone_hands_partner_is_shown_at_its_end_as_at_a_table_here(
    qtbot: Any, make_window: Any, server: ServerProcess
) -> None:
    """The server shows the cards nobody played (a loner's partner's) when the hand is over:
    the table turns them face up, as a local table does, where before they stayed stand-ins."""
    window = make_window()
    sit_north_beside_ann(qtbot, window, server)
    c = window.controller

    def partner_sat_out() -> bool:
        hand = c.table_state().hand
        return c.stage is Stage.HAND_OVER and any(seat is not Seat.SOUTH for seat in hand.sitting_out)

    play_until(qtbot, window, partner_sat_out, random.Random(9), alone=True)
    state = c.table_state()
    out = next(seat for seat in state.hand.sitting_out if seat is not Seat.SOUTH)
    held = state.hand.hands[out]
    assert len(held) == 5 and not set(held) & state.unknown
    qtbot.waitUntil(lambda: all(window.scene.cards[card].face_up for card in held))
    window.netplay.leave_table()


def test_a_window_hosts_a_table_a_friend_joins_with_the_code(
    qtbot: Any, make_window: Any, private_folders: dict[str, Path]
) -> None:
    window = make_window()
    here = window.controller.game
    answer_dialogs(window, name="Hosty", port=7655)
    window.netplay.host_table()
    qtbot.waitUntil(
        lambda: (
            window.netplay.network is not None and window.netplay.network.seated and bool(window.netplay.network.code)
        ),
        timeout=30000,
    )
    code = window.netplay.network.code
    assert code in window.netplay.table_panel.where.text() and "port" in window.netplay.table_panel.where.text()
    assert window.netplay.table_panel.deal_button.isVisible()  # the creator may deal before a friend comes
    url = f"ws://127.0.0.1:{window.netplay.hosted.port}"
    friend = Partner(url, "N", "Nia", code=code)
    friend.start()
    qtbot.waitUntil(lambda: window.netplay.playing_network_table, timeout=20000)
    c = window.controller
    assert c.names()[Seat.NORTH] == "Nia" and not window.netplay.table_panel.deal_button.isVisible()
    play_until(qtbot, window, lambda: bool(c.game.records), random.Random(4))  # a whole hand
    hosted = window.netplay.hosted
    window.netplay.leave_table()
    assert c.game is here and not hosted.running  # the server stopped with the table left, its table saved
    assert window.store.settings.host_code == code
    saved = saved_table(private_folders["data"] / "hosted tables", code)
    assert saved is not None and saved.game.records  # (the server may have played on a little before it stopped)
    scores = saved.game.scores

    window.netplay.host_table()  # again: the dialog offers the last table, and it is sat at again
    assert window.opened[-1].resume.isChecked() and code in window.opened[-1].resume.text()
    qtbot.waitUntil(lambda: window.netplay.playing_network_table, timeout=30000)
    assert window.netplay.network.code == code and c.game.scores == scores  # the same game, from its deal
    window.netplay.leave_table()


def test_a_hosted_table_on_another_port_says_so_and_the_game_here_waits_for_the_deal(
    qtbot: Any, make_window: Any
) -> None:
    """The port asked for is busy: the server takes a free one, and the person is told which.
    Until the table's first deal the game here asks nobody to move (it showed "play a card")."""
    busy = socket.socket()
    busy.bind(("0.0.0.0", 0))
    busy.listen()
    taken = busy.getsockname()[1]
    try:
        window = make_window()
        c = window.controller
        here = c.game
        settle(qtbot, window)
        answer_dialogs(window, name="Hosty", port=taken)
        window.netplay.host_table()
        qtbot.waitUntil(lambda: window.netplay.network is not None and bool(window.netplay.network.code), timeout=30000)
        port = window.netplay.hosted.port
        assert port != taken
        said = " ".join([window.notices.message_bar.label.text(), *window.notices.message_bar.waiting])
        assert f"Port {taken} is in use on this computer, so your table is on port {port}." in said
        assert f"port {port}" in window.netplay.table_panel.where.text()
        assert c.stage is Stage.IDLE and c.human_seat is None and c.game is here  # nobody is asked to move
        moves = len(here.actions)
        window.netplay.leave_table()  # before any deal: the game here goes on
        assert settle(qtbot, window) is Stage.HUMAN and c.game is here and len(here.actions) >= moves
    finally:
        busy.close()


@contextlib.contextmanager
def hostile_server(handler: Callable[[Any], None]) -> Iterator[int]:
    """A WebSocket server on the loopback address that answers every connection with ``handler``; yields its port."""
    with serve(handler, "127.0.0.1", 0) as bad:
        threading.Thread(target=bad.serve_forever, daemon=True).start()
        try:
            yield bad.socket.getsockname()[1]
        finally:
            bad.shutdown()


@pytest.mark.parametrize(
    "frame",
    [
        "this is not json",
        '{"n": 1, "type": "event", "event": {"type": "card played", "seq": "twelve"}}',
        '{"n": 1, "type": "view", "ticket": null, "view": {"seat": "Q"}}',
        '{"n": 5, "type": "chat", "name": "x", "seat": "S", "text": "out of order"}',
    ],
)
def test_a_broken_server_costs_the_window_nothing(qtbot: Any, make_window: Any, frame: str) -> None:
    def hostile(ws: Any) -> None:
        ws.recv()
        ws.send(frame)
        with contextlib.suppress(ConnectionClosed):
            ws.recv()  # stays open: the window must hang up by itself

    with hostile_server(hostile) as port:
        window = make_window()
        here = window.controller.game
        answer_dialogs(window, address=f"127.0.0.1:{port}", code="ABCD-2345", name="Nia")
        window.netplay.join_table()
        qtbot.waitUntil(lambda: window.netplay.network is None, timeout=10000)
        assert window.controller.game is here and not window.netplay.playing_network_table
        said = " ".join([window.notices.message_bar.label.text(), *window.notices.message_bar.waiting]).lower()
        assert "cannot" in said or "lost" in said


def test_finished_deals_that_make_no_game_leave_the_table_in_words(qtbot: Any, make_window: Any) -> None:
    """A server seats the window at North and tells it, as to a person coming back, finished
    deals won before the deal now: the window leaves the table with a sentence, its own game
    untouched (before: the table here was built on them, and refused its own first move)."""
    back = coming_back(Seat.NORTH)
    back["played"][0]["view"]["scores"] = [9, 9]  # the first hand wins the game: the others cannot follow
    seats = [
        {"seat": s.letter, "name": "", "kind": "open" if s is Seat.NORTH else "computer", "connected": False,
         "back_within": None, "stand_in": False, "open": s is Seat.NORTH}
        for s in Seat
    ]  # fmt: skip
    frames = [
        {"type": "table", "seats": seats, "rules": Rules().to_dict(), "started": True, "over": False},
        {"type": "welcome", "v": PROTOCOL_VERSION, "seat": "N", "name": "Nia", "creator": False, "key": "k" * 22},
        back,
    ]

    def hostile(ws: Any) -> None:
        ws.recv()  # look
        ws.send(protocol.encode({**frames[0], "n": 1}))
        ws.recv()  # join
        for n, frame in enumerate(frames[1:], 2):
            ws.send(protocol.encode({**frame, "n": n}))
        with contextlib.suppress(ConnectionClosed):
            ws.recv()  # stays open: the window must hang up by itself

    with hostile_server(hostile) as port:
        window = make_window()
        here = window.controller.game
        answer_dialogs(window, address=f"127.0.0.1:{port}", code="ABCD-2345", name="Nia", seat=Seat.NORTH)
        window.netplay.join_table()
        qtbot.waitUntil(lambda: window.netplay.network is None, timeout=10000)
        assert window.controller.game is here and not window.netplay.playing_network_table
        said = " ".join([window.notices.message_bar.label.text(), *window.notices.message_bar.waiting])
        assert "The server dealt again after the game was won." in said


def test_no_server_at_the_address_is_said_in_words(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    answer_dialogs(window, address="127.0.0.1:9", code="ABCD-2345", name="Nia")
    window.netplay.join_table()
    qtbot.waitUntil(lambda: window.netplay.network is None, timeout=15000)
    said = " ".join([window.notices.message_bar.label.text(), *window.notices.message_bar.waiting])
    assert "No table server answered" in said


def test_the_window_sits_down_again_when_its_server_restarts(qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    """The server killed mid-game and started again on its saves: the window sits down again
    by itself (its seat waited for it) and the game goes on to its end."""
    server = start_server(tmp_path / "tables")
    try:
        window = make_window()
        ann = sit_north_beside_ann(qtbot, window, server)
        c = window.controller
        # killed in the third deal or later, part-way through a hand
        play_until(qtbot, window, lambda: len(c.game.records) >= 2 and bool(c.game.hand_actions), random.Random(6))
        port = server.port
        server.stop(kill=True)
        server = start_server(tmp_path / "tables", "--port", str(port))
        table = window.netplay.network
        qtbot.waitUntil(lambda: table.starts == 2, timeout=30000)  # sat down again, shown the table as it stands
        play_until(qtbot, window, lambda: c.stage is Stage.GAME_OVER, random.Random(7))
        assert window.netplay.network is table and c.session is table.session  # never left the table
        assert max(c.game.scores) >= 10
        # every hand the server played counted once in your statistics, those before the restart too
        saved = saved_table(tmp_path / "tables", str(ann.code))
        assert saved is not None
        played = saved.game.records
        hands = sum(record.result.outcome is not Outcome.MISDEAL for record in played)
        assert window.files.stats.stats.hands_played == hands and window.files.stats.stats.games == 1
    finally:
        server.stop()


class Ann(threading.Thread):
    """A headless player who creates a table (``open_seats`` for friends) and, with ``deal``,
    deals at once and holds the first hand at her first turn; once ``ready``, she waits to be
    told to ``go`` on: then plays the game out, or with ``drop`` her connection drops (no goodbye)."""

    def __init__(self, url: str, open_seats: list[str], deal: bool = False, drop: bool = False) -> None:
        super().__init__(daemon=True)
        self.url, self.open_seats, self.deal, self.drop = url, open_seats, deal, drop
        self.code = ""
        self.ready, self.go = threading.Event(), threading.Event()

    def run(self) -> None:
        with contextlib.suppress(ConnectionClosed, TimeoutError):  # (the server stops with the test)
            asyncio.run(asyncio.wait_for(self._play(), 120))

    async def _play(self) -> None:
        client = await TableClient.connect(self.url)
        self.code = await client.create("Ann", "S", open_seats=self.open_seats)
        if self.deal:
            await client.send({"type": "start"})
            await client.expect("turn")  # the hand is dealt and waits on Ann
        self.ready.set()
        await asyncio.to_thread(self.go.wait, 60)
        if self.drop:
            client.ws.transport.abort()
            return
        rng = random.Random(8)
        await play_game(client, lambda view: rng.choice(view.legal_actions))


def test_the_panel_counts_down_a_dropped_players_wait_and_says_away_once(
    qtbot: Any, make_window: Any, tmp_path: Path
) -> None:
    server = start_server(tmp_path / "tables", "--seat-wait", "40")
    try:
        ann = Ann(server.url, ["N"], drop=True)
        ann.start()
        assert ann.ready.wait(20)
        window = make_window()
        answer_dialogs(window, address=f"127.0.0.1:{server.port}", code=ann.code, name="Nia", seat=Seat.NORTH)
        window.netplay.join_table()
        qtbot.waitUntil(lambda: window.netplay.playing_network_table, timeout=20000)
        ann.go.set()  # Ann's connection drops: her seat waits 40 s for her

        def anns_line() -> str:
            line: str = next(line for line in window.netplay.table_panel.seats.text().splitlines() if "Ann" in line)
            return line

        qtbot.waitUntil(lambda: "s to come back" in anns_line(), timeout=20000)
        first = anns_line()
        assert first.lower().count("away") == 1, first
        qtbot.waitUntil(lambda: anns_line() != first, timeout=5000)  # a second later it says one less
        later = anns_line()
        assert int(later.split(", ")[1].split()[0]) < int(first.split(", ")[1].split()[0]), (first, later)
        assert later.lower().count("away") == 1, later
        window.netplay.leave_table()
    finally:
        server.stop()


def test_a_window_taking_an_open_seat_mid_hand_sits_down_with_the_next_deal(
    qtbot: Any, make_window: Any, server: ServerProcess
) -> None:
    ann = Ann(server.url, ["N", "E"], deal=True)
    ann.start()
    assert ann.ready.wait(30)
    window = make_window()
    answer_dialogs(window, address=f"127.0.0.1:{server.port}", code=ann.code, name="Nia", seat=Seat.NORTH)
    window.netplay.join_table()

    qtbot.waitUntil(lambda: any("next deal" in text for _, text in window.notices.messages), timeout=20000)
    assert not window.netplay.playing_network_table  # no hand of the deal in play is shown
    ann.go.set()
    qtbot.waitUntil(lambda: window.netplay.playing_network_table, timeout=30000)  # the next deal is North's
    game = window.controller.game  # (which may have played on since: the dealer may hold six cards by now)
    dealt = game.dealt(game.deal_number)
    assert len(dealt.hands[Seat.SOUTH]) == 5 and not set(dealt.hands[Seat.SOUTH]) & dealt.unknown
    window.netplay.leave_table()


def test_a_move_the_server_refuses_is_said_in_words_and_the_turn_stays(
    qtbot: Any, make_window: Any, server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    """South's move reaches the server for a position it has left (its ticket one too old): the
    server refuses it, the window says so and it is South's move again; clicked again, it is made."""
    window = make_window()
    sit_north_beside_ann(qtbot, window, server)
    c = window.controller
    play_until(qtbot, window, lambda: c.stage is Stage.HUMAN, random.Random(3))
    network = window.netplay.network
    qtbot.waitUntil(lambda: network.session.server_waits, timeout=20000)  # (its turn message came)

    sent: list[dict[str, Any]] = []
    real_send = type(network.link).send

    def stale_once(link: Any, message: dict[str, Any]) -> None:
        if message["type"] == "move" and not sent:
            message = {**message, "ticket": message["ticket"] - 1}
        sent.append(message)
        real_send(link, message)

    monkeypatch.setattr(type(network.link), "send", stale_once)
    before = len(c.game.actions)
    action = c.game.legal_actions()[0]
    play_by_clicking(qtbot, window, action)
    qtbot.waitUntil(lambda: any("too late" in text for _, text in window.notices.messages), timeout=20000)
    assert len(c.game.actions) == before and c.stage is Stage.HUMAN  # nothing made: South's turn again
    heard = len(c.session.events)
    play_by_clicking(qtbot, window, action)
    wait_for_move(qtbot, c, before, heard)
    assert c.game.actions[before] == action or action.kind.value == "discard"
    assert [m["type"] for m in sent] == ["move", "move"]
    window.netplay.leave_table()


def test_the_summary_never_names_a_discard_this_seat_did_not_see() -> None:
    """At a network table another dealer's discard is a stand-in here: the hand's summary says
    a card was laid away, not which (a seat's own discard, or a local game's, is named)."""
    game, rng = Game(Rules(), seed=3), random.Random(1)
    while not any(r.final.up_card_taken and r.final.dealer is not Seat.SOUTH for r in game.records):
        game.apply(rng.choice(game.legal_actions()))
    hand = next(r.final for r in game.records if r.final.up_card_taken and r.final.dealer is not Seat.SOUTH)
    assert hand.discarded is not None

    def summary(unknown: frozenset[Card]) -> str:
        state = TableState(
            hand=hand, stage=Stage.HAND_OVER, scores=hand.scores, points_to_win=10, names=("You", "W", "N", "E"),
            people=frozenset({Seat.SOUTH}), show_all=False, sort_by_trump=False, pending_trick=None,
            interactive=None, legal=(), thinking=None, result=hand.result, winner=None, slam=False, hint=None,
            hint_reason="", autoplay=False, wait_for_click=False, deal_number=0, unknown=unknown,
        )  # fmt: skip
        return summary_html(state, 14.0, False, lambda text, px: int(px))

    named = card_html(hand.discarded)
    assert named in summary(frozenset()) and "picked up" in summary(frozenset())
    hidden = summary(frozenset({hand.discarded}))
    assert named not in hidden and "discarded a card, face down" in hidden


def test_a_message_sent_while_the_link_connects_goes_once_it_has(qtbot: Any, server: ServerProcess) -> None:
    """Next Game clicked, say, while the window sits down again after a drop: the message waits
    for the new connection (after its hello) instead of being lost."""
    link = NetLink()
    heard: list[dict[str, Any]] = []
    link.received.connect(heard.append)
    link.open(server.url, {"type": "create", "v": PROTOCOL_VERSION, "name": "Ann", "seat": "S", "open_seats": ["N"]})
    link.send({"type": "chat", "text": "sent at once"})  # (the connection is still being made)
    qtbot.waitUntil(lambda: any(m["type"] == "chat" for m in heard), timeout=20000)
    assert next(m for m in heard if m["type"] == "chat")["text"] == "sent at once"
    link.close()


def test_a_chat_sent_while_the_connection_is_down_goes_once_seated_again(qtbot: Any, tmp_path: Path) -> None:
    """A line said in the seconds between a dropped connection and sitting down again was kept
    by the dead link and never sent; it now goes on the new link, after its hello."""
    server = start_server(tmp_path / "tables")
    try:
        ann = Partner(server.url, "S", "Ann", open_seats=("N",))
        ann.start()
        assert ann.seated.wait(20) and ann.error is None
        assert ann.code is not None
        table = NetworkTable(server.url, protocol.join_message(ann.code, "Nia", Seat.NORTH, None))
        heard: list[str] = []
        table.chat.connect(lambda _who, text: heard.append(text))
        qtbot.waitUntil(lambda: table.seated, timeout=20000)
        table.said.connect(lambda line: table.say("said during the drop") if "lost" in line else None)
        port = server.port
        server.stop(kill=True)
        server = start_server(tmp_path / "tables", "--port", str(port))
        qtbot.waitUntil(lambda: "said during the drop" in heard, timeout=30000)
        assert heard.count("said during the drop") == 1
        table.leave()
    finally:
        server.stop()


class Friend(threading.Thread):
    """A headless friend who sits at a table, then loses the connection (no goodbye) when told to ``go``."""

    def __init__(self, url: str, code: str, seat: str, name: str, key: str | None = None) -> None:
        super().__init__(daemon=True)
        self.url, self.code, self.seat, self.name, self.key = url, code, seat, name, key
        self.welcome: dict[str, Any] = {}
        self.seated, self.go = threading.Event(), threading.Event()

    def run(self) -> None:
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            asyncio.run(asyncio.wait_for(self._sit(), 60))
        self.seated.set()

    async def _sit(self) -> None:
        client = await TableClient.connect(self.url)
        self.welcome = await client.join(self.code, self.name, self.seat, self.key)
        self.seated.set()
        await asyncio.to_thread(self.go.wait, 60)
        client.ws.transport.abort()


def test_the_creator_frees_an_away_friends_seat_from_the_panel_by_keyboard(qtbot: Any, make_window: Any) -> None:
    window = make_window()
    answer_dialogs(window, name="Hosty", port=7656)
    window.netplay.host_table()
    qtbot.waitUntil(
        lambda: (
            window.netplay.network is not None and window.netplay.network.seated and bool(window.netplay.network.code)
        ),
        timeout=30000,
    )
    network, panel = window.netplay.network, window.netplay.table_panel
    url = f"ws://127.0.0.1:{window.netplay.hosted.port}"
    nia = Friend(url, network.code, "N", "Nia")
    nia.start()
    assert nia.seated.wait(20) and nia.welcome
    qtbot.waitUntil(lambda: "Nia" in panel.seats.text(), timeout=20000)
    assert not panel.free_button.isVisible()  # Nia is at the table: nothing to free
    nia.go.set()  # her connection drops, and she has lost her key
    qtbot.waitUntil(lambda: panel.free_button.isVisible(), timeout=20000)
    assert panel.free_button.focusPolicy() & Qt.FocusPolicy.TabFocus
    assert [a.text() for a in panel.free_menu.actions()] == ["North: Nia"]

    def choose_north() -> None:  # in the menu's own loop: the arrow to North, then Enter
        menu = QApplication.activePopupWidget()
        assert menu is panel.free_menu
        qtbot.keyClick(menu, Qt.Key.Key_Down)
        qtbot.keyClick(menu, Qt.Key.Key_Return)

    QTimer.singleShot(200, choose_north)
    panel.free_button.setFocus()
    qtbot.keyClick(panel.free_button, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: network.seats[Seat.NORTH].open, timeout=20000)
    assert not network.seats[Seat.NORTH].name  # (a computer plays it meanwhile if the game is on)
    assert not panel.free_button.isVisible()
    thief = Friend(url, network.code, "N", "Nia", key=nia.welcome["key"])
    thief.start()  # the old key opens the seat no more: whoever sits there is a newcomer with a new key
    assert thief.seated.wait(20) and thief.welcome and thief.welcome["key"] != nia.welcome["key"]
    thief.go.set()
    window.netplay.leave_table()


def test_the_window_s_own_name_for_its_seat_is_not_told_to_the_table(qtbot: Any) -> None:
    """The settings call South "You": at a network table the others would read "You's turn"
    and "You orders up Hearts". The dialogs offer no name then, and never send "You"."""
    host = HostDialog(name="You", port=7654, rules="to 10 points")
    qtbot.addWidget(host)
    assert host.name.text() == "" and host.name.placeholderText()
    assert host.choice().name == "Host"
    host.name.setText(" you ")
    assert host.choice().name == "Host"
    host.name.setText("Ann")
    assert host.choice().name == "Ann"
    join = JoinDialog(address="127.0.0.1", code="ABCD-2345", name="You")
    qtbot.addWidget(join)
    assert join.name.text() == ""
    choice = join.choice()
    assert choice is not None and choice.name == "Guest"


def test_a_seat_chosen_after_the_server_let_the_looker_go_is_still_taken(qtbot: Any, tmp_path: Path) -> None:
    """The seat dialog left open past the server's patience with connections that sit nowhere
    (five minutes; one second here): the window had left the table, saying the connection was
    lost. Choosing a seat now opens a new connection and sits down."""
    server = start_server(tmp_path / "tables", "--unseated-timeout", "1")
    try:
        ann = Partner(server.url, "S", "Ann", open_seats=("N",))
        ann.start()
        assert ann.seated.wait(20) and ann.error is None
        look = {"type": "look", "v": PROTOCOL_VERSION, "code": ann.code, "name": "Nia"}
        table = NetworkTable(server.url, look)
        offered: list[bool] = []
        left: list[str] = []
        table.offered.connect(lambda: offered.append(True))
        table.left.connect(left.append)
        qtbot.waitUntil(lambda: bool(offered), timeout=20000)
        qtbot.waitUntil(lambda: table._let_go, timeout=20000)  # the server has let the looker go
        assert left == []
        table.sit(Seat.NORTH, "Nia")
        qtbot.waitUntil(lambda: table.seated, timeout=20000)
        assert table.seat is Seat.NORTH and left == []
        table.leave()
    finally:
        server.stop()


def test_a_table_that_cannot_be_looked_at_is_still_said(qtbot: Any) -> None:
    """(Only a look that was answered waits for the seat to be chosen.)"""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    table = NetworkTable(f"ws://127.0.0.1:{port}", {"type": "look", "v": PROTOCOL_VERSION, "code": "ABCD-2345"})
    left: list[str] = []
    table.left.connect(left.append)
    qtbot.waitUntil(lambda: bool(left), timeout=20000)


def _seated_then(frames_after_welcome: list[dict[str, Any]]) -> Callable[[Any], None]:
    """A server that seats a joining window at South, then sends ``frames_after_welcome``."""
    seats = [
        {"seat": s.letter, "name": "", "kind": "open" if s is Seat.SOUTH else "computer", "connected": False,
         "back_within": None, "stand_in": False, "open": s is Seat.SOUTH}
        for s in Seat
    ]  # fmt: skip
    table = {"type": "table", "seats": seats, "rules": Rules().to_dict(), "started": False, "over": False}
    welcome = {"type": "welcome", "v": PROTOCOL_VERSION, "seat": "S", "name": "Nia", "creator": False, "key": "k" * 22}

    def hostile(ws: Any) -> None:
        ws.recv()  # look
        ws.send(protocol.encode({**table, "n": 1}))
        ws.recv()  # join
        for n, frame in enumerate([welcome, *frames_after_welcome], 2):
            ws.send(protocol.encode({**frame, "n": n}))
        with contextlib.suppress(ConnectionClosed):
            ws.recv()

    return hostile


@pytest.mark.parametrize(
    ("frames", "words"),
    [
        ([{"type": "chat", "seat": "W", "name": "W", "text": "x"}] * 8000, "far more than a game needs"),
        ([{"type": "created", "code": "ABCD-2345"}], "cannot read"),
    ],
    ids=["a flood", "a table made unasked"],
)
def test_a_server_that_floods_or_says_what_was_not_asked_is_left_in_words(
    qtbot: Any, make_window: Any, frames: list[dict[str, Any]], words: str
) -> None:
    """Before, a flood of chat kept the window from drawing for as long as it lasted (13 s for
    200,000 lines), and a join code sent to a window that only joined was shown as its own."""
    with hostile_server(_seated_then(frames)) as port:
        window = make_window()
        here = window.controller.game
        answer_dialogs(window, address=f"127.0.0.1:{port}", code="ABCD-2345", name="Nia", seat=Seat.SOUTH)
        window.netplay.join_table()
        qtbot.waitUntil(lambda: window.netplay.network is None, timeout=20000)
        assert window.controller.game is here
        said = " ".join([window.notices.message_bar.label.text(), *window.notices.message_bar.waiting])
        assert words in said
