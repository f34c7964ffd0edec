"""``euchre-qt TOOL``: every row of the subcommand table names a module with ``main``, and
the arena runs through it as through ``python -m``."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

from euchre_qt.__main__ import main
from euchre_qt.cli import SUBCOMMANDS, Subcommand


@pytest.mark.parametrize("command", SUBCOMMANDS, ids=lambda c: c.name)
def test_every_tool_has_a_main(command: Subcommand) -> None:
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

    def start(**options: object) -> int:
        started.append(options)
        return 0

    monkeypatch.setattr(launch, "run", start)
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


def test_a_mistyped_tool_says_so_and_opens_no_window(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from euchre_qt.app.window import launch

    started: list[dict[str, object]] = []

    def start(**options: object) -> int:
        started.append(options)
        return 0

    monkeypatch.setattr(launch, "run", start)
    monkeypatch.chdir(tmp_path)
    assert main(["srve"]) == 2 and started == []
    said = capsys.readouterr().err
    assert "no tool or game file called 'srve'" in said and "euchre-qt serve?" in said
    assert main(["x" * 300]) == 2 and started == []  # a name past the system's limit: no file, no traceback
    capsys.readouterr()
    (tmp_path / "my-game").write_text("{}")  # a file that is there opens, whatever its name
    assert main(["my-game"]) == 0 and main(["lost.egn"]) == 0  # (the window says what is wrong with it)
    assert [s["file"] for s in started] == ["my-game", "lost.egn"]


def test_ctrl_c_stops_a_tool_with_a_word_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from euchre_qt.tools import arena

    def interrupted(argv: list[str]) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "main", interrupted)
    assert main(["arena", "--hands", "4"]) == 130
    assert capsys.readouterr().err == "euchre-qt arena: stopped.\n"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["arena", "--hands", "99999999999999999999"], "--hands must be from 1 to"),
        (["arena", "--jobs", "0"], "--jobs must be from 1 to"),
        (["analyse", "game.egn", "--deals", "99999999999999999999"], "from 1 to 1,000,000 deals"),
        (["drills", "--verify", "--seed", "1", "--limit", "-3"], "--limit must be at least 1"),
        (["drills", "--deals", "1000000000"], "--deals must be from 2 to"),
    ],
)
def test_a_number_out_of_reason_is_refused_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and said in err and "Traceback" not in err, err
