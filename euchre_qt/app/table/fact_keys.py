"""The keys that speak a fact of the game aloud (for screen-reader users; harmless to others).

Plain letters that no bidding key uses (P O A C D H S T), so they work in every phase.
"""

FACT_KEYS: dict[str, tuple[str, str]] = {
    "G": ("score", "say the score, trump and the tricks of this hand"),
    "B": ("bids", "say the bids of this hand so far"),
    "N": ("trick", "say the cards on the table now"),
    "L": ("last_trick", "say the last trick and who won it"),
    "W": ("turn", "say who deals, whose turn it is, the teams and who sits out a lone hand"),
    "R": ("repeat", "say again the last thing that happened"),
}
