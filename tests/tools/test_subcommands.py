"""``euchre-qt TOOL``: every row of the subcommand table names a module with ``main``, and
the arena runs through it as through ``python -m``."""

from __future__ import annotations

import importlib

import pytest

from euchre_qt.__main__ import main
from euchre_qt.cli import SUBCOMMANDS


@pytest.mark.parametrize("command", SUBCOMMANDS, ids=lambda c: c.name)
def test_every_tool_has_a_main(command) -> None:
    assert callable(importlib.import_module(command.module).main)


def test_euchre_qt_arena_plays_a_short_match(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--a", "novice", "--b", "random", "--hands", "4", "--jobs", "1", "--no-progress"])
    assert code == 0
    assert "novice (A) vs random (B)" in capsys.readouterr().out
