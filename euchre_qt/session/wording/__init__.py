"""The one place that words the game for people: cards, moves, results, refusals, events,
the table read aloud and the computer players' reasons, each subject in a module of its own.

Everything a player reads or hears about a move comes from here (the table's bid badges,
the hint, the review, the game log, screen-reader announcements), so a move is said the
same way everywhere. Functions take names as a tuple indexed by seat (``names[Seat.WEST]``)
and, where it matters, ``you``: the seat of the person the words are for, who is spoken to
("You pass", "We made 3 tricks").
"""

from __future__ import annotations

from .cards import (
    RANK_NAMES,
    SEAT_NAMES,
    SUIT_NAMES,
    TEAM_NAMES,
    bower_name,
    card_name,
    hand_card,
    listed,
    plural,
    sits_out,
    suit_name,
)
from .event_sentences import event_sentence, sentence
from .moves import bid_label, choosing_help, describe_action, describe_choice, move_sentence, prompt, taken_back
from .reasons import hand_strength, hint_text, reason_text, stood_in_for
from .refusals import ANSWER_THE_NOTE, TURN_NOT_YOURS, WAIT_FOR_TURN, refusal
from .results import OUTCOME_HEADLINES, alone_sentence, game_headline, game_result, hand_result, team_result
from .table_facts import (
    bids_fact,
    hands_fact,
    last_trick_fact,
    move_made,
    score_fact,
    sides,
    table_summary,
    trick_fact,
    tricks_so_far,
    turn_fact,
    your_turn,
)

__all__ = [
    "ANSWER_THE_NOTE",
    "OUTCOME_HEADLINES",
    "RANK_NAMES",
    "SEAT_NAMES",
    "SUIT_NAMES",
    "TEAM_NAMES",
    "TURN_NOT_YOURS",
    "WAIT_FOR_TURN",
    "alone_sentence",
    "bid_label",
    "bids_fact",
    "bower_name",
    "card_name",
    "choosing_help",
    "describe_action",
    "describe_choice",
    "event_sentence",
    "game_headline",
    "game_result",
    "hand_card",
    "hand_result",
    "hand_strength",
    "hands_fact",
    "hint_text",
    "last_trick_fact",
    "listed",
    "move_made",
    "move_sentence",
    "plural",
    "prompt",
    "reason_text",
    "refusal",
    "score_fact",
    "sentence",
    "sides",
    "sits_out",
    "stood_in_for",
    "suit_name",
    "table_summary",
    "taken_back",
    "team_result",
    "trick_fact",
    "tricks_so_far",
    "turn_fact",
    "your_turn",
]
