/* rules.h - positions, legal moves, plays and draws (RULES.md "A turn",
 * "Going out and extended play"), mirroring engine/rules.py move for move.
 *
 * A State is copied to make a move (copy-make: about 80 bytes), and every
 * change updates its Zobrist key incrementally (zobrist.h).  A draw of k cards
 * is split into k one-card chance steps: draw_left > 0 marks a draw under way.
 */
#ifndef EIGHTS_RULES_H
#define EIGHTS_RULES_H

#include <stdint.h>
#include "cards.h"

enum { MAX_ORDER = CARDS, MAX_MOVES = 64 };

/* A 2 adds PENDING_PER_TWO to the pending count; the run's 2s are in no hand
 * (the state check in binding.c), so covering never takes it past MAX_PENDING. */
enum { PENDING_PER_TWO = 2, MAX_PENDING = 8 };

/* Move codes of docs/core-interface.md: card | (suit + 1) << 6, or the draw. */
enum { MOVE_DRAW = 255, MOVE_NONE = 0xFFFF, MOVE_SUIT_SHIFT = 6, MOVE_CARD_MASK = 0x3F };

static inline int move_code(int card, int suit) { return card | ((suit + 1) << MOVE_SUIT_SHIFT); }
static inline int move_card(int code) { return code & MOVE_CARD_MASK; }
static inline int move_suit(int code) { return (code >> MOVE_SUIT_SHIFT) - 1; }

/* The stock's known order (fixed-order mode); constant during a search. */
typedef struct {
    int len;
    uint8_t cards[MAX_ORDER];   /* top first */
} StockOrder;

typedef struct {
    CardSet hand[SEATS];
    CardSet stock;
    CardSet discard;
    uint64_t key;          /* Zobrist key of everything below and above */
    int8_t upcard;
    int8_t called;         /* suit called by the 8 on top, -1 for none */
    int8_t turn;
    int8_t direction;      /* +1 clockwise, -1 anticlockwise */
    int8_t pending;        /* pending draw count from 2s */
    int8_t extended;       /* extended play under way */
    int8_t penalised;      /* bit mask of penalised seats */
    int8_t order_active;   /* draws follow the StockOrder from order_pos */
    int8_t order_pos;
    int8_t draw_left;      /* cards still to draw in a draw under way, else 0 */
} State;

/* A state from its parts (the key computed from scratch). */
void state_init(State *s, const CardSet hands[SEATS], int upcard, int called, int turn,
                int direction, int pending, CardSet stock, CardSet discard,
                int order_active, int extended, int penalised);

/* True once the deal has ended: a hand is empty and play is not extended. */
static inline int state_is_over(const State *s)
{
    return !s->extended && (!s->hand[0] || !s->hand[1] || !s->hand[2] || !s->hand[3]);
}

/* The key computed from scratch (to check the incremental one). */
uint64_t state_compute_key(const State *s);

CardSet playable_cards(const State *s);
int may_draw(const State *s);

/* The legal moves in the engine's order; returns how many. */
int generate_moves(const State *s, uint16_t moves[MAX_MOVES]);

/* Play a card (suit: what an 8 names, -1 for none). */
void apply_play(State *s, int card, int suit);

/* Whole draws (perft, fixed order): where the cards of the draw now come from.
 * The draw brings forced | (any `take` cards of pool); fixed: forced only. */
typedef struct {
    CardSet forced;
    CardSet pool;
    int take;
} DrawPlan;

void draw_plan(const State *s, const StockOrder *order, DrawPlan *plan);
void apply_draw_set(State *s, const StockOrder *order, CardSet cards);

/* Step-wise draws (search).  begin_draw returns 1 when the draw is a chance
 * event left under way (draw_left > 0), 0 when it was done at once (fixed
 * order, or nothing to draw). */
int begin_draw(State *s, const StockOrder *order);
/* Under way: reshuffle first when the stock is empty; the cards the next step
 * can bring (empty: the draw is finished by finish_draw). */
CardSet draw_step_pool(State *s);
/* Draw one card of the pool; finishes the draw when it was the last. */
void draw_step(State *s, int card);
void finish_draw(State *s);

uint64_t perft(const State *s, const StockOrder *order, int depth);

#endif
