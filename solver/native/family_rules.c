/* family_rules.c - the family's rules of play, as engine/family/rules.py and
 * scoring.py: legal moves in the engine's order, a move applied, the chance
 * outcomes of a draw under way, the end of a deal and its payoffs; perft.
 *
 * Each function names the engine function it mirrors; the rules are read from
 * the FamRules switches only.
 */
#include <assert.h>
#include "family_hash.h"
#include "family_state.h"

static inline int seat_after(const FamRules *r, int seat, int steps, int direction)
{
    int n = r->players;
    return ((seat + steps * direction) % n + n) % n;
}

int fam_multiset_points(const FamRules *r, Multiset m)
{
    int sum = 0;
    for (CardSet rest = m.one; rest; rest = drop_lowest(rest))
        sum += r->points[lowest_card(rest)];
    for (CardSet rest = m.two; rest; rest = drop_lowest(rest))
        sum += r->points[lowest_card(rest)];
    return sum;
}

void fam_rules_conclude(FamRules *r)
{
    r->draw2_cards = r->effect_cards = 0;
    for (int rank = 0; rank < RANKS; rank++) {
        if (r->effect[rank] == FAM_EFFECT_DRAW2)
            r->draw2_cards |= rank_mask(rank);
        if (r->effect[rank] != FAM_EFFECT_NONE)
            r->effect_cards |= rank_mask(rank);
    }
    r->key = fam_rules_key(r);
}

void fam_state_finish(const FamRules *r, FamState *s)
{
    for (int seat = 0; seat < r->players; seat++)
        s->points[seat] = (int16_t)fam_multiset_points(r, s->hand[seat]);
    for (int seat = r->players; seat < FAM_MAX_PLAYERS; seat++) {
        s->points[seat] = 0;
        s->hand[seat].one = s->hand[seat].two = 0;
    }
    s->stock_count = (uint8_t)ms_count(s->stock);
}

static inline int some_hand_empty(const FamRules *r, const FamState *s)
{
    for (int seat = 0; seat < r->players; seat++)
        if (!s->hand[seat].one)
            return 1;
    return 0;
}

/* FamilyPosition.is_over: a hand out (not in extended play), blocked, or
 * pyspiel's max_turns card plays made; never while a draw is under way. */
int fam_is_over(const FamRules *r, const FamState *s)
{
    if (s->owed)
        return 0;
    if (r->plays_cap != FAM_NO_CAP && s->plays >= r->plays_cap)
        return 1;
    if (s->passes >= r->blocked_after)
        return 1;
    return !s->extended && some_hand_empty(r, s);
}

/* FamilyPosition.may_reshuffle: a lazy reshuffle whose cap is not spent. */
static inline int may_reshuffle(const FamRules *r, const FamState *s)
{
    return r->reshuffle == FAM_RESHUFFLE_LAZY && (r->reshuffle_cap == FAM_NO_CAP || s->reshuffles < r->reshuffle_cap);
}

/* FamilyPosition.drawable: the stock, or the pile a lazy reshuffle brings. */
static inline int drawable(const FamRules *r, const FamState *s)
{
    return s->stock_count > 0 || (may_reshuffle(r, s) && s->discard.one);
}

/* rules._matches as a mask: the cards that may be played on the upcard
 * ("match card", the eights options, a pending draw-two run). */
static CardSet match_mask(const FamRules *r, const FamState *s)
{
    if (s->pending)
        return r->draw2_cards;
    if (s->free)
        return FULL_DECK;
    CardSet mask = r->eights_must_match ? 0 : rank_mask(RANK_EIGHT);
    int up = s->upcard;
    assert(up >= 0);
    if (s->under >= 0)                          /* eights=nosuit: the 8 or the card under it */
        return mask | rank_mask(rank_of(up)) | rank_mask(rank_of(s->under))
             | suit_mask(suit_of(up)) | suit_mask(suit_of(s->under));
    int suit = rank_of(up) == RANK_EIGHT && s->called >= 0 ? s->called : suit_of(up);
    return mask | rank_mask(rank_of(up)) | suit_mask(suit);
}

/* Whether the effect of a card played (after it left the hand) keeps a deal
 * going whose hand went out (sce's 2s and 3s). */
