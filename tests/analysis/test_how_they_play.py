"""The review models the players as what they are: a person or the Advanced player as a
good player, a Novice seat by its habits (``engine.ai.how_they_play``)."""

from __future__ import annotations

import random

from euchre_qt.analysis import judge as judge_module
from euchre_qt.analysis.judge import Budget, hindsight, judge
from euchre_qt.analysis.loner import as_bid
from euchre_qt.engine import Action, HandState, Seat
from euchre_qt.engine.ai.bidding_model import round_one_points
from euchre_qt.engine.ai.how_they_play import EVERYONE_WELL, HowTheyPlay, Plays, plays_of
from euchre_qt.engine.ai.knowledge import read_knowledge
from euchre_qt.engine.ai.masks import cards_in, mask_of
from euchre_qt.engine.ai.novice import is_loner
from euchre_qt.engine.ai.sampler import sample_worlds
from euchre_qt.engine.cards import Card

PASS, ORDER, ALONE = Action.parse("pass"), Action.parse("order"), Action.parse("order alone")


def by_habit(*seats: Seat) -> HowTheyPlay:
    return HowTheyPlay.of(dict.fromkeys(seats, Plays.BY_HABIT))


def test_a_novice_plays_by_habit_and_everyone_else_well() -> None:
    assert [plays_of(name) for name in ("novice", "advanced", "oracle", "person", "someone")] == [
        Plays.BY_HABIT,
        Plays.WELL,
        Plays.WELL,
        Plays.WELL,
        Plays.WELL,
    ]
    table = HowTheyPlay.of_players(["person", "novice", "advanced", "novice"])
    assert table.by_habit() == (Seat.WEST, Seat.EAST)
    # The Advanced player's own picture: its partner plays as it does, its opponents by habit.
    assert HowTheyPlay.as_seen_by(Seat.SOUTH) == table


# Spades are trump (South ordered the AS up to North, the dealer). West has taken the
# first two tricks and leads to the third, holding the JH, the AD and the 9S. South holds both
# bowers and the TH, North the AS, KS and KC: good players take the last three tricks
# whatever West leads. Against Novice makers the nine of trump euchres them: North takes
# it cheaply with the KS and South, following with its cheapest trump, overtakes its
# partner with the left bower; South then leads the right bower as its habit says (the
# top trump: lead it), which draws North's last trump, and West's JH takes the TH.
LEAD_INTO_HABITS = "S: TH TS JS JC 9H  W: QS JH AD 9S AH  N: KH QC KS KC JD  E: TC TD 9D QH AC  kitty: AS 9C QD KD"
LEAD_INTO_HABITS_MOVES = "pass, order, discard JD, AC, TS, QS, QC, AH, KH, QH, 9H"


def test_a_defenders_lead_that_novice_makers_answer_badly_is_worth_more_against_them() -> None:
    state = HandState.from_text(LEAD_INTO_HABITS, dealer="N").apply_all(LEAD_INTO_HABITS_MOVES)
    assert state.turn is Seat.WEST and state.tricks_won == (0, 2, 0, 0)
    nine, ace, jack = Action.parse("play 9S"), Action.parse("play AD"), Action.parse("play JH")
    against_good = hindsight(state, EVERYONE_WELL)
    assert {against_good.mean(a) for a in (nine, ace, jack)} == {-1.0}  # made, whatever West leads
    against_novices = hindsight(state, by_habit(Seat.SOUTH, Seat.NORTH))
    assert against_novices.mean(nine) == 2.0  # euchred
    assert against_novices.mean(ace) == against_novices.mean(jack) == -1.0


