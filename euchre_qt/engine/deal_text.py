"""A deal written like a card table (``S: JH JD AH KH QH  W: ...  kitty: 9H TH AC AS``),
and the check that a deal uses each card of the deck once."""

from __future__ import annotations

from .cards import JOKER_DECK, STANDARD_DECK, Card, Seat, parse_cards
from .rules import Rules


def parse_deal(text: str, rules: Rules) -> tuple[list[tuple[Card, ...]], tuple[Card, ...]]:
    """The four hands (by seat) and the kitty (up-card first) of a deal written as
    ``HandState.from_text`` describes; a kitty left out or short is filled from the rest
    of the deck, in a fixed order."""
    hands: dict[Seat, tuple[Card, ...]] = {}
    kitty: tuple[Card, ...] | None = None
    for label, cards in _labelled_groups(text):
        if label in ("KITTY", "K", "UP"):
            kitty = parse_cards(cards)
        else:
            hands[Seat.parse(label)] = parse_cards(cards)
    if len(hands) != 4:
        raise ValueError("write four hands, labelled S:, W:, N: and E:")
    if kitty is None or len(kitty) < rules.deck_size - 20:
        used = {c for h in hands.values() for c in h} | set(kitty or ())
        rest = [c for c in (JOKER_DECK if rules.joker else STANDARD_DECK) if c not in used]
        kitty = (*(kitty or ()), *rest)
    return [hands[s] for s in Seat], kitty


def _labelled_groups(text: str) -> list[tuple[str, str]]:
    """``"S: JH JD  W: 9C ..."`` -> [("S", "JH JD"), ("W", "9C ...")]."""
    groups: list[tuple[str, str]] = []
    for token in text.replace(",", " ").split():
        if token.endswith(":"):
            groups.append((token[:-1].upper(), ""))
        elif groups:
            label, cards = groups[-1]
            groups[-1] = (label, f"{cards} {token}")
        else:
            raise ValueError(f"cards before any seat label: {token!r}")
    return groups


def check_deal(rules: Rules, hands: tuple[tuple[Card, ...], ...], kitty: tuple[Card, ...]) -> None:
    if len(hands) != 4 or any(len(h) != 5 for h in hands):
        raise ValueError("a deal has four hands of five cards")
    deck = JOKER_DECK if rules.joker else STANDARD_DECK
    cards = [c for h in hands for c in h] + list(kitty)
    if len(cards) != len(deck) or set(cards) != set(deck):
        dupes = sorted({c.text for c in cards if cards.count(c) > 1})
        missing = sorted(c.text for c in set(deck) - set(cards))
        extra = sorted(c.text for c in set(cards) - set(deck))
        detail = "; ".join(
            part
            for part in (
                f"twice: {' '.join(dupes)}" if dupes else "",
                f"missing: {' '.join(missing)}" if missing else "",
                f"not in this deck: {' '.join(extra)}" if extra else "",
            )
            if part
        )
        raise ValueError(f"the deal must use each card of the {len(deck)}-card deck once ({detail})")
