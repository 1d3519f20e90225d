/* family_binding.c - the family's part of eights.solver._core (binding.c holds
 * sce2's and the module): its state and rules tuples read, its perft, legal
 * moves, payoffs, FamilyTable and search (docs/core-interface.md, "The family"). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include "binding.h"
#include "family_playout.h"
#include "family_uct.h"
#include "family_search.h"
#include "family_trained.h"
#include "family_state.h"

enum { FAM_RULES_ITEMS = 20, FAM_STATE_ITEMS = 21, FAM_MAX_PENDING = 64, FAM_MAX_OWED = 64,
       FAM_MAX_PLAYS = 65535, FAM_MAX_COUNTER = 255, FAM_MAX_CAP = 65535 };

static int fam_get_long(PyObject *item, const char *name, long lo, long hi, long *out)
{
    if (!PyLong_Check(item)) {
        PyErr_Format(PyExc_TypeError, "family: %s must be an int", name);
        return -1;
    }
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred())
        return -1;
    if (v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "family: %s must be in %ld..%ld, got %ld", name, lo, hi, v);
        return -1;
    }
    *out = v;
    return 0;
}

/* A tuple of `n` ints each in lo..hi (n < 0: any length up to max_len). */
static int fam_get_ints(PyObject *obj, const char *name, Py_ssize_t n, Py_ssize_t max_len, long lo, long hi,
                        long *out, Py_ssize_t *len)
{
    if (!PyTuple_Check(obj)) {
        PyErr_Format(PyExc_TypeError, "family: %s must be a tuple of ints", name);
        return -1;
    }
    Py_ssize_t size = PyTuple_GET_SIZE(obj);
    if ((n >= 0 && size != n) || size > max_len) {
        PyErr_Format(PyExc_ValueError, "family: %s has %zd items, not %zd", name, size, n >= 0 ? n : max_len);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++)
        if (fam_get_long(PyTuple_GET_ITEM(obj, i), name, lo, hi, &out[i]) < 0)
            return -1;
    if (len)
        *len = size;
    return 0;
}

static int fam_parse_rules(PyObject *obj, FamRules *r)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != FAM_RULES_ITEMS) {
        PyErr_Format(PyExc_TypeError, "family: rules must be the %d-tuple of eights.solver.family_convert.rules_tuple",
                     FAM_RULES_ITEMS);
        return -1;
    }
    long v[FAM_RULES_ITEMS], effects[RANKS], points[CARDS];
    static const char *names[FAM_RULES_ITEMS] = {
        "players", "decks", "draw_ends_turn", "draw_cap", "must_play", "eights_must_match", "eights_name_suit",
        "effects", "reshuffle", "centre", "scoring", "points", "continues", "reverse_again", "blocked_after",
        "draw2_needs_stock", "spent_penalty_is_pass", "pass_holding_play", "plays_cap", "reshuffle_cap"};
    static const long lo[FAM_RULES_ITEMS] = {2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0};
    static const long hi[FAM_RULES_ITEMS] = {
        FAM_MAX_PLAYERS, FAM_MAX_DECKS, 1, FAM_MAX_CAP, 1, 1, 1, 0, FAM_RESHUFFLE_EAGER, FAM_MAX_PILES,
        FAM_SCORINGS - 1, 0, (1 << FAM_EFFECTS) - 1, 1, FAM_MAX_PLAYERS + 1, 1, 1, 1, FAM_MAX_CAP, FAM_MAX_COUNTER};
    for (int i = 0; i < FAM_RULES_ITEMS; i++) {
        PyObject *item = PyTuple_GET_ITEM(obj, i);
        if (i == 7) {
            if (fam_get_ints(item, "rules.effects", RANKS, RANKS, 0, FAM_EFFECTS - 1, effects, NULL) < 0)
                return -1;
        } else if (i == 11) {
            if (fam_get_ints(item, "rules.points", CARDS, CARDS, 0, 127, points, NULL) < 0)
                return -1;
        } else if (fam_get_long(item, names[i], lo[i], hi[i], &v[i]) < 0) {
            return -1;
        }
    }
    memset(r, 0, sizeof *r);
    r->players = (int)v[0];
    r->decks = (int)v[1];
    r->draw_ends_turn = (int)v[2];
    r->draw_cap = (int)v[3];
    r->must_play = (int)v[4];
    r->eights_must_match = (int)v[5];
    r->eights_name_suit = (int)v[6];
    for (int rank = 0; rank < RANKS; rank++)
        r->effect[rank] = (uint8_t)effects[rank];
    r->reshuffle = (int)v[8];
    r->centre = (int)v[9];
    r->scoring = (int)v[10];
    for (int card = 0; card < CARDS; card++)
        r->points[card] = (int16_t)points[card];
    r->continues = (int)v[12];
    r->reverse_again = (int)v[13];
    r->blocked_after = (int)v[14];
    r->draw2_needs_stock = (int)v[15];
    r->spent_penalty_is_pass = (int)v[16];
    r->pass_holding_play = (int)v[17];
    r->plays_cap = (int)v[18];
    r->reshuffle_cap = (int)v[19];
    if (r->effect[RANK_EIGHT] != FAM_EFFECT_NONE) {
        PyErr_SetString(PyExc_ValueError, "family: an 8 cannot have an effect");
        return -1;
    }
    fam_rules_conclude(r);
    return 0;
}

