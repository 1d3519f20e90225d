/* family_playout.c - the heuristic, playouts and rollouts (family_playout.h). */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include <assert.h>
#include <string.h>
#include "deadline.h"
#include "family_eval.h"
#include "family_hash.h"
#include "family_playout.h"

/* heuristic.py's values, in rough points (its docstring says why each). */
static const double SHED = 1.0;         /* per point of an ordinary card played */
static const double LENGTH = 0.5;       /* per card of ours left in the suit the next hand must follow */
static const double HOLD_EIGHT = 5.0;   /* playing an 8: below every ordinary play, above a draw */
static const double CALL = 0.1;         /* per card of ours in the suit an 8 calls */
static const double DRAW_COST = 10.0;   /* each card a draw brings */
static const double PASS_COST = 12.0;   /* a pass */
static const double BLOCK = 15.0;       /* an effect card when the hand next in turn is low */
static const int LOW = 2;               /* "low": this many cards or fewer */
static const double GO_OUT = 1000.0;    /* going out */

/* Salt words of the seeds: a playout's from the rollout's, a reshuffle's from the playout's. */
static const uint64_t SALT_GAME = 0x67616D650000ull, SALT_SHUFFLE = 0x736875660000ull;

/* The cards of `m` in suit `suit`, copies counted. */
static inline int suited(Multiset m, int suit)
{
    return count_cards(m.one & suit_mask(suit)) + count_cards(m.two & suit_mask(suit));
}

double fam_heuristic_value(const FamRules *r, const FamState *s, uint16_t code)
{
    if (code == FAM_MOVE_DRAW)
        return -DRAW_COST * (s->pending ? s->pending : 1);
    if (code == FAM_MOVE_PASS)
        return -PASS_COST;
    int seat = s->turn, card = fam_move_card(code);
    Multiset hand = s->hand[seat];
    ms_remove(&hand, card);
    if (!hand.one)
        return GO_OUT;
    double value;
    if (rank_of(card) == RANK_EIGHT) {
        int suit = fam_move_suit(code);
        value = -HOLD_EIGHT + CALL * (suit >= 0 ? suited(hand, suit) : 0);
    } else {
        /* the suit in force after an ordinary card: its own (the layout game: none) */
        value = SHED * r->points[card] + LENGTH * (r->centre ? 0 : suited(hand, suit_of(card)));
    }
    int n = r->players, next = ((seat + s->direction) % n + n) % n;
    if (r->effect[rank_of(card)] != FAM_EFFECT_NONE && ms_count(s->hand[next]) <= LOW)
        value += BLOCK;
    return value;
}

uint16_t fam_heuristic_move(const FamRules *r, const FamState *s)
{
    uint16_t moves[FAM_MAX_MOVES];
    int n = fam_generate_moves(r, s, moves);
    if (n == 0)
        return FAM_MOVE_NONE;
    int best = 0;
    double top = fam_heuristic_value(r, s, moves[0]);
    for (int i = 1; i < n; i++) {
        double value = fam_heuristic_value(r, s, moves[i]);
        if (value > top) {
            top = value;
            best = i;
        }
    }
    return moves[best];
}

/* splitmix64: a small, well-mixed generator for the shuffles. */
static inline uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The stock of `s` in an order shuffled from `seed` (Fisher-Yates), kept in `buffer`. */
static void shuffle_stock(FamState *s, int8_t *buffer, uint64_t seed)
{
    int k = 0;
    for (CardSet rest = s->stock.one; rest; rest = drop_lowest(rest))
        buffer[k++] = (int8_t)lowest_card(rest);
    for (CardSet rest = s->stock.two; rest; rest = drop_lowest(rest))
        buffer[k++] = (int8_t)lowest_card(rest);
    assert(k == s->stock_count);
    uint64_t state = seed;
    for (int i = k - 1; i > 0; i--) {
        int j = (int)(next_random(&state) % (uint64_t)(i + 1));
        int8_t card = buffer[i];
        buffer[i] = buffer[j];
        buffer[j] = card;
    }
    s->order = buffer;
}

