"""Statistics kept across runs (U10): games, slams, hands, euchres, marches, loners.

Stored as JSON in the user data folder; from the point of view of "us" (south and
north). A slam (the losers scored nothing) counts as two games in the tally (R11).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...engine import Game, HandRecord, Outcome, Seat
from ...files import UnfitFile, read_file
from ..storage import paths, problems
from ..storage.autosave import MAX_SAVE_BYTES

if TYPE_CHECKING:
    from ..storage.writer import BackgroundWriter

RECENT = 30  # games kept for the chart, each with its moves (to review or save as EGN)
GAMES_FOLDER = "games"  # the finished games of ``recent``, one engine save file each
DAMAGED_NAME = "statistics-damaged-{when}.json"  # a damaged statistics file, kept aside
DAMAGED_GLOB = "statistics-damaged-*.json"
# A statistics file is a few kilobytes: past this it is no file of ours (read as damaged; looked
# through for the games it names, no game is let go)
MAX_STATISTICS_BYTES = 16 * 1024 * 1024
# The finished hands and games remembered as counted (the latest): a game has a few dozen
# hands at most, and only the game in hand can be finished again.
# More games or hands than a person plays in a lifetime: a count past it is no count of ours (a
# file edited by hand), which would overflow where it is shown or written
MAX_COUNT = 10**9
COUNTED_HANDS = 200
COUNTED_GAMES = 20


@dataclass
class Statistics:
    games_won: int = 0
    games_lost: int = 0
    slams_won: int = 0
    slams_lost: int = 0
    hands_played: int = 0
    hands_passed_out: int = 0
    made_by_us: int = 0
    made_by_them: int = 0
    marches_us: int = 0
    marches_them: int = 0
    euchres_by_us: int = 0  # we euchred their bid
    euchres_against_us: int = 0  # our bid was euchred
    loners_us: int = 0
    loner_marches_us: int = 0
    loners_them: int = 0
    loner_marches_them: int = 0
    points_us: int = 0
    points_them: int = 0
    games_abandoned: int = 0  # left unfinished for a new game: neither won nor lost
    streak: int = 0  # the games won (above zero) or lost (below) in a row, up to the last one
    best_streak: int = 0  # the most games won in a row
    worst_streak: int = 0  # the most games lost in a row
    recent: list[dict[str, Any]] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.games_won + self.games_lost

    @property
    def tally(self) -> tuple[int, int]:
        """Games won and lost with each slam counting twice."""
        return self.games_won + self.slams_won, self.games_lost + self.slams_lost

    def add_hand(self, record: HandRecord) -> None:
        result = record.result
        if result.outcome is Outcome.MISDEAL:
            return
        self.hands_played += 1
        if not result.outcome.scored or result.maker is None:
            self.hands_passed_out += 1
            return
        ours = result.maker.team == 0
        self.points_us += result.points[0]
        self.points_them += result.points[1]
        if ours:
            self.made_by_us += 1
        else:
            self.made_by_them += 1
        if result.alone:
            if ours:
                self.loners_us += 1
            else:
                self.loners_them += 1
        if result.outcome is Outcome.MARCH:
            if ours:
                self.marches_us += 1
                self.loner_marches_us += result.alone
            else:
                self.marches_them += 1
                self.loner_marches_them += result.alone
        elif result.outcome is Outcome.EUCHRE:
            if ours:
                self.euchres_against_us += 1
            else:
                self.euchres_by_us += 1

    def add_game(self, game: Game, file: str | None = None) -> None:
        """Count a finished game; ``file`` names its save in the games folder, if kept."""
        if game.winner is None:
            return
        won = game.winner == 0
        if won:
            self.games_won += 1
            self.slams_won += game.is_slam
            self.streak = self.streak + 1 if self.streak > 0 else 1
        else:
            self.games_lost += 1
            self.slams_lost += game.is_slam
            self.streak = self.streak - 1 if self.streak < 0 else -1
        self.best_streak = max(self.best_streak, self.streak)
        self.worst_streak = max(self.worst_streak, -self.streak)
        self.recent.append(
            {
                "date": time.strftime("%Y-%m-%d"),
                "us": game.scores[0],
                "them": game.scores[1],
                "slam": game.is_slam,
                **({"file": file} if file is not None else {}),
            }
        )
        self.recent = self.recent[-RECENT:]

    def add_abandoned(self) -> None:
        """Count a game left unfinished for a new one: neither won nor lost."""
        self.games_abandoned += 1

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Statistics:
        if not isinstance(data, dict):
            raise ValueError("not a statistics file")
        values: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            if f.name == "recent":
                if not isinstance(value, list):
                    raise ValueError("recent games is not a list")
                good = []
                for g in value:
                    if isinstance(g, dict) and _score(g.get("us")) and _score(g.get("them")):
                        good.append(
                            {
                                "date": str(g.get("date", "")),
                                "us": g["us"],
                                "them": g["them"],
                                "slam": bool(g.get("slam")),
                                **({"file": g["file"]} if isinstance(g.get("file"), str) else {}),
                            }
                        )
                values["recent"] = good[-RECENT:]
            else:
                negative_ok = f.name == "streak"
                low = -MAX_COUNT if negative_ok else 0
                if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= MAX_COUNT:
                    raise ValueError(f"{f.name} is not a count")
                values[f.name] = value
        return cls(**values)

    def followed_by(self, later: Statistics) -> Statistics:
        """These statistics with ``later`` ones (counted after these) added on."""
        both = Statistics.from_dict(self.to_dict())
        for f in fields(Statistics):
            if f.name not in ("recent", "streak", "best_streak", "worst_streak"):
                setattr(both, f.name, getattr(self, f.name) + getattr(later, f.name))
        both.recent = (self.recent + later.recent)[-RECENT:]
        if later.streak == 0:
            both.streak = self.streak
        elif (later.streak > 0) == (self.streak > 0) and later.games == abs(later.streak):
            both.streak = self.streak + later.streak  # one unbroken run across the two
        else:
            both.streak = later.streak
        both.best_streak = max(self.best_streak, later.best_streak, both.streak)
        both.worst_streak = max(self.worst_streak, later.worst_streak, -both.streak)
        return both


def _names(listing: bytes, name: str) -> bool:
    """Whether a statistics file's text names the kept game ``name`` (as written, or with
    JSON's escapes for a name that is not plain ASCII)."""
    return os.fsencode(name) in listing or json.dumps(name)[1:-1].encode("ascii") in listing


