"""The arena's outside opponent: OpenSpiel's ISMCTS at our table (``ismcts:N``).

It must play whole matches with no illegal move, under OpenSpiel's rules (which the arena
picks for it), from its seat's view only. OpenSpiel's bot breaks ties by the order of a
hash table that changes from run to run, so its choices cannot be checked for
reproducibility; everything it is handed can: ``Handed`` records the state and the seeds
each search gets, and plays the highest legal move in place of searching.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from euchre_qt.engine import Action, Card, HandState, IllegalActionError, Phase, Rules, Seat, discard, order_up
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.tools.arena import main, run_match, table_rules
from euchre_qt.tools.ismcts import IsmctsPlayer, ismcts_simulations
from euchre_qt.tools.match_result import MatchResult
from euchre_qt.tools.openspiel_bridge import (
    OPENSPIEL_RULES,
    OpenSpielHand,
    OpenSpielMissing,
    load_game,
    os_deal,
    require_pyspiel,
)
from tests.engine.helpers import dealt_again

SIMULATIONS = 60  # enough for real choices; the tests are about the wiring, not the strength


class Handed(IsmctsPlayer):
    """ISMCTS that records what each search is handed (OpenSpiel's moves so far, which
    include the whole deal, and the seeds) and plays the highest legal move instead
    (at a bid: a trump, never a pass; "alone?": with partner)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, SIMULATIONS)
        self.handed: list[tuple[tuple[int, ...], int, int]] = []

    def _run_bot(self, state: Any, bot_seed: int, rollout_seed: int) -> int:
        self.handed.append((tuple(state.history()), bot_seed, rollout_seed))
        return int(max(state.legal_actions()))


def needs_openspiel() -> None:
    pytest.importorskip("pyspiel")


def test_a_match_against_ismcts_has_no_illegal_move_and_plays_openspiels_rules() -> None:
    needs_openspiel()
    result = run_match("novice", f"ismcts:{SIMULATIONS}", hands=24, seed=3)
    assert result.ok, "\n\n".join(f.describe() for f in result.failures[:3])
    assert result.hands == 24
    assert result.b == f"ismcts:{SIMULATIONS}"
    assert result.rules.startswith("OpenSpiel's") and "stick the dealer" in result.rules
    assert result.side_b.bids > 0 and result.side_b.made > 0


def test_the_advanced_player_meets_ismcts_without_an_illegal_move() -> None:
    needs_openspiel()
    result = run_match(f"ismcts:{SIMULATIONS}", "advanced", hands=6, seed=5)
    assert result.ok, "\n\n".join(f.describe() for f in result.failures[:3])


def test_the_same_seed_hands_the_bot_the_same_states_and_seeds() -> None:
    needs_openspiel()
    handed: list[tuple[tuple[int, ...], int, int]] = []

    class Sharing(Handed):  # the arena makes a player per part of the match: one record
        def __init__(self, seed: int = 0) -> None:
            super().__init__(seed)
            self.handed = handed

    def match(seed: int) -> tuple[MatchResult, list[tuple[tuple[int, ...], int, int]]]:
        handed.clear()
        result = run_match(Sharing, "novice", hands=10, seed=seed, rules=OPENSPIEL_RULES)
        return result, list(handed)

    (first, first_handed), (again, again_handed) = match(8), match(8)
    assert len(first_handed) > 20 and first_handed == again_handed
    assert (first.diff_sum, first.side_a, first.side_b) == (again.diff_sum, again.side_a, again.side_b)
    _, other_handed = match(9)
    assert {h[1] for h in other_handed}.isdisjoint({h[1] for h in first_handed})


