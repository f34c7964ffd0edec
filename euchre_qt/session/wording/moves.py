"""Moves in words: a move to make ("call Spades and go alone"), a bid on a player's badge
("Order up — alone!"), a move made ("Nell passes", "You play the Nine of Diamonds"), and what
the person to move is asked to do, and how to do it with the keys."""

from __future__ import annotations

from ...engine import Action, ActionKind, Phase, Suit
from .cards import SUIT_NAMES, card_name


def describe_action(action: Action, dealer: bool = False, trump: Suit | None = None) -> str:
    """A move as something to do: "play the Jack of Hearts", "call Spades and go alone"; the
    ``dealer`` orders the up-card up by picking it up; with ``trump`` known a bower is named so."""
    kind = action.kind
    if kind is ActionKind.PLAY and action.card is not None:
        return f"play the {card_name(action.card, trump)}"
    if kind is ActionKind.DISCARD and action.card is not None:
        return f"discard the {card_name(action.card, trump)}"
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


_DOING = {
    "play": "playing",
    "discard": "discarding",
    "pass": "passing",
    "pick": "picking",
    "order": "ordering",
    "call": "calling",
    "defend": "defending",
    "throw": "throwing",
}


def describe_choice(action: Action, dealer: bool = False, trump: Suit | None = None) -> str:
    """A move as a choice weighed against others: "playing the Jack of Hearts was better",
    "calling Spades and going alone"."""
    verb, _, rest = describe_action(action, dealer, trump).partition(" ")
    text = f"{_DOING.get(verb, verb)} {rest}".rstrip()
    return text.replace(" and go alone", " and going alone")


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
    who: str,
    action: Action,
    *,
    you: bool = False,
    dealer: bool = False,
    up_suit: Suit | None = None,
    trump: Suit | None = None,
) -> str:
    """A move made, said of its player: "Nell passes", "Ed orders up Diamonds, alone",
    "You play the Nine of Diamonds". ``up_suit`` names the suit ordered up; a discard whose
    card is not given (someone else's) is just "discards"; with ``trump`` known a bower is
    named so ("Ed plays the left bower (Jack of Hearts)")."""
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
        card = f" the {card_name(action.card, trump)}" if action.card is not None else ""
        return verb("discard", "discards") + card
    if kind is ActionKind.DEFEND_ALONE:
        return verb("defend alone", "defends alone")
    if kind is ActionKind.THROW_IN:
        return verb("throw in a farmer's hand", "throws in a farmer's hand")
    if kind is ActionKind.PLAY and action.card is not None:
        return verb("play", "plays") + f" the {card_name(action.card, trump)}"
    return f"{'You' if you else who}: {action}"


def taken_back(action: Action | None, trump: Suit | None = None, dealer: bool = False) -> str:
    """What Undo took back, said to the player whose move it was: "Move taken back: your
    Ace of Clubs", "Move taken back: your call of Hearts, alone"."""
    if action is None:
        return "Move taken back"
    kind = action.kind
    alone = ", alone" if action.alone else ""
    if kind is ActionKind.PLAY and action.card is not None:
        what = card_name(action.card, trump)
    elif kind is ActionKind.DISCARD and action.card is not None:
        what = f"discard of the {card_name(action.card, trump)}"
    elif kind is ActionKind.PASS:
        what = "pass"
    elif kind is ActionKind.ORDER_UP:
        what = ("pick-up" if dealer else "order-up") + alone
    elif kind is ActionKind.CALL and action.suit is not None:
        what = f"call of {SUIT_NAMES[action.suit]}{alone}"
    else:
        what = describe_action(action, dealer, trump)
    return f"Move taken back: your {what}"


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