def _score(value: object) -> bool:
    """A game's score as a recent game keeps it (any score a game of up to 11 points ends with)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100


def _game_key(game: Game) -> str:
    """A game's name, the same however often it ends: which game it is (``Game.game_id``, its
    seed unless it was dealt from a seed played before) and its first dealer."""
    return f"{game.game_id}:{int(game.first_dealer)}"


def _hand_key(game: Game, record: HandRecord) -> str:
    """A finished hand's name, the same however often it is finished (Undo Round, a resumed
    save, a network table sat at again). A game dealt from its seed names it by its number; a
    game of given deals (a network table's) by its cards, in any order (a seat that sat down
    again learned them back from its view at the hand's end, not as dealt)."""
    if game.deals is None:
        return json.dumps([game.game_id, record.deal_number])
    hand = record.final
    held = sorted(str(c) for c in game.dealt(record.deal_number).hands[Seat.SOUTH])
    return json.dumps([game.game_id, int(hand.dealer), str(hand.up_card), list(hand.scores), held])


class Counted:
    """The finished hands and games counted already, by name (``_hand_key``, ``_game_key``),
    kept in the statistics file: a game finished, taken back by Undo Round and finished
    again counts once, also when the program was closed between the two (the autosave
    brings the game back; this brings back that it was counted)."""

    def __init__(self, hands: Sequence[str] = (), games: Sequence[str] = ()) -> None:
        self._hands = dict.fromkeys(hands)  # (a dict keeps the order: the oldest go first)
        self._games = dict.fromkeys(games)

    def first_hand(self, key: str) -> bool:
        """Whether hand ``key`` is counted now for the first time (it is then remembered)."""
        return self._first(self._hands, key, COUNTED_HANDS)

    def first_game(self, key: str) -> bool:
        """Whether game ``key`` ends (or is left) now for the first time (then remembered)."""
        return self._first(self._games, key, COUNTED_GAMES)

    @staticmethod
    def _first(seen: dict[str, None], key: str, most: int) -> bool:
        if key in seen:
            return False
        seen[key] = None
        while len(seen) > most:
            del seen[next(iter(seen))]
        return True

    def to_dict(self) -> dict[str, list[str]]:
        return {"hands": list(self._hands), "games": list(self._games)}

    @classmethod
    def from_dict(cls, data: object) -> Counted:
        """What a statistics file remembers; nothing of a part that is not lists of names
        (a file from before this was kept, or one edited by hand)."""

        def names(part: object) -> list[str]:
            return [n for n in part if isinstance(n, str)] if isinstance(part, list) else []

        if not isinstance(data, dict):
            return cls()
        return cls(names(data.get("hands"))[-COUNTED_HANDS:], names(data.get("games"))[-COUNTED_GAMES:])


class StatsStore:
    FILE_NAME = "statistics.json"
    BACKUP_NAME = "statistics-before-reset.json"

    def __init__(self, folder: Path | None = None, writer: BackgroundWriter | None = None) -> None:
        """With a ``writer``, the file is written in its thread (its ``failed`` says what went
        wrong); without one, here and now (``warning`` says)."""
        self.folder = Path(folder) if folder is not None else paths.data_dir()
        self.path = self.folder / self.FILE_NAME
        self.writer = writer
        self._warning: str | None = None  # to be shown to the player once (``take_warning``)
        self.counted = Counted()
        self.stats = self._load()
        self.previous: Statistics | None = None  # before the reset made in this run, if any

    def take_warning(self) -> str | None:
        """The warning to show the player, once: it is then no longer kept."""
        warning, self._warning = self._warning, None
        return warning

    def _load(self) -> Statistics:
        if not self.path.exists():
            return Statistics()
        try:
            data = json.loads(read_file(self.path, MAX_STATISTICS_BYTES).decode("utf-8"))
            stats = Statistics.from_dict(data)
            self.counted = Counted.from_dict(data.get("counted"))
            return stats
        except (OSError, ValueError, UnicodeDecodeError, RecursionError) as exc:
            # (RecursionError: nested far too deeply to read, as no statistics file is)
            problems.record("the statistics file could not be read", exc, self.folder)
            target = paths.aside(self.path, lambda when: DAMAGED_NAME.format(when=when))
            try:
                self.path.replace(target)
                kept = f" The old file was kept next to the new one, as {target.name}."
            except OSError as move_exc:
                problems.record("the damaged statistics file could not be kept aside", move_exc, self.folder)
                kept = ""
            self._warning = f"The statistics file was damaged, so the statistics start again.{kept}"
            return Statistics()

    def save(self) -> bool:
        text = json.dumps({**self.stats.to_dict(), "counted": self.counted.to_dict()}, indent=1)
        if self.writer is not None:
            self.writer.submit(lambda: self._write(text))
            return True
        self._warning = self._write(text)
        return self._warning is None

    def _write(self, text: str, path: Path | None = None) -> str | None:
        try:
            paths.write_atomically(path or self.path, text)
        except OSError as exc:
            problems.record("the statistics could not be saved", exc, self.folder)
            return "The statistics cannot be saved, so the games played now may not be counted."
        return None

    def record_hands(self, game: Game, records: list[HandRecord]) -> None:
        """Count finished hands (a hand replayed after Undo Round counts once)."""
        for record in records:
            if self.counted.first_hand(_hand_key(game, record)):
                self.stats.add_hand(record)
        self.save()

    def record_game(self, game: Game, players: Sequence[str] | None = None, kinds: Sequence[str] | None = None) -> None:
        """Count a finished game once: one finished again after Undo Round keeps its first
        result, as its hands do. Its save keeps ``players`` and ``kinds`` (``Game.to_dict``)."""
        if not self.counted.first_game(_game_key(game)):
            return
        name = f"{time.strftime('%Y%m%d-%H%M%S')}-{game.seed}.json"
        self.stats.add_game(game, name)
        self._keep_game(name, game.to_json(players, kinds))
        self.save()

    @property
    def games_folder(self) -> Path:
        return self.folder / GAMES_FOLDER

    def _keep_game(self, name: str, text: str) -> None:
        """Write a finished game's moves, and let go of those no statistics name any longer.

        A kept game stays while any statistics the player can get back name it: the current
        ones, those from before a reset (Undo Reset brings them back, and
        ``statistics-before-reset.json`` keeps them), and a damaged statistics file kept
        aside (whatever of it is still there). Only games none of them names are removed,
        so that the games folder does not grow without end."""
        named = {
            entry["file"]
            for stats in (self.stats, self.previous)
            if stats is not None
            for entry in stats.recent
            if isinstance(entry.get("file"), str)
        }

        def job() -> str | None:
            try:
                self.games_folder.mkdir(parents=True, exist_ok=True)
                paths.write_atomically(self.games_folder / name, text)
            except OSError as exc:
                problems.record("a finished game could not be kept", exc, self.folder)
                return "A finished game could not be kept, so it cannot be saved as EGN later."
            self._let_go(named)
            return None

        if self.writer is not None:
            self.writer.submit(job)
        else:
            self._warning = job()

    def _let_go(self, named: set[str]) -> None:
        """Remove the kept games that neither ``named`` holds nor a statistics file beside the
        current one names; nothing at all where one of those files cannot be looked through.
        A failure here loses nothing (the games stay), so it is only recorded."""
        try:
            others = self._other_statistics()
            for old in self.games_folder.glob("*.json"):
                if old.name not in named and not any(_names(listing, old.name) for listing in others):
                    old.unlink()
        except OSError as exc:
            problems.record("finished games no longer needed could not be removed", exc, self.folder)

    def _other_statistics(self) -> list[bytes]:
        """The text of the statistics files that may be brought back: the copy from before the
        last reset and the damaged files kept aside. Looked through as text, not read as
        statistics: a damaged file still names its games where its end is cut off or a count
        is wrong. Raises ``OSError`` where one cannot be read (or is too large to be one)."""
        listings = []
        for path in (self.backup_path, *sorted(self.folder.glob(DAMAGED_GLOB))):
            try:
                listings.append(read_file(path, MAX_STATISTICS_BYTES))
            except FileNotFoundError:
                continue
            except UnfitFile as exc:
                raise OSError(f"{path.name} is no statistics file to look through: {exc}") from exc
        return listings

    def finished_game(self, entry: dict[str, Any]) -> Game | None:
        """The game behind an entry of ``recent``, if its moves were kept and still read."""
        name = entry.get("file")
        if not isinstance(name, str) or "/" in name or "\\" in name:
            return None
        try:
            return Game.from_json(read_file(self.games_folder / name, MAX_SAVE_BYTES))
        except (OSError, ValueError) as exc:
            problems.record(f"the finished game {name} could not be read", exc, self.folder)
            return None

    def record_abandoned(self, game: Game) -> None:
        """A game left unfinished for a new one: counted as abandoned, neither won nor lost."""
        if game.is_over or not game.actions or not self.counted.first_game(_game_key(game)):
            return
        self.stats.add_abandoned()
        self.save()

    @property
    def backup_path(self) -> Path:
        """The statistics as they were before the last reset."""
        return self.folder / self.BACKUP_NAME

    def reset(self) -> None:
        """Start the statistics again; the old ones are kept for ``undo_reset``."""
        self.previous = self.stats
        text = json.dumps(self.stats.to_dict(), indent=1)
        if self.writer is not None:
            self.writer.submit(lambda: self._write(text, self.backup_path))
        else:
            self._warning = self._write(text, self.backup_path)
        self.stats = Statistics()
        self.save()

    @property
    def can_undo_reset(self) -> bool:
        return self.previous is not None

    def undo_reset(self) -> bool:
        """Bring back the statistics from before the reset (games counted since are added
        to them); False if there was no reset to undo."""
        previous = self.previous
        if previous is None:
            return False
        self.previous = None
        self.stats = previous.followed_by(self.stats)
        self.save()
        return True
