"""The published EGN schema, and where a file breaks it: in the validator's terms for the
log and the tests (``validation_errors``), in a person's words for the message they read
(``in_words``: which part of the game is wrong, and what the file has in its place).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import jsonschema
import jsonschema.exceptions

SCHEMA_FILE = "egn-schema-v1.json"


@cache
def schema() -> dict[str, Any]:
    text = resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator() -> jsonschema.Draft7Validator:
    # The schema's "$ref"s point into its own definitions and never round on themselves:
    # spelt out in place once, validation runs several times faster than resolving each.
    published = schema()
    definitions = published.get("definitions", {})

    def inline(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            if isinstance(ref, str) and ref.startswith("#/definitions/"):
                rest = {k: inline(v) for k, v in node.items() if k != "$ref"}
                return {**inline(definitions[ref.removeprefix("#/definitions/")]), **rest}
            return {k: inline(v) for k, v in node.items() if k != "definitions"}
        if isinstance(node, list):
            return [inline(item) for item in node]
        return node

    return jsonschema.Draft7Validator(inline(published))


def schema_errors(data: Any) -> list[jsonschema.exceptions.ValidationError]:
    """Where ``data`` breaks the published schema, the most telling first (empty: it is valid EGN)."""
    errors = list(_validator().iter_errors(data))
    best = jsonschema.exceptions.best_match(errors)
    return [] if best is None else [best] + [e for e in errors if e is not best]


def validation_errors(data: Any) -> list[str]:
    """Where ``data`` breaks the published schema, the most telling first (empty: it is valid EGN),
    in the validator's terms: for the log and for tests, never for a player (``in_words`` is)."""
    return [schema_message(e) for e in schema_errors(data)]


def schema_message(error: jsonschema.exceptions.ValidationError) -> str:
    where = " > ".join(str(p) for p in error.absolute_path) or "the top level"
    message = error.message if len(error.message) <= 160 else error.message[:157] + "..."
    return f"{where}: {message}"


# --- a schema error in a player's words ---------------------------------------------
#
# The validator speaks of JSON paths, patterns and types; a player is told which part of
# the game is wrong (the deal, the trick, the bidding) and, for a card or a call, what the
# file has in its place. EGN's own name of a part is given in brackets where there are no
# plainer words for it.

# Parts of an EGN file in words (a plural takes "are"): those that name where the fault is
_PARTS: dict[str, tuple[str, bool]] = {
    "fileType": ("the line saying what the file is", False),
    "version": ("the version of EGN", False),
    "metadata": ("the description of the game", False),
    "players": ("the players' names", True),
    "initialScore": ("the starting score", False),
    "finalScore": ("the final score", False),
    "date": ("the date", False),
    "title": ("the title", False),
    "description": ("the description", False),
    "gameId": ("the game's name", False),
    "ruleset": ("the rules", True),
    "deals": ("the deals", True),
    "dealNumber": ("the deal's number", False),
    "initialState": ("the cards dealt", True),
    "dealer": ("the dealer", False),
    "upCard": ("the card turned up", False),
    "playerCards": ("the hands dealt", True),
    "phases": ("the bidding and play", False),
    "calls": ("the calls", True),
    "isAlone": ("whether someone went alone", False),
    "aloneDefender": ("the player defending alone", False),
    "discard": ("the dealer's discard", False),
    "cardExchanges": ("the cards passed", True),
    "tricks": ("the tricks", True),
    "alternativeLines": ("the alternative lines", True),
    "callAnnotations": ("the notes on the bidding", True),
    "playAnnotations": ("the notes on the play", True),
}
# Where a card sits, for "a card ... is 'Zz', which is not a card"
_CARD_PLACES = {
    "upCard": "the card turned up in {place}",
    "playerCards": "a card dealt in {place}",
    "discard": "the dealer's discard in {place}",
    "cardExchanges": "a card passed in {place}",
    "tricks": "a card played in {place}",
}


