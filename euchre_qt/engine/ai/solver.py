"""A double-dummy solver: the best play when every hand is known.

Hands are bitmasks over ``Card.index`` (bit i = card i), so a position is a few ints.
The search is alpha-beta over single card plays, with a transposition table at trick
boundaries (there the position is just "which cards are left, and who leads", because a
card's owner never changes within one deal) and with equivalent cards pruned: two cards
of one suit in one hand with no live card between them win and lose the same tricks.

Seats named ``habitual`` (``habits.Habits``) are not searched: they play the card a
plain player's habits choose, so the search finds the best play against opponents who
play that way.

Values are the makers' tricks from here. Points are a non-decreasing function of the
makers' tricks, and minimax commutes with such functions, so solving for tricks and then
mapping to points gives the exact minimax points.

``PythonSolver`` is the reference; ``_search_c/solver.c`` is the same search in C, move for move
(it even counts the same nodes). ``core`` chooses which one thinks; both are ``Solver``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..cards import Suit
from ..scoring import TRICKS_PER_HAND, TRICKS_TO_MAKE
from .habits import Habits
from .masks import SUIT_SLOTS, trump_tables

# The scoring bands a search tells apart, as the makers' final trick total: euchred
# (reported as EUCHRED), made (MADE to one short of a march) and a march (MARCH).
MADE = TRICKS_TO_MAKE
MARCH = TRICKS_PER_HAND
EUCHRED = MADE - 1
# Above any trick count: the search's infinity, the value a minimizing side starts from.
NO_BOUND = 99
# A transposition key holds the cards left (bits 0-24) and, above them, the seat to lead.
TURN_SHIFT = 26


class Solver(Protocol):
    """Solves positions of one deal under one trump suit for one team of makers (made by
    ``core.make_solver``; see ``PythonSolver`` for what each method gives)."""

    @property
    def nodes(self) -> int: ...

    def set_position(self, hands: list[int], trick: list[tuple[int, int]]) -> None: ...

    def move_values(self, turn: int) -> dict[int, int]: ...

    def move_outcomes(self, turn: int, makers_won: int) -> dict[int, int]: ...

    def band(self, turn: int, makers_won: int) -> int: ...


class PythonSolver:
    """The solver in pure Python: the reference for the compiled core, and the fallback."""

    def __init__(
        self,
        trump: Suit,
        makers_team: int,
        active: Sequence[int],
        habitual: Habits | None = None,
    ) -> None:
        tables = trump_tables(trump)
        self.power = tables.power
        self.suit_of = tables.suit_of
        self.suit_mask = tables.suit_mask
        self.order_bits = tables.order_bits
        self.trump_bits = tables.trump_bits
        self.trump = int(trump)
        self.makers_team = makers_team
        self.active = tuple(sorted(active))
        self.next_seat = [0, 0, 0, 0]
        for seat in range(4):
            nxt = (seat + 1) % 4
            while nxt not in self.active:
                nxt = (nxt + 1) % 4
            self.next_seat[seat] = nxt
        self.hands = [0, 0, 0, 0]
        self.trick: list[tuple[int, int]] = []
        self.table: dict[int, tuple[int, int]] = {}
        # Equivalence depends only on the legal cards and the live ones: worth remembering.
        self._distinct: dict[tuple[int, int], tuple[list[int], list[tuple[int, int]]]] = {}
        self.nodes = 0
        self.habitual = habitual

    # --- public ----------------------------------------------------------------

    def set_position(self, hands: list[int], trick: list[tuple[int, int]]) -> None:
        """Hands as bitmasks by seat, and the current trick as (seat, card index) pairs."""
        self.hands = list(hands)
        self.trick = list(trick)
        self.table = {}

    def move_values(self, turn: int) -> dict[int, int]:
        """For each legal card of ``turn``: the makers' tricks from here (this trick on)
        with best play on all sides afterwards. Equivalent cards share one value."""
        values: dict[int, int] = {}
        hands = self.hands
        remaining = hands[turn].bit_count() + (1 if self.trick else 0)
        candidates, twins = self._moves_with_twins(turn)
        for card in candidates:
            values[card] = self._value_after(turn, card, 0, remaining + 1)
        for twin, original in twins:
            values[twin] = values[original]
        return values

    def move_outcomes(self, turn: int, makers_won: int) -> dict[int, int]:
        """Like ``move_values`` but only as exact as scoring needs: for each legal card,
        the makers' final trick total clamped to the scoring bands ``EUCHRED``, ``MADE``
        or ``MARCH``. Two null-window searches per card instead of a full solve."""
        outcomes: dict[int, int] = {}
        candidates, twins = self._moves_with_twins(turn)
        for card in candidates:
            outcomes[card] = self._band_after(turn, card, makers_won)
        for twin, original in twins:
            outcomes[twin] = outcomes[original]
        return outcomes

    def _band_after(self, turn: int, card: int, makers_won: int) -> int:
        return self._band(lambda low, high: self._value_after(turn, card, low, high), makers_won)

    def band(self, turn: int, makers_won: int) -> int:
        """The makers' final trick total from here, clamped to a scoring band (see above)."""
        return self._band(lambda low, high: self._search(turn, low, high), makers_won)

    @staticmethod
    def _band(search: Callable[[int, int], int], makers_won: int) -> int:
        need_made = MADE - makers_won  # future tricks the makers need to make it
        if need_made > 0 and search(need_made - 1, need_made) < need_made:
            return EUCHRED
        need_march = MARCH - makers_won
        if search(need_march - 1, need_march) < need_march:
            return MADE
        return MARCH

    # --- search ----------------------------------------------------------------

    def _value_after(self, seat: int, card: int, alpha: int, beta: int) -> int:
        hands = self.hands
        trick = self.trick
        hands[seat] ^= 1 << card
        trick.append((seat, card))
        if len(trick) == len(self.active):
            winner = self._winner(trick)
            won = 1 if winner % 2 == self.makers_team else 0
            self.trick = []
            value = won + self._search(winner, alpha - won, beta - won)
            self.trick = trick
        else:
            value = self._search(self.next_seat[seat], alpha, beta)
        trick.pop()
        hands[seat] ^= 1 << card
        return value

    def _search(self, turn: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        hands = self.hands
        left = hands[turn].bit_count()  # tricks still to finish, this one included
        # The value lies in 0..left: a window outside that range is already decided,
        # and so is a hand played out (reached below a window: the last trick was won).
        if alpha >= left or not left:
            return left
        if beta <= 0:
            return 0
        key = 0
        if not self.trick:
            if left == 1:
                return self._last_trick(turn)
            # Sure tricks: a trump higher than every trump the other side holds wins
            # whichever trick it is played to.
            sure_makers, sure_defenders = self._sure_tricks()
            if sure_makers >= beta:
                return sure_makers
            if left - sure_defenders <= alpha:
                return left - sure_defenders
            key = (hands[0] | hands[1] | hands[2] | hands[3]) | (turn << TURN_SHIFT)
            bounds = self.table.get(key)
            if bounds is not None:
                low, high = bounds
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                alpha = max(alpha, low)
                beta = min(beta, high)
        alpha0, beta0 = alpha, beta
        maximizing = turn % 2 == self.makers_team
        habitual = self.habitual
        if habitual is not None and turn in habitual.seats:
            moves = [habitual.card(hands[turn], self.trick, turn)]
        else:
            moves, _ = self._moves_with_twins(turn)
        best = -1 if maximizing else NO_BOUND
        trick = self.trick
        completes = len(trick) + 1 == len(self.active)
        makers = self.makers_team
        nxt = self.next_seat[turn]
        for card in moves:
            # _value_after, inlined: this loop is the solver's innermost.
            bit = 1 << card
            hands[turn] ^= bit
            trick.append((turn, card))
            if completes:
                winner = self._winner(trick)
                won = 1 if winner % 2 == makers else 0
                self.trick = []
                value = won + self._search(winner, alpha - won, beta - won)
                self.trick = trick
            else:
                value = self._search(nxt, alpha, beta)
            trick.pop()
            hands[turn] ^= bit
            if maximizing:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            else:
                if value < best:
                    best = value
                    if value < beta:
                        beta = value
            if alpha >= beta:
                break
        if key:
            low, high = self.table.get(key, (0, NO_BOUND))
            if best <= alpha0:
                high = min(high, best)
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best

    def _sure_tricks(self) -> tuple[int, int]:
        """Tricks each side is certain of: the top trumps one player holds above every
        trump of the other side (one player's, so two of them never fall together)."""
        hands = self.hands
        owner = -1
        run = 0
        for bit in self.trump_bits:
            holder = -1
            for seat in self.active:
                if hands[seat] & bit:
                    holder = seat
                    break
            if holder == -1:
                continue  # played already, or out of play
            if owner == -1:
                owner = holder
            elif holder != owner:
                break
            run += 1
        if owner == -1:
            return 0, 0
        return (run, 0) if owner % 2 == self.makers_team else (0, run)

    def _last_trick(self, leader: int) -> int:
        """Everyone has one card: no choices left, just see who wins."""
        hands = self.hands
        trick = []
        seat = leader
        for _ in range(len(self.active)):
            trick.append((seat, hands[seat].bit_length() - 1))
            seat = self.next_seat[seat]
        return 1 if self._winner(trick) % 2 == self.makers_team else 0

    def _winner(self, trick: list[tuple[int, int]]) -> int:
        return self._leading(trick)[0]

    def _leading(self, trick: list[tuple[int, int]]) -> tuple[int, int]:
        """The seat winning the trick so far, and the strength of its card."""
        suit_of = self.suit_of
        power = self.power
        led = suit_of[trick[0][1]]
        trump = self.trump
        best_seat, best_key = trick[0][0], -1
        for seat, card in trick:
            if suit_of[card] in (trump, led):
                key = power[card]
                if key > best_key:
                    best_seat, best_key = seat, key
        return best_seat, best_key

    def _moves_with_twins(self, seat: int) -> tuple[list[int], list[tuple[int, int]]]:
        """Legal cards to try (one per run of equivalent cards, in a good order), and
        the skipped twins with the card whose value they share."""
        hands = self.hands
        hand = hands[seat]
        trick = self.trick
        suit_mask = self.suit_mask
        if trick:
            follow = hand & suit_mask[self.suit_of[trick[0][1]]]
            legal = follow if follow else hand
        else:
            legal = hand
        if not legal & (legal - 1):  # a single card: nothing to choose
            return [legal.bit_length() - 1], []
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for _, card in trick:
            live |= 1 << card
        cached = self._distinct.get((legal, live))
        if cached is None:
            cached = self._distinct[(legal, live)] = self._distinct_moves(legal, live)
        moves = list(cached[0])
        twins = cached[1]
        if len(moves) > 1:
            power = self.power
            if not trick:
                moves.sort(key=power.__getitem__, reverse=True)  # lead strength first
            else:
                self._order_following(seat, moves)
        return moves, twins

    def _distinct_moves(self, legal: int, live: int) -> tuple[list[int], list[tuple[int, int]]]:
        """One card per run of equivalent legal cards (no live card between them)."""
        moves: list[int] = []
        twins: list[tuple[int, int]] = []
        for suit in range(SUIT_SLOTS):
            if not legal & self.suit_mask[suit]:
                continue
            previous = -1  # my last card in this suit, if it was the last live card seen
            for card, bit in self.order_bits[suit]:
                if not live & bit:
                    continue
                if legal & bit:
                    if previous >= 0:
                        twins.append((card, previous))
                    else:
                        moves.append(card)
                        previous = card
                else:
                    previous = -1
        return moves, twins

    def _order_following(self, seat: int, moves: list[int]) -> None:
        """Followers try to win cheaply unless partner already wins; else play lowest."""
        power = self.power
        suit_of = self.suit_of
        led = suit_of[self.trick[0][1]]
        trump = self.trump
        winner, best = self._leading(self.trick)
        if winner % 2 == seat % 2:
            moves.sort(key=power.__getitem__)
            return
        winning = [c for c in moves if power[c] > best and suit_of[c] in (led, trump)]
        losing = [c for c in moves if not (power[c] > best and suit_of[c] in (led, trump))]
        winning.sort(key=power.__getitem__)
        losing.sort(key=power.__getitem__)
        moves[:] = winning + losing
