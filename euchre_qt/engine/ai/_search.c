/* The double-dummy solver of solver.py in C: the same search, move for move.
 *
 * solver.PythonSolver is the reference; this is a line-by-line port of it (alpha-beta
 * over single card plays, a transposition table at trick boundaries, equivalent cards
 * pruned, sure tricks, the same move order, and the habitual seats' Habits.card), so
 * both give the same values and even count the same nodes. compiled_solver.py gives it
 * the Python interface (the card tables come from masks.trump_tables, never built here).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#define CARDS 25     /* the joker deck; bit i = card i */
#define SLOTS 5      /* four suits and masks.NO_SUIT */
#define PER_SUIT 8   /* the most cards one effective suit holds (trump with the joker) */
#define TURN_SHIFT 26
#define NO_BOUND 99
#define MADE 3
#define MARCH 5
#define EUCHRED (MADE - 1)
#define CALLER_LEADS_TRUMP_WITH 3
#define STRONGER_THAN_ANY 999

typedef struct {
    uint64_t key;
    uint32_t generation;
    int8_t low, high;
} Entry;

typedef struct {
    PyObject_HEAD
    int power[CARDS];
    int suit_of[CARDS];
    uint32_t suit_mask[SLOTS];
    int order[SLOTS][PER_SUIT]; /* each suit's cards, strongest first */
    int order_len[SLOTS];
    int trump;
    int makers;
    int active[4];
    int n_active;
    int next_seat[4];
    uint32_t hands[4];
    int trick_seat[4], trick_card[4];
    int trick_len;
    Entry *table;
    size_t capacity, used; /* used: entries of this generation */
    uint32_t generation;
    long long nodes;
    /* the habitual seats (habits.Habits) */
    int habitual[4];
    int any_habitual;
    int habit_maker;
    uint32_t habit_trumps, habit_plain, habit_aces, habit_top;
} Core;

static inline int popcount(uint32_t x) { return __builtin_popcount(x); }
static inline int lowest(uint32_t x) { return __builtin_ctz(x); }
/* Python's mask.bit_length() - 1, whose -1 indexes a table's last entry. */
static inline int highest_or_last(uint32_t x) { return x ? 31 - __builtin_clz(x) : CARDS - 1; }

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

