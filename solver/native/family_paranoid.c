/* family_paranoid.c - the nodes of the family's paranoid search: the named
 * player's payoff, maximised by her and minimised by every other hand;
 * fail-soft alpha-beta at decision nodes, Star1 at chance nodes (Ballard
 * 1983: each card's window bounded by what the others can still bring).
 * (family_root.c runs the root: every root move with the full window.)
 * Best-Reply Search runs here too, over the replies family_brs.c allows:
 * `branch` is its state (FAM_BRS_OPEN in paranoid, whose keys it leaves alone).
 *
 * CORRECTNESS RULE: every value is fail-soft; a value strictly inside the
 * window is exact (a chance node's then the reference's sum, p * child in
 * card order from 0.0, every child exact), one at or beyond an edge a true
 * bound.  The table holds a lower and an upper bound at the depth they were
 * found at.
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <assert.h>
#include <math.h>
#include <string.h>
#include "family_eval.h"
#include "family_hash.h"
#include "family_search_internal.h"

/* The paranoid table entry's doubles: a lower and an upper bound. */
enum { PARANOID_LOWER = 0, PARANOID_UPPER = 1 };

/* Salt of a BRS key whose opponents' layer has its branching seat. */
static const uint64_t SALT_BRANCH = 0x6272616E0000ull;

/* A child window reaching past the payoff range is opened this much beyond
 * it, so that a value on the range's edge comes back exact. */
#define WINDOW_MARGIN 1.0

/* A Star1 cutoff proves value <= alpha (or >= beta); rounding must not move
 * the bound it returns back inside the window, where it would pass for an
 * exact value. */
static inline double fail_low(double bound, double alpha) { return bound > alpha ? alpha : bound; }
static inline double fail_high(double bound, double beta) { return bound < beta ? beta : bound; }

int fam_paranoid_choose(const FamSearch *S, const FamState *s, const double *values, int n)
{
    double sign = s->turn == S->player ? 1.0 : -1.0, top = sign * values[0];
    for (int i = 1; i < n; i++)
        if (sign * values[i] > top)
            top = sign * values[i];
    for (int i = 0; i < n; i++)
        if (sign * values[i] >= top - FAM_SAME_VALUE)
            return i;
    return 0;
}

static double leaf_value(FamSearch *S, const FamState *s, int leaf)
{
    if (leaf == FAM_LEAF_LOW)
        return S->range_low;
    if (leaf == FAM_LEAF_HIGH)
        return S->range_high;
    double value[FAM_MAX_PLAYERS];
    fam_horizon(S, s, value);
    return value[S->player];
}

/* A BRS node's key: its position's, told apart by who branches. */
static inline uint64_t node_key(const FamSearch *S, const FamState *s, int leaf, int branch)
{
    uint64_t key = fam_state_key(S->r, s) ^ S->salt[leaf];
    return branch == FAM_BRS_OPEN ? key : fam_hash_word(key, SALT_BRANCH | (uint64_t)branch);
}

/* What the table knows of a node: its bounds (the whole range when nothing). */
typedef struct {
    uint64_t key;
    uint16_t move;
    double lower, upper;
} Known;

/* Table probe: 1 with *value set when the entry settles the node within
 * (*alpha, *beta); else the window narrowed to what the entry proves. */
static int probe(FamSearch *S, const FamState *s, int depth, int leaf, int branch, double *alpha, double *beta,
                 Known *known, double *value)
{
    known->key = node_key(S, s, leaf, branch);
    known->move = FAM_MOVE_NONE;
    known->lower = S->range_low - WINDOW_MARGIN;
    known->upper = S->range_high + WINDOW_MARGIN;
    const FamTTEntry *hit = ftt_probe(S->tt, known->key, depth, &known->move);
    if (!hit)
        return 0;
    double lower = known->lower = hit->data[PARANOID_LOWER], upper = known->upper = hit->data[PARANOID_UPPER];
    if (lower >= *beta || lower >= upper) {
        *value = lower;
        return 1;
    }
    if (upper <= *alpha) {
        *value = upper;
        return 1;
    }
    if (lower > *alpha)
        *alpha = lower;
    if (upper < *beta)
        *beta = upper;
    return 0;
}

