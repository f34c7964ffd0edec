"""The one place that words the game for people: cards, moves, results, refusals, events.

Everything a player reads or hears about a move comes from here (the table's bid badges,
the hint, the review, the game log, screen-reader announcements), so a move is said the
same way everywhere. Functions take names as a tuple indexed by seat (``names[Seat.WEST]``)
and, where it matters, ``you``: the seat of the person the words are for, who is spoken to
("You pass", "We made 3 tricks").
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import Action, ActionKind, Card, HandResult, HandState, Outcome, Phase, Seat, Suit, Trick, Why
from ..engine.cards import Rank, effective_suit, is_trump
from .events import (
    NOT_YOUR_TURN,
    TOO_LATE,
    BidMade,
    CardPlayed,
    DealerDiscarded,
    DealerPickedUp,
    DefenceDecided,
    Event,
    FarmerDecided,
    GameEnded,
    HandDealt,
    HandEnded,
    MoveRefused,
    TableReset,
    TrickWon,
    TrumpMade,
    TurnStarted,
)

SEAT_NAMES: tuple[str, str, str, str] = ("South", "West", "North", "East")
SUIT_NAMES = {Suit.CLUBS: "Clubs", Suit.DIAMONDS: "Diamonds", Suit.HEARTS: "Hearts", Suit.SPADES: "Spades"}
RANK_NAMES = {9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}
TEAM_NAMES = ("South/North", "West/East")
WAIT_FOR_TURN = "Please wait for your turn."  # a computer player is thinking
TURN_NOT_YOURS = "It is not your turn."


# --- cards and suits -----------------------------------------------------------------------


def suit_name(suit: Suit) -> str:
    """ "Clubs" """
    return SUIT_NAMES[suit]


def card_name(card: Card) -> str:
    """ "Jack of Hearts", "Joker" """
    if card.is_joker:
        return "Joker"
    assert card.suit is not None
    return f"{RANK_NAMES[int(card.rank)]} of {SUIT_NAMES[card.suit]}"


def plural(n: int, word: str) -> str:
    """ "1 point", "2 points" """
    return f"{n} {word}{'s' * (n != 1)}"


# --- moves -----------------------------------------------------------------------------------


def describe_action(action: Action, dealer: bool = False) -> str:
    """A move as something to do: "play the Jack of Hearts", "call Spades and go alone"; the
    ``dealer`` orders the up-card up by picking it up."""
    kind = action.kind
    if kind is ActionKind.PLAY and action.card is not None:
        return f"play the {card_name(action.card)}"
    if kind is ActionKind.DISCARD and action.card is not None:
        return f"discard the {card_name(action.card)}"
    if kind is ActionKind.PASS:
        return "pass"
    if kind is ActionKind.ORDER_UP:
        return ("pick it up" if dealer else "order it up") + (" and go alone" if action.alone else "")
    if kind is ActionKind.CALL and action.suit is not None:
        return f"call {SUIT_NAMES[action.suit]}" + (" and go alone" if action.alone else "")
    if kind is ActionKind.DEFEND_ALONE:
        return "defend alone"
    if kind is ActionKind.THROW_IN:
        return "throw in the hand"
    return str(action)


def bid_label(action: Action, dealer: bool) -> str:
    """The badge under a bidder's name: "Pass", "Order up — alone!", "♠ Spades"."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return "Pass"
    if kind is ActionKind.ORDER_UP:
        base = "Picks it up" if dealer else "Order up"
        return base + " — alone!" if action.alone else base
    if kind is ActionKind.CALL and action.suit is not None:
        name = f"{action.suit.symbol} {SUIT_NAMES[action.suit]}"
        return name + " — alone!" if action.alone else name
    if kind is ActionKind.DEFEND_ALONE:
        return "Defends alone!"
    if kind is ActionKind.THROW_IN:
        return "Throws in"
    return str(action)


