"""A network table as a table session: a real server on the loopback address, a real client
whose messages feed a ``RemoteTableSession``, and the session heard as a local table is:
its events in order, in this seat's places (it sits South), each move once."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from euchre_qt.app.stats.statistics import StatsStore
from euchre_qt.engine import Action, Card, Game, Outcome, Phase, Seat
from euchre_qt.engine.actions import discard, play
from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.engine.cards import STANDARD_DECK
from euchre_qt.net import protocol
from euchre_qt.net.client import TableClient
from euchre_qt.net.remote_session import HERE, RemoteTableSession
from euchre_qt.net.server import saved_table
from euchre_qt.session import ComputerSeat, Event, immediate
from euchre_qt.session.events import (
    BACK_AT_THE_TABLE,
    TOO_LATE,
    CardPlayed,
    GameEnded,
    HandDealt,
    HandEnded,
    MoveRefused,
    TableReset,
    TurnStarted,
    event_from_dict,
    game_finished,
    hands_finished,
)

from .conftest import ServerProcess, run
from .test_no_leak import finished_save, leaks, replay_deals


class Window:
    """This window's side of the wire: the client's messages told to the session, the session's
    messages sent; the table started whenever there is one to show (as the window does)."""

    def __init__(self, client: TableClient, seat: Seat, player: Any = None) -> None:
        self.client = client
        self.outbox: list[dict[str, Any]] = []
        self.session = RemoteTableSession(seat, self.outbox.append)
        self.heard: list[Event] = []
        self.session.listen(self.heard.append)
        self.hands_heard: list[list[str]] = []  # this seat's cards as a listener reads them when a deal is heard
        self.session.listen(self._read_deal)
        self.hands_dealt: list[list[str]] = []  # this seat's cards in the server's first view of each deal
        self._dealing = False
        self.starts = 0
        if player is not None:  # a computer plays this seat here (as Auto Play would)
            self.session.seat(HERE, ComputerSeat(immediate(player)))
        self.server_events: list[dict[str, Any]] = []
        self.reveals: dict[int, dict[Seat, set[Card]]] = {}  # by deal: the cards the server showed at its end

    def _read_deal(self, event: Event) -> None:
        if isinstance(event, HandDealt):
            self.hands_heard.append(sorted(card.text for card in self.session.view(HERE).hand))

    async def pump(self, done: Any, limit: int = 20000, refusal: bool = False) -> None:
        """Tell the session each message until ``done()``; send what it says on the way. A move
        the server refuses fails the test at once, in the server's words (unless ``refusal``)."""
        for _ in range(limit):
            await self.flush()
            if done():
                return
            message = await self.client.receive()
            assert refusal or message["type"] != "refused", f"the server refused a move: {message['text']}"
            if message["type"] == "event":
                self.server_events.append(message["event"])
                self._dealing = message["event"]["type"] == "hand dealt" or self._dealing
            elif message["type"] in ("view", "turn") and self._dealing:
                self._dealing = False
                self.hands_dealt.append(sorted(message["view"]["hand"]))
            elif message["type"] == "reveal":
                hands = protocol.revealed_hands(message).items()
                self.reveals[message["deal_number"]] = {self.session.mirror.local(s): set(h) for s, h in hands}
            self.session.told(message)
            if self.session.ready and not self.session.started:
                self.starts += 1
                self.session.start()
        raise AssertionError("never done")

    async def flush(self) -> None:
        while self.outbox:
            await self.client.send(self.outbox.pop(0))

    def over(self) -> bool:
        return any(isinstance(e, GameEnded) for e in self.heard)


def statistics_kept(session: RemoteTableSession, folder: Path) -> StatsStore:
    """The window's statistics of the session's games, fed as the window's game keeping feeds them."""
    store = StatsStore(folder)

    def keep(event: Event) -> None:
        game = session.game
        finished = hands_finished(event, game)
        if finished:
            store.record_hands(game, finished)
        if game_finished(event, game):
            store.record_game(game)

    session.listen(keep)
    return store


