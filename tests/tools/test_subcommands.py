"""``euchre-qt TOOL``: every row of the subcommand table names a module with ``main``, and
the arena runs through it as through ``python -m``."""

from __future__ import annotations

import importlib
import inspect

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


def test_no_arguments_start_the_game_as_an_empty_command_line_would(monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_qt import __main__
    from euchre_qt.app.window import launch

    defaults = {name: p.default for name, p in inspect.signature(launch.run).parameters.items()}
    started: list[dict[str, object]] = []
    monkeypatch.setattr(launch, "run", lambda **options: started.append(options) or 0)
    assert main([]) == 0 and started == [{}]  # the window's own defaults, without the parser
    parsed = __main__._args([])
    assert {name: getattr(parsed, name) for name in ("file", "new", "seed", "demo_state", "size")} == {
        name: defaults[name] for name in ("file", "new", "seed", "demo_state", "size")
    }
    assert not parsed.version and not parsed.smoke_test


def test_help_lists_the_tools(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert all(command.name in out for command in SUBCOMMANDS)
