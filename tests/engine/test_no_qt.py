"""The engine, its computer players, the analysis, the notation, the table session, the
thinking in helper processes and the network table never import Qt: checked in a fresh
interpreter."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PACKAGES = (
    "euchre_qt.engine",
    "euchre_qt.engine.ai",
    "euchre_qt.analysis",
    "euchre_qt.notation",
    "euchre_qt.session",
    "euchre_qt.helper_process",
    "euchre_qt.net",
)

SCRIPT = """
import importlib, json, pkgutil, sys
imported = []
for name in sys.argv[1:]:
    package = importlib.import_module(name)
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
qt = sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6"))
print(json.dumps({"imported": imported, "qt": qt}))
"""


def test_engine_ai_and_analysis_import_no_qt() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *PACKAGES],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    imported = set(report["imported"])
    expected = {
        f"{package}.{path.stem}"
        for package in PACKAGES
        for path in (ROOT / package.replace(".", "/")).glob("*.py")
        if path.stem not in ("__init__", "__main__")
    }
    assert expected <= imported, expected - imported
    assert report["qt"] == []
