/* binding.c - the CPython module eights.solver._core (docs/core-interface.md).
 * Argument checks and conversions only; the algorithms live in the other files. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include "eval.h"
#include "binding.h"
#include "rules.h"
#include "search.h"
#include "trained.h"
#include "tt.h"
#include "zobrist.h"

enum { STATE_ITEMS = 11 };

/* ---- the state tuple ---------------------------------------------------- */

static int get_long(PyObject *tuple, Py_ssize_t i, const char *name, long lo, long hi, long *out)
{
    PyObject *item = PyTuple_GET_ITEM(tuple, i);
    if (!PyLong_Check(item)) {
        PyErr_Format(PyExc_TypeError, "state: %s must be an int", name);
        return -1;
    }
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "state: %s must be in %ld..%ld, got %ld", name, lo, hi, v);
        return -1;
    }
    *out = v;
    return 0;
}

static int get_mask(PyObject *item, const char *name, CardSet *out)
{
    if (!PyLong_Check(item)) {
        PyErr_Format(PyExc_TypeError, "state: %s must be an int card mask", name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(item);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "state: %s must be a non-negative 52-bit card mask", name);
        return -1;
    }
    if (v & ~FULL_DECK) {
        PyErr_Format(PyExc_ValueError, "state: %s has bits above card 51", name);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_order(PyObject *obj, CardSet stock, StockOrder *order, int *active)
{
    order->len = 0;
    *active = 0;
    if (obj == Py_None)
        return 0;
    PyObject *seq = PySequence_Fast(obj, "state: order must be a tuple of cards or None");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    CardSet seen = 0;
    int ok = n <= MAX_ORDER;
    for (Py_ssize_t i = 0; ok && i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        long card = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
        if (card < 0 || card >= CARDS || (seen & card_bit((int)card))) {
            ok = 0;
            break;
        }
        seen |= card_bit((int)card);
        order->cards[i] = (uint8_t)card;
    }
    Py_DECREF(seq);
    if (PyErr_Occurred())
        return -1;
    if (!ok || seen != stock) {
        PyErr_SetString(PyExc_ValueError,
                        "state: order must list exactly the stock's cards, each once");
        return -1;
    }
    order->len = (int)n;
    *active = 1;
    return 0;
}

static int parse_state(PyObject *obj, State *s, StockOrder *order)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != STATE_ITEMS) {
        PyErr_SetString(PyExc_TypeError, "state: expected the 11-tuple (hands, upcard, called, turn, "
                        "direction, pending, stock, discard, order, extended, penalised)");
        return -1;
    }
    PyObject *hands_obj = PyTuple_GET_ITEM(obj, 0);
    if (!PyTuple_Check(hands_obj) || PyTuple_GET_SIZE(hands_obj) != SEATS) {
        PyErr_SetString(PyExc_TypeError, "state: hands must be a tuple of 4 card masks");
        return -1;
    }
    CardSet hands[SEATS], stock, discard, placed = 0;
    for (int seat = 0; seat < SEATS; seat++) {
        if (get_mask(PyTuple_GET_ITEM(hands_obj, seat), "a hand", &hands[seat]) < 0)
            return -1;
        if (placed & hands[seat]) {
            PyErr_SetString(PyExc_ValueError, "state: a card is in two hands");
            return -1;
        }
        placed |= hands[seat];
    }
    long upcard, called, turn, direction, pending, penalised;
    if (get_long(obj, 1, "upcard", 0, CARDS - 1, &upcard) < 0
        || get_long(obj, 2, "called", -1, SUITS - 1, &called) < 0
        || get_long(obj, 3, "turn", 0, SEATS - 1, &turn) < 0
        || get_long(obj, 4, "direction", -1, 1, &direction) < 0
        || get_long(obj, 5, "pending", 0, MAX_PENDING, &pending) < 0
        || get_mask(PyTuple_GET_ITEM(obj, 6), "stock", &stock) < 0
        || get_mask(PyTuple_GET_ITEM(obj, 7), "discard", &discard) < 0
        || get_long(obj, 10, "penalised", 0, (1 << SEATS) - 1, &penalised) < 0)
        return -1;
    if (direction == 0 || pending % PENDING_PER_TWO) {
        PyErr_SetString(PyExc_ValueError, "state: direction must be +1 or -1 and pending even");
        return -1;
    }
    if (pending / PENDING_PER_TWO > count_cards(rank_mask(RANK_TWO) & ~placed)) {
        PyErr_Format(PyExc_ValueError, "state: pending %ld needs %ld 2s played, which no hand may hold",
                     pending, pending / PENDING_PER_TWO);
        return -1;
    }
    if (called >= 0 && rank_of((int)upcard) != RANK_EIGHT) {
        PyErr_SetString(PyExc_ValueError, "state: a called suit needs an 8 as the upcard");
        return -1;
    }
    if ((placed & card_bit((int)upcard)) || (stock & (placed | card_bit((int)upcard)))
        || (discard & (placed | stock | card_bit((int)upcard)))) {
        PyErr_SetString(PyExc_ValueError,
                        "state: hands, upcard, stock and discard must not share a card");
        return -1;
    }
    int extended = PyObject_IsTrue(PyTuple_GET_ITEM(obj, 9));
    if (extended < 0)
        return -1;
    int active;
    if (parse_order(PyTuple_GET_ITEM(obj, 8), stock, order, &active) < 0)
        return -1;
    state_init(s, hands, (int)upcard, (int)called, (int)turn, (int)direction, (int)pending,
               stock, discard, active, extended, (int)penalised);
    return 0;
}

