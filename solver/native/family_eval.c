/* family_eval.c - the horizon's evaluation and the payoff range (family_eval.h). */
#include "family_eval.h"

void fam_material(const FamRules *r, const FamState *s, double out[FAM_MAX_PLAYERS])
{
    /* A blocked deal pays as a finished one: the payoffs read the hands alone. */
    fam_payoffs(r, s, out);
}

int fam_total_points(const FamRules *r, const FamState *s)
{
    int total = fam_multiset_points(r, s->stock) + fam_multiset_points(r, s->discard);
    for (int seat = 0; seat < r->players; seat++)
        total += s->points[seat];
    if (s->upcard >= 0)
        total += r->points[s->upcard];
    return total;
}

void fam_payoff_range(const FamRules *r, int total_points, double *low, double *high)
{
    if (r->scoring == FAM_SCORE_POOL) {
        *low = -1.0;
        *high = (double)(r->players - 1);
    } else if (r->scoring == FAM_SCORE_WINNER) {
        *low = -(double)total_points;
        *high = (double)total_points;
    } else {
        *low = -(double)total_points;
        *high = 0.0;
    }
}

int fam_deal_lasts(const FamRules *r, const FamState *s, int depth)
{
    if (r->plays_cap != FAM_NO_CAP && s->plays + depth >= r->plays_cap)
        return 0;
    if (s->passes + depth + 1 >= r->blocked_after)
        return 0;
    for (int seat = 0; seat < r->players; seat++)
        if (ms_count(s->hand[seat]) <= depth)
            return 0;
    return 1;
}