def move_sentence(
    who: str, action: Action, *, you: bool = False, dealer: bool = False, up_suit: Suit | None = None
) -> str:
    """A move made, said of its player: "Nell passes", "Ed orders up Diamonds, alone",
    "You play the Nine of Diamonds". ``up_suit`` names the suit ordered up; a discard whose
    card is not given (someone else's) is just "discards"."""
    alone = ", alone" if action.alone else ""
    kind = action.kind

    def verb(base: str, third: str) -> str:
        return f"{'You' if you else who} {base if you else third}"

    if kind is ActionKind.PASS:
        return verb("pass", "passes")
    if kind is ActionKind.ORDER_UP:
        if dealer:
            return verb("pick it up", "picks it up") + alone
        what = f" {SUIT_NAMES[up_suit]}" if up_suit is not None else ""
        return verb("order up", "orders up") + what + alone
    if kind is ActionKind.CALL and action.suit is not None:
        return verb("call", "calls") + f" {SUIT_NAMES[action.suit]}" + alone
    if kind is ActionKind.DISCARD:
        card = f" the {card_name(action.card)}" if action.card is not None else ""
        return verb("discard", "discards") + card
    if kind is ActionKind.DEFEND_ALONE:
        return verb("defend alone", "defends alone")
    if kind is ActionKind.THROW_IN:
        return verb("throw in a farmer's hand", "throws in a farmer's hand")
    if kind is ActionKind.PLAY and action.card is not None:
        return verb("play", "plays") + f" the {card_name(action.card)}"
    return f"{'You' if you else who}: {action}"


def prompt(phase: Phase, dealer: bool = False, must_call: bool = False) -> str:
    """What the person is asked to do now: "your turn: play a card". ``dealer``: the person
    deals; ``must_call``: stuck as dealer, passing is not allowed."""
    if phase is Phase.PLAY:
        return "your turn: play a card"
    if phase is Phase.DISCARD:
        return "your turn: discard a card"
    if phase is Phase.BIDDING_1:
        return "your turn: pick it up or pass?" if dealer else "your turn: order up or pass?"
    if phase is Phase.BIDDING_2:
        return "your turn: stuck, name trump" if must_call else "your turn: name trump or pass"
    if phase is Phase.FARMER:
        return "your turn: throw in your farmer's hand?"
    if phase is Phase.DEFEND:
        return "your turn: defend alone?"
    return "your turn"


def hint_text(action: Action, reason: str, dealer: bool = False) -> str:
    """What the hint says: "Hint: play the Queen of Clubs — lead it (best in 14 of 16 ...)".

    A computer player's reason often starts by naming the move in its own short form
    ("play QC: ...", "order up: ..."); the move is already said in words, so that part goes."""
    why = reason.strip()
    head, sep, rest = why.partition(": ")
    if sep and head.split(" ", 1)[0].lower() == str(action).split(" ", 1)[0].lower() and rest:
        why = rest
    return f"Hint: {describe_action(action, dealer)}" + (f" — {why}" if why else "")


# --- results ---------------------------------------------------------------------------------


def hand_result(result: HandResult, names: Sequence[str] = SEAT_NAMES, teams: Sequence[str] = TEAM_NAMES) -> str:
    """The end-of-hand sentence: "South made trump, took 3 tricks: South/North score 1."; with
    players' ``names`` and ``teams`` ("we", "they"): "Nell made trump, took 3 tricks: we score 1."."""
    if result.outcome is Outcome.PASSED_OUT:
        return "Everyone passed: the hand is thrown in."
    if result.outcome is Outcome.THROWN_IN:
        return "A farmer's hand was thrown in."
    if result.outcome is Outcome.MISDEAL:
        return "The joker was turned up: redeal."
    assert result.maker is not None
    made = f"{names[result.maker]} made trump" + (" and went alone" if result.alone else "")
    if result.lone_defender is not None:
        made += f"; {names[result.lone_defender]} defended alone"
    taken = result.tricks[result.maker.team]
    points = max(result.points)
    team = teams[0] if result.scoring_team == 0 else teams[1]
    if result.outcome is Outcome.EUCHRE:
        what = f"euchred with {plural(taken, 'trick')}"
    elif result.outcome is Outcome.MARCH:
        what = "marched (all 5 tricks)"
    else:
        what = f"took {taken} tricks"
    return f"{made}, {what}: {team} score {points}."


