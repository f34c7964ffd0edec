/* The compiled search core's shared declarations: the solver's state (Core), the small
 * bit helpers, and what each file lends the others.
 *
 *   solver.c    the double-dummy search (solver.PythonSolver, move for move)
 *   draw.c      the sampler's draw of the unseen cards (sampler._UnseenCards.draw)
 *   weighing.c  the deals weighed by the bidding and the play (sampler's weights)
 *   module.c    the Python interface: argument readers, the Core type, the module
 *   constants.h Python's constants, made by scripts/c_constants.py (never edited by hand)
 *
 * The card tables come from masks.trump_tables, never built here. hatch_build.py compiles
 * every .c file here into the one module euchre_qt.engine.ai._search.
 */
#ifndef SEARCH_H
#define SEARCH_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include "constants.h"

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

/* solver.c: the Core type's search (module.c reads the arguments and calls these) */
int solver_order_suits(Core *self);
void solver_clear_table(Core *self);
int solver_moves(const Core *self, int seat, int *moves, int *twins, int *n_twins);
int solver_value_after(Core *self, int seat, int card, int alpha, int beta);
int solver_band(Core *self, int turn, int card, int makers_won);

/* draw.c and weighing.c: module functions */
PyObject *draw_deals(PyObject *module, PyObject *args);
PyObject *bid_likelihoods(PyObject *module, PyObject *args);
PyObject *deal_weights(PyObject *module, PyObject *args);

/* module.c: reading Python's arguments (each sets an exception and returns -1 on bad input) */
int read_ints(PyObject *sequence, int *out, int count, int low, int bound, const char *what);
int read_mask(PyObject *value, uint32_t *out);

#endif