/* ---- perft and legal_moves ---------------------------------------------- */

static PyObject *core_perft(PyObject *self, PyObject *args)
{
    PyObject *state_obj;
    int depth;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oi:perft", &state_obj, &depth))
        return NULL;
    if (depth < 0 || depth > MAX_PERFT_DEPTH)
        return PyErr_Format(PyExc_ValueError, "perft: depth must be in 0..%d", MAX_PERFT_DEPTH);
    State s;
    StockOrder order;
    if (parse_state(state_obj, &s, &order) < 0)
        return NULL;
    uint64_t count;
    Py_BEGIN_ALLOW_THREADS
    count = perft(&s, &order, depth);
    Py_END_ALLOW_THREADS
    return PyLong_FromUnsignedLongLong(count);
}

static PyObject *core_legal_moves(PyObject *self, PyObject *state_obj)
{
    (void)self;
    State s;
    StockOrder order;
    if (parse_state(state_obj, &s, &order) < 0)
        return NULL;
    uint16_t moves[MAX_MOVES];
    int n = generate_moves(&s, moves);
    PyObject *list = PyList_New(n);
    if (!list)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *code = PyLong_FromLong(moves[i]);
        if (!code) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, code);
    }
    return list;
}

/* ---- Table -------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    Table table;
} TableObject;

static int table_init(TableObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"mb", NULL};
    Py_ssize_t mb;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "n:Table", kwlist, &mb))
        return -1;
    if (mb < 1 || (size_t)mb > MAX_TABLE_MB) {
        PyErr_Format(PyExc_ValueError, "Table: mb must be in 1..%zu", MAX_TABLE_MB);
        return -1;
    }
    if (self->table.busy) {
        PyErr_SetString(PyExc_RuntimeError, "Table: in use by a search");
        return -1;
    }
    tt_free(&self->table);
    if (tt_init(&self->table, (size_t)mb) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void table_dealloc(TableObject *self)
{
    tt_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *table_clear(TableObject *self, PyObject *unused)
{
    (void)unused;
    if (!self->table.buckets)
        return PyErr_Format(PyExc_RuntimeError, "Table: not initialised");
    if (self->table.busy)
        return PyErr_Format(PyExc_RuntimeError, "Table: in use by a search");
    tt_clear(&self->table);
    Py_RETURN_NONE;
}

static PyObject *table_stats(TableObject *self, PyObject *unused)
{
    (void)unused;
    const Table *t = &self->table;
    return Py_BuildValue("{s:K,s:K,s:K,s:K,s:i,s:K,s:K}",
                         "bytes", (unsigned long long)(t->bucket_count * sizeof(Bucket)),
                         "buckets", (unsigned long long)t->bucket_count,
                         "entries", (unsigned long long)tt_entry_count(t),
                         "used", (unsigned long long)t->used,
                         "generation", (int)t->generation,
                         "probes", (unsigned long long)t->probes,
                         "hits", (unsigned long long)t->hits);
}

static PyMethodDef table_methods[] = {
    {"clear", (PyCFunction)table_clear, METH_NOARGS, "Empty the table."},
    {"stats", (PyCFunction)table_stats, METH_NOARGS, "Size and usage counters."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "eights.solver._core.Table",
    .tp_basicsize = sizeof(TableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Table(mb): a transposition table of a fixed size in MB.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)table_init,
    .tp_dealloc = (destructor)table_dealloc,
    .tp_methods = table_methods,
};

/* ---- Model -------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    TrainedModel model;
    int ready;
} ModelObject;

static int model_init(ModelObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"weights", NULL};
    PyObject *obj;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Model", kwlist, &obj))
        return -1;
    PyObject *seq = PySequence_Fast(obj, "Model: weights must be a sequence of floats");
    if (!seq)
        return -1;
    double weight[TRAINED_FEATURES];
    int ok = PySequence_Fast_GET_SIZE(seq) == TRAINED_FEATURES;
    for (Py_ssize_t i = 0; ok && i < TRAINED_FEATURES; i++) {
        weight[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        ok = !PyErr_Occurred() && isfinite(weight[i]);
    }
    Py_DECREF(seq);
    if (!ok) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "Model: weights must be %d finite floats", TRAINED_FEATURES);
        return -1;
    }
    trained_init(&self->model, weight);
    self->ready = 1;
    return 0;
}

static PyTypeObject ModelType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "eights.solver._core.Model",
    .tp_basicsize = sizeof(ModelObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Model(weights): the trained evaluation's weights (TRAINED_FEATURES floats).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)model_init,
};

/* ---- search ------------------------------------------------------------- */

