/* family_search.c - the nodes of the family's max-n search: expectimax with
 * bounds and exactness as solver/family/reference.py computes them.
 * (family_paranoid.c is the paranoid alpha-beta; family_root.c runs the root
 * and its iterations.)
 *
 * CORRECTNESS RULE (max-n): a value is a function of the position and the
 * depth left, never of the path or of the order of the search, so the table
 * may hold it under the position's key and depth; an exact value holds at
 * every greater depth (the reference's "Cycles"), so an exact entry serves
 * every depth from the one it was found at.
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <assert.h>
#include <string.h>
#include "family_eval.h"
#include "family_hash.h"
#include "family_search_internal.h"
#include "family_utility.h"

/* objective.leader: the fewest points now, ties to the first seat clockwise
 * (+1) from the mover, the mover first. */
static int leader(const FamRules *r, const FamState *s)
{
    int best = s->turn;
    for (int step = 1; step < r->players; step++) {
        int seat = (s->turn + step) % r->players;
        if (s->points[seat] < s->points[best])
            best = seat;
    }
    return best;
}

static inline void set_exact(FamValue *out, const double *values, int width)
{
    for (int e = 0; e < width; e++)
        out->v[e] = out->lo[e] = out->hi[e] = values[e];
    out->exact = 1;
}

/* ---- max-n ------------------------------------------------------------- */

static void maxn_load(const FamSearch *S, const FamTTEntry *e, FamValue *out)
{
    int n = S->width;
    memcpy(out->v, e->data, (size_t)n * sizeof(double));
    memcpy(out->lo, e->data + n, (size_t)n * sizeof(double));
    memcpy(out->hi, e->data + 2 * n, (size_t)n * sizeof(double));
    out->exact = ftt_exact(e);
}

static void maxn_store(FamSearch *S, uint64_t key, int depth, const FamValue *value, uint16_t move)
{
    double data[FTT_MAX_WIDTH];
    int n = S->width;
    memcpy(data, value->v, (size_t)n * sizeof(double));
    memcpy(data + n, value->lo, (size_t)n * sizeof(double));
    memcpy(data + 2 * n, value->hi, (size_t)n * sizeof(double));
    ftt_store(S->tt, key, depth, value->exact, move, data);
}

int fam_maxn_decide(const FamSearch *S, const FamState *s, const FamValue *children, int n, FamValue *out)
{
    assert(n > 0);
    int mover = s->turn, width = S->width;
    /* Step 1. The best for the mover, ties within FAM_SAME_VALUE kept in move order. */
    double top = children[0].v[mover];
    for (int i = 1; i < n; i++)
        if (children[i].v[mover] > top)
            top = children[i].v[mover];
    /* Step 2. Among those, the lowest for the leader (within FAM_SAME_VALUE), the first. */
    int lead = leader(S->r, s);
    double least = 0.0;
    int first = 1;
    for (int i = 0; i < n; i++)
        if (children[i].v[mover] >= top - FAM_SAME_VALUE && (first || -children[i].v[lead] > least)) {
            least = -children[i].v[lead];
            first = 0;
        }
    int chosen = -1;
    for (int i = 0; i < n && chosen < 0; i++)
        if (children[i].v[mover] >= top - FAM_SAME_VALUE && -children[i].v[lead] >= least - FAM_SAME_VALUE)
            chosen = i;
    assert(chosen >= 0);
    /* Step 3. The candidates: children whose bound of the mover's entry reaches
     * the highest lower bound (less FAM_SAME_VALUE); exact when all are. */
    double floor = 0.0;
    for (int i = 0; i < n; i++) {
        double lo = children[i].lo[mover] < children[i].hi[mover] ? children[i].lo[mover] : children[i].hi[mover];
        if (i == 0 || lo > floor)
            floor = lo;
    }
    int exact = 1;
    for (int i = 0; i < n && exact; i++) {
        double hi = children[i].lo[mover] > children[i].hi[mover] ? children[i].lo[mover] : children[i].hi[mover];
        if (hi >= floor - FAM_SAME_VALUE && !children[i].exact)
            exact = 0;
    }
    if (exact) {
        set_exact(out, children[chosen].v, width);
        return chosen;
    }
    /* Step 4. Else each entry's bounds are the hull of the candidates'. */
    for (int e = 0; e < width; e++) {
        out->v[e] = children[chosen].v[e];
        out->lo[e] = children[chosen].lo[e];
        out->hi[e] = children[chosen].hi[e];
    }
    for (int i = 0; i < n; i++) {
        const FamValue *c = &children[i];
        double hi = c->lo[mover] > c->hi[mover] ? c->lo[mover] : c->hi[mover];
        if (hi < floor - FAM_SAME_VALUE)
            continue;
        for (int e = 0; e < width; e++) {
            if (c->lo[e] < out->lo[e])
                out->lo[e] = c->lo[e];
            if (c->hi[e] > out->hi[e])
                out->hi[e] = c->hi[e];
        }
    }
    out->exact = 0;
    return chosen;
}

/* Whether a timed search samples this draw: at the horizon, a draw whose
 * lines (k outcomes for each card still owed but the last, whose children are
 * read by their points) number more than FAM_SAMPLE_LINES. */
static int samples_draw(const FamSearch *S, const FamState *s, int depth, int k)
{
    if (!S->sample_chains || depth != 0 || k <= FAM_SAMPLE_OUTCOMES)
        return 0;
    double lines = 1.0;
    for (int owed = s->owed; owed > 1 && lines <= FAM_SAMPLE_LINES; owed--)
        lines *= k;
    return lines > FAM_SAMPLE_LINES;
}

