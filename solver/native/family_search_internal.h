/* family_search_internal.h - what the family's node searches (family_search.c,
 * family_paranoid.c) share with their root (family_root.c); not part of the
 * core's interface.  The including file defines _POSIX_C_SOURCE 200809L. */
#ifndef EIGHTS_FAMILY_SEARCH_INTERNAL_H
#define EIGHTS_FAMILY_SEARCH_INTERNAL_H

#include <time.h>
#include "deadline.h"
#include "family_eval.h"
#include "family_hash.h"
#include "family_playout.h"
#include "family_search.h"
#include "family_trained.h"

enum {
    FAM_STOP_CHECK_INTERVAL = 1024,   /* nodes between readings of the clock (power of 2) */
    FAM_TT_MIN_DEPTH = 1,             /* decision and chance nodes this deep use the table */
    FAM_POINTS_MEMO = 16,             /* card keys a chance node at the horizon remembers */
    FAM_FIRST_DEPTH_FACTOR = 10,      /* depth 1 stops past 10 times the time asked ... */
    FAM_FIRST_DEPTH_EXTRA_MS = 1000,  /* ... and 1 s more: a draw of many cards can make it huge */
    FAM_SAMPLE_LINES = 2000,          /* a timed max-n search samples a horizon draw of more lines ... */
    FAM_SAMPLE_OUTCOMES = 4,          /* ... this many of its cards, evenly spread in card order */
};

/* How paranoid's horizon leaves are scored: the evaluation, or the least or
 * the most a payoff can be (the bounds' searches). */
enum { FAM_LEAF_MATERIAL = 0, FAM_LEAF_LOW = 1, FAM_LEAF_HIGH = 2, FAM_LEAVES = 3 };

typedef struct {
    FamTable *tt;
    const FamRules *r;
    int mode;
    int player;
    int width;                  /* entries of a value: N (max-n) or 1 (paranoid) */
    uint64_t salt[FAM_LEAVES];  /* XORed into keys: ruleset, mode, player, leaf */
    double range_low;           /* every payoff of the deal lies in [low, high] */
    double range_high;
    uint64_t nodes;
    uint64_t node_limit;
    int has_deadline;
    struct timespec deadline;
    int has_first_deadline;     /* depth 1's own, far later limit (FAM_FIRST_DEPTH_*) */
    struct timespec first_deadline;
    int may_stop;
    int may_stop_first;         /* searching depth 1, which stops only at first_deadline */
    int stop;
    int sample_chains;          /* a timed max-n search: long draws at the horizon are sampled */
    int sampled;                /* a draw was sampled: the values are estimates */
    FamValue *arena;            /* max-n children: FAM_MAX_MOVES per remaining depth */
    const double *weights;      /* the trained evaluation's weights; NULL: material */
    const Utility *utility;     /* NULL: values are payoffs; else their worth (family_utility.h) */
    int playouts;               /* >0: horizon leaves by playouts (FamLimits.playouts) */
    uint64_t playout_seed;
} FamSearch;

/* The horizon's evaluation of an unfinished position: each seat's value by
 * the mean of its playouts when the search has them (seeded by the leaf's
 * key: a value stays a function of the position), by the trained model when
 * it has weights, else the material. */
static inline void fam_horizon(const FamSearch *S, const FamState *s, double value[FAM_MAX_PLAYERS])
{
    if (S->playouts)
        fam_playout_mean(S->r, s, S->playouts, fam_hash_word(S->playout_seed, fam_state_key(S->r, s)), value);
    else if (S->weights)
        fam_trained(S->r, s, S->weights, S->range_low, S->range_high, value);
    else
        fam_material(S->r, s, value);
}

/* Whether a chance node `depth` from the horizon may read its cards by their
 * keys alone (FamPointsMemo, fam_leaf_key): at the horizon. */
static inline int fam_by_points(int depth)
{
    return depth == 0;
}

/* What a horizon child's value reads of the card drawn at `s`: its points
 * under material, its class under the trained model (ft_card_class). */
