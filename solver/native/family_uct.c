/* family_uct.c - UCT with the heuristic's playouts (family_uct.h). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "deadline.h"
#include "family_eval.h"
#include "family_hash.h"
#include "family_playout.h"
#include "family_uct.h"
#include "family_utility.h"

/* Salt word of an iteration's seed, from the search's. */
static const uint64_t SALT_ITERATION = 0x756374000000ull;
enum {
    NO_NODE = -1,
    FIRST_NODES = 4096,                /* the tree's first room, doubled as it fills */
    ROOT_NODES = 1 + FAM_MAX_MOVES,    /* the least tree: the root and each of its moves */
};

typedef struct {
    int32_t first_child, next_sibling;
    uint32_t visits, available;
    uint16_t move;                 /* the move from the parent to here */
} Node;

typedef struct {
    const FamRules *r;
    Node *nodes;
    double *sums;                  /* node i's payoff sums per seat: sums[i * players + seat] */
    int count, capacity, limit, players;   /* nodes made, room for, at most; seats */
    double low, scale;             /* payoffs to [0, 1]: (payoff - low) / scale */
    double exploration;
    int hand;                      /* the root's hand to act: the tree's moves are hers alone */
    int seat;                      /* whose mean payoff her bound reads */
    int against;                   /* 1: she pushes that payoff down (paranoid, for another seat) */
    const Utility *utility;        /* NULL: payoffs; else their worths */
} Tree;

/* Room for one more node: the arrays doubled when full, up to the limit;
 * 0 when the tree is full (or the memory cannot be had: the tree stops growing). */
static int room(Tree *t)
{
    if (t->count < t->capacity)
        return 1;
    int grown = t->capacity < t->limit / 2 ? t->capacity * 2 : t->limit;
    if (grown <= t->capacity)
        return 0;
    Node *nodes = realloc(t->nodes, sizeof(Node) * (size_t)grown);
    if (!nodes)
        return 0;
    t->nodes = nodes;
    double *sums = realloc(t->sums, sizeof(double) * (size_t)grown * (size_t)t->players);
    if (!sums)
        return 0;
    t->sums = sums;
    t->capacity = grown;
    return 1;
}

static int new_node(Tree *t, int parent, uint16_t move)
{
    if (!room(t))
        return NO_NODE;
    int i = t->count++;
    t->nodes[i] = (Node){.first_child = NO_NODE, .next_sibling = NO_NODE, .move = move};
    memset(&t->sums[(size_t)i * t->players], 0, sizeof(double) * (size_t)t->players);
    if (parent != NO_NODE) {
        t->nodes[i].next_sibling = t->nodes[parent].first_child;
        t->nodes[parent].first_child = i;
    }
    return i;
}

static int child_for(const Tree *t, int parent, uint16_t move)
{
    for (int c = t->nodes[parent].first_child; c != NO_NODE; c = t->nodes[c].next_sibling)
        if (t->nodes[c].move == move)
            return c;
    return NO_NODE;
}

/* The child to descend to among `children` (each legal now): the best bound
 * for the tree's hand; counts each one's availability. */
static int select_child(Tree *t, const int children[], int n)
{
    int best = NO_NODE;
    double top = -INFINITY;
    for (int i = 0; i < n; i++) {
        Node *c = &t->nodes[children[i]];
        c->available++;
        double mean = (t->sums[(size_t)children[i] * t->players + t->seat] / c->visits - t->low) / t->scale;
        if (t->against)
            mean = 1.0 - mean;
        double bound = mean + t->exploration * sqrt(log((double)c->available) / c->visits);
        if (bound > top) {
            top = bound;
            best = children[i];
        }
    }
    return best;
}

/* One iteration from the root through its child `first`: descend by the
 * tree's hand's moves (the other hands playing the heuristic, the draws from
 * the iteration's stock order), add a node, play out, add the payoffs to the
 * path.  Returns the playout's cut flag. */
