/* The Python interface of the compiled search core: the argument readers the other
 * files share, the Core type (the solver, solver.c) and the module _search with the
 * sampler's functions (draw.c, weighing.c).
 */
#include "search.h"

int read_ints(PyObject *sequence, int *out, int count, int low, int bound, const char *what) {
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

int read_mask(PyObject *value, uint32_t *out) {
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
    if (solver_order_suits(self) < 0) return -1;
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
    solver_clear_table(self);
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
    solver_clear_table(self);
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
    int n = solver_moves(self, turn, moves, twins, &n_twins);
    int remaining = popcount(self->hands[turn]) + (self->trick_len ? 1 : 0);
    PyObject *out = PyDict_New();
    if (out == NULL) return NULL;
    for (int k = 0; k < n; k++) {
        int v = makers_won < 0 ? solver_value_after(self, turn, moves[k], 0, remaining + 1)
                               : solver_band(self, turn, moves[k], makers_won);
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
    int band = solver_band(self, turn, -1, makers_won);
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

/* The build names the sources it compiled (core_sources.source_digest): core.py refuses a
   module built from another version of them (an editable install not rebuilt). */
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
