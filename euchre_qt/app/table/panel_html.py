"""The rich text of the table's dark panels: the score, the trump and the end-of-hand summary.

Suits are written in the cards' colours (``suit_ink``); the words come from the session's
``wording`` module, this module only lays them out.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from ...engine import Card, Phase, Suit
from ...session.wording import OUTCOME_HEADLINES, SUIT_NAMES, game_headline, hand_result
from .state import Stage, TableState

# A suit's colour in text, as on the cards: red and black, or with the four-colour deck
# clubs green and diamonds blue. "dark" is for the table's dark panels (lighter tints).
_INK_LIGHT = {Suit.CLUBS: "#151515", Suit.DIAMONDS: "#c8102e", Suit.HEARTS: "#c8102e", Suit.SPADES: "#151515"}
_INK_DARK = {Suit.CLUBS: "#ffffff", Suit.DIAMONDS: "#ff6b6b", Suit.HEARTS: "#ff6b6b", Suit.SPADES: "#ffffff"}
_FOUR_LIGHT = {Suit.CLUBS: "#138a3a", Suit.DIAMONDS: "#1860c4"}
_FOUR_DARK = {Suit.CLUBS: "#7fdc8f", Suit.DIAMONDS: "#8cc0ff"}


def suit_ink(suit: Suit, four_colour: bool = False, dark: bool = False) -> str:
    """The colour a suit's symbol is written in (see the tables above)."""
    if four_colour and suit in _FOUR_LIGHT:
        return (_FOUR_DARK if dark else _FOUR_LIGHT)[suit]
    return (_INK_DARK if dark else _INK_LIGHT)[suit]


def suit_html(suit: Suit | None, size: str = "", four_colour: bool = False) -> str:
    """A suit's symbol for the table's dark panels."""
    if suit is None:
        return "—"
    style = f"color:{suit_ink(suit, four_colour, dark=True)};" + (f"font-size:{size};" if size else "")
    return f'<span style="{style}">{suit.symbol}</span>'


def card_html(card: Card, four_colour: bool = False) -> str:
    if card.is_joker:
        return "Joker"
    assert card.suit is not None
    rank = "10" if card.rank.letter == "T" else card.rank.letter
    return f"{rank}{suit_html(card.suit, four_colour=four_colour)}"


def score_html(state: TableState, font_px: float, fits: Callable[[str], bool] = lambda _line: True) -> str:
    """The score panel: both teams' names and points, and the tricks of the hand. A team's
    players are named beside it where ``fits`` says the line fits beside the points; else
    the line says only "Us" or "Them" (the badges name the players), never wrapping."""
    n = state.names
    us, them = state.scores
    hand = state.hand
    won = hand.tricks_won
    tricks = (won[0] + won[2], won[1] + won[3])
    big = f"font-size:{round(font_px * 1.5)}px; font-weight:bold;"

    def team(label: str, first: str, second: str) -> str:
        if not fits(f"{label} ({first} & {second})"):
            return f"<b>{label}</b>"
        return f'<b>{label}</b> <span style="color:#cfe8d5">({html.escape(first)} &amp; {html.escape(second)})</span>'

    rows = (
        f'<table width="100%" cellspacing="0" cellpadding="1">'
        f'<tr><td>{team("Us", n[0], n[2])}</td><td align="right" style="{big}">{us}</td></tr>'
        f'<tr><td>{team("Them", n[1], n[3])}</td><td align="right" style="{big}">{them}</td></tr></table>'
    )
    trick_line = f"Tricks: us {tricks[0]} · them {tricks[1]}" if hand.trump is not None else "Tricks: —"
    return (
        f'<div style="color:#ffe9a8; font-weight:bold;">Score · game to {state.points_to_win}</div>'
        f"{rows}<div>{trick_line}</div>"
    )