def team_result(result: HandResult, team: int) -> str:
    """The hand's result told to one side: "We made 3 tricks: 1 point", "They were euchred:
    we score 2 points"."""
    if not result.outcome.scored:
        return hand_result(result)
    assert result.maker is not None
    makers = result.maker.team
    subject = "We" if makers == team else "They"
    points = plural(max(result.points), "point")
    taken = result.tricks[makers]
    if result.outcome is Outcome.EUCHRE:
        scorers = "they" if makers == team else "we"
        return f"{subject} were euchred with {plural(taken, 'trick')}: {scorers} score {points}"
    if result.outcome is Outcome.MARCH:
        return f"{subject} took all 5 tricks: {points}"
    return f"{subject} made {taken} tricks: {points}"


def game_result(winner: int, scores: tuple[int, int], team: int | None = None, slam: bool = False) -> str:
    """ "We win the game, 10 to 6" (``team``: the side the words are for), else by team names."""
    who = TEAM_NAMES[winner] + " win" if team is None else ("We win" if winner == team else "They win")
    slammed = " (a slam)" if slam else ""
    return f"{who} the game, {scores[winner]} to {scores[1 - winner]}{slammed}"


# --- refusals ---------------------------------------------------------------------------------

_WANTED = {
    Phase.FARMER: "throw in the farmer's hand or pass",
    Phase.BIDDING_1: "pass or order up",
    Phase.BIDDING_2: "pass or call a suit",
    Phase.DISCARD: "discard a card",
    Phase.DEFEND: "defend alone or pass",
    Phase.PLAY: "play a card",
}


def refusal(refused: MoveRefused, names: Sequence[str] = SEAT_NAMES, you: bool = True) -> str:
    """Why a move was not made, as a sentence to its player: "You must follow suit: clubs."."""
    who = "You" if you else names[refused.seat]
    why = refused.why
    if why == NOT_YOUR_TURN:
        if you:
            return TURN_NOT_YOURS
        return f"It is not {names[refused.seat]}'s turn."
    if why == TOO_LATE:
        return "That move came too late: the table has moved on."
    if why in (Why.GAME_OVER, Why.HAND_OVER):
        return "The game is over." if why == Why.GAME_OVER else "The hand is over."
    if why == Why.NO_MORE_DEALS:
        return "The recorded game has no more deals."
    if why == Why.MUST_FOLLOW:
        led = "trump" if refused.follow_trump or refused.suit is None else SUIT_NAMES[refused.suit].lower()
        return f"{who} must follow suit: {led}."
    if why == Why.NOT_HELD:
        return f"{who} {'do' if you else 'does'} not hold that card."
    if why == Why.KEEP_UP_CARD:
        return "The up-card may not be discarded (house rule)."
    if why == Why.TURNED_DOWN and refused.suit is not None:
        return f"{SUIT_NAMES[refused.suit]} was turned down and cannot be called."
    if why == Why.MUST_CALL:
        return f"Stick the dealer: {'you' if you else who} must name trump."
    if why == Why.MUST_GO_ALONE:
        return "Canadian loner: the dealer's partner who orders up must go alone."
    if refused.phase in _WANTED:
        return f"It is time to {_WANTED[refused.phase]}."
    return "That move is not allowed now."


# --- events ---------------------------------------------------------------------------------