async def sam_deals_at_east(server: ServerProcess, folder: Path) -> tuple[TableClient, str, Window, StatsStore]:
    """Sam creates a table at East with computers in the other seats and deals; a random
    player plays the seat here, its statistics kept in ``folder``."""
    client = await TableClient.connect(server.url, keep_frames=True)
    code = await client.create("Sam", "E", open_seats=[])
    window = Window(client, Seat.EAST, RandomPlayer(seed=16))
    stats = statistics_kept(window.session, folder)
    await client.send({"type": "start"})
    return client, code, window, stats


async def saved_when(server: ServerProcess, code: str, done: Callable[[Game], bool]) -> None:
    """Wait until the server's save of the table holds a game that is ``done``."""
    for _ in range(1200):
        saved = saved_table(server.save_dir, code)
        if saved is not None and done(saved.game):
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the server's game never got there")


async def come_back(window: Window, server: ServerProcess, code: str, name: str, key: str | None) -> TableClient:
    """The window's seat sits down again with its key, on a new connection."""
    again = await TableClient.connect(server.url, keep_frames=True)
    await again.join(code, name, window.session.server_seat.letter, key)
    window.session.sat_down_again()
    window.client = again
    return again


def hands_played_at_the_server(window: Window) -> int:
    """The hands the server told this seat it finished (a misdeal is no hand played), once each."""
    ended = [event_from_dict(e) for e in window.server_events if e["type"] == "hand ended"]
    return sum(isinstance(e, HandEnded) and e.outcome is not Outcome.MISDEAL for e in ended)


def in_order(events: list[Event]) -> None:
    assert [e.seq for e in events] == list(range(1, len(events) + 1))


def test_a_whole_game_is_heard_in_order_as_the_server_played_it_turned_so_this_seat_sits_south(
    server: ServerProcess,
) -> None:
    async def game() -> Window:
        client = await TableClient.connect(server.url)
        await client.create("Nia", "N", open_seats=[])  # North, with three computers
        window = Window(client, Seat.NORTH, RandomPlayer(seed=3))
        await client.send({"type": "start"})
        await window.pump(lambda: window.over() and window.server_events[-1]["type"] == "game ended")
        await client.close()
        return window

    window = run(game())
    heard, session = window.heard, window.session
    in_order(heard)
    assert window.starts == 1 and isinstance(heard[0], TableReset)
    # every move once, as the server made it: its cards in the same order, its seats turned
    played = [(e.seat, e.card) for e in heard if isinstance(e, CardPlayed)]
    told = [(Seat.parse(e["seat"]), e["card"]) for e in window.server_events if e["type"] == "card played"]
    assert [(Seat((s - Seat.NORTH) % 4), c) for s, c in told] == [(s, c.text) for s, c in played]
    # each deal, when heard, holds this seat's own cards (not stand-ins placed before its view came)
    assert window.hands_heard == window.hands_dealt and len(window.hands_dealt) == len(session.game.records)
    kinds = [type(e).TYPE for e in heard if not isinstance(e, TurnStarted)]
    assert kinds[1:] == [e["type"] for e in window.server_events if e["type"] not in ("turn started", "table reset")]
    ended = next(e for e in heard if isinstance(e, GameEnded))
    assert list(ended.scores) == next(e["scores"] for e in window.server_events if e["type"] == "game ended")
    assert session.game.is_over and list(session.game.scores) == list(ended.scores)  # North: South's team
    # nothing of another seat's hand is known here but what the server showed: every card not
    # South's is a stand-in, unless played, or revealed at the hand's end (a loner's partner's)
    for record in session.game.records:
        deal = session.game.dealt(record.deal_number)
        assert not set(deal.hands[HERE]) & deal.unknown
        final = record.final
        if final.up_card_taken and final.dealer is not HERE:
            assert final.discarded in deal.unknown  # another dealer's discard: a stand-in
        revealed = window.reveals.get(record.deal_number, {})
        for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
            unplayed = set(deal.hands[seat]) - {c for t in record.final.tricks for _, c in t.plays}
            assert unplayed - revealed.get(seat, set()) <= deal.unknown | {deal.kitty[0]}, seat
            if record.result.outcome.scored:
                assert set(final.hands[seat]) == revealed.get(seat, set()), seat  # shown as the server showed them
            else:  # passed out or thrown in: gathered up unseen, every card still a stand-in
                assert not revealed and set(final.hands[seat]) <= deal.unknown | {deal.kitty[0]}, seat
            assert not revealed.get(seat, set()) & deal.unknown