static void clear_table(Core *self) {
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
static int band_of(Core *self, int turn, int card, int makers_won) {
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

/* --- the sampler's draw (sampler._UnseenCards.draw) --------------------------------
 *
 * Python's random.Random is a Mersenne Twister; drawing here from a copy of its state
 * (rng.getstate()) with the same calls (shuffle, randrange) gives the very deals the
 * Python code draws, and the state handed back leaves the generator where it would be. */

static int read_ints(PyObject *sequence, int *out, int count, int low, int bound, const char *what);
static int read_mask(PyObject *value, uint32_t *out);

#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t mt[MT_N];
    int index;
} Twister;

static uint32_t twister_next(Twister *t) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y;
    if (t->index >= MT_N) {
        int k;
        for (k = 0; k < MT_N - MT_M; k++) {
            y = (t->mt[k] & 0x80000000U) | (t->mt[k + 1] & 0x7fffffffU);
            t->mt[k] = t->mt[k + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; k < MT_N - 1; k++) {
            y = (t->mt[k] & 0x80000000U) | (t->mt[k + 1] & 0x7fffffffU);
            t->mt[k] = t->mt[k + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (t->mt[MT_N - 1] & 0x80000000U) | (t->mt[0] & 0x7fffffffU);
        t->mt[MT_N - 1] = t->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        t->index = 0;
    }
    y = t->mt[t->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* random.Random._randbelow_with_getrandbits, for 0 < n < 2**31 */
static int below(Twister *t, int n) {
    int k = 32 - __builtin_clz((uint32_t)n);
    uint32_t r = twister_next(t) >> (32 - k);
    while (r >= (uint32_t)n) r = twister_next(t) >> (32 - k);
    return (int)r;
}

static void shuffle(Twister *t, int *x, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = below(t, i + 1), swap = x[i];
        x[i] = x[j];
        x[j] = swap;
    }
}

#define PLACES 5 /* four seats and knowledge.OUT */
#define OUT 4

typedef struct {
    uint32_t holds[PLACES];
    int room[PLACES];
    int free[CARDS], n_free;
    int card[CARDS], allowed[CARDS][4], n_allowed[CARDS], n_constrained;
} Unseen;

/* _UnseenCards.deal: 0 and the world filled in, -1 where the facts could not be met, or
 * -2 where Python's randrange would raise (room that contradicts itself). */
static int deal_one(const Unseen *u, Twister *t, uint32_t *world) {
    int room[PLACES], order[CARDS], free[CARDS];
    memcpy(world, u->holds, sizeof u->holds);
    memcpy(room, u->room, sizeof room);
    for (int i = 0; i < u->n_constrained; i++) order[i] = i;
    shuffle(t, order, u->n_constrained);
    /* sort by the number of seats allowed, stably (list.sort) */
    for (int i = 1; i < u->n_constrained; i++) {
        int item = order[i], j = i - 1;
        while (j >= 0 && u->n_allowed[order[j]] > u->n_allowed[item]) {
            order[j + 1] = order[j];
            j--;
        }
        order[j + 1] = item;
    }
    for (int i = 0; i < u->n_constrained; i++) {
        int c = order[i], places[PLACES], n = 0, total = 0;
        for (int k = 0; k < u->n_allowed[c]; k++)
            if (room[u->allowed[c][k]]) places[n++] = u->allowed[c][k];
        if (room[OUT]) places[n++] = OUT;
        if (!n) return -1;
        for (int k = 0; k < n; k++) total += room[places[k]];
        if (total <= 0) return -2;
        int pick = below(t, total), s = places[0];
        for (int k = 0; k < n; k++) {
            s = places[k];
            pick -= room[s];
            if (pick < 0) break;
        }
        world[s] |= 1u << u->card[c];
        room[s]--;
    }
    int sum = 0;
    for (int s = 0; s < PLACES; s++) {
        if (room[s] < 0) return -1;
        sum += room[s];
    }
    if (sum != u->n_free) return -1;
    memcpy(free, u->free, u->n_free * sizeof(int));
    shuffle(t, free, u->n_free);
    int start = 0;
    for (int s = 0; s < PLACES; s++)
        for (int k = 0; k < room[s]; k++) world[s] |= 1u << free[start++];
    return 0;
}

static PyObject *draw_deals(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *state, *holds, *room, *free, *constrained;
    int tries, wanted;
    if (!PyArg_ParseTuple(args, "OOOOOii", &state, &holds, &room, &free, &constrained, &tries, &wanted)) return NULL;
    Twister t;
    Unseen u;
    PyObject *items = PySequence_Fast(state, "state");
    if (items == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(items) != MT_N + 1) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "state: random.Random's internal state expected");
        return NULL;
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(items, i));
        if (v == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return NULL;
        }
        if (i < MT_N)
            t.mt[i] = (uint32_t)v;
        else
            t.index = v > MT_N ? MT_N : (int)v;
    }
    Py_DECREF(items);
    items = PySequence_Fast(holds, "holds");
    if (items == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(items) != PLACES) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "holds: a mask per place");
        return NULL;
    }
    for (int s = 0; s < PLACES; s++) {
        if (read_mask(PySequence_Fast_GET_ITEM(items, s), &u.holds[s]) < 0) {
            Py_DECREF(items);
            return NULL;
        }
    }
    Py_DECREF(items);
    /* room may be negative where the facts contradict each other (the draw then fails) */
    if (read_ints(room, u.room, PLACES, -CARDS, CARDS + 1, "room") < 0) return NULL;
    Py_ssize_t n = PySequence_Size(free);
    if (n < 0) return NULL;
    if (n > CARDS) {
        PyErr_SetString(PyExc_ValueError, "free: more cards than the deck");
        return NULL;
    }
    u.n_free = (int)n;
    if (read_ints(free, u.free, u.n_free, 0, CARDS, "free") < 0) return NULL;
    items = PySequence_Fast(constrained, "constrained");
    if (items == NULL) return NULL;
    n = PySequence_Fast_GET_SIZE(items);
    if (n > CARDS) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "constrained: more cards than the deck");
        return NULL;
    }
    u.n_constrained = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_Fast(PySequence_Fast_GET_ITEM(items, i), "constrained card");
        if (pair == NULL || PySequence_Fast_GET_SIZE(pair) != 2) {
            Py_XDECREF(pair);
            Py_DECREF(items);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "constrained: (card, seats) pairs");
            return NULL;
        }
        PyObject *seats = PySequence_Fast_GET_ITEM(pair, 1);
        Py_ssize_t count = PySequence_Size(seats);
        long card = PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 0));
        int bad = count < 0 || count > 4 || (card == -1 && PyErr_Occurred()) || card < 0 || card >= CARDS ||
                  read_ints(seats, u.allowed[i], (int)count, 0, 4, "seats") < 0;
        Py_DECREF(pair);
        if (bad) {
            Py_DECREF(items);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "constrained: a card and up to four seats");
            return NULL;
        }
        u.card[i] = (int)card;
        u.n_allowed[i] = (int)count;
    }
    Py_DECREF(items);
    if (wanted < 0 || tries < 0) {
        PyErr_SetString(PyExc_ValueError, "tries and wanted count up");
        return NULL;
    }
    /* the distinct deals in the order first drawn; an open-addressed set finds repeats */
    size_t capacity = 16;
    while (capacity < (size_t)wanted * 2 + 2) capacity *= 2;
    int *seen = PyMem_Malloc(capacity * sizeof(int));
    uint32_t *worlds = PyMem_Malloc(((size_t)wanted + 1) * PLACES * sizeof(uint32_t));
    if (seen == NULL || worlds == NULL) {
        PyMem_Free(seen);
        PyMem_Free(worlds);
        return PyErr_NoMemory();
    }
    for (size_t i = 0; i < capacity; i++) seen[i] = -1;
    int found = 0;
    for (int attempt = 0; attempt < tries && found < wanted; attempt++) {
        uint32_t *world = worlds + (size_t)found * PLACES;
        int dealt = deal_one(&u, &t, world);
        if (dealt == -2) {
            PyMem_Free(seen);
            PyMem_Free(worlds);
            PyErr_SetString(PyExc_ValueError, "empty range for randrange()");
            return NULL;
        }
        if (dealt == 0) {
            uint64_t h = 0;
            for (int s = 0; s < PLACES; s++) h = (h ^ world[s]) * 0x100000001B3ULL;
            size_t i = (size_t)(h ^ (h >> 29)) & (capacity - 1);
            int repeat = 0;
            while (seen[i] >= 0) {
                if (!memcmp(worlds + (size_t)seen[i] * PLACES, world, PLACES * sizeof(uint32_t))) {
                    repeat = 1;
                    break;
                }
                i = (i + 1) & (capacity - 1);
            }
            if (!repeat) seen[i] = found++;
        }
    }
    PyMem_Free(seen);
    PyObject *out = PyList_New(found), *mt = PyTuple_New(MT_N + 1);
    for (int w = 0; out && mt && w < found; w++) {
        PyObject *world = PyList_New(PLACES);
        if (world == NULL) {
            Py_CLEAR(out);
            break;
        }
        for (int s = 0; s < PLACES; s++) PyList_SET_ITEM(world, s, PyLong_FromUnsignedLong(worlds[w * PLACES + s]));
        PyList_SET_ITEM(out, w, world);
    }
    PyMem_Free(worlds);
    for (int i = 0; out && mt && i <= MT_N; i++)
        PyTuple_SET_ITEM(mt, i, PyLong_FromUnsignedLong(i < MT_N ? t.mt[i] : (unsigned long)t.index));
    if (out == NULL || mt == NULL) {
        Py_XDECREF(out);
        Py_XDECREF(mt);
        return NULL;
    }
    return Py_BuildValue("(NN)", out, mt);
}

