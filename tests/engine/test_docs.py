"""The examples in docs/engine.md run, in order, in one namespace, and their asserts hold."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"


def test_engine_doc_examples_run() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```", DOC.read_text(encoding="utf-8"), flags=re.S | re.M)
    assert len(blocks) >= 10
    namespace: dict[str, object] = {"__name__": "engine_doc"}
    for number, block in enumerate(blocks, 1):
        code = compile(block, f"{DOC.name} block {number}", "exec")
        exec(code, namespace)
