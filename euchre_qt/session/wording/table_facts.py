"""The table read aloud for a screen reader: a move with only what the listener may know,
whose turn it is and what they may do, the score, the bids, the trick on the table."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...engine import Action, ActionKind, Card, HandState, Phase, Seat, Suit, Trick, sort_hand
from ...engine.cards import effective_suit
from .cards import SUIT_NAMES, card_name, sits_out
from .moves import move_sentence, prompt


def move_made(seat: Seat, action: Action, hand: HandState, names: Sequence[str], you: Seat | None) -> str:
    """A move said to the person at ``you``, with only what that person may know: another
    player's discard is not named."""
    if action.kind is ActionKind.DISCARD and seat is not you:
        action = Action(ActionKind.DISCARD)
    who = names[seat]
    up_suit = hand.up_card.suit if hand.kitty else None
    return move_sentence(who, action, you=seat is you, dealer=seat is hand.dealer, up_suit=up_suit, trump=hand.trump)


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
        # (Clubs is suit 0: test for None, not for truth)
        follow = "suit" if suit is None else "trump" if suit is hand.trump else SUIT_NAMES[suit]
        held = hand.hands[seat]
        if any(effective_suit(card, hand.trump) is suit for card in held):
            need = f"follow {follow}"
        else:
            need = f"no {follow}, play any card"
        return f"{lead}: {need}. The {card_name(led, hand.trump)} was led"
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


def trick_fact(
    plays: Sequence[tuple[Seat, Card]], names: Sequence[str], you: Seat | None, trump: Suit | None = None
) -> str:
    """The cards on the table, who played each."""
    if not plays:
        return "No cards on the table"
    return ". ".join(f"{'You' if seat is you else names[seat]}: {card_name(card, trump)}" for seat, card in plays)


def last_trick_fact(trick: Trick | None, names: Sequence[str], you: Seat | None, trump: Suit | None = None) -> str:
    if trick is None or trick.winner is None:
        return "No trick has been played yet"
    winner = "you" if trick.winner is you else names[trick.winner]
    return f"Last trick: {trick_fact(trick.plays, names, you, trump)}. Won by {winner}"


def sides(hand: HandState, names: Sequence[str], you: Seat | None) -> str:
    """Who plays with whom in this hand: "You and Nell against Wes and Ed"; a lone hand's
    partner sitting out said so ("Ed alone against you and Nell. Wes sits out this hand")."""

    def side(a: Seat, b: Seat) -> str:
        out = hand.sitting_out
        player = [seat for seat in (a, b) if seat not in out]
        who = ["you" if seat is you else names[seat] for seat in player]
        return f"{who[0]} alone" if len(who) == 1 else f"{who[0]} and {who[1]}"

    text = f"{side(Seat.SOUTH, Seat.NORTH)} against {side(Seat.WEST, Seat.EAST)}"
    text = text[:1].upper() + text[1:]
    return f"{text}. {sits_out(hand.sitting_out, names, you)}" if hand.sitting_out else text


def table_summary(scores: tuple[int, int], hand: HandState, names: Sequence[str], you: Seat | None) -> str:
    """The table in a few facts that change a few times a hand, never with each move (a
    screen reader reads it when the table itself is focused): "Score: us 3, them 5. Trump
    is Hearts, made by Ed alone. Dealer Nell. Ed alone against you and Nell. Wes sits out
    this hand"."""
    parts = [f"Score: us {scores[0]}, them {scores[1]}"]
    if hand.trump is not None and hand.maker is not None:
        maker = "you" if hand.maker is you else names[hand.maker]
        parts.append(f"Trump is {SUIT_NAMES[hand.trump]}, made by {maker}" + (" alone" if hand.alone else ""))
    else:
        parts.append(f"Up-card {card_name(hand.up_card)}, round {hand.bidding_round} of bidding")
    parts.append("You deal" if hand.dealer is you else f"Dealer {names[hand.dealer]}")
    parts.append(sides(hand, names, you))
    return ". ".join(parts) + "."


def turn_fact(hand: HandState, thinking: Seat | None, names: Sequence[str], you: Seat | None) -> str:
    """Who deals, whose turn it is, and who plays with whom (and who sits out a lone hand)."""
    dealer = "You are the dealer" if hand.dealer is you else f"{names[hand.dealer]} is the dealer"
    teams = sides(hand, names, you)
    seat = hand.turn
    if seat is None:
        return f"{dealer}. Nobody is to play. {teams}"
    if seat is you:
        return f"{dealer}. It is your turn. {teams}"
    doing = "thinking" if thinking is seat else "to play"
    return f"{dealer}. {names[seat]} is {doing}. {teams}"


def hands_fact(
    hands: Sequence[Sequence[Card]],
    names: Sequence[str],
    you: Seat | None,
    trump: Suit | None = None,
    unknown: Collection[Card] = (),
) -> str:
    """The other players' hands, as the table shows them face up at a hand's end: "Wes
    held the Ace of Hearts, the Nine of Clubs ...". ``unknown``: cards nobody here saw (a
    network table's), left out."""
    said = []
    for seat in Seat:
        if seat is you:
            continue
        cards = [card for card in hands[seat] if card not in unknown]
        if cards:
            held = ", ".join(f"the {card_name(card, trump)}" for card in sort_hand(cards, trump))
            said.append(f"{names[seat]} held {held}")
    return ". ".join(said)
