"""The engine's and the AI's public faces: what type checkers see (the ``TYPE_CHECKING``
imports) is what runs (``lazy.exports``), and reading the rule options loads no engine."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGES = ("euchre_qt.engine", "euchre_qt.engine.ai")


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


def test_the_rule_options_and_player_names_load_without_the_engine() -> None:
    code = (
        "import sys\n"
        "from euchre_qt.engine.rules import RULE_OPTIONS\n"
        "from euchre_qt.engine.ai.registry import COMPUTER_PLAYERS\n"
        "print(sorted(m for m in sys.modules if m.startswith('euchre_qt')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == str(
        sorted(
            [
                "euchre_qt",
                "euchre_qt.engine",
                "euchre_qt.engine.ai",
                "euchre_qt.engine.ai.registry",
                "euchre_qt.engine.lazy",
                "euchre_qt.engine.rules",
            ]
        )
    )
