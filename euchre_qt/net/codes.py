"""The table server's secrets: join codes (who may look at a table and take a free seat) and
seat keys (who may come back to a seat). Both are random (``secrets``); the server keeps only
their SHA-256 digests, and compares digests in constant time, so neither a save file nor the
time an answer takes gives one away."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from .protocol import JOIN_CODE_ALPHABET

SEAT_KEY_BYTES = 16  # 128 bits: ``secrets.token_urlsafe`` writes them as 22 characters


def new_join_code(prefix: str = "") -> str:
    """A fresh join code, ``ABCD-2345``: 40 random bits from ``secrets``; with ``prefix`` (one of
    the alphabet's letters), 35 after it: the letter tells a load balancer which server holds the table."""
    letters = prefix[:1] + "".join(secrets.choice(JOIN_CODE_ALPHABET) for _ in range(8 - len(prefix[:1])))
    return f"{letters[:4]}-{letters[4:]}"


def code_digest(code: str) -> bytes:
    """What the server keeps of a join code: tables are found by this digest."""
    return hashlib.sha256(f"euchre-qt join code:{code}".encode()).digest()


def new_seat_key() -> str:
    """A fresh seat key, given only to the client that sat down."""
    return secrets.token_urlsafe(SEAT_KEY_BYTES)


def seat_key_digest(key: str) -> bytes:
    """What the server keeps of a seat key."""
    return hashlib.sha256(f"euchre-qt seat key:{key}".encode()).digest()


def key_opens(digest: bytes | None, key: str | None) -> bool:
    """Whether ``key`` is the seat key kept as ``digest`` (compared in constant time)."""
    if digest is None or key is None:
        return False
    return hmac.compare_digest(digest, seat_key_digest(key))


__all__ = ["code_digest", "key_opens", "new_join_code", "new_seat_key", "seat_key_digest"]