/* Table store: a bound at an edge of the window searched, else the value;
 * what the entry proved before is kept beside it. */
static void store(FamSearch *S, const Known *known, int depth, double value, double window_low, double window_high,
                  uint16_t move)
{
    double data[2] = {S->range_low - WINDOW_MARGIN, S->range_high + WINDOW_MARGIN};
    if (value <= window_low)
        data[PARANOID_UPPER] = value;
    else if (value >= window_high)
        data[PARANOID_LOWER] = value;
    else
        data[PARANOID_LOWER] = data[PARANOID_UPPER] = value;
    if (known->lower > data[PARANOID_LOWER] && known->lower <= data[PARANOID_UPPER])
        data[PARANOID_LOWER] = known->lower;
    if (known->upper < data[PARANOID_UPPER] && known->upper >= data[PARANOID_LOWER])
        data[PARANOID_UPPER] = known->upper;
    ftt_store(S->tt, known->key, depth, 0, move, data);
}

/* A draw under way: the expectation over the cards, Star1 (each card's
 * window the values it must reach for the sum to leave (alpha, beta) with
 * every later card at the least or the most a payoff can be). */
static double chance(FamSearch *S, const FamState *s, int depth, double alpha, double beta, int leaf, int branch)
{
    const FamRules *r = S->r;
    assert(alpha < beta);

    /* Step 1. Table probe. */
    Known known = {0, FAM_MOVE_NONE, S->range_low - WINDOW_MARGIN, S->range_high + WINDOW_MARGIN};
    int use_table = depth >= FAM_TT_MIN_DEPTH;
    double a = alpha, b = beta, value;
    if (use_table && probe(S, s, depth, leaf, branch, &a, &b, &known, &value))
        return value;
    assert(a < b);

    /* Step 2. The outcomes in card order, their probabilities rounded once,
     * and the least and the most the cards after each can bring. */
    int cards[CARDS], copies[CARDS], total;
    int k = fam_chance_outcomes(s, cards, copies, &total);
    assert(k > 0 && total > 0);
    double low = S->range_low, high = S->range_high;
    double p[CARDS], rest_low[CARDS], rest_high[CARDS];
    for (int i = 0; i < k; i++)
        p[i] = (double)copies[i] / total;
    rest_low[k - 1] = rest_high[k - 1] = 0.0;
    for (int i = k - 1; i > 0; i--) {
        rest_low[i - 1] = rest_low[i] + p[i] * low;
        rest_high[i - 1] = rest_high[i] + p[i] * high;
    }

    /* Step 3. Star1 over the cards.  At the horizon every card's child is a
     * horizon leaf or a finished deal whose value reads the drawn card by its
     * key alone (fam_leaf_key: its points, or its class under the trained
     * model): found once per key, summed still card by card. */
    int by_points = fam_by_points(depth);
    FamPointsMemo memo;
    memo.count = 0;
    double sum = 0.0;
    FamState child;
    for (int i = 0; i < k; i++) {
        double lo = (a - sum - rest_high[i]) / p[i];
        double hi = (b - sum - rest_low[i]) / p[i];
        if (lo >= high) {                   /* even the most cannot reach alpha */
            value = fail_low(sum + p[i] * high + rest_high[i], a);
            goto done;
        }
        if (hi <= low) {                    /* even the least reaches beta */
            value = fail_high(sum + p[i] * low + rest_low[i], b);
            goto done;
        }
        double ca = lo > low ? lo : low - WINDOW_MARGIN;
        double cb = hi < high ? hi : high + WINDOW_MARGIN;
        if (cb <= ca)                       /* alpha and beta a rounding apart */
            cb = nextafter(ca, INFINITY);
        int points = fam_leaf_key(S, s, cards[i]), seen = by_points ? fam_points_seen(&memo, points) : -1;
        double v;
        if (seen >= 0) {
            fam_count_node(S);
            v = memo.value[seen].v[0];
        } else {
            fam_copy(&child, s, r->players);
            fam_apply_chance(r, &child, cards[i]);
            v = fam_paranoid_value(S, &child, depth, ca, cb, leaf, branch);
            if (by_points && !child.owed) {
                FamValue kept = {.v = {v}};
                fam_points_keep(&memo, points, &kept);
            }
        }
        if (S->stop)
            return 0.0;
        if (v <= lo) {                      /* fail low: the node <= alpha */
            value = fail_low(sum + p[i] * v + rest_high[i], a);
            goto done;
        }
        if (v >= hi) {                      /* fail high: the node >= beta */
            value = fail_high(sum + p[i] * v + rest_low[i], b);
            goto done;
        }
        sum += p[i] * v;                    /* strictly inside: exact */
    }
    value = sum;
done:
    /* Step 4. Table store. */
    if (use_table)
        store(S, &known, depth, value, a, b, FAM_MOVE_NONE);
    return value;
}

