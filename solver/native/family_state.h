/* family_state.h - the family's games in the core (RULES-FAMILY.md): the
 * ruleset as a struct of named switches, N hands of one or two decks, and the
 * rest of engine/family/position.py's FamilyPosition, field for field.
 *
 * The rule code (family_rules.c) reads the switches, never a preset's name,
 * as Fairy-Stockfish's `struct Variant` is read: the Python side
 * (solver/family_convert.py) turns a Ruleset's properties into this struct,
 * and fam_rules_conclude() derives the fast-path masks once.
 *
 * Two decks: a multiset of cards is two 52-bit planes, `one` (held at least
 * once) and `two` (held twice, a subset of `one`).  Move generation, matching
 * and "is this hand empty" read `one` alone, exactly as with one deck; only
 * adding and removing a copy look at `two` (docs/core-interface.md, "The
 * family in the core", says why this beat a count per card).
 *
 * sce2 keeps its own State (rules.h) and its own code path; nothing here is
 * read by it.
 */
#ifndef EIGHTS_FAMILY_STATE_H
#define EIGHTS_FAMILY_STATE_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include "cards.h"

enum {
    FAM_MAX_PLAYERS = 8,
    FAM_MAX_PILES = 8,
    FAM_MAX_DECKS = 2,
    FAM_MAX_MOVES = 128,          /* 52 cards + 3 more suits of 4 eights + draw + pass < 128 */
    FAM_NO_CARD = -1,             /* upcard, under, called: none */
    FAM_NO_CAP = 0,               /* draw_cap, plays_cap, reshuffle_cap: no cap (a cap is >= 1) */
};

/* What playing a card of a rank does (Ruleset.effects). */
enum { FAM_EFFECT_NONE = 0, FAM_EFFECT_SKIP = 1, FAM_EFFECT_REVERSE = 2, FAM_EFFECT_DRAW2 = 3, FAM_EFFECTS = 4 };

/* When the discard pile becomes the stock (Ruleset.reshuffle_mode). */
enum { FAM_RESHUFFLE_NO = 0, FAM_RESHUFFLE_LAZY = 1, FAM_RESHUFFLE_EAGER = 2 };

/* How a finished deal pays (Ruleset.scoring): each minus her own points
 * (sce, openspiel); the winner collects the others' points (classic); the
 * pool to the hand out, or halves to the highest and lowest count (layout). */
enum { FAM_SCORE_OWN = 0, FAM_SCORE_WINNER = 1, FAM_SCORE_POOL = 2, FAM_SCORINGS = 3 };

/* The ruleset's switches (engine/family/ruleset.py, its properties). */
typedef struct {
    int players;                  /* 2..FAM_MAX_PLAYERS */
    int decks;                    /* 1 or 2 */
    int draw_ends_turn;           /* draw_mode "one": a finished draw passes the turn */
    int draw_cap;                 /* draws a turn may hold before it may pass; FAM_NO_CAP */
    int must_play;                /* a hand holding a play may neither draw nor pass */
    int eights_must_match;        /* eights=match */
    int eights_name_suit;         /* not eights=nosuit */
    uint8_t effect[RANKS];        /* FAM_EFFECT_* of each rank */
    int reshuffle;                /* FAM_RESHUFFLE_* */
    int reshuffle_cap;            /* lazy reshuffles a deal allows; FAM_NO_CAP (eager: never counted) */
    int centre;                   /* layout piles dealt (0: a discard game) */
    int scoring;                  /* FAM_SCORE_* */
    int16_t points[CARDS];        /* a card left in a hand (scoring table) */
    int continues;                /* bit 1 << effect: going out on it does not end the deal */
    int reverse_again;            /* two players: a reverse gives the same player another turn */
    int blocked_after;            /* passes in a row on nothing to draw that end the deal */
    int draw2_needs_stock;        /* a draw-two card on an empty stock creates no debt */
    int spent_penalty_is_pass;    /* a penalty emptying the stock on its last card is a pass */
    int pass_holding_play;        /* nothing to draw: a hand may pass holding a play */
    int plays_cap;                /* card plays that end the deal; FAM_NO_CAP */
    /* derived by fam_rules_conclude */
    CardSet draw2_cards;          /* the cards whose rank is a draw-two rank */
    CardSet effect_cards;         /* the cards whose rank has an effect (the trained evaluation reads them) */
    uint64_t key;                 /* a hash of every switch above (the search's salt) */
} FamRules;

/* Derive the masks and the key from the switches. */
void fam_rules_conclude(FamRules *r);

typedef struct {
    CardSet one;                  /* cards held at least once */
    CardSet two;                  /* cards held twice (subset of one; empty with one deck) */
} Multiset;

static inline int ms_count(Multiset m) { return count_cards(m.one) + count_cards(m.two); }
static inline int ms_copies(Multiset m, int card)
{
    return (int)(m.one >> card & 1) + (int)(m.two >> card & 1);
}
static inline void ms_add(Multiset *m, int card)
{
    CardSet bit = card_bit(card);
    assert(!(m->two & bit));
    if (m->one & bit)
        m->two |= bit;
    else
        m->one |= bit;
}
static inline void ms_remove(Multiset *m, int card)
{
    CardSet bit = card_bit(card);
    assert(m->one & bit);
    if (m->two & bit)
        m->two &= ~bit;
    else
        m->one &= ~bit;
}