static PyObject *result_dict(const SearchResult *r)
{
    int previous_count = r->depth > 1 ? r->move_count : 0;
    PyObject *moves = PyList_New(r->move_count), *pv = PyList_New(r->pv_len),
             *previous = PyList_New(previous_count);
    if (!moves || !pv || !previous)
        goto fail;
    for (int i = 0; i < r->move_count; i++) {
        PyObject *pair = Py_BuildValue("(id)", (int)r->moves[i], r->values[i]);
        if (!pair)
            goto fail;
        PyList_SET_ITEM(moves, i, pair);
    }
    for (int i = 0; i < previous_count; i++) {
        PyObject *value = PyFloat_FromDouble(r->previous[i]);
        if (!value)
            goto fail;
        PyList_SET_ITEM(previous, i, value);
    }
    for (int i = 0; i < r->pv_len; i++) {
        PyObject *code = PyLong_FromLong(r->pv[i]);
        if (!code)
            goto fail;
        PyList_SET_ITEM(pv, i, code);
    }
    return Py_BuildValue("{s:i,s:d,s:N,s:N,s:N,s:K,s:O}", "depth", r->depth, "value_ns", r->value,
                         "moves", moves, "previous", previous, "pv", pv,
                         "nodes", (unsigned long long)r->nodes, "stopped", r->stopped ? Py_True : Py_False);
fail:
    Py_XDECREF(moves);
    Py_XDECREF(pv);
    Py_XDECREF(previous);
    return NULL;
}

/* One table of a utility: UTILITY_POINTS finite worths, nondecreasing, within
 * [VALUE_MIN, VALUE_MAX] (utility.h says why); folded into *key (FNV-1a). */
static int parse_worths(PyObject *obj, double *out, const char *name, uint64_t *key)
{
    PyObject *seq = PySequence_Fast(obj, "search: utility tables must be sequences");
    if (!seq)
        return -1;
    if (PySequence_Fast_GET_SIZE(seq) != UTILITY_POINTS) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "search: utility %s needs %d worths (payoffs -%d to %d)",
                     name, UTILITY_POINTS, DECK_POINTS, DECK_POINTS);
        return -1;
    }
    for (int i = 0; i < UTILITY_POINTS; i++) {
        double v = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
        if (!isfinite(v) || v < VALUE_MIN || v > VALUE_MAX || (i > 0 && v < out[i - 1])) {
            Py_DECREF(seq);
            PyErr_Format(PyExc_ValueError, "search: utility %s must be nondecreasing worths in [%d, %d] "
                         "(payoff %d)", name, -DECK_POINTS, DECK_POINTS, i - DECK_POINTS);
            return -1;
        }
        out[i] = v;
        const unsigned char *bytes = (const unsigned char *)&out[i];
        for (size_t b = 0; b < sizeof(double); b++)
            *key = (*key ^ bytes[b]) * 0x100000001b3ULL;
    }
    Py_DECREF(seq);
    return 0;
}

/* The optional utility of a search: None, or (finished, leaf) (binding.h). */
int parse_utility(PyObject *obj, Utility **out)
{
    *out = NULL;
    if (obj == Py_None)
        return 0;
    PyObject *finished, *leaf;
    if (!PyArg_ParseTuple(obj, "OO:utility", &finished, &leaf))
        return -1;
    Utility *u = PyMem_Malloc(sizeof *u);
    if (!u) {
        PyErr_NoMemory();
        return -1;
    }
    u->key = 0xcbf29ce484222325ULL;
    if (parse_worths(finished, u->finished, "finished", &u->key) < 0
        || parse_worths(leaf, u->leaf, "leaf", &u->key) < 0) {
        PyMem_Free(u);
        return -1;
    }
    *out = u;
    return 0;
}

