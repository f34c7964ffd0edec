/* The double-dummy solver of solver.py in C: the same search, move for move.
 *
 * solver.PythonSolver is the reference; this is a line-by-line port of it (alpha-beta
 * over single card plays, a transposition table at trick boundaries, equivalent cards
 * pruned, sure tricks, the same move order, and the habitual seats' Habits.card), so
 * both give the same values and even count the same nodes. module.c gives it the Python
 * interface (the Core type); the search's own functions stay static, so the compiler
 * sees the whole inner loop in this one file.
 */
#include "search.h"

/* --- the transposition table ------------------------------------------------- */

static inline size_t slot_of(uint64_t key, size_t capacity) {
    return (size_t)((key * 0x9E3779B97F4A7C15ULL) >> 32) & (capacity - 1);
}

static Entry *find(Core *self, uint64_t key) {
    size_t i = slot_of(key, self->capacity);
    for (;;) {
        Entry *e = &self->table[i];
        if (e->generation != self->generation) return NULL;
        if (e->key == key) return e;
        i = (i + 1) & (self->capacity - 1);
    }
}

static int grow(Core *self) {
    size_t old_capacity = self->capacity;
    Entry *old = self->table;
    size_t capacity = old_capacity * 2;
    Entry *table = PyMem_Calloc(capacity, sizeof(Entry));
    if (table == NULL) return -1;
    for (size_t j = 0; j < old_capacity; j++) {
        if (old[j].generation != self->generation) continue;
        size_t i = slot_of(old[j].key, capacity);
        while (table[i].generation == self->generation) i = (i + 1) & (capacity - 1);
        table[i] = old[j];
    }
    PyMem_Free(old);
    self->table = table;
    self->capacity = capacity;
    return 0;
}

/* The entry for key, made (bounds 0..NO_BOUND, as dict.get's default) if it is new. */
static Entry *entry_for(Core *self, uint64_t key) {
    Entry *e = find(self, key);
    if (e != NULL) return e;
    if ((self->used + 1) * 2 > self->capacity && grow(self) < 0) return NULL;
    size_t i = slot_of(key, self->capacity);
    while (self->table[i].generation == self->generation) i = (i + 1) & (self->capacity - 1);
    e = &self->table[i];
    e->key = key;
    e->generation = self->generation;
    e->low = 0;
    e->high = NO_BOUND;
    self->used++;
    return e;
}

void solver_clear_table(Core *self) {
    self->used = 0;
    if (++self->generation == 0) { /* wrapped: old stamps could read as current */
        memset(self->table, 0, self->capacity * sizeof(Entry));
        self->generation = 1;
    }
}

/* --- tricks -------------------------------------------------------------------- */

/* The seat winning the trick so far (*best: the strength of its card). */
static int leading(const Core *self, const int *seats, const int *cards, int n, int *best) {
    int led = self->suit_of[cards[0]];
    int best_seat = seats[0], best_key = -1;
    for (int k = 0; k < n; k++) {
        int suit = self->suit_of[cards[k]];
        if (suit == self->trump || suit == led) {
            int key = self->power[cards[k]];
            if (key > best_key) {
                best_seat = seats[k];
                best_key = key;
            }
        }
    }
    *best = best_key;
    return best_seat;
}

static int last_trick(const Core *self, int leader) {
    int seats[4] = {0, 0, 0, 0}, cards[4] = {0, 0, 0, 0}, best;
    int seat = leader;
    for (int k = 0; k < self->n_active; k++) {
        seats[k] = seat;
        cards[k] = highest_or_last(self->hands[seat]);
        seat = self->next_seat[seat];
    }
    return leading(self, seats, cards, self->n_active, &best) % 2 == self->makers ? 1 : 0;
}

static void sure_tricks(const Core *self, int *makers, int *defenders) {
    int t = self->trump;
    int owner = -1, run = 0;
    for (int j = 0; j < self->order_len[t]; j++) {
        uint32_t bit = 1u << self->order[t][j];
        int holder = -1;
        for (int k = 0; k < self->n_active; k++) {
            if (self->hands[self->active[k]] & bit) {
                holder = self->active[k];
                break;
            }
        }
        if (holder == -1) continue;
        if (owner == -1)
            owner = holder;
        else if (holder != owner)
            break;
        run++;
    }
    *makers = *defenders = 0;
    if (owner == -1) return;
    if (owner % 2 == self->makers)
        *makers = run;
    else
        *defenders = run;
}

/* --- moves --------------------------------------------------------------------- */

/* Stable insertion sort of cards by strength, as Python's sort (ties keep their order). */
static void sort_by_power(const Core *self, int *cards, int n, int descending) {
    for (int i = 1; i < n; i++) {
        int card = cards[i], p = self->power[card];
        int j = i - 1;
        while (j >= 0 && (descending ? self->power[cards[j]] < p : self->power[cards[j]] > p)) {
            cards[j + 1] = cards[j];
            j--;
        }
        cards[j + 1] = card;
    }
}

