"""The arena: duplicate deals under every rule option, whole games, failures, the command line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from euchre_qt.engine import Action, FarmersHand, Rules, Seat
from euchre_qt.engine.ai import Decision, Player, RandomPlayer
from euchre_qt.engine.view import SeatView
from euchre_qt.tools.arena import deal_for, main, run_games, run_match
from euchre_qt.tools.match_result import MatchResult, wilson_interval

ROOT = Path(__file__).resolve().parents[2]

EVERY_OPTION = [
    Rules(),
    Rules(stick_the_dealer=True),
    Rules(lone_defender=True),
    Rules(doubled_alone_euchre=True),
    Rules(joker=True),
    Rules(farmers_hand=FarmersHand.NINES_TENS),
    Rules(farmers_hand=FarmersHand.ACE_NO_FACE),
    Rules(dealer_may_discard_up_card=False),
    Rules(points_to_win=5),
    Rules(
        stick_the_dealer=True,
        lone_defender=True,
        doubled_alone_euchre=True,
        joker=True,
        farmers_hand=FarmersHand.ACE_NO_FACE,
        dealer_may_discard_up_card=False,
    ),
]


def check(result: MatchResult, hands: int) -> None:
    assert result.ok, "\n\n".join(f.describe() for f in result.failures[:3])
    assert result.hands == hands and result.pairs == hands // 2
    assert result.side_a.points + result.side_b.points > 0


@pytest.mark.parametrize("rules", EVERY_OPTION, ids=lambda r: r.describe())
def test_every_rule_option_without_an_illegal_move(rules: Rules) -> None:
    check(run_match("novice", "random", hands=40, seed=3, rules=rules), 40)
    check(run_match("random", "novice", hands=20, seed=4, rules=rules), 20)
    check(run_match("novice", "novice", hands=20, seed=5, rules=rules), 20)


def test_mixed_rules() -> None:
    result = run_match("random", "novice", hands=200, seed=9, mixed_rules=True)
    check(result, 200)
    assert result.rules.startswith("mixed")


def test_novice_beats_random_clearly() -> None:
    result = run_match("novice", "random", hands=600, seed=1)
    check(result, 600)
    assert result.mean > 1.0
    assert result.mean - result.ci_half_width > 0.8


def test_duplicate_deals_cancel_the_cards() -> None:
    """The same player on both sides plays each deal's two copies move for move alike,
    so every pair comes out exactly even: both copies hold identical cards in identical seats."""
    same = RandomPlayer(seed=0)

    def factory(seed: int) -> Player:
        return same

    result = run_match(factory, factory, hands=60, seed=2)
    check(result, 60)
    assert result.diff_sum == 0 and result.diff_sumsq == 0
    assert result.side_a.points == result.side_b.points


def test_deals_come_from_the_seed_and_rotate_the_dealer() -> None:
    assert [deal_for(1, n, Rules()).dealer for n in range(5)] == [Seat(n % 4) for n in range(5)]
    assert deal_for(1, 7, Rules()).hands == deal_for(1, 7, Rules()).hands
    assert deal_for(1, 7, Rules()).hands != deal_for(2, 7, Rules()).hands
    # a turned-up joker is dealt again, never played
    assert all(not deal_for(4, n, Rules(joker=True)).up_card.is_joker for n in range(200))


def test_same_figures_whatever_the_number_of_jobs() -> None:
    one = run_match("novice", "random", hands=60, seed=6, jobs=1)
    two = run_match("novice", "random", hands=60, seed=6, jobs=2)
    assert (one.diff_sum, one.diff_sumsq, one.side_a, one.side_b) == (
        two.diff_sum,
        two.diff_sumsq,
        two.side_a,
        two.side_b,
    )
    assert two.jobs == 2


def test_whole_games() -> None:
    result = run_games("novice", "random", games=3, seed=1, rules=Rules(points_to_win=5))
    assert result.ok and result.games == 6 and result.pairs == 3
    assert 0 <= result.a_games <= 6 and result.hands > 0
    low, high = result.win_interval
    assert 0 <= low <= result.win_rate <= high <= 1
    assert "games won by A" in result.report()
    mixed = run_games("random", "novice", games=2, seed=2, mixed_rules=True)
    assert mixed.ok and mixed.games == 4


class Cheat:
    """Passes whatever is asked: illegal as soon as there is a card to play."""

    name = "cheat"
    sees_all = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        return Action.parse("pass")

    def decide(self, view: SeatView) -> Decision:
        raise NotImplementedError


class Crasher(Cheat):
    name = "crasher"

    def choose(self, view: SeatView) -> Action:
        raise RuntimeError("boom")


def test_illegal_actions_are_reported_not_raised() -> None:
    result = run_match(Cheat, "random", hands=10, seed=1)
    assert not result.ok and len(result.failures) == 5  # every deal fails; left out of the figures
    assert result.pairs == 0 and result.hands == 0
    failure = result.failures[0]
    assert failure.kind == "illegal action" and failure.player == "cheat"
    assert failure.seat is not None and failure.seat.team == failure.copy  # A's seat in that copy
    assert "illegal action pass" in failure.detail and "\nlegal: " in failure.position and "moves: " in failure.position
    crashed = run_match("novice", Crasher, hands=4, seed=1)
    assert crashed.failures and crashed.failures[0].kind == "player error"
    assert "boom" in crashed.failures[0].detail


def test_main_exits_non_zero_on_an_illegal_action(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import euchre_qt.tools.arena as arena
    from euchre_qt.engine.ai.registry import make_player as real  # (the one arena calls)

    def make(name: str, seed: int = 0, think_ms: int | None = None) -> Player:
        return Cheat(seed) if name == "cheat" else real(name, seed, think_ms)

    monkeypatch.setattr(arena, "make_player", make)
    assert main(["--a", "cheat", "--hands", "4", "--jobs", "1", "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert "FAILED: 2 illegal action(s)" in captured.err and "(cheat)" in captured.err


def test_wilson_interval() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "euchre_qt.tools.arena", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_hands() -> None:
    done = run_cli("--a", "novice", "--b", "random", "--hands", "30", "--seed", "1", "--jobs", "2")
    assert done.returncode == 0, done.stderr
    assert "A mean points per hand: +" in done.stdout and "hands: 30" in done.stdout
    assert "illegal actions or player errors: 0" in done.stdout
    assert "deals 15/15" in done.stderr  # the progress bar


def test_cli_every_rule_option_and_games() -> None:
    done = run_cli(
        "--hands=20",
        "--jobs=1",
        "--stick-the-dealer",
        "--lone-defender",
        "--doubled-alone-euchre",
        "--points-to-win=7",
        "--joker",
        "--farmers-hand=ace-no-face",
        "--no-dealer-may-discard-up-card",
        "--no-progress",
    )
    assert done.returncode == 0, done.stderr
    assert "stick the dealer, lone defender, doubled alone euchre, joker" in done.stdout
    games = run_cli("--games", "2", "--points-to-win", "5", "--mixed-rules", "--jobs", "1", "--no-progress")
    assert games.returncode == 0, games.stderr
    assert "games won by A" in games.stdout and "of 4" in games.stdout


def test_cli_help_lists_every_rule_option() -> None:
    done = run_cli("--help")
    assert done.returncode == 0, done.stderr
    text = " ".join(done.stdout.split())
    assert "with a 95% interval" in text and "%%" not in text
    for option in (
        "--stick-the-dealer",
        "--lone-defender",
        "--doubled-alone-euchre",
        "--points-to-win",
        "--joker",
        "--farmers-hand {off,nines-tens,ace-no-face}",
        "--no-dealer-may-discard-up-card",
        "--mixed-rules",
        "--games",
        "--jobs",
        "--think-ms",
    ):
        assert option in text, option


def test_cli_rejects_bad_arguments() -> None:
    done = run_cli("--a", "expert", "--hands", "2")
    assert done.returncode == 2 and "unknown player 'expert'" in done.stderr
    done = run_cli("--points-to-win", "12", "--hands", "2")
    assert done.returncode == 2 and "5..11" in done.stderr
