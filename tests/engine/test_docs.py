"""The examples in docs/engine.md run, in order, in one namespace, and their asserts hold."""

from __future__ import annotations

import re
import runpy
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_engine_doc_examples_run() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), flags=re.S | re.M)
    assert len(blocks) >= 10
    namespace: dict[str, object] = {"__name__": "engine_doc"}
    for number, block in enumerate(blocks, 1):
        code = compile(block, f"{DOC.name} block {number}", "exec")
        exec(code, namespace)


def test_the_readme_rules_table_is_the_one_the_rule_options_make() -> None:
    script = runpy.run_path(str(DOC.parents[1] / "scripts" / "rules_table.py"))
    readme = (DOC.parents[1] / "README.md").read_text(encoding="utf-8")
    assert script["with_table"](readme) == readme, "run: python scripts/rules_table.py --write"
    assert "| Points to win |" in readme