/* Legal cards to try, one per run of equivalent cards, in the search's order; the
 * skipped twins (with the card whose value each shares) when twins is not NULL. */
static int moves_with_twins(const Core *self, int seat, int *moves, int *twins, int *n_twins) {
    uint32_t hand = self->hands[seat];
    uint32_t legal = hand;
    if (self->trick_len) {
        uint32_t follow = hand & self->suit_mask[self->suit_of[self->trick_card[0]]];
        if (follow) legal = follow;
    }
    if (n_twins) *n_twins = 0;
    if (!(legal & (legal - 1))) {
        moves[0] = highest_or_last(legal);
        return 1;
    }
    uint32_t live = self->hands[0] | self->hands[1] | self->hands[2] | self->hands[3];
    for (int k = 0; k < self->trick_len; k++) live |= 1u << self->trick_card[k];
    int n = 0;
    for (int suit = 0; suit < SLOTS; suit++) {
        if (!(legal & self->suit_mask[suit])) continue;
        int previous = -1;
        for (int j = 0; j < self->order_len[suit]; j++) {
            int card = self->order[suit][j];
            uint32_t bit = 1u << card;
            if (!(live & bit)) continue;
            if (legal & bit) {
                if (previous >= 0) {
                    if (twins) {
                        twins[2 * *n_twins] = card;
                        twins[2 * *n_twins + 1] = previous;
                        (*n_twins)++;
                    }
                } else {
                    moves[n++] = card;
                    previous = card;
                }
            } else {
                previous = -1;
            }
        }
    }
    if (n > 1) {
        if (!self->trick_len) {
            sort_by_power(self, moves, n, 1); /* lead strength first */
        } else {
            /* Followers try to win cheaply unless partner already wins; else play lowest. */
            int best;
            int winner = leading(self, self->trick_seat, self->trick_card, self->trick_len, &best);
            if (winner % 2 == seat % 2) {
                sort_by_power(self, moves, n, 0);
            } else {
                int led = self->suit_of[self->trick_card[0]];
                int winning[CARDS], losing[CARDS], w = 0, l = 0;
                for (int k = 0; k < n; k++) {
                    int c = moves[k], suit = self->suit_of[c];
                    if (self->power[c] > best && (suit == led || suit == self->trump))
                        winning[w++] = c;
                    else
                        losing[l++] = c;
                }
                sort_by_power(self, winning, w, 0);
                sort_by_power(self, losing, l, 0);
                memcpy(moves, winning, w * sizeof(int));
                memcpy(moves + w, losing, l * sizeof(int));
            }
        }
    }
    return n;
}

/* habits.Habits._extreme: ties go to the lower card index. */
static int extreme(const Core *self, uint32_t mask, int highest) {
    int chosen = -1, chosen_power = highest ? -1 : STRONGER_THAN_ANY;
    while (mask) {
        int card = lowest(mask);
        mask &= mask - 1;
        int p = self->power[card];
        if (highest ? p > chosen_power : p < chosen_power) {
            chosen = card;
            chosen_power = p;
        }
    }
    return chosen;
}

/* habits.Habits.card: the card a plain player's habits choose. */
static int habit_card(const Core *self, int seat) {
    uint32_t hand = self->hands[seat];
    if (!self->trick_len) {
        uint32_t trumps = hand & self->habit_trumps;
        int ours = seat % 2 == self->habit_maker % 2;
        if (trumps && ours &&
            ((hand & self->habit_top) || (seat == self->habit_maker && popcount(trumps) >= CALLER_LEADS_TRUMP_WITH)))
            return extreme(self, trumps, 1);
        uint32_t aces = hand & self->habit_aces;
        if (aces) return lowest(aces);
        uint32_t plain = hand & self->habit_plain;
        if (plain) return extreme(self, plain, 0);
        return extreme(self, trumps, ours);
    }
    int led = self->suit_of[self->trick_card[0]];
    uint32_t legal = hand & self->suit_mask[led];
    if (!legal) legal = hand;
    int winner = self->trick_seat[0], best = -1;
    for (int k = 0; k < self->trick_len; k++) {
        int played = self->trick_card[k], suit = self->suit_of[played];
        if ((suit == led || suit == self->trump) && self->power[played] > best) {
            winner = self->trick_seat[k];
            best = self->power[played];
        }
    }
    if (winner % 2 != seat % 2) {
        uint32_t beaters = 0, rest = legal;
        while (rest) {
            int card = lowest(rest);
            rest &= rest - 1;
            int suit = self->suit_of[card];
            if (self->power[card] > best && (suit == led || suit == self->trump)) beaters |= 1u << card;
        }
        if (beaters) return extreme(self, beaters, 0);
    }
    return extreme(self, legal, 0);
}

/* --- search -------------------------------------------------------------------- */

static int search(Core *self, int turn, int alpha, int beta);

