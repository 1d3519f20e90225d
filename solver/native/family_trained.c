/* family_trained.c - the family's trained evaluation (family_trained.h). */
#include <math.h>
#include "family_eval.h"
#include "family_trained.h"

/* The cards of `m` in `mask`, with their copies. */
static inline int ms_count_in(Multiset m, CardSet mask)
{
    return count_cards(m.one & mask) + count_cards(m.two & mask);
}

/* The cards a hand may match: the suit in force (the called suit after an 8,
 * else the upcard's), the upcard's rank and every 8 (trained.py, playable_mask). */
static CardSet playable_mask(const FamState *s)
{
    if (s->upcard < 0)
        return 0;
    int rank = rank_of(s->upcard);
    int suit = rank == RANK_EIGHT && s->called >= 0 ? s->called : suit_of(s->upcard);
    return suit_mask(suit) | rank_mask(rank) | rank_mask(RANK_EIGHT);
}

void fam_trained(const FamRules *r, const FamState *s, const double *weights, double low, double high,
                 double out[FAM_MAX_PLAYERS])
{
    int n = r->players;
    if (r->scoring == FAM_SCORE_POOL) {     /* no model reads the layout game's pool */
        fam_material(r, s, out);
        return;
    }
    CardSet effects = 0;
    for (int rank = 0; rank < RANKS; rank++)
        if (r->effect[rank] != FAM_EFFECT_NONE)
            effects |= rank_mask(rank);
    CardSet playable = playable_mask(s), eights = rank_mask(RANK_EIGHT);
    int cards[FAM_MAX_PLAYERS], total_points = 0;
    for (int seat = 0; seat < n; seat++) {
        cards[seat] = ms_count(s->hand[seat]);
        total_points += s->points[seat];
    }
    /* Step 1. Each seat's score: how likely it is to go out first. */
    double score[FAM_MAX_PLAYERS], top = -HUGE_VAL;
    for (int seat = 0; seat < n; seat++) {
        Multiset hand = s->hand[seat];
        int fewest = 1 << 20;
        for (int other = 0; other < n; other++)
            if (other != seat && cards[other] < fewest)
                fewest = cards[other];
        int own = cards[seat], points = s->points[seat], others_points = total_points - points;
        int place = ((seat - s->turn) * s->direction % n + n) % n;
        double f[FT_SEAT_FEATURES] = {
            [FT_CARDS] = own, [FT_POINTS] = points, [FT_EIGHTS] = ms_count_in(hand, eights),
            [FT_EFFECTS] = ms_count_in(hand, effects), [FT_PLAYABLE] = ms_count_in(hand, playable),
            [FT_ONE_CARD] = own == 1, [FT_TWO_CARDS] = own == 2,
            [FT_POINTS_THREATENED] = fewest <= FT_NEAR ? points : 0,
            [FT_OTHERS_POINTS_NEAR] = own <= FT_NEAR ? others_points : 0,
            [FT_OTHERS_FEWEST] = fewest, [FT_OTHERS_POINTS] = others_points, [FT_STOCK] = s->stock_count,
        };
        double v = weights[FT_SEAT_FEATURES + place];
        for (int i = 0; i < FT_SEAT_FEATURES; i++)
            v += weights[i] * f[i];
        score[seat] = v;
        if (v > top)
            top = v;
    }
    /* Step 2. The chances (a softmax of the scores), then the payoffs the
     * scoring gives them, scaled by the model's payoff scale. */
    double sum = 0.0;
    for (int seat = 0; seat < n; seat++)
        sum += score[seat] = exp(score[seat] - top);
    double scale = weights[FT_SEAT_FEATURES + n];
    for (int seat = 0; seat < n; seat++) {
        double chance = score[seat] / sum, points = s->points[seat];
        double v = r->scoring == FAM_SCORE_WINNER ? chance * (total_points - points) - (1.0 - chance) * points
                                                  : -(1.0 - chance) * points;
        v *= scale;
        out[seat] = v < low ? low : v > high ? high : v;
    }
}