def info_html(state: TableState, font_px: float, four_colour: bool) -> str:
    """The trump panel: trump and who made it, or the bidding round and its up-card."""
    hand = state.hand
    names = state.names
    dealer = html.escape(names[hand.dealer])
    lines = []
    four = four_colour
    big = f"font-size:{round(font_px * 1.6)}px;"
    if hand.trump is not None and hand.maker is not None:
        lines.append(
            f"<div><b>Trump</b> {suit_html(hand.trump, f'{round(font_px * 1.6)}px', four)} "
            f"<b>{SUIT_NAMES[hand.trump]}</b></div>"
        )
        made = f"Made by {html.escape(names[hand.maker])}" + (" — <b>alone</b>" if hand.alone else "")
        lines.append(f"<div>{made}</div>")
        if hand.lone_defender is not None:
            lines.append(f"<div>{html.escape(names[hand.lone_defender])} defends alone</div>")
    elif hand.phase is Phase.OVER:
        lines.append(f'<div style="{big}"><b>No trump</b></div>')
    else:
        up = hand.up_card
        if hand.bidding_round == 1:
            lines.append(f"<div><b>Round 1</b>: up-card {card_html(up, four)}</div>")
            lines.append("<div>Order it up, or pass</div>")
        else:
            lines.append(f"<div><b>Round 2</b>: {card_html(up, four)} turned down</div>")
            lines.append(f"<div>Name a suit other than {suit_html(up.suit, four_colour=four)}</div>")
    lines.append(f"<div>Dealer: {dealer}</div>")
    if state.autoplay:
        lines.append('<div style="color:#ffe9a8"><b>Auto Play</b></div>')
    return "".join(lines)


def summary_html(state: TableState, font_px: float, four_colour: bool, one_line_px: Callable[[str, float], int]) -> str:
    """The summary over the table at a hand's or the game's end; ``one_line_px`` shrinks the
    game's title until it fits on one line."""
    result = state.result
    names = state.names
    parts = []
    big = f"font-size:{round(font_px * 1.7)}px;"
    if state.stage is Stage.GAME_OVER and state.winner is not None:
        us, them = state.scores
        head = game_headline(state.winner, state.slam)
        px = one_line_px(head, font_px * 1.7)
        parts.append(f'<div align="center" style="font-size:{px}px; color:#ffe9a8;"><b>{head}</b></div>')
        parts.append(f'<div align="center" style="{big}">{us} – {them}</div>')
        if state.slam:
            parts.append('<div align="center">A slam counts as two games.</div>')
    if result is not None:
        headline = OUTCOME_HEADLINES[result.outcome]
        if result.maker is not None and result.outcome.scored:
            trump = state.hand.trump
            who = html.escape(names[result.maker])
            symbol = suit_html(trump, four_colour=four_colour)
            made = f"{who} made {symbol} {SUIT_NAMES[trump] if trump is not None else ''}"
            if result.alone:
                made += " and went <b>alone</b>"
            if result.lone_defender is not None:
                made += f"; {html.escape(names[result.lone_defender])} defended alone"
            team = "We" if result.scoring_team == 0 else "They"
            pts = max(result.points)
            if state.stage is not Stage.GAME_OVER:
                parts.append(f'<div align="center" style="{big} color:#ffe9a8;"><b>{headline}</b></div>')
            else:
                parts.append(f'<div align="center"><b>Last hand: {headline}</b></div>')
            parts.append(f'<div align="center">{made}.</div>')
            parts.append(
                f'<div align="center">Tricks: us {result.tricks[0]} · them {result.tricks[1]}. '
                f"<b>{team} score {pts}.</b></div>"
            )
        else:
            parts.append(f'<div align="center" style="{big} color:#ffe9a8;"><b>{headline}</b></div>')
            parts.append(f'<div align="center">{html.escape(hand_result(result))}</div>')
        hand = state.hand
        if hand.up_card_taken and hand.discarded is not None:
            # another dealer's discard at a network table is theirs alone (the card here a stand-in)
            hidden = hand.discarded in state.unknown
            gone = "a card, face down" if hidden else f"{card_html(hand.discarded, four_colour)} (shown faded)"
            parts.append(
                f'<div align="center">{html.escape(names[hand.dealer])} picked up '
                f"{card_html(hand.up_card, four_colour)} and discarded {gone}</div>"
            )
        if state.stage is not Stage.GAME_OVER:
            us, them = state.scores
            parts.append(f'<div align="center">Score: us {us} · them {them}</div>')
            parts.append('<div align="center" style="color:#cfe8d5">Everyone\'s hand is shown face up.</div>')
    return "".join(parts)