/* A tuple of cards (a card may appear `decks` times) into a multiset; counts[] adds them up. */
static int fam_get_cards(PyObject *obj, const char *name, Multiset *m, int counts[CARDS])
{
    long cards[FAM_MAX_DECKS * CARDS];
    Py_ssize_t n;
    if (fam_get_ints(obj, name, -1, FAM_MAX_DECKS * CARDS, 0, CARDS - 1, cards, &n) < 0)
        return -1;
    m->one = m->two = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        if (m->two & card_bit((int)cards[i])) {
            PyErr_Format(PyExc_ValueError, "family: %s holds card %ld more than twice", name, cards[i]);
            return -1;
        }
        ms_add(m, (int)cards[i]);
        counts[cards[i]]++;
    }
    return 0;
}

/* The stock's order, top first (() unknown): exactly the stock's cards, kept in
 * the state's own buffer (the state is the search's root). */
static int fam_parse_order(PyObject *obj, FamState *s)
{
    long cards[FAM_MAX_DECKS * CARDS];
    Py_ssize_t n;
    if (fam_get_ints(obj, "order", -1, FAM_MAX_DECKS * CARDS, 0, CARDS - 1, cards, &n) < 0)
        return -1;
    s->order = NULL;
    if (n == 0)
        return 0;
    Multiset listed = {0, 0};
    for (Py_ssize_t i = 0; i < n; i++) {
        if (listed.two & card_bit((int)cards[i])) {
            PyErr_Format(PyExc_ValueError, "family: order lists card %ld more than twice", cards[i]);
            return -1;
        }
        ms_add(&listed, (int)cards[i]);
        s->order_cards[i] = (int8_t)cards[i];
    }
    if (n != s->stock_count || listed.one != s->stock.one || listed.two != s->stock.two) {
        PyErr_SetString(PyExc_ValueError, "family: order must list exactly the cards of the stock");
        return -1;
    }
    s->order = s->order_cards;
    return 0;
}

