"""A network table's save, read back: the table as it was when the server stopped, with the
moves its journal holds since (one line a move, appended as they are made)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..engine import Action, Game, GameFileError, Seat
from ..engine.ai.registry import make_player
from ..files import read_file
from . import protocol
from .table import SAVE_FORMAT, SAVE_VERSION, Table, TableHost

# A table's save and its journal are a few kilobytes (a game's moves); past this, no file of ours.
MAX_TABLE_FILE_BYTES = 4 * 1024 * 1024


def load_table(server: TableHost, data: Any, journal: str | None = None) -> Table:
    """A saved table and the text of its journal; ``GameFileError`` if the file is not one this server wrote."""
    try:
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or data.get("version") != SAVE_VERSION:
            raise GameFileError("not a saved table")
        game = Game.from_dict(data["game"])
        if journal is not None:
            replay_journal(game, journal)
        table = Table(
            server,
            _table_id(data["table"]),
            bytes.fromhex(data["code_digest"]),
            game.rules,
            str(data["computer"]),
            Seat.parse(data["creator"]),
            game,
        )
        make_player(table.computer)  # an unknown player name is a damaged file
        table.seed = int(data["seed"])
        table.started = bool(data["started"])
        for saved in data["seats"]:
            state = table.seats[Seat.parse(saved["seat"])]
            state.name, state.kind, state.open = (
                str(saved["name"])[: protocol.MAX_NAME],
                str(saved["kind"]),
                bool(saved["open"]),
            )
            if state.kind not in ("person", "computer", "open"):
                raise GameFileError("a seat of an unknown kind")
            digest = saved.get("key_digest")
            state.key_digest = None if digest is None else bytes.fromhex(str(digest))
            state.played = bool(saved.get("played", False))
            state.since = int(saved.get("since", 0))  # (a save from before: every deal, as then)
        table.restore_creator(data)
        return table
    except GameFileError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(f"damaged saved table: {exc}") from exc


def replay_journal(game: Game, journal: str) -> None:
    """Make the journal's moves that follow the save's (``"17 play JH"``: move 17). A line cut
    short by a crash, or one the save already holds, is passed over."""
    for line in journal.splitlines():
        number, _, text = line.partition(" ")
        if number.isdigit() and int(number) == len(game.actions):
            try:
                game.apply(Action.parse(text))
            except ValueError:  # IllegalActionError too: a torn line
                return


def read_table_file(path: Path) -> str:
    """A table's save or journal as text; ``files.UnfitFile`` (a ``ValueError``) for one that is
    no plain file, or larger than any of ours."""
    return read_file(path, MAX_TABLE_FILE_BYTES).decode("utf-8", errors="replace")


def read_saved_game(path: Path) -> Game:
    """The game a table's save holds with its journal's moves: what a restarted server resumes."""
    data = json.loads(read_table_file(path))
    game = Game.from_dict(data["game"])
    journal = path.with_suffix(".moves")
    if journal.exists():
        replay_journal(game, read_table_file(journal))
    return game


def _table_id(text: Any) -> str:
    if not isinstance(text, str) or len(text) != 12 or any(c not in "0123456789abcdef" for c in text):
        raise ValueError("bad table id")
    return text