def positions(count: int, seed: int) -> list[tuple[HandState, HandState]]:
    """Positions of hands played under OpenSpiel's rules by Novice players, a few from each,
    each with the deal it came from."""
    rng = random.Random(seed)
    novice = NovicePlayer(seed)
    found = []
    for _ in range(count):
        start = state = HandState.deal(OPENSPIEL_RULES, Seat(rng.randrange(4)), rng)
        while not state.is_over:
            if rng.random() < 0.3:
                found.append((start, state))
            assert state.turn is not None
            state = state.apply(novice.choose(state.view(state.turn)))
    return found


def twins(states: list[tuple[HandState, HandState]], rng: random.Random) -> list[tuple[HandState, HandState]]:
    """Each position beside one the seat to move cannot tell from it: the unseen cards (the
    kitty's included) dealt again, the same moves made."""
    pairs = []
    for start, state in states:
        assert state.turn is not None
        for _attempt in range(20):
            try:
                other = dealt_again(start, state.history, state.turn, rng)
            except (IllegalActionError, ValueError):
                continue
            if set(other.kitty) != set(state.kitty):
                assert other.view(state.turn) == state.view(state.turn)
                pairs.append((state, other))
                break
    return pairs


def test_decisions_do_not_depend_on_the_hidden_cards() -> None:
    """Two deals that agree on all the seat to move sees, the cards it cannot see dealt
    otherwise (the kitty too): the bot is handed the same state and the same seeds, so it
    cannot tell them apart."""
    needs_openspiel()
    pairs = twins(positions(14, seed=21), random.Random(4))
    phases = {state.phase for state, _ in pairs}
    assert len(pairs) >= 25 and phases >= {Phase.BIDDING_1, Phase.PLAY}, phases
    searched = 0
    for state, other in pairs:
        seat = state.turn
        assert seat is not None
        one, two = Handed(7), Handed(7)
        assert one.choose(state.view(seat)) == two.choose(other.view(seat))
        assert one.handed == two.handed
        searched += len(one.handed)
    assert searched >= 25


def test_openspiels_own_resampler_keeps_the_kitty_so_the_true_deal_would_leak() -> None:
    """Why the player draws its own deal from the view: ISMCTS resamples the hidden cards
    from the information state, but OpenSpiel's Euchre leaves the kitty as dealt, so a
    bot handed the true deal would know which cards are out of play. If OpenSpiel ever
    resamples the kitty, building from the true deal becomes fair (and this test fails)."""
    needs_openspiel()
    rules = OPENSPIEL_RULES
    state = HandState.deal(rules, Seat.EAST, 12)
    os_state = os_deal(load_game(rules), state)
    me = os_state.current_player()
    kitty = {card for card, holder in enumerate(os_state.card_holder()) if holder is None}
    rng = random.Random(1)
    for _ in range(30):
        world = os_state.resample_from_infostate(me, rng.random)
        assert {card for card, holder in enumerate(world.card_holder()) if holder is None} == kitty


def test_a_dealer_who_orders_itself_up_discards_what_it_chose_before_answering_alone() -> None:
    """OpenSpiel asks the dealer for its discard before "alone?", ours after the bid: the
    discard chosen at the bid is the one played, not searched again."""
    needs_openspiel()
    state = HandState.from_text(
        "S: JH JD AH 9C 9S  W: AC KC QC TC 9D  N: TD QD KD AD TS  E: KH QH TH JC JS  kitty: 9H QS KS AS",
        dealer="E",
        rules=OPENSPIEL_RULES,
    ).apply_all("pass, pass, pass")
    player = Handed(3)
    assert player.choose(state.view(Seat.EAST)) == order_up()  # a trump, then "with partner"
    assert len(player.handed) == 3  # the bid, the discard (KH: the highest of OpenSpiel's numbers), "alone?"
    state = state.apply(order_up())
    assert player.choose(state.view(Seat.EAST)) == discard(Card.parse("KH"))
    assert len(player.handed) == 3  # remembered, not searched again
    fresh = Handed(3)  # a player that did not bid searches the discard there and then
    assert fresh.choose(state.view(Seat.EAST)) == discard(Card.parse("KH")) and len(fresh.handed) == 1


