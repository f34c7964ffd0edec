"""A message to the whole table is encoded once and numbered for each connection: the text
each client gets is the one encoding the message with its number would give."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_qt.net import protocol

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
messages = st.builds(
    lambda kind, fields: {"type": kind, **fields},
    st.sampled_from(["event", "table", "chat", "reveal", "turn"]),
    st.dictionaries(st.text(max_size=8).filter(lambda key: key not in ("type", "n")), values, max_size=5),
)


@settings(max_examples=500, deadline=None)
@given(messages, st.integers(min_value=1, max_value=10**9))
def test_a_numbered_message_reads_as_the_message_with_its_number(message: dict[str, Any], n: int) -> None:
    assert protocol.numbered(protocol.encode(message), n) == protocol.encode({**message, "n": n})


def test_a_chat_line_in_any_script_keeps_its_words() -> None:
    message = {"type": "chat", "seat": "N", "name": "Zoë", "text": "nice loner, 9♥ → JH"}
    assert protocol.numbered(protocol.encode(message), 7) == protocol.encode({**message, "n": 7})