/* --- reading the bidding (sampler._BidReader, bidding_model.likelihood) ------------
 *
 * The same sums and products in the same order as the Python code: the point counts are
 * sums of quarter points (exact in any order), the rest is done step for step, so both
 * cores weigh every deal alike to the last bit. */

typedef struct {
    double values[CARDS]; /* point_count.card_points */
    uint32_t trumps, sides[3];
    int power[CARDS], suit_of[CARDS], rank[CARDS];
} PointTable;

typedef struct {
    int suit;
    uint32_t up_bit;
    double offset, threshold, spread;
    int taken;
} Factor;

#define VOID_VALUE 0.5
#define VOIDS_NEED_TRUMPS 2
#define ACE 14

static double mask_points(const PointTable *t, uint32_t mask) {
    double points = 0.0;
    for (uint32_t rest = mask; rest; rest &= rest - 1) points += t->values[lowest(rest)];
    if (popcount(mask & t->trumps) >= VOIDS_NEED_TRUMPS)
        points += VOID_VALUE * (!(mask & t->sides[0]) + !(mask & t->sides[1]) + !(mask & t->sides[2]));
    return points;
}

/* novice.choose_discard among all six: the least of (trump?, suit length, rank) keys. */
static double dealer_points(const PointTable *t, uint32_t six) {
    int best = -1, best_key[3] = {0, 0, 0};
    for (uint32_t rest = six; rest; rest &= rest - 1) {
        int card = lowest(rest), key[3];
        if (t->trumps >> card & 1) {
            key[0] = 2, key[1] = 0, key[2] = t->power[card];
        } else if (t->rank[card] == ACE) {
            key[0] = 1, key[1] = 0, key[2] = 0;
        } else {
            uint32_t suit = 0;
            for (int k = 0; k < 3; k++)
                if (t->sides[k] >> card & 1) suit = t->sides[k];
            key[0] = 0, key[1] = popcount(six & suit), key[2] = t->rank[card];
        }
        if (best < 0 || key[0] < best_key[0] || (key[0] == best_key[0] && key[1] < best_key[1]) ||
            (key[0] == best_key[0] && key[1] == best_key[1] && key[2] < best_key[2])) {
            best = card;
            memcpy(best_key, key, sizeof key);
        }
    }
    return mask_points(t, six & ~(1u << best));
}

static double sigmoid(double x) {
    double clamped = x < 30.0 ? x : 30.0;
    clamped = clamped > -30.0 ? clamped : -30.0;
    return 1.0 / (1.0 + exp(-clamped));
}

static int read_double(PyObject *value, double *out) {
    *out = PyFloat_AsDouble(value);
    return (*out == -1.0 && PyErr_Occurred()) ? -1 : 0;
}