def test_an_openspiel_hand_follows_ours_through_a_loner_with_the_dealer_sitting_out() -> None:
    needs_openspiel()
    state = HandState.from_text(
        "S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS",
        dealer="N",
        rules=OPENSPIEL_RULES,
    )
    mirror = OpenSpielHand(os_deal(load_game(OPENSPIEL_RULES), state), state.dealer, state.up_card)
    for action in ["pass", "order alone"]:  # E passes, S orders alone: N, the dealer, sits out
        seat = state.turn
        assert seat is not None
        mirror.apply(seat, Action.parse(action))
        state = state.apply(Action.parse(action))
    assert state.phase is Phase.PLAY and mirror.to_move() is state.turn


def test_the_arena_plays_openspiels_rules_with_ismcts_and_refuses_others() -> None:
    assert table_rules("novice", "random", None, False) == (Rules(), "")
    rules, said = table_rules("advanced", "ismcts:50", None, False)
    assert rules == OPENSPIEL_RULES and said.startswith("OpenSpiel's, as ismcts:50 plays them")
    rules, _ = table_rules("ismcts", "novice", Rules(points_to_win=7), False)
    assert rules is not None and rules.points_to_win == 7 and rules.stick_the_dealer
    assert table_rules("ismcts", "novice", OPENSPIEL_RULES, False)[0] == OPENSPIEL_RULES
    with pytest.raises(ValueError, match=r"joker \(benny\) on"):
        table_rules("novice", "ismcts:10", Rules(joker=True), False)
    with pytest.raises(ValueError, match="lone defender on"):
        table_rules("novice", "ismcts", Rules(lone_defender=True, stick_the_dealer=True), False)
    with pytest.raises(ValueError, match="random rule set"):
        table_rules("ismcts", "novice", None, True)


def test_simulation_counts() -> None:
    assert ismcts_simulations("ismcts:5000") == 5000
    assert ismcts_simulations(" ISMCTS ") == 1000
    assert ismcts_simulations("novice") is None
    for bad in ("ismcts:", "ismcts:0", "ismcts:many", "ismcts:-3"):
        with pytest.raises(ValueError, match="whole number"):
            ismcts_simulations(bad)


def test_the_command_line_refuses_other_rules_and_bad_counts(capsys: pytest.CaptureFixture[str]) -> None:
    needs_openspiel()
    for argv, said in (
        (["--b", "ismcts:20", "--joker"], "plays OpenSpiel's rules only"),
        (["--b", "ismcts:20", "--mixed-rules"], "random rule set"),
        (["--b", "ismcts:lots"], "whole number"),
    ):
        with pytest.raises(SystemExit) as exit_:
            main(["--a", "novice", "--hands", "2", "--no-progress", *argv])
        assert exit_.value.code == 2
        assert said in capsys.readouterr().err


def test_the_command_line_plays_a_short_match(capsys: pytest.CaptureFixture[str]) -> None:
    needs_openspiel()
    assert main(["--a", "novice", "--b", "ismcts:30", "--hands", "4", "--seed", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "novice (A) vs ismcts:30 (B)" in out and "rules: OpenSpiel's" in out


def test_without_openspiel_it_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel raises ImportError
    with pytest.raises(OpenSpielMissing, match="pip install open-spiel"):
        require_pyspiel()
    with pytest.raises(SystemExit):
        main(["--a", "novice", "--b", "ismcts:20", "--hands", "2", "--no-progress"])
    assert "OpenSpiel is not installed" in capsys.readouterr().err
    assert main(["--a", "novice", "--b", "random", "--hands", "2", "--no-progress"]) == 0


def test_openspiel_is_refused_rules_it_does_not_play() -> None:
    needs_openspiel()
    for rules in (Rules(lead_left_of_loner=True), Rules(canadian_loner=True), Rules()):
        with pytest.raises(ValueError, match="OpenSpiel does not play"):
            load_game(rules)
