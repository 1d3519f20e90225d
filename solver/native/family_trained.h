/* family_trained.h - the family's trained evaluation (solver/family/trained.py,
 * the reference): each seat's chance of going out first, a softmax of a linear
 * score of features of every hand, and the payoff the scoring gives those
 * chances (the layout game's pool: the material). */
#ifndef EIGHTS_FAMILY_TRAINED_H
#define EIGHTS_FAMILY_TRAINED_H

#include "family_state.h"

/* A seat's features, in trained.py's SEAT_FEATURES order, then one indicator
 * per place in the turn order (0: the seat to act, 1: the next...). */
enum {
    FT_CARDS, FT_POINTS, FT_EIGHTS, FT_EFFECTS, FT_PLAYABLE, FT_ONE_CARD, FT_TWO_CARDS,
    FT_POINTS_THREATENED, FT_OTHERS_POINTS_NEAR, FT_OTHERS_FEWEST, FT_OTHERS_POINTS, FT_STOCK,
    FT_SEAT_FEATURES,
};
/* The weights of a ruleset of N players: FT_SEAT_FEATURES + N, then the payoff scale. */
enum { FT_MAX_WEIGHTS = FT_SEAT_FEATURES + FAM_MAX_PLAYERS + 1 };
/* A hand this many cards or fewer from going out is near (trained.py, NEAR). */
enum { FT_NEAR = 2 };

/* Each seat's value of an unfinished position by the model `weights`, clamped
 * into [low, high] (the deal's payoff range). */
void fam_trained(const FamRules *r, const FamState *s, const double *weights, double low, double high,
                 double out[FAM_MAX_PLAYERS]);

#endif