static int read_tables(PyObject *tables, PointTable *out) {
    PyObject *items = PySequence_Fast(tables, "tables");
    if (items == NULL) return -1;
    int rc = PySequence_Fast_GET_SIZE(items) == 4 ? 0 : -1;
    if (rc < 0) PyErr_SetString(PyExc_ValueError, "tables: one per suit");
    for (int suit = 0; rc == 0 && suit < 4; suit++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(items, suit), "suit table");
        PointTable *t = &out[suit];
        if (row == NULL || PySequence_Fast_GET_SIZE(row) != 6) {
            if (row != NULL) PyErr_SetString(PyExc_ValueError, "a suit table: values, trumps, sides, power, suit_of, rank");
            Py_XDECREF(row);
            rc = -1;
            break;
        }
        PyObject *values = PySequence_Fast(PySequence_Fast_GET_ITEM(row, 0), "values");
        if (values == NULL || PySequence_Fast_GET_SIZE(values) != CARDS) {
            if (values != NULL) PyErr_SetString(PyExc_ValueError, "values: one per card");
            rc = -1;
        }
        for (int card = 0; rc == 0 && card < CARDS; card++)
            rc = read_double(PySequence_Fast_GET_ITEM(values, card), &t->values[card]);
        Py_XDECREF(values);
        int sides[3];
        if (rc == 0) rc = read_mask(PySequence_Fast_GET_ITEM(row, 1), &t->trumps);
        if (rc == 0) rc = read_ints(PySequence_Fast_GET_ITEM(row, 2), sides, 3, 0, 1 << CARDS, "sides");
        if (rc == 0) rc = read_ints(PySequence_Fast_GET_ITEM(row, 3), t->power, CARDS, 0, 1000, "power");
        if (rc == 0) rc = read_ints(PySequence_Fast_GET_ITEM(row, 4), t->suit_of, CARDS, 0, SLOTS, "suit_of");
        if (rc == 0) rc = read_ints(PySequence_Fast_GET_ITEM(row, 5), t->rank, CARDS, 0, 100, "rank");
        for (int k = 0; rc == 0 && k < 3; k++) t->sides[k] = (uint32_t)sides[k];
        Py_DECREF(row);
    }
    Py_DECREF(items);
    return rc;
}

/* One seat's factors: (suit, up_bit, offset, threshold, spread, taken) each. */
static Factor *read_factors(PyObject *sequence, Py_ssize_t *count) {
    PyObject *items = PySequence_Fast(sequence, "factors");
    if (items == NULL) return NULL;
    *count = PySequence_Fast_GET_SIZE(items);
    Factor *factors = PyMem_Malloc((*count + 1) * sizeof(Factor));
    if (factors == NULL) {
        Py_DECREF(items);
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < *count; i++) {
        PyObject *f = PySequence_Fast(PySequence_Fast_GET_ITEM(items, i), "factor");
        int ok = f != NULL && PySequence_Fast_GET_SIZE(f) == 6;
        Factor *out = &factors[i];
        long suit = ok ? PyLong_AsLong(PySequence_Fast_GET_ITEM(f, 0)) : -1;
        ok = ok && suit >= 0 && suit < 4 && read_mask(PySequence_Fast_GET_ITEM(f, 1), &out->up_bit) == 0 &&
             read_double(PySequence_Fast_GET_ITEM(f, 2), &out->offset) == 0 &&
             read_double(PySequence_Fast_GET_ITEM(f, 3), &out->threshold) == 0 &&
             read_double(PySequence_Fast_GET_ITEM(f, 4), &out->spread) == 0;
        int taken = ok ? PyObject_IsTrue(PySequence_Fast_GET_ITEM(f, 5)) : -1;
        Py_XDECREF(f);
        if (!ok || taken < 0 || out->spread == 0.0) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a factor: (suit, up_bit, offset, threshold, spread, taken)");
            PyMem_Free(factors);
            Py_DECREF(items);
            return NULL;
        }
        out->suit = (int)suit;
        out->taken = taken;
    }
    Py_DECREF(items);
    return factors;
}

/* bid_likelihoods(worlds, played_by, not_dealt, seats, tables): for each world, the
 * product over seats (in the order given) of each seat's bidding likelihood. */
static PyObject *bid_likelihoods(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *worlds, *played, *not_dealt, *seats, *tables;
    if (!PyArg_ParseTuple(args, "OOOOO", &worlds, &played, &not_dealt, &seats, &tables)) return NULL;
    PointTable table[4];
    uint32_t played_by[4], undealt[4];
    if (read_tables(tables, table) < 0) return NULL;
    for (int pass = 0; pass < 2; pass++) {
        PyObject *items = PySequence_Fast(pass ? not_dealt : played, "a mask per seat");
        if (items == NULL) return NULL;
        int rc = PySequence_Fast_GET_SIZE(items) == 4 ? 0 : -1;
        if (rc < 0) PyErr_SetString(PyExc_ValueError, "a mask per seat");
        for (int s = 0; rc == 0 && s < 4; s++)
            rc = read_mask(PySequence_Fast_GET_ITEM(items, s), pass ? &undealt[s] : &played_by[s]);
        Py_DECREF(items);
        if (rc < 0) return NULL;
    }
    PyObject *readers = PySequence_Fast(seats, "seats");
    if (readers == NULL) return NULL;
    Py_ssize_t n_seats = PySequence_Fast_GET_SIZE(readers);
    if (n_seats > 4) {
        Py_DECREF(readers);
        PyErr_SetString(PyExc_ValueError, "seats: four at most");
        return NULL;
    }
    int seat_of[4];
    Factor *factors[4] = {NULL, NULL, NULL, NULL};
    Py_ssize_t n_factors[4] = {0, 0, 0, 0};
    PyObject *out = NULL, *items = NULL;
    for (Py_ssize_t k = 0; k < n_seats; k++) {
        PyObject *pair = PySequence_Fast(PySequence_Fast_GET_ITEM(readers, k), "(seat, factors)");
        long seat = (pair && PySequence_Fast_GET_SIZE(pair) == 2) ? PyLong_AsLong(PySequence_Fast_GET_ITEM(pair, 0)) : -1;
        if (seat < 0 || seat > 3) {
            Py_XDECREF(pair);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "seats: (seat, factors) pairs");
            goto done;
        }
        seat_of[k] = (int)seat;
        factors[k] = read_factors(PySequence_Fast_GET_ITEM(pair, 1), &n_factors[k]);
        Py_DECREF(pair);
        if (factors[k] == NULL) goto done;
    }
    items = PySequence_Fast(worlds, "worlds");
    if (items == NULL) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    out = PyList_New(n);
    for (Py_ssize_t w = 0; out && w < n; w++) {
        PyObject *world = PySequence_Fast(PySequence_Fast_GET_ITEM(items, w), "world");
        uint32_t hands[4];
        int rc = world && PySequence_Fast_GET_SIZE(world) >= 4 ? 0 : -1;
        if (rc < 0 && world) PyErr_SetString(PyExc_ValueError, "a world: a hand per seat");
        for (int s = 0; rc == 0 && s < 4; s++) rc = read_mask(PySequence_Fast_GET_ITEM(world, s), &hands[s]);
        Py_XDECREF(world);
        if (rc < 0) {
            Py_CLEAR(out);
            break;
        }
        double total = 1.0;
        for (Py_ssize_t k = 0; k < n_seats; k++) {
            int seat = seat_of[k];
            uint32_t dealt = (hands[seat] | played_by[seat]) & ~undealt[seat];
            double result = 1.0;
            for (Py_ssize_t i = 0; i < n_factors[k]; i++) {
                const Factor *f = &factors[k][i];
                const PointTable *t = &table[f->suit];
                double points = (f->up_bit ? dealer_points(t, dealt | f->up_bit) : mask_points(t, dealt)) + f->offset;
                double p = sigmoid((points - f->threshold) / f->spread);
                result *= f->taken ? p : 1.0 - p;
            }
            total *= result;
        }
        PyObject *value = PyFloat_FromDouble(total);
        if (value == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, w, value);
    }
