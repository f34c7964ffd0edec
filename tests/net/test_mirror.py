"""The mirror a network seat plays on: built only from what the wire brings that seat (the
public events and its own views, through their JSON forms), it must make every move the
real table made, keep the seat's own cards exact and never claim to know a hidden card."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_qt.engine import Action, ActionKind, Game, HandRecord, HandState, Rules, Seat, SeatView, parse_cards
from euchre_qt.engine.ai.registry import make_player
from euchre_qt.net import protocol
from euchre_qt.net.mirror import MirrorError, TableMirror, dealt_hand
from euchre_qt.session import ComputerSeat, TableSession, event_from_dict
from euchre_qt.session.events import Event, FarmerDecided, HandDealt, HandEnded, TableReset
from euchre_qt.session.seats import immediate


def wire_view(session: TableSession, seat: Seat) -> SeatView:
    return protocol.view_from_dict(protocol.view_to_dict(session.view(seat)))


def public(actions: Sequence[Action], mirror_moves: Sequence[Action]) -> None:
    """The same moves, but a discard the seat did not see may be any stand-in."""
    assert len(mirror_moves) == len(actions)
    for real, seen in zip(actions, mirror_moves, strict=True):
        if real.kind is ActionKind.DISCARD:
            assert seen.kind is ActionKind.DISCARD
        else:
            assert seen == real


def play_and_mirror(seed: int, rules: Rules, seat: Seat, join_at: int = 0, kind: str = "novice") -> None:
    """Play a whole game among computer players, mirroring it for ``seat`` as the server would
    tell it (from move ``join_at`` on: a player who came part-way), checking after each move."""
    game = Game(rules, seed=seed)
    players = [make_player(kind, seed=seed + s) for s in Seat]
    session = TableSession(game, [ComputerSeat(immediate(p)) for p in players], auto_ask=False)
    sent: list[Event] = []
    session.listen(sent.append)
    session.start()
    mirror = TableMirror(seat)
    seen = 0
    joined = False
    revealed: list[HandRecord] = []  # the hands ended since the last look, as the server shows them
    kept: Game | None = None  # a game built from an earlier placing of the mirror's cards
    kept_placing = -1
    while not game.is_over:
        if not joined and len(game.actions) >= join_at:
            joined = True
            seen = len(sent)
            mirror.event(TableReset(0, "loaded", 0, game.dealer, game.scores, rules.points_to_win))
            mirror.view(wire_view(session, seat))
            base = len(game.actions) - len(game.hand_actions)  # the view tells the deal so far
            first_deal = game.deal_number
        if joined:
            for event in sent[seen:]:
                mirror.event(event_from_dict(event.to_dict()))
                record = next((r for r in game.records if r.deal_number == getattr(event, "deal_number", -1)), None)
                if isinstance(event, HandEnded) and record is not None and record.result.outcome.scored:
                    revealed.append(record)  # the server shows the cards still held (a loner's partner's)
                    mirror.reveal({s: record.final.hands[s] for s in Seat if record.final.hands[s]})
                if isinstance(event, HandDealt) and event.deal_number == game.deal_number:
                    mirror.view(wire_view(session, seat))
            seen = len(sent)
            if game.turn is seat:
                mirror.view(wire_view(session, seat))  # a turn brings a view
            moves = mirror.moves()
            public(game.actions[base:], moves)
            shadow = mirror.game_at(len(moves))
            if kept is not None and mirror.placing == kept_placing:
                for action in moves[len(kept.actions) :]:  # the same placing: a game built before plays on
                    kept.apply(action)
                assert kept.actions == shadow.actions and kept.hand.hands == shadow.hand.hands
            else:
                kept, kept_placing = mirror.game_at(len(moves)), mirror.placing
            # the mirror is turned so that its seat sits South
            assert shadow.scores == (game.scores if seat.team == 0 else game.scores[::-1])
            assert shadow.hand.hands[Seat.SOUTH] == game.hand.hands[seat]
            assert [card for _, card in shadow.hand.trick] == [card for _, card in game.hand.trick]
            assert shadow.turn is (None if game.turn is None else mirror.local(game.turn))
            assert shadow.dealer is mirror.local(game.dealer)
            assert shadow.hand.tricks_won == tuple(game.hand.tricks_won[(s + seat) % 4] for s in range(4))
            for record in revealed:  # known where they were, once shown
                shown = shadow.records[record.deal_number - first_deal]
                unseen, held = shadow.dealt(shown.deal_number).unknown, record.final.hands
                for s in Seat:
                    assert set(shown.final.hands[mirror.local(s)]) == set(held[s]) and not set(held[s]) & unseen
            revealed.clear()
            unknown = shadow.dealt(shadow.deal_number).unknown
            real = game.dealt(game.deal_number)
            assert not unknown & set(real.hands[seat]), "its own cards are known"
            assert real.kitty[0] not in unknown, "the up-card is known"
        mover = game.turn
        session.ask()
        if joined and mover is seat:
            mirror.sent(game.actions[-1])  # the client knows what it sent


@pytest.mark.parametrize("seat", list(Seat))
def test_a_whole_game_is_mirrored_from_the_wire_alone(seat: Seat) -> None:
    play_and_mirror(seed=7, rules=Rules(), seat=seat)


def test_lone_defence_passed_hands_and_a_joker_deck_are_mirrored() -> None:
    play_and_mirror(seed=3, rules=Rules(lone_defender=True, stick_the_dealer=False, joker=True), seat=Seat.EAST)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(list(Seat)), st.integers(0, 60))
def test_a_seat_that_comes_part_way_through_is_mirrored_from_then_on(seed: int, seat: Seat, join_at: int) -> None:
    play_and_mirror(seed=seed, rules=Rules(lone_defender=True), seat=seat, join_at=join_at)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 100_000), st.sampled_from(list(Seat)), st.booleans())
def test_any_legal_play_is_mirrored(seed: int, seat: Seat, joker: bool) -> None:
    """Random legal moves: a dealer who puts the up-card itself away unseen, odd voids."""
    play_and_mirror(seed=seed, rules=Rules(joker=joker, stick_the_dealer=False), seat=seat, kind="random")


def test_a_dealer_who_put_the_up_card_away_unseen_is_mirrored() -> None:
    """(Found by the test above: East discarded the ordered-up JH, then could not follow trump.)"""
    play_and_mirror(seed=21173, rules=Rules(), seat=Seat.NORTH, join_at=30, kind="random")


def test_a_dealer_who_sat_out_after_putting_the_up_card_away_is_mirrored_as_the_hand_is_played() -> None:
    """The same at a table North watched throughout: at the third deal South deals, West orders
    9D up, South puts it away and sits out while North defends alone, and is shown holding
    TC AC KS 9C KD at the hand's end. (Before: holding 9D, one of those five put away instead.)"""
    play_and_mirror(seed=6, rules=Rules(lone_defender=True), seat=Seat.NORTH, kind="random")


