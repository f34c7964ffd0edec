"""OpenSpiel's information-set MCTS as an arena opponent: ``--b ismcts:5000``.

An outside yardstick for the computer players: ``pyspiel.ISMCTSBot``, a general search that
knows nothing of Euchre, with random roll-outs (``RandomRolloutEvaluator``, one a leaf),
UCT constant 2.0 and ``simulations`` simulations a decision, each on a deal resampled
from the seat's information state. It plays the move it visited most
(``MAX_VISIT_COUNT``): the usual choice of an MCTS player, and the stronger one;
``NORMALIZED_VISIT_COUNT`` would draw the move in proportion to the visits, a policy for
training that plays the second-best move of a close choice nearly as often as the best.
Each decision gets its seeds from the player's seed (the arena's) and the position
(``decision_rng``), as every computer player's do, and so does the deal it searches from.
That much is reproducible; the bot's choice is not quite: OpenSpiel's ISMCTS breaks ties
between equally good children (common: a hand scores whole points) by iterating a hash
table whose order changes from run to run, so the same state and seeds can give another
move (36 of 158 decisions with a choice, at 1,000 simulations, asked twice). A match run
again agrees with the first within its interval, not to the point.

OpenSpiel is a test dependency only: it is imported when the first player is made, and a
missing one is said plainly (``openspiel_bridge.OpenSpielMissing``). Its hands are played
under OpenSpiel's rules (``openspiel_bridge.OPENSPIEL_RULES``; the arena picks them).

**What it sees.** Like every honest player it is handed its seat's view (``sees_all`` is
False) and nothing else. The bot wants a state of OpenSpiel's game, a whole deal. It
resamples the hidden cards at every simulation, but OpenSpiel's Euchre resampler keeps the
cards left in the kitty (and the dealer's discard) where they really are: a state built
from the true deal would tell the bot which cards are out of play
(``tests/tools/test_ismcts.py`` shows its decisions change with them). So each decision
builds its state from a deal of the unseen cards drawn from the view alone
(``sampler.uniform_world``: every hard fact kept, nothing read into the bids or plays),
replays the hand's moves on it, and lets the bot search from there. Within one search the
drawn deal's kitty stays put (OpenSpiel's resampler keeps it), so the bot takes three cards
it has not seen for out of play; they are drawn again at every decision. That costs the
bot a little against a perfect resampler, and it is fair: a bot built on the true deal
would gain what the kitty tells: the Advanced player of commit e89bc47 beat it by +0.361 ±
0.081 points a hand on 1,000 hands (seed 101, 1,000 simulations), and a bot handed the real
deal by only +0.196 ± 0.083 on the same deals.

**Bids.** Ours asks for the bid and "alone?" in one move; OpenSpiel asks "alone?" after the
bid and after the dealer's discard. So the bot bids at OpenSpiel's bidding node; if the
dealer picks up, the dealer discards: a dealer ordering itself up searches its discard,
which is kept and played when our engine asks for it; another dealer's discard is drawn
at random (the maker cannot see it, and the bot resamples from what it can see); then the
bot answers "alone?". A dealer whose opponent goes alone discards before OpenSpiel tells
it (its "alone?" comes after the discard): the bot discards not knowing, ours would know.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.actions import PASS, Action, ActionKind, call, discard, order_up
from ..engine.ai.knowledge import OUT
from ..engine.ai.masks import cards_of
from ..engine.ai.player import ComputerPlayer, Decision, decision_rng
from ..engine.ai.sampler import uniform_world
from ..engine.cards import ALL_CARDS, Card, Seat, Suit
from ..engine.rules import Rules
from ..engine.view import Phase, SeatView
from .openspiel_bridge import (
    OS_ALONE,
    OS_PASS,
    OS_TRUMP_BASE,
    OpenSpielHand,
    load_game,
    os_action,
    our_card,
    our_seat,
    require_pyspiel,
)

NAME = "ismcts"
DEFAULT_SIMULATIONS = 1000
UCT_C = 2.0
_SEED_RANGE = 2**31 - 1  # OpenSpiel takes an int

_DiscardKey = tuple[Seat, frozenset[Card], tuple[tuple[Seat, Action], ...]]


def ismcts_simulations(spec: str) -> int | None:
    """The simulations of an ``ismcts`` or ``ismcts:N`` player name; ``None`` for another
    player's name, ``ValueError`` for a bad count."""
    name, colon, count = spec.strip().lower().partition(":")
    if name != NAME:
        return None
    if not colon:
        return DEFAULT_SIMULATIONS
    if not count.isdigit() or int(count) < 1:
        raise ValueError(f"ismcts:N wants N simulations, a whole number of at least 1, not {count!r}")
    return int(count)