done:
    Py_XDECREF(items);
    Py_DECREF(readers);
    for (int k = 0; k < 4; k++) PyMem_Free(factors[k]);
    return out;
}

/* --- weighing the deals by the play (sampler._play_likelihood, habits.habit_likelihood) - */

typedef struct {
    int seat;
    uint32_t held_after, odd;
    double factor;
} PlayRead;

typedef struct {
    int seat, trump_lead, is_maker;
    uint32_t held_after, odd, trumps, top_bit, plain;
} HabitRead;

enum { LEAD_NOTHING = 0, LEAD_AGAINST = 1, LEAD_OR_NO_SIDE_CARD = 2 };

/* habits.HabitRead.fits */
static int habit_fits(const HabitRead *r, uint32_t held) {
    if (held & r->odd) return 0;
    if (r->trump_lead == LEAD_NOTHING) return 1;
    int leads = (held & r->trumps) &&
                ((held & r->top_bit) || (r->is_maker && popcount(held & r->trumps) >= CALLER_LEADS_TRUMP_WITH));
    return r->trump_lead == LEAD_AGAINST ? !leads : leads || !(held & r->plain);
}

/* Each item of sequence as a tuple of count ints (masks, seats, flags), into fields. */
static int read_records(PyObject *sequence, Py_ssize_t *n, int count, uint32_t **fields) {
    PyObject *items = PySequence_Fast(sequence, "records");
    if (items == NULL) return -1;
    *n = PySequence_Fast_GET_SIZE(items);
    *fields = PyMem_Malloc((*n + 1) * count * sizeof(uint32_t));
    if (*fields == NULL) {
        Py_DECREF(items);
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < *n; i++) {
        PyObject *record = PySequence_Fast(PySequence_Fast_GET_ITEM(items, i), "record");
        int rc = record && PySequence_Fast_GET_SIZE(record) == count ? 0 : -1;
        if (rc < 0 && record) PyErr_SetString(PyExc_ValueError, "a record of the wrong length");
        for (int k = 0; rc == 0 && k < count; k++) {
            rc = read_mask(PySequence_Fast_GET_ITEM(record, k), &(*fields)[i * count + k]);
        }
        Py_XDECREF(record);
        if (rc < 0) {
            PyMem_Free(*fields);
            *fields = NULL;
            Py_DECREF(items);
            return -1;
        }
    }
    Py_DECREF(items);
    return 0;
}

/* deal_weights(worlds, bids, plays, factors, reads, stray): bid * play * habit likelihood
 * per world; plays as (seat, held_after, odd) with a factor each, reads as (seat,
 * held_after, odd, trump_lead, trumps, top_bit, is_maker, plain). */
