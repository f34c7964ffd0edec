"""``euchre-qt serve`` given what it cannot use: a bad command line is argparse's one error line
(exit 2); a server that cannot start says in one plain sentence what is wrong, naming the
file, folder, address or port (exit 1); and no traceback or system text reaches the person
who ran it."""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from euchre_qt.net.serve import parse_args
from euchre_qt.net.server import TableServer
from euchre_qt.net.start_checks import is_trusted
from tests.player_words import DEVELOPER_TEXT

from .conftest import run

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--port", "70000"], "--port must be a number from 0 to 65535"),
        (["--port", "-1"], "--port must be a number from 0 to 65535"),
        (["--port", "99999999999999999999"], "--port must be a number from 0 to 65535"),
        (["--metrics-port", "-1"], "--metrics-port must be a number from 0 to 65535"),
        (["--metrics-port", "65536"], "--metrics-port must be a number from 0 to 65535"),
        (["--keyfile", "server.key"], "--keyfile needs --certfile"),
        (["--max-tables", "0"], "--max-tables must be at least 1"),
        (["--max-tables", "-5"], "--max-tables must be at least 1"),
        (["--tables-per-address", "0"], "--tables-per-address must be at least 1"),
        (["--workers", "-1"], "--workers must be at least 1"),
        (["--seat-wait", "nan"], "--seat-wait must be a number of seconds, 0 or more"),
        (["--seat-wait", "-1"], "--seat-wait must be a number of seconds, 0 or more"),
        (
            ["--trusted-proxy", "notanip"],
            "--trusted-proxy must be an IP address or network, such as 127.0.0.1 or 10.0.0.0/8: notanip is neither",
        ),
        (
            ["--trusted-proxy", "10.0.0.0/33"],
            "--trusted-proxy must be an IP address or network, such as 127.0.0.1 or 10.0.0.0/8: 10.0.0.0/33 is neither",
        ),
    ],
)
def test_a_bad_option_is_the_parsers_one_plain_error(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_args(argv)
    err = capsys.readouterr().err
    error_lines = [line for line in err.splitlines() if line.startswith("euchre-qt serve: error:")]
    assert stopped.value.code == 2 and error_lines == [f"euchre-qt serve: error: {said}"], err
    assert not DEVELOPER_TEXT.search(err), err


def test_the_edges_of_what_is_taken() -> None:
    """0 is any free port (the tests and the hosted server use it); a proxy's address is kept as the
    server sees a peer's."""
    args = parse_args(["--port", "0", "--metrics-port", "65535", "--max-tables", "1", "--seat-wait", "0"])
    assert (args.port, args.metrics_port, args.max_tables) == (0, 65535, 1)
    proxies = parse_args(["--trusted-proxy", "0:0:0:0:0:0:0:1", "--trusted-proxy", "10.1.2.3/8"]).trusted_proxy
    assert [str(p) for p in proxies] == ["::1/128", "10.0.0.0/8"]
    assert parse_args(["--certfile", "a.pem", "--keyfile", "a.key"]).keyfile == Path("a.key")


def serve(folder: Path, *argv: str) -> tuple[int, str]:
    """``euchre-qt serve`` run in ``folder`` (so the files it names are named as given): its exit
    status and standard error. A server that does start is stopped, and fails the test."""
    home = folder / "home"
    home.mkdir(exist_ok=True)
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home), XDG_CONFIG_HOME=str(home))
    env.update(XDG_CACHE_HOME=str(home), EUCHRE_QT_DATA_DIR=str(home / "data"))
    command = [sys.executable, "-m", "euchre_qt", "serve", "--workers", "1", *argv]
    process = subprocess.Popen(command, cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
    assert not out, f"the server started: {out!r}"
    return process.returncode, err


def said_to_a_person(code: int, err: str) -> str:
    """The one line that says why (the log's lines, if any, are not it), checked for plainness."""
    assert code == 1, err
    assert "Traceback" not in err and not DEVELOPER_TEXT.search(err), err
    lines = [line for line in err.splitlines() if line.startswith("euchre-qt serve:")]
    assert len(lines) == 1, err
    return lines[0].removeprefix("euchre-qt serve: ")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "garbage.pem").write_text("not a certificate\n")
    (tmp_path / "a file").write_text("")
    for name in ("localhost.crt", "localhost.key", "localhost-protected.key"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ["--certfile", "garbage.pem"],
            "The certificate file garbage.pem cannot be used: it is not a certificate and key in PEM form.",
        ),
        (["--certfile", "cert.pem"], "The certificate file cert.pem cannot be found."),
        (["--certfile", "localhost.crt", "--keyfile", "no.key"], "The key file no.key cannot be found."),
        (
            ["--certfile", "localhost.crt"],
            "The certificate file localhost.crt cannot be used: it holds no private key; give its key with --keyfile.",
        ),
        (
            ["--certfile", "localhost.crt", "--keyfile", "garbage.pem"],
            "The key file garbage.pem cannot be used: it is not a private key in PEM form.",
        ),
        (
            # (it asked for the passphrase on the terminal, and waited there)
            ["--certfile", "localhost.crt", "--keyfile", "localhost-protected.key"],
            "The key in localhost-protected.key is protected by a passphrase, which the server does not ask for: "
            "give it the key without one (openssl pkey -in localhost-protected.key -out key.pem).",
        ),
        (["--save-dir", "a file"], "The folder for saved tables, a file, cannot be used: it is a file."),
        (
            ["--save-dir", "a file/tables"],
            "The folder for saved tables, a file/tables, cannot be made: a file is a file.",
        ),
        (["--host", "badhost.invalid"], "The address badhost.invalid cannot be found."),
        (["--host", "a..b"], "The address a..b cannot be found."),
        (
            ["--metrics-port", "0", "--metrics-host", "badhost.invalid"],
            "The address badhost.invalid (given to --metrics-host) cannot be found.",
        ),
    ],
)
def test_a_server_that_cannot_start_says_what_in_plain_words(folder: Path, argv: list[str], said: str) -> None:
    base = ["--host", "127.0.0.1", "--port", "0", "--save-dir", "tables"]
    assert said_to_a_person(*serve(folder, *base, *argv)) == said


