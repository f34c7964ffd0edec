"""benchmarks/README.md says how to run every benchmark, and names none that is gone (it
once described lead_fusion.py by its old name and options after a rename)."""

from __future__ import annotations

import re
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def test_every_benchmark_is_in_the_readme_and_every_heading_is_a_benchmark() -> None:
    readme = (BENCHMARKS / "README.md").read_text(encoding="utf-8")
    scripts = {path.name for path in BENCHMARKS.glob("*.py")}
    run = set(re.findall(r"python benchmarks/(\w+\.py)", readme))
    headings = set(re.findall(r"^## (\w+\.py)$", readme, flags=re.M))
    assert scripts - run == set(), "a benchmark the README does not say how to run"
    assert (run | headings) - scripts == set(), "the README names a benchmark that is not there"