static PyObject *deal_weights(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *worlds, *bids, *plays, *factors, *reads;
    double stray;
    if (!PyArg_ParseTuple(args, "OOOOOd", &worlds, &bids, &plays, &factors, &reads, &stray)) return NULL;
    Py_ssize_t n_plays, n_reads;
    uint32_t *play_fields = NULL, *read_fields = NULL;
    PlayRead *play = NULL;
    HabitRead *read = NULL;
    PyObject *out = NULL, *items = NULL, *bid_items = NULL;
    if (read_records(plays, &n_plays, 3, &play_fields) < 0 || read_records(reads, &n_reads, 8, &read_fields) < 0)
        goto done;
    play = PyMem_Malloc((n_plays + 1) * sizeof(PlayRead));
    read = PyMem_Malloc((n_reads + 1) * sizeof(HabitRead));
    if (play == NULL || read == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    PyObject *factor_items = PySequence_Fast(factors, "factors");
    if (factor_items == NULL) goto done;
    if (PySequence_Fast_GET_SIZE(factor_items) != n_plays) {
        Py_DECREF(factor_items);
        PyErr_SetString(PyExc_ValueError, "a factor per play");
        goto done;
    }
    for (Py_ssize_t i = 0; i < n_plays; i++) {
        uint32_t *f = &play_fields[i * 3];
        play[i] = (PlayRead){.seat = (int)f[0], .held_after = f[1], .odd = f[2]};
        play[i].factor = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(factor_items, i));
        if ((play[i].factor == -1.0 && PyErr_Occurred()) || play[i].seat > 3) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a play's seat is 0 to 3");
            Py_DECREF(factor_items);
            goto done;
        }
    }
    Py_DECREF(factor_items);
    for (Py_ssize_t i = 0; i < n_reads; i++) {
        uint32_t *f = &read_fields[i * 8];
        read[i] = (HabitRead){.seat = (int)f[0], .held_after = f[1], .odd = f[2], .trump_lead = (int)f[3],
                              .trumps = f[4], .top_bit = f[5], .is_maker = f[6] != 0, .plain = f[7]};
        if (read[i].seat > 3 || read[i].trump_lead > LEAD_OR_NO_SIDE_CARD) {
            PyErr_SetString(PyExc_ValueError, "a read's seat is 0 to 3, its trump_lead 0 to 2");
            goto done;
        }
    }
    items = PySequence_Fast(worlds, "worlds");
    bid_items = items ? PySequence_Fast(bids, "bids") : NULL;
    if (bid_items == NULL) goto done;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (PySequence_Fast_GET_SIZE(bid_items) != n) {
        PyErr_SetString(PyExc_ValueError, "a bid likelihood per world");
        goto done;
    }
    out = PyList_New(n);
    for (Py_ssize_t w = 0; out && w < n; w++) {
        PyObject *world = PySequence_Fast(PySequence_Fast_GET_ITEM(items, w), "world");
        uint32_t hands[4];
        double bid = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(bid_items, w));
        int rc = world && PySequence_Fast_GET_SIZE(world) >= 4 && !(bid == -1.0 && PyErr_Occurred()) ? 0 : -1;
        if (rc < 0 && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a world: a hand per seat");
        for (int s = 0; rc == 0 && s < 4; s++) rc = read_mask(PySequence_Fast_GET_ITEM(world, s), &hands[s]);
        Py_XDECREF(world);
        if (rc < 0) {
            Py_CLEAR(out);
            break;
        }
        double by_play = 1.0, by_habit = 1.0;
        for (Py_ssize_t i = 0; i < n_plays; i++)
            if ((hands[play[i].seat] | play[i].held_after) & play[i].odd) by_play *= play[i].factor;
        for (Py_ssize_t i = 0; i < n_reads; i++)
            if (!habit_fits(&read[i], hands[read[i].seat] | read[i].held_after)) by_habit *= stray;
        PyObject *value = PyFloat_FromDouble(bid * by_play * by_habit);
        if (value == NULL) {
            Py_CLEAR(out);
            break;
        }
        PyList_SET_ITEM(out, w, value);
    }
done:
    Py_XDECREF(items);
    Py_XDECREF(bid_items);
    PyMem_Free(play_fields);
    PyMem_Free(read_fields);
    PyMem_Free(play);
    PyMem_Free(read);
    return out;
}

/* --- the Python interface --------------------------------------------------------- */

