/* family_hash.h - the keys of the family's positions and rulesets.
 *
 * sce2's State keeps a Zobrist key up to date move by move (zobrist.h); a
 * family position is hashed from scratch instead, and only where the search
 * probes its table: its card sets are a few words (two planes of each hand,
 * the stock and the discard pile) and its small fields pack into three more,
 * so a multiply-fold hash of them costs about as much as keeping Zobrist keys
 * through every play and draw, and the rule code stays free of key updates.
 *
 * A key covers every field the rules read: the hands, stock and discard pile
 * with their copies, upcard, called suit, card under an 8, free play, turn,
 * direction, pending count, draw under way (cards owed, penalty), passes in a
 * row, extended play, the dealer, the layout piles' top cards; the draws of the
 * turn only where a draw cap reads them, the card plays only where a plays cap
 * does (elsewhere neither changes a value); the stock's order, when it is
 * known (its cards left, top first: a fixed-order search's draws follow it).  A search salts its keys with the
 * ruleset's key and its own mode (family_search.c).
 */
#ifndef EIGHTS_FAMILY_HASH_H
#define EIGHTS_FAMILY_HASH_H

#include <stdint.h>
#include "family_state.h"

/* A hash of every switch of a ruleset. */
uint64_t fam_rules_key(const FamRules *r);

/* The key of a position under its ruleset. */
uint64_t fam_state_key(const FamRules *r, const FamState *s);

/* Mix one more word into a key (for salts). */
uint64_t fam_hash_word(uint64_t key, uint64_t word);

#endif