class GoesAlone(RandomPlayer):
    """Orders or calls alone whenever it may: its partner sits the hand out."""

    def choose(self, view: Any) -> Action:
        alone = [action for action in view.legal_actions if action.alone]
        return alone[0] if alone else super().choose(view)


def test_a_lone_hands_sitting_out_partner_is_shown_at_its_end_as_the_server_reveals_it(server: ServerProcess) -> None:
    """As a local table shows it: the five cards nobody played, known, when the hand is over."""
    shown: dict[int, tuple[dict[Seat, set[Card]], frozenset[Card]]] = {}  # at each HandEnded: the hands, the unknown

    async def game() -> Window:
        client = await TableClient.connect(server.url)
        await client.create("Lou", "W", open_seats=[])
        window = Window(client, Seat.WEST, GoesAlone(seed=8))

        def at_end(event: Event) -> None:
            if isinstance(event, HandEnded):
                final = window.session.game.records[-1].final
                unknown = window.session.game.dealt(event.deal_number).unknown
                shown[event.deal_number] = ({seat: set(final.hands[seat]) for seat in Seat}, unknown)

        window.session.listen(at_end)
        await client.send({"type": "start"})

        def lone_hand_shown() -> bool:
            return any(hands and n in shown for n, hands in window.reveals.items())

        def games_over() -> int:
            return sum(isinstance(e, GameEnded) for e in window.heard)

        # the server deals at random: a game may pass with nobody going alone (West never
        # asked while it may), so play the next one, as a table does with Play Again
        for games in range(1, 6):
            await window.pump(lambda games=games: lone_hand_shown() or games_over() >= games)
            if lone_hand_shown():
                break
            # the next game numbers its deals from 1 again: what this one showed must not pair
            # with the next one's reveal of the same deal number
            shown.clear()
            window.reveals.clear()
            await client.send({"type": "again"})
        await client.close()
        return window

    window = run(game())
    number, revealed = next((n, hands) for n, hands in window.reveals.items() if hands and n in shown)
    held, unknown = shown[number]
    # one hand shown: the lone maker's partner's (this window's own when a computer partner
    # went alone first and sat it out)
    assert len(revealed) == 1
    for seat, cards in revealed.items():
        assert len(cards) == 5 and held[seat] == cards and not cards & unknown  # known, as the server showed them


def test_a_move_the_server_refuses_is_told_as_refused_and_changes_nothing(server: ServerProcess) -> None:
    async def game() -> tuple[Window, Action, int]:
        client = await TableClient.connect(server.url)
        await client.create("Sam", "S", open_seats=[])
        window = Window(client, Seat.SOUTH)  # a person here: the test moves for them
        await client.send({"type": "start"})
        session = window.session
        await window.pump(lambda: session.started and session.turn is HERE and client.turn is not None)
        made = len(session.game.actions)
        action = session.legal_actions(HERE)[0]
        assert session.submit(HERE, action) is None  # sent ...
        window.outbox[-1]["ticket"] -= 1  # ... and it reaches the server for a position it has left
        await window.pump(lambda: any(isinstance(e, MoveRefused) for e in window.heard), refusal=True)
        assert len(session.game.actions) == made
        assert session.submit(HERE, action) is None  # the seat's to make again: sent again, and made
        await window.pump(lambda: len(session.game.actions) > made)
        await client.close()
        return window, action, made

    window, action, made = run(game())
    refused = next(e for e in window.heard if isinstance(e, MoveRefused))
    assert refused.seat is HERE and refused.why == TOO_LATE
    assert window.session.game.actions[made] == action
    in_order(window.heard)


