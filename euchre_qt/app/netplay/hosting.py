"""A table server this window hosts: ``euchre-qt serve`` in a process of its own.

The referee runs beside the window, not in it: a crash or a slow computer player there
never freezes the table here, and it is the same server a dedicated machine runs. The
window then sits at its table as a client, like everyone else. The server's first line of
output names its port; closing the window stops it, and it saves its tables as it stops.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PySide6.QtCore import QObject, QProcess, Signal
from PySide6.QtNetwork import QAbstractSocket, QHostAddress, QNetworkInterface

from ...net.serve import banner_port
from ..storage import problems

log = logging.getLogger("euchre_qt.net")

STOP_WAIT_MS = 3000


def serve_command(port: int, save_dir: Path) -> tuple[str, list[str]]:
    """The program and arguments that run the server (a bundle is its own program)."""
    tool = ["serve", "--port", str(port), "--save-dir", str(save_dir), "--quiet"]
    if getattr(sys, "frozen", False):
        return sys.executable, tool
    return sys.executable, ["-m", "euchre_qt", *tool]


def addresses() -> list[str]:
    """This machine's addresses friends may reach it at (IPv4, not the loopback), best first."""
    found = [
        address.toString()
        for address in QNetworkInterface.allAddresses()
        if address.protocol() is QAbstractSocket.NetworkLayerProtocol.IPv4Protocol and not address.isLoopback()
    ]
    private = [a for a in found if QHostAddress(a).isPrivateUse()]
    return private + [a for a in found if a not in private] or ["127.0.0.1"]


class HostedServer(QObject):
    ready = Signal(int)  # the port it listens on
    failed = Signal(str)  # it could not start, or stopped by itself: why, for people

    def __init__(self, save_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.save_dir = save_dir
        self.port: int | None = None
        self._asked_port = 0
        self._stopping = False
        self._out = b""
        self._err = b""
        self.process = QProcess(self)
        self.process.readyReadStandardOutput.connect(self._read_out)
        self.process.readyReadStandardError.connect(self._read_err)
        self.process.finished.connect(self._finished)
        self.process.errorOccurred.connect(self._error)

    def start(self, port: int) -> None:
        """Listen on ``port``; if it is taken, on any free port (``ready`` says which)."""
        self._asked_port = port
        program, args = serve_command(port, self.save_dir)
        self.process.start(program, args)

    @property
    def running(self) -> bool:
        return self.process.state() is not QProcess.ProcessState.NotRunning

    def stop(self) -> None:
        """Ask it to stop (it saves its tables), and wait a moment for it."""
        self._stopping = True
        if not self.running:
            return
        self.process.terminate()
        if not self.process.waitForFinished(STOP_WAIT_MS):
            self.process.kill()
            self.process.waitForFinished(STOP_WAIT_MS)

    def _read_out(self) -> None:
        self._out += bytes(self.process.readAllStandardOutput().data())
        if self.port is not None or b"\n" not in self._out:
            return
        first = self._out.split(b"\n", 1)[0].decode("utf-8", "replace")
        try:
            self.port = banner_port(first)
        except ValueError:
            log.warning("the hosted server said %r", first)
            self.failed.emit("The table server did not start as expected.")
            self.stop()
            return
        self.ready.emit(self.port)

    def _read_err(self) -> None:
        self._err = (self._err + bytes(self.process.readAllStandardError().data()))[-4000:]

    def _finished(self, code: int, status: QProcess.ExitStatus) -> None:
        log.info("hosted server ended (%s, %s): %s", code, status, self._err.decode("utf-8", "replace")[-500:])
        if self._stopping:
            return
        if self.port is None and self._asked_port != 0:  # the port is taken: any free one will do
            self._out = self._err = b""
            self.start(0)
            return
        self.failed.emit(
            "The table server stopped, so the table is closed." if self.port is not None else _why_not(self._err)
        )

    def _error(self, error: QProcess.ProcessError) -> None:
        if error is QProcess.ProcessError.FailedToStart:
            problems.record("the hosted table server could not be started", self.process.errorString())
            self.failed.emit("The table server could not be started on this computer.")


def _why_not(err: bytes) -> str:
    problems.record("the hosted table server could not start", err.decode("utf-8", "replace")[-500:])
    return "The table server could not start on this computer."