def test_the_dealt_hand_is_found_again_from_a_view_part_way() -> None:
    game = Game(Rules(), seed=11)
    players = [make_player("novice", seed=s) for s in Seat]
    dealt = game.dealt(0)
    while game.hand.tricks == () or len(game.hand.tricks) < 2:
        turn = game.turn
        assert turn is not None
        game.apply(players[turn].decide(game.view(turn)).action)
    for seat in Seat:
        assert sorted(dealt_hand(game.view(seat))) == sorted(dealt.hands[seat])


def test_a_farmers_hand_is_refused_in_words() -> None:
    mirror = TableMirror(Seat.SOUTH)
    with pytest.raises(MirrorError, match="farmer"):
        mirror.event(FarmerDecided(3, Seat.WEST, True))


def back_at_the_table(seat: Seat, finished: HandState) -> TableMirror:
    """``seat``'s mirror of a person coming back after ``finished``: told it as ``played``, by wire."""
    reveal = {s: finished.hands[s] for s in Seat if finished.hands[s]}
    played = protocol.played_from_list(protocol.played_to_list([(finished.view(seat), reveal)]))
    mirror = TableMirror(seat)
    mirror.played(played)
    return mirror


@pytest.mark.parametrize(
    ("put_away", "kept"), [("9H", "9C TC QC KC AC"), ("9C", "TC QC KC AC 9H")], ids=["the up-card", "a club"]
)
def test_a_dealer_who_sat_out_after_picking_up_is_shown_with_what_it_kept(put_away: str, kept: str) -> None:
    """East orders up 9H; North, dealing, picks it up and puts a card away; South defends alone,
    so North sits out with the other five. (Before, putting 9H away: the rebuilt deal had North
    discard 9C, the first card nobody played, and hold TC QC KC AC 9H.)"""
    dealt = HandState.from_text(
        "S: AS KS QS JD AD  W: JH AH KH TS 9S  N: 9C TC QC KC AC  E: TH QH JS TD 9D  kitty: 9H JC QD KD",
        dealer=Seat.NORTH,
        rules=Rules(lone_defender=True),
    )
    finished = dealt.apply_all(
        f"order, discard {put_away}, defend alone, TH, JD, JH, AH, QH, AS, KH, 9D, KS, TS, JS, QS, AD, 9S, TD"
    )
    assert finished.is_over and finished.hands[Seat.NORTH] == parse_cards(kept)
    for seat in (Seat.EAST, Seat.SOUTH, Seat.WEST):
        mirror = back_at_the_table(seat, finished)
        rebuilt = mirror.game_at(len(mirror.moves())).records[0].final
        assert sorted(rebuilt.hands[mirror.local(Seat.NORTH)]) == sorted(parse_cards(kept))
