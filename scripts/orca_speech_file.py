"""A speech stand-in for the real Orca: every utterance Orca hands its speech server is
written to a file instead of a synthesizer (no sound device needed; Debian's
speech-dispatcher hangs without one).

Orca loads it by name: ``speechServerFactory`` in the user settings that
``scripts/orca_transcript.sh`` writes, with this folder on ``PYTHONPATH``. Runs inside
Orca, under Debian's python3, so it is not part of the package. Each line is
``SECONDS  TEXT``, or ``SECONDS  [stop]`` where Orca stopped its speech (it does on
every key press): anything still being said then is cut off. Orca 43 queues every
utterance behind the last (its speech-dispatcher backend ignores ``interrupt``), so
between stops nothing is lost.
"""

from __future__ import annotations

import os
import time

from orca import speechserver  # type: ignore[import-not-found]

_OUT = os.environ.get("ORCA_SPEECH_FILE", "orca-speech.txt")
_START = time.monotonic()


def _write(text: str) -> None:
    text = " ".join(str(text).split())
    if not text:
        return
    with open(_OUT, "a", encoding="utf-8") as out:
        out.write(f"{time.monotonic() - _START:8.2f}  {text}\n")


class SpeechServer(speechserver.SpeechServer):  # type: ignore[misc]
    _server: SpeechServer | None = None

    @staticmethod
    def getFactoryName() -> str:
        return "File"

    @staticmethod
    def getSpeechServers() -> list[SpeechServer]:
        return [SpeechServer.getSpeechServer()]

    @staticmethod
    def getSpeechServer(info: object = None) -> SpeechServer:
        if SpeechServer._server is None:
            SpeechServer._server = SpeechServer()
        return SpeechServer._server

    @staticmethod
    def shutdownActiveServers() -> None:
        return None

    def getInfo(self) -> list[str]:
        return ["File", "file"]

    def getVoiceFamilies(self) -> list[object]:
        return []

    def speak(self, text: str | None = None, acss: object = None, interrupt: bool = True) -> None:
        if text:
            _write(text)

    def speakCharacter(self, character: str, acss: object = None) -> None:
        _write(character)

    def speakKeyEvent(self, event: object, acss: object = None) -> None:
        _write(getattr(event, "event_string", ""))

    def sayAll(self, utteranceIterator: object, progressCallback: object) -> None:
        for context, _acss in utteranceIterator:  # type: ignore[attr-defined]
            _write(context.utterance)

    def stop(self) -> None:
        _write("[stop]")

    def shutdown(self) -> None:
        return None

    def reset(self, text: str | None = None, acss: object = None) -> None:
        return None
