"""Sentences a screen reader speaks about the table: moves, tricks, results and facts.

Short, in a player's words, each a complete sentence. ``you`` holds the seat spoken of
as "you" (the one person at this screen), empty when several people share it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, Card, Game, HandState, Outcome, Seat, Suit, Trick
from ..engine.actions import ActionKind
from ..engine.cards import Rank, effective_suit, is_trump
from .table.items import card_name
from .table.state import TableState

Names = Sequence[str]

_RANKS = {9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king", 14: "ace"}
SUITS = {Suit.CLUBS: "clubs", Suit.DIAMONDS: "diamonds", Suit.HEARTS: "hearts", Suit.SPADES: "spades"}


def card(c: Card) -> str:
    """'the nine of diamonds', 'the joker'."""
    if c.is_joker or c.suit is None:
        return "the joker"
    return f"the {_RANKS[int(c.rank)]} of {SUITS[c.suit]}"


def hand_card(c: Card, trump: Suit | None, playable: bool | None) -> str:
    """A card of your hand: trump and bowers named, then playable or not."""
    parts = [card_name(c)]
    if trump is not None and c.rank is Rank.JACK and c.suit is not None:
        if c.suit is trump:
            parts.append("right bower")
        elif c.suit is trump.same_colour:
            parts.append("left bower")
    if is_trump(c, trump):
        parts.append("trump")
    if playable is True:
        parts.append("playable")
    elif playable is False:
        parts.append("cannot be played now")
    return ", ".join(parts)


def who(seat: Seat, names: Names, you: frozenset[Seat]) -> str:
    return "You" if seat in you else names[seat]


def _verb(seat: Seat, you: frozenset[Seat], plain: str, third: str) -> str:
    return plain if seat in you else third


def move(seat: Seat, action: Action, before: HandState, names: Names, you: frozenset[Seat]) -> str:
    """'Nell passes', 'Ed orders up diamonds, alone', 'Wes plays the nine of diamonds'."""
    w = who(seat, names, you)
    alone = ", alone" if action.alone else ""
    kind = action.kind
    if kind is ActionKind.PASS:
        return f"{w} {_verb(seat, you, 'pass', 'passes')}"
    if kind is ActionKind.ORDER_UP:
        suit = before.up_card.suit
        named = SUITS[suit] if suit is not None else "the joker's suit"
        if seat is before.dealer:
            return f"{w} {_verb(seat, you, 'pick', 'picks')} up {card(before.up_card)}{alone}"
        return f"{w} {_verb(seat, you, 'order', 'orders')} up {named}{alone}"
    if kind is ActionKind.CALL and action.suit is not None:
        return f"{w} {_verb(seat, you, 'name', 'names')} {SUITS[action.suit]}{alone}"
    if kind is ActionKind.DISCARD:
        if seat in you and action.card is not None:
            return f"You discard {card(action.card)}"
        return f"{w} {_verb(seat, you, 'discard', 'discards')} a card"
    if kind is ActionKind.PLAY and action.card is not None:
        return f"{w} {_verb(seat, you, 'play', 'plays')} {card(action.card)}"
    return f"{w}: {action}"


def trick_won(trick: Trick, tricks: tuple[int, int], names: Names, you: frozenset[Seat]) -> str:
    assert trick.winner is not None
    w = who(trick.winner, names, you)
    return f"{w} {_verb(trick.winner, you, 'win', 'wins')} the trick. Tricks: us {tricks[0]}, them {tricks[1]}"


def deal(hand: HandState, names: Names, you: frozenset[Seat]) -> str:
    dealer = who(hand.dealer, names, you)
    deals = _verb(hand.dealer, you, "deal", "deals")
    if hand.kitty:
        return f"{dealer} {deals}. The up-card is {card(hand.up_card)}"
    return f"{dealer} {deals}"


def hand_result(final: HandState, scores_after: tuple[int, int], names: Names, you: frozenset[Seat]) -> str:
    """'Ed made trump alone and took 4 tricks: they score 1. Score: us 3, them 5'."""
    result = final.result
    assert result is not None
    if not result.outcome.scored or result.maker is None:
        return result.describe().rstrip(".")
    maker = who(result.maker, names, you)
    made = f"{maker} made trump" + (" alone" if result.alone else "")
    taken = result.tricks[result.maker.team]
    were = "were" if result.maker in you else "was"
    what = {
        Outcome.MARCH: "took all 5 tricks",
        Outcome.EUCHRE: f"took {taken} trick{'s' * (taken != 1)} and {were} euchred",
    }.get(result.outcome, f"took {taken} tricks")
    team = "we" if result.scoring_team == 0 else "they"
    points = max(result.points)
    return f"{made} and {what}: {team} score {points}. Score: us {scores_after[0]}, them {scores_after[1]}"


def game_over(game: Game) -> str:
    us, them = game.scores
    if game.winner == 0:
        return f"Game over: we win, {us} to {them}"
    return f"Game over: they win, {them} to {us}"


def your_turn(state: TableState, names: Names, you: frozenset[Seat]) -> str:
    hand = state.hand
    seat = hand.turn
    assert seat is not None
    lead = "Your turn" if seat in you else f"{names[seat]}'s turn"
    kinds = {a.kind for a in state.legal}
    if hand.phase.name == "PLAY":
        if not hand.trick:
            return f"{lead}: lead a card"
        led = hand.trick[0][1]
        suit = effective_suit(led, hand.trump)
        follow = "trump" if suit is not None and suit is hand.trump else SUITS[suit] if suit is not None else "suit"
        held = hand.hands[seat]
        can_follow = len(state.legal_cards()) < len(held) or all(effective_suit(c, hand.trump) is suit for c in held)
        need = f"follow {follow}" if can_follow else f"no {follow}, play any card"
        return f"{lead}: {need}. {card(led).capitalize()} was led"
    if hand.phase.name == "DISCARD":
        return f"{lead}: discard a card"
    if ActionKind.ORDER_UP in kinds:
        verb = "pick it up" if seat is hand.dealer else "order it up"
        return f"{lead}: {verb}, or pass. The up-card is {card(hand.up_card)}"
    if ActionKind.CALL in kinds:
        suits = sorted({SUITS[a.suit] for a in state.legal if a.suit is not None})
        choice = ", ".join(suits)
        return f"{lead}: name {choice}" + (", or pass" if ActionKind.PASS in kinds else "; the dealer may not pass")
    return f"{lead}"


def score(state: TableState, names: Names, you: frozenset[Seat]) -> str:
    us, them = state.scores
    hand = state.hand
    won = hand.tricks_won
    parts = [f"Score: us {us}, them {them}, playing to {state.points_to_win}"]
    if hand.trump is not None and hand.maker is not None:
        alone = " alone" if hand.alone else ""
        maker = "you" if hand.maker in you else names[hand.maker]
        parts.append(f"Trump is {SUITS[hand.trump]}, made by {maker}{alone}")
        parts.append(f"Tricks: us {won[0] + won[2]}, them {won[1] + won[3]}")
    return ". ".join(parts)


def bids(hand: HandState, names: Names, you: frozenset[Seat]) -> str:
    if not hand.bids:
        return "No bids yet"
    # a bid is worded from the hand's dealer and up-card, which the whole hand shares
    return ". ".join(move(seat, action, hand, names, you) for seat, action, _round in hand.bids)


def current_trick(hand: HandState, pending: Trick | None, names: Names, you: frozenset[Seat]) -> str:
    plays = pending.plays if pending is not None else hand.trick
    if not plays:
        return "No cards on the table"
    return ". ".join(f"{who(seat, names, you)}: {card(c)}" for seat, c in plays)


def last_trick(trick: Trick | None, names: Names, you: frozenset[Seat]) -> str:
    if trick is None or trick.winner is None:
        return "No trick has been played yet"
    cards = ". ".join(f"{who(seat, names, you)}: {card(c)}" for seat, c in trick.plays)
    return f"Last trick: {cards}. Won by {who(trick.winner, names, you)}"


def whose_turn(state: TableState, names: Names, you: frozenset[Seat]) -> str:
    hand = state.hand
    dealer = f"{who(hand.dealer, names, you)} {_verb(hand.dealer, you, 'are', 'is')} the dealer"
    teams = f"{names[Seat.SOUTH]} and {names[Seat.NORTH]} against {names[Seat.WEST]} and {names[Seat.EAST]}"
    if hand.turn is None:
        return f"{dealer}. Nobody is to play. {teams}"
    seat = hand.turn
    if seat in you:
        return f"{dealer}. It is your turn. {teams}"
    kind = "thinking" if state.thinking is seat else "to play"
    return f"{dealer}. {names[seat]} is {kind}. {teams}"