@pytest.mark.parametrize("option", ["--port", "--metrics-port"])
def test_a_port_in_use_is_named_with_the_option_that_chooses_another(folder: Path, option: str) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        argv = ["--host", "127.0.0.1", "--port", "0", "--metrics-host", "127.0.0.1", option, str(port)]
        said = said_to_a_person(*serve(folder, "--save-dir", "tables", *argv))
    assert said == (
        f"Port {port} is already in use on this computer: another server may be running; choose another with {option}."
    )


def test_a_saved_table_that_cannot_be_read_is_skipped_with_plain_words_first(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The operator's log keeps the system's detail, after a plain start."""
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "bytes.json").write_bytes(b"\xff\xfe")
    (tmp_path / "cut.json").write_text("{")
    (tmp_path / "other.json").write_text("[]")

    async def start_and_stop() -> None:
        server = TableServer(save_dir=tmp_path, workers=1)
        await server.start("127.0.0.1", 0)
        await server.close()

    with caplog.at_level(logging.WARNING, "euchre_qt.net"):
        run(start_and_stop())
    said = {str(getattr(r, "file", "")): r.getMessage() for r in caplog.records if r.levelno == logging.WARNING}
    why = {
        "folder.json": "it cannot be read",
        "bytes.json": "it is damaged or not a saved table",
        "cut.json": "it is damaged or not a saved table",
        "other.json": "it is damaged or not a saved table",
    }
    assert set(said) == set(why), said
    for name, line in said.items():
        start = f"skipping the saved table {name}: {why[name]} ("
        assert line.startswith(start) and line.endswith(")"), line
        assert not DEVELOPER_TEXT.search(start), line


@pytest.mark.parametrize(
    ("peer", "trusted"),
    [("10.9.8.7", True), ("::ffff:10.9.8.7", True), ("11.0.0.1", False), ("::1", True), ("?", False), ("", False)],
)
def test_a_peer_is_trusted_when_it_lies_in_a_proxys_network(peer: str, trusted: bool) -> None:
    proxies = tuple(parse_args(["--trusted-proxy", "10.0.0.0/8", "--trusted-proxy", "::1"]).trusted_proxy)
    assert is_trusted(peer, proxies) is trusted
