/* cards.h - cards, suits, seats and card sets as bit masks.
 *
 * A card is suit * 13 + rank (rank 0 = ace .. 12 = king; suits S H D C), as in
 * engine/cards.py, and a set of cards is a 52-bit mask in a uint64_t.
 */
#ifndef EIGHTS_CARDS_H
#define EIGHTS_CARDS_H

#include <stdint.h>

typedef uint64_t CardSet;

enum { RANK_ACE = 0, RANK_TWO = 1, RANK_THREE = 2, RANK_EIGHT = 7 };
enum { SEAT_N = 0, SEAT_E = 1, SEAT_S = 2, SEAT_W = 3 };
enum { CARDS = 52, SUITS = 4, RANKS = 13, SEATS = 4 };

#define FULL_DECK ((CardSet)0xFFFFFFFFFFFFFull)
#define SUIT_MASK_0 ((CardSet)0x1FFF)
#define RANK_MASK_0 ((CardSet)(1ull | 1ull << 13 | 1ull << 26 | 1ull << 39))
#define DECK_POINTS 580

static inline CardSet card_bit(int card) { return (CardSet)1 << card; }
static inline int rank_of(int card) { return card % RANKS; }
static inline int suit_of(int card) { return card / RANKS; }
static inline CardSet suit_mask(int suit) { return SUIT_MASK_0 << (RANKS * suit); }
static inline CardSet rank_mask(int rank) { return RANK_MASK_0 << rank; }
/* Without a popcount instruction (-mpopcnt) the builtin is a library call;
 * the bit-parallel count is faster. */
static inline int count_cards(CardSet cs)
{
#ifdef __POPCNT__
    return __builtin_popcountll(cs);
#else
    cs = cs - ((cs >> 1) & 0x5555555555555555ull);
    cs = (cs & 0x3333333333333333ull) + ((cs >> 2) & 0x3333333333333333ull);
    cs = (cs + (cs >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((cs * 0x0101010101010101ull) >> 56);
#endif
}
static inline int lowest_card(CardSet cs) { return __builtin_ctzll(cs); }
static inline CardSet drop_lowest(CardSet cs) { return cs & (cs - 1); }

/* Side 0 is NS (N, S), side 1 is EW (E, W); S and W are the concealed hands. */
static inline int side_of(int seat) { return seat & 1; }
static inline int is_concealed(int seat) { return seat >= SEAT_S; }
static inline int next_seat(int seat, int direction) { return (seat + direction) & 3; }

/* What one card left in a hand is worth: 8 = 50, 2 = 20, faces 10, ace 1. */
static inline int card_points(int card)
{
    static const int8_t RANK_POINTS[RANKS] = {1, 20, 3, 4, 5, 6, 7, 50, 9, 10, 10, 10, 10};
    return RANK_POINTS[rank_of(card)];
}

/* Points of a set of cards, suit by suit through a 13-bit table. */
int set_points(CardSet cs);
void cards_init(void);

#endif
