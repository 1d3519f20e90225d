/* family_trained.c - the family's trained evaluation (family_trained.h).
 *
 * Speed without changing a value: the features are read once a seat with no
 * division (the place in the turn order, the others' fewest cards from the
 * least and the second least count), each seat's score adds the products of
 * its non-zero features only, in the reference's order (a zero feature adds a
 * zero, which changes no sum), and the seat of the highest score takes
 * exp(0) = 1 without calling exp. */
#include <math.h>
#include "family_eval.h"
#include "family_trained.h"

/* The cards of `m` in `mask`, with their copies (`two` is a subset of `one`,
 * and empty with one deck: most counts need no popcount at all). */
static inline int ms_count_in(Multiset m, CardSet mask)
{
    CardSet once = m.one & mask;
    if (!once)
        return 0;
    return count_cards(once) + (m.two ? count_cards(m.two & mask) : 0);
}

void fam_trained(const FamRules *r, const FamState *s, const double *weights, double low, double high,
                 double out[FAM_MAX_PLAYERS])
{
    int n = r->players;
    if (r->scoring == FAM_SCORE_POOL) {     /* no model reads the layout game's pool */
        fam_material(r, s, out);
        return;
    }
    CardSet playable = ft_playable_mask(s), eights = rank_mask(RANK_EIGHT), effects = r->effect_cards;
    /* Step 1. Every hand's cards, every hand's points, and the least and
     * second least cards (a seat's others' fewest: the least, or the second
     * least for the seat holding the least). */
    int cards[FAM_MAX_PLAYERS], total_points = 0, least = 1 << 20, second = 1 << 20, least_seat = -1;
    for (int seat = 0; seat < n; seat++) {
        int own = cards[seat] = ms_count(s->hand[seat]);
        total_points += s->points[seat];
        if (own < least) {
            second = least;
            least = own;
            least_seat = seat;
        } else if (own < second) {
            second = own;
        }
    }
    /* Step 2. Each seat's score: how likely it is to go out first (its
     * place's weight, then each feature's in FT_* order, as the reference adds them). */
    double score[FAM_MAX_PLAYERS], top = -HUGE_VAL;
    for (int seat = 0; seat < n; seat++) {
        Multiset hand = s->hand[seat];
        int own = cards[seat], points = s->points[seat], others_points = total_points - points;
        int fewest = seat == least_seat ? second : least;
        int place = s->direction > 0 ? seat - s->turn : s->turn - seat;
        if (place < 0)
            place += n;
        double v = weights[FT_SEAT_FEATURES + place];
        v += weights[FT_CARDS] * own;
        v += weights[FT_POINTS] * points;
        int held = ms_count_in(hand, eights);
        if (held)
            v += weights[FT_EIGHTS] * held;
        if ((held = ms_count_in(hand, effects)))
            v += weights[FT_EFFECTS] * held;
        if ((held = ms_count_in(hand, playable)))
            v += weights[FT_PLAYABLE] * held;
        if (own == 1)
            v += weights[FT_ONE_CARD] * 1;
        if (own == 2)
            v += weights[FT_TWO_CARDS] * 1;
        if (fewest <= FT_NEAR)
            v += weights[FT_POINTS_THREATENED] * points;
        if (own <= FT_NEAR)
            v += weights[FT_OTHERS_POINTS_NEAR] * others_points;
        v += weights[FT_OTHERS_FEWEST] * fewest;
        v += weights[FT_OTHERS_POINTS] * others_points;
        v += weights[FT_STOCK] * s->stock_count;
        score[seat] = v;
        if (v > top)
            top = v;
    }
    /* Step 3. The chances (a softmax of the scores), then the payoffs the
     * scoring gives them, scaled by the model's payoff scale. */
    double sum = 0.0;
    for (int seat = 0; seat < n; seat++) {
        double lead = score[seat] - top;
        sum += score[seat] = lead == 0.0 ? 1.0 : exp(lead);
    }
    double scale = weights[FT_SEAT_FEATURES + n];
    for (int seat = 0; seat < n; seat++) {
        double chance = score[seat] / sum, points = s->points[seat];
        double v = r->scoring == FAM_SCORE_WINNER ? chance * (total_points - points) - (1.0 - chance) * points
                                                  : -(1.0 - chance) * points;
        v *= scale;
        out[seat] = v < low ? low : v > high ? high : v;
    }
}