def test_a_move_refused_here_never_goes_to_the_server(server: ServerProcess) -> None:
    async def game() -> tuple[Window, MoveRefused | None]:
        client = await TableClient.connect(server.url)
        await client.create("Sam", "S", open_seats=[])
        window = Window(client, Seat.SOUTH)
        await client.send({"type": "start"})
        session = window.session
        await window.pump(lambda: session.started and session.turn is HERE)
        not_mine = next(card for card in STANDARD_DECK if card not in session.view(HERE).hand)
        refused = session.submit(HERE, play(not_mine) if session.hand.phase is Phase.PLAY else discard(not_mine))
        await client.close()
        return window, refused

    window, refused = run(game())
    assert refused is not None and window.heard[-1] == refused and not window.outbox
    assert refused.seat is HERE


def test_a_peer_who_goes_away_is_played_by_a_computer_and_the_game_goes_on(server: ServerProcess) -> None:
    async def nia_plays_then_drops(peer: TableClient, turns: int) -> None:
        player = RandomPlayer(seed=5)
        while turns:
            message = await peer.receive()
            if message["type"] == "turn":
                await peer.move(str(player.choose(protocol.view_from_dict(message["view"]))), message["ticket"])
                turns -= 1
        peer.ws.transport.abort()  # no goodbye: her seat waits a moment, then a computer plays it

    async def game() -> Window:
        host = await TableClient.connect(server.url)
        code = await host.create("Sam", "S", open_seats=["N"])
        peer = await TableClient.connect(server.url)
        await peer.join(code, "Nia", "N")  # (the table deals once every seat is taken)
        window = Window(host, Seat.SOUTH, RandomPlayer(seed=4))
        nia = asyncio.ensure_future(nia_plays_then_drops(peer, 3))
        await window.pump(window.over)
        await nia
        await host.close()
        return window

    window = run(game())
    in_order(window.heard)
    assert window.starts == 1 and window.session.game.is_over


def test_a_dropped_connection_sits_down_again_in_the_same_seat_and_plays_on(
    server: ServerProcess, tmp_path: Path
) -> None:
    async def game() -> tuple[Window, StatsStore, int]:
        client = await TableClient.connect(server.url)
        code = await client.create("Sam", "E", open_seats=[])
        key = client.key
        window = Window(client, Seat.EAST, RandomPlayer(seed=6))
        session = window.session
        stats = statistics_kept(session, tmp_path)
        await client.send({"type": "start"})
        # dropped in the third deal or later, part-way through a hand
        await window.pump(lambda: session.started and len(session.game.records) >= 2 and session.game.hand_actions)
        made_before = len(session.game.actions)
        client.ws.transport.abort()  # the connection drops
        again = await TableClient.connect(server.url)
        welcome = await again.join(code, "Sam", "E", key)  # the seat key brings this window back
        assert welcome["seat"] == "E"
        session.sat_down_again()
        window.client = again
        seen = len(window.heard)
        await window.pump(lambda: window.starts == 2)
        reset = window.heard[seen]
        assert isinstance(reset, TableReset) and reset.why == BACK_AT_THE_TABLE  # the table as it stands now
        await window.pump(lambda: window.over() and window.server_events[-1]["type"] == "game ended")
        await again.close()
        return window, stats, made_before

    window, stats, made_before = run(game())
    in_order(window.heard)  # one sequence, across the new connection
    session = window.session
    assert session.server_seat is Seat.EAST and window.starts == 2
    ended = next(e for e in window.heard if isinstance(e, GameEnded))
    assert list(ended.scores[::-1]) == window.server_events[-1]["scores"]  # East: the other team, turned
    assert session.game.is_over and made_before >= 14
    # each hand counted once in the statistics: the deals before the drop, the hand it broke, the rest
    assert stats.stats.hands_played == hands_played_at_the_server(window) and stats.stats.games == 1