static int fam_parse_state(PyObject *obj, FamRules *r, FamState *s)
{
    if (!PyTuple_Check(obj) || PyTuple_GET_SIZE(obj) != FAM_STATE_ITEMS) {
        PyErr_Format(PyExc_TypeError, "family: state must be the %d-tuple of eights.solver.family_convert.to_state",
                     FAM_STATE_ITEMS);
        return -1;
    }
    if (fam_parse_rules(PyTuple_GET_ITEM(obj, 0), r) < 0)
        return -1;
    memset(s, 0, sizeof *s);
    int counts[CARDS] = {0};
    PyObject *hands = PyTuple_GET_ITEM(obj, 1);
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != r->players) {
        PyErr_Format(PyExc_ValueError, "family: hands must be a tuple of %d hands", r->players);
        return -1;
    }
    for (int seat = 0; seat < r->players; seat++)
        if (fam_get_cards(PyTuple_GET_ITEM(hands, seat), "a hand", &s->hand[seat], counts) < 0)
            return -1;
    long turn, upcard, called, under, free, direction, pending, owed, penalty, draws, passes, plays, extended, dealer;
    long reshuffles;
    long piles[FAM_MAX_PILES];
    Py_ssize_t pile_count;
    if (fam_get_long(PyTuple_GET_ITEM(obj, 2), "turn", 0, r->players - 1, &turn) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 3), "upcard", -1, CARDS - 1, &upcard) < 0
        || fam_get_cards(PyTuple_GET_ITEM(obj, 4), "stock", &s->stock, counts) < 0
        || fam_get_cards(PyTuple_GET_ITEM(obj, 5), "discard", &s->discard, counts) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 6), "called", -1, SUITS - 1, &called) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 7), "under", -1, CARDS - 1, &under) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 8), "free", 0, 1, &free) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 9), "direction", -1, 1, &direction) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 10), "pending", 0, FAM_MAX_PENDING, &pending) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 11), "owed", 0, FAM_MAX_OWED, &owed) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 12), "penalty", 0, 1, &penalty) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 13), "draws", 0, FAM_MAX_COUNTER, &draws) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 14), "passes", 0, FAM_MAX_COUNTER, &passes) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 15), "plays", 0, FAM_MAX_PLAYS, &plays) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 16), "extended", 0, 1, &extended) < 0
        || fam_get_ints(PyTuple_GET_ITEM(obj, 17), "piles", r->centre, FAM_MAX_PILES, 0, CARDS - 1, piles,
                        &pile_count) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 18), "dealer", 0, r->players - 1, &dealer) < 0
        || fam_get_long(PyTuple_GET_ITEM(obj, 20), "reshuffles", 0,
                        r->reshuffle_cap == FAM_NO_CAP ? 0 : r->reshuffle_cap, &reshuffles) < 0)
        return -1;
    if (upcard >= 0)
        counts[upcard]++;
    for (int p = 0; p < r->centre; p++)
        counts[piles[p]]++;
    for (int card = 0; card < CARDS; card++)
        if (counts[card] > r->decks) {
            PyErr_Format(PyExc_ValueError, "family: card %d is in the position %d times, with %d deck(s)",
                         card, counts[card], r->decks);
            return -1;
        }
    const char *problem = NULL;
    if (direction == 0)
        problem = "direction must be +1 or -1";
    else if ((upcard < 0) != (r->centre > 0))
        problem = "an upcard is required, except in the layout game";
    else if (called >= 0 && rank_of((int)upcard) != RANK_EIGHT)
        problem = "a called suit needs an 8 as the upcard";
    else if (under >= 0 && (r->eights_name_suit || rank_of((int)upcard) != RANK_EIGHT))
        problem = "only an 8 of eights=nosuit keeps the card under it";
    else if (owed && !(s->stock.one))
        problem = "a draw under way needs a stock";
    if (problem) {
        PyErr_Format(PyExc_ValueError, "family: %s", problem);
        return -1;
    }
    s->turn = (int8_t)turn;
    s->direction = (int8_t)direction;
    s->upcard = (int8_t)upcard;
    s->called = (int8_t)called;
    s->under = (int8_t)under;
    s->free = (uint8_t)free;
    s->pending = (uint8_t)pending;
    s->owed = (uint8_t)owed;
    s->penalty = (uint8_t)penalty;
    s->draws = (uint8_t)draws;
    s->passes = (uint8_t)passes;
    s->plays = (uint16_t)plays;
    s->extended = (uint8_t)extended;
    s->dealer = (uint8_t)dealer;
    s->reshuffles = (uint8_t)reshuffles;
    for (int p = 0; p < FAM_MAX_PILES; p++)
        s->pile[p] = (int8_t)(p < r->centre ? piles[p] : FAM_NO_CARD);
    fam_state_finish(r, s);
    return fam_parse_order(PyTuple_GET_ITEM(obj, 19), s);
}

