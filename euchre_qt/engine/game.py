"""A whole game: hands to N points, the deal moving left, the score, and a saveable history.

Every deal comes from the game's seed and the deal's number, so a game is fully
described by its rules, seed, first dealer and list of actions: that is what the save
file holds, and loading it replays the actions to the identical state (R14).

A game recorded elsewhere (an EGN file) brings its own cards instead: ``Game(deals=...)``
plays those deals in order and stops when they run out. Such a record may not say where
every card was (the kitty, a discard nobody saw, a sitting-out partner's hand); its
``Deal`` then seats the unplaced cards there as stand-ins and names them in ``unknown``,
so the rules can run while whoever shows the game knows those places are not known.
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .cards import Card, Seat, cards_text, parse_cards
from .errors import GameFileError, IllegalActionError, Why
from .hand import HandState
from .rules import Rules
from .scoring import HandResult, Outcome
from .view import SeatView

SAVE_FORMAT = "euchre-qt game"
SAVE_VERSION = 2  # 2: a game may carry its own deals and a starting score
MAX_NAME = 64  # the longest player's name a save keeps (EGN's limit)


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal: the dealer, each seat's five (by seat) and the kitty (up-card first).

    ``unknown`` names the cards whose place the record does not know: they sit in the hands
    and kitty only as stand-ins, so a view of the record shows those places as unknown.
    """

    dealer: Seat
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]
    unknown: frozenset[Card] = frozenset()

    def to_dict(self, players: Sequence[str] | None = None) -> dict[str, Any]:
        """The save; ``players``: the names at the table (South, West, North, East), kept with it."""
        data: dict[str, Any] = {
            "dealer": self.dealer.letter,
            "hands": [cards_text(hand) for hand in self.hands],
            "kitty": cards_text(self.kitty),
        }
        if self.unknown:
            data["unknown"] = cards_text(sorted(self.unknown))
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Deal:
        """Raises ``ValueError`` for anything wrong (the deal's cards are checked when it is dealt)."""
        if not isinstance(data, dict):
            raise ValueError("a deal must be a dict")
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, str) for h in hands):
            raise ValueError("a deal has four hands")
        kitty, unknown = data["kitty"], data.get("unknown", "")
        if not isinstance(kitty, str) or not isinstance(unknown, str):
            raise ValueError("a deal's kitty and unknown cards are written as text")
        return cls(
            Seat.parse(str(data["dealer"])),
            tuple(parse_cards(h) for h in hands),
            parse_cards(kitty),
            frozenset(parse_cards(unknown)),
        )


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished deal: where it started in the action list, and how it ended."""

    deal_number: int
    first_action: int  # index into Game.actions of the hand's first move
    final: HandState  # the finished hand: every card, every trick
    scores_after: tuple[int, int]

    @property
    def result(self) -> HandResult:
        assert self.final.result is not None
        return self.final.result


class Game:
    """Hands to ``rules.points_to_win``. Mutable: ``apply`` moves the game on."""

    def __init__(
        self,
        rules: Rules | None = None,
        seed: int | None = None,
        first_dealer: Seat | None = None,
        *,
        deals: Iterable[Deal] | None = None,
        start_scores: tuple[int, int] = (0, 0),
        first_deal: int = 0,
        game_id: int | None = None,
    ) -> None:
        """``deals``: play these (a recorded game) instead of dealing from the seed; the game
        then ends with its last deal. ``start_scores`` and ``first_deal`` (the number of its
        first deal, counted from 0): a game that begins part-way through another, as a person
        who sat down at a network table part-way holds it, its deals numbered as the whole's.
        ``game_id``: which game this is, where the seed does not say (a new game dealt from a
        seed played before, as ``--seed`` deals it: the statistics and the game log tell the two
        apart by it); the seed by default."""
        self.rules = rules or Rules()
        self.seed = random.SystemRandom().randrange(2**53) if seed is None else seed
        self.game_id = self.seed if game_id is None else game_id
        self.deals = None if deals is None else tuple(deals)
        if self.deals is not None:
            if not self.deals:
                raise ValueError("a recorded game needs at least one deal")
            first_dealer = self.deals[0].dealer
        elif first_dealer is None:
            first_dealer = Seat(random.Random(f"euchre-qt:{self.seed}:first dealer").randrange(4))
        self.first_dealer = Seat(first_dealer)
        self.start_scores = (int(start_scores[0]), int(start_scores[1]))
        if first_deal < 0:
            raise ValueError(f"a game's first deal is numbered 0 or more, not {first_deal}")
        self.first_deal = int(first_deal)
        self._restart()

    def _restart(self) -> None:
        self.actions: list[Action] = []
        self.records: list[HandRecord] = []
        self.scores: tuple[int, int] = self.start_scores
        self.deal_number = self.first_deal
        self._hand_start = 0
        self.out_of_deals = False
        self.hand = self._deal(self.first_dealer)
        if self.hand.is_over:  # the very first deal can be a misdeal too
            self._finish_hand()

    def dealt(self, deal_number: int) -> Deal:
        """The cards of deal ``deal_number`` as they were dealt (``dealer`` as the game had it)."""
        if self.deals is not None:
            if not 0 <= deal_number - self.first_deal < len(self.deals):
                raise IndexError(f"the game has no deal {deal_number}")
            return self.deals[deal_number - self.first_deal]
        record = next((r for r in self.records if r.deal_number == deal_number), None)
        dealer = record.final.dealer if record is not None else self.hand.dealer
        if record is None and deal_number != self.deal_number:
            raise IndexError(f"deal {deal_number} has not been dealt")
        start = self._dealt_from_seed(dealer, deal_number)
        return Deal(dealer, start.hands, start.kitty)

    def _dealt_from_seed(self, dealer: Seat, deal_number: int) -> HandState:
        rng = random.Random(f"euchre-qt:{self.seed}:deal {deal_number}")
        return HandState.deal(self.rules, dealer, rng, self.scores)

    def _deal(self, dealer: Seat) -> HandState:
        if self.deals is None:
            return self._dealt_from_seed(dealer, self.deal_number)
        deal = self.dealt(self.deal_number)
        return HandState.from_cards(self.rules, deal.dealer, deal.hands, deal.kitty, self.scores)

    # --- reading -------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def winner(self) -> int | None:
        """The winning team (0 = south/north, 1 = west/east), once someone has N points."""
        target = self.rules.points_to_win
        for team in (0, 1):
            if self.scores[team] >= target:
                return team
        return None

    @property
    def is_slam(self) -> bool:
        """The game was won while the losers had no points (counts as two games)."""
        winner = self.winner
        return winner is not None and self.scores[1 - winner] == 0

    @property
    def dealer(self) -> Seat:
        return self.hand.dealer

    @property
    def turn(self) -> Seat | None:
        return None if self.is_over or self.out_of_deals else self.hand.turn

    @property
    def hand_actions(self) -> list[Action]:
        """The moves made so far in the current hand."""
        return self.actions[self._hand_start :]

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over or self.out_of_deals else self.hand.legal_actions()

    def view(self, seat: Seat, reveal: bool = False) -> SeatView:
        return self.hand.view(seat, reveal)

    # --- moving on -----------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Make the current player's move; a finished hand is scored and the next dealt."""
        if self.is_over:
            raise IllegalActionError(action, "the game is over", Why.GAME_OVER)
        if self.out_of_deals:
            raise IllegalActionError(action, "the recorded game has no more deals", Why.NO_MORE_DEALS)
        self.hand = self.hand.apply(action)  # raises before anything changes
        self.actions.append(action)
        if self.hand.is_over:
            self._finish_hand()

    def _finish_hand(self) -> None:
        result = self.hand.result
        assert result is not None
        self.scores = (self.scores[0] + result.points[0], self.scores[1] + result.points[1])
        self.records.append(HandRecord(self.deal_number, self._hand_start, self.hand, self.scores))
        if self.is_over:
            return
        if self.deals is not None and self.deal_number + 1 - self.first_deal >= len(self.deals):
            self.out_of_deals = True  # the finished hand stays on the table
            return
        next_dealer = self.hand.dealer if result.outcome is Outcome.MISDEAL else self.hand.dealer.left
        self.deal_number += 1
        self._hand_start = len(self.actions)
        self.hand = self._deal(next_dealer)
        if self.hand.is_over:  # a misdeal needs no move: deal again at once
            self._finish_hand()

    def undo_hand(self) -> bool:
        """Back to the start of the current hand (same deal); if it has not started,
        back to the start of the previous one. False if there is nothing to undo."""
        if self.is_over and self.records:
            target = self.records[-1].first_action
        elif self.hand_actions:
            target = self._hand_start
        else:
            # the last hand that had moves (a misdeal has none: skip it)
            started = [r.first_action for r in self.records if r.first_action < self._hand_start]
            if not started:
                return False
            target = started[-1]
        self._replay(self.actions[:target])
        return True

    def movers(self) -> list[Seat]:
        """Who made each move of ``actions``, in order."""
        seats = [seat for record in self.records for seat, _ in record.final.history]
        if not self.is_over:
            seats.extend(seat for seat, _ in self.hand.history)
        return seats

    def undo_move(self, seats: Collection[Seat] | None = None) -> int:
        """Take back the last move, across the end of a hand too; with ``seats``, take back
        moves until one made by one of them is taken back (the computer players' moves
        after it go with it). Returns how many moves were taken back (0: none to undo)."""
        movers = self.movers()
        keep = len(self.actions) - 1
        if seats is not None:
            while keep >= 0 and movers[keep] not in seats:
                keep -= 1
        if keep < 0:
            return 0
        taken = len(self.actions) - keep
        self._replay(self.actions[:keep])
        return taken

    def _replay(self, actions: Iterable[Action]) -> None:
        self._restart()
        for action in actions:
            self.apply(action)

    # --- saving --------------------------------------------------------------

    def to_dict(self, players: Sequence[str] | None = None, kinds: Sequence[str] | None = None) -> dict[str, Any]:
        """The save; ``players``: the names at the table (South, West, North, East), and
        ``kinds``: who played each seat (``saved_kinds``), kept with it."""
        from_seed = self.deals is None and self.start_scores == (0, 0) and not self.first_deal
        data: dict[str, Any] = {
            "format": SAVE_FORMAT,
            # a game dealt from its seed is still written as version 1, which older copies read
            "version": 1 if from_seed else SAVE_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "first_dealer": self.first_dealer.letter,
            "actions": [str(a) for a in self.actions],
        }
        if self.deals is not None:
            data["deals"] = [deal.to_dict() for deal in self.deals]
        if self.start_scores != (0, 0):
            data["start_scores"] = list(self.start_scores)
        if self.first_deal:  # (an older copy reads past it and numbers the deals from 0)
            data["first_deal"] = self.first_deal
        if self.game_id != self.seed:  # (an older copy reads past it)
            data["game_id"] = self.game_id
        # (older copies read past both: neither changes the game, so no new version)
        if players is not None:
            data["players"] = [str(name)[:MAX_NAME] for name in players]
        if kinds is not None:
            data["kinds"] = [str(kind)[:MAX_NAME] for kind in kinds]
        return data

    def to_json(self, players: Sequence[str] | None = None, kinds: Sequence[str] | None = None) -> str:
        return json.dumps(self.to_dict(players, kinds), indent=1)

    @classmethod
    def replay(
        cls,
        rules: Rules,
        seed: int,
        first_dealer: Seat,
        actions: Iterable[Action],
        *,
        deals: Iterable[Deal] | None = None,
        start_scores: tuple[int, int] = (0, 0),
        first_deal: int = 0,
    ) -> Game:
        game = cls(rules, seed, first_dealer, deals=deals, start_scores=start_scores, first_deal=first_deal)
        for action in actions:
            game.apply(action)
        return game

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a saved game; anything wrong with it raises ``GameFileError``."""
        salvaged = cls.salvage_dict(data)
        if salvaged.lost_moves:
            raise GameFileError(f"the saved game is damaged: {salvaged.problem}")
        return salvaged.game

    @classmethod
    def salvage_dict(cls, data: Any) -> Salvaged:
        """Rebuild a saved game up to its last move that can be replayed.

        A damaged header (format, rules, seed, dealer) raises ``GameFileError``: there is no
        game to come back to. A move that cannot be read or is not allowed ends the replay
        there, and that move and every later one are counted as lost."""
        try:
            if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
                raise GameFileError("this is not a euchre-qt saved game")
            version = data.get("version")
            if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= SAVE_VERSION:
                raise GameFileError(f"saved game version {version!r} is not one this program reads")
            rules = Rules.from_dict(data["rules"])
            seed = data["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise GameFileError("the saved game's seed is not a number")
            first_dealer = Seat.parse(str(data["first_dealer"]))
            raw_actions = data["actions"]
            if not isinstance(raw_actions, list):
                raise GameFileError("the saved game's moves are not a list of moves")
            raw_deals = data.get("deals")
            if raw_deals is not None and not isinstance(raw_deals, list):
                raise GameFileError("the saved game's deals are not a list of deals")
            deals = None if raw_deals is None else [Deal.from_dict(d) for d in raw_deals]
            start = data.get("start_scores", [0, 0])
            if (
                not isinstance(start, list)
                or len(start) != 2
                or not all(isinstance(s, int) and not isinstance(s, bool) and abs(s) < 1000 for s in start)
            ):
                raise GameFileError("the saved game's starting score is not two numbers")
            first_deal = data.get("first_deal", 0)
            if not isinstance(first_deal, int) or isinstance(first_deal, bool) or not 0 <= first_deal < 10_000:
                raise GameFileError("the saved game's first deal is not a deal number")
            game_id = data.get("game_id", seed)
            if not isinstance(game_id, int) or isinstance(game_id, bool):
                raise GameFileError("the saved game's name is not a number")
            game = cls(
                rules,
                seed,
                first_dealer,
                deals=deals,
                start_scores=(start[0], start[1]),
                first_deal=first_deal,
                game_id=game_id,
            )
        except GameFileError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            # the detail (a missing key, a bad value) stays in the cause: a person reads the sentence
            raise GameFileError("the saved game is damaged: part of it is missing or not as written") from exc
        for i, raw in enumerate(raw_actions):
            try:
                if not isinstance(raw, str):
                    raise ValueError(f"not a move: {raw!r}")
                game.apply(Action.parse(raw))
            except ValueError as exc:  # IllegalActionError is one too
                return Salvaged(game, len(raw_actions) - i, f"move {i + 1} ({raw!r}): {exc}")
        return Salvaged(game, 0, "")

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        return cls.from_dict(_json(text))

    @classmethod
    def salvage_json(cls, text: str | bytes) -> Salvaged:
        """``salvage_dict`` of a save file's text; unreadable text raises ``GameFileError``."""
        return cls.salvage_dict(_json(text))


