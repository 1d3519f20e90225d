/* trained.h - the trained evaluation of a horizon leaf: a linear model of the
 * deal's expected final payoff, fitted to self-play (solver/training.py), over
 * what a strong player looks at.  solver/trained.py computes the same features
 * in the same order; solver/weights/ ships the weights.
 *
 * Features are seen from the side to act ("own") at the leaf, and the model
 * gives that side's expected payoff: one model serves both sides, as the game
 * is the same for each.  Per hand, in the order own concealed, own dummy,
 * opponent's concealed, opponent's dummy: cards, points, 8s, 2s, 3s, aces, and
 * whether it holds 0, 1 or 2 cards.  Then: the hand to act is concealed; the
 * next hand is concealed; the pending count; the cards left to draw (stock
 * and discard pile); a constant.  Then the race to go out: per hand, in the
 * same order, its points and its 8s while the other side's shortest hand
 * holds 1 (or 0), 2 or 3 cards, and its 8s while it holds 1, 2 or 3 cards
 * itself; last, one indicator per pair of the sides' shortest hands (1 or
 * none, 2, 3, 4 or more cards: own side's first).
 *
 * A hand's cards count only through their point classes and the called suit
 * not at all, as for material, so the search's shortcuts hold for both
 * (search.c: a draw's outcomes grouped by point class, an 8's suits merged at
 * the last action); and the features are linear in the point classes for a
 * fixed number of cards in every hand, so the expectation of a draw has a
 * closed form.
 * (What the hand to act can play is left out for that reason: it made the
 * search 2-7 times bigger at equal depth.)
 */
#ifndef EIGHTS_TRAINED_H
#define EIGHTS_TRAINED_H

#include <stdint.h>
#include "rules.h"

enum {
    TRAINED_ROLES = 4,            /* own concealed, own dummy, opponent's concealed, opponent's dummy */
    TRAINED_HAND_FEATURES = 9,
    TRAINED_GLOBAL_FEATURES = 5,
    TRAINED_SHORT = 3,            /* hand sizes 1..3 that the race features tell apart */
    TRAINED_RACE_HAND_FEATURES = 3 * TRAINED_SHORT,
    TRAINED_RACE_BUCKETS = 4,     /* a side's shortest hand: 1 or none, 2, 3, 4 or more */
    TRAINED_FEATURES = TRAINED_ROLES * (TRAINED_HAND_FEATURES + TRAINED_RACE_HAND_FEATURES)
                     + TRAINED_GLOBAL_FEATURES + TRAINED_RACE_BUCKETS * TRAINED_RACE_BUCKETS,
};

/* What the race features switch on, as table indices: the other side's
 * shortest hand (1 or none, 2, 3, 4 or more) and a hand's own size (0, 1, 2,
 * 3, 4 or more). */
enum { TRAINED_THREATS = TRAINED_SHORT + 1, TRAINED_SIZES = TRAINED_SHORT + 2 };

typedef struct {
    double weight[TRAINED_FEATURES];
    /* Read off the weights once by trained_init, so that a leaf looks them up:
     * per role, what a point and an 8 in the hand are worth with the race
     * features the hands' sizes switch on, and the hand-size indicators. */
    double point_weight[TRAINED_ROLES][TRAINED_THREATS];
    double eight_weight[TRAINED_ROLES][TRAINED_THREATS][TRAINED_SIZES];
    double size_weight[TRAINED_ROLES][TRAINED_SIZES];
    double card_effect;           /* the most one card in any hand can move the value */
    uint64_t key;                 /* identifies the weights in table keys (zobrist_search_salt) */
} TrainedModel;

/* The table hand_stats reads (once per process, before any search). */
void trained_tables_init(void);

/* The model from its weights (the key hashed from them). */
void trained_init(TrainedModel *m, const double weight[TRAINED_FEATURES]);

/* The value to NS of an unfinished position at the horizon, clamped into
 * [-DECK_POINTS, DECK_POINTS] like every value of the search. */
double trained_leaf(const TrainedModel *m, const State *s);

/* A draw under way whose end is the horizon: the expected leaf value over its
 * outcomes, exact in closed form unless the draw ends the deal or some
 * outcome could reach the clamp.  Returns 1 and sets *value, or 0 when the
 * outcomes must be enumerated. */
int trained_draw_at_horizon(const TrainedModel *m, const State *s, double *value);

#endif