static PyObject *core_family_perft(PyObject *self, PyObject *args)
{
    PyObject *state_obj;
    int depth;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oi:family_perft", &state_obj, &depth))
        return NULL;
    if (depth < 0 || depth > MAX_PERFT_DEPTH)
        return PyErr_Format(PyExc_ValueError, "family_perft: depth must be in 0..%d", MAX_PERFT_DEPTH);
    FamRules r;
    FamState s;
    if (fam_parse_state(state_obj, &r, &s) < 0)
        return NULL;
    uint64_t count;
    Py_BEGIN_ALLOW_THREADS
    count = fam_perft(&r, &s, depth);
    Py_END_ALLOW_THREADS
    return PyLong_FromUnsignedLongLong(count);
}

static PyObject *core_family_legal_moves(PyObject *self, PyObject *state_obj)
{
    (void)self;
    FamRules r;
    FamState s;
    if (fam_parse_state(state_obj, &r, &s) < 0)
        return NULL;
    uint16_t moves[FAM_MAX_MOVES];
    int n = fam_generate_moves(&r, &s, moves);
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

static PyObject *core_family_payoffs(PyObject *self, PyObject *state_obj)
{
    (void)self;
    FamRules r;
    FamState s;
    if (fam_parse_state(state_obj, &r, &s) < 0)
        return NULL;
    if (!fam_is_over(&r, &s))
        return PyErr_Format(PyExc_ValueError, "family_payoffs: the deal is not over");
    double pay[FAM_MAX_PLAYERS];
    fam_payoffs(&r, &s, pay);
    PyObject *tuple = PyTuple_New(r.players);
    if (!tuple)
        return NULL;
    for (int seat = 0; seat < r.players; seat++) {
        PyObject *value = PyFloat_FromDouble(pay[seat]);
        if (!value) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, seat, value);
    }
    return tuple;
}

/* ---- the family's Table and search -------------------------------------- */

typedef struct {
    PyObject_HEAD
    FamTable table;
} FamilyTableObject;