@dataclass(frozen=True, slots=True)
class Salvaged:
    """A saved game rebuilt as far as its moves allow."""

    game: Game
    lost_moves: int  # moves at the end of the save that could not be replayed
    problem: str  # what was wrong with the first of them ("" when none was lost)


def saved_players(text: str | bytes) -> tuple[str, str, str, str] | None:
    """The names a save keeps (South, West, North, East), or None where it keeps none that can be used."""
    return _by_seat(text, "players")


def saved_kinds(text: str | bytes) -> tuple[str, str, str, str] | None:
    """Who played each seat (South, West, North, East) as a save says: "person", or a computer
    player by its name (``engine.ai.registry``); None where the save does not say (older
    saves, and a damaged field: every seat is then taken for a person)."""
    return _by_seat(text, "kinds")


def _by_seat(text: str | bytes, field: str) -> tuple[str, str, str, str] | None:
    """A save's four words by seat in ``field``, or None where it keeps none that can be used."""
    try:
        words = _json(text).get(field)
    except (GameFileError, AttributeError):
        return None
    if not isinstance(words, list) or len(words) != 4 or not all(isinstance(w, str) for w in words):
        return None
    return (words[0][:MAX_NAME], words[1][:MAX_NAME], words[2][:MAX_NAME], words[3][:MAX_NAME])


def _json(text: str | bytes) -> Any:
    try:
        return json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:  # RecursionError: absurdly deep nesting
        raise GameFileError("the saved game is damaged, or is not a saved game at all") from exc
