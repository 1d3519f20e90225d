/* rules.c - legal moves, plays and draws, as engine/rules.py; perft.
 *
 * Each function names the engine function (and so the RULES.md section) it
 * mirrors.  Every change of a State field XORs its Zobrist keys in and out.
 */
#include <assert.h>
#include "rules.h"
#include "zobrist.h"

enum { POINTS_TABLE = 1 << RANKS };
static int16_t SUIT_POINTS[POINTS_TABLE];   /* points of a 13-bit suit group */

void cards_init(void)
{
    for (int bits = 0; bits < POINTS_TABLE; bits++) {
        int sum = 0;
        for (int rank = 0; rank < RANKS; rank++)
            if (bits >> rank & 1)
                sum += card_points(rank);
        SUIT_POINTS[bits] = (int16_t)sum;
    }
}

int set_points(CardSet cs)
{
    return SUIT_POINTS[cs & SUIT_MASK_0] + SUIT_POINTS[cs >> 13 & SUIT_MASK_0]
         + SUIT_POINTS[cs >> 26 & SUIT_MASK_0] + SUIT_POINTS[cs >> 39 & SUIT_MASK_0];
}

uint64_t state_compute_key(const State *s)
{
    uint64_t key = 0;
    for (int seat = 0; seat < SEATS; seat++) {
        key ^= zobrist_hand_set(seat, s->hand[seat]);
        if (s->penalised >> seat & 1)
            key ^= ZOBRIST.penalised[seat];
    }
    key ^= zobrist_stock_set(s->stock) ^ zobrist_discard_set(s->discard);
    key ^= ZOBRIST.upcard[s->upcard] ^ ZOBRIST.called[s->called + 1] ^ ZOBRIST.turn[s->turn];
    key ^= ZOBRIST.pending[s->pending / 2] ^ ZOBRIST.draw_left[s->draw_left];
    if (s->direction < 0)
        key ^= ZOBRIST.anticlockwise;
    if (s->extended)
        key ^= ZOBRIST.extended;
    if (s->order_active)
        key ^= ZOBRIST.order_pos[s->order_pos];
    return key;
}

void state_init(State *s, const CardSet hands[SEATS], int upcard, int called, int turn,
                int direction, int pending, CardSet stock, CardSet discard,
                int order_active, int extended, int penalised)
{
    for (int seat = 0; seat < SEATS; seat++)
        s->hand[seat] = hands[seat];
    s->stock = stock;
    s->discard = discard;
    s->upcard = (int8_t)upcard;
    s->called = (int8_t)called;
    s->turn = (int8_t)turn;
    s->direction = (int8_t)direction;
    s->pending = (int8_t)pending;
    s->extended = (int8_t)(extended != 0);
    s->penalised = (int8_t)penalised;
    s->order_active = (int8_t)(order_active && stock);
    s->order_pos = 0;
    s->draw_left = 0;
    s->key = state_compute_key(s);
}

/* eights.engine.rules.playable_cards ("Legal play", "Pending 2s", "Last card"). */
CardSet playable_cards(const State *s)
{
    int seat = s->turn;
    CardSet hand = s->hand[seat];
    if (state_is_over(s) || (s->penalised >> seat & 1))
        return 0;
    if (s->pending)
        return hand & rank_mask(RANK_TWO);
    int up_rank = rank_of(s->upcard);
    if (up_rank == RANK_EIGHT) {
        if (s->called < 0)
            return hand;                        /* free play at the deal's start */
        return hand & (rank_mask(RANK_EIGHT) | suit_mask(s->called));
    }
    return hand & (rank_mask(RANK_EIGHT) | rank_mask(up_rank) | suit_mask(suit_of(s->upcard)));
}

/* eights.engine.rules.may_draw ("Draw", "Empty stock", the dummy rule). */
static int may_draw_given(const State *s, CardSet playable)
{
    if (state_is_over(s))
        return 0;
    if (!(s->stock | s->discard))
        return !playable;                       /* the pass */
    if (is_concealed(s->turn) || !playable)
        return 1;
    return count_cards(s->hand[s->turn]) == 1;
}

int may_draw(const State *s)
{
    return may_draw_given(s, playable_cards(s));
}

