/* family_root.c - the root of a family search: each root move's value, the
 * iterations of iterative deepening under time and node limits (stopping once
 * every root move is exact, as solver/family/api.py does), and the line the
 * players choose (solver/family/api.py's _pv). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "deadline.h"
#include "family_eval.h"
#include "family_hash.h"
#include "family_search_internal.h"
#include "family_utility.h"

/* Salt words of the keys: which search a table entry belongs to. */
static const uint64_t SALT_MODE = 0x6D6F64650000ull, SALT_PLAYER = 0x706C61790000ull, SALT_LEAF = 0x6C6561660000ull,
    SALT_SAMPLED = 0x73616D700000ull, SALT_WEIGHT = 0x776569670000ull, SALT_PLAYOUTS = 0x706C6F750000ull;

static void start_clock(FamSearch *S, int64_t time_ms)
{
    S->has_deadline = deadline_start(&S->deadline, time_ms);
    S->has_first_deadline = S->has_deadline
        && deadline_start(&S->first_deadline, FAM_FIRST_DEPTH_FACTOR * time_ms + FAM_FIRST_DEPTH_EXTRA_MS);
}

/* A paranoid value's three searches (the evaluation, the least and the most
 * at the horizon), full window: the value, its bounds, exact when they meet.
 * A BRS value is its one search, an estimate: bounds the payoff range, inexact. */
static void paranoid_triple(FamSearch *S, const FamState *s, int depth, int branch, FamValue *out)
{
    double window_low = S->range_low - 1.0, window_high = S->range_high + 1.0;
    out->v[0] = fam_paranoid_value(S, s, depth, window_low, window_high, FAM_LEAF_MATERIAL, branch);
    if (S->mode == FAM_MODE_BRS) {
        out->lo[0] = S->range_low;
        out->hi[0] = S->range_high;
        out->exact = 0;
        return;
    }
    out->lo[0] = fam_paranoid_value(S, s, depth, window_low, window_high, FAM_LEAF_LOW, branch);
    out->hi[0] = fam_paranoid_value(S, s, depth, window_low, window_high, FAM_LEAF_HIGH, branch);
    out->exact = out->hi[0] <= out->lo[0] + FAM_SAME_VALUE;
    if (out->exact)
        out->lo[0] = out->hi[0] = out->v[0];
}

/* The root's branch state: BRS's hand at the root, when an opponent, answers
 * with any move. */
static int root_branch(const FamSearch *S, const FamState *root)
{
    return S->mode == FAM_MODE_BRS && root->turn != S->player ? root->turn : FAM_BRS_OPEN;
}

/* One iteration: the root's value at `depth` and each root move's (its
 * child's at depth - 1), in the engine's order. */
static void iterate(FamSearch *S, const FamState *root, int depth, FamSearchResult *out)
{
    const FamRules *r = S->r;
    out->move_count = 0;
    if (root->owed) {           /* the node counts itself */
        if (S->mode == FAM_MODE_MAXN)
            fam_maxn_value(S, root, depth, &out->root);
        else
            paranoid_triple(S, root, depth, FAM_BRS_OPEN, &out->root);
        return;
    }
    S->nodes++;                 /* the root, as the reference counts it */
    int n = fam_generate_moves(r, root, out->moves);
    /* every root move, one action each */
    int branch = root_branch(S, root);
    FamState child;
    for (int i = 0; i < n && !S->stop; i++) {
        fam_copy(&child, root, r->players);
        fam_apply_move(r, &child, out->moves[i]);
        if (S->mode == FAM_MODE_MAXN)
            fam_maxn_value(S, &child, depth - 1, &out->values[i]);
        else
            paranoid_triple(S, &child, depth - 1, branch, &out->values[i]);
    }
    if (S->stop)
        return;
    out->move_count = n;
    if (S->mode == FAM_MODE_MAXN) {
        fam_maxn_decide(S, root, out->values, n, &out->root);
        return;
    }
    /* paranoid: the choice's value; the bounds minimax's over the children */
    double values[FAM_MAX_MOVES];
    int maximise = root->turn == S->player;
    for (int i = 0; i < n; i++)
        values[i] = out->values[i].v[0];
    out->root.v[0] = values[fam_paranoid_choose(S, root, values, n)];
    out->root.lo[0] = out->values[0].lo[0];
    out->root.hi[0] = out->values[0].hi[0];
    for (int i = 1; i < n; i++) {
        double lo = out->values[i].lo[0], hi = out->values[i].hi[0];
        if (maximise ? lo > out->root.lo[0] : lo < out->root.lo[0])
            out->root.lo[0] = lo;
        if (maximise ? hi > out->root.hi[0] : hi < out->root.hi[0])
            out->root.hi[0] = hi;
    }
    out->root.exact = out->root.hi[0] <= out->root.lo[0] + FAM_SAME_VALUE;
    if (out->root.exact)
        out->root.lo[0] = out->root.hi[0] = out->root.v[0];
}

