/* family_uct.h - the family's search by time: UCT (upper confidence bounds
 * applied to trees) over the plans of the hand to act, the other hands
 * playing the heuristic and the deal played out by the heuristic below the
 * tree (family_playout.h).
 *
 * A rollout (fam_rollout_run) values each root move by the heuristic's own
 * play after it.  This search keeps the heuristic as its model of the other
 * hands, and improves on it for the hand to act: her later moves are chosen
 * by search, not by the heuristic, as far as the time lets the tree grow.
 * The root is searched as the rollout searches it: in rounds, iteration i of
 * every legal move from one seed (common random numbers), so that every move
 * is valued alike and a fair search's samples can be averaged.  Below each,
 * an iteration descends the tree by her best upper confidence bound at each of
 * her turns (the others' moves and the draws between them as they come), adds
 * one node, plays the heuristic out from it to the deal's end and adds the
 * payoffs to every node on its way.  A move's value is then the mean of her
 * best plans after it, as far as the tree has found them; the best move is the
 * one of best mean (docs/family-evaluation.md measures it).
 *
 * Chance stays outside the tree ("open loop"): a node is a sequence of her
 * moves, each iteration draws its own stock order (seeded by the root and the
 * iteration), and a node's children are the moves legal after it in that
 * draw; a child's bound counts the iterations it was legal in (its
 * availability), as in information-set MCTS.  She maximises her own mean
 * payoff, or (paranoid, for another seat) pushes that seat's down.  Payoffs
 * are scaled to [0, 1] by the deal's payoff range (fam_payoff_range) for the
 * bound.
 *
 * Played for more than its points (a utility: max-n, two seats whose deal's
 * winner collects, family_utility.h), each iteration's payoffs are read as
 * the worths of a finished deal (a playout cut short is scored as blocked,
 * so finished too) and every mean is a mean worth, in the core's units.
 *
 * The tree grows as it needs, to at most max_nodes nodes (20 bytes and 8 a
 * seat each); once full, iterations go on playing out from its leaves.
 */
#ifndef EIGHTS_FAMILY_UCT_H
#define EIGHTS_FAMILY_UCT_H

#include <stdint.h>
#include "family_state.h"
#include "utility.h"

enum {
    FAM_UCT_MAX_NODES = 1 << 20,   /* the tree's nodes at most: 84 MB at eight seats, 52 MB at four */
    FAM_UCT_MAXN = -1,             /* FamUctLimits.paranoid_for: the hand to act for herself */
};

typedef struct {
    long iterations;               /* stop after this many (0: by time alone) */
    int64_t time_ms;               /* stop once this is spent (0: by iterations alone) */
    double exploration;            /* the bound's constant, on payoffs scaled to [0, 1] */
    int paranoid_for;              /* FAM_UCT_MAXN, or the seat whose payoff the hand to act pushes down */
    int max_nodes;                 /* the tree's size, at most FAM_UCT_MAX_NODES */
    uint64_t seed;                 /* the stock orders' (with the root's key) */
    const Utility *utility;        /* NULL: the payoffs; else their worths (above), max-n alone */
} FamUctLimits;

typedef struct {
    int move_count;
    uint16_t moves[FAM_MAX_MOVES];                    /* the root's legal moves, engine order */
    double mean[FAM_MAX_MOVES][FAM_MAX_PLAYERS];      /* each move's mean payoff (or worth) per seat */
    int visits[FAM_MAX_MOVES];                        /* iterations through each move (one a round) */
    int best;                                         /* the index of the move of best mean for her */
    long iterations;                                  /* iterations made */
    int nodes;                                        /* nodes of the tree */
    int cut;                                          /* playouts cut at FAM_PLAYOUT_MAX_EVENTS */
} FamUctResult;

/* Search `root` (a decision, the deal not over) within `limits`: rounds
 * until the iterations are made (rounded up to whole rounds) or the time is
 * spent, one round at least; round k seeded by (seed, the root's key, k):
 * with an iteration limit alone the result depends on the position and the
 * limits alone.  Returns 0, or -1 when the tree's memory cannot be had. */
int fam_uct_run(const FamRules *r, const FamState *root, const FamUctLimits *limits, FamUctResult *out);

#endif