static PyObject *core_search(PyObject *self, PyObject *args)
{
    PyObject *table_obj, *state_obj, *model_obj = Py_None, *utility_obj = Py_None;
    int depth, leaf;
    long long time_ms, node_limit;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!OiLLi|OO:search", &TableType, &table_obj, &state_obj, &depth,
                          &time_ms, &node_limit, &leaf, &model_obj, &utility_obj))
        return NULL;
    if (depth < 1 || depth > MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "search: depth must be in 1..%d", MAX_DEPTH);
    if (time_ms < 0 || node_limit < 0)
        return PyErr_Format(PyExc_ValueError, "search: time_ms and node_limit must be >= 0");
    if (leaf < 0 || leaf >= LEAF_MODES)
        return PyErr_Format(PyExc_ValueError, "search: leaf must be 0, 1, 2 or 3");
    const TrainedModel *model = NULL;
    if (leaf == LEAF_TRAINED) {
        if (!PyObject_TypeCheck(model_obj, &ModelType) || !((ModelObject *)model_obj)->ready)
            return PyErr_Format(PyExc_TypeError, "search: leaf 3 (trained) needs a Model");
        model = &((ModelObject *)model_obj)->model;
    }
    State s;
    StockOrder order;
    if (parse_state(state_obj, &s, &order) < 0)
        return NULL;
    if (state_is_over(&s))
        return PyErr_Format(PyExc_ValueError, "search: the deal is over");
    TableObject *table = (TableObject *)table_obj;
    if (!table->table.buckets)
        return PyErr_Format(PyExc_RuntimeError, "search: the table is not initialised");
    if (table->table.busy)
        return PyErr_Format(PyExc_RuntimeError, "search: the table is in use by another search");
    Utility *utility;
    if (parse_utility(utility_obj, &utility) < 0)
        return NULL;
    SearchLimits limits = {depth, time_ms, (uint64_t)node_limit, {leaf, model}, utility};
    SearchResult *result = PyMem_Malloc(sizeof *result);
    if (!result) {
        PyMem_Free(utility);
        return PyErr_NoMemory();
    }
    Py_INCREF(table_obj);
    Py_INCREF(model_obj);
    table->table.busy = 1;
    Py_BEGIN_ALLOW_THREADS
    search_run(&table->table, &s, &order, &limits, result);
    Py_END_ALLOW_THREADS
    table->table.busy = 0;
    Py_DECREF(model_obj);
    Py_DECREF(table_obj);
    PyObject *dict = result_dict(result);
    PyMem_Free(result);
    PyMem_Free(utility);
    return dict;
}

/* ---- the module --------------------------------------------------------- */

static PyMethodDef core_methods[] = {
    {"perft", core_perft, METH_VARARGS, "perft(state, depth) -> int, as engine.perft.perft."},
    {"legal_moves", core_legal_moves, METH_O, "legal_moves(state) -> list of move codes."},
    {"search", core_search, METH_VARARGS,
     "search(table, state, depth, time_ms, node_limit, leaf, model=None, utility=None) -> dict (GIL released)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef core_module = {
    PyModuleDef_HEAD_INIT, "eights.solver._core",
    "The native core of the eights solver (docs/core-interface.md).", -1, core_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__core(void)
{
    zobrist_init();
    cards_init();
    trained_tables_init();
    if (PyType_Ready(&TableType) < 0 || PyType_Ready(&ModelType) < 0)
        return NULL;
    PyObject *module = PyModule_Create(&core_module);
    if (!module)
        return NULL;
    Py_INCREF(&TableType);
    if (PyModule_AddObject(module, "Table", (PyObject *)&TableType) < 0) {
        Py_DECREF(&TableType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&ModelType);
    if (PyModule_AddObject(module, "Model", (PyObject *)&ModelType) < 0) {
        Py_DECREF(&ModelType);
        Py_DECREF(module);
        return NULL;
    }
    if (PyModule_AddIntConstant(module, "MOVE_DRAW", MOVE_DRAW) < 0
        || PyModule_AddIntConstant(module, "TRAINED_FEATURES", TRAINED_FEATURES) < 0
        || PyModule_AddIntConstant(module, "MAX_DEPTH", MAX_DEPTH) < 0
        || family_module_init(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
