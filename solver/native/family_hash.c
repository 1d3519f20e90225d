/* family_hash.c - multiply-fold keys of family positions (family_hash.h). */
#include "family_hash.h"

/* Odd constants of the fold (wyhash's secrets). */
static const uint64_t HASH_SEED = 0xA0761D6478BD642Full;
static const uint64_t HASH_MIX = 0xE7037ED1A0B428DBull;
static const uint64_t HASH_FINAL = 0x8EBC6AF09C88C6E3ull;
static const uint64_t HASH_ORDERED = 0x589965CC75374CC3ull;   /* marks a known stock order */

/* The 128-bit product of two words, folded to 64 bits. */
static inline uint64_t fold(uint64_t a, uint64_t b)
{
    unsigned __int128 p = (unsigned __int128)a * b;
    return (uint64_t)p ^ (uint64_t)(p >> 64);
}

/* Two more words into the key. */
static inline uint64_t absorb(uint64_t key, uint64_t a, uint64_t b)
{
    return fold(a ^ key ^ HASH_MIX, b ^ HASH_SEED);
}

uint64_t fam_hash_word(uint64_t key, uint64_t word)
{
    return absorb(key, word, HASH_FINAL);
}

uint64_t fam_rules_key(const FamRules *r)
{
    uint64_t key = HASH_SEED;
    key = absorb(key, (uint64_t)r->players | (uint64_t)r->decks << 8 | (uint64_t)r->draw_ends_turn << 16
                          | (uint64_t)r->must_play << 24 | (uint64_t)r->eights_must_match << 32
                          | (uint64_t)r->eights_name_suit << 40 | (uint64_t)r->reshuffle << 48
                          | (uint64_t)r->centre << 56,
                 (uint64_t)(uint32_t)r->draw_cap | (uint64_t)(uint16_t)r->plays_cap << 32
                 | (uint64_t)(uint16_t)r->reshuffle_cap << 48);
    uint64_t effects = 0;
    for (int rank = 0; rank < RANKS; rank++)
        effects |= (uint64_t)r->effect[rank] << (2 * rank);
    key = absorb(key, effects | (uint64_t)r->scoring << 32 | (uint64_t)r->continues << 40,
                 (uint64_t)r->reverse_again | (uint64_t)r->blocked_after << 8
                 | (uint64_t)r->draw2_needs_stock << 16 | (uint64_t)r->spent_penalty_is_pass << 24
                 | (uint64_t)r->pass_holding_play << 32);
    for (int card = 0; card < CARDS; card += 8) {
        uint64_t word = 0;
        for (int i = 0; i < 8 && card + i < CARDS; i++)
            word |= (uint64_t)(uint8_t)r->points[card + i] << (8 * i);
        key = absorb(key, word, (uint64_t)card);
    }
    return fold(key, HASH_FINAL);
}

uint64_t fam_state_key(const FamRules *r, const FamState *s)
{
    uint64_t fields = (uint64_t)(uint8_t)s->turn | (uint64_t)(uint8_t)s->direction << 8
                    | (uint64_t)(uint8_t)s->upcard << 16 | (uint64_t)(uint8_t)s->called << 24
                    | (uint64_t)(uint8_t)s->under << 32 | (uint64_t)s->free << 40
                    | (uint64_t)s->pending << 48 | (uint64_t)s->owed << 56;
    uint64_t more = (uint64_t)s->penalty | (uint64_t)s->passes << 8 | (uint64_t)s->extended << 16
                  | (uint64_t)s->dealer << 24 | (uint64_t)s->reshuffles << 56;
    if (r->draw_cap != FAM_NO_CAP)
        more |= (uint64_t)s->draws << 32;
    if (r->plays_cap != FAM_NO_CAP)
        more |= (uint64_t)s->plays << 40;
    uint64_t piles = 0;
    for (int p = 0; p < r->centre; p++)
        piles |= (uint64_t)(uint8_t)s->pile[p] << (8 * p);
    uint64_t key = absorb(HASH_SEED, fields, more);
    key = absorb(key, piles, s->stock.one);
    key = absorb(key, s->stock.two, s->discard.one);
    key = absorb(key, s->discard.two, (uint64_t)r->players);
    for (int seat = 0; seat < r->players; seat++)
        key = absorb(key, s->hand[seat].one, s->hand[seat].two ^ (uint64_t)seat << 56);
    if (s->order) {               /* a known order: its cards, top first, eight to a word */
        key = absorb(key, HASH_ORDERED, (uint64_t)s->stock_count);
        for (int i = 0; i < s->stock_count; i += 8) {
            uint64_t word = 0;
            for (int j = i; j < s->stock_count && j < i + 8; j++)
                word |= (uint64_t)(uint8_t)s->order[j] << (8 * (j - i));
            key = absorb(key, word, (uint64_t)i);
        }
    }
    return fold(key, HASH_FINAL);
}
