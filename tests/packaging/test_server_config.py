"""The operator's files in ``packaging/server`` (a systemd unit, a Caddy site block) are valid
to the tools that read them, where those tools are installed (Debian's systemd and caddy)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "packaging" / "server"
UNIT = SERVER / "euchre-qt-serve.service"
CADDYFILE = SERVER / "Caddyfile"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_the_systemd_unit_verifies(tmp_path: Path) -> None:
    # The unit runs the .deb's /usr/bin/euchre-qt; here the program is this Python's (verify
    # checks that the command exists), every other line as written.
    text = UNIT.read_text()
    assert "ExecStart=/usr/bin/euchre-qt serve " in text
    unit = tmp_path / UNIT.name
    unit.write_text(text.replace("ExecStart=/usr/bin/euchre-qt ", f"ExecStart={sys.executable} -m euchre_qt "))
    done = subprocess.run(
        ["systemd-analyze", "verify", "--man=no", str(unit)], capture_output=True, text=True, timeout=60
    )
    said = [line for line in (done.stdout + done.stderr).splitlines() if UNIT.name in line]
    assert done.returncode == 0 and not said, done.stdout + done.stderr


def test_the_units_server_options_are_the_servers() -> None:
    """Every option the unit gives ``euchre-qt serve`` is one it takes."""
    from euchre_qt.net.serve import parse_args

    command = UNIT.read_text().split("ExecStart=/usr/bin/euchre-qt serve ", 1)[1].split("\n#", 1)[0]
    words = command.replace("\\\n", " ").replace("${STATE_DIRECTORY}", "/var/lib/euchre-qt").split()
    args = parse_args(words)
    assert args.host == "127.0.0.1" and [str(p) for p in args.trusted_proxy] == ["127.0.0.1/32"] and args.log_json
    assert args.metrics_port is not None and args.metrics_host == "127.0.0.1"


@pytest.mark.skipif(shutil.which("caddy") is None, reason="caddy is not installed")
def test_the_caddy_site_block_validates(tmp_path: Path) -> None:
    home = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "cfg")}
    done = subprocess.run(
        ["caddy", "validate", "--config", str(CADDYFILE), "--adapter", "caddyfile"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, **home},
    )
    assert done.returncode == 0 and "Valid configuration" in done.stdout + done.stderr, done.stderr[-2000:]
    formatted = subprocess.run(["caddy", "fmt", str(CADDYFILE)], capture_output=True, text=True, timeout=60)
    assert formatted.stdout == CADDYFILE.read_text()  # as `caddy fmt` writes it