static int family_table_init(FamilyTableObject *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"mb", NULL};
    Py_ssize_t mb;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "n:FamilyTable", kwlist, &mb))
        return -1;
    if (mb < 1 || (size_t)mb > MAX_TABLE_MB) {
        PyErr_Format(PyExc_ValueError, "FamilyTable: mb must be in 1..%zu", MAX_TABLE_MB);
        return -1;
    }
    if (self->table.busy) {
        PyErr_SetString(PyExc_RuntimeError, "FamilyTable: in use by a search");
        return -1;
    }
    ftt_free(&self->table);
    if (ftt_init(&self->table, (size_t)mb) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static void family_table_dealloc(FamilyTableObject *self)
{
    ftt_free(&self->table);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *family_table_clear(FamilyTableObject *self, PyObject *unused)
{
    (void)unused;
    if (!self->table.memory)
        return PyErr_Format(PyExc_RuntimeError, "FamilyTable: not initialised");
    if (self->table.busy)
        return PyErr_Format(PyExc_RuntimeError, "FamilyTable: in use by a search");
    ftt_clear(&self->table);
    self->table.width = -1;
    Py_RETURN_NONE;
}

static PyObject *family_table_stats(FamilyTableObject *self, PyObject *unused)
{
    (void)unused;
    const FamTable *t = &self->table;
    return Py_BuildValue("{s:K,s:i,s:K,s:K,s:K}", "bytes", (unsigned long long)t->bytes, "width", t->width,
                         "probes", (unsigned long long)t->probes, "hits", (unsigned long long)t->hits,
                         "stores", (unsigned long long)t->stores);
}

static PyMethodDef family_table_methods[] = {
    {"clear", (PyCFunction)family_table_clear, METH_NOARGS, "Empty the table."},
    {"stats", (PyCFunction)family_table_stats, METH_NOARGS, "Size and usage counters."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject FamilyTableType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "eights.solver._core.FamilyTable",
    .tp_basicsize = sizeof(FamilyTableObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "FamilyTable(mb): the family search's transposition table, a fixed size in MB.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)family_table_init,
    .tp_dealloc = (destructor)family_table_dealloc,
    .tp_methods = family_table_methods,
};

static PyObject *fam_floats(const double *values, int n)
{
    PyObject *tuple = PyTuple_New(n);
    if (!tuple)
        return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *value = PyFloat_FromDouble(values[i]);
        if (!value) {
            Py_DECREF(tuple);
            return NULL;
        }
        PyTuple_SET_ITEM(tuple, i, value);
    }
    return tuple;
}

/* A value as (values, lows, highs, exact). */
static PyObject *fam_value_tuple(const FamValue *v, int width)
{
    return Py_BuildValue("(NNNO)", fam_floats(v->v, width), fam_floats(v->lo, width), fam_floats(v->hi, width),
                         v->exact ? Py_True : Py_False);
}

static PyObject *fam_result_dict(const FamSearchResult *r, int width)
{
    PyObject *moves = PyList_New(r->move_count), *pv = PyList_New(r->pv_len);
    if (!moves || !pv)
        goto fail;
    for (int i = 0; i < r->move_count; i++) {
        PyObject *pair = Py_BuildValue("(iN)", (int)r->moves[i], fam_value_tuple(&r->values[i], width));
        if (!pair)
            goto fail;
        PyList_SET_ITEM(moves, i, pair);
    }
    for (int i = 0; i < r->pv_len; i++) {
        PyObject *code = PyLong_FromLong(r->pv[i]);
        if (!code)
            goto fail;
        PyList_SET_ITEM(pv, i, code);
    }
    return Py_BuildValue("{s:i,s:N,s:N,s:N,s:K,s:O,s:O}", "depth", r->depth, "root", fam_value_tuple(&r->root, width),
                         "moves", moves, "pv", pv, "nodes", (unsigned long long)r->nodes,
                         "stopped", r->stopped ? Py_True : Py_False, "sampled", r->sampled ? Py_True : Py_False);
fail:
    Py_XDECREF(moves);
    Py_XDECREF(pv);
    return NULL;
}

/* The trained evaluation's weights (a sequence of FT_SEAT_FEATURES + players
 * + 1 floats) into `out`; -1 with an exception set. */
static int fam_parse_weights(PyObject *obj, int players, double out[FT_MAX_WEIGHTS])
{
    PyObject *seq = PySequence_Fast(obj, "family_search: weights must be a sequence of floats");
    if (!seq)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n != FT_SEAT_FEATURES + players + 1) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "family_search: %d weights expected for %d players, got %zd",
                     FT_SEAT_FEATURES + players + 1, players, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        out[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return -1;
        }
    }
    Py_DECREF(seq);
    return 0;
}

/* A family search's utility (None: *out NULL), parse_utility's, refused (ValueError naming
 * `name`) but for max-n of two seats whose deal's winner collects (zero-sum). */
static int fam_parse_utility(PyObject *utility_obj, int maxn, const FamRules *r, const char *name, Utility **out)
{
    if (utility_obj != Py_None && (!maxn || r->players != 2 || r->scoring != FAM_SCORE_WINNER)) {
        PyErr_Format(PyExc_ValueError, "%s: a utility is for max-n of two seats whose deal's winner collects "
                     "(zero-sum)", name);
        return -1;
    }
    return parse_utility(utility_obj, out);
}

static PyObject *core_family_search(PyObject *self, PyObject *args)
{
    PyObject *table_obj, *state_obj, *weights_obj = Py_None, *utility_obj = Py_None;
    int mode, player, depth, deepen, playouts = 0;
    long long time_ms, node_limit;
    unsigned long long playout_seed = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!OiiipLL|OOiK:family_search", &FamilyTableType, &table_obj, &state_obj, &mode,
                          &player, &depth, &deepen, &time_ms, &node_limit, &weights_obj, &utility_obj, &playouts,
                          &playout_seed))
        return NULL;
    if (playouts < 0 || playouts > FAM_ROLLOUT_MAX_GAMES)
        return PyErr_Format(PyExc_ValueError, "family_search: playouts must be in 0..%d", FAM_ROLLOUT_MAX_GAMES);
    if (mode < 0 || mode >= FAM_MODES)
        return PyErr_Format(PyExc_ValueError, "family_search: mode must be 0 (maxn), 1 (paranoid) or 2 (brs)");
    if (depth < 1 || depth > FAM_MAX_DEPTH)
        return PyErr_Format(PyExc_ValueError, "family_search: depth must be in 1..%d", FAM_MAX_DEPTH);
    if (time_ms < 0 || node_limit < 0)
        return PyErr_Format(PyExc_ValueError, "family_search: time_ms and node_limit must be >= 0");
    FamRules r;
    FamState s;
    if (fam_parse_state(state_obj, &r, &s) < 0)
        return NULL;
    if (mode != FAM_MODE_MAXN && (player < 0 || player >= r.players))
        return PyErr_Format(PyExc_ValueError, "family_search: player must be a seat 0..%d", r.players - 1);
    if (fam_is_over(&r, &s))
        return PyErr_Format(PyExc_ValueError, "family_search: the deal is over");
    FamilyTableObject *table = (FamilyTableObject *)table_obj;
    if (!table->table.memory)
        return PyErr_Format(PyExc_RuntimeError, "family_search: the table is not initialised");
    if (table->table.busy)
        return PyErr_Format(PyExc_RuntimeError, "family_search: the table is in use by another search");
    double weights[FT_MAX_WEIGHTS];
    if (weights_obj != Py_None && fam_parse_weights(weights_obj, r.players, weights) < 0)
        return NULL;
    Utility *utility;
    if (fam_parse_utility(utility_obj, mode == FAM_MODE_MAXN, &r, "family_search", &utility) < 0)
        return NULL;
    FamLimits limits = {mode, mode == FAM_MODE_MAXN ? 0 : player, depth, deepen, time_ms, (uint64_t)node_limit,
                        weights_obj == Py_None ? NULL : weights, utility, playouts, playout_seed};
    FamSearchResult *result = PyMem_Malloc(sizeof *result);
    if (!result) {
        PyMem_Free(utility);
        return PyErr_NoMemory();
    }
    Py_INCREF(table_obj);
    table->table.busy = 1;
    Py_BEGIN_ALLOW_THREADS
    fam_search_run(&table->table, &r, &s, &limits, result);
    Py_END_ALLOW_THREADS
    table->table.busy = 0;
    Py_DECREF(table_obj);
    PyMem_Free(utility);
    PyObject *dict = NULL;
    if (result->depth < 1 && !result->stopped)  /* depth 0 stopped: depth 1 outlasted its limit */
        PyErr_NoMemory();
    else
        dict = fam_result_dict(result, mode == FAM_MODE_MAXN ? r.players : 1);
    PyMem_Free(result);
    return dict;
}