def test_a_hand_that_ends_while_the_seat_is_away_is_known_and_counted_when_it_comes_back(
    server: ServerProcess, tmp_path: Path
) -> None:
    """The seat has played its last card of a hand and its connection drops before it hears the
    rest: the computers finish the hand without it. Coming back, it is told the hands it missed,
    so the game here is the server's and the hand counts in the statistics."""

    async def game() -> tuple[Window, StatsStore, str]:
        client, code, window, stats = await sam_deals_at_east(server, tmp_path)
        session = window.session

        def out_of_cards() -> bool:  # a hand under way here, this seat's five played
            hand = session.hand if session.started else None
            return hand is not None and session.game.records != [] and not hand.is_over and not hand.hands[HERE]

        await window.pump(out_of_cards)
        known = len(session.game.records)
        client.ws.transport.abort()  # what the server sends next is lost
        await saved_when(server, code, lambda game: len(game.records) > known)  # the hand finished without it
        again = await come_back(window, server, code, "Sam", client.key)
        seen = len(window.heard)
        await window.pump(lambda: window.starts == 2)
        reset = window.heard[seen]
        assert isinstance(reset, TableReset) and reset.why == BACK_AT_THE_TABLE
        assert len(session.game.records) > known  # the hand it missed is on the table here
        await window.pump(lambda: window.over() and window.server_events[-1]["type"] == "game ended")
        await again.close()
        return window, stats, code

    window, stats, code = run(game())
    # what it was told of the deals before holds no card it could not know
    frames = window.client.frames
    assert any('"played":[{' in frame for frame in frames)
    assert leaks(frames, Seat.EAST, replay_deals(finished_save(server, code))) == []
    played = saved_table(server.save_dir, code)
    assert played is not None and played.game.is_over
    hands = sum(record.result.outcome is not Outcome.MISDEAL for record in played.game.records)
    assert hands_played_at_the_server(window) == hands - 1  # one hand ended unheard
    assert stats.stats.hands_played == hands and stats.stats.games == 1
    kept = window.session.game
    assert len(kept.records) == len(played.game.records) and kept.scores == played.game.scores[::-1]


def test_a_seat_back_after_its_game_ended_while_away_knows_the_whole_game_and_counts_it(
    server: ServerProcess, tmp_path: Path
) -> None:
    """The seat's connection drops after the first hand and a computer plays it to the game's
    end: coming back, the seat is told the hands it missed with the last one's view, so the game
    here is the server's whole game, and each hand and the game count once."""

    async def game() -> tuple[Window, StatsStore, str]:
        client, code, window, stats = await sam_deals_at_east(server, tmp_path)
        session = window.session
        await window.pump(lambda: session.started and len(session.game.records) >= 1)
        client.ws.transport.abort()  # a computer takes the seat once it has waited
        await saved_when(server, code, lambda game: game.is_over)
        again = await come_back(window, server, code, "Sam", client.key)
        await window.pump(lambda: window.starts == 2)
        await again.close()
        return window, stats, code

    window, stats, code = run(game())
    assert window.session.started and not window.over()  # (no "game ended" was heard)
    played = saved_table(server.save_dir, code)
    assert played is not None
    kept = window.session.game
    assert kept.is_over and len(kept.records) == len(played.game.records) and kept.scores == played.game.scores[::-1]
    hands = sum(record.result.outcome is not Outcome.MISDEAL for record in played.game.records)
    assert stats.stats.hands_played == hands and stats.stats.games == 1


