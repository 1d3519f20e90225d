/* family_eval.h - what a family position is worth: a finished deal's payoffs
 * (family_rules.c, fam_payoffs), the evaluation at the search's horizon, and
 * the range every payoff of the deal lies in (solver/family/evaluation.py). */
#ifndef EIGHTS_FAMILY_EVAL_H
#define EIGHTS_FAMILY_EVAL_H

#include "family_state.h"

/* evaluation.material: each seat's payoff if the deal were blocked now (the
 * game's own scoring of a blocked deal). */
void fam_material(const FamRules *r, const FamState *s, double out[FAM_MAX_PLAYERS]);

/* The points of every card of a position (hands, stock, discard pile, upcard;
 * the layout game's piles are not needed: its range does not read them). */
int fam_total_points(const FamRules *r, const FamState *s);

/* evaluation.payoff_range: the least and the most any seat can be paid when
 * the deal ends, with T the points of every card: own scoring -T..0, the
 * winner collecting -T..T, the pool -1..N-1. */
void fam_payoff_range(const FamRules *r, int total_points, double *low, double *high);

/* 1 when the deal cannot end within `depth` more actions (and the chance
 * nodes they bring): every hand holds more cards than that (a card leaves a
 * hand only by a play, one an action), the card plays cap is further off,
 * and so are the passes that block the deal (a pass, or a draw counted as
 * one, at most one an action, counting the action whose draw is under way).
 * Below such a node every path ends at the horizon. */
int fam_deal_lasts(const FamRules *r, const FamState *s, int depth);

#endif