static inline int continues_after(const FamRules *r, int effect)
{
    return effect != FAM_EFFECT_NONE && (r->continues >> effect & 1);
}

/* rules._plays' test of an 8: whether playing `card` ends the deal (then it
 * names no suit). */
static int play_ends_deal(const FamRules *r, const FamState *s, int card)
{
    if (r->plays_cap != FAM_NO_CAP && s->plays + 1 >= r->plays_cap)
        return 1;
    Multiset own = s->hand[s->turn];
    ms_remove(&own, card);
    int some_out = !own.one;
    for (int seat = 0; seat < r->players && !some_out; seat++)
        some_out = seat != s->turn && !s->hand[seat].one;
    return some_out && !continues_after(r, r->effect[rank_of(card)]);
}

/* rules.may_draw (before the over/chance test, done by the caller). */
static int may_draw(const FamRules *r, const FamState *s, int has_play)
{
    if (!drawable(r, s))
        return 0;
    if (r->must_play && has_play)
        return 0;
    if (s->pending)
        return 1;
    return r->draw_cap == FAM_NO_CAP || s->draws < r->draw_cap;
}

/* rules.may_pass (likewise): after the draw cap a hand may pass holding a
 * play (not with must_play), whether or not anything is left to draw. */
static int may_pass(const FamRules *r, const FamState *s, int has_play)
{
    if (!drawable(r, s) && (r->pass_holding_play || !has_play))
        return 1;
    if (s->pending)
        return 0;
    return r->draw_cap != FAM_NO_CAP && s->draws >= r->draw_cap && !(r->must_play && has_play);
}

/* rules.legal_moves: the plays by card (a card held twice once), an 8 once per
 * suit it may name (S H D C), a layout play once per pile; then draw, pass. */
int fam_generate_moves(const FamRules *r, const FamState *s, uint16_t moves[FAM_MAX_MOVES])
{
    if (s->owed || fam_is_over(r, s))
        return 0;
    int n = 0;
    CardSet hand = s->hand[s->turn].one;
    if (r->centre) {
        CardSet pile_ranks = 0;
        for (int p = 0; p < r->centre; p++)
            pile_ranks |= rank_mask(rank_of(s->pile[p]));
        for (CardSet rest = hand & pile_ranks; rest; rest = drop_lowest(rest)) {
            int card = lowest_card(rest);
            for (int p = 0; p < r->centre; p++)
                if (rank_of(s->pile[p]) == rank_of(card))
                    moves[n++] = fam_play_code(card, -1, p);
        }
    } else {
        for (CardSet rest = hand & match_mask(r, s); rest; rest = drop_lowest(rest)) {
            int card = lowest_card(rest);
            if (rank_of(card) == RANK_EIGHT && r->eights_name_suit && !play_ends_deal(r, s, card)) {
                for (int suit = 0; suit < SUITS; suit++)
                    moves[n++] = fam_play_code(card, suit, -1);
            } else {
                moves[n++] = fam_play_code(card, -1, -1);
            }
        }
    }
    int has_play = n > 0;
    if (may_draw(r, s, has_play))
        moves[n++] = FAM_MOVE_DRAW;
    if (may_pass(r, s, has_play))
        moves[n++] = FAM_MOVE_PASS;
    assert(n <= FAM_MAX_MOVES);
    return n;
}

static inline void reshuffle(FamState *s)
{
    assert(!s->stock.one);
    s->stock = s->discard;
    s->discard.one = s->discard.two = 0;
    s->stock_count = (uint8_t)ms_count(s->stock);
    s->order = NULL;              /* the pile is shuffled: its order is unknown */
}

/* A lazy reshuffle (when a draw needs a card), counted toward the deal's cap. */
static inline void reshuffle_counted(FamState *s)
{
    reshuffle(s);
    if (s->reshuffles < UINT8_MAX)
        s->reshuffles++;
}

/* rules._play: the card leaves the hand and becomes the upcard (or tops its
 * pile); an eager reshuffle; the effects of skip, reverse and draw-two ranks. */