def test_novices_play_their_cards_by_habit_in_every_other_deal_and_their_best_in_the_rest() -> None:
    # Good players who see every card exploit a habit perfectly; players who cannot see
    # them do not: the judge weighs a Novice's card play both ways, a deal each.
    state = HandState.from_text(LEAD_INTO_HABITS, dealer="N").apply_all(LEAD_INTO_HABITS_MOVES)
    deal = [mask_of(hand) for hand in state.hands]
    assert state.turn is Seat.WEST
    nine = Action.parse("play 9S")
    values = judge_module._evaluate(state.view(Seat.WEST), [deal] * 4, by_habit(Seat.SOUTH, Seat.NORTH))
    assert values.per_deal[nine] == (2.0, -1.0, 2.0, -1.0)  # euchred by habit, made played well
    assert judge_module._evaluate(state.view(Seat.WEST), [deal] * 2, EVERYONE_WELL).per_deal[nine] == (-1.0, -1.0)


def test_in_a_bid_novices_play_the_contract_by_habit_in_four_deals_of_five() -> None:
    # South orders the AS up to North: Novice makers are euchred as above, good ones make it.
    state = HandState.from_text(LEAD_INTO_HABITS, dealer="N").apply_all("pass")
    deal = [mask_of(hand) for hand in state.hands]
    values = judge_module._evaluate(state.view(Seat.SOUTH), [deal] * 5, by_habit(Seat.SOUTH, Seat.NORTH))
    assert values.per_deal[ORDER] == (-2.0, 1.0, -2.0, -2.0, -2.0)
    assert judge_module._evaluate(state.view(Seat.SOUTH), [deal], EVERYONE_WELL).per_deal[ORDER] == (1.0,)


# East deals and turns up the QS; South, first to speak, holds the right bower and three
# more spades. West holds the left bower, the AS and three diamonds: 7.25 points by a
# point count, an order for a Novice, a pass for a good player (ordering away from the
# dealer's seat needs far more). Against a Novice West, South's pass is a trap: West
# orders and is euchred. Against a good West, passing lets West call diamonds in the
# second round and make them: South does better to order.
TRAP = "S: KS TC JS TS 9S  W: JC AD QD AS KD  N: KC 9D JH AC KH  E: 9H QH AH 9C JD  kitty: QS QC TH TD"


def test_a_pass_is_worth_more_when_the_next_seat_orders_on_its_point_count() -> None:
    first = HandState.from_text(TRAP, dealer="E")
    assert round_one_points(mask_of(first.hands[Seat.WEST]), first.up_card, Seat.WEST, Seat.EAST) > 7
    against_good = hindsight(first, EVERYONE_WELL)
    against_novice = hindsight(first, by_habit(Seat.WEST))
    assert against_good.mean(PASS) == -1.0 and against_good.ranked()[0][0] == ORDER
    assert against_novice.mean(PASS) == 2.0 and against_novice.ranked()[0][0] == PASS
    assert against_novice.mean(ORDER) == against_good.mean(ORDER)  # ordering: the same either way


# East deals; South, first to speak, has nothing. West holds a lone hand in spades (both
# bowers, the AS, KS and the AH) at 8-0 to East and West: a good player orders with its
# partner (a partnership march wins the game as surely), a Novice goes alone all the same.
WEST_LONER = "S: 9C TC QC 9D TD  W: JS JC AS KS AH  N: QD 9H TH KC AC  E: JH QH KH KD JD  kitty: QS TS 9S AD"


def test_after_a_pass_a_novice_goes_alone_as_the_novice_does() -> None:
    first = HandState.from_text(WEST_LONER, dealer="E", scores=(0, 8))
    spades = first.up_card.suit
    assert spades is not None and is_loner(first.hands[Seat.WEST], spades, joker=False)
    assert hindsight(first, EVERYONE_WELL).mean(PASS) == -2.0  # a partnership march
    assert hindsight(first, by_habit(Seat.WEST)).mean(PASS) == -4.0  # a lone march


# North deals and turns up the AS; East and South have nothing in spades to show.
UNSEEN = "S: 9C TC QC 9D TD  W: JC KC AD KD JH  N: QD 9S QS TH 9H  E: JS KS TS AC AH  kitty: AS QH KH JD"


