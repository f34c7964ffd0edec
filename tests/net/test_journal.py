"""A table's journal: the moves after its save, read back after a crash."""

from __future__ import annotations

from euchre_qt.engine import Game, Rules
from euchre_qt.net.table_file import replay_journal


def first_moves(count: int) -> list[str]:
    game = Game(Rules(), seed=5)
    for _ in range(count):
        game.apply(game.legal_actions()[0])
    return [str(a) for a in game.actions]


def test_the_moves_after_the_save_are_made_and_those_before_passed_over() -> None:
    moves = first_moves(6)
    game = Game(Rules(), seed=5)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    # the save holds moves 0-1; the journal was not yet started afresh and still has 0-1 too
    journal = "".join(f"{i} {text}\n" for i, text in enumerate(moves))
    replay_journal(game, journal)
    assert [str(a) for a in game.actions] == moves


def test_a_line_cut_short_by_a_crash_ends_the_reading() -> None:
    moves = first_moves(4)
    game = Game(Rules(), seed=5)
    torn = "".join(f"{i} {text}\n" for i, text in enumerate(moves[:3])) + f"3 {moves[3][:3]}"
    replay_journal(game, torn)
    assert [str(a) for a in game.actions] == moves[:3]


def test_junk_changes_nothing() -> None:
    game = Game(Rules(), seed=5)
    replay_journal(game, "\x00\xff\nplay JH\n-1 pass\n0 call X\n7 pass\n")
    assert game.actions == []
