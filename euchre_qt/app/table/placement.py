"""Where every card belongs for a table state (``card_places``): the hands sorted and fanned,
the lone hand's partner's pile, the trick, the kitty while bidding, and the cards gone from
view. The scene puts the cards there at once or animates them there (``animator``).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF

from ...engine import Card, Phase, Seat, Trick, sort_hand
from ...engine.cards import JOKER_DECK
from .layout import LIFT, Layout
from .state import Stage, TableState, played_hands


@dataclass
class Place:
    """Where one card belongs, and how it is shown there."""

    pos: QPointF
    face_up: bool
    z: float
    visible: bool = True
    playable: bool | None = None
    faded: bool = False
    owner: Seat | None = None
    role: str = "hand"  # "hand", "trick", "kitty", "gone" or "discard" (shown at a hand's end)
    tip: str = ""
    lit: bool = False  # the card that takes the finished trick


def card_places(state: TableState, lay: Layout, focus: object = None) -> dict[Card, Place]:
    """Where every card of the deck belongs when ``state`` is shown: in a hand (lifted when
    the keyboard focus ``focus`` is on it), on the trick, in the kitty, or gone from view."""
    hand = state.hand
    over = state.stage in (Stage.HAND_OVER, Stage.GAME_OVER)
    targets: dict[Card, Place] = {}
    trump = hand.trump
    # at a hand's end: the hands as played, the dealer's with the up-card picked up and
    # the discard after them, faded
    holdings = played_hands(hand) if over else hand.hands
    picked_up = hand.up_card if over and hand.up_card_taken and hand.discarded is not None else None
    legal_cards = state.legal_cards()
    phase = hand.phase
    out = set(hand.sitting_out) if not over else set()
    for seat in Seat:
        if seat in out:
            # as at a real table, the lone hand's partner lays the cards down in a pile
            pile = lay.pile_positions(seat, len(holdings[seat]))
            for i, (card, pos) in enumerate(zip(holdings[seat], pile, strict=True)):
                targets[card] = Place(pos, False, 10 + seat * 10 + i, owner=seat)
            continue
        face_up = over or seat in state.people or state.show_all
        cards = list(holdings[seat])
        if face_up:
            cards = sort_hand(cards, trump if state.sort_by_trump or over else None)
            cards.sort(key=lambda c: c in state.unknown)  # the unknown last: their order says nothing
        discard = hand.discarded if picked_up is not None and seat is hand.dealer else None
        if discard is not None:
            cards.append(discard)
        positions = lay.hand_positions(seat, len(cards), face_up)
        clickable = state.interactive is seat and phase in (Phase.PLAY, Phase.DISCARD)
        for i, (card, pos) in enumerate(zip(cards, positions, strict=True)):
            playable = (card in legal_cards) if clickable else None
            place = Place(pos, face_up, 10 + seat * 10 + i, True, playable, owner=seat)
            if card == discard:  # beside the hand and under it: never over the dealer's last card
                place.pos, place.z = lay.set_aside(seat, pos), 10 + seat * 10 - 1
                place.faded, place.role, place.tip = True, "discard", "Discarded by the dealer"
            elif card == picked_up:
                place.tip = "The up-card, picked up by the dealer"
            if card in state.unknown:
                place.face_up, place.tip = False, "A card the record does not show"
            targets[card] = place
    shown = trick_on_table(state)
    for i, (seat, card) in enumerate(shown.plays if shown is not None else hand.trick):
        lit = shown is not None and seat is shown.winner
        targets[card] = Place(lay.trick_pos(seat), True, 100 + i, owner=seat, role="trick", lit=lit)
    bidding = phase in (Phase.FARMER, Phase.BIDDING_1, Phase.BIDDING_2, Phase.DISCARD) and not over
    for i, card in enumerate(hand.kitty):
        if card in targets:
            continue
        if bidding:
            face_up = i == 0 and phase in (Phase.FARMER, Phase.BIDDING_1)
            targets[card] = Place(lay.kitty_pos(i), face_up, 60 - i, role="kitty")
        else:
            targets[card] = Place(lay.deal_point(hand.dealer), False, 5, visible=False, role="gone")
    if hand.discarded is not None and hand.discarded not in targets:
        targets[hand.discarded] = Place(lay.deal_point(hand.dealer), False, 5, visible=False, role="gone")
    for t in hand.tricks:
        for _seat, card in t.plays:
            if card not in targets:
                assert t.winner is not None
                targets[card] = Place(lay.pile_point(t.winner), True, 150, visible=False, role="gone")
    for card in JOKER_DECK:
        if card not in targets:
            targets[card] = Place(lay.deal_point(hand.dealer), False, 0, visible=False, role="gone")
    for card, place in targets.items():
        if place.playable is not None and focus == card:
            place.pos = QPointF(place.pos.x(), place.pos.y() - lay.ch * LIFT)
    return targets


def trick_on_table(state: TableState) -> Trick | None:
    """A finished trick still on the table: waiting to be gathered, or (at Instant speed) the
    last one, which stays in view until the next card is played."""
    if state.pending_trick is not None:
        return state.pending_trick
    if not state.hand.trick and state.stage not in (Stage.HAND_OVER, Stage.GAME_OVER):
        return state.last_trick
    return None
