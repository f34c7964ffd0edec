"""A statistics file no program could have written is kept aside with the usual plain
sentence, whatever is wrong with it: the statistics start again, once, and nothing escapes."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre_qt.app.stats.statistics import StatsStore
from tests.player_words import DEVELOPER_TEXT

DEEP = b"[" * 100_000 + b"]" * 100_000

DAMAGE = {
    "nested too deeply": DEEP,
    "a list of games nested too deeply": b'{"recent":' + DEEP + b"}",
    "a count of thousands of digits": b'{"games_won": ' + b"9" * 5000 + b"}",
    "not text": b"\xff\xfe\x00\x01",
}


@pytest.mark.parametrize("content", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_statistics_file_is_kept_aside_and_said_plainly(tmp_path: Path, content: bytes) -> None:
    (tmp_path / StatsStore.FILE_NAME).write_bytes(content)
    store = StatsStore(tmp_path)
    warning = store.take_warning()
    assert warning is not None and warning.startswith("The statistics file was damaged")
    assert not DEVELOPER_TEXT.search(warning)
    assert store.stats.games == 0
    (kept,) = tmp_path.glob("statistics-damaged-*.json")
    assert kept.read_bytes() == content
    assert not store.path.exists()
    # the next start finds no damage: the statistics started again once, not every time
    assert store.save()
    assert StatsStore(tmp_path).take_warning() is None
