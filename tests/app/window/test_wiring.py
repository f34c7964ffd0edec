"""How the window's parts are wired (issue 38): each is handed what the parts share, one
``WindowContext``, and by keyword the other parts it uses, never a long positional list;
the window hands them no lambdas (what a part asks of one made after it goes by a signal)."""

from __future__ import annotations

import ast
import inspect

import pytest

from euchre_qt.app.window import main_window
from euchre_qt.app.window.dialogs import Dialogs
from euchre_qt.app.window.game_actions import GameActions
from euchre_qt.app.window.game_keeping import GameKeeping
from euchre_qt.app.window.network_play import NetworkPlay
from euchre_qt.app.window.recorded_games import RecordedGames
from euchre_qt.app.window.settings_applied import SettingsApplied
from euchre_qt.app.window.table_input import TableInput

PARTS = (SettingsApplied, RecordedGames, Dialogs, GameKeeping, TableInput, GameActions, NetworkPlay)


@pytest.mark.parametrize("part", PARTS, ids=lambda part: part.__name__)
def test_a_part_takes_the_window_context_and_the_rest_by_keyword(part: type[object]) -> None:
    context, *rest = list(inspect.signature(part.__init__).parameters.values())[1:]
    assert (context.name, context.annotation) == ("context", "WindowContext")
    positional = [p.name for p in rest if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    assert positional == [], f"{part.__name__} takes {positional} by position"


def test_the_window_hands_its_parts_no_lambdas() -> None:
    tree = ast.parse(inspect.getsource(main_window))
    lambdas = [node.lineno for node in ast.walk(tree) if isinstance(node, ast.Lambda)]
    assert lambdas == [], f"lambdas in main_window.py at lines {lambdas}"