def test_two_network_games_at_one_table_are_both_counted_in_the_statistics(
    server: ServerProcess, tmp_path: Path
) -> None:
    async def games() -> tuple[Window, StatsStore, int]:
        client = await TableClient.connect(server.url)
        await client.create("Sam", "S", open_seats=[])
        window = Window(client, Seat.SOUTH, RandomPlayer(seed=8))
        stats = statistics_kept(window.session, tmp_path)
        await client.send({"type": "start"})
        await window.pump(window.over)
        first = hands_played_at_the_server(window)
        await client.send({"type": "again"})
        await window.pump(lambda: sum(isinstance(e, GameEnded) for e in window.heard) == 2)
        await client.close()
        return window, stats, first

    window, stats, first = run(games())
    assert 0 < first < hands_played_at_the_server(window)
    assert stats.stats.games == 2 and stats.stats.hands_played == hands_played_at_the_server(window)


def test_the_server_deals_a_new_game_and_the_session_starts_it_afresh(server: ServerProcess) -> None:
    async def game() -> Window:
        client = await TableClient.connect(server.url)
        await client.create("Sam", "S", open_seats=[])
        window = Window(client, Seat.SOUTH, RandomPlayer(seed=7))
        await client.send({"type": "start"})
        await window.pump(window.over)
        await client.send({"type": "again"})
        await window.pump(lambda: window.starts == 2 and window.session.started)
        await client.close()
        return window

    window = run(game())
    in_order(window.heard)
    resets = [e for e in window.heard if isinstance(e, TableReset)]
    assert [r.why for r in resets] == ["new game", "new game"] and resets[1].scores == (0, 0)
    assert not window.session.game.records


def test_a_network_game_keeps_its_name_across_a_dropped_connection_and_the_next_game_has_its_own() -> None:
    """The name is the seed of the games the window plays the table on: the statistics count
    each hand and game by it."""
    session = RemoteTableSession(Seat.SOUTH, lambda message: None)

    def told(event: Event) -> None:
        session.told({"type": "event", "event": event.to_dict()})

    told(TableReset(1, "new game", 0, Seat.WEST, (0, 0), 10))
    first = session.mirror.game_id
    session.sat_down_again()  # mid-game: the same game goes on
    assert session.mirror.game_id == first
    told(TableReset(2, "loaded", 3, Seat.EAST, (4, 6), 10))  # the table as it stands: still the same game
    assert session.mirror.game_id == first
    told(GameEnded(3, 1, (4, 10), False))
    told(TableReset(4, "new game", 0, Seat.NORTH, (0, 0), 10))  # Next Game
    second = session.mirror.game_id
    assert second != first
    told(GameEnded(5, 0, (10, 7), False))
    session.sat_down_again()  # after the game's end: the server may have dealt another meanwhile
    assert session.mirror.game_id not in (first, second)


def test_a_second_click_while_the_move_is_on_its_way_is_not_sent_even_after_a_cancel(server: ServerProcess) -> None:
    """A dialog opened meanwhile calls off what the table was asking (a new ticket), but the
    position is the same: the move already sent for it is not sent again."""

    async def game() -> list[dict[str, Any]]:
        client = await TableClient.connect(server.url)
        await client.create("Sam", "S", open_seats=[])
        window = Window(client, Seat.SOUTH)
        await client.send({"type": "start"})
        session = window.session
        await window.pump(lambda: session.started and session.turn is HERE and client.turn is not None)
        action = session.legal_actions(HERE)[0]
        assert session.submit(HERE, action) is None
        session.cancel()
        session.submit(HERE, action)
        await client.close()
        return [m for m in window.outbox if m["type"] == "move"]

    assert len(run(game())) == 1


def test_a_damaged_hosted_table_file_is_passed_over(tmp_path: Path) -> None:
    """The window looks for a hosted table's save among the server's files: one nested past
    all reason, cut short or not a table at all is passed over, never raised."""
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (tmp_path / "cut.json").write_text('{"code_digest": ')
    (tmp_path / "list.json").write_text("[1, 2]")
    assert saved_table(tmp_path, "ABCD-2345") is None
