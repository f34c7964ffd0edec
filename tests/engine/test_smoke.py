from euchre_qt.engine import Game, Rules
from euchre_qt.engine.ai import RandomPlayer


def test_random_game_reaches_target_and_round_trips() -> None:
    game = Game(Rules(points_to_win=7), seed=11)
    player = RandomPlayer(seed=5)
    while not game.is_over:
        assert game.turn is not None
        game.apply(player.choose(game.view(game.turn)))
    assert max(game.scores) >= 7
    again = Game.from_json(game.to_json())
    assert again.scores == game.scores and again.actions == game.actions