static void apply_play(const FamRules *r, FamState *s, int card, int suit, int pile)
{
    int seat = s->turn;
    ms_remove(&s->hand[seat], card);
    s->points[seat] = (int16_t)(s->points[seat] - r->points[card]);
    int effect = FAM_EFFECT_NONE;
    s->under = FAM_NO_CARD;
    if (r->centre) {
        assert(pile >= 0 && pile < r->centre && rank_of(s->pile[pile]) == rank_of(card));
        s->pile[pile] = (int8_t)card;
    } else {
        assert(s->upcard >= 0);
        ms_add(&s->discard, s->upcard);
        if (rank_of(card) == RANK_EIGHT && !r->eights_name_suit)
            s->under = s->upcard;
        s->upcard = (int8_t)card;
        effect = r->effect[rank_of(card)];
    }
    if (r->reshuffle == FAM_RESHUFFLE_EAGER && !s->stock_count)
        reshuffle(s);
    int turn = seat_after(r, seat, 1, s->direction);
    if (effect == FAM_EFFECT_SKIP) {
        turn = seat_after(r, seat, 2, s->direction);
    } else if (effect == FAM_EFFECT_REVERSE) {
        s->direction = (int8_t)-s->direction;
        turn = r->players == 2 && r->reverse_again ? seat : seat_after(r, seat, 1, s->direction);
    } else if (effect == FAM_EFFECT_DRAW2 && (s->stock_count || !r->draw2_needs_stock)) {
        s->pending = (uint8_t)(s->pending + 2);
    }
    s->turn = (int8_t)turn;
    s->called = (int8_t)suit;
    s->free = 0;
    s->draws = 0;
    s->passes = 0;
    s->plays++;
    s->extended = (uint8_t)(continues_after(r, effect) && some_hand_empty(r, s));
}

/* rules._draw: one card, or the draw-two count (a penalty); an empty stock is
 * first refilled from the discard pile (only a lazy reshuffle, its cap not
 * spent, lets a draw be legal then), one more reshuffle counted. */
static void begin_draw(FamState *s)
{
    if (!s->stock_count)
        reshuffle_counted(s);
    s->owed = s->pending ? s->pending : 1;
    s->penalty = s->pending != 0;
    s->pending = 0;
    s->passes = 0;
    s->extended = 0;
}

/* rules._pass: a pass on nothing to draw counts toward a blocked deal. */
static void apply_pass(const FamRules *r, FamState *s)
{
    if (drawable(r, s))
        s->passes = 0;
    else if (s->passes < UINT8_MAX)
        s->passes++;
    s->turn = (int8_t)seat_after(r, s->turn, 1, s->direction);
    s->pending = 0;
    s->draws = 0;
    s->extended = 0;
}

void fam_apply_move(const FamRules *r, FamState *s, uint16_t code)
{
    assert(!s->owed);
    if (fam_is_play(code))
        apply_play(r, s, fam_move_card(code), fam_move_suit(code), fam_move_pile(code));
    else if (code == FAM_MOVE_DRAW)
        begin_draw(s);
    else
        apply_pass(r, s);
}

int fam_chance_outcomes(const FamState *s, int cards[CARDS], int copies[CARDS], int *total)
{
    int k = 0;
    if (!s->owed)
        return 0;
    if (s->order) {
        cards[0] = s->order[0];
        copies[0] = *total = 1;
        return 1;
    }
    for (CardSet rest = s->stock.one; rest; rest = drop_lowest(rest)) {
        int card = lowest_card(rest);
        cards[k] = card;
        copies[k++] = 1 + (int)(s->stock.two >> card & 1);
    }
    *total = s->stock_count;
    return k;
}

/* rules.apply_chance: the card joins the hand; an empty stock is refilled
 * (eager: at once; lazy: if more is owed and the cap is not spent, counted),
 * else the rest is forgiven; a finished penalty passes the turn, a finished
 * draw ends it with draw=one. */
