"""``euchre-qt convert``: saved games and EGN, both ways; one line and exit 1 when it cannot."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from euchre_qt.cli import find, run
from euchre_qt.engine import Game, Rules
from euchre_qt.notation import egn, validation_errors
from euchre_qt.notation.convert import CannotConvert, read
from tests.player_words import DEVELOPER_TEXT

DATA = Path(__file__).resolve().parents[1] / "data" / "egn"


def convert(*args: str | Path) -> int:
    command = find("convert")
    assert command is not None
    return run(command, [str(a) for a in args])


def played(moves: int) -> Game:
    game = Game(Rules(stick_the_dealer=True, canadian_loner=True), seed=21)
    while not game.is_over and len(game.actions) < moves:
        game.apply(game.legal_actions()[-1])
    return game


def test_a_save_to_egn_and_back_is_the_same_game(tmp_path: Path) -> None:
    game = played(150)
    (tmp_path / "game.json").write_text(game.to_json(), encoding="utf-8")
    assert convert(tmp_path / "game.json", tmp_path / "game.egn") == 0
    data = json.loads((tmp_path / "game.egn").read_text(encoding="utf-8"))
    assert validation_errors(data) == [] and data["metadata"]["ruleset"]["canadian"] is True
    assert convert(tmp_path / "game.egn", tmp_path / "back.json") == 0
    back = Game.from_json((tmp_path / "back.json").read_text(encoding="utf-8"))
    assert back.actions == game.actions and back.scores == game.scores and back.rules == game.rules


def test_a_converted_file_is_made_as_the_window_makes_its_saves(tmp_path: Path) -> None:
    """0666 less the umask (0644 as a rule), as a plain write makes it: not mkstemp's 0600."""
    (tmp_path / "game.json").write_text(played(40).to_json(), encoding="utf-8")
    as_saved = (tmp_path / "game.json").stat().st_mode & 0o777  # (the window's saves are written so)
    assert convert(tmp_path / "game.json", tmp_path / "game.egn") == 0
    assert convert(tmp_path / "game.egn", tmp_path / "back.json") == 0
    assert (tmp_path / "game.egn").stat().st_mode & 0o777 == as_saved
    assert (tmp_path / "back.json").stat().st_mode & 0o777 == as_saved
    assert sorted(p.name for p in tmp_path.iterdir()) == ["back.json", "game.egn", "game.json"]  # no leftovers


def test_a_save_keeps_its_names_and_its_seed_through_egn(tmp_path: Path) -> None:
    """ours -> EGN -> ours: the same save (seed 7 came back as 0, the names as South, West...)."""
    game = played(60)
    names = ["Ann", "Bo", "Cy", "Di"]
    (tmp_path / "game.json").write_text(game.to_json(names), encoding="utf-8")
    assert convert(tmp_path / "game.json", tmp_path / "game.egn") == 0
    assert egn.open_game(tmp_path / "game.egn").record.players == tuple(names)
    assert convert(tmp_path / "game.egn", tmp_path / "back.json") == 0
    assert json.loads((tmp_path / "back.json").read_text()) == json.loads(game.to_json(names))
    back = Game.from_json((tmp_path / "back.json").read_text(encoding="utf-8"))
    assert back.seed == 21 and back.deals is None  # dealt from its seed: it goes on past the record
    while not back.is_over:
        back.apply(back.legal_actions()[0])


def test_who_played_each_seat_is_kept_by_a_save_and_left_out_of_egn(tmp_path: Path) -> None:
    """EGN has no place for it (its players are people): a save converted to EGN and back says nothing."""
    game, names, kinds = played(60), ["Ann", "Bo", "Cy", "Di"], ["person", "novice", "advanced", "novice"]
    (tmp_path / "game.json").write_text(game.to_json(names, kinds), encoding="utf-8")
    assert convert(tmp_path / "game.json", tmp_path / "copy.json") == 0
    assert json.loads((tmp_path / "copy.json").read_text())["kinds"] == kinds
    assert convert(tmp_path / "game.json", tmp_path / "game.egn") == 0
    assert convert(tmp_path / "game.egn", tmp_path / "back.json") == 0
    assert "kinds" not in json.loads((tmp_path / "back.json").read_text())


def test_a_record_whose_cards_are_not_its_seeds_is_kept_as_recorded(tmp_path: Path) -> None:
    data = json.loads(egn.dumps(played(60), ["Ann", "Bo", "Cy", "Di"]))
    data["metadata"]["gameId"] = "euchre-qt seed 22"  # another seed's deals: not this game
    (tmp_path / "other.egn").write_text(json.dumps(data), encoding="utf-8")
    shown = egn.open_game(tmp_path / "other.egn")
    assert shown.problem is None and shown.game.deals is not None and shown.game.actions == played(60).actions


