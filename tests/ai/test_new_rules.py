"""Both computer players stay legal under the lead to a loner's left and the Canadian loner,
and the dealer's partner with a strong hand orders up alone there (card tables)."""

from __future__ import annotations

import functools

from euchre_qt.engine import PASS, HandState, Rules, Seat, order_up
from euchre_qt.engine.ai.advanced import AdvancedPlayer
from euchre_qt.engine.ai.novice import NovicePlayer
from euchre_qt.tools.arena import run_match

CANADIAN = Rules(canadian_loner=True, lead_left_of_loner=True)

# N deals; S, N's partner, holds the five top hearts and the 9H is turned up.
S_STRONG = "S: JH JD AH KH QH  W: 9C TC JC QC KC  N: 9S TS JS QS KS  E: 9D TD QD KD AD  kitty: 9H TH AC AS"


def test_the_dealers_partner_orders_up_alone_under_the_canadian_loner() -> None:
    state = HandState.from_text(S_STRONG, dealer="N", rules=CANADIAN).apply(PASS)  # E passes
    assert state.turn is Seat.SOUTH and order_up() not in state.legal_actions()
    view = state.view(Seat.SOUTH)
    for player in (NovicePlayer(seed=1), AdvancedPlayer(seed=1, worlds=8, max_worlds=8, bid_worlds=8)):
        assert player.choose(view) == order_up(alone=True), player.name


def fast_advanced(seed: int) -> AdvancedPlayer:
    return AdvancedPlayer(seed, worlds=2, max_worlds=2, bid_worlds=2, max_bid_worlds=6, discard_worlds=2)


def test_both_players_stay_legal_under_the_new_rules() -> None:
    for rules in (CANADIAN, Rules(canadian_loner=True, lone_defender=True, stick_the_dealer=True)):
        result = run_match(functools.partial(fast_advanced), "novice", hands=24, seed=3, rules=rules)
        assert result.failures == [], result.failures[0].describe()
