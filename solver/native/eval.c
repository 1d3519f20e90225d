/* eval.c - finished-deal payoffs and horizon evaluation (see eval.h). */
#include <assert.h>
#include "eval.h"

double score_finished(const State *s)
{
    int worth[SEATS], gone = 0, gone_seat = -1;
    for (int seat = 0; seat < SEATS; seat++) {
        worth[seat] = set_points(s->hand[seat]);
        if (!s->hand[seat]) {
            gone++;
            gone_seat = seat;
        }
    }
    int all = (worth[SEAT_E] + worth[SEAT_W]) - (worth[SEAT_N] + worth[SEAT_S]);
    if (gone != 1 || !is_concealed(gone_seat))
        return all;
    int best = all;
    if (gone_seat == SEAT_S) {
        /* EW chooses: everything counts, or only W, or only E counts (against EW). */
        if (worth[SEAT_W] < best)
            best = worth[SEAT_W];
        if (worth[SEAT_E] < best)
            best = worth[SEAT_E];
    } else {
        /* NS chooses: everything counts, or only S, or only N counts (against NS). */
        if (-worth[SEAT_S] > best)
            best = -worth[SEAT_S];
        if (-worth[SEAT_N] > best)
            best = -worth[SEAT_N];
    }
    return best;
}

/* (E+W points) - (N+S points): the payoff if every hand counted now. */
static double material(const State *s)
{
    return (set_points(s->hand[SEAT_E]) + set_points(s->hand[SEAT_W]))
         - (set_points(s->hand[SEAT_N]) + set_points(s->hand[SEAT_S]));
}

double eval_leaf(const State *s, const Leaf *leaf)
{
    if (leaf->mode == LEAF_LOW)
        return VALUE_MIN;
    if (leaf->mode == LEAF_HIGH)
        return VALUE_MAX;
    if (leaf->mode == LEAF_TRAINED)
        return trained_leaf(leaf->model, s);
    return material(s);
}

int eval_draw_at_horizon(const State *s, const Leaf *leaf, double *value)
{
    assert(s->draw_left > 0 && (s->stock | s->discard));
    if (leaf->mode == LEAF_TRAINED)
        return trained_draw_at_horizon(leaf->model, s, value);
    for (int seat = 0; seat < SEATS; seat++)
        if (seat != s->turn && !s->hand[seat])
            return 0;                           /* the draw ends the deal */
    if (leaf->mode != LEAF_MATERIAL) {
        *value = eval_leaf(s, leaf);
        return 1;
    }
    /* Expected points drawn: the stock first, then the reshuffled discard pile. */
    int need = s->draw_left, in_stock = count_cards(s->stock);
    double drawn;
    if (need <= in_stock) {
        drawn = (double)(need * set_points(s->stock)) / in_stock;
    } else {
        int rest = need - in_stock, in_discard = count_cards(s->discard);
        drawn = set_points(s->stock);
        if (in_discard)
            drawn += (double)((rest < in_discard ? rest : in_discard) * set_points(s->discard))
                   / in_discard;
    }
    *value = side_of(s->turn) == 0 ? material(s) - drawn : material(s) + drawn;
    return 1;
}

/* Ranks by the points a card is worth, most first. */
static const int8_t RANKS_BY_POINTS[RANKS] = {
    RANK_EIGHT, RANK_TWO, 12, 11, 10, 9, 8, 6, 5, 4, 3, RANK_THREE, RANK_ACE,
};

/* The points of the `k` costliest cards of a set. */
static int top_points(CardSet cards, int k)
{
    int total = 0;
    for (int i = 0; i < RANKS && k > 0; i++) {
        int rank = RANKS_BY_POINTS[i];
        int have = count_cards(cards & rank_mask(rank));
        int take = have < k ? have : k;
        total += take * card_points(rank);
        k -= take;
    }
    return total;
}

void value_bounds(const State *s, int depth, const Leaf *leaf, double *lo, double *hi)
{
    *lo = VALUE_MIN;
    *hi = VALUE_MAX;
    if (leaf->mode == LEAF_TRAINED)
        return;
    CardSet side_hands[2] = {s->hand[SEAT_N] | s->hand[SEAT_S], s->hand[SEAT_E] | s->hand[SEAT_W]};
    CardSet loose = s->stock | s->discard | side_hands[0] | side_hands[1] | card_bit(s->upcard);
    int threes = count_cards(loose & rank_mask(RANK_THREE));
    int twos = count_cards(loose & rank_mask(RANK_TWO));
    /* Who acts first: the hand to act, or after a draw under way the next hand
     * (always of the other side). */
    int first = side_of(s->turn) ^ (s->draw_left > 0);
    int pending = s->draw_left ? 0 : s->pending;
    int most[2], least[2];
    for (int side = 0; side < 2; side++) {
        /* Sides alternate but for the repeats a 3 makes. */
        int actions = (depth + (side == first)) / 2 + threes;
        if (actions > depth)
            actions = depth;
        /* Cards drawn: one per draw, plus the pending counts, which only the
         * 2s still in play can raise; and what a draw under way still takes. */
        int draws = actions ? actions + pending + 2 * twos : 0;
        if (s->draw_left && side == side_of(s->turn))
            draws += s->draw_left;
        int points = set_points(side_hands[side]);
        most[side] = points + top_points(FULL_DECK & ~side_hands[side], draws);
        least[side] = points - top_points(side_hands[side], actions);
    }
    int low = least[1] - most[0], high = most[1] - least[0];
    int actions_ns = (depth + (first == 0)) / 2 + threes, actions_ew = (depth + (first == 1)) / 2 + threes;
    if (count_cards(s->hand[SEAT_S]) <= actions_ns && low > 0)
        low = 0;                                /* S out: EW may count only E or W */
    if (count_cards(s->hand[SEAT_W]) <= actions_ew && high < 0)
        high = 0;                               /* W out: NS may count only N or S */
    /* A horizon leaf at -580 (LEAF_LOW) or +580 (LEAF_HIGH) leaves one side open. */
    if (low > *lo && leaf->mode != LEAF_LOW)
        *lo = low;
    if (high < *hi && leaf->mode != LEAF_HIGH)
        *hi = high;
}