/* A draw under way: the children weighted by their probabilities (copies in
 * the stock over its cards, rounded once), summed in card order from 0. A
 * timed search samples a long draw at the horizon (samples_draw): the
 * FAM_SAMPLE_OUTCOMES cards evenly spread in card order, weighted by their
 * copies among them (always the same cards: the search stays reproducible). */
static void maxn_chance(FamSearch *S, const FamState *s, int depth, FamValue *out)
{
    const FamRules *r = S->r;
    int width = S->width;
    /* Step 1. Table probe. */
    uint64_t key = 0;
    uint16_t tt_move = FAM_MOVE_NONE;
    int use_table = depth >= FAM_TT_MIN_DEPTH;
    if (use_table) {
        key = fam_state_key(r, s) ^ S->salt[FAM_LEAF_MATERIAL];
        const FamTTEntry *hit = ftt_probe(S->tt, key, depth, &tt_move);
        if (hit) {
            maxn_load(S, hit, out);
            return;
        }
    }
    /* Step 2. The outcomes, in card order. */
    int cards[CARDS], copies[CARDS], total;
    int k = fam_chance_outcomes(s, cards, copies, &total);
    assert(k > 0 && total > 0);
    if (samples_draw(S, s, depth, k)) {
        int kept = 0;
        total = 0;
        for (int j = 0; j < FAM_SAMPLE_OUTCOMES; j++) {
            int i = (2 * j + 1) * k / (2 * FAM_SAMPLE_OUTCOMES);
            cards[kept] = cards[i];
            copies[kept] = copies[i];
            total += copies[kept++];
        }
        k = kept;
        S->sampled = 1;
    }
    for (int e = 0; e < width; e++)
        out->v[e] = out->lo[e] = out->hi[e] = 0.0;
    out->exact = 1;
    /* At the horizon a card's child reads it by its key alone (FamPointsMemo, fam_leaf_key). */
    int by_points = fam_by_points(depth);
    FamPointsMemo memo;
    memo.count = 0;
    FamValue child_value;
    FamState child;
    for (int i = 0; i < k; i++) {
        double p = (double)copies[i] / total;
        int points = fam_leaf_key(S, s, cards[i]), seen = by_points ? fam_points_seen(&memo, points) : -1;
        if (seen >= 0) {
            fam_count_node(S);
            child_value = memo.value[seen];
        } else {
            fam_copy(&child, s, r->players);
            fam_apply_chance(r, &child, cards[i]);
            fam_maxn_value(S, &child, depth, &child_value);
            if (by_points && !child.owed)
                fam_points_keep(&memo, points, &child_value);
        }
        if (S->stop)
            return;
        for (int e = 0; e < width; e++) {
            out->v[e] += p * child_value.v[e];
            out->lo[e] += p * child_value.lo[e];
            out->hi[e] += p * child_value.hi[e];
        }
        out->exact &= child_value.exact;
    }
    /* Step 3. Table store. */
    if (use_table)
        maxn_store(S, key, depth, out, FAM_MOVE_NONE);
}

void fam_maxn_value(FamSearch *S, const FamState *s, int depth, FamValue *out)
{
    const FamRules *r = S->r;
    int width = S->width;
    assert(depth >= 0 && depth <= FAM_MAX_DEPTH);
    fam_count_node(S);

    /* Step 1. A finished deal: the payoffs (or their worths), exact. */
    if (fam_is_over(r, s)) {
        double pay[FAM_MAX_PLAYERS];
        fam_payoffs(r, s, pay);
        if (S->utility)
            fam_utility_worths(S->utility->finished, pay);
        set_exact(out, pay, width);
        return;
    }

    /* Step 2. A draw under way. */
    if (s->owed) {
        maxn_chance(S, s, depth, out);
        return;
    }

    /* Step 3. The horizon: the evaluation, within the whole payoff range (or
     * their worths). */
    if (depth == 0) {
        double value[FAM_MAX_PLAYERS];
        fam_horizon(S, s, value);
        for (int e = 0; e < width; e++) {
            out->v[e] = value[e];
            out->lo[e] = S->range_low;
            out->hi[e] = S->range_high;
        }
        if (S->utility)
            fam_utility_leaf(S->utility, out);
        out->exact = 0;
        return;
    }

    /* Step 4. Table probe. */
    uint64_t key = fam_state_key(r, s) ^ S->salt[FAM_LEAF_MATERIAL];
    uint16_t tt_move = FAM_MOVE_NONE;
    const FamTTEntry *hit = ftt_probe(S->tt, key, depth, &tt_move);
    if (hit) {
        maxn_load(S, hit, out);
        return;
    }

    /* Step 5. Every move, in the engine's order, one action less deep. */
    uint16_t moves[FAM_MAX_MOVES];
    int n = fam_generate_moves(r, s, moves);
    assert(n > 0);
    FamValue *children = S->arena + (size_t)depth * FAM_MAX_MOVES;
    FamState child;
    for (int i = 0; i < n; i++) {
        fam_copy(&child, s, r->players);
        fam_apply_move(r, &child, moves[i]);
        fam_maxn_value(S, &child, depth - 1, &children[i]);
        if (S->stop)
            return;
    }

    /* Step 6. The hand's choice, its bounds and exactness. */
    int chosen = fam_maxn_decide(S, s, children, n, out);

    /* Step 7. Table store. */
    maxn_store(S, key, depth, out, moves[chosen]);
}
