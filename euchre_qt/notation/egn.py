"""Euchre Game Notation (EGN): read a file into a ``GameRecord``, write any game as EGN.

EGN is a public JSON format for whole Euchre games (specification and schema by NextSuit
Labs, Apache-2.0; the schema ships beside this module). Reading checks, in order: the
size (before parsing), JSON, the published schema, then that every rule the file uses is
one euchre-qt plays; anything wrong raises ``EgnError`` with one sentence for a person.
A file whose moves break the rules still opens: ``replay`` stops at the bad move.

Seats: EGN's players 0-3 go clockwise, as our seats do, so EGN seat n is ``Seat(n)``
(0 South, 1 West, 2 North, 3 East) and EGN's teams 0/2 and 1/3 are ours.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine import (
    Action,
    ActionKind,
    Card,
    FarmersHand,
    Game,
    HandState,
    Phase,
    Rank,
    Rules,
    Seat,
    Suit,
    call,
    order_up,
)
from ..engine.actions import PASS
from ..engine.cards import JOKER
from ..files import NotAPlainFile, TooLarge, read_file
from .egn_1_0 import as_later_form, first_leaders, is_version_1_0
from .egn_schema import in_words, schema_errors, schema_message, validation_errors
from .record import SEED_GAME_ID, Bower, DealRecord, GameRecord, PlayedCard
from .record import EgnError as EgnError  # (egn.EgnError, as callers know it)
from .replay import Replay, replay, seat_names

log = logging.getLogger(__name__)

FILE_TYPE = "Euchre Game Notation"
VERSION = "1.4"
# The schema allows 100 deals with long comments; a real game is tens of kilobytes.
MAX_BYTES = 4 * 1024 * 1024
_MAX_SCORE = 999
_TOO_LARGE = f"The file is larger than {MAX_BYTES // (1024 * 1024)} MB, far beyond any EGN game."


# --- reading ---------------------------------------------------------------------


def load(path: str | Path) -> GameRecord:
    """Read an EGN file; ``EgnError`` for anything that is not an EGN game we can show."""
    path = Path(path)
    try:
        data = read_file(path, MAX_BYTES)
    except TooLarge as exc:
        raise EgnError(_TOO_LARGE) from exc
    except NotAPlainFile as exc:
        raise EgnError("That is not a game file.") from exc
    except FileNotFoundError as exc:
        raise EgnError("There is no such file.") from exc
    except IsADirectoryError as exc:
        raise EgnError("That is a folder, not a game file.") from exc
    except OSError as exc:
        log.info("could not read %s: %s", path, exc)
        raise EgnError("The file could not be read.") from exc
    return parse(data)


def parse(data: bytes | str) -> GameRecord:
    if len(data) > MAX_BYTES:
        raise EgnError(_TOO_LARGE)
    try:
        loaded = json.loads(data)
    except RecursionError as exc:
        raise EgnError("The file is nested too deeply to be an EGN game.") from exc
    except (ValueError, UnicodeDecodeError) as exc:  # bad JSON, bad text, a number with thousands of digits
        log.info("EGN file is not JSON: %s", exc)
        raise EgnError("The file is not an EGN game: its text is damaged, or is not a game record at all.") from exc
    return from_dict(loaded)


def from_dict(data: Any, *, validate: bool = True) -> GameRecord:
    """``validate=False`` only for a document this module wrote and checked itself."""
    if not isinstance(data, dict) or data.get("fileType") != FILE_TYPE:
        raise EgnError("The file is not an EGN game (it does not say it is Euchre Game Notation).")
    leaders: list[int | None] = []
    if is_version_1_0(data):
        leaders = first_leaders(data)
        data = as_later_form(data)
    errors = schema_errors(data) if validate else []
    if errors:
        log.info("EGN schema errors: %s", [schema_message(e) for e in errors[:20]])
        raise EgnError(f"The file is not valid EGN: {in_words(errors[0], data)}.")
    metadata = data["metadata"]
    rules, ignored_rules = _rules(metadata.get("ruleset", {}))
    players = [p if isinstance(p, str) else p["name"] for p in metadata["players"]]
    if len(players) > 4:
        raise EgnError(f"The game has {len(players)} players; euchre-qt plays the four-handed game.")
    start = _scores(metadata["initialScore"], "starting")
    final = _scores(metadata["finalScore"], "final") if "finalScore" in metadata else None
    deals: list[DealRecord] = []
    left_out = list(ignored_rules)
    for number, raw in enumerate(data["deals"]):
        if isinstance(raw, str):
            raise EgnError(
                "The file stores its deals in EGN's packed (condensed) form, which euchre-qt does not read; "
                "save it as plain EGN first."
            )
        deal = _deal(number, raw, rules)
        leader = leaders[number] if number < len(leaders) else None
        if leader is not None:
            deal = replace(deal, first_leader=Seat(leader))
        deals.append(deal)
        if raw.get("alternativeLines"):
            left_out.append(f"deal {number + 1}'s alternative lines")
    if not deals:
        raise EgnError("The file has no deals.")
    return GameRecord(
        rules=rules,
        players=seat_names(players),
        deals=tuple(deals),
        start_scores=start,
        final_scores=final,
        title=metadata.get("title", ""),
        description=metadata.get("description", ""),
        date=metadata.get("date", ""),
        game_id=metadata.get("gameId", ""),
        left_out=tuple(left_out),
    )


def open_game(path: str | Path) -> Replay:
    """Read and replay an EGN file (the viewer's and ``convert``'s entry point)."""
    return replay(load(path))


def read_game(data: bytes | str) -> Replay:
    """Read and replay EGN text already in memory."""
    return replay(parse(data))


def _scores(raw: Sequence[int], which: str) -> tuple[int, int]:
    values = [*raw, 0, 0][:2]
    if any(abs(v) > _MAX_SCORE for v in values):
        raise EgnError(f"The file's {which} score is not a game score.")
    return (values[0], values[1])


# Each EGN rule: (our reading of its value or None if we do not play that value, the rule in words)
def _rules(ruleset: Mapping[str, Any]) -> tuple[Rules, list[str]]:
    """Our ``Rules`` for an EGN ruleset; ``EgnError`` naming the first rule we do not play."""

    def unsupported(what: str) -> EgnError:
        return EgnError(f"This game uses a rule euchre-qt does not play: {what}.")

    values: dict[str, Any] = {"stick_the_dealer": ruleset.get("std", True), "joker": ruleset.get("joker", False)}
    if ruleset.get("num_deals", 0):
        raise unsupported(f"a fixed number of deals ({ruleset['num_deals']})")
    target = ruleset.get("winning_score", 10)
    if not 5 <= target <= 11:
        raise unsupported(f"a game to {target} points (euchre-qt plays to 5-11)")
    values["points_to_win"] = target
    if ruleset.get("min_rank", 9) != 9:
        raise unsupported(f"a deck down to the {ruleset['min_rank']}s")
    if ruleset.get("num_players", 4) != 4:
        raise unsupported(f"{ruleset['num_players']} players")
    if ruleset.get("loner_march_score", 4) != 4:
        raise unsupported(f"{ruleset['loner_march_score']} points for a lone march")
    euchred = ruleset.get("loner_euchred_score", 2)
    if euchred not in (2, 4):
        raise unsupported(f"{euchred} points for euchring a lone hand")
    values["doubled_alone_euchre"] = euchred == 4
    values["lone_defender"] = ruleset.get("defend_alone", False)
    values["canadian_loner"] = ruleset.get("canadian", False)
    values["lead_left_of_loner"] = ruleset.get("loner_lead", "LEFT_OF_DEALER") == "LEFT_OF_LONER"
    named = {
        "farmers": "the farmer's hand as EGN records it",
        "partners_best": "calling for the partner's best card",
        "go_under": "going under (swapping with the kitty)",
        "allow_no_trump": "no trump",
        "fast_break": "the fast break",
        "four_trick_tokens": "four-trick tokens",
    }
    for key, words in named.items():
        if ruleset.get(key, False):
            raise unsupported(words)
    try:
        return Rules(**values), []
    except (TypeError, ValueError) as exc:
        raise EgnError(f"The file's rules cannot be played: {exc}.") from exc


_SUITS = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "h": Suit.HEARTS, "s": Suit.SPADES}
_RANKS = {
    "9": Rank.NINE,
    "N": Rank.NINE,
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}


def _card(text: str) -> Card | Bower | None:
    """An EGN card: a ``Card``, a bower named by trump rank, or ``None`` if it does not say."""
    if text == "B":
        return JOKER
    if text in ("R", "L"):
        return Bower(text)
    rank, suit = _RANKS.get(text[0]), _SUITS.get(text[1].lower()) if len(text) == 2 else None
    if rank is None or suit is None:
        if text[0] in "78":
            raise EgnError("This game uses a rule euchre-qt does not play: a deck with 7s and 8s.")
        return None  # X (unknown) ranks or suits, and EGN's generic suits t, n and g
    return Card(suit, rank)


def _deal(number: int, raw: Mapping[str, Any], rules: Rules) -> DealRecord:
    initial = raw["initialState"]
    dealer = initial["dealer"]
    if dealer > 3:
        raise EgnError(f"Deal {number + 1}'s dealer is player {dealer}; euchre-qt plays the four-handed game.")
    up = _card(initial["upCard"])
    if not isinstance(up, Card):
        raise EgnError(f"Deal {number + 1} does not say which card was turned up.")
    hands: list[tuple[Card | None, ...]] = [(), (), (), ()]
    player_cards = initial.get("playerCards", [])
    if len(player_cards) > 4:
        raise EgnError(f"Deal {number + 1} deals to {len(player_cards)} players.")
    for seat, dealt in enumerate(player_cards):
        if dealt:
            if len(dealt) != 5:
                raise EgnError(f"Deal {number + 1} deals {len(dealt)} cards to player {seat}, not five.")
            hands[seat] = tuple(c if isinstance(c, Card) else None for c in map(_card, dealt))
    bidding = [p for p in raw["phases"] if p["type"] == "EUCHRE_BIDDING"]
    play_phases = [p for p in raw["phases"] if p["type"] == "TRICK_PLAY"]
    if len(bidding) > 1 or len(play_phases) > 1:
        raise EgnError(f"Deal {number + 1} has more than one bidding or trick-play phase.")
    calls: list[Action] = []
    discard: Card | None = None
    lone_defender: Seat | None = None
    defence_recorded = False
    call_notes: dict[int, tuple[str, ...]] = {}
    if bidding:
        phase = bidding[0]
        if phase.get("cardExchanges"):
            raise EgnError("This game uses a rule euchre-qt does not play: cards passed between players.")
        alone = phase.get("isAlone", False)
        calls = [_call(text, alone, number) for text in phase["calls"]]
        if "discard" in phase:
            named = _card(phase["discard"])
            discard = named if isinstance(named, Card) else None
        defender = phase.get("aloneDefender", -1)
        if defender >= 0:
            if not rules.lone_defender or defender > 3:
                raise EgnError(
                    f"Deal {number + 1} has player {defender} defending alone, which its rules do not allow."
                )
            lone_defender = Seat(defender)
        defence_recorded = "aloneDefender" in phase
        call_notes = _notes(phase.get("callAnnotations", {}))
    tricks: list[tuple[PlayedCard, ...]] = []
    play_notes: dict[int, tuple[str, ...]] = {}
    if play_phases:
        for t, trick in enumerate(play_phases[0]["tricks"]):
            cards: list[PlayedCard] = []
            for text in trick:
                card = _card(text)
                if card is None:
                    raise EgnError(f"Deal {number + 1}, trick {t + 1} does not say which card was played.")
                cards.append(card)
            tricks.append(tuple(cards))
        play_notes = _notes(play_phases[0].get("playAnnotations", {}))
    return DealRecord(
        dealer=Seat(dealer),
        up_card=up,
        calls=tuple(calls),
        tricks=tuple(tricks),
        hands=(hands[0], hands[1], hands[2], hands[3]),
        discard=discard,
        lone_defender=lone_defender,
        defence_recorded=defence_recorded,
        call_notes=call_notes,
        play_notes=play_notes,
    )


def _call(text: str, alone: bool, number: int) -> Action:
    if text == "Pass":
        return PASS
    if text == "Order":
        return order_up(alone)
    if text in _SUITS:
        return call(_SUITS[text], alone)
    if text == "n":
        raise EgnError("This game uses a rule euchre-qt does not play: no trump.")
    raise EgnError(f"Deal {number + 1} has a call the file does not name ('{text}').")


def _notes(raw: Mapping[str, Sequence[str]]) -> dict[int, tuple[str, ...]]:
    return {int(key): tuple(value) for key, value in raw.items() if len(key) < 6}


# --- writing ---------------------------------------------------------------------


def ruleset(rules: Rules) -> dict[str, Any]:
    """Our rules as an EGN ruleset; ``EgnError`` for a rule EGN cannot record."""
    if rules.farmers_hand is not FarmersHand.OFF:
        raise EgnError("EGN cannot record a game with the farmer's hand rule (it has no move for a throw-in).")
    return {
        "std": rules.stick_the_dealer,
        "winning_score": rules.points_to_win,
        "canadian": rules.canadian_loner,
        "loner_lead": "LEFT_OF_LONER" if rules.lead_left_of_loner else "LEFT_OF_DEALER",
        "loner_euchred_score": 4 if rules.doubled_alone_euchre else 2,
        "defend_alone": rules.lone_defender,
        "joker": rules.joker,
    }


def _card_text(card: Card) -> str:
    if card.is_joker:
        return "B"
    assert card.suit is not None
    return card.rank.letter + card.suit.letter.lower()


def to_dict(
    game: Game,
    players: Sequence[str] = ("South", "West", "North", "East"),
    *,
    title: str = "",
    description: str = "",
    date: datetime | str | None = None,
    game_id: str = "",
) -> dict[str, Any]:
    """The game so far as an EGN document: every deal dealt, with each seat's cards."""
    rules = game.rules
    metadata: dict[str, Any] = {}
    if not game_id and game.deals is None:
        game_id = SEED_GAME_ID.format(seed=game.seed)
    if game_id:
        metadata["gameId"] = game_id[:64]
    if title:
        metadata["title"] = title[:128]
    if description:
        metadata["description"] = description[:1024]
    when = date or datetime.now(UTC)
    metadata["date"] = when if isinstance(when, str) else when.isoformat(timespec="seconds")
    metadata["players"] = [name[:64] for name in seat_names(players)]
    metadata["initialScore"] = list(game.start_scores)
    metadata["finalScore"] = list(game.scores)
    metadata["ruleset"] = ruleset(rules)
    hands = [record.final for record in game.records]
    if not game.is_over and not game.out_of_deals:
        hands.append(game.hand)
    deals = [_deal_dict(game, number, hand) for number, hand in enumerate(hands)]
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": metadata, "deals": deals}