def test_a_pass_is_read_by_the_passers_own_bar() -> None:
    # North and East pass: a Novice East passes below a point counter's bar, a good East
    # (its partner the dealer) passes hands a point counter would order with.
    view = HandState.from_text(UNSEEN, dealer="W").apply_all("pass, pass").view(Seat.SOUTH)
    knowledge = read_knowledge(view)

    def order_up_hands(seating: HowTheyPlay) -> float:
        worlds = sample_worlds(view, knowledge, random.Random(1), 400, seating)
        east = [round_one_points(w[Seat.EAST], view.up_card, Seat.EAST, Seat.WEST) for w in worlds]
        return sum(points >= 5.5 for points in east) / len(east)

    assert order_up_hands(EVERYONE_WELL) > order_up_hands(by_habit(Seat.EAST)) + 0.15


def test_a_novice_maker_who_leads_a_side_ace_is_read_as_without_the_right_bower() -> None:
    # East orders the AS up to North and leads the AC: a Novice maker leads the top trump
    # when it has it, a good player's ace says nothing of the sort.
    ordered = HandState.from_text(UNSEEN, dealer="N").apply_all("order, discard 9H")
    led = ordered.apply_all("AC")
    right_bower = 1 << Card.parse("JS").index

    def with_the_right_bower(state: HandState, seating: HowTheyPlay) -> float:
        view = state.view(Seat.SOUTH)
        worlds = sample_worlds(view, read_knowledge(view), random.Random(1), 400, seating)
        return sum(1 for w in worlds if w[Seat.EAST] & right_bower) / len(worlds)

    novices = by_habit(Seat.WEST, Seat.EAST)
    assert with_the_right_bower(ordered, novices) >= with_the_right_bower(ordered, EVERYONE_WELL)
    assert with_the_right_bower(led, novices) < with_the_right_bower(led, EVERYONE_WELL) - 0.2


# West orders the QH up to South, the dealer, and goes alone (East sits out); South defends.
LONER = "S: 9S TS 9D TD QC  W: JH JD AH KH AS  N: KS QS AD KD 9C  E: 9H TH QD JS KC  kitty: QH AC TC JC"


def test_a_lone_novice_maker_is_dealt_a_novices_loner() -> None:
    view = HandState.from_text(LONER, dealer="S").apply_all("order alone, discard 9S").view(Seat.SOUTH)
    trump = view.trump
    assert trump is not None
    knowledge = read_knowledge(view)
    drawn = sample_worlds(view, knowledge, random.Random(1), 300)

    def loners(seating: HowTheyPlay) -> float:
        kept = as_bid(view, knowledge, drawn, 100, random.Random(2), seating)
        return sum(is_loner(cards_in(w[Seat.WEST]), trump, joker=False) for w in kept) / len(kept)

    assert loners(by_habit(Seat.WEST)) > loners(EVERYONE_WELL) + 0.2


# Values the judge gave before the players were modelled, where every seat playing well
# is what it assumed then too: South's bid as the first to speak (nothing to read) and its
# opening lead after ordering up (nobody else has bid or played).
FIRST = "S: JS JC KS AH AD  W: 9C 9D KC TS JH  N: TC QD 9S QS TH  E: AC KD TD QC 9H  kitty: AS JD QH KH"


def test_every_seat_playing_well_gives_the_values_the_judge_gave_before() -> None:
    budget = Budget(deals=16)
    first = HandState.from_text(FIRST, dealer="E")
    bid = judge(first.view(Seat.SOUTH), budget, EVERYONE_WELL)
    assert [bid.mean(a) for a in (PASS, ORDER, ALONE)] == [1.9375, 1.8125, 3.4375]
    lead = first.apply_all("order, discard 9H")
    values = judge(lead.view(Seat.SOUTH), budget, EVERYONE_WELL)
    leads = ("JS", "JC", "KS", "AH", "AD")
    assert [values.mean(Action.parse(f"play {c}")) for c in leads] == [1.9375, 1.9375, 1.0, 1.5625, 1.875]