void fam_draw_shuffled(const FamRules *r, FamState *s, int8_t buffer[FAM_MAX_DECKS * CARDS], uint64_t seed,
                       int *shuffles)
{
    assert(s->owed);
    if (!s->order)
        shuffle_stock(s, buffer, fam_hash_word(seed, SALT_SHUFFLE | (uint64_t)(*shuffles)++));
    fam_apply_chance(r, s, s->order[0]);
}

void fam_playout(const FamRules *r, const FamState *start, uint64_t seed, double out[FAM_MAX_PLAYERS],
                 FamPlayoutInfo *info)
{
    int8_t buffer[FAM_MAX_DECKS * CARDS];
    FamState s;
    fam_copy(&s, start, r->players);
    if (s.order) {              /* a known order: its cards left, in the playout's own buffer */
        memcpy(buffer, s.order, s.stock_count);
        s.order = buffer;
    }
    int shuffles = 0, events = 0;
    while (!fam_is_over(r, &s) && events < FAM_PLAYOUT_MAX_EVENTS) {
        if (s.owed) {
            fam_draw_shuffled(r, &s, buffer, seed, &shuffles);
        } else {
            fam_apply_move(r, &s, fam_heuristic_move(r, &s));
        }
        events++;
    }
    info->events = events;
    info->cut = !fam_is_over(r, &s);
    if (info->cut)
        fam_material(r, &s, out);
    else
        fam_payoffs(r, &s, out);
}

/* The seed of playout `game` of a rollout or a mean seeded by `seed`. */
static inline uint64_t game_seed(uint64_t seed, int game)
{
    return fam_hash_word(seed, SALT_GAME | (uint64_t)game);
}

void fam_playout_mean(const FamRules *r, const FamState *s, int games, uint64_t seed, double out[FAM_MAX_PLAYERS])
{
    assert(games >= 1);
    double sum[FAM_MAX_PLAYERS] = {0}, pay[FAM_MAX_PLAYERS];
    FamPlayoutInfo info;
    for (int game = 0; game < games; game++) {
        fam_playout(r, s, game_seed(seed, game), pay, &info);
        for (int seat = 0; seat < r->players; seat++)
            sum[seat] += pay[seat];
    }
    for (int seat = 0; seat < r->players; seat++)
        out[seat] = sum[seat] / games;
}

void fam_rollout_run(const FamRules *r, const FamState *root, int games, int64_t time_ms, uint64_t seed,
                     FamRolloutResult *out)
{
    assert(!root->owed && !fam_is_over(r, root));
    assert(games >= 1 || time_ms > 0);
    memset(out, 0, sizeof *out);
    /* Step 1. The root's moves and their children. */
    int n = out->move_count = fam_generate_moves(r, root, out->moves);
    FamState children[FAM_MAX_MOVES];
    for (int i = 0; i < n; i++) {
        fam_copy(&children[i], root, r->players);
        fam_apply_move(r, &children[i], out->moves[i]);
    }
    /* Step 2. Rounds: playout `game` of every move from one seed (the root's
     * own: a position's rollout depends on it and `seed` alone), until the
     * games are played or the time is spent (one round at least). */
    seed = fam_hash_word(seed, fam_state_key(r, root));
    struct timespec deadline;
    int timed = deadline_start(&deadline, time_ms);
    double pay[FAM_MAX_PLAYERS];
    FamPlayoutInfo info;
    for (int game = 0; game < FAM_ROLLOUT_MAX_GAMES; game++) {
        if ((games >= 1 && game >= games) || (timed && game > 0 && deadline_passed(&deadline)))
            break;
        for (int i = 0; i < n; i++) {
            fam_playout(r, &children[i], game_seed(seed, game), pay, &info);
            out->cut += info.cut;
            for (int seat = 0; seat < r->players; seat++)
                out->mean[i][seat] += pay[seat];
        }
        out->games = game + 1;
    }
    /* Step 3. The sums as means. */
    for (int i = 0; i < n; i++)
        for (int seat = 0; seat < r->players; seat++)
            out->mean[i][seat] /= out->games;
}
