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

/* The cards a hand may match, as the features read them: the suit in force
 * (the called suit after an 8, else the upcard's), the upcard's rank and
 * every 8 (trained.py, _playable). */
static inline CardSet ft_playable_mask(const FamState *s)
{
    if (s->upcard < 0)
        return 0;
    int rank = rank_of(s->upcard);
    int suit = rank == RANK_EIGHT && s->called >= 0 ? s->called : suit_of(s->upcard);
    return suit_mask(suit) | rank_mask(rank) | rank_mask(RANK_EIGHT);
}

/* What the model reads of a card the hand to act draws in `s`: its points,
 * whether it is an 8, of a rank with an effect, playable.  A draw changes the
 * drawer's hand and points and nothing else the features read (the upcard,
 * the cards of every hand and the stock's size come out the same whatever the
 * card), so the cards of one class drawn at one chance node have children of
 * equal value (the search's horizon memo, family_search_internal.h). */
static inline int ft_card_class(const FamRules *r, const FamState *s, int card)
{
    CardSet bit = card_bit(card);
    return r->points[card] << 3 | (rank_of(card) == RANK_EIGHT) << 2 | (r->effect_cards & bit ? 2 : 0)
           | (ft_playable_mask(s) & bit ? 1 : 0);
}

#endif
