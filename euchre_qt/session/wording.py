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
from ..engine import cards as card_order
from ..engine.ai.reasons import (
    BidChoice,
    DiscardChoice,
    OnlyMove,
    PassChoice,
    PlayChoice,
    PlayWhy,
    Reason,
    ThrowIn,
    TooWeak,
)
from ..engine.cards import Rank, effective_suit, is_trump
from ..engine.legality import WANTED
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


def choosing_help(phase: Phase, may_pass: bool = True) -> str:
    """How to make a move with the keys, for a player who pressed Enter with nothing chosen."""
    if phase in (Phase.PLAY, Phase.DISCARD):
        what = "play" if phase is Phase.PLAY else "discard"
        return (
            f"Choose a card to {what}: click it, press its number, or move to it with the arrow keys and press Enter."
        )
    if phase is Phase.BIDDING_1:
        return "Choose with the buttons: click one, or press P to pass, O to order up, A to go alone."
    if phase is Phase.BIDDING_2:
        passing = ", or P to pass" if may_pass else ""
        return f"Choose with the buttons: click a suit, or press its first letter (C, D, H, S){passing}."
    return "Choose with the buttons: click one, or move to it with the arrow keys and press Enter."


def hint_text(action: Action, reason: Reason | str, dealer: bool = False) -> str:
    """What the hint says: "Hint: play the Queen of Clubs — lead it (best in 14 of 16 ...)"."""
    why = reason_text(reason).strip()
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


# titles over the table's end-of-hand summary
OUTCOME_HEADLINES = {
    Outcome.MARCH: "March!",
    Outcome.EUCHRE: "Euchred!",
    Outcome.MADE: "Made it",
    Outcome.PASSED_OUT: "Everyone passed",
    Outcome.THROWN_IN: "Thrown in",
    Outcome.MISDEAL: "Misdeal",
}


def game_headline(winner: int, slam: bool = False) -> str:
    """The title over the summary when the game is won, said to the team at this screen (0)."""
    if winner == 0:
        return "Slam! You win!" if slam else "You win the game!"
    return "Slam! They win" if slam else "They win the game"


# --- refusals ---------------------------------------------------------------------------------


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
    if refused.phase in WANTED:
        return f"It is time to {WANTED[refused.phase]}."
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


# --- computer players' reasons ----------------------------------------------------------------

_TRUMP_RANK_NAMES = {
    card_order.TRUMP_STRENGTH + rank: rank.name.lower()
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN, Rank.NINE)
}
_PLAY_WHY = {
    PlayWhy.LEAD: "lead it",
    PlayWhy.LEAD_TRUMP_TO_PARTNER: "lead trump to a partner who called it",
    PlayWhy.DRAW_TRUMP: "lead trump to draw the defenders' trumps",
    PlayWhy.PARTNER_WINNING: "partner is winning this trick, so play low",
    PlayWhy.TAKE: "take the trick",
    PlayWhy.CANNOT_WIN: "this trick cannot be won, so throw the cheapest card",
}


def _count(n: int, noun: str) -> str:
    words = {1: "an" if noun[0] in "aeiou" else "a", 2: "two", 3: "three", 4: "four", 5: "five"}
    return f"{words.get(n, str(n))} {noun}{'s' if n > 1 else ''}"


def hand_strength(hand: Sequence[Card], trump: Suit) -> str:
    """A few words on what makes a hand strong in ``trump``: "both bowers and an off ace"."""
    suits = card_order.EFFECTIVE_SUIT[trump]
    power = card_order.STRENGTH[trump]
    trumps = sorted((power[c.index] for c in hand if suits[c.index] is trump), reverse=True)
    parts = []
    if card_order.JOKER_STRENGTH in trumps:
        parts.append("the joker")
    if card_order.RIGHT_BOWER_STRENGTH in trumps and card_order.LEFT_BOWER_STRENGTH in trumps:
        parts.append("both bowers")
    elif card_order.RIGHT_BOWER_STRENGTH in trumps:
        parts.append("the right bower")
    elif card_order.LEFT_BOWER_STRENGTH in trumps:
        parts.append("the left bower")
    others = [p for p in trumps if p < card_order.LEFT_BOWER_STRENGTH]
    if others:
        one = f"the {_TRUMP_RANK_NAMES[others[0]]} of trump"
        parts.append(_count(len(others), "other trump") if len(others) > 1 else one)
    off_aces = sum(1 for c in hand if c.rank is Rank.ACE and suits[c.index] is not trump)
    if off_aces:
        parts.append(_count(off_aces, "off ace"))
    voids = sum(1 for s in Suit if s is not trump and not any(suits[c.index] is s for c in hand))
    if voids and trumps:
        parts.append(_count(voids, "void"))
    if not parts:
        return "no trump to speak of"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _bid_words(action: Action) -> str:
    """A bid as a player says it at the table: "order up", "call hearts and go alone"."""
    if action.kind is ActionKind.ORDER_UP:
        words = "order up"
    elif action.kind is ActionKind.CALL and action.suit is not None:
        words = f"call {SUIT_NAMES[action.suit].lower()}"
    else:
        return describe_action(action)
    return words + (" and go alone" if action.alone else "")


def reason_text(reason: Reason | str) -> str:
    """Why a computer player chose its move, in words (the move itself is said elsewhere):
    "lead it (best in 14 of 16 likely deals, +0.52 points expected)". A player that gives its
    reason as text (the Novice) is quoted as it is."""
    if isinstance(reason, str):
        return reason
    if isinstance(reason, OnlyMove):
        return "the only legal move"
    if isinstance(reason, ThrowIn):
        return "a farmer's hand: nothing but nines and tens, so throw it in"
    if isinstance(reason, PlayChoice):
        return (
            f"{_PLAY_WHY[reason.why]} (best in {reason.best_in} of {reason.deals} likely deals, "
            f"{reason.mean:+.2f} points expected)"
        )
    if isinstance(reason, TooWeak):
        trump = SUIT_NAMES[reason.trump].lower()
        return f"with {trump} as trump this hand has {hand_strength(reason.hand, reason.trump)}: too weak"
    if isinstance(reason, BidChoice):
        text = (
            f"{hand_strength(reason.hand, reason.trump)}; about {reason.tricks:.1f} tricks from this hand, "
            f"made in {reason.make_rate:.0%} of likely deals ({reason.points:+.2f} points expected"
        )
        if reason.passing is not None:
            text += f", {reason.passing:+.2f} if we pass"
        return text + ")"
    if isinstance(reason, PassChoice):
        return (
            f"{_bid_words(reason.bid)} would be made in {reason.make_rate:.0%} of likely deals "
            f"({reason.points:+.2f} points expected), passing is worth {reason.passing:+.2f}"
        )
    if isinstance(reason, DiscardChoice):
        return f"that keeps {hand_strength(reason.rest, reason.trump)}"
    if reason.solo is None or reason.together is None:
        return "not strong enough to defend alone"
    if reason.alone:
        return f"{reason.solo:+.2f} points expected against {reason.together:+.2f} with partner"
    return f"defending alone is worth {reason.solo:+.2f}, with partner {reason.together:+.2f}"


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
    "hand_strength",
    "hint_text",
    "last_trick_fact",
    "move_made",
    "move_sentence",
    "plural",
    "prompt",
    "reason_text",
    "refusal",
    "score_fact",
    "suit_name",
    "team_result",
    "trick_fact",
    "tricks_so_far",
    "turn_fact",
    "your_turn",
]
