"""The benchmarks and scripts name what they use of the package by import; a rename or a move
in the package must not leave one of them broken until someone runs it (net_load.py was,
after ``read_saved_game`` moved to ``net.table_file``)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted([*ROOT.glob("benchmarks/*.py"), *ROOT.glob("scripts/*.py")])


def _has(module: str, name: str) -> bool:
    """``module`` has ``name``, an attribute or a submodule."""
    if hasattr(importlib.import_module(module), name):
        return True
    try:
        importlib.import_module(f"{module}.{name}")
    except ModuleNotFoundError:
        return False
    return True


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_name_a_script_imports_from_the_package_is_there(path: Path) -> None:
    missing = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("euchre_qt"):
            module = importlib.import_module(node.module or "")  # (a module gone fails here)
            missing += [f"{node.module}.{a.name}" for a in node.names if not _has(module.__name__, a.name)]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("euchre_qt"):
                    importlib.import_module(alias.name)
    assert not missing, f"{path.name} imports what the package no longer has: {missing}"
