"""The packages ("rooms") import each other one way only: no module imports itself through
others, every arrow between rooms is one that docs/architecture.md's table of rooms draws,
and each drawn arrow runs down to a lower floor.

Every import counts, also those inside functions and those only for type checking: each is
a dependency, whenever it is paid for.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "euchre_qt"
DOC = ROOT / "docs" / "architecture.md"
ENTRY = {"euchre_qt.__main__", "euchre_qt.cli", "euchre_qt.smoke"}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The modules of euchre_qt that ``name`` imports, anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imports(name, path, known)) for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts with more than one member (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(edges.get(node, ())):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            part = []
            while True:
                member = stack.pop()
                part.append(member)
                if member == node:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def room(module: str) -> str:
    if module in ENTRY:
        return "entry"
    parts = module.split(".")
    if parts[:3] == ["euchre_qt", "engine", "ai"]:
        return "engine.ai"
    return parts[1] if len(parts) > 1 else "euchre_qt"


ROW = re.compile(r"^\| (\d+) \| `([\w./]+)` \|.*\|([^|]*)\|$")


def drawn_rooms() -> dict[str, tuple[int, set[str]]]:
    """The doc's rooms: each row ``| floor | `room` | what it holds | `other`, `other` |``."""
    rooms: dict[str, tuple[int, set[str]]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if row := ROW.match(line.strip()):
            floor, name, allowed = row.groups()
            assert name not in rooms, f"docs/architecture.md draws {name} twice"
            rooms[name] = (int(floor), set(re.findall(r"`([\w./]+)`", allowed)))
    assert rooms, "docs/architecture.md needs its rooms in a table: | floor | `room` | what it holds | may import |"
    return rooms


def app_room(module: str) -> str | None:
    """The app's room of a module in ``euchre_qt/app/``: its folder (``app/window``)."""
    parts = module.split(".")
    return f"app/{parts[2]}" if parts[:2] == ["euchre_qt", "app"] and len(parts) > 2 else None


def running_up(rooms: dict[str, tuple[int, set[str]]]) -> set[tuple[str, str]]:
    """Drawn arrows to a room on the same floor or above, or to a room not on this plan."""
    return {(a, b) for a, (floor, allowed) in rooms.items() for b in allowed if b not in rooms or rooms[b][0] >= floor}


def test_no_module_imports_itself_through_others() -> None:
    assert cycles(graph()) == []


def test_every_arrow_between_rooms_is_drawn_and_runs_down() -> None:
    rooms = {name: drawn for name, drawn in drawn_rooms().items() if "/" not in name}
    assert not running_up(rooms), f"arrows docs/architecture.md draws up, or to no room: {sorted(running_up(rooms))}"
    real: dict[str, set[str]] = {}
    for module, targets in graph().items():
        for target in targets:
            if room(module) != room(target):
                real.setdefault(room(module), set()).add(room(target))
    undrawn = {(a, b) for a, bs in real.items() for b in bs if b not in rooms.get(a, (0, set()))[1]}
    assert not undrawn, f"arrows docs/architecture.md does not draw: {sorted(undrawn)}"
    assert {room(m) for m in modules()} <= set(rooms)


def test_every_arrow_between_the_apps_rooms_is_drawn_and_runs_down() -> None:
    rooms = {name: drawn for name, drawn in drawn_rooms().items() if name.startswith("app/")}
    assert not running_up(rooms), (
        f"arrows docs/architecture.md draws up in app, or to no room: {sorted(running_up(rooms))}"
    )
    undrawn = set()
    for module, targets in graph().items():
        here = app_room(module)
        for target in targets:
            there = app_room(target)
            if here and there and here != there and there not in rooms.get(here, (0, set()))[1]:
                undrawn.add((here, there, f"{module} imports {target}"))
    assert not undrawn, f"arrows between the app's rooms docs/architecture.md does not draw: {sorted(undrawn)}"
    assert {app_room(m) for m in modules()} - {None} <= set(rooms)


def test_an_arrow_up_is_found() -> None:
    rooms = {"app/window": (1, {"app/common"}), "app/common": (0, {"app/window"}), "app/table": (0, {"app/nowhere"})}
    assert running_up(rooms) == {("app/common", "app/window"), ("app/table", "app/nowhere")}


def test_a_cycle_is_found() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_the_apps_tests_live_in_the_rooms_they_test() -> None:
    """tests/app mirrors app/: each test file sits in a folder named for one of the app's rooms."""
    tests = ROOT / "tests" / "app"
    app_rooms = {path.parent.name for path in (PACKAGE / "app").glob("*/__init__.py")}
    misplaced = [
        str(path.relative_to(tests))
        for path in tests.rglob("test_*.py")
        if path.parent == tests or path.parent.name not in app_rooms
    ]
    assert not misplaced, f"tests/app files outside a folder named for an app room: {misplaced}"
