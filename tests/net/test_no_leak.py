"""No hidden card ever leaves the server: every byte each client was sent over whole games,
checked against the engine's own replay of the game.

A card may reach a seat only when the rules make it public to that seat: its own cards,
the up-card, cards as they are played, and the cards nobody played shown at a hand's end.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from euchre_qt.engine import Card, Game, Rules, Seat
from euchre_qt.engine.ai.player import RandomPlayer
from euchre_qt.net.client import play_game
from euchre_qt.net.codes import code_digest

from .conftest import ServerProcess, full_table, run

CARD = re.compile(r"(?<![A-Za-z0-9])(?:[9TJQKA][CDHS]|JK)(?![A-Za-z0-9])")


@dataclass
class Deal:
    hands: tuple[tuple[Card, ...], ...]  # as dealt
    up_card: Card
    plays: list[tuple[Seat, Card]] = field(default_factory=list)
    unplayed: dict[Seat, set[Card]] = field(default_factory=dict)


def replay_deals(saved: dict[str, object]) -> dict[int, Deal]:
    """Every deal of a saved game, from the engine: hands as dealt, the plays, what was never played."""
    game_data = saved["game"]
    assert isinstance(game_data, dict)
    finished = Game.from_dict(game_data)
    game = Game(finished.rules, finished.seed, finished.first_dealer)
    deals = {game.deal_number: Deal(game.hand.hands, game.hand.up_card)}  # not 0 if the first deal was a misdeal
    for action in finished.actions:
        game.apply(action)
        if game.deal_number not in deals:
            deals[game.deal_number] = Deal(game.hand.hands, game.hand.up_card)
    for record in game.records:
        # a misdeal is dealt and over without a move: its final state is the deal itself
        deal = deals.setdefault(record.deal_number, Deal(record.final.hands, record.final.up_card))
        deal.plays = [play for trick in record.final.tricks for play in trick.plays]
        deal.unplayed = {seat: set(record.final.hands[seat]) for seat in Seat}
    return deals


def leaks(frames: list[str], seat: Seat, deals: dict[int, Deal]) -> list[str]:
    """Each card in ``frames`` (``seat``'s stream, in order) that the seat may not know yet."""
    found: list[str] = []
    deal: Deal | None = None
    public: set[Card] = set()
    played = 0
    for index, frame in enumerate(frames):
        message = json.loads(frame)
        event = message.get("event") if message["type"] == "event" else None
        if event is not None and event["type"] in ("hand dealt", "table reset"):
            deal = deals[event["deal_number"]]
            public, played = {deal.up_card, *deal.hands[seat]}, 0
        if event is not None and event["type"] == "card played":
            assert deal is not None
            expected_seat, expected_card = deal.plays[played]
            assert (event["seat"], event["card"]) == (expected_seat.letter, expected_card.text), "play out of order"
            played += 1
            public.add(expected_card)
        if message["type"] == "reveal":
            assert deal is not None
            for who, cards in message["hands"].items():
                assert {Card.parse(c) for c in cards} == deal.unplayed[Seat.parse(who)]
                public |= deal.unplayed[Seat.parse(who)]
        for text in CARD.findall(frame):
            if deal is None or Card.parse(text) not in public:
                found.append(f"frame {index}: {text} in {frame[:200]}")
    return found


def finished_save(server: ServerProcess, code: str) -> dict[str, object]:
    """The server's own save of the table with ``code``, once it holds the finished game."""
    digest = code_digest(code).hex()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for path in Path(server.save_dir).glob("*.json"):
            data = json.loads(path.read_text())
            if data["code_digest"] == digest and Game.from_dict(data["game"]).is_over:
                return data  # type: ignore[no-any-return]
        time.sleep(0.02)
    raise AssertionError("the server never saved the finished game")


def play_whole_game(server: ServerProcess, people: str, **create: object) -> tuple[str, dict[str, list[str]]]:
    """A whole game of random players at ``people``'s seats (computers in the others): (code, frames by seat)."""

    async def together() -> tuple[str, dict[str, list[str]]]:
        code, clients = await full_table(server.url, people, **create)
        await asyncio.gather(*(play_game(c, RandomPlayer(seed=i).choose) for i, c in enumerate(clients.values())))
        for client in clients.values():
            await client.close()
        return code, {seat: client.frames for seat, client in clients.items()}

    return run(together())


def test_four_people_over_a_whole_game_see_no_card_before_it_is_public(server: ServerProcess) -> None:
    code, streams = play_whole_game(server, "SWNE", rules={"points_to_win": 10})
    deals = replay_deals(finished_save(server, code))
    assert len(deals) >= 3
    for letter, frames in streams.items():
        assert len(frames) > 100
        assert leaks(frames, Seat.parse(letter), deals) == []


def test_people_beside_computers_with_every_variant_see_nothing_hidden(server: ServerProcess) -> None:
    rules = Rules(stick_the_dealer=True, lone_defender=True, joker=True, points_to_win=7).to_dict()
    code, streams = play_whole_game(server, "NE", rules=rules)
    deals = replay_deals(finished_save(server, code))
    for letter, frames in streams.items():
        assert leaks(frames, Seat.parse(letter), deals) == []
    # random players order alone now and then: a partner sat out and their cards were shown at the end
    assert any(
        '"type":"reveal"' in frame and '"hands":{}' not in frame for frames in streams.values() for frame in frames
    )


def test_the_checker_catches_a_card_sent_too_early(server: ServerProcess) -> None:
    code, streams = play_whole_game(server, "SWNE")
    deals = replay_deals(finished_save(server, code))
    frames = list(streams["S"])
    dealt_at = next(i for i, f in enumerate(frames) if '"hand dealt"' in f)
    partner_card = deals[0].hands[Seat.NORTH][0]
    frames.insert(dealt_at + 1, json.dumps({"type": "chat", "text": f"I hold {partner_card.text}"}))
    assert leaks(frames, Seat.SOUTH, deals) != []
