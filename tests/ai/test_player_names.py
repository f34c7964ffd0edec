"""The players' names (the settings, the options and the server read them) load no player:
the window's process never loads the search for a name."""

from __future__ import annotations

import json
import subprocess
import sys


def test_the_player_names_load_no_player() -> None:
    code = (
        "import json, sys\n"
        "from euchre_qt.engine.ai.registry import COMPUTER_PLAYERS\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('euchre_qt'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = set(json.loads(out))
    assert "euchre_qt.engine.ai.registry" in loaded
    assert not {"euchre_qt.engine.ai.novice", "euchre_qt.engine.ai.advanced", "euchre_qt.engine.ai.core"} & loaded
