/* search.c - the nodes of the search: expectiminimax with alpha-beta at
 * decision nodes, Star2 and Star1 at chance nodes, a transposition table.
 * (root.c runs the iterations at the root.)
 *
 * CORRECTNESS RULE: pruning never changes an answer.  Every returned value is
 * fail-soft: a value strictly inside the window is exact, one at or beyond an
 * edge is a true bound.  The table reuses bounds only at the depth they were
 * found at, or at any greater depth when the subtree reached only finished
 * deals (its "reach", the most actions on a searched path, is then <= depth).
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <assert.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include "deadline.h"
#include "eval.h"
#include "search_internal.h"

enum {
    REACH_HORIZON = 255,          /* the value depends on where the horizon is */
    ORDER_TT_MOVE = 1 << 30,
    ORDER_KILLER_FIRST = 1 << 29,
    ORDER_KILLER_SECOND = 1 << 28,
    ORDER_CARD_POINTS = 1 << 8,   /* static order: shed the costliest card first */
    TT_MIN_DEPTH = 2,             /* decision nodes this shallow skip the table */
    BOUNDS_MIN_DEPTH = 2,         /* decision nodes this deep first try value_bounds */
    STAR2_MIN_DEPTH = 2,          /* chance nodes this deep probe their children (Star2) */
    ORDER_DRAW = -(1 << 20),      /* by default the draw comes after every play */
    HISTORY_LIMIT = 1 << 26,      /* history halves when a score passes this */
};

/* A child window reaching past a proven bound is opened this much beyond it,
 * so that a value on the bound comes back exact. */
#define WINDOW_MARGIN 1.0

/* Near the horizon a card of the pool matters only by its points, so cards
 * of equal points give equal values: swapping two of them changes nothing
 * when neither can be played before the horizon.  The drawer acts again no
 * sooner than the second action after its draw, and then only when the next
 * hand reverses the direction with an ace; a card left in the stock can be
 * played no sooner than two actions after someone draws it.  So with at most
 * POINTS_ONLY_DEPTH actions after the draw, or one more when the next hand
 * holds no ace, only points count.  Point classes: A, 2, 3, 4, 5, 6, 7, 8, 9,
 * and T J Q K.  (The trained leaf too sees a hand's cards only by their
 * point classes: trained.h.) */
enum { POINTS_ONLY_DEPTH = 1, POINT_CLASSES = 10 };
#define RANKS_MASK(r) (RANK_MASK_0 << (r))
static const CardSet POINT_CLASS[POINT_CLASSES] = {
    RANKS_MASK(0), RANKS_MASK(1), RANKS_MASK(2), RANKS_MASK(3), RANKS_MASK(4),
    RANKS_MASK(5), RANKS_MASK(6), RANKS_MASK(7), RANKS_MASK(8),
    RANKS_MASK(9) | RANKS_MASK(10) | RANKS_MASK(11) | RANKS_MASK(12),
};

static Result decision(Search *S, State *s, int depth, double alpha, double beta, int ply);
static Result chance(Search *S, State *s, int depth, double alpha, double beta, int ply);

/* A finished deal's value: its payoff, or what the payoff is worth (utility.h). */
static inline double finished_value(const Search *S, const State *s)
{
    double payoff = score_finished(s);
    return S->utility ? utility_read(S->utility->finished, payoff) : payoff;
}

/* A horizon leaf's value: its evaluation, or what that estimate is worth. */
static inline double leaf_value(const Search *S, const State *s)
{
    double estimate = eval_leaf(s, &S->leaf);
    return S->utility ? utility_read(S->utility->leaf, estimate) : estimate;
}

/* value_bounds, in worth when there is a utility: every leaf's payoff or
 * estimate lies in [lo, hi] and both tables are nondecreasing. */
static void bounds_of(const Search *S, const State *s, int depth, double *lo, double *hi)
{
    value_bounds(s, depth, &S->leaf, lo, hi);
    if (!S->utility)
        return;
    const Utility *u = S->utility;
    *lo = fmin(utility_read(u->finished, *lo), utility_read(u->leaf, *lo));
    *hi = fmax(utility_read(u->finished, *hi), utility_read(u->leaf, *hi));
}

