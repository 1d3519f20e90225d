/* family_utility.h - a two-player game of the family played for more than a
 * deal's points (docs/game-and-series.md, "classic/2: playing a deal for the
 * game"): sce2's Utility (utility.h), a table of what each payoff to seat 0
 * is worth, read for finished deals and horizon leaves alone.
 *
 * The worths come in the core's units, zero-sum around the table's centre
 * (eights.solver.utility.Utility.core_tables), so seat 1's worth is minus
 * seat 0's: the max-n search's values stay zero-sum as the payoffs were, and
 * both tables are nondecreasing, so the worths of the least and the most a
 * payoff can be bound every worth of the deal.  Only max-n reads a utility
 * (the binding refuses it elsewhere). */
#ifndef EIGHTS_FAMILY_UTILITY_H
#define EIGHTS_FAMILY_UTILITY_H

#include <stdint.h>
#include "family_search.h"
#include "utility.h"

/* Both seats' worths of seat 0's payoff `values[0]` by `table` (the
 * utility's finished or leaf table), in place. */
void fam_utility_worths(const double *table, double values[FAM_MAX_PLAYERS]);

/* A horizon leaf valued for its payoffs (the evaluation in `leaf->v`, each
 * seat's bounds the payoff range) turned to worths, in place: seat 0's
 * estimate read by the leaf table, each seat's bounds the least and the most
 * worth of a payoff in the range (finished or at a deeper horizon). */
void fam_utility_leaf(const Utility *u, FamValue *leaf);

/* The search's key salts (`n` of them) salted by the utility: a table entry
 * holds worths of one utility. */
void fam_utility_salt(const Utility *u, uint64_t *salts, int n);

#endif
