"""``Pace`` owns what the table is at (its stage, the deal on show, the trick lying on the
table): nothing outside ``app/play/pace.py`` assigns it. The others tell the pace what
happened (``pace.trick_taken(trick)``, ``pace.human_to_move()``) and read the rest."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[3] / "euchre_qt"
PACE = PACKAGE / "app" / "play" / "pace.py"


def _names_the_pace(node: ast.expr) -> bool:
    """``pace``, ``self.pace``, ``controller.pace``, ...: the pace by any path."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else None
    return name == "pace"


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        found = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, ast.Tuple | ast.List):
            found.extend(target.elts)
        else:
            flat.append(target)
    return flat


def writes_to_the_pace(source: str, name: str) -> list[str]:
    """Each place ``source`` assigns an attribute of the pace, as ``name:line pace.field``."""
    return [
        f"{name}:{node.lineno} pace.{target.attr}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.stmt)  # (only assignments have targets)
        for target in _targets(node)
        if isinstance(target, ast.Attribute) and _names_the_pace(target.value)
    ]


def test_nothing_outside_the_pace_assigns_its_state() -> None:
    found = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != PACE
        for hit in writes_to_the_pace(path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE)))
    ]
    assert found == []


def test_the_check_sees_each_way_of_writing_to_the_pace() -> None:
    """(The check above cannot pass by looking at nothing.)"""
    source = "def f(c):\n    c.pace.stage, x = 1, 2\n    pace.pending_trick = None\n    self.pace.token += 1\n"
    hits = [hit.split(" ", 1)[1] for hit in writes_to_the_pace(source, "probe.py")]
    assert sorted(hits) == ["pace.pending_trick", "pace.stage", "pace.token"]