static inline int max_int(int a, int b) { return a > b ? a : b; }
static inline int add_action(int reach) { return reach >= REACH_HORIZON ? REACH_HORIZON : reach + 1; }

static void check_clock(Search *S)
{
    if (S->has_deadline && deadline_passed(&S->deadline))
        S->stop = 1;
}

static inline void count_node(Search *S)
{
    S->nodes++;
    if (!S->may_stop)
        return;
    if (S->node_limit && S->nodes >= S->node_limit)
        S->stop = 1;
    if ((S->nodes & (STOP_CHECK_INTERVAL - 1)) == 0)
        check_clock(S);
}

/* An 8's four suits lead to equal values when the suit cannot matter: at the
 * last action before the horizon (no leaf evaluation sees the called suit), or
 * when a hand is out (extended play), since a play that is not a 2 or a 3 then
 * ends the deal. */
int eight_suits_equal(const State *s, int depth)
{
    return depth <= 1 || !s->hand[0] || !s->hand[1] || !s->hand[2] || !s->hand[3];
}

int is_named_eight(uint16_t code)
{
    return code != MOVE_DRAW && move_suit(code) >= 0;
}

/* The position after one action; a random draw is left under way (chance). */
Result search_move(Search *S, const State *s, uint16_t code, int depth,
                   double alpha, double beta, int ply)
{
    State child = *s;
    if (code == MOVE_DRAW) {
        if (begin_draw(&child, S->order)) {
            tt_prefetch(S->tt, child.key);
            return chance(S, &child, depth - 1, alpha, beta, ply + 1);
        }
    } else {
        apply_play(&child, move_card(code), move_suit(code));
    }
    if (depth - 1 >= TT_MIN_DEPTH)
        tt_prefetch(S->tt, child.key);
    return decision(S, &child, depth - 1, alpha, beta, ply + 1);
}

static void order_moves(const Search *S, const State *s, uint16_t *moves, int n,
                        uint16_t tt_move, int ply)
{
    int32_t score[MAX_MOVES];
    const int32_t *history = S->history[side_of(s->turn)];
    for (int i = 0; i < n; i++) {
        uint16_t m = moves[i];
        if (m == tt_move)
            score[i] = ORDER_TT_MOVE;
        else if (m == S->killer[ply][0])
            score[i] = ORDER_KILLER_FIRST;
        else if (m == S->killer[ply][1])
            score[i] = ORDER_KILLER_SECOND;
        else if (m == MOVE_DRAW)
            score[i] = ORDER_DRAW + history[m];
        else
            score[i] = history[m] + ORDER_CARD_POINTS * card_points(move_card(m));
    }
    for (int i = 1; i < n; i++) {           /* insertion sort, best first, stable */
        uint16_t m = moves[i];
        int32_t v = score[i];
        int j = i;
        for (; j > 0 && score[j - 1] < v; j--) {
            score[j] = score[j - 1];
            moves[j] = moves[j - 1];
        }
        score[j] = v;
        moves[j] = m;
    }
}

static void reward_cutoff(Search *S, const State *s, uint16_t move, int depth, int ply)
{
    int32_t *history = S->history[side_of(s->turn)];
    history[move] += depth * depth;
    if (history[move] > HISTORY_LIMIT)
        for (int i = 0; i < HISTORY_SIZE; i++)
            history[i] /= 2;
    if (move != MOVE_DRAW && S->killer[ply][0] != move) {
        S->killer[ply][1] = S->killer[ply][0];
        S->killer[ply][0] = move;
    }
}

/* Store a fail-soft result found with window (alpha, beta). */
static void store(Search *S, const State *s, int depth, double alpha, double beta,
                  Result r, uint16_t move)
{
    double lower = VALUE_MIN, upper = VALUE_MAX;
    if (r.value <= alpha)
        upper = r.value;
    else if (r.value >= beta)
        lower = r.value;
    else
        lower = upper = r.value;
    if (r.reach <= depth)
        tt_store(S->tt, s->key, r.reach, 1, lower, upper, move);
    else
        tt_store(S->tt, s->key, depth, 0, lower, upper, move);
}

