/* eval.h - values of positions to NS: a finished deal's exact payoff
 * (engine/scoring.py) and the evaluation of an unfinished one at the horizon. */
#ifndef EIGHTS_EVAL_H
#define EIGHTS_EVAL_H

#include "rules.h"
#include "trained.h"

/* Proven bounds of every value: a payoff is one side's points minus the
 * other's, and the deck is worth DECK_POINTS. */
#define VALUE_MIN (-(double)DECK_POINTS)
#define VALUE_MAX ((double)DECK_POINTS)

enum { LEAF_MATERIAL = 0, LEAF_LOW = 1, LEAF_HIGH = 2, LEAF_TRAINED = 3, LEAF_MODES = 4 };

/* How horizon leaves are scored: the mode, and for LEAF_TRAINED the model. */
typedef struct {
    int mode;
    const TrainedModel *model;
} Leaf;

/* A finished deal's payoff to NS, the opponent choosing its best option after
 * a concealed hand went out (RULES "Scoring a deal"). */
double score_finished(const State *s);

/* An unfinished position at the horizon. */
double eval_leaf(const State *s, const Leaf *leaf);

/* A draw under way whose end is the horizon: when it cannot end the deal, its
 * expected leaf value is exact in closed form (the material is linear in the
 * points drawn, the trained model in the kinds of cards drawn: trained.h).
 * Returns 1 and sets *value, or 0 when it must be enumerated. */
int eval_draw_at_horizon(const State *s, const Leaf *leaf, double *value);

/* Proven bounds [*lo, *hi] of the value of `s` searched `depth` more actions
 * (a draw under way finishes first): no side can shed more than its best cards
 * in the plays it has time for, nor draw more than the best cards it does not
 * hold, in the draws it has time for; a payoff lies between (EW's least
 * points - NS's most) and (EW's most - NS's least), or reaches 0 where the
 * opponent's choice applies (RULES "Scoring a deal").  With LEAF_LOW or
 * LEAF_HIGH a horizon leaf is -580 or +580, so that side stays open; a
 * LEAF_TRAINED leaf may lie anywhere in [-580, 580], so both sides do. */
void value_bounds(const State *s, int depth, const Leaf *leaf, double *lo, double *hi);

#endif