/* eights.engine.rules.LegalMoves: plays by ascending card, an 8's suits S H D C
 * (no suit for an 8 that goes out), then the draw. */
int generate_moves(const State *s, uint16_t moves[MAX_MOVES])
{
    int n = 0;
    CardSet hand = s->hand[s->turn];
    CardSet playable = playable_cards(s);
    for (CardSet rest = playable; rest; rest = drop_lowest(rest)) {
        int card = lowest_card(rest);
        if (rank_of(card) == RANK_EIGHT && hand != card_bit(card)) {
            for (int suit = 0; suit < SUITS; suit++)
                moves[n++] = (uint16_t)move_code(card, suit);
        } else {
            moves[n++] = (uint16_t)move_code(card, -1);
        }
    }
    if (may_draw_given(s, playable))
        moves[n++] = MOVE_DRAW;
    assert(n <= MAX_MOVES);
    return n;
}

static inline void set_turn(State *s, int turn)
{
    s->key ^= ZOBRIST.turn[s->turn] ^ ZOBRIST.turn[turn];
    s->turn = (int8_t)turn;
}

static inline void set_pending(State *s, int pending)
{
    s->key ^= ZOBRIST.pending[s->pending / 2] ^ ZOBRIST.pending[pending / 2];
    s->pending = (int8_t)pending;
}

static inline void set_extended(State *s, int extended)
{
    if (s->extended != extended)
        s->key ^= ZOBRIST.extended;
    s->extended = (int8_t)extended;
}

static inline void clear_order(State *s)
{
    if (s->order_active)
        s->key ^= ZOBRIST.order_pos[s->order_pos];
    s->order_active = 0;
}

/* eights.engine.rules.apply_play ("A turn", "Going out and extended play"). */
void apply_play(State *s, int card, int suit)
{
    int seat = s->turn, rank = rank_of(card);
    assert(s->hand[seat] & card_bit(card));
    assert(s->draw_left == 0);
    s->hand[seat] &= ~card_bit(card);
    s->key ^= ZOBRIST.hand[seat][card];
    s->discard |= card_bit(s->upcard);
    s->key ^= ZOBRIST.discard[s->upcard] ^ ZOBRIST.upcard[s->upcard] ^ ZOBRIST.upcard[card];
    s->upcard = (int8_t)card;
    s->key ^= ZOBRIST.called[s->called + 1] ^ ZOBRIST.called[suit + 1];
    s->called = (int8_t)suit;
    if (rank == RANK_ACE) {
        s->direction = (int8_t)-s->direction;
        s->key ^= ZOBRIST.anticlockwise;
    }
    int turn = next_seat(seat, s->direction);
    if (rank == RANK_THREE)
        turn = next_seat(turn, s->direction);
    set_turn(s, turn);
    set_pending(s, rank == RANK_TWO ? s->pending + PENDING_PER_TWO : 0);
    assert(s->pending <= MAX_PENDING);
    int someone_out = !s->hand[0] || !s->hand[1] || !s->hand[2] || !s->hand[3];
    set_extended(s, (rank == RANK_TWO || rank == RANK_THREE) && someone_out);
}

static inline int draw_count(const State *s) { return s->pending ? s->pending : 1; }

/* eights.engine.rules.draw_outcomes ("Empty stock"): the stock first, the discard pile
 * reshuffled only when the stock cannot cover the draw; a short draw takes
 * what there is; with a fixed order the stock's part is known. */
void draw_plan(const State *s, const StockOrder *order, DrawPlan *plan)
{
    int need = draw_count(s);
    int stock_size = count_cards(s->stock);
    if (s->order_active && need <= order->len - s->order_pos) {
        CardSet cards = 0;
        for (int i = 0; i < need; i++)
            cards |= card_bit(order->cards[s->order_pos + i]);
        plan->forced = cards;
        plan->pool = 0;
        plan->take = 0;
    } else if (need <= stock_size) {
        plan->forced = 0;
        plan->pool = s->stock;
        plan->take = need;
    } else {
        int rest = need - stock_size, discard_size = count_cards(s->discard);
        plan->forced = s->stock;
        plan->pool = s->discard;
        plan->take = rest < discard_size ? rest : discard_size;
    }
}

