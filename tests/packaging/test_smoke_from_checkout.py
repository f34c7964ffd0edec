"""``euchre-qt --smoke-test`` run from a source checkout passes: it used to fail there, because the
icon is beside the package in a checkout and inside it only in a wheel or a bundle."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_smoke_test_passes_from_a_source_checkout() -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "euchre_qt", "--smoke-test"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert "smoke: run from a source checkout" in done.stdout
    assert done.returncode == 0 and "smoke: passed" in done.stdout, done.stdout[-3000:] + done.stderr[-2000:]
