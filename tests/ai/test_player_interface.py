"""The player interface (issue 3): every player answers every kind of decision the engine
can ask for, under every rule option, with a legal action; players are seeded and keep no
memory between calls, so the same position always gets the same answer and undo works."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from euchre_qt.engine import PASS, THROW_IN, Action, ActionKind, FarmersHand, Game, HandState, Phase, Rules, Seat
from euchre_qt.engine.ai import Player, RandomPlayer, make_player
from euchre_qt.tools.arena import random_rules

NAMES = ["random", "novice"]


def positions(count: int, seed: int) -> Iterator[HandState]:
    """Every position with a decision in ``count`` hands of random play under random rules."""
    rng = random.Random(seed)
    driver = RandomPlayer(seed)
    for _ in range(count):
        state = HandState.deal(random_rules(rng), Seat(rng.randrange(4)), rng)
        while not state.is_over:
            yield state
            assert state.turn is not None
            state = state.apply(driver.choose(state.view(state.turn)))


@pytest.mark.parametrize("name", NAMES)
def test_every_decision_gets_a_legal_answer(name: str) -> None:
    player = make_player(name, seed=3)
    assert isinstance(player, Player) and not player.sees_all
    phases: set[Phase] = set()
    kinds: set[tuple[ActionKind, bool]] = set()
    for state in positions(300, seed=11):
        assert state.turn is not None
        view = state.view(state.turn)
        decision = player.decide(view)
        assert decision.action in view.legal_actions, (name, str(state))
        assert player.choose(view) == decision.action
        phases.add(state.phase)
        kinds.add((decision.action.kind, decision.action.alone))
    assert phases == {Phase.FARMER, Phase.BIDDING_1, Phase.DISCARD, Phase.BIDDING_2, Phase.DEFEND, Phase.PLAY}
    if name == "random":  # uniform play makes every kind of move somewhere
        assert {kind for kind, _ in kinds} >= set(ActionKind) - {ActionKind.THROW_IN}  # (rare: below)
        assert (ActionKind.ORDER_UP, True) in kinds and (ActionKind.CALL, True) in kinds


@pytest.mark.parametrize("name", NAMES)
def test_seeded_and_stateless(name: str) -> None:
    """The same seed answers the same whatever it was asked before, and in any order."""
    states = list(positions(40, seed=5))
    views = [s.view(s.turn) for s in states if s.turn is not None]
    fresh = [make_player(name, seed=7).decide(v).action for v in views]
    used = make_player(name, seed=7)
    forwards = [used.decide(v).action for v in views]
    backwards = [used.decide(v).action for v in reversed(views)][::-1]
    assert forwards == fresh and backwards == fresh
    others = [make_player(name, seed=8).decide(v).action for v in views]
    if name == "random":
        assert others != fresh  # the seed matters


def test_random_is_uniform_over_the_legal_actions() -> None:
    state = HandState.deal(Rules(), Seat.EAST, 4)
    view = state.view(Seat.SOUTH)
    counts: dict[Action, int] = {}
    for seed in range(600):
        action = RandomPlayer(seed).choose(view)
        counts[action] = counts.get(action, 0) + 1
    assert set(counts) == set(view.legal_actions)  # pass, order, order alone
    assert all(150 <= n <= 250 for n in counts.values()), counts


@pytest.mark.parametrize("name", NAMES)
def test_farmers_hand_decision(name: str) -> None:
    farmer = "S: 9C TC 9D TD 9H  W: JC QC KC AC JD  N: QD KD AD TH JH  E: QH KH AH 9S TS  kitty: JS QS KS AS"
    state = HandState.from_text(farmer, dealer="E", rules=Rules(farmers_hand=FarmersHand.NINES_TENS))
    assert state.phase is Phase.FARMER and state.turn is Seat.SOUTH
    answers = {make_player(name, seed=seed).choose(state.view(Seat.SOUTH)) for seed in range(20)}
    assert answers == ({PASS, THROW_IN} if name == "random" else {THROW_IN})


@pytest.mark.parametrize("name", NAMES)
def test_not_my_turn_is_refused(name: str) -> None:
    state = HandState.deal(Rules(), Seat.EAST, 4)
    with pytest.raises(ValueError, match="no decision"):
        make_player(name).choose(state.view(Seat.WEST))


@pytest.mark.parametrize("name", NAMES)
def test_undo_and_resume_replay_the_same_moves(name: str) -> None:
    """Players rebuild everything from the view: after an undo, or in a game loaded from
    its save file, the same players make the same moves again."""
    rules = Rules(stick_the_dealer=True, lone_defender=True, joker=True, points_to_win=5)
    players = [make_player(name, seed=s) for s in range(4)]

    def play_on(game: Game, moves: int | None = None) -> None:
        made = 0
        while not game.is_over and (moves is None or made < moves):
            assert game.turn is not None
            game.apply(players[game.turn].choose(game.view(game.turn)))
            made += 1

    game = Game(rules, seed=12)
    play_on(game, 30)
    first_try = list(game.actions)
    play_on(game, 10)
    before_undo = list(game.actions)
    assert game.undo_hand()
    assert len(game.actions) < len(before_undo) and game.actions == before_undo[: len(game.actions)]
    play_on(game)
    assert game.actions[: len(before_undo)] == before_undo  # the undone moves, made again
    resumed = Game.from_json(Game.replay(rules, 12, game.first_dealer, first_try).to_json())
    play_on(resumed)
    assert resumed.actions == game.actions and resumed.scores == game.scores