class IsmctsPlayer(ComputerPlayer):
    """OpenSpiel's ISMCTS with random roll-outs at one of our seats (see the module's notes)."""

    sees_all = False

    def __init__(self, seed: int = 0, simulations: int = DEFAULT_SIMULATIONS) -> None:
        super().__init__(seed)
        self.simulations = simulations
        self.name = f"{NAME}:{simulations}"
        self._pyspiel = require_pyspiel()
        self._games: dict[Rules, Any] = {}
        # its own discard, chosen when it ordered itself up, until our engine asks for it
        self._discards: dict[_DiscardKey, Card] = {}

    def decide(self, view: SeatView) -> Decision:
        legal = self.legal(view)
        reason = f"OpenSpiel's ISMCTS, {self.simulations} simulations"
        if view.phase is Phase.DISCARD:
            kept = self._discards.pop(_discard_key(view.seat, view.hand, view.history), None)
            if kept is not None:
                return Decision(discard(kept), reason)
        rng = decision_rng(self.seed, view)
        hand = self._replay(view, rng)
        if view.phase is Phase.BIDDING_1 or view.phase is Phase.BIDDING_2:
            action = self._bid(view, hand, rng)
        else:
            move = self._search(hand.state, rng)
            action = {os_action(view, a): a for a in legal}[move]
        if action not in legal:
            raise ValueError(f"ISMCTS chose {action}, which our rules do not allow here")
        return Decision(action, reason)

    # --- the OpenSpiel state ------------------------------------------------------------

    def _game(self, rules: Rules) -> Any:
        if rules not in self._games:
            self._games[rules] = load_game(rules)
        return self._games[rules]

    def _replay(self, view: SeatView, rng: random.Random) -> OpenSpielHand:
        """OpenSpiel's hand at this decision, on a deal drawn from the view."""
        hands, hidden_discard = _dealt_hands(view, rng)
        hand = OpenSpielHand.deal(self._game(view.rules), view.dealer, hands, view.up_card)
        for seat, action in view.history:
            hand.apply(seat, action, discard=hidden_discard)
        if hand.to_move() is not view.seat:
            raise ValueError(f"OpenSpiel has {hand.to_move()} to move, not {view.seat}")
        return hand

    def _search(self, state: Any, rng: random.Random) -> int:
        """The bot's move at ``state``, its seeds drawn from ``rng``."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return int(legal[0])
        return self._run_bot(state, rng.randrange(_SEED_RANGE), rng.randrange(_SEED_RANGE))

    def _run_bot(self, state: Any, bot_seed: int, rollout_seed: int) -> int:
        """A fresh bot's move at ``state``: everything it is handed is here."""
        ps = self._pyspiel
        bot = ps.ISMCTSBot(
            bot_seed,
            ps.RandomRolloutEvaluator(1, rollout_seed),
            UCT_C,
            self.simulations,
            -1,  # a new world sampled at every simulation
            ps.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
            False,  # information states, not observations, key the tree
            False,  # the legal moves of an information state are the same in every world
        )
        return int(bot.step(state))

    # --- bidding: the bid, then the dealer's discard, then "alone?" ---------------------

    def _bid(self, view: SeatView, hand: OpenSpielHand, rng: random.Random) -> Action:
        state = hand.state
        move = self._search(state, rng)
        if move == OS_PASS:
            return PASS
        state.apply_action(move)
        if OS_ALONE not in state.legal_actions():  # OpenSpiel's dealer picks up and discards first
            dealer = our_seat(state.current_player())
            if dealer is view.seat:
                card = self._search(state, rng)
                taken = (*view.hand, view.up_card)
                self._remember(_discard_key(view.seat, taken, (*view.history, (view.seat, order_up(False)))), card)
            else:
                card = rng.choice(state.legal_actions())
            state.apply_action(card)
        alone = self._search(state, rng) == OS_ALONE
        if view.phase is Phase.BIDDING_1:
            return order_up(alone)
        return call(Suit(move - OS_TRUMP_BASE), alone)

    def _remember(self, key: _DiscardKey, card: int) -> None:
        if len(self._discards) > 64:  # never asked for (a caller that stopped): forget them
            self._discards.clear()
        self._discards[key] = our_card(card)


def _discard_key(seat: Seat, hand: tuple[Card, ...], history: tuple[tuple[Seat, Action], ...]) -> _DiscardKey:
    """The dealer's position when it discards; the bid's "alone" is left out of the key (the
    bot answers it after choosing the discard)."""
    plain = tuple((who, order_up(False) if action.kind is ActionKind.ORDER_UP else action) for who, action in history)
    return (seat, frozenset(hand), plain)


def _dealt_hands(view: SeatView, rng: random.Random) -> tuple[list[list[Card]], Card | None]:
    """Five cards dealt to each seat (indexed by seat), from a deal of the unseen cards that fits the view,
    and the card the dealer discarded where the view does not show it (``None`` where it
    does or no discard was made)."""
    world = uniform_world(view, rng)
    played: dict[Seat, set[Card]] = {seat: set() for seat in Seat}
    for plays in (*(t.plays for t in view.tricks), view.trick):
        for seat, card in plays:
            played[seat].add(card)
    # out of play, the roles not yet told apart: the kitty, a hidden discard, a hand sitting out
    out = [ALL_CARDS[i] for i in cards_of(world[OUT])]
    rng.shuffle(out)
    discarded = any(action.kind is ActionKind.DISCARD for _, action in view.history)
    hidden_discard = None
    hands: dict[Seat, list[Card]] = {}
    for seat in Seat:
        if seat in view.sitting_out:
            hands[seat] = [out.pop() for _ in range(5)]
            continue
        held = view.hand if seat is view.seat else tuple(ALL_CARDS[i] for i in cards_of(world[seat]))
        cards = set(held) | played[seat]
        if seat is view.dealer and view.up_card_taken:
            cards.remove(view.up_card)  # dealt the up-card, not to him
            if view.discarded is not None:
                cards.add(view.discarded)
            elif discarded:
                hidden_discard = out.pop()
                cards.add(hidden_discard)
        hands[seat] = sorted(cards)
    if any(len(cards) != 5 for cards in hands.values()) or len(out) != 3:
        raise ValueError(f"the deal drawn for {view.seat} does not add up: {hands}, kitty {out}")
    return [hands[seat] for seat in Seat], hidden_discard
