"""``euchre-qt analyse FILE``: graded decisions as text, one clear line for a bad file."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from euchre_qt.__main__ import main
from euchre_qt.analysis import cli
from euchre_qt.engine import Game, Rules
from euchre_qt.engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay, Plays
from euchre_qt.engine.ai.novice import NovicePlayer


def _saved_game(folder: Path, kinds: Sequence[str] | None = None) -> Path:
    """Two hands at seed 8; ``kinds``: who the save says played each seat."""
    game = Game(Rules(), seed=8)
    players = [NovicePlayer(seed=s) for s in range(4)]
    while len(game.records) < 2:
        seat = game.turn
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    path = folder / "game.json"
    path.write_text(game.to_json(kinds=kinds))
    return path


def test_prints_each_graded_decision_and_a_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved_game(tmp_path)
    assert main(["analyse", str(path), "--deals", "8", "--seats", "SN"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1" in out and "Hand 2" in out
    assert "South: points lost by kind of decision" in out and "North: points lost" in out
    assert "hindsight: with every card known" in out
    assert "West" not in out.split("Hand 1")[0]


def test_one_hand_only(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved_game(tmp_path)
    assert main(["analyse", str(path), "--deals", "4", "--hand", "2", "--brief"]) == 0
    out = capsys.readouterr().out
    assert "Hand 2" in out and "Hand 1 " not in out and "hindsight:" not in out
    assert main(["analyse", str(path), "--hand", "9"]) == 2
    assert "hands 1 to 3" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "there is no file"),
        (
            b'{"format": "euchre-qt game", "version": 1, "rules": {}, "seed": 1, "first_dealer": "S", "actions": ["x',
            "damaged, or is not a saved game",
        ),
        (b"\xff\xfe\x00garbage", "damaged, or is not a saved game"),
        (b'{"format": "something else"}', "not a euchre-qt saved game"),
        (
            b'{"format": "euchre-qt game", "version": 1, "rules": {}, "seed": 1, "first_dealer": "S", '
            b'"actions": ["play AS"]}',
            "damaged",
        ),
        (b"[" * 100_000, "damaged, or is not a saved game"),
    ],
)
def test_a_file_it_cannot_read_gives_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes | None, says: str
) -> None:
    path = tmp_path / "broken.json"
    if content is not None:
        path.write_bytes(content)
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1
    assert str(tmp_path) not in err


def test_a_folder_is_not_a_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(tmp_path)]) == 2
    assert "folder" in capsys.readouterr().err


def test_bad_seats_are_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["analyse", str(_saved_game(tmp_path)), "--seats", "Q"])
    assert stop.value.code == 2


EGN_GAME = Path(__file__).resolve().parents[1] / "data" / "egn" / "six_points_in_two_hands.egn"


def test_an_egn_game_is_graded_for_every_player_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", str(EGN_GAME), "--deals", "4", "--brief"]) == 0
    out = capsys.readouterr().out
    assert "Hand 1" in out and "Hand 2" in out
    assert out.count("points lost by kind of decision") >= 3  # a lone maker's partner may have none


def test_a_file_that_is_not_egn_gives_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.egn"
    path.write_text('{"fileType": "something else"}')
    assert main(["analyse", str(path)]) == 2
    err = capsys.readouterr().err
    assert "not an EGN game" in err and len(err.strip().splitlines()) == 1


# --- each seat graded as what played it ---------------------------------------------------------

NOVICES_WEST_AND_EAST = ["person", "novice", "advanced", "novice"]
AT_THEIR_BEST = "every player playing on at their best"
NOVICE_WORDS = "West and East are graded as the Novice computer player plays"


def _seating_passed(monkeypatch: pytest.MonkeyPatch) -> list[HowTheyPlay]:
    """The seating ``euchre-qt analyse`` hands the judge, each time it is run."""
    passed: list[HowTheyPlay] = []
    from euchre_qt.analysis.analyse import analyse_game as real  # (the one cli calls)

    def analyse_game(*args: Any, seating: HowTheyPlay = EVERYONE_WELL, **kwargs: Any) -> Any:
        passed.append(seating)
        kwargs["seating"] = seating  # (in kwargs: mypy cannot tell that *args leaves it out)
        return real(*args, **kwargs)

    monkeypatch.setattr(cli, "analyse_game", analyse_game)
    return passed


def test_a_save_with_novices_at_west_and_east_grades_them_by_habit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    passed = _seating_passed(monkeypatch)
    novices = _saved_game(tmp_path, NOVICES_WEST_AND_EAST)
    assert main(["analyse", str(novices), "--deals", "8", "--hand", "1", "--seats", "all", "--brief"]) == 0
    by_habit = capsys.readouterr().out
    assert passed == [HowTheyPlay((Plays.WELL, Plays.BY_HABIT, Plays.WELL, Plays.BY_HABIT))]
    assert NOVICE_WORDS in by_habit and AT_THEIR_BEST not in by_habit
    # the same game with every seat a good player is judged otherwise
    everyone_well = _saved_game(tmp_path, None)
    assert main(["analyse", str(everyone_well), "--deals", "8", "--hand", "1", "--seats", "all", "--brief"]) == 0
    at_their_best = capsys.readouterr().out
    assert passed[1] == EVERYONE_WELL
    assert by_habit.splitlines()[1:] != at_their_best.splitlines()[1:]


@pytest.mark.parametrize(
    "kinds",
    [
        None,  # a save from before saves said who played
        ["person", "person", "person", "person"],
        # damaged or unknown: taken for people
        "novice",
        ["novice", "novice"],
        [1, 2, 3, 4],
        ["someone", "nobody", "Novice", "person"],
    ],
)
def test_a_save_that_does_not_say_or_says_nothing_usable_takes_every_seat_for_a_good_player(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, kinds: Any
) -> None:
    passed = _seating_passed(monkeypatch)
    path = _saved_game(tmp_path, None)
    data = json.loads(path.read_text())
    if kinds is not None:
        data["kinds"] = kinds
    path.write_text(json.dumps(data))
    assert main(["analyse", str(path), "--deals", "4", "--hand", "1", "--brief"]) == 0
    out = capsys.readouterr().out
    assert passed == [EVERYONE_WELL] and AT_THEIR_BEST in out and "Novice" not in out


def test_an_egn_record_takes_its_players_for_people() -> None:
    assert cli.read_to_analyse(EGN_GAME).plays == EVERYONE_WELL