/* ---- the heuristic, playouts and rollouts (family_playout.h) ------------ */

static PyObject *core_family_heuristic_move(PyObject *self, PyObject *state_obj)
{
    (void)self;
    FamRules r;
    FamState s;
    if (fam_parse_state(state_obj, &r, &s) < 0)
        return NULL;
    uint16_t code = fam_heuristic_move(&r, &s);
    if (code == FAM_MOVE_NONE)
        return PyErr_Format(PyExc_ValueError, "family_heuristic_move: no legal move (a draw under way or the deal over)");
    return PyLong_FromLong(code);
}

static PyObject *core_family_playout(PyObject *self, PyObject *args)
{
    PyObject *state_obj;
    unsigned long long seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "OK:family_playout", &state_obj, &seed))
        return NULL;
    FamRules r;
    FamState s;
    if (fam_parse_state(state_obj, &r, &s) < 0)
        return NULL;
    double pay[FAM_MAX_PLAYERS];
    FamPlayoutInfo info;
    Py_BEGIN_ALLOW_THREADS
    fam_playout(&r, &s, seed, pay, &info);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(NiO)", fam_floats(pay, r.players), info.events, info.cut ? Py_True : Py_False);
}

/* Parse a state whose hand to act has a move to choose (not a draw under way,
 * not a finished deal): 0, or -1 with ValueError naming `function`. */