def event_sentence(event: Event, names: Sequence[str] = SEAT_NAMES, you: Seat | None = None) -> str | None:
    """An event as a short sentence to announce or log ("Wes plays the Nine of Diamonds",
    "East wins the trick"), for the person at ``you``; None for what is not worth saying."""

    def name(seat: Seat) -> str:
        return "You" if seat is you else names[seat]

    def mine(seat: Seat) -> bool:
        return seat is you

    if isinstance(event, BidMade):
        return move_sentence(
            name(event.seat), event.action, you=mine(event.seat), dealer=event.dealer, up_suit=event.trump
        )
    if isinstance(event, TrumpMade):
        return None  # the bid that made it said so
    if isinstance(event, CardPlayed):
        return move_sentence(name(event.seat), Action(ActionKind.PLAY, card=event.card), you=mine(event.seat))
    if isinstance(event, TrickWon):
        return f"{name(event.winner)} {'win' if mine(event.winner) else 'wins'} the trick"
    if isinstance(event, DealerPickedUp):
        return f"{name(event.dealer)} {'pick' if mine(event.dealer) else 'picks'} up the {card_name(event.card)}"
    if isinstance(event, DealerDiscarded):
        return f"{name(event.dealer)} {'discard' if mine(event.dealer) else 'discards'}"
    if isinstance(event, DefenceDecided):
        return (
            move_sentence(name(event.seat), Action(ActionKind.DEFEND_ALONE), you=mine(event.seat))
            if event.alone
            else None
        )
    if isinstance(event, FarmerDecided):
        return (
            move_sentence(name(event.seat), Action(ActionKind.THROW_IN), you=mine(event.seat))
            if event.thrown_in
            else None
        )
    if isinstance(event, HandDealt):
        dealer = "You deal" if mine(event.dealer) else f"{names[event.dealer]} deals"
        return f"{dealer}; the up-card is the {card_name(event.up_card)}"
    if isinstance(event, HandEnded):
        result = event.result
        return team_result(result, you.team) if you is not None else hand_result(result, names)
    if isinstance(event, GameEnded):
        return game_result(event.winner, event.scores, you.team if you is not None else None, event.slam)
    if isinstance(event, TurnStarted):
        if mine(event.seat):
            return prompt(event.phase, event.dealer is event.seat).capitalize()
        return f"{names[event.seat]}'s turn"
    if isinstance(event, MoveRefused):
        return refusal(event, names, you=mine(event.seat)) if you is None or mine(event.seat) else None
    if isinstance(event, TableReset):
        return {
            "new game": "New game",
            "loaded": "Game loaded",
            "undo hand": "Back to the start of the hand",
            "undo move": "Move taken back",
        }.get(event.why)
    return None


# --- the table read aloud (screen readers) ----------------------------------------------------


def hand_card(card: Card, trump: Suit | None, playable: bool | None) -> str:
    """A card of your hand: "Jack of Diamonds, left bower, trump, playable"."""
    parts = [card_name(card)]
    if trump is not None and card.rank is Rank.JACK and card.suit is not None:
        if card.suit is trump:
            parts.append("right bower")
        elif card.suit is trump.same_colour:
            parts.append("left bower")
    if is_trump(card, trump):
        parts.append("trump")
    if playable is True:
        parts.append("playable")
    elif playable is False:
        parts.append("cannot be played now")
    return ", ".join(parts)


def move_made(seat: Seat, action: Action, hand: HandState, names: Sequence[str], you: Seat | None) -> str:
    """A move said to the person at ``you``, with only what that person may know: another
    player's discard is not named."""
    if action.kind is ActionKind.DISCARD and seat is not you:
        action = Action(ActionKind.DISCARD)
    who = names[seat]
    up_suit = hand.up_card.suit if hand.kitty else None
    return move_sentence(who, action, you=seat is you, dealer=seat is hand.dealer, up_suit=up_suit)


def tricks_so_far(tricks_won: Sequence[int]) -> str:
    """ "Tricks: us 2, them 1" from the four seats' counts."""
    return f"Tricks: us {tricks_won[0] + tricks_won[2]}, them {tricks_won[1] + tricks_won[3]}"


