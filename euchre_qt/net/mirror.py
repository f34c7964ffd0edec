"""A network seat's table as an engine game the window can play on.

The server sends a seat its own cards and the public moves, nothing more. The window's
controller plays a full engine ``Game``, so the mirror seats every card this seat cannot
see as a stand-in: the deals are written down as records (this seat's five, the up-card,
the calls, the cards played) and ``notation.replay`` places the other cards so that none
contradicts a void the play revealed, naming them ``Deal.unknown`` (the table shows them
face down, and nothing shows them as known). Each public move may move the stand-ins, so
``game_at`` builds the game afresh from the latest placing; finished deals are placed once.

    mirror = TableMirror(Seat.SOUTH)
    mirror.event(event)        # each table event from the server, in order
    mirror.view(view)          # each view of this seat (after a deal, on a turn, on coming back;
                               # sitting down or coming back, with the game's number of the deal viewed)
    mirror.played(deals)       # coming back: the game's finished deals, before the view of the deal now
    mirror.reveal(hands)       # the cards the server shows at a played hand's end (a loner's partner's;
                               # coming back after the game's end, the last deal's, after its view)
    mirror.moves()             # the moves made so far, stand-ins' discards included
    mirror.game_at(k)          # the game after the first k of them
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

from ..engine import DEFEND_ALONE, PASS, Action, ActionKind, Card, Deal, Game, IllegalActionError, Rules, Seat, Why
from ..engine.view import Phase, SeatView
from ..notation import DealRecord, GameRecord
from ..notation.deal_replay import ResolvedDeal, resolve_deal
from ..session.events import (
    BidMade,
    CardPlayed,
    DealerDiscarded,
    DefenceDecided,
    Event,
    FarmerDecided,
    GameEnded,
    HandDealt,
    HandEnded,
    TableReset,
)
from .protocol import MAX_PLAYED_DEALS, PlayedDeal


class MirrorError(ValueError):
    """What the server said cannot be placed in any deal (a server that broke the rules, or a
    rule this client cannot follow): the window says so and leaves the table."""


@dataclass
class _DealNotes:
    """What this seat knows of one deal."""

    dealer: Seat
    up_card: Card
    scores: tuple[int, int]  # the game's score as it was dealt
    # this seat's five as dealt (empty until its view came); fewer of a deal its person did not hold,
    # seen after its end (a newcomer after the game's end): the cards played and shown, not its discard
    hand: tuple[Card, ...] = ()
    calls: list[Action] = field(default_factory=list)
    tricks: list[list[Card]] = field(default_factory=list)
    discard: Card | None = None  # this seat's own discard, when it dealt
    discarded: bool = False  # the dealer has discarded (only the dealer knows what)
    defences: list[Action] = field(default_factory=list)  # pass / defend alone, in order
    lone_defender: Seat | None = None
    ended: bool = False
    revealed: dict[Seat, tuple[Card, ...]] = field(default_factory=dict)  # held at the end, shown by the server

    def moves(self) -> int:
        """How many moves of the deal have been made."""
        return len(self.calls) + self.discarded + len(self.defences) + sum(len(t) for t in self.tricks)

    def record(self, seat: Seat) -> DealRecord:
        return DealRecord(
            dealer=self.dealer,
            up_card=self.up_card,
            calls=tuple(self.calls),
            tricks=tuple(tuple(trick) for trick in self.tricks),
            hands=tuple(self._own() if s is seat else self._dealt_of(s) for s in Seat),
            discard=self._discard_known(),
            discarded_unseen=self.discarded,
            lone_defender=self.lone_defender,
            defence_recorded=bool(self.defences),
        )

    def _own(self) -> tuple[Card | None, ...]:
        """This seat's cards as dealt: its five; of a finished deal its person did not hold (seen
        after the game's end), those the server told as it tells the table (the dealer's discard
        unknown), the rest placed as another seat's are. A deal under way has all five."""
        if not self.ended or not self.hand:
            return self.hand
        return (*self.hand, *[None] * (5 - len(self.hand)))

    def _discard_known(self) -> Card | None:
        """The dealer's discard, where this seat knows it: its own, or the up-card when the dealer
        sat out after picking it up (its partner defended alone) and is shown at the end holding
        five cards without it. (The record's dealt five alone cannot say which of six went away
        from a dealer who played no card; one that kept the up-card put away its unseen slot.)"""
        held = self.revealed.get(self.dealer, ())
        if self.discard is None and self.discarded and len(held) == 5 and self.up_card not in held:
            return self.up_card
        return self.discard

    def _dealt_of(self, seat: Seat) -> tuple[Card | None, ...]:
        """Another seat's cards as dealt, as far as the server revealed them: what it held at
        the end (the up-card is the kitty's, whoever picked it up); the slots of the cards it
        played (placed by the replay) or discarded unseen are not known."""
        held = [card for card in self.revealed.get(seat, ()) if card != self.up_card]
        return (*held, *[None] * (5 - len(held))) if held else ()