def _quoted(value: Any) -> str | None:
    """A short value from the file, as a person can read it (None if it is no short text or number)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        return None
    text = "".join(c if c.isprintable() else "?" for c in str(value))
    if len(text) > 24:
        text = text[:23] + "…"
    return f"'{text}'" if isinstance(value, str) else text


@dataclass(frozen=True)
class _Place:
    words: str  # "deal 2, trick 3", "deal 1's bidding", "the starting score", "the file"
    plural: bool
    last: str | None  # the last part of the file on the way there ("tricks", "dealer")
    in_deal: bool


def _place(path: Sequence[Any], data: Any) -> _Place:
    """Where in the game ``path`` (the validator's, into ``data``) leads."""
    deal: int | None = None
    trick: int | None = None
    phase = ""
    last: str | None = None
    node = data
    for step in path:
        if isinstance(step, str):
            last = step
        elif last == "deals" and deal is None:
            deal = step + 1
        elif last == "tricks" and trick is None:
            trick = step + 1
        elif last == "phases" and not phase:
            kind = node[step].get("type") if isinstance(node, list) and isinstance(node[step], dict) else None
            phase = {"EUCHRE_BIDDING": "bidding", "TRICK_PLAY": "play"}.get(str(kind), "bidding and play")
        try:
            node = node[step]
        except (LookupError, TypeError):
            node = None
    if deal is None:
        top = "ruleset" if "ruleset" in path else next((s for s in path if s != "metadata"), None)
        words, plural = _PARTS.get(str(top), ("the file", False))
        return _Place(words, plural, last, False)
    if "alternativeLines" in path:
        return _Place(f"deal {deal}'s alternative lines", True, last, True)
    if trick is not None:
        return _Place(f"deal {deal}, trick {trick}", False, last, True)
    return _Place(f"deal {deal}'s {phase}" if phase else f"deal {deal}", False, last, True)


@cache
def _schema_names() -> frozenset[str]:
    """Every part the schema names (a name from the file itself is not repeated to a player)."""
    names: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            names.update(k for k in node.get("properties", {}) if isinstance(node["properties"], dict))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(schema())
    return frozenset(names)


def _telling(error: jsonschema.exceptions.ValidationError) -> jsonschema.exceptions.ValidationError:
    """The error of the form the file meant: a phase that says it is the bidding is judged as
    a bidding, not as the trick play it is not (``best_match`` may pick either)."""
    parent = error.parent
    if error.validator != "const" or not error.path or error.path[-1] != "type" or parent is None:
        return error
    branch = error.relative_schema_path[0] if error.relative_schema_path else None
    others = [e for e in parent.context or () if e.relative_schema_path and e.relative_schema_path[0] != branch]
    if any(e.validator == "const" and e.path and e.path[-1] == "type" for e in others):
        return error  # the file's phase type is neither: say so
    best = jsonschema.exceptions.best_match(others)
    return error if best is None else best


def in_words(error: jsonschema.exceptions.ValidationError, data: Any) -> str:
    """What ``error`` means for a person: which part of the game is wrong, and how, without the
    validator's terms (no paths, patterns or type names)."""
    error = _telling(error)
    path = list(error.absolute_path)
    place = _place(path, data)
    kind = error.validator
    value = _quoted(error.instance)
    if kind == "pattern" and error.validator_value == schema()["definitions"]["card"]["pattern"] and value:
        where = next((k for k in reversed(path) if k in _CARD_PLACES), None)
        noun = _CARD_PLACES[where] if where else "a card in {place}"
        return f"{noun.format(place=place.words)} is {value}, which is not a card"
    if place.last == "calls" and kind == "enum" and value:
        return f"a call in {place.words} is {value}, which is not a call"
    if place.last == "version" and kind == "pattern" and value:
        return f"it is EGN version {value}, which euchre-qt does not read"
    if kind == "required" and isinstance(error.instance, dict):
        wanted = error.validator_value if isinstance(error.validator_value, list) else []
        missing = next((str(k) for k in wanted if k not in error.instance), "")
        if missing in _PARTS:
            return f"{place.words} {'do' if place.plural else 'does'} not give {_PARTS[missing][0]}"
        return f"{place.words} {'leave' if place.plural else 'leaves'} out a part every EGN game has ({missing})"
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {}) if isinstance(error.schema, Mapping) else {}
        extra = _quoted(next((k for k in error.instance if k not in known), "")) or "?"
        return f"{place.words} {'have' if place.plural else 'has'} a part EGN does not know ({extra})"
    # the part named, unless the place says it all (an item of the deals, the tricks, the phases)
    thing, plural, unnamed = place.words, place.plural, ""
    last = place.last
    if last is not None and (isinstance(path[-1], str) or last not in ("deals", "tricks", "phases")):
        if last in _PARTS and "alternativeLines" not in path:
            words, plural = _PARTS[last]
            thing = f"{words} in {place.words}" if place.in_deal else words
        elif last in _schema_names():
            unnamed = f" ({last})"
    verb = "are" if plural else "is"
    if kind == "maxItems" and plural and thing.startswith("the "):
        return f"there are more {thing.removeprefix('the ')} than EGN allows"
    if kind in ("maxItems", "maxLength"):
        return f"{thing} {verb} longer than EGN allows{unnamed}"
    return f"{thing} {verb} not written as EGN expects{unnamed}"
