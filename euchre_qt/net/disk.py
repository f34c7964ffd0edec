"""A table server's file work, off its event loop: one writer thread takes the tables' saves
and journal lines in the order they were handed over, and tells the loop when each is done.

A table holds a move's messages back until the move is in its journal (``Table``), so a
killed server still loses nothing a player saw made; the loop meanwhile serves the other
tables. One thread for every table keeps each table's writes in order (the save, then the
journal it starts, then that journal's lines) and the machine's disk busy with one thing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import queue
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

log = logging.getLogger("euchre_qt.net")

Job = Callable[[], None]


class TableFiles:
    """One table's save (``ID.json``) and journal (``ID.moves``). Used by the writer thread only."""

    def __init__(self, folder: Path, table_id: str) -> None:
        self.save_path = folder / f"{table_id}.json"
        self.journal_path = folder / f"{table_id}.moves"
        self._journal: TextIO | None = None

    def save(self, text: str) -> None:
        """Rewrite the save atomically (a temporary file renamed over it) and start the journal afresh."""
        temp = self.save_path.with_suffix(".tmp")
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, self.save_path)
        self.close()
        # the journal's lines carry move numbers, so lines already in the save are skipped on reading
        self._journal = self.journal_path.open("w", encoding="utf-8")

    def append(self, lines: str) -> None:
        """Journal moves: written and flushed to the kernel, so a killed server loses none."""
        if self._journal is None:
            self._journal = self.journal_path.open("a", encoding="utf-8")
        self._journal.write(lines)
        self._journal.flush()

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None

    def discard(self) -> None:
        self.close()
        for path in (self.save_path, self.journal_path):
            path.unlink(missing_ok=True)


class DiskWriter:
    """The writer thread: ``submit`` a job (a function doing file work) and ``done``, to call on
    the loop once it has run (whether or not it succeeded: a failure is logged).

    The jobs of one pass of the loop go over together, and their ``done`` come back together:
    waking another thread costs more than writing a journal line, so a server making many
    moves at once wakes it once for all of them."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[list[tuple[Job, Callable[[], None]]] | None] = queue.SimpleQueue()
        self._pass: list[tuple[Job, Callable[[], None]]] = []  # this pass's jobs, not yet handed over
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread = threading.Thread(target=self._run, name="table-files", daemon=True)
        self._thread.start()

    def submit(self, job: Job, done: Callable[[], None]) -> None:
        if not self._pass:
            self._loop = asyncio.get_running_loop()
            self._loop.call_soon(self._hand_over)
        self._pass.append((job, done))

    def _hand_over(self) -> None:
        jobs, self._pass = self._pass, []
        self._jobs.put(jobs)

    def close(self) -> None:
        """Do every job handed over, then end the thread."""
        if self._pass:
            self._hand_over()
        self._jobs.put(None)
        self._thread.join()

    def _run(self) -> None:
        while (jobs := self._jobs.get()) is not None:
            self._do(jobs)
            del jobs  # waiting for the next, the thread holds none of these (a table put away is freed now)

    def _do(self, jobs: list[tuple[Job, Callable[[], None]]]) -> None:
        for job, _ in jobs:
            try:
                job()
            except OSError:
                log.exception("could not write a table's files")
        if self._loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits for these
                self._loop.call_soon_threadsafe(_call_all, [done for _, done in jobs])


def _call_all(dones: list[Callable[[], None]]) -> None:
    for done in dones:
        done()


__all__ = ["DiskWriter", "TableFiles"]