/* A position (FamilyPosition).  Small fields first, then the card sets, the
 * hands, and the root's order buffer last: fam_copy copies only the hands in
 * play, never the buffer.
 *
 * The stock's order (FamilyPosition.order): `order` points at the top card of
 * a run of stock_count cards, top first, or is NULL (unknown: every draw is
 * at random).  The cards live in the root state's `order_cards` (filled once
 * by the caller, which keeps the root alive for the whole search); a draw
 * moves the pointer on, a reshuffle or an emptied stock sets it to NULL.  The
 * run always holds exactly the stock's cards. */
typedef struct {
    int8_t turn;
    int8_t direction;             /* +1 clockwise, -1 anticlockwise */
    int8_t upcard;                /* FAM_NO_CARD in the layout game */
    int8_t called;                /* the suit an 8 on top named, FAM_NO_CARD none */
    int8_t under;                 /* eights=nosuit: the card under the 8, FAM_NO_CARD none */
    uint8_t free;                 /* the hand to act may play any card */
    uint8_t pending;              /* the draw-two count the hand to act faces */
    uint8_t owed;                 /* cards still to draw in a draw under way (chance) */
    uint8_t penalty;              /* the draw under way is a draw-two penalty */
    uint8_t draws;                /* cards drawn in this turn */
    uint8_t passes;               /* passes in a row with nothing to draw */
    uint8_t extended;             /* a hand went out on a card that does not end the deal */
    uint8_t dealer;
    uint8_t stock_count;          /* cards in the stock (with copies) */
    uint8_t reshuffles;           /* lazy reshuffles the deal has made */
    uint16_t plays;               /* cards played in the deal */
    const int8_t *order;          /* the stock's order from its top card; NULL unknown */
    int8_t pile[FAM_MAX_PILES];   /* layout: each pile's top card */
    int16_t points[FAM_MAX_PLAYERS];   /* each hand's points (the ruleset's table) */
    Multiset stock;
    Multiset discard;
    Multiset hand[FAM_MAX_PLAYERS];
    int8_t order_cards[FAM_MAX_DECKS * CARDS];  /* the root's order, top first (see above) */
} FamState;

/* Copy a state's fields and its first `players` hands. */
static inline void fam_copy(FamState *dst, const FamState *src, int players)
{
    __builtin_memcpy(dst, src, offsetof(FamState, hand) + (size_t)players * sizeof(Multiset));
}

/* Move codes: a play is card | (suit + 1) << 6 | (pile + 1) << 9, where
 * suit + 1 == 0 is no suit (every non-8, an 8 ending the deal, eights=nosuit)
 * and pile + 1 == 0 no pile (every game but layout); draw and pass are codes
 * of their own.
 *
 *   bits  0..5   card
 *   bits  6..8   suit + 1
 *   bits  9..12  pile + 1
 *   bit   13     draw or pass (then bit 0: pass)
 */
#define FAM_MOVE_CARD_MASK 0x3F
#define FAM_MOVE_SUIT_SHIFT 6
#define FAM_MOVE_SUIT_MASK 0x7
#define FAM_MOVE_PILE_SHIFT 9
#define FAM_MOVE_PILE_MASK 0xF
enum { FAM_MOVE_DRAW = 1 << 13, FAM_MOVE_PASS = (1 << 13) | 1, FAM_MOVE_NONE = 0xFFFF };

static inline uint16_t fam_play_code(int card, int suit, int pile)
{
    return (uint16_t)(card | (suit + 1) << FAM_MOVE_SUIT_SHIFT | (pile + 1) << FAM_MOVE_PILE_SHIFT);
}
static inline int fam_move_card(uint16_t code) { return code & FAM_MOVE_CARD_MASK; }
static inline int fam_move_suit(uint16_t code) { return (code >> FAM_MOVE_SUIT_SHIFT & FAM_MOVE_SUIT_MASK) - 1; }
static inline int fam_move_pile(uint16_t code) { return (code >> FAM_MOVE_PILE_SHIFT & FAM_MOVE_PILE_MASK) - 1; }
static inline int fam_is_play(uint16_t code) { return code < FAM_MOVE_DRAW; }

/* Build a state's derived fields (points, stock_count) once its parts are set. */
void fam_state_finish(const FamRules *r, FamState *s);

/* FamilyPosition.is_over and is_chance. */
int fam_is_over(const FamRules *r, const FamState *s);
static inline int fam_is_chance(const FamState *s) { return s->owed > 0; }

/* rules.legal_moves: the moves in the engine's order; returns how many
 * (0 at a chance node or once the deal is over). */
int fam_generate_moves(const FamRules *r, const FamState *s, uint16_t moves[FAM_MAX_MOVES]);

/* rules.apply_move for a legal move (unchecked). */
void fam_apply_move(const FamRules *r, FamState *s, uint16_t code);

/* rules.chance_outcomes: the distinct cards the draw under way may bring, by
 * card number, with their copies in the stock (probability copies / total);
 * with the order known, its top card alone (copies 1 of total 1). */
int fam_chance_outcomes(const FamState *s, int cards[CARDS], int copies[CARDS], int *total);

/* rules.apply_chance: the draw under way brings `card` (one of the stock's). */
void fam_apply_chance(const FamRules *r, FamState *s, int card);

/* scoring.payoffs of a finished deal, one per seat. */
void fam_payoffs(const FamRules *r, const FamState *s, double out[FAM_MAX_PLAYERS]);

/* The points of the cards of `m`, by the ruleset's card values (a card held twice counts twice). */
int fam_multiset_points(const FamRules *r, Multiset m);

/* perft.perft: sequences of `depth` events (a move, or a distinct card drawn). */
uint64_t fam_perft(const FamRules *r, const FamState *s, int depth);

#endif
