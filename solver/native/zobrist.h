/* zobrist.h - Zobrist keys.  Each part of a State has its own random keys, and
 * the rules XOR them in and out as the part changes (incremental hashing):
 * hands (seat x card), stock and discard pile compositions (a position may
 * leave cards out, so neither is implied by the rest), upcard, called suit, turn, direction, pending
 * count, extended play, penalised seats, the fixed order's position, and the
 * cards still to draw in a draw under way (the cards drawn so far are already
 * in the hand, so different orders of the same cards share a key).
 * A search also salts its keys with the leaf evaluation (and its model) and the fixed order.
 */
#ifndef EIGHTS_ZOBRIST_H
#define EIGHTS_ZOBRIST_H

#include <stdint.h>
#include "cards.h"

enum { ZOBRIST_PENDING = 32, ZOBRIST_DRAW_LEFT = 32, ZOBRIST_ORDER = 64, ZOBRIST_LEAF_MODES = 4 };

typedef struct {
    uint64_t hand[SEATS][CARDS];
    uint64_t stock[CARDS];
    uint64_t discard[CARDS];
    uint64_t upcard[CARDS];
    uint64_t called[SUITS + 1];          /* index called + 1 (0: none) */
    uint64_t turn[SEATS];
    uint64_t anticlockwise;
    uint64_t pending[ZOBRIST_PENDING];   /* index pending / 2 */
    uint64_t extended;
    uint64_t penalised[SEATS];
    uint64_t order_pos[ZOBRIST_ORDER];   /* only while the fixed order is active */
    uint64_t draw_left[ZOBRIST_DRAW_LEFT];
    uint64_t leaf_mode[ZOBRIST_LEAF_MODES];        /* search salt: the horizon evaluation */
    uint64_t order_card[CARDS][CARDS];            /* search salt: [position][card] of the order */
} ZobristKeys;

extern ZobristKeys ZOBRIST;

void zobrist_init(void);

/* The key of a set of cards in one hand, or in the stock. */
uint64_t zobrist_hand_set(int seat, CardSet cards);
uint64_t zobrist_stock_set(CardSet cards);
uint64_t zobrist_discard_set(CardSet cards);

/* The key of a trained model's weights (its part of the search salt). */
uint64_t zobrist_weights_key(const double *weights, int n);

/* What a table entry's value depends on beyond the State: the leaf evaluation
 * (with the trained model's key, else 0) and the fixed order's cards.  A
 * search XORs this salt into its root key. */
uint64_t zobrist_search_salt(int leaf_mode, uint64_t model_key, const uint8_t *order, int order_len);

#endif
