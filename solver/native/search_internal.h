/* search_internal.h - what the node search (search.c) shares with the root's
 * iterative deepening (root.c); not part of the core's interface. */
#ifndef EIGHTS_SEARCH_INTERNAL_H
#define EIGHTS_SEARCH_INTERNAL_H

#include <time.h>
#include "eval.h"
#include "search.h"

enum {
    STOP_CHECK_INTERVAL = 1024,   /* nodes between readings of the clock (power of 2) */
    HISTORY_SIZE = 512,           /* move codes are below this */
};

/* The root's window holds every value: each root move gets its exact value. */
#define WINDOW_LOW (VALUE_MIN - 1.0)
#define WINDOW_HIGH (VALUE_MAX + 1.0)

typedef struct {
    double value;
    int reach;                    /* actions on the longest searched path, or REACH_HORIZON */
} Result;

typedef struct {
    Table *tt;
    uint64_t salt;                /* XORed into every key of this search */
    const StockOrder *order;
    Leaf leaf;
    const Utility *utility;       /* NULL: values are payoffs; else their worth */
    uint64_t nodes;
    uint64_t node_limit;
    int has_deadline;
    struct timespec deadline;
    int may_stop;                 /* 0 while depth 1 runs: it always completes (one
                                   * draw of at most 8 cards: ~200,000 nodes at worst) */
    int stop;
    uint16_t killer[MAX_DEPTH + 1][2];
    int32_t history[2][HISTORY_SIZE];
} Search;

/* The value of `code` played (or drawn) in `s`, searched `depth` actions. */
Result search_move(Search *S, const State *s, uint16_t code, int depth,
                   double alpha, double beta, int ply);

/* A decision node's value (its best move goes to the table). */
Result search_node(Search *S, State *s, int depth, double alpha, double beta, int ply);

/* An 8's four suits lead to equal values here (see search.c). */
int eight_suits_equal(const State *s, int depth);
int is_named_eight(uint16_t code);

#endif
