/* search.h - depth-limited expectiminimax with alpha-beta at decision nodes,
 * Star1/Star2 at chance nodes, a transposition table and iterative deepening.
 * Depth counts actions (a play, or a whole draw); the one-card chance steps of
 * a draw do not count. */
#ifndef EIGHTS_SEARCH_H
#define EIGHTS_SEARCH_H

#include <stdint.h>
#include "eval.h"
#include "rules.h"
#include "tt.h"
#include "utility.h"

enum { MAX_DEPTH = 64, MAX_PV = MAX_DEPTH };

typedef struct {
    int max_depth;          /* 1..MAX_DEPTH */
    int64_t time_ms;        /* 0: no time limit */
    uint64_t node_limit;    /* 0: no node limit */
    Leaf leaf;              /* how horizon leaves are scored (eval.h) */
    const Utility *utility; /* NULL: the payoff itself; else what each payoff is worth (utility.h) */
} SearchLimits;

typedef struct {
    int depth;              /* the last completed depth */
    double value;           /* value to NS of the root at that depth */
    int move_count;
    uint16_t moves[MAX_MOVES];   /* in the engine's order */
    double values[MAX_MOVES];    /* each root move's exact value to NS */
    double previous[MAX_MOVES];  /* the same at the depth before (depth > 1 only):
                                  * how much the values still move as the search deepens */
    int pv_len;
    uint16_t pv[MAX_PV];
    uint64_t nodes;
    int stopped;            /* a limit stopped a deeper iteration */
} SearchResult;

/* Search the root (not finished) by iterative deepening. */
void search_run(Table *tt, const State *root, const StockOrder *order,
                const SearchLimits *limits, SearchResult *out);

#endif