/* Step 3 of both node kinds: a cutoff from the table, or a narrower window. */
static int probe_table(Search *S, const State *s, int depth, double *alpha, double *beta,
                       Result *hit, uint16_t *move)
{
    TTProbe probe;
    tt_probe(S->tt, s->key, depth, &probe);
    *move = probe.move;
    if (!probe.found)
        return 0;
    hit->reach = probe.reach >= 0 ? probe.reach : REACH_HORIZON;
    if (probe.lower >= *beta || probe.lower >= probe.upper) {
        hit->value = probe.lower;
        return 1;
    }
    if (probe.upper <= *alpha) {
        hit->value = probe.upper;
        return 1;
    }
    if (probe.lower > *alpha)
        *alpha = probe.lower;
    if (probe.upper < *beta)
        *beta = probe.upper;
    return 0;
}

/* A decision node: NS maximises the value, EW minimises it. */
static Result decision(Search *S, State *s, int depth, double alpha, double beta, int ply)
{
    assert(alpha < beta);
    assert(s->key == (state_compute_key(s) ^ S->salt));
    count_node(S);

    /* Step 1. A finished deal: the exact payoff. */
    if (state_is_over(s))
        return (Result){finished_value(S, s), 0};

    /* Step 2. The horizon. */
    if (depth == 0)
        return (Result){leaf_value(S, s), REACH_HORIZON};

    /* Step 3. Table probe (not worth a cache miss next to the horizon). */
    Result hit;
    uint16_t tt_move = MOVE_NONE;
    int use_table = depth >= TT_MIN_DEPTH;
    if (use_table && probe_table(S, s, depth, &alpha, &beta, &hit, &tt_move))
        return hit;
    assert(alpha < beta);

    /* Step 4. Proven bounds outside the window: no need to look further. */
    if (depth >= BOUNDS_MIN_DEPTH) {
        double L, U;
        bounds_of(S, s, depth, &L, &U);
        if (U <= alpha)
            return (Result){U, REACH_HORIZON};
        if (L >= beta)
            return (Result){L, REACH_HORIZON};
    }

    /* Step 5. Generate and order the moves. */
    uint16_t moves[MAX_MOVES];
    int n = generate_moves(s, moves);
    assert(n > 0);
    order_moves(S, s, moves, n, tt_move, ply);

    /* Step 6. Alpha-beta over the moves (fail-soft). */
    int maximise = side_of(s->turn) == 0;
    int suits_equal = eight_suits_equal(s, depth);
    CardSet eights_done = 0;
    double a = alpha, b = beta;
    Result best = {maximise ? WINDOW_LOW : WINDOW_HIGH, 0};
    uint16_t best_move = MOVE_NONE;
    int child_reach = 0;
    for (int i = 0; i < n; i++) {
        uint16_t m = moves[i];
        if (suits_equal && is_named_eight(m)) {
            if (eights_done & card_bit(move_card(m)))
                continue;                       /* the same value as its first suit */
            eights_done |= card_bit(move_card(m));
        }
        Result r = search_move(S, s, m, depth, a, b, ply);
        if (S->stop)
            return r;
        child_reach = max_int(child_reach, r.reach);
        if (maximise ? r.value > best.value : r.value < best.value) {
            best.value = r.value;
            best_move = m;
        }
        if (maximise && best.value > a)
            a = best.value;
        if (!maximise && best.value < b)
            b = best.value;
        if (a >= b) {
            reward_cutoff(S, s, m, depth, ply);
            break;
        }
    }
    best.reach = add_action(child_reach);

    /* Step 7. Table store. */
    if (use_table)
        store(S, s, depth, alpha, beta, best, best_move);
    return best;
}

/* A Star1 cutoff proves value >= beta (or <= alpha) exactly; rounding must not
 * move the bound it returns back inside the window, where it would pass for
 * an exact value. */