def new_game_id() -> int:
    """A network game's name here: the seed of the games the mirror builds, which names them in
    the statistics (the server keeps its own seed to itself, as it names every card)."""
    return secrets.randbits(53)


class TableMirror:
    def __init__(self, seat: Seat, game_id: int | None = None) -> None:
        """``game_id``: the game the table is known to be playing (a seat sat down again at the
        same game keeps its name); a new one is drawn without it, and for each new game."""
        self.seat = seat
        self.game_id = new_game_id() if game_id is None else game_id
        self.rules: Rules | None = None
        self.game_ended = False  # the server said the game ended
        self._deals: list[_DealNotes] = []
        # the server game's number of the first deal in ``_deals`` (a seat that sat down part-way
        # through a game knows only its deals from there; they are numbered as the whole game's)
        self.first_deal = 0
        self._placed: dict[int, ResolvedDeal] = {}  # finished deals, placed for good
        self._moves: list[Action] | None = None  # the latest placing's moves (None: place again)
        self._resolved: list[ResolvedDeal] = []
        # bumped when the deals or the moves made are placed differently: a game built from an
        # earlier placing stays good (and need not be built again) while this stands
        self.placing = 0
        self._placed_moves: list[Action] = []
        self._followed = 0  # the deals found to make one game (``_follow``)

    # --- learning ----------------------------------------------------------------------

    def event(self, event: Event) -> None:
        """A table event from the server, in order. ``MirrorError`` for one that cannot be."""
        if isinstance(event, TableReset):
            if event.why == "new game":
                self.game_id = new_game_id()
            self._forget()  # a new game, or the table as it stands: the next deal or view says it
            self.first_deal = event.deal_number  # (the deal the next view is of)
            return
        if isinstance(event, GameEnded):
            self.game_ended = True
            return
        if isinstance(event, HandDealt):
            if not self._deals:  # (a newcomer's first deal: the deals before were not theirs to see)
                self.first_deal = event.deal_number
            self._add(_DealNotes(event.dealer, event.up_card, event.scores))
            self._moves = None
            return
        if isinstance(event, FarmerDecided):
            raise MirrorError("This table plays the farmer's hand, which the window cannot show yet.")
        notes = self._deals[-1] if self._deals else None
        if notes is None:
            return  # moves of a deal seen only part-way: the next view brings it
        if isinstance(event, BidMade):
            notes.calls.append(event.action)
        elif isinstance(event, DealerDiscarded):
            notes.discarded = True
        elif isinstance(event, DefenceDecided):
            notes.defences.append(DEFEND_ALONE if event.alone else PASS)
            if event.alone:
                notes.lone_defender = event.seat
        elif isinstance(event, CardPlayed):
            while len(notes.tricks) < event.trick:
                notes.tricks.append([])
            notes.tricks[event.trick - 1].append(event.card)
        elif isinstance(event, HandEnded):
            notes.ended = True
        else:
            return
        self._moves = None

    def reveal(self, hands: dict[Seat, tuple[Card, ...]]) -> None:
        """The cards each seat held at the end of the hand just ended, as the server shows them
        to everyone: they are known from now on (this seat's own were known already)."""
        notes = self._deals[-1] if self._deals else None
        if notes is None or not notes.ended:
            return  # (a reveal of a deal this seat came to after it ended)
        notes.revealed = {seat: cards for seat, cards in hands.items() if seat is not self.seat}
        self._placed.pop(len(self._deals) - 1, None)
        self._moves = None

    def sent(self, action: Action) -> None:
        """A move this seat sent: its own discard is the one card of a deal only it knows,
        and the server's event for it does not say which."""
        if action.kind is ActionKind.DISCARD and self._deals:
            self._deals[-1].discard = action.card
            self._moves = None

    def view(self, view: SeatView, deal_number: int | None = None) -> None:
        """This seat's view: its cards for the deal, or the whole deal when it came part-way.
        ``deal_number``: the server game's number of the deal viewed, where the server says it
        (to a seat sitting down or coming back: the deals it is told are numbered from it)."""
        self.rules = view.rules
        notes = self._deals[-1] if self._deals else None
        if notes is None or notes.ended or notes.dealer is not view.dealer or notes.up_card != view.up_card:
            notes = _notes_from_view(view)
            self._add(notes)
        elif notes.moves() < len(view.history):  # events missed (joined as they were sent)
            self._deals[-1] = notes = _notes_from_view(view)
            self._followed = 0
        _hold(notes, view)
        notes.ended = notes.ended or view.phase is Phase.OVER  # (the view of a game over: its reveal may follow)
        if deal_number is not None:
            first = deal_number - (len(self._deals) - 1)
            if first < 0:
                raise MirrorError("The server numbered its deals as no game can.")
            if first != self.first_deal:  # (a game built before is numbered otherwise)
                self.first_deal = first
                self.placing += 1
        self._moves = None

    def played(self, deals: list[PlayedDeal]) -> None:
        """The game's finished deals, told to this seat coming back to it before the view of the
        deal now (a hand may have ended unheard while it was away): the game here holds them
        all, as the server's does. Only a seat that knows no deal of the game takes them."""
        if self._deals:
            return
        for view, hands in deals:
            if view.phase is not Phase.OVER:
                raise MirrorError("The server sent a finished deal that is not finished.")
            self.rules = view.rules
            notes = _notes_from_view(view)
            _hold(notes, view)
            notes.ended = True
            notes.revealed = {seat: cards for seat, cards in hands.items() if seat is not self.seat}
            self._add(notes)
        self._moves = None

    def _add(self, notes: _DealNotes) -> None:
        # Each message places the game's deals again, so a server dealing without end would
        # slow the window more with every deal; no game comes near this many (``MAX_PLAYED_DEALS``).
        if len(self._deals) >= MAX_PLAYED_DEALS:
            raise MirrorError("The server dealt more deals in one game than any game has.")
        self._deals.append(notes)

    def _forget(self) -> None:
        self.game_ended = False
        self.first_deal = 0
        self._followed = 0
        self._deals.clear()
        self._placed.clear()
        self._moves = None

    # --- reading -----------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.rules is not None and bool(self._deals) and bool(self._deals[-1].hand)

    def moves(self) -> list[Action]:
        """Every move made so far, in order (a discard this seat did not see as a stand-in's)."""
        if self._moves is None:
            self._place()
        assert self._moves is not None
        return self._moves

    def game_at(self, moves: int) -> Game:
        """The game after the first ``moves`` moves, on the latest placing of the stand-ins,
        turned so that this seat sits South (a move names no seat, so only the deals and the
        score turn): the window always has its player at the bottom, partner at the top."""
        made = self.moves()
        game = self._new_game(self._resolved)
        for action in made[:moves]:
            game.apply(action)
        return game

    def _new_game(self, resolved: list[ResolvedDeal]) -> Game:
        assert self.rules is not None and resolved
        deals = [self._turned(r.deal) for r in resolved]
        start = self._turned_scores(self._deals[0])
        return Game(self.rules, seed=self.game_id, deals=deals, start_scores=start, first_deal=self.first_deal)

    def _turned_scores(self, notes: _DealNotes) -> tuple[int, int]:
        return notes.scores if self.seat.team == 0 else (notes.scores[1], notes.scores[0])

    def local(self, seat: Seat) -> Seat:
        """Where the server's ``seat`` sits on this window's table (this seat at South)."""
        return Seat((seat - self.seat) % 4)

    def _turned(self, deal: Deal) -> Deal:
        hands = tuple(deal.hands[(local + self.seat) % 4] for local in range(4))
        return Deal(self.local(deal.dealer), hands, deal.kitty, deal.unknown)

    def _place(self) -> None:
        if self.rules is None or not self._deals:
            self._moves, self._resolved = [], []
            return
        record = GameRecord(self.rules, ("", "", "", ""), tuple(n.record(self.seat) for n in self._deals))
        resolved: list[ResolvedDeal] = []
        moves: list[Action] = []
        for number, notes in enumerate(self._deals):
            placed = self._placed.get(number)
            if placed is None:
                try:
                    placed = resolve_deal(record, number)
                except ValueError as exc:
                    raise MirrorError("The server sent a deal that cannot be.") from exc
                if placed.problem is not None:
                    raise MirrorError(placed.problem)
                if notes.ended:
                    self._placed[number] = placed
            resolved.append(placed)
            moves.extend(placed.actions[: notes.moves()])  # never ahead of the table
        if len(resolved) != self._followed:  # (once a deal: the moves a deal has do not change its points)
            self._follow(resolved, moves)
            self._followed = len(resolved)
        earlier = self._placed_moves
        if [r.deal for r in resolved] != [r.deal for r in self._resolved] or moves[: len(earlier)] != earlier:
            self.placing += 1
        self._resolved, self._moves, self._placed_moves = resolved, moves, moves

    def _follow(self, resolved: list[ResolvedDeal], moves: list[Action]) -> None:
        """The deals make one game, as the server must have played it: each but the last played
        out, each dealt at the score the ones before it made, none dealt once the game was won.
        ``MirrorError`` otherwise: found here, as the server says it, and not by the table here
        later (a game built on them would refuse a move, or show a score the server never had)."""
        if any(not placed.finished for placed in resolved[:-1]):
            raise MirrorError("The server sent a finished deal that is not finished.")
        won = "The server dealt again after the game was won."
        game = self._new_game(resolved)
        try:
            for action in moves:
                game.apply(action)
        except IllegalActionError as exc:  # (each deal's moves are its own: only a game won can refuse them)
            raise MirrorError(
                won if exc.why is Why.GAME_OVER else "The server made a move this table cannot follow."
            ) from exc
        if game.is_over and len(game.records) < len(resolved):
            raise MirrorError(won)
        for record, notes in zip(game.records, self._deals[1:], strict=False):
            if record.scores_after != self._turned_scores(notes):
                raise MirrorError("The server's scores do not add up from the hands played.")


