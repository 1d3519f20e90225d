/* zobrist.c - the random keys (a fixed splitmix64 stream, so keys are the same
 * in every process) and the keys of whole card sets. */
#include <string.h>
#include "zobrist.h"

ZobristKeys ZOBRIST;

static const uint64_t ZOBRIST_SEED = 0x8EC8A5E1D5B2C3F7ull;

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void zobrist_init(void)
{
    uint64_t state = ZOBRIST_SEED;
    uint64_t *words = (uint64_t *)&ZOBRIST;
    for (unsigned i = 0; i < sizeof ZOBRIST / sizeof(uint64_t); i++)
        words[i] = splitmix64(&state);
    ZOBRIST.called[0] = 0;       /* no suit called */
    ZOBRIST.pending[0] = 0;      /* nothing pending */
    ZOBRIST.draw_left[0] = 0;    /* no draw under way */
}

uint64_t zobrist_weights_key(const double *weights, int n)
{
    uint64_t state = ZOBRIST_SEED, key = 0;
    for (int i = 0; i < n; i++) {
        uint64_t bits;
        memcpy(&bits, &weights[i], sizeof bits);
        state ^= bits;
        key ^= splitmix64(&state);
    }
    return key;
}

uint64_t zobrist_hand_set(int seat, CardSet cards)
{
    uint64_t key = 0;
    for (; cards; cards = drop_lowest(cards))
        key ^= ZOBRIST.hand[seat][lowest_card(cards)];
    return key;
}

uint64_t zobrist_stock_set(CardSet cards)
{
    uint64_t key = 0;
    for (; cards; cards = drop_lowest(cards))
        key ^= ZOBRIST.stock[lowest_card(cards)];
    return key;
}

uint64_t zobrist_discard_set(CardSet cards)
{
    uint64_t key = 0;
    for (; cards; cards = drop_lowest(cards))
        key ^= ZOBRIST.discard[lowest_card(cards)];
    return key;
}

uint64_t zobrist_search_salt(int leaf_mode, uint64_t model_key, const uint8_t *order, int order_len)
{
    uint64_t key = ZOBRIST.leaf_mode[leaf_mode] ^ model_key;
    for (int i = 0; i < order_len; i++)
        key ^= ZOBRIST.order_card[i][order[i]];
    return key;
}
