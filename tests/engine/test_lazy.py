"""The engine's public face: what type checkers see (the ``TYPE_CHECKING`` imports) is what
runs (``lazy.exports``), and reading the rule options loads no engine; the players' names
load no player."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGES = ("euchre_qt.engine",)


def checked_names(package: str) -> set[str]:
    """The names the package's ``if TYPE_CHECKING:`` block imports."""
    source = Path(importlib.import_module(package).__file__ or "").read_text(encoding="utf-8")
    block = next(node for node in ast.parse(source).body if isinstance(node, ast.If))
    imports = [node for node in block.body if isinstance(node, ast.ImportFrom)]
    return {alias.asname or alias.name for node in imports for alias in node.names}


@pytest.mark.parametrize("package", PACKAGES)
def test_the_typed_names_are_the_names_that_load(package: str) -> None:
    module = importlib.import_module(package)
    assert set(module.__all__) == checked_names(package)
    for name in module.__all__:
        assert getattr(module, name) is not None
    assert set(module.__all__) <= set(dir(module))
    with pytest.raises(AttributeError, match="no attribute 'Nonesuch'"):
        module.Nonesuch  # noqa: B018


def _loaded_after(statement: str) -> list[str]:
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(m for m in sys.modules if 'euchre_qt' in m)))\n"
    return list(
        json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
    )


def test_the_rule_options_load_without_the_engine() -> None:
    loaded = _loaded_after("from euchre_qt.engine.rules import RULE_OPTIONS")
    assert loaded == ["euchre_qt", "euchre_qt.engine", "euchre_qt.engine.lazy", "euchre_qt.engine.rules"]


def test_the_player_names_load_no_player() -> None:
    loaded = _loaded_after("from euchre_qt.engine.ai.registry import COMPUTER_PLAYERS")
    assert "euchre_qt.engine.ai.registry" in loaded
    assert not {"euchre_qt.engine.ai.novice", "euchre_qt.engine.ai.advanced", "euchre_qt.engine.ai.core"} & set(loaded)
