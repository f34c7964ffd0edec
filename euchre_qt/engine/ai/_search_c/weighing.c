/* The sampled deals weighed in C: how likely the bidding (sampler._BidReader,
 * bidding_model.likelihood) and the play (sampler._play_likelihood,
 * habits.habit_likelihood) were in each.
 */
#include "search.h"

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
PyObject *bid_likelihoods(PyObject *module, PyObject *args) {
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
PyObject *deal_weights(PyObject *module, PyObject *args) {
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