double fam_paranoid_value(FamSearch *S, const FamState *s, int depth, double alpha, double beta, int leaf,
                          int branch)
{
    const FamRules *r = S->r;
    assert(alpha < beta);
    fam_count_node(S);

    /* Step 1. A finished deal: the player's payoff. */
    if (fam_is_over(r, s)) {
        double pay[FAM_MAX_PLAYERS];
        fam_payoffs(r, s, pay);
        return pay[S->player];
    }

    /* Step 2. The bounds' searches (never BRS's, whose free moves make a line
     * longer than its depth): a deal that lasts past the horizon is worth
     * their horizon's value whatever is played. */
    if (leaf != FAM_LEAF_MATERIAL && fam_deal_lasts(r, s, depth))
        return leaf_value(S, s, leaf);

    /* Step 3. A draw under way. */
    if (s->owed)
        return chance(S, s, depth, alpha, beta, leaf, branch);

    /* Step 4. The horizon. */
    if (depth == 0)
        return leaf_value(S, s, leaf);

    /* Step 5. Table probe: a cutoff, or a narrower window. */
    branch = fam_brs_open(S, s, branch);
    Known known;
    double a = alpha, b = beta, value;
    if (probe(S, s, depth, leaf, branch, &a, &b, &known, &value))
        return value;
    assert(a < b);

    /* Step 6. The replies (every move; BRS: family_brs.c's), the table's best
     * first, then the engine's order. */
    uint16_t moves[FAM_MAX_MOVES];
    FamReply replies[FAM_MAX_MOVES + 1];
    int n = fam_generate_moves(r, s, moves);
    assert(n > 0);
    n = fam_replies(S, s, branch, moves, n, replies);
    for (int i = 1; i < n; i++)
        if (replies[i].move == known.move) {
            FamReply first = replies[i];
            memmove(replies + 1, replies, (size_t)i * sizeof replies[0]);
            replies[0] = first;
            break;
        }

    /* Step 7. Alpha-beta over the moves (fail-soft). */
    int maximise = s->turn == S->player;
    double best = maximise ? S->range_low - WINDOW_MARGIN : S->range_high + WINDOW_MARGIN;
    double window_low = a, window_high = b;
    uint16_t best_move = replies[0].move;
    FamState child;
    for (int i = 0; i < n; i++) {
        fam_copy(&child, s, r->players);
        fam_apply_move(r, &child, replies[i].move);
        double v = fam_paranoid_value(S, &child, depth - replies[i].cost, a, b, leaf, replies[i].branch);
        if (S->stop)
            return 0.0;
        if (maximise ? v > best : v < best) {
            best = v;
            best_move = replies[i].move;
        }
        if (maximise && best > a)
            a = best;
        if (!maximise && best < b)
            b = best;
        if (a >= b)
            break;
    }

    /* Step 8. Table store. */
    store(S, &known, depth, best, window_low, window_high, best_move);
    return best;
}
