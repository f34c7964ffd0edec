"""A game file opened while the game is already open goes to the window that is open.

One copy of the program runs per data folder (``launch.lock_data_folder``). Double-clicking
an EGN file, or ``euchre-qt game.egn``, while it runs would otherwise only say that the game
is already open. The copy that holds the folder listens on a local socket named after the
folder (``FileReceiver``); the second start hands it the file's path (``hand_over``) and
ends, and the open window shows the file as File > Open would.

A local socket, for this user alone (``UserAccessOption``). Each message is one absolute
path in UTF-8, ended by a newline, at most ``MOST_BYTES``; anything else is ignored. The
receiver answers "ok" once it has the path, so the second start knows it was heard.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from PySide6.QtCore import QObject, Signal, Slot
from PySide6.QtNetwork import QLocalServer, QLocalSocket

MOST_BYTES = 4096  # a path, with room to spare
WAIT_MS = 3000  # for the open copy to take the file: it answers between two frames
ANSWER = b"ok\n"


def socket_name(folder: Path) -> str:
    """The socket's name for the data folder ``folder`` (short: some systems limit it)."""
    digest = hashlib.sha256(str(folder.resolve()).encode("utf-8", "surrogateescape")).hexdigest()
    return f"euchre-qt-{digest[:20]}"


class FileReceiver(QObject):
    """Listens for paths handed over by a second start; ``received`` each one."""

    received = Signal(object)  # a Path

    def __init__(self, folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._server = QLocalServer(self)
        self._server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self._server.newConnection.connect(self._connected)
        self._name = socket_name(folder)
        self._buffers: dict[QLocalSocket, bytes] = {}

    def listen(self) -> bool:
        """Start listening; False where the socket cannot be made (the game goes on without)."""
        QLocalServer.removeServer(self._name)  # a socket file left by a copy that crashed
        return bool(self._server.listen(self._name))

    @Slot()
    def _connected(self) -> None:
        while self._server.hasPendingConnections():
            link = self._server.nextPendingConnection()
            self._buffers[link] = b""
            link.readyRead.connect(lambda link=link: self._read(link))
            link.disconnected.connect(lambda link=link: self._drop(link))

    def _read(self, link: QLocalSocket) -> None:
        data = self._buffers.get(link, b"") + bytes(link.readAll().data())
        if b"\n" not in data:
            if len(data) > MOST_BYTES:
                self._drop(link)  # not a path: whatever it is, it is not read on
            else:
                self._buffers[link] = data
            return
        line = data.split(b"\n", 1)[0]
        path = _path(line)
        if path is not None:
            link.write(ANSWER)
            link.flush()
            self.received.emit(path)
        self._drop(link)

    def _drop(self, link: QLocalSocket) -> None:
        if self._buffers.pop(link, None) is not None:
            link.disconnectFromServer()
            link.deleteLater()


def _path(line: bytes) -> Path | None:
    if len(line) > MOST_BYTES:
        return None
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if not text or "\x00" in text:
        return None
    path = Path(text)
    return path if path.is_absolute() else None


def hand_over(folder: Path, file: Path) -> bool:
    """Hand ``file`` to the copy that has ``folder`` open; whether it took it. Blocks for at
    most a few seconds (a second start, with no window of its own yet)."""
    message = str(file.absolute()).encode("utf-8", "surrogateescape") + b"\n"
    if len(message) > MOST_BYTES:
        return False
    link = QLocalSocket()
    link.connectToServer(socket_name(folder))
    if not link.waitForConnected(WAIT_MS):
        return False
    link.write(message)
    if not link.waitForBytesWritten(WAIT_MS):
        return False
    answer = b""
    while len(answer) < len(ANSWER) and link.waitForReadyRead(WAIT_MS):
        answer += bytes(link.readAll().data())
    link.disconnectFromServer()
    return answer.startswith(ANSWER)
