"""``euchre-qt analyse FILE``: graded decisions as text, one clear line for a bad file."""

from __future__ import annotations

from pathlib import Path

import pytest

from euchre_qt.__main__ import main
from euchre_qt.engine import Game, Rules
from euchre_qt.engine.ai.novice import NovicePlayer


def _saved_game(folder: Path) -> Path:
    game = Game(Rules(), seed=8)
    players = [NovicePlayer(seed=s) for s in range(4)]
    while len(game.records) < 2:
        seat = game.turn
        assert seat is not None
        game.apply(players[seat].choose(game.view(seat)))
    path = folder / "game.json"
    path.write_text(game.to_json())
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
            "not readable",
        ),
        (b"\xff\xfe\x00garbage", "not readable"),
        (b'{"format": "something else"}', "not a euchre-qt saved game"),
        (
            b'{"format": "euchre-qt game", "version": 1, "rules": {}, "seed": 1, "first_dealer": "S", '
            b'"actions": ["play AS"]}',
            "damaged",
        ),
        (b"[" * 100_000, "not readable"),
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