static int iterate(Tree *t, const FamState *root, int first, uint64_t seed)
{
    const FamRules *r = t->r;
    int8_t buffer[FAM_MAX_DECKS * CARDS];
    int path[FAM_PLAYOUT_MAX_EVENTS / 8];
    int depth = 0, shuffles = 0, node = first;
    FamState s;
    fam_copy(&s, root, r->players);
    fam_apply_move(r, &s, t->nodes[first].move);
    path[depth++] = 0;
    path[depth++] = node;
    double pay[FAM_MAX_PLAYERS];
    int added = 0, cut = 0;
    while (!fam_is_over(r, &s)) {
        if (s.owed) {
            fam_draw_shuffled(r, &s, buffer, seed, &shuffles);
            continue;
        }
        if (added || depth == (int)(sizeof path / sizeof path[0]))
            break;
        if (s.turn != t->hand) {
            fam_apply_move(r, &s, fam_heuristic_move(r, &s));   /* another hand: the heuristic's, no node */
            continue;
        }
        uint16_t moves[FAM_MAX_MOVES];
        int children[FAM_MAX_MOVES], n = fam_generate_moves(r, &s, moves), known = 0;
        uint16_t fresh = FAM_MOVE_NONE;
        double fresh_value = -INFINITY;
        for (int i = 0; i < n; i++) {
            int c = child_for(t, node, moves[i]);
            if (c != NO_NODE) {
                children[known++] = c;
            } else {
                double value = fam_heuristic_value(r, &s, moves[i]);  /* the heuristic's order first */
                if (value > fresh_value) {
                    fresh_value = value;
                    fresh = moves[i];
                }
            }
        }
        int next = NO_NODE;
        if (fresh != FAM_MOVE_NONE) {
            next = new_node(t, node, fresh);
            if (next == NO_NODE && known == 0)
                break;          /* the tree is full and nothing here is in it: play out from here */
            if (next != NO_NODE) {
                for (int i = 0; i < known; i++)
                    t->nodes[children[i]].available++;
                t->nodes[next].available++;
                fam_apply_move(r, &s, fresh);
                added = 1;
            }
        }
        if (next == NO_NODE) {
            next = select_child(t, children, known);
            fam_apply_move(r, &s, t->nodes[next].move);
        }
        node = next;
        path[depth++] = node;
    }
    if (fam_is_over(r, &s)) {
        fam_payoffs(r, &s, pay);
    } else {
        FamPlayoutInfo info;
        fam_playout(r, &s, fam_hash_word(seed, SALT_ITERATION), pay, &info);  /* its reshuffles not the tree's */
        cut = info.cut;
    }
    if (t->utility)
        fam_utility_worths(t->utility->finished, pay);
    for (int i = 0; i < depth; i++) {
        t->nodes[path[i]].visits++;
        double *sum = &t->sums[(size_t)path[i] * t->players];
        for (int seat = 0; seat < t->players; seat++)
            sum[seat] += pay[seat];
    }
    return cut;
}

int fam_uct_run(const FamRules *r, const FamState *root, const FamUctLimits *limits, FamUctResult *out)
{
    assert(!root->owed && !fam_is_over(r, root) && (limits->iterations > 0 || limits->time_ms > 0));
    memset(out, 0, sizeof *out);
    int hand = root->turn, maxn = limits->paranoid_for == FAM_UCT_MAXN;
    Tree t = {.r = r, .players = r->players, .exploration = limits->exploration, .hand = hand,
              .seat = maxn ? hand : limits->paranoid_for, .against = !maxn && limits->paranoid_for != hand,
              .limit = limits->max_nodes > ROOT_NODES ? limits->max_nodes : ROOT_NODES, .utility = limits->utility};
    assert(!t.utility || (maxn && r->players == 2));
    assert(t.limit <= FAM_UCT_MAX_NODES);
    t.capacity = FIRST_NODES < t.limit ? FIRST_NODES : t.limit;   /* the root's moves fit from the start */
    t.nodes = malloc(sizeof(Node) * (size_t)t.capacity);
    t.sums = malloc(sizeof(double) * (size_t)t.capacity * (size_t)t.players);
    if (!t.nodes || !t.sums) {
        free(t.nodes);
        free(t.sums);
        return -1;
    }
    double high;
    fam_payoff_range(r, fam_total_points(r, root), &t.low, &high);
    if (t.utility) {   /* the worths' range: seat 0's worths of the least and most payoff, seat 1's the opposite */
        double least = utility_read(t.utility->finished, t.low), most = utility_read(t.utility->finished, high);
        t.low = fmin(least, -most);
        high = fmax(most, -least);
    }
    t.scale = high > t.low ? high - t.low : 1.0;
    new_node(&t, NO_NODE, FAM_MOVE_NONE);
    int n = out->move_count = fam_generate_moves(r, root, out->moves), first[FAM_MAX_MOVES];
    for (int i = 0; i < n; i++)
        first[i] = new_node(&t, 0, out->moves[i]);   /* room for them all: ROOT_NODES */
    /* Rounds: iteration i of every root move from one seed (common random
     * numbers, as the rollout's), until the iterations are made or the time
     * is spent (one round at least). */
    uint64_t seed = fam_hash_word(limits->seed, fam_state_key(r, root));
    struct timespec deadline;
    int timed = deadline_start(&deadline, limits->time_ms);
    long round = 0;
    for (;; round++) {
        if (round > 0 && ((limits->iterations > 0 && round * n >= limits->iterations)
                          || (timed && deadline_passed(&deadline))))
            break;
        uint64_t round_seed = fam_hash_word(seed, SALT_ITERATION ^ (uint64_t)round);
        for (int i = 0; i < n; i++)
            out->cut += iterate(&t, root, first[i], round_seed);
    }
    out->iterations = round * n;
    out->nodes = t.count;
    /* Each root move's means; the best for the tree's hand, the first of equals. */
    double top = -INFINITY;
    for (int i = 0; i < n; i++) {
        out->visits[i] = (int)t.nodes[first[i]].visits;
        for (int seat = 0; seat < t.players; seat++)
            out->mean[i][seat] = t.sums[(size_t)first[i] * t.players + seat] / t.nodes[first[i]].visits;
        double score = t.against ? -out->mean[i][t.seat] : out->mean[i][t.seat];
        if (score > top) {
            top = score;
            out->best = i;
        }
    }
    free(t.nodes);
    free(t.sums);
    return 0;
}