static int read_ints(PyObject *sequence, int *out, int count, int low, int bound, const char *what) {
    PyObject *items = PySequence_Fast(sequence, what);
    if (items == NULL) return -1;
    if (PySequence_Fast_GET_SIZE(items) != count) {
        PyErr_Format(PyExc_ValueError, "%s: %d values expected", what, count);
        Py_DECREF(items);
        return -1;
    }
    for (int i = 0; i < count; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(items, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(items);
            return -1;
        }
        if (v < low || v >= bound) {
            PyErr_Format(PyExc_ValueError, "%s: %ld is out of range", what, v);
            Py_DECREF(items);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(items);
    return 0;
}

static int read_mask(PyObject *value, uint32_t *out) {
    unsigned long v = PyLong_AsUnsignedLong(value);
    if (v == (unsigned long)-1 && PyErr_Occurred()) return -1;
    if (v >> CARDS) {
        PyErr_SetString(PyExc_ValueError, "a card mask holds bits beyond the deck");
        return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

static int check_seat(int seat) {
    if (seat < 0 || seat > 3) {
        PyErr_SetString(PyExc_ValueError, "a seat is 0 to 3");
        return -1;
    }
    return 0;
}

/* Core(power, suit_of, trump, makers_team, active, habitual_seats, maker, trumps, plain,
 *      plain_aces, top_bit): power and suit_of by card index (masks.TrumpTables); the
 * habits' sets as masks (habitual_seats empty when no seat plays by habit). */
static int Core_init(Core *self, PyObject *args, PyObject *kwargs) {
    static char *names[] = {"power", "suit_of", "trump", "makers_team", "active", "habitual_seats",
                            "maker", "trumps", "plain", "plain_aces", "top_bit", NULL};
    PyObject *power, *suit_of, *active, *habitual, *trumps, *plain, *aces, *top;
    int trump, makers, maker;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOiiOOiOOOO", names, &power, &suit_of, &trump, &makers, &active,
                                     &habitual, &maker, &trumps, &plain, &aces, &top))
        return -1;
    if (read_ints(power, self->power, CARDS, 0, 1000, "power") < 0) return -1;
    if (read_ints(suit_of, self->suit_of, CARDS, 0, SLOTS, "suit_of") < 0) return -1;
    if (trump < 0 || trump >= SLOTS || makers < 0 || makers > 1 || check_seat(maker) < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "trump or makers out of range");
        return -1;
    }
    self->trump = trump;
    self->makers = makers;
    self->habit_maker = maker;
    if (read_mask(trumps, &self->habit_trumps) < 0 || read_mask(plain, &self->habit_plain) < 0 ||
        read_mask(aces, &self->habit_aces) < 0 || read_mask(top, &self->habit_top) < 0)
        return -1;
    /* each suit's cards, strongest first (stable: ties keep index order, as sorted() does) */
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
    /* the active seats, sorted, and each seat's next active seat */
    int is_active[4] = {0, 0, 0, 0};
    PyObject *seats = PySequence_Fast(active, "active");
    if (seats == NULL) return -1;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seats);
    for (Py_ssize_t i = 0; i < count; i++) {
        long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(seats, i));
        if ((s == -1 && PyErr_Occurred()) || check_seat((int)s) < 0) {
            Py_DECREF(seats);
            return -1;
        }
        is_active[s] = 1;
    }
    Py_DECREF(seats);
    self->n_active = 0;
    for (int s = 0; s < 4; s++)
        if (is_active[s]) self->active[self->n_active++] = s;
    if (self->n_active < 2) {
        PyErr_SetString(PyExc_ValueError, "at least two seats play");
        return -1;
    }
    for (int s = 0; s < 4; s++) {
        int next = (s + 1) % 4;
        while (!is_active[next]) next = (next + 1) % 4;
        self->next_seat[s] = next;
    }
    memset(self->habitual, 0, sizeof self->habitual);
    self->any_habitual = 0;
    PyObject *habit_seats = PySequence_Fast(habitual, "habitual_seats");
    if (habit_seats == NULL) return -1;
    count = PySequence_Fast_GET_SIZE(habit_seats);
    for (Py_ssize_t i = 0; i < count; i++) {
        long s = PyLong_AsLong(PySequence_Fast_GET_ITEM(habit_seats, i));
        if ((s == -1 && PyErr_Occurred()) || check_seat((int)s) < 0) {
            Py_DECREF(habit_seats);
            return -1;
        }
        self->habitual[s] = 1;
        self->any_habitual = 1;
    }
    Py_DECREF(habit_seats);
    memset(self->hands, 0, sizeof self->hands);
    self->trick_len = 0;
    self->nodes = 0;
    if (self->table == NULL) {
        self->capacity = 1024;
        self->table = PyMem_Calloc(self->capacity, sizeof(Entry));
        if (self->table == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->generation = 1;
    }
    clear_table(self);
    return 0;
}

static void Core_dealloc(Core *self) {
    PyMem_Free(self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

/* A Core made by __new__ alone has no table to search with. */
static int ready(const Core *self) {
    if (self->table != NULL) return 0;
    PyErr_SetString(PyExc_RuntimeError, "Core.__init__ was not called");
    return -1;
}

static PyObject *Core_set_position(Core *self, PyObject *args) {
    PyObject *hands, *trick;
    if (ready(self) < 0 || !PyArg_ParseTuple(args, "OO", &hands, &trick)) return NULL;
    PyObject *items = PySequence_Fast(hands, "hands");
    if (items == NULL) return NULL;
    if (PySequence_Fast_GET_SIZE(items) != 4) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "hands: one mask per seat");
        return NULL;
    }
    uint32_t masks[4];
    for (int s = 0; s < 4; s++) {
        if (read_mask(PySequence_Fast_GET_ITEM(items, s), &masks[s]) < 0) {
            Py_DECREF(items);
            return NULL;
        }
    }
    Py_DECREF(items);
    items = PySequence_Fast(trick, "trick");
    if (items == NULL) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(items);
    if (n >= self->n_active) {
        Py_DECREF(items);
        PyErr_SetString(PyExc_ValueError, "trick: more plays than a trick holds");
        return NULL;
    }
    int seats[4], cards[4];
    for (Py_ssize_t k = 0; k < n; k++) {
        int play[2];
        if (read_ints(PySequence_Fast_GET_ITEM(items, k), play, 2, 0, CARDS, "trick play") < 0 ||
            check_seat(play[0]) < 0) {
            Py_DECREF(items);
            return NULL;
        }
        seats[k] = play[0];
        cards[k] = play[1];
    }
    Py_DECREF(items);
    memcpy(self->hands, masks, sizeof masks);
    memcpy(self->trick_seat, seats, sizeof seats);
    memcpy(self->trick_card, cards, sizeof cards);
    self->trick_len = (int)n;
    clear_table(self);
    Py_RETURN_NONE;
}

