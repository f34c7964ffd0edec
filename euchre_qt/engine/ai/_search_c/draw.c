/* The sampler's draw (sampler._UnseenCards.draw) in C.
 *
 * Python's random.Random is a Mersenne Twister; drawing here from a copy of its state
 * (rng.getstate()) with the same calls (shuffle, randrange) gives the very deals the
 * Python code draws, and the state handed back leaves the generator where it would be. */
#include "search.h"

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

PyObject *draw_deals(PyObject *module, PyObject *args) {
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
