/* family_playout.h - the family's heuristic (play/family/heuristic.py) in the
 * core, playouts with it in every seat, and rollouts of a position's moves.
 *
 * The heuristic chooses exactly the move heuristic_move chooses: each legal
 * move valued as move_value values it (the same constants, the same double
 * arithmetic in the same order), the highest, the first of equals in the
 * engine's order.  It reads the mover's hand, the public state and the other
 * hands' counts only.
 *
 * A playout plays a position to the deal's end, the heuristic choosing every
 * move, the stock drawn in an order shuffled from the playout's seed (a known
 * order is followed until the first reshuffle; each reshuffle is shuffled
 * anew from the seed and its number).  Every deal ends (RULES-FAMILY.md, the
 * reshuffle and plays caps); FAM_PLAYOUT_MAX_EVENTS caps it anyway, and a
 * playout cut there is scored as a blocked deal (fam_material).
 *
 * A rollout (flat Monte Carlo, the bot `rollout`): playout i of every legal
 * move of the root from the same seed (common random numbers, as
 * play/rollout.py's games), each move's mean payoffs per seat.
 */
#ifndef EIGHTS_FAMILY_PLAYOUT_H
#define EIGHTS_FAMILY_PLAYOUT_H

#include <stdint.h>
#include "family_state.h"

enum {
    FAM_PLAYOUT_MAX_EVENTS = 20000,   /* moves and cards drawn: past this a playout is cut */
    FAM_ROLLOUT_MAX_GAMES = 1000000,  /* playouts a rollout plays of each move */
};

/* heuristic.move_value: what `code` (a legal move of `s`) is worth to the mover. */
double fam_heuristic_value(const FamRules *r, const FamState *s, uint16_t code);

/* heuristic.heuristic_move among the legal moves of `s` (FAM_MOVE_NONE: none). */
uint16_t fam_heuristic_move(const FamRules *r, const FamState *s);

/* One card of the draw under way in `s`: its stock's top card, the stock first
 * shuffled into `buffer` from (`seed`, *shuffles) when its order is unknown (a
 * reshuffle, or the first draw of a playout), *shuffles then counted on. */
void fam_draw_shuffled(const FamRules *r, FamState *s, int8_t buffer[FAM_MAX_DECKS * CARDS], uint64_t seed,
                       int *shuffles);

typedef struct {
    int events;                   /* moves made and cards drawn */
    int cut;                      /* 1: FAM_PLAYOUT_MAX_EVENTS reached, scored as blocked */
} FamPlayoutInfo;

/* Play `start` out (the heuristic in every seat, draws by `seed`): each seat's payoff. */
void fam_playout(const FamRules *r, const FamState *start, uint64_t seed, double out[FAM_MAX_PLAYERS],
                 FamPlayoutInfo *info);

/* The mean payoffs of `games` playouts of `s`, playout i seeded by (seed, i). */
void fam_playout_mean(const FamRules *r, const FamState *s, int games, uint64_t seed, double out[FAM_MAX_PLAYERS]);

typedef struct {
    int move_count;
    uint16_t moves[FAM_MAX_MOVES];                    /* the root's legal moves, engine order */
    double mean[FAM_MAX_MOVES][FAM_MAX_PLAYERS];      /* each move's mean payoff per seat */
    int games;                                        /* playouts of each move */
    int cut;                                          /* playouts cut at FAM_PLAYOUT_MAX_EVENTS */
} FamRolloutResult;

/* Roll out every legal move of `root` (a decision, the deal not over): `games`
 * playouts each, or rounds (one playout of each move) until `time_ms` is spent
 * (at least one round; 0: no limit), playout i of every move seeded by
 * (seed, the root's key, i). */
void fam_rollout_run(const FamRules *r, const FamState *root, int games, int64_t time_ms, uint64_t seed,
                     FamRolloutResult *out);

#endif