static int parse_turn(PyObject *args, int *turn, int *makers_won, int with_won) {
    if (with_won ? !PyArg_ParseTuple(args, "ii", turn, makers_won) : !PyArg_ParseTuple(args, "i", turn)) return -1;
    return check_seat(*turn);
}

static int set_item(PyObject *dict, int card, int value) {
    PyObject *k = PyLong_FromLong(card), *v = PyLong_FromLong(value);
    int rc = (k && v) ? PyDict_SetItem(dict, k, v) : -1;
    Py_XDECREF(k);
    Py_XDECREF(v);
    return rc;
}

/* move_values (makers_won < 0) or move_outcomes: a value per legal card, twins last. */
static PyObject *per_move(Core *self, int turn, int makers_won) {
    int moves[CARDS], twins[2 * CARDS], n_twins, values[CARDS];
    if (ready(self) < 0) return NULL;
    if (!self->hands[turn]) {
        PyErr_SetString(PyExc_ValueError, "the seat to play holds no card");
        return NULL;
    }
    int n = moves_with_twins(self, turn, moves, twins, &n_twins);
    int remaining = popcount(self->hands[turn]) + (self->trick_len ? 1 : 0);
    PyObject *out = PyDict_New();
    if (out == NULL) return NULL;
    for (int k = 0; k < n; k++) {
        int v = makers_won < 0 ? value_after(self, turn, moves[k], 0, remaining + 1)
                               : band_of(self, turn, moves[k], makers_won);
        if (v < 0 || set_item(out, moves[k], v) < 0) {
            Py_DECREF(out);
            return NULL;
        }
        values[moves[k]] = v;
    }
    for (int k = 0; k < n_twins; k++) {
        if (set_item(out, twins[2 * k], values[twins[2 * k + 1]]) < 0) {
            Py_DECREF(out);
            return NULL;
        }
    }
    return out;
}

static PyObject *Core_move_values(Core *self, PyObject *args) {
    int turn, unused;
    if (parse_turn(args, &turn, &unused, 0) < 0) return NULL;
    return per_move(self, turn, -1);
}

static PyObject *Core_move_outcomes(Core *self, PyObject *args) {
    int turn, makers_won;
    if (parse_turn(args, &turn, &makers_won, 1) < 0) return NULL;
    if (makers_won < 0 || makers_won > MARCH) {
        PyErr_SetString(PyExc_ValueError, "makers_won is 0 to 5");
        return NULL;
    }
    return per_move(self, turn, makers_won);
}

static PyObject *Core_band(Core *self, PyObject *args) {
    int turn, makers_won;
    if (parse_turn(args, &turn, &makers_won, 1) < 0) return NULL;
    if (makers_won < 0 || makers_won > MARCH) {
        PyErr_SetString(PyExc_ValueError, "makers_won is 0 to 5");
        return NULL;
    }
    if (ready(self) < 0) return NULL;
    int band = band_of(self, turn, -1, makers_won);
    return band < 0 ? NULL : PyLong_FromLong(band);
}

static PyObject *Core_get_nodes(Core *self, void *closure) {
    (void)closure;
    return PyLong_FromLongLong(self->nodes);
}

static PyMethodDef Core_methods[] = {
    {"set_position", (PyCFunction)Core_set_position, METH_VARARGS,
     "Hands as bitmasks by seat, and the current trick as (seat, card index) pairs."},
    {"move_values", (PyCFunction)Core_move_values, METH_VARARGS, "The makers' tricks from here for each legal card."},
    {"move_outcomes", (PyCFunction)Core_move_outcomes, METH_VARARGS, "The scoring band each legal card leads to."},
    {"band", (PyCFunction)Core_band, METH_VARARGS, "The scoring band from here."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "positions searched so far", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "euchre_qt.engine.ai._search.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "The double-dummy solver's search (see solver.py).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static PyMethodDef module_methods[] = {
    {"bid_likelihoods", bid_likelihoods, METH_VARARGS,
     "bid_likelihoods(worlds, played_by, not_dealt, seats, tables) -> likelihoods: sampler._BidReader.weights."},
    {"deal_weights", deal_weights, METH_VARARGS,
     "deal_weights(worlds, bids, plays, factors, reads, stray) -> weights: sample_worlds' weighing."},
    {"draw_deals", draw_deals, METH_VARARGS,
     "draw_deals(state, holds, room, free, constrained, tries, wanted) -> (deals, state): sampler._UnseenCards.draw."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef search_module = {
    PyModuleDef_HEAD_INIT, "_search", "The double-dummy solver and the sampler's draw in C (see solver.py, sampler.py).",
    -1, module_methods, NULL, NULL, NULL, NULL,
};

/* The build names the source it compiled (hatch_build.source_digest): core.py refuses a
   module built from another version of this file (an editable install not rebuilt). */
#ifndef SOURCE_DIGEST
#define SOURCE_DIGEST ""
#endif

PyMODINIT_FUNC PyInit__search(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *module = PyModule_Create(&search_module);
    if (module == NULL) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddStringConstant(module, "SOURCE_DIGEST", SOURCE_DIGEST) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
