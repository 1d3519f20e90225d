/* family_search.h - the family's double-dummy search (RULES-FAMILY.md, "The
 * solver's objective with N > 2 players"), defined as the Python reference
 * solver/family/reference.py defines it:
 *
 * - max-n: depth-limited expectimax over every legal move and every card a
 *   draw may bring, one payoff per seat; the hand to act takes the highest
 *   entry of her own, ties within FAM_SAME_VALUE to the lowest for the leader,
 *   then the first in the engine's move order.  Each value carries proven
 *   bounds per seat and `exact`, as the reference's.
 * - paranoid: the named player's payoff, maximised by her and minimised by
 *   every other hand; fail-soft alpha-beta at decision nodes, expectation at
 *   chance nodes; its bounds are the same search with every horizon leaf at
 *   the least and at the most a payoff can be (sce2's proof, search.h).
 * - brs: Best-Reply Search (family_brs.c), paranoid over a smaller tree: in
 *   each opponents' layer one opponent answers with any move and the others
 *   play a default move (a play spends no depth).  Its value is the search's
 *   estimate, never proven: bounds the whole payoff range, never exact.
 *
 * Depth counts actions: a play, a draw or a pass spends one; the cards a draw
 * brings (chance nodes) spend none and are never horizon leaves.
 */
#ifndef EIGHTS_FAMILY_SEARCH_H
#define EIGHTS_FAMILY_SEARCH_H

#include <stdint.h>
#include "family_state.h"
#include "family_tt.h"
#include "utility.h"

enum { FAM_MODE_MAXN = 0, FAM_MODE_PARANOID = 1, FAM_MODE_BRS = 2, FAM_MODES = 3 };
enum { FAM_MAX_DEPTH = 64, FAM_MAX_PV = FAM_MAX_DEPTH };

/* Values this close are one value (solver.api.SAME_VALUE). */
#define FAM_SAME_VALUE 1e-9

/* A value: each seat's expected payoff (max-n) or the named player's alone in
 * entry 0 (paranoid, brs), bounds of each entry, and whether it is exact. */
typedef struct {
    double v[FAM_MAX_PLAYERS];
    double lo[FAM_MAX_PLAYERS];
    double hi[FAM_MAX_PLAYERS];
    int exact;
} FamValue;

typedef struct {
    int mode;               /* FAM_MODE_* */
    int player;             /* paranoid and brs: the named player */
    int max_depth;          /* 1..FAM_MAX_DEPTH */
    int deepen;             /* 1: iterative deepening, stopping once every root move is exact;
                             * 0: max_depth alone */
    int64_t time_ms;        /* 0: none (deepen only) */
    uint64_t node_limit;    /* 0: none (deepen only) */
    const double *weights;  /* the trained evaluation's (family_trained.h); NULL: material */
    const Utility *utility; /* max-n of two seats: what seat 0's payoff is worth (family_utility.h);
                             * NULL: the payoffs themselves */
    int playouts;           /* >0: each horizon leaf the mean of this many heuristic playouts
                             * (family_playout.h), seeded by playout_seed and the leaf's key */
    uint64_t playout_seed;
} FamLimits;

typedef struct {
    int depth;                          /* the last completed depth (0: depth 1 outlasted its limit) */
    FamValue root;                      /* the position's value at that depth */
    int move_count;                     /* 0 at a chance node */
    uint16_t moves[FAM_MAX_MOVES];      /* in the engine's order */
    FamValue values[FAM_MAX_MOVES];     /* each move's value (its child's at depth - 1) */
    int pv_len;
    uint16_t pv[FAM_MAX_PV];
    uint64_t nodes;
    int stopped;                        /* a limit stopped a deeper iteration */
    int sampled;                        /* a long draw at the horizon was sampled (a timed max-n
                                         * search: FAM_SAMPLE_*): the values are estimates */
} FamSearchResult;

/* Search a position whose deal is not over. */
void fam_search_run(FamTable *tt, const FamRules *r, const FamState *root, const FamLimits *limits,
                    FamSearchResult *out);

#endif