static inline double fail_high(double bound, double beta) { return bound < beta ? beta : bound; }
static inline double fail_low(double bound, double alpha) { return bound > alpha ? alpha : bound; }

/* Star2's probe of a chance node's child: the value of its first move, a
 * lower bound of the child where NS acts (it maximises), an upper bound where
 * EW acts; a bound the table holds serves instead when it says more. */
static double probe_child(Search *S, State *s, int depth, double alpha, double beta, int ply)
{
    assert(alpha < beta);
    count_node(S);
    if (state_is_over(s))
        return finished_value(S, s);
    if (depth == 0)
        return leaf_value(S, s);
    int maximise = side_of(s->turn) == 0;
    uint16_t tt_move = MOVE_NONE;
    if (depth >= TT_MIN_DEPTH) {
        TTProbe probe;
        tt_probe(S->tt, s->key, depth, &probe);
        tt_move = probe.move;
        if (probe.found && (maximise ? probe.lower > VALUE_MIN : probe.upper < VALUE_MAX))
            return maximise ? probe.lower : probe.upper;
    }
    uint16_t moves[MAX_MOVES];
    int n = generate_moves(s, moves);
    order_moves(S, s, moves, n, tt_move, ply);
    return search_move(S, s, moves[0], depth, alpha, beta, ply).value;
}

/* A chance node: one card of a draw under way, uniform over the pool.  Star2
 * probes the children for bounds, then Star1 bounds each child's window by
 * the bounds of the others (Ballard 1983). */
