"""The compiled core's constants are Python's: ``_search_c/constants.h`` is made from them
by ``scripts/c_constants.py``, and a constant changed in Python without remaking the
header fails here (the C would search, draw or weigh by the old one)."""

from __future__ import annotations

import runpy
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "c_constants.py"


def test_the_committed_header_holds_todays_python_constants() -> None:
    script = runpy.run_path(str(SCRIPT))
    committed = script["HEADER"].read_text(encoding="utf-8")
    assert committed == script["header"](), "run: python scripts/c_constants.py --write"


def test_the_header_names_each_constant_the_c_files_use_with_pythons_value() -> None:
    script = runpy.run_path(str(SCRIPT))
    defined = {name: value for name, value, _ in script["constants"]()}
    assert defined["MADE"] == 3 and defined["MARCH"] == 5 and defined["EUCHRED"] == 2
    assert defined["CARDS"] == 25 and defined["PER_SUIT"] == 8  # trump: six ranks, the left bower, the joker
    assert (defined["LEAD_NOTHING"], defined["LEAD_AGAINST"], defined["LEAD_OR_NO_SIDE_CARD"]) == (0, 1, 2)
    assert "#define MADE 3 " in script["header"]()


def test_no_c_file_defines_a_constant_of_its_own_that_python_declares() -> None:
    script = runpy.run_path(str(SCRIPT))
    names = {name for name, _, _ in script["constants"]()}
    folder = script["HEADER"].parent
    for path in [*folder.glob("*.c"), *folder.glob("*.h")]:
        if path == script["HEADER"]:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            words = line.split()
            assert not (words[:1] == ["#define"] and words[1] in names), f"{path.name}: {line}"