def test_a_public_egn_game_becomes_a_save_that_loads(tmp_path: Path) -> None:
    assert convert(DATA / "six_points_in_two_hands.egn", tmp_path / "six.json") == 0
    game = Game.from_json((tmp_path / "six.json").read_text(encoding="utf-8"))
    assert game.start_scores == (4, 9) and game.scores == (10, 9) and game.is_over
    assert len(game.dealt(0).unknown) == 8  # South sat out: kept unknown in our save too
    assert convert(tmp_path / "six.json", tmp_path / "six.egn") == 0
    again = egn.open_game(tmp_path / "six.egn")
    assert again.problem is None and again.game.actions == game.actions
    # the names go through our save and come back
    assert egn.open_game(tmp_path / "six.egn").record.players == ("Florida", "24wil", "Brownsbacke®07", "Orde® Me Up")
    # EGN to EGN keeps them, and the title
    assert convert(DATA / "six_points_in_two_hands.egn", tmp_path / "copy.egn") == 0
    copy = egn.open_game(tmp_path / "copy.egn").record
    assert copy.players[0] == "Florida" and copy.title == "Six Points in Two Hands"


@pytest.mark.parametrize(
    ("source", "target", "words"),
    [
        ("missing.egn", "out.json", "no such file"),
        ("LICENSE", "out.egn", "name a .egn or a .json file"),
        ("six_points_in_two_hands.egn", "out.txt", "name a .egn or a .json file"),
        ("broken.egn", "out.json", "is damaged, or is not a game record"),
        ("renege.egn", "out.json", "must follow suit"),
        ("farmer.json", "out.egn", "farmer's hand"),
        ("broken.json", "out.egn", "is damaged, or is not a saved game"),
    ],
)
def test_what_cannot_be_converted_gives_one_line_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], source: str, target: str, words: str
) -> None:
    shutil.copy(DATA / "six_points_in_two_hands.egn", tmp_path / "six_points_in_two_hands.egn")
    shutil.copy(DATA / "LICENSE", tmp_path / "LICENSE")
    (tmp_path / "broken.egn").write_text('{"fileType": "Euchre Game Notation", "vers', encoding="utf-8")
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    data = json.loads((DATA / "six_points_in_two_hands.egn").read_text(encoding="utf-8"))
    tricks = data["deals"][1]["phases"][1]["tricks"]
    tricks[1][3], tricks[3][3] = "9h", "Qd"  # West keeps the QD and throws a heart on trump
    (tmp_path / "renege.egn").write_text(json.dumps(data), encoding="utf-8")
    farmer = Game(Rules.from_dict({"farmers_hand": "nines-tens"}), seed=3)
    (tmp_path / "farmer.json").write_text(farmer.to_json(), encoding="utf-8")
    assert convert(tmp_path / source, tmp_path / target) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("euchre-qt convert: ") and words in err
    assert not (tmp_path / target).exists()


def test_a_damaged_file_is_refused_without_the_parsers_words(tmp_path: Path) -> None:
    for name, text in (("cut.json", '{"broken'), ("odd.json", '{"format": "euchre-qt game", "version": 1}')):
        (tmp_path / name).write_text(text)
        with pytest.raises(CannotConvert) as refused:
            read(tmp_path / name)
        assert not DEVELOPER_TEXT.search(str(refused.value)) and "column" not in str(refused.value), refused.value


def test_what_a_record_holds_that_the_converted_file_cannot_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "game5.egn"
    shutil.copy(DATA / "masters_of_the_euchreverse_week_1_game_5.egn", source)
    assert convert(source, tmp_path / "out.egn") == 0
    said = capsys.readouterr().err
    assert said.startswith("euchre-qt convert: not kept in out.egn: ") and "alternative lines" in said
    assert "description" not in said  # EGN keeps it
    assert egn.load(tmp_path / "out.egn").description == egn.load(source).description != ""
    assert convert(source, tmp_path / "out.json") == 0
    said = capsys.readouterr().err
    assert "alternative lines" in said and "the description" in said


def test_a_file_is_never_converted_onto_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "game5.egn"
    shutil.copy(DATA / "masters_of_the_euchreverse_week_1_game_5.egn", source)
    before = source.read_bytes()
    assert convert(source, tmp_path / "." / "game5.egn") == 1
    assert "is the file being converted" in capsys.readouterr().err and source.read_bytes() == before