static void reshuffle(State *s)
{
    s->key ^= zobrist_stock_set(s->discard) ^ zobrist_discard_set(s->discard);
    s->stock |= s->discard;
    s->discard = 0;
    clear_order(s);
}

/* The end of every draw (eights.engine.rules.apply_draw): the turn passes, a pending
 * count is cleared, extended play ends, a penalty is paid. */
void finish_draw(State *s)
{
    int seat = s->turn;
    s->key ^= ZOBRIST.draw_left[s->draw_left];
    s->draw_left = 0;
    set_turn(s, next_seat(seat, s->direction));
    set_pending(s, 0);
    set_extended(s, 0);
    if (s->penalised >> seat & 1) {
        s->penalised = (int8_t)(s->penalised & ~(1 << seat));
        s->key ^= ZOBRIST.penalised[seat];
    }
    if (!s->stock)
        clear_order(s);
}

static inline void take_card(State *s, int card)
{
    s->hand[s->turn] |= card_bit(card);
    s->stock &= ~card_bit(card);
    s->key ^= ZOBRIST.hand[s->turn][card] ^ ZOBRIST.stock[card];
}

/* eights.engine.rules.apply_draw: the hand to act takes `cards` in one go. */
void apply_draw_set(State *s, const StockOrder *order, CardSet cards)
{
    assert(s->draw_left == 0);
    (void)order;
    if (cards & ~s->stock)
        reshuffle(s);
    if (s->order_active) {
        s->key ^= ZOBRIST.order_pos[s->order_pos];
        s->order_pos = (int8_t)(s->order_pos + count_cards(cards));
        s->key ^= ZOBRIST.order_pos[s->order_pos];
    }
    for (CardSet rest = cards; rest; rest = drop_lowest(rest))
        take_card(s, lowest_card(rest));
    finish_draw(s);
}

int begin_draw(State *s, const StockOrder *order)
{
    int need = draw_count(s);
    if (!(s->stock | s->discard)) {             /* nothing to draw: the pass */
        finish_draw(s);
        return 0;
    }
    if (s->order_active && need <= order->len - s->order_pos) {
        DrawPlan plan;
        draw_plan(s, order, &plan);
        apply_draw_set(s, order, plan.forced);
        return 0;
    }
    /* A random draw: the order (if any) cannot cover it, so the whole stock
     * goes and the order ends with this draw. */
    clear_order(s);
    s->draw_left = (int8_t)need;
    s->key ^= ZOBRIST.draw_left[need];
    return 1;
}

CardSet draw_step_pool(State *s)
{
    assert(s->draw_left > 0);
    if (!s->stock)
        reshuffle(s);
    return s->stock;
}

void draw_step(State *s, int card)
{
    assert(s->draw_left > 0 && (s->stock & card_bit(card)));
    take_card(s, card);
    s->key ^= ZOBRIST.draw_left[s->draw_left] ^ ZOBRIST.draw_left[s->draw_left - 1];
    s->draw_left--;
    if (!s->draw_left || !(s->stock | s->discard))
        finish_draw(s);
}

/* perft: every k-subset of the pool, each counted once (ascending cards). */
static uint64_t perft_draws(const State *s, const StockOrder *order, int depth,
                            CardSet chosen, CardSet pool, int take)
{
    if (take == 0) {
        State child = *s;
        apply_draw_set(&child, order, chosen);
        return perft(&child, order, depth);
    }
    uint64_t total = 0;
    while (count_cards(pool) >= take) {
        int card = lowest_card(pool);
        pool = drop_lowest(pool);
        total += perft_draws(s, order, depth, chosen | card_bit(card), pool, take - 1);
    }
    return total;
}

/* eights.engine.perft.perft: action sequences of `depth` actions, a draw counted once
 * per distinct set of cards it can bring. */
uint64_t perft(const State *s, const StockOrder *order, int depth)
{
    if (depth == 0)
        return 1;
    uint16_t moves[MAX_MOVES];
    int n = generate_moves(s, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i] == MOVE_DRAW) {
            DrawPlan plan;
            draw_plan(s, order, &plan);
            total += perft_draws(s, order, depth - 1, plan.forced, plan.pool, plan.take);
        } else {
            State child = *s;
            apply_play(&child, move_card(moves[i]), move_suit(moves[i]));
            total += perft(&child, order, depth - 1);
        }
    }
    return total;
}