/* api._settled: the root and every root move exact, so no deeper search changes them. */
static int settled(const FamSearchResult *r, const FamState *root)
{
    if (root->owed)
        return r->root.exact;
    for (int i = 0; i < r->move_count; i++)
        if (!r->values[i].exact)
            return 0;
    return 1;
}

/* api._pv: from the root, the move each hand chooses, to the horizon, a
 * finished deal or just after a draw left to chance (BRS: among the replies
 * its branch state allows, a default move spending no depth). */
static int principal_variation(FamSearch *S, const FamState *root, int depth, uint16_t *line)
{
    const FamRules *r = S->r;
    FamState s = *root, child;
    int len = 0, branch = root_branch(S, root);
    while (depth > 0 && len < FAM_MAX_PV && !fam_is_over(r, &s) && !s.owed) {
        uint16_t moves[FAM_MAX_MOVES];
        int n = fam_generate_moves(r, &s, moves), chosen;
        if (S->mode == FAM_MODE_MAXN) {
            FamValue *children = S->arena + (size_t)depth * FAM_MAX_MOVES, node;
            for (int i = 0; i < n; i++) {
                fam_copy(&child, &s, r->players);
                fam_apply_move(r, &child, moves[i]);
                fam_maxn_value(S, &child, depth - 1, &children[i]);
            }
            chosen = fam_maxn_decide(S, &s, children, n, &node);
            line[len++] = moves[chosen];
            fam_apply_move(r, &s, moves[chosen]);
            depth--;
            continue;
        }
        double values[FAM_MAX_MOVES + 1];
        FamReply replies[FAM_MAX_MOVES + 1];
        branch = fam_brs_open(S, &s, branch);
        n = fam_replies(S, &s, branch, moves, n, replies);
        for (int i = 0; i < n; i++) {
            fam_copy(&child, &s, r->players);
            fam_apply_move(r, &child, replies[i].move);
            values[i] = fam_paranoid_value(S, &child, depth - replies[i].cost, S->range_low - 1.0,
                                           S->range_high + 1.0, FAM_LEAF_MATERIAL, replies[i].branch);
        }
        chosen = fam_paranoid_choose(S, &s, values, n);
        line[len++] = replies[chosen].move;
        fam_apply_move(r, &s, replies[chosen].move);
        depth -= replies[chosen].cost;
        branch = replies[chosen].branch;
    }
    return len;
}

