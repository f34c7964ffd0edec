"""The rules of Euchre, pure Python (no Qt).

The public face::

    from euchre_qt.engine import Card, Game, HandState, Rules, Seat, Action

    game = Game(Rules(stick_the_dealer=True), seed=7)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    print(game.scores, game.winner)

See ``docs/engine.md`` for a tour.
"""

from .actions import DEFEND_ALONE as DEFEND_ALONE
from .actions import PASS as PASS
from .actions import THROW_IN as THROW_IN
from .actions import Action as Action
from .actions import ActionKind as ActionKind
from .actions import call as call
from .actions import discard as discard
from .actions import order_up as order_up
from .actions import play as play
from .cards import JOKER as JOKER
from .cards import Card as Card
from .cards import Rank as Rank
from .cards import Seat as Seat
from .cards import Suit as Suit
from .cards import cards_text as cards_text
from .cards import effective_suit as effective_suit
from .cards import is_trump as is_trump
from .cards import parse_cards as parse_cards
from .cards import sort_hand as sort_hand
from .cards import strength as strength
from .errors import GameFileError as GameFileError
from .errors import IllegalActionError as IllegalActionError
from .errors import Why as Why
from .game import Deal as Deal
from .game import Game as Game
from .game import HandRecord as HandRecord
from .game import Salvaged as Salvaged
from .hand import HandState as HandState
from .hand import is_farmers_hand as is_farmers_hand
from .hand import opening_leader as opening_leader
from .rules import RULE_OPTIONS as RULE_OPTIONS
from .rules import FarmersHand as FarmersHand
from .rules import RuleOption as RuleOption
from .rules import Rules as Rules
from .scoring import HandResult as HandResult
from .scoring import Outcome as Outcome
from .tricks import Trick as Trick
from .tricks import winning_index as winning_index
from .view import Phase as Phase
from .view import SeatView as SeatView
