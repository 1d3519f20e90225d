/* root.c - the root of a search: iterative deepening under time and node
 * limits, every root move with the full window, and the principal variation. */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <assert.h>
#include <string.h>
#include <time.h>
#include "deadline.h"
#include "search_internal.h"
#include "zobrist.h"

static void start_clock(Search *S, int64_t time_ms)
{
    S->has_deadline = deadline_start(&S->deadline, time_ms);
}

static int is_legal(const State *s, uint16_t code)
{
    uint16_t moves[MAX_MOVES];
    int n = generate_moves(s, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == code)
            return 1;
    return 0;
}

/* The best move one action before the horizon (the first best in the
 * engine's order), searched again: cheap, as every child is a leaf. */
static uint16_t best_last_move(Search *S, const State *s)
{
    uint16_t moves[MAX_MOVES];
    int n = generate_moves(s, moves), best = 0, maximise = side_of(s->turn) == 0;
    double best_value = 0.0;
    for (int i = 0; i < n; i++) {
        double v = search_move(S, s, moves[i], 1, WINDOW_LOW, WINDOW_HIGH, 0).value;
        if (i == 0 || (maximise ? v > best_value : v < best_value)) {
            best = i;
            best_value = v;
        }
    }
    return moves[best];
}

/* The principal variation: the best root move, then the table's moves while
 * the play stays deterministic (plays, and draws of a known order).  Its
 * searches stop with the search's limits: the line then ends where it got to. */
static void principal_variation(Search *S, const State *root, uint16_t first, int depth,
                                SearchResult *out)
{
    State s = *root;
    uint16_t move = first;
    out->pv_len = 0;
    while (out->pv_len < depth && out->pv_len < MAX_PV) {
        out->pv[out->pv_len++] = move;
        if (move == MOVE_DRAW) {
            if (begin_draw(&s, S->order))
                return;                         /* chance decides what follows */
        } else {
            apply_play(&s, move_card(move), move_suit(move));
        }
        if (state_is_over(&s) || out->pv_len == depth)
            return;
        if (depth - out->pv_len == 1) {
            move = best_last_move(S, &s);       /* the table keeps no such node */
            if (S->stop)
                return;
            continue;
        }
        TTProbe probe;
        tt_probe(S->tt, s.key, depth - out->pv_len, &probe);
        if (probe.move == MOVE_NONE) {          /* replaced, or cut on bounds: search it again */
            search_node(S, &s, depth - out->pv_len, WINDOW_LOW, WINDOW_HIGH, out->pv_len);
            if (S->stop)
                return;
            tt_probe(S->tt, s.key, depth - out->pv_len, &probe);
        }
        if (probe.move == MOVE_NONE || !is_legal(&s, probe.move))
            return;
        move = probe.move;
    }
}

void search_run(Table *tt, const State *root, const StockOrder *order,
                const SearchLimits *limits, SearchResult *out)
{
    static Search zero;
    Search S = zero;
    S.tt = tt;
    S.order = order;
    S.leaf = limits->leaf;
    S.utility = limits->utility;
    S.node_limit = limits->node_limit;
    start_clock(&S, limits->time_ms);
    tt_new_search(tt);

    /* Step 0. Salt the keys with what the values depend on beyond the State. */
    uint64_t model_key = limits->leaf.mode == LEAF_TRAINED ? limits->leaf.model->key : 0;
    S.salt = zobrist_search_salt(limits->leaf.mode, model_key, order->cards,
                                 root->order_active ? order->len : 0);
    if (S.utility)
        S.salt ^= S.utility->key;
    State salted = *root;
    salted.key ^= S.salt;
    root = &salted;

    memset(out, 0, sizeof *out);
    out->move_count = generate_moves(root, out->moves);
    int n = out->move_count, maximise = side_of(root->turn) == 0;
    assert(!state_is_over(root) && n > 0);

    /* Iterative deepening: every root move with the full window. */
    for (int depth = 1; depth <= limits->max_depth; depth++) {
        double values[MAX_MOVES] = {0};
        int first_of_card[CARDS];
        int suits_equal = eight_suits_equal(root, depth);
        S.may_stop = depth > 1;
        for (int c = 0; c < CARDS; c++)
            first_of_card[c] = -1;
        for (int i = 0; i < n && !S.stop; i++) {
            uint16_t m = out->moves[i];
            if (suits_equal && is_named_eight(m)) {
                int *first = &first_of_card[move_card(m)];
                if (*first >= 0) {
                    values[i] = values[*first];   /* provably the same */
                    continue;
                }
                *first = i;
            }
            values[i] = search_move(&S, root, m, depth, WINDOW_LOW, WINDOW_HIGH, 0).value;
        }
        if (S.stop) {
            out->stopped = 1;
            break;
        }
        int best = 0;
        for (int i = 1; i < n; i++)
            if (maximise ? values[i] > values[best] : values[i] < values[best])
                best = i;
        memcpy(out->previous, out->values, sizeof(double) * (size_t)n);
        out->depth = depth;
        out->value = values[best];
        memcpy(out->values, values, sizeof(double) * (size_t)n);
        principal_variation(&S, root, out->moves[best], depth, out);
    }
    out->nodes = S.nodes;
}