static int fam_parse_decision(PyObject *state_obj, FamRules *r, FamState *s, const char *function)
{
    if (fam_parse_state(state_obj, r, s) < 0)
        return -1;
    if (s->owed || fam_is_over(r, s)) {
        PyErr_Format(PyExc_ValueError, "%s: no move to choose (a draw under way or the deal over)", function);
        return -1;
    }
    return 0;
}

static PyObject *core_family_rollout(PyObject *self, PyObject *args)
{
    PyObject *state_obj;
    int games;
    long long time_ms;
    unsigned long long seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "OiLK:family_rollout", &state_obj, &games, &time_ms, &seed))
        return NULL;
    if (games < 0 || games > FAM_ROLLOUT_MAX_GAMES || time_ms < 0 || (games == 0 && time_ms == 0))
        return PyErr_Format(PyExc_ValueError, "family_rollout: games must be in 0..%d and time_ms >= 0, "
                            "not both 0", FAM_ROLLOUT_MAX_GAMES);
    FamRules r;
    FamState s;
    if (fam_parse_decision(state_obj, &r, &s, "family_rollout") < 0)
        return NULL;
    FamRolloutResult *result = PyMem_Malloc(sizeof *result);
    if (!result)
        return PyErr_NoMemory();
    Py_BEGIN_ALLOW_THREADS
    fam_rollout_run(&r, &s, games, time_ms, seed, result);
    Py_END_ALLOW_THREADS
    PyObject *moves = PyList_New(result->move_count);
    for (int i = 0; moves && i < result->move_count; i++) {
        PyObject *pair = Py_BuildValue("(iN)", (int)result->moves[i], fam_floats(result->mean[i], r.players));
        if (!pair) {
            Py_CLEAR(moves);
            break;
        }
        PyList_SET_ITEM(moves, i, pair);
    }
    PyObject *dict = moves ? Py_BuildValue("{s:N,s:i,s:i}", "moves", moves, "games", result->games, "cut",
                                           result->cut) : NULL;
    PyMem_Free(result);
    return dict;
}

static PyObject *core_family_uct(PyObject *self, PyObject *args)
{
    PyObject *state_obj, *utility_obj = Py_None;
    FamUctLimits limits;
    long long time_ms;
    unsigned long long seed;
    (void)self;
    if (!PyArg_ParseTuple(args, "OlLdiiK|O:family_uct", &state_obj, &limits.iterations, &time_ms, &limits.exploration,
                          &limits.paranoid_for, &limits.max_nodes, &seed, &utility_obj))
        return NULL;
    limits.time_ms = time_ms;
    limits.seed = seed;
    if (limits.iterations < 0 || time_ms < 0 || (limits.iterations == 0 && time_ms == 0) || !(limits.exploration >= 0)
        || limits.max_nodes < 1 || limits.max_nodes > FAM_UCT_MAX_NODES)
        return PyErr_Format(PyExc_ValueError, "family_uct: iterations and time_ms must be >= 0, not both 0; "
                            "exploration >= 0; max_nodes in 1..%d", FAM_UCT_MAX_NODES);
    FamRules r;
    FamState s;
    if (fam_parse_decision(state_obj, &r, &s, "family_uct") < 0)
        return NULL;
    if (limits.paranoid_for < FAM_UCT_MAXN || limits.paranoid_for >= r.players)
        return PyErr_Format(PyExc_ValueError, "family_uct: paranoid_for must be -1 (max-n) or a seat");
    Utility *utility;
    if (fam_parse_utility(utility_obj, limits.paranoid_for == FAM_UCT_MAXN, &r, "family_uct", &utility) < 0)
        return NULL;
    limits.utility = utility;
    FamUctResult *result = PyMem_Malloc(sizeof *result);
    if (!result) {
        PyMem_Free(utility);
        return PyErr_NoMemory();
    }
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = fam_uct_run(&r, &s, &limits, result);
    Py_END_ALLOW_THREADS
    PyMem_Free(utility);
    if (failed) {
        PyMem_Free(result);
        return PyErr_NoMemory();
    }
    PyObject *moves = PyList_New(result->move_count);
    for (int i = 0; moves && i < result->move_count; i++) {
        PyObject *triple = Py_BuildValue("(iNi)", (int)result->moves[i], fam_floats(result->mean[i], r.players),
                                         result->visits[i]);
        if (!triple) {
            Py_CLEAR(moves);
            break;
        }
        PyList_SET_ITEM(moves, i, triple);
    }
    PyObject *dict = moves ? Py_BuildValue("{s:N,s:i,s:l,s:i,s:i}", "moves", moves, "best", result->best,
                                           "iterations", result->iterations, "nodes", result->nodes,
                                           "cut", result->cut) : NULL;
    PyMem_Free(result);
    return dict;
}

