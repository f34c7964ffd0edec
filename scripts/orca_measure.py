"""Figures from a transcript of ``scripts/orca_transcript.sh`` (read on stdin): how often the
table's description was spoken per hand and whether it was asked for, the moves, trick
winners, results, hints, review items and statistics heard, each dialog opened with its
name, and anything said twice in a row.

Usage: scripts/orca_transcript.sh ... | python3 scripts/orca_measure.py
"""

from __future__ import annotations

import itertools
import re
import sys

KEY = re.compile(r"^\s+= key (.+)$")
SAID = re.compile(r"^\s*[0-9.]+\s+(.*)$")
DESCRIPTION = re.compile(r"^Score: us \d+, them \d+\. (Up-card|Trump is)")
DIALOG_KEYS = {"ctrl+comma": "Options", "ctrl+r": "Hands of This Game", "ctrl+t": "Statistics"}
FACT_KEYS = {"w", "g"}


def main() -> int:
    said: list[tuple[str, str]] = []  # (the last key pressed before it, what Orca said)
    last_key = ""
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        if line.startswith("#"):
            continue
        pressed = KEY.match(line)
        if pressed:
            last_key = pressed.group(1)
            said.append(("key", last_key))
            continue
        text = SAID.match(line)
        if text and text.group(1) != "[stop]":
            said.append((last_key, text.group(1)))
    utterances = [text for kind, text in said if kind != "key"]

    def section(opening: str) -> list[str]:
        """What was said from the key ``opening`` to the next Escape (a dialog's words)."""
        out: list[str] = []
        inside = False
        for kind, text in said:
            if kind == "key":
                inside = text == opening or (inside and text != "Escape")
            elif inside:
                out.append(text)
        return out

    first_dialog = next((i for i, (k, t) in enumerate(said) if k == "key" and t in DIALOG_KEYS), len(said))
    table = [text for kind, text in said[:first_dialog] if kind != "key"]
    hands = sum(1 for text in table if re.search(r"Score: us \d+, them \d+\. .* held ", text))
    unasked = [text for key, text in said if key not in FACT_KEYS and DESCRIPTION.match(text)]
    moves = [re.sub(r"Your turn: [^.]*\.", "", t) for t in table]  # (not "..., or pass.")
    bids = sum(len(re.findall(r"\b(?:pass(?:es)?|calls? \w+|orders? up \w+|picks? it up)[,.]", t)) for t in moves)
    cards = sum(len(re.findall(r"\b(?:You play|\w+ plays) the ", t)) for t in table)
    bowers = sum(len(re.findall(r"plays? the (?:left|right) bower \(Jack of \w+\)", t)) for t in table)
    winners = sum(len(re.findall(r"\bwins? the trick\.", t)) for t in table)
    results = [t for t in table if re.search(r"\b(made \d tricks|were euchred|took all 5 tricks)", t)]
    hints = [t for t in table if t.startswith("Hint: ")]
    review = section("ctrl+r")
    hand_lines = [t for t in review if re.match(r"(Trick \d|Dealer |Bidding:|\w+ \((South|West|North|East)\):)", t)]
    decisions = [t for t in review if re.match(r"Decision \d+ of \d+\.? ", t + " ")]
    summary = [t for t in review if t.startswith(("This hand:", "The game so far"))]
    statistics = [t for t in section("ctrl+t") if ": " in t]
    print(f"hands ended (with the hands shown face up said): {hands}")
    print(f"table description spoken unasked: {len(unasked)} ({'; '.join(u[:50] for u in unasked)})")
    print(f"bids said: {bids}; cards played said: {cards}, bowers played named as bowers: {bowers}")
    print(f"trick winners: {winners}; results: {len(results)}; hints: {len(hints)}")
    print(f"review: {len(hand_lines)} hand lines, {len(decisions)} decisions, {len(summary)} summary lines")
    print(f"statistics heard: {len(statistics)}")
    for key, name in DIALOG_KEYS.items():
        opened = [i for i, (kind, text) in enumerate(said) if kind == "key" and text == key]
        for i in opened:
            after = [text for kind, text in said[i + 1 : i + 6] if kind != "key"]
            named = any(f"{name}" in text and "dialog" in text for text in after)
            print(f"{name} opened: {'named' if named else 'NOT named'} ({after[:2]})")
    twice = [(a, b) for a, b in itertools.pairwise(utterances) if a == b and len(a) > 12]
    print(f"said twice in a row: {len(twice)} {twice[:3]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