/* Play card, search on, take it back. A value below 0 means an error is set. */
static int value_after(Core *self, int seat, int card, int alpha, int beta) {
    uint32_t bit = 1u << card;
    int value;
    self->hands[seat] ^= bit;
    self->trick_seat[self->trick_len] = seat;
    self->trick_card[self->trick_len] = card;
    self->trick_len++;
    if (self->trick_len == self->n_active) {
        int seats[4], cards[4], best;
        memcpy(seats, self->trick_seat, sizeof seats);
        memcpy(cards, self->trick_card, sizeof cards);
        int winner = leading(self, seats, cards, self->n_active, &best);
        int won = winner % 2 == self->makers ? 1 : 0;
        self->trick_len = 0;
        value = search(self, winner, alpha - won, beta - won);
        if (value >= 0) value += won;
        memcpy(self->trick_seat, seats, sizeof seats);
        memcpy(self->trick_card, cards, sizeof cards);
        self->trick_len = self->n_active;
    } else {
        value = search(self, self->next_seat[seat], alpha, beta);
    }
    self->trick_len--;
    self->hands[seat] ^= bit;
    return value;
}

static int search(Core *self, int turn, int alpha, int beta) {
    self->nodes++;
    uint32_t *hands = self->hands;
    int left = popcount(hands[turn]); /* tricks still to finish, this one included */
    if (alpha >= left || !left) return left;
    if (beta <= 0) return 0;
    uint64_t key = 0;
    if (!self->trick_len) {
        if (left == 1) return last_trick(self, turn);
        int sure_makers, sure_defenders;
        sure_tricks(self, &sure_makers, &sure_defenders);
        if (sure_makers >= beta) return sure_makers;
        if (left - sure_defenders <= alpha) return left - sure_defenders;
        key = (uint64_t)(hands[0] | hands[1] | hands[2] | hands[3]) | ((uint64_t)turn << TURN_SHIFT);
        Entry *e = find(self, key);
        if (e != NULL) {
            int low = e->low, high = e->high;
            if (low >= beta) return low;
            if (high <= alpha) return high;
            if (low == high) return low;
            if (low > alpha) alpha = low;
            if (high < beta) beta = high;
        }
    }
    int alpha0 = alpha, beta0 = beta;
    int maximizing = turn % 2 == self->makers;
    int moves[CARDS], n;
    if (self->any_habitual && self->habitual[turn]) {
        moves[0] = habit_card(self, turn);
        n = 1;
    } else {
        n = moves_with_twins(self, turn, moves, NULL, NULL);
    }
    int best = maximizing ? -1 : NO_BOUND;
    for (int k = 0; k < n; k++) {
        int value = value_after(self, turn, moves[k], alpha, beta);
        if (value < 0) return -1;
        if (maximizing) {
            if (value > best) {
                best = value;
                if (value > alpha) alpha = value;
            }
        } else if (value < best) {
            best = value;
            if (value < beta) beta = value;
        }
        if (alpha >= beta) break;
    }
    if (key) {
        Entry *e = entry_for(self, key);
        if (e == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        if (best <= alpha0) {
            if (best < e->high) e->high = (int8_t)best;
        } else if (best >= beta0) {
            if (best > e->low) e->low = (int8_t)best;
        } else {
            e->low = e->high = (int8_t)best;
        }
    }
    return best;
}

/* solver._band: the final trick total clamped to a scoring band, by null windows. */
int solver_band(Core *self, int turn, int card, int makers_won) {
    int need_made = MADE - makers_won, need_march = MARCH - makers_won, value;
    if (need_made > 0) {
        value = card < 0 ? search(self, turn, need_made - 1, need_made)
                         : value_after(self, turn, card, need_made - 1, need_made);
        if (value < 0) return -1;
        if (value < need_made) return EUCHRED;
    }
    value = card < 0 ? search(self, turn, need_march - 1, need_march)
                     : value_after(self, turn, card, need_march - 1, need_march);
    if (value < 0) return -1;
    return value < need_march ? MADE : MARCH;
}

/* --- for module.c ---------------------------------------------------------------- */

/* Each suit's cards, strongest first (stable: ties keep index order, as sorted() does). */
int solver_order_suits(Core *self) {
    memset(self->suit_mask, 0, sizeof self->suit_mask);
    memset(self->order_len, 0, sizeof self->order_len);
    for (int card = 0; card < CARDS; card++) {
        int suit = self->suit_of[card];
        if (self->order_len[suit] == PER_SUIT) {
            PyErr_SetString(PyExc_ValueError, "too many cards in one suit");
            return -1;
        }
        self->suit_mask[suit] |= 1u << card;
        self->order[suit][self->order_len[suit]++] = card;
    }
    for (int suit = 0; suit < SLOTS; suit++) sort_by_power(self, self->order[suit], self->order_len[suit], 1);
    return 0;
}

int solver_moves(const Core *self, int seat, int *moves, int *twins, int *n_twins) {
    return moves_with_twins(self, seat, moves, twins, n_twins);
}

int solver_value_after(Core *self, int seat, int card, int alpha, int beta) {
    return value_after(self, seat, card, alpha, beta);
}