static inline int fam_leaf_key(const FamSearch *S, const FamState *s, int card)
{
    if (S->playouts)          /* a playout reads the whole position: every card its own key */
        return card;
    return S->weights ? ft_card_class(S->r, s, card) : S->r->points[card];
}

/* Count a node; set `stop` at the node limit or, every
 * FAM_STOP_CHECK_INTERVAL nodes, past the deadline (depth 1: past its own). */
static inline void fam_count_node(FamSearch *S)
{
    S->nodes++;
    if (S->may_stop_first && (S->nodes & (FAM_STOP_CHECK_INTERVAL - 1)) == 0
        && deadline_passed(&S->first_deadline))
        S->stop = 1;
    if (!S->may_stop)
        return;
    if (S->node_limit && S->nodes >= S->node_limit)
        S->stop = 1;
    if ((S->nodes & (FAM_STOP_CHECK_INTERVAL - 1)) == 0 && S->has_deadline && deadline_passed(&S->deadline))
        S->stop = 1;
}

/* A chance node at the horizon (depth 0): each card's child, once its draw is
 * done, is a horizon leaf or a finished deal (a draw ends no deal that the
 * cards decide: the passes, the plays and the hands' emptiness come out the
 * same whatever card is drawn), worth the payoffs or the material, which read
 * the hands by their points (fam_payoffs), or the trained model, which reads
 * the drawn card by its class (ft_card_class): so cards of equal keys
 * (fam_leaf_key) have equal children's values, kept here per key within one
 * node. */
typedef struct {
    int count;
    int16_t points[FAM_POINTS_MEMO];
    FamValue value[FAM_POINTS_MEMO];
} FamPointsMemo;

/* The memo's index of `points`, or -1. */
static inline int fam_points_seen(const FamPointsMemo *m, int points)
{
    for (int i = 0; i < m->count; i++)
        if (m->points[i] == points)
            return i;
    return -1;
}

/* Keep `value` for `points` while the memo has room. */
static inline void fam_points_keep(FamPointsMemo *m, int points, const FamValue *value)
{
    if (m->count == FAM_POINTS_MEMO)
        return;
    m->points[m->count] = (int16_t)points;
    m->value[m->count++] = *value;
}

/* max-n: the value of `s` searched `depth` actions. */
void fam_maxn_value(FamSearch *S, const FamState *s, int depth, FamValue *out);

/* max-n: the move the hand to act picks among its children's values, and the
 * node's value (with its bounds and exactness) from them. */
int fam_maxn_decide(const FamSearch *S, const FamState *s, const FamValue *children, int n, FamValue *out);

/* paranoid (and BRS): the named player's value of `s` searched `depth`
 * actions within (alpha, beta), fail-soft; `leaf` scores the horizon;
 * `branch` is BRS's state (family_brs.c; FAM_BRS_OPEN in paranoid). */
double fam_paranoid_value(FamSearch *S, const FamState *s, int depth, double alpha, double beta, int leaf,
                          int branch);

/* BRS's branch state before any opponent of the layer has branched. */
enum { FAM_BRS_OPEN = -1 };

/* A child a paranoid or BRS node searches: the move, the depth it spends
 * (0: a BRS opponent's default play) and the child's branch state. */
typedef struct {
    uint16_t move;
    int cost;
    int branch;
} FamReply;

/* The children of a decision node `s` whose legal moves are `moves` (n of
 * them), into `out` (room for n + 1): paranoid's every move, one action each;
 * BRS's those its branch state allows (family_brs.c).  Their count. */
int fam_replies(const FamSearch *S, const FamState *s, int branch, const uint16_t *moves, int n, FamReply *out);

/* BRS: a node's branch state, opened again on the player's turn. */
int fam_brs_open(const FamSearch *S, const FamState *s, int branch);

/* BRS: the move an opponent who does not branch plays among `moves`. */
uint16_t fam_brs_default_move(const FamRules *r, const uint16_t *moves, int n);

/* paranoid: the index of the first child within FAM_SAME_VALUE of the best for
 * the hand to act (the player maximises, the others minimise). */
int fam_paranoid_choose(const FamSearch *S, const FamState *s, const double *values, int n);

#endif