def _deal_dict(game: Game, number: int, hand: HandState) -> dict[str, Any]:
    dealt = game.dealt(game.first_deal + number)  # (``number``: the deal's place in the record)
    unknown = dealt.unknown
    initial: dict[str, Any] = {"dealer": int(hand.dealer), "upCard": _card_text(dealt.kitty[0])}
    initial["playerCards"] = [["Xx" if c in unknown else _card_text(c) for c in held] for held in dealt.hands]
    phases: list[dict[str, Any]] = []
    if hand.bids:
        bidding: dict[str, Any] = {
            "phaseNumber": 0,
            "type": "EUCHRE_BIDDING",
            "calls": [_call_text(action) for _, action, _ in hand.bids],
            "isAlone": hand.alone,
        }
        if game.rules.lone_defender and hand.maker is not None and hand.phase in (Phase.PLAY, Phase.OVER):
            bidding["aloneDefender"] = -1 if hand.lone_defender is None else int(hand.lone_defender)
        if hand.discarded is not None and hand.discarded not in unknown:
            bidding["discard"] = _card_text(hand.discarded)
        phases.append(bidding)
    tricks = [[_card_text(c) for c in trick.cards] for trick in hand.tricks]
    if hand.trick:
        tricks.append([_card_text(c) for _, c in hand.trick])
    if tricks:
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks, "isAlone": hand.alone})
    return {"dealNumber": number, "initialState": initial, "phases": phases}


def _call_text(action: Action) -> str:
    if action.kind is ActionKind.PASS:
        return "Pass"
    if action.kind is ActionKind.ORDER_UP:
        return "Order"
    assert action.suit is not None
    return action.suit.letter.lower()


def dumps(game: Game, players: Sequence[str] = ("South", "West", "North", "East"), **metadata: Any) -> str:
    data = to_dict(game, players, **metadata)
    errors = validation_errors(data)
    if errors:  # a bug here, never the player's doing: say so rather than write a bad file
        log.error("the EGN written breaks the schema: %s", errors[:20])
        raise EgnError("euchre-qt could not write this game as valid EGN (a fault in euchre-qt, not in the game).")
    return json.dumps(data, indent=1, ensure_ascii=False)


def save(game: Game, path: str | Path, players: Sequence[str] = ("South", "West", "North", "East"), **kw: Any) -> None:
    Path(path).write_text(dumps(game, players, **kw) + "\n", encoding="utf-8")