static Result chance(Search *S, State *s, int depth, double alpha, double beta, int ply)
{
    assert(alpha < beta);
    assert(s->key == (state_compute_key(s) ^ S->salt));
    count_node(S);

    /* Step 1. The pool (the stock, reshuffled from the discard pile when empty). */
    CardSet pool = draw_step_pool(s);
    assert(pool);

    /* Step 2. A draw ending at the horizon, in closed form (the expected
     * estimate: not the expected worth of the estimates, under a utility). */
    Result r;
    if (depth == 0 && !S->utility && eval_draw_at_horizon(s, &S->leaf, &r.value)) {
        r.reach = REACH_HORIZON;
        return r;
    }

    /* Step 3. Table probe. */
    uint16_t tt_move;
    if (probe_table(S, s, depth, &alpha, &beta, &r, &tt_move))
        return r;
    assert(alpha < beta);

    /* Step 4. The outcomes: one per card, or near the horizon one per point
     * value, weighted by how many cards share it. */
    int cards[CARDS], weight[CARDS], k = 0, n = count_cards(pool);
    int points_only = depth <= POINTS_ONLY_DEPTH
        || (depth == POINTS_ONLY_DEPTH + 1
            && !(s->hand[next_seat(s->turn, s->direction)] & rank_mask(RANK_ACE)));
    if (points_only) {
        for (int g = 0; g < POINT_CLASSES; g++) {
            CardSet same = pool & POINT_CLASS[g];
            if (same) {
                cards[k] = lowest_card(same);
                weight[k++] = count_cards(same);
            }
        }
    } else {
        for (CardSet rest = pool; rest; rest = drop_lowest(rest)) {
            cards[k] = lowest_card(rest);
            weight[k++] = 1;
        }
    }

    /* Step 5. Star2 probing: where the draw ends at every outcome, one move of
     * each child bounds the child (from below where NS acts next, from above
     * where EW does), which may already settle the node. */
    double L, U, low[CARDS], high[CARDS];
    bounds_of(S, s, depth, &L, &U);
    for (int i = 0; i < k; i++) {
        low[i] = L;
        high[i] = U;
    }
    int next_side = 1 - side_of(s->turn);       /* a draw always passes to the other side */
    int probe = depth >= STAR2_MIN_DEPTH && s->draw_left == 1
             && (next_side == 0 ? beta < U : alpha > L);
    Result out;
    if (probe) {
        double done = 0.0;
        int left = n;
        for (int i = 0; i < k; i++) {
            int w = weight[i];
            left -= w;
            State child = *s;
            draw_step(&child, cards[i]);
            if (next_side == 0) {
                double hi = (n * beta - done - left * L) / w;
                if (hi > L)                     /* else L alone settles it */
                    low[i] = probe_child(S, &child, depth, L - WINDOW_MARGIN,
                                         hi < U ? hi : U + WINDOW_MARGIN, ply);
                done += w * low[i];
            } else {
                double lo = (n * alpha - done - left * U) / w;
                if (lo < U)                     /* else U alone settles it */
                    high[i] = probe_child(S, &child, depth, lo > L ? lo : L - WINDOW_MARGIN,
                                          U + WINDOW_MARGIN, ply);
                done += w * high[i];
            }
            if (S->stop)
                return (Result){0.0, REACH_HORIZON};
            if (next_side == 0 && done + left * L >= n * beta) {
                out.value = fail_high((done + left * L) / n, beta);
                goto bound;
            }
            if (next_side == 1 && done + left * U <= n * alpha) {
                out.value = fail_low((done + left * U) / n, alpha);
                goto bound;
            }
        }
    }

    /* Step 6. Star1: each child within its bounds, the others at theirs.  The
     * bounds of the children after i are summed from the last back, so that
     * rounding keeps rest_low[i] <= rest_high[i], and both 0 after the last. */
    double rest_low[CARDS], rest_high[CARDS];
    rest_low[k - 1] = rest_high[k - 1] = 0.0;
    for (int i = k - 1; i > 0; i--) {
        rest_low[i - 1] = rest_low[i] + weight[i] * low[i];
        rest_high[i - 1] = rest_high[i] + weight[i] * high[i];
    }
    int child_reach = 0;
    double sum = 0.0;
    for (int i = 0; i < k; i++) {
        int w = weight[i];
        double lo = (n * alpha - sum - rest_high[i]) / w;
        double hi = (n * beta - sum - rest_low[i]) / w;
        if (lo >= high[i]) {                    /* even the best cannot reach alpha */
            out.value = fail_low((sum + w * high[i] + rest_high[i]) / n, alpha);
            goto bound;
        }
        if (hi <= low[i]) {                     /* even the worst reaches beta */
            out.value = fail_high((sum + w * low[i] + rest_low[i]) / n, beta);
            goto bound;
        }
        State child = *s;
        draw_step(&child, cards[i]);
        if (child.draw_left || depth >= TT_MIN_DEPTH)
            tt_prefetch(S->tt, child.key);
        double ca = lo > low[i] ? lo : low[i] - WINDOW_MARGIN;
        double cb = hi < high[i] ? hi : high[i] + WINDOW_MARGIN;
        /* With alpha and beta a rounding error apart, lo == hi can close the
         * window: a null window at lo still tells on which side the child is
         * (a value at lo is then an upper bound, so fail low is tried first). */
        if (cb <= ca)
            cb = nextafter(ca, INFINITY);
        Result c = child.draw_left ? chance(S, &child, depth, ca, cb, ply)
                                   : decision(S, &child, depth, ca, cb, ply);
        if (S->stop)
            return c;
        child_reach = max_int(child_reach, c.reach);
        if (c.value <= lo) {                    /* fail low: value <= alpha */
            out.value = fail_low((sum + w * c.value + rest_high[i]) / n, alpha);
            goto bound;
        }
        if (c.value >= hi) {                    /* fail high: value >= beta */
            out.value = fail_high((sum + w * c.value + rest_low[i]) / n, beta);
            goto bound;
        }
        sum += w * c.value;                     /* strictly inside: exact */
    }
    out.value = sum / n;
    out.reach = child_reach;
    goto done;
bound:
    out.reach = REACH_HORIZON;                  /* the bounds used hold at this depth only */
done:

    /* Step 7. Table store. */
    store(S, s, depth, alpha, beta, out, MOVE_NONE);
    return out;
}

Result search_node(Search *S, State *s, int depth, double alpha, double beta, int ply)
{
    return decision(S, s, depth, alpha, beta, ply);
}