def dealt_hand(view: SeatView) -> tuple[Card, ...]:
    """The five cards ``view``'s seat was dealt: its hand now, its plays and discard back, the
    up-card out again if it picked it up."""
    cards = list(view.hand)
    played = [card for trick in view.tricks for seat, card in trick.plays if seat is view.seat]
    played += [card for seat, card in view.trick if seat is view.seat]
    cards += played
    if view.discarded is not None:
        cards.append(view.discarded)
    if view.dealer is view.seat and view.up_card_taken and view.up_card in cards:
        cards.remove(view.up_card)
    return tuple(cards)


def _hold(notes: _DealNotes, view: SeatView) -> None:
    """This seat's own cards of the deal, as its view shows them."""
    if not notes.hand:
        notes.hand = dealt_hand(view)
    if view.discarded is not None:
        notes.discard = view.discarded


def _notes_from_view(view: SeatView) -> _DealNotes:
    """A deal this seat came to part-way: what its view says has happened."""
    notes = _DealNotes(view.dealer, view.up_card, view.scores)
    notes.calls = [action for _, action, _ in view.bids]
    for seat, action in view.history[len(notes.calls) :]:
        if action.kind is ActionKind.DISCARD:
            notes.discarded = True
        elif action.kind is ActionKind.PLAY:
            break
        elif action in (DEFEND_ALONE, PASS):
            notes.defences.append(action)
            if action == DEFEND_ALONE:
                notes.lone_defender = seat
    notes.tricks = [[card for _, card in trick.plays] for trick in view.tricks]
    if view.trick:
        notes.tricks.append([card for _, card in view.trick])
    return notes
