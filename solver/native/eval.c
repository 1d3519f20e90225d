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

double eval_leaf(const State *s, int leaf)
{
    if (leaf == LEAF_LOW)
        return VALUE_MIN;
    if (leaf == LEAF_HIGH)
        return VALUE_MAX;
    return (set_points(s->hand[SEAT_E]) + set_points(s->hand[SEAT_W]))
         - (set_points(s->hand[SEAT_N]) + set_points(s->hand[SEAT_S]));
}

int eval_draw_at_horizon(const State *s, int leaf, double *value)
{
    assert(s->draw_left > 0 && (s->stock | s->discard));
    for (int seat = 0; seat < SEATS; seat++)
        if (seat != s->turn && !s->hand[seat])
            return 0;                           /* the draw ends the deal */
    if (leaf != LEAF_MATERIAL) {
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
    double material = eval_leaf(s, LEAF_MATERIAL);
    *value = side_of(s->turn) == 0 ? material - drawn : material + drawn;
    return 1;
}