void fam_search_run(FamTable *tt, const FamRules *r, const FamState *root, const FamLimits *limits,
                    FamSearchResult *out)
{
    assert(!fam_is_over(r, root));
    assert(limits->max_depth >= 1 && limits->max_depth <= FAM_MAX_DEPTH);
    FamSearch *S = calloc(1, sizeof *S);
    FamSearchResult *work = malloc(sizeof *work);
    FamValue *arena = malloc((size_t)(FAM_MAX_DEPTH + 1) * FAM_MAX_MOVES * sizeof(FamValue));
    memset(out, 0, sizeof *out);
    if (work)
        memset(work, 0, sizeof *work);
    if (!S || !work || !arena) {        /* the binding checks for depth 0 */
        free(S);
        free(work);
        free(arena);
        return;
    }
    /* Step 1. The search's constants: table width, key salts, the payoff range. */
    S->tt = tt;
    S->r = r;
    S->mode = limits->mode;
    S->player = limits->player;
    S->width = limits->mode == FAM_MODE_MAXN ? r->players : 1;
    S->arena = arena;
    /* A timed max-n search samples long draws at the horizon (maxn_chance);
     * its table entries are salted apart from every exact search's. */
    S->sample_chains = limits->deepen && limits->time_ms > 0 && limits->mode == FAM_MODE_MAXN;
    S->weights = limits->weights;
    S->playouts = limits->playouts;
    S->playout_seed = limits->playout_seed;
    for (int leaf = 0; leaf < FAM_LEAVES; leaf++) {
        uint64_t salt = fam_hash_word(r->key, SALT_MODE | (uint64_t)limits->mode);
        if (S->sample_chains)
            salt = fam_hash_word(salt, SALT_SAMPLED);
        salt = fam_hash_word(salt, SALT_PLAYER | (uint64_t)(limits->mode == FAM_MODE_MAXN ? 0 : limits->player));
        salt = fam_hash_word(salt, SALT_LEAF | (uint64_t)leaf);
        for (int i = 0; limits->weights && i < FT_SEAT_FEATURES + r->players + 1; i++) {
            uint64_t bits;      /* a table's entries belong to one model */
            memcpy(&bits, &limits->weights[i], sizeof bits);
            salt = fam_hash_word(salt ^ SALT_WEIGHT, bits);
        }
        if (limits->playouts)   /* ... or to one playout count and seed */
            salt = fam_hash_word(fam_hash_word(salt, SALT_PLAYOUTS | (uint64_t)limits->playouts), limits->playout_seed);
        S->salt[leaf] = salt;
    }
    S->utility = limits->utility;
    if (S->utility)
        fam_utility_salt(S->utility, S->salt, FAM_LEAVES);
    fam_payoff_range(r, fam_total_points(r, root), &S->range_low, &S->range_high);
    ftt_new_search(tt, limits->mode == FAM_MODE_MAXN ? 3 * S->width : 2);
    S->node_limit = limits->node_limit;
    start_clock(S, limits->time_ms);

    /* Step 2. The iterations: a stopped one is thrown away. Depth 1 completes
     * unless it outlasts its own limit (FAM_FIRST_DEPTH_*, with a time limit
     * only): then nothing is found (depth 0), and the caller says so. */
    int first = limits->deepen ? 1 : limits->max_depth;
    for (int depth = first; depth <= limits->max_depth; depth++) {
        S->may_stop = depth > 1 && limits->deepen;
        S->may_stop_first = depth == 1 && limits->deepen && S->has_first_deadline;
        iterate(S, root, depth, work);
        if (S->stop) {
            out->stopped = 1;
            break;
        }
        memcpy(out, work, sizeof *out);
        out->depth = depth;
        if (limits->deepen && settled(out, root))
            break;
    }
    out->nodes = S->nodes;
    out->sampled = S->sampled;
    if (out->depth == 0) {  /* depth 1 outlasted its limit: no answer, no line */
        out->pv_len = 0;
        free(arena);
        free(work);
        free(S);
        return;
    }

    /* Step 3. The line the players choose (never stopped; not counted). */
    S->may_stop = 0;
    S->may_stop_first = 0;
    S->stop = 0;
    out->pv_len = principal_variation(S, root, out->depth, out->pv);
    free(arena);
    free(work);
    free(S);
}
