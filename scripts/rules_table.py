"""The README's table of rule options, made from the engine's list of them.

``python scripts/rules_table.py`` prints it; ``--write`` puts it into README.md between
its two marker lines. ``tests/engine/test_docs.py`` checks the README holds today's table.
"""

from __future__ import annotations

import sys
from pathlib import Path

from euchre_qt.engine.rules import RULE_OPTIONS

README = Path(__file__).resolve().parent.parent / "README.md"
BEGIN = "<!-- rules table: made by scripts/rules_table.py -->"
END = "<!-- end of rules table -->"


def table() -> str:
    rows = ["| option | what it does | default |", "|---|---|---|"]
    for option in RULE_OPTIONS:
        what = option.help
        if option.kind == "int":
            what += f" ({option.allowed()})"
        rows.append(f"| {option.label} | {what} | {option.default_words} |")
    return "\n".join(rows)


def with_table(readme: str) -> str:
    """``readme`` with today's table between the markers (ValueError without them)."""
    head, begin, rest = readme.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise ValueError(f"README.md needs the lines {BEGIN} and {END}")
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    if argv == ["--write"]:
        README.write_text(with_table(README.read_text(encoding="utf-8")), encoding="utf-8")
        return 0
    print(table())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