void fam_apply_chance(const FamRules *r, FamState *s, int card)
{
    assert(s->owed && (s->stock.one & card_bit(card)));
    assert(!s->order || s->order[0] == card);
    int seat = s->turn;
    ms_remove(&s->stock, card);
    s->stock_count--;
    if (s->order)
        s->order = s->stock_count ? s->order + 1 : NULL;
    ms_add(&s->hand[seat], card);
    s->points[seat] = (int16_t)(s->points[seat] + r->points[card]);
    int owed = s->owed - 1;
    if (!s->stock_count && r->reshuffle == FAM_RESHUFFLE_EAGER) {
        reshuffle(s);
    } else if (!s->stock_count && owed && s->discard.one && may_reshuffle(r, s)) {
        reshuffle_counted(s);
    }
    if (!s->stock_count) {
        if (s->penalty && !owed && r->spent_penalty_is_pass && s->passes < UINT8_MAX)
            s->passes++;
        owed = 0;
    }
    s->owed = (uint8_t)owed;
    if (owed)
        return;
    if (s->penalty || r->draw_ends_turn) {
        s->turn = (int8_t)seat_after(r, seat, 1, s->direction);
        s->penalty = 0;
        s->draws = 0;
    } else if (s->draws < UINT8_MAX) {
        s->draws++;
    }
}

/* scoring.classic_winner: the hand out (the first seat), else the fewest
 * points, ties to the first clockwise from the dealer's left. */
static int classic_winner(const FamRules *r, const FamState *s)
{
    for (int seat = 0; seat < r->players; seat++)
        if (!s->hand[seat].one)
            return seat;
    int best = -1;
    for (int step = 0; step < r->players; step++) {
        int seat = (s->dealer + 1 + step) % r->players;
        if (best < 0 || s->points[seat] < s->points[best])
            best = seat;
    }
    return best;
}

/* scoring.payoffs. */
void fam_payoffs(const FamRules *r, const FamState *s, double out[FAM_MAX_PLAYERS])
{
    int n = r->players;
    if (r->scoring == FAM_SCORE_POOL) {                 /* scoring._layout */
        /* Each payoff is one exact fraction divided once, as float(Fraction)
         * rounds it: the pool n to the hand out; else n / 2k to each of the k
         * highest and to each of the k lowest (all tied: both halves, 0). */
        int out_seat = -1, high = s->points[0], low = s->points[0];
        for (int seat = 0; seat < n; seat++) {
            if (!s->hand[seat].one && out_seat < 0)
                out_seat = seat;
            high = s->points[seat] > high ? s->points[seat] : high;
            low = s->points[seat] < low ? s->points[seat] : low;
        }
        int highs = 0, lows = 0;
        for (int seat = 0; seat < n; seat++) {
            highs += s->points[seat] == high;
            lows += s->points[seat] == low;
        }
        for (int seat = 0; seat < n; seat++) {
            if (out_seat >= 0)
                out[seat] = seat == out_seat ? n - 1 : -1.0;
            else if (high == low)
                out[seat] = 0.0;
            else if (s->points[seat] == high)
                out[seat] = (double)(n - 2 * highs) / (2 * highs);
            else if (s->points[seat] == low)
                out[seat] = (double)(n - 2 * lows) / (2 * lows);
            else
                out[seat] = -1.0;
        }
        return;
    }
    if (r->scoring == FAM_SCORE_WINNER) {
        int winner = classic_winner(r, s), sum = 0;
        for (int seat = 0; seat < n; seat++)
            if (seat != winner)
                sum += s->points[seat];
        for (int seat = 0; seat < n; seat++)
            out[seat] = seat == winner ? sum : -s->points[seat];
        return;
    }
    for (int seat = 0; seat < n; seat++)
        out[seat] = -s->points[seat];
}

/* perft.perft: every legal move, and every distinct card of a draw under way,
 * is one event; a finished deal has none. */
uint64_t fam_perft(const FamRules *r, const FamState *s, int depth)
{
    if (depth == 0)
        return 1;
    uint64_t total = 0;
    FamState child;
    if (s->owed) {
        int cards[CARDS], copies[CARDS], all;
        int k = fam_chance_outcomes(s, cards, copies, &all);
        if (depth == 1)
            return (uint64_t)k;
        for (int i = 0; i < k; i++) {
            fam_copy(&child, s, r->players);
            fam_apply_chance(r, &child, cards[i]);
            total += fam_perft(r, &child, depth - 1);
        }
        return total;
    }
    uint16_t moves[FAM_MAX_MOVES];
    int n = fam_generate_moves(r, s, moves);
    if (depth == 1)
        return (uint64_t)n;
    for (int i = 0; i < n; i++) {
        fam_copy(&child, s, r->players);
        fam_apply_move(r, &child, moves[i]);
        total += fam_perft(r, &child, depth - 1);
    }
    return total;
}
