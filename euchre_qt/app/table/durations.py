"""Every duration of the table in one place, scaled by the speed setting.

Speed 0 is "instant": every animation and pause is 0 ms, so a game runs as fast as the
computer players decide. Nothing else in the program hard-codes a delay.
"""

from __future__ import annotations

# Base durations in milliseconds, at speed "Normal" (3).
BASE_MS: dict[str, int] = {
    "deal": 150,  # one card flying from the dealer to a hand
    "deal_stagger": 40,  # gap between two dealt cards
    "play": 240,  # a card from a hand to the trick
    "discard": 260,  # the dealer's discard going under the kitty
    "collect": 300,  # the finished trick sliding to its winner
    "trick_linger": 900,  # a finished trick stays in view before it is collected (automatic clearing)
    "computer_pause": 420,  # least time between a computer player's turn and its move
    "flip": 160,  # the up-card turning down / a hand being shown
    "hand_over_auto": 2400,  # end-of-hand summary in Auto Play before the next deal
    "passed_out": 1200,  # "everyone passed" before the next deal
    "hint": 0,  # a hint shows at once
    "celebrate": 2200,  # suits drifting down over the table when you win a game
}

# Multipliers by speed index (settings.SPEED_LABELS: Instant, Fast, Brisk, Normal, Relaxed).
SCALE = (0.0, 0.3, 0.6, 1.0, 1.6)

# Messages on the table are for reading, not animation: they do not scale.
TOAST_MS = 2600
HINT_MS = 30000  # a hint stays in view until the move is made (or this long)


def duration(name: str, speed: int) -> int:
    """Milliseconds for ``name`` at ``speed``; 0 at Instant."""
    speed = max(0, min(len(SCALE) - 1, speed))
    return round(BASE_MS[name] * SCALE[speed])