/* ---- the family's functions in the module -------------------------------- */

static PyMethodDef family_methods[] = {
    {"family_perft", core_family_perft, METH_VARARGS,
     "family_perft(state, depth) -> int, as engine.family.perft.perft (GIL released)."},
    {"family_legal_moves", core_family_legal_moves, METH_O,
     "family_legal_moves(state) -> list of family move codes, as engine.family.rules.legal_moves."},
    {"family_payoffs", core_family_payoffs, METH_O,
     "family_payoffs(state) -> tuple of floats, a finished deal's payoffs as engine.family.scoring.payoffs."},
    {"family_search", core_family_search, METH_VARARGS,
     "family_search(table, state, mode, player, depth, deepen, time_ms, node_limit, weights=None, utility=None, "
     "playouts=0, seed=0) -> dict (GIL released; weights: the trained evaluation's, None: material; utility: max-n "
     "of two seats played for (finished, leaf) worths of seat 0's payoff, None: the payoffs; playouts, seed: each "
     "horizon leaf the mean of that many heuristic playouts)."},
    {"family_heuristic_move", core_family_heuristic_move, METH_O,
     "family_heuristic_move(state) -> the move code play.family.heuristic.heuristic_move chooses."},
    {"family_playout", core_family_playout, METH_VARARGS,
     "family_playout(state, seed) -> (payoffs, events, cut): the deal played out by the heuristic (GIL released)."},
    {"family_rollout", core_family_rollout, METH_VARARGS,
     "family_rollout(state, games, time_ms, seed) -> dict: each legal move's mean payoffs over its playouts "
     "(GIL released)."},
    {"family_uct", core_family_uct, METH_VARARGS,
     "family_uct(state, iterations, time_ms, exploration, paranoid_for, max_nodes, seed, utility=None) -> dict: "
     "UCT over the plans of the hand to act, the others playing the heuristic, the heuristic's playouts below the "
     "tree; each legal move's (code, mean payoffs, iterations), the best's index, iterations, nodes, cut (GIL "
     "released; utility: max-n of two seats played for (finished, leaf) worths of seat 0's payoff, the means "
     "then worths)."},
    {NULL, NULL, 0, NULL},
};

/* Add the family's functions and types to the module (called from PyInit__core). */
int family_module_init(PyObject *module)
{
    if (PyModule_AddFunctions(module, family_methods) < 0)
        return -1;
    if (PyType_Ready(&FamilyTableType) < 0)
        return -1;
    Py_INCREF(&FamilyTableType);
    if (PyModule_AddObject(module, "FamilyTable", (PyObject *)&FamilyTableType) < 0) {
        Py_DECREF(&FamilyTableType);
        return -1;
    }
    return 0;
}

