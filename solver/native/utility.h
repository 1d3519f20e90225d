/* utility.h - what a deal's payoff is worth to NS when the deal is played for
 * more than its points (docs/game-and-series.md, "Playing a deal for the game"):
 * the worth of every whole payoff from -DECK_POINTS to +DECK_POINTS, one table
 * for finished deals and one for horizon leaves (whose value is an estimate of
 * the payoff), read between whole payoffs by linear interpolation.
 *
 * The search maximises NS's expected worth exactly as it maximises the
 * expected payoff: only the leaves change.  Both tables are nondecreasing (a
 * better payoff is never worth less), so value_bounds' bounds of the payoff
 * map to bounds of the worth; and every worth lies in [VALUE_MIN, VALUE_MAX],
 * so the search's windows hold it. */
#ifndef EIGHTS_UTILITY_H
#define EIGHTS_UTILITY_H

#include <stdint.h>
#include "cards.h"

enum { UTILITY_POINTS = 2 * DECK_POINTS + 1 };   /* payoffs -580 ... 580 */

typedef struct {
    double finished[UTILITY_POINTS];   /* [payoff + DECK_POINTS]: a finished deal */
    double leaf[UTILITY_POINTS];       /* the same for a horizon leaf's estimate */
    uint64_t key;                      /* salts the search's keys (the table's values depend on it) */
} Utility;

/* The worth of `payoff` by `table`, clamped to the table's ends. */
static inline double utility_read(const double *table, double payoff)
{
    double at = payoff + DECK_POINTS;
    if (at <= 0.0)
        return table[0];
    if (at >= UTILITY_POINTS - 1)
        return table[UTILITY_POINTS - 1];
    int low = (int)at;
    double share = at - low;
    return share == 0.0 ? table[low] : table[low] + share * (table[low + 1] - table[low]);
}

#endif