def your_turn(hand: HandState, legal: Sequence[Action], names: Sequence[str], you: Seat | None) -> str:
    """What the player to move may do: "Your turn: follow Hearts. The Ace of Hearts was led."."""
    seat = hand.turn
    assert seat is not None
    lead = "Your turn" if seat is you else f"{names[seat]}'s turn"
    kinds = {action.kind for action in legal}
    if hand.phase is Phase.PLAY:
        if not hand.trick:
            return f"{lead}: lead a card"
        led = hand.trick[0][1]
        suit = effective_suit(led, hand.trump)
        follow = "trump" if suit is not None and suit is hand.trump else SUIT_NAMES[suit] if suit else "suit"
        held = hand.hands[seat]
        if any(effective_suit(card, hand.trump) is suit for card in held):
            need = f"follow {follow}"
        else:
            need = f"no {follow}, play any card"
        return f"{lead}: {need}. The {card_name(led)} was led"
    if hand.phase is Phase.DISCARD:
        return f"{lead}: discard a card"
    if ActionKind.ORDER_UP in kinds:
        what = "pick it up" if seat is hand.dealer else "order it up"
        return f"{lead}: {what}, or pass. The up-card is the {card_name(hand.up_card)}"
    if ActionKind.CALL in kinds:
        suits = ", ".join(sorted({SUIT_NAMES[a.suit] for a in legal if a.suit is not None}))
        pass_or_not = ", or pass" if ActionKind.PASS in kinds else "; the dealer may not pass"
        return f"{lead}: call {suits}{pass_or_not}"
    return f"{lead}: {prompt(hand.phase, seat is hand.dealer)}"


def score_fact(
    scores: tuple[int, int], points_to_win: int, hand: HandState, names: Sequence[str], you: Seat | None
) -> str:
    """ "Score: us 3, them 5, playing to 10. Trump is Hearts, made by Ed alone. Tricks: us 1, them 2"."""
    parts = [f"Score: us {scores[0]}, them {scores[1]}, playing to {points_to_win}"]
    if hand.trump is not None and hand.maker is not None:
        maker = "you" if hand.maker is you else names[hand.maker]
        parts.append(f"Trump is {SUIT_NAMES[hand.trump]}, made by {maker}" + (" alone" if hand.alone else ""))
        parts.append(tricks_so_far(hand.tricks_won))
    return ". ".join(parts)


def bids_fact(hand: HandState, names: Sequence[str], you: Seat | None) -> str:
    """Every bid of the hand so far, in order."""
    if not hand.bids:
        return "No bids yet"
    return ". ".join(move_made(seat, action, hand, names, you) for seat, action, _round in hand.bids)


def trick_fact(plays: Sequence[tuple[Seat, Card]], names: Sequence[str], you: Seat | None) -> str:
    """The cards on the table, who played each."""
    if not plays:
        return "No cards on the table"
    return ". ".join(f"{'You' if seat is you else names[seat]}: {card_name(card)}" for seat, card in plays)


def last_trick_fact(trick: Trick | None, names: Sequence[str], you: Seat | None) -> str:
    if trick is None or trick.winner is None:
        return "No trick has been played yet"
    winner = "you" if trick.winner is you else names[trick.winner]
    return f"Last trick: {trick_fact(trick.plays, names, you)}. Won by {winner}"


def turn_fact(hand: HandState, thinking: Seat | None, names: Sequence[str], you: Seat | None) -> str:
    """Who deals, whose turn it is, and who plays with whom."""
    dealer = "You are the dealer" if hand.dealer is you else f"{names[hand.dealer]} is the dealer"
    teams = f"{names[Seat.SOUTH]} and {names[Seat.NORTH]} against {names[Seat.WEST]} and {names[Seat.EAST]}"
    seat = hand.turn
    if seat is None:
        return f"{dealer}. Nobody is to play. {teams}"
    if seat is you:
        return f"{dealer}. It is your turn. {teams}"
    doing = "thinking" if thinking is seat else "to play"
    return f"{dealer}. {names[seat]} is {doing}. {teams}"


__all__ = [
    "RANK_NAMES",
    "SEAT_NAMES",
    "SUIT_NAMES",
    "TEAM_NAMES",
    "TURN_NOT_YOURS",
    "WAIT_FOR_TURN",
    "bid_label",
    "bids_fact",
    "card_name",
    "describe_action",
    "event_sentence",
    "game_result",
    "hand_card",
    "hand_result",
    "hint_text",
    "last_trick_fact",
    "move_made",
    "move_sentence",
    "plural",
    "prompt",
    "refusal",
    "score_fact",
    "suit_name",
    "team_result",
    "trick_fact",
    "tricks_so_far",
    "turn_fact",
    "your_turn",
]
