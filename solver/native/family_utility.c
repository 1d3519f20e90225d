/* family_utility.c - a two-player family deal's worths (family_utility.h). */
#include <math.h>
#include "family_hash.h"
#include "family_utility.h"

/* The salt word of a search under a utility. */
static const uint64_t SALT_UTILITY = 0x7574696C0000ull;

void fam_utility_worths(const double *table, double values[FAM_MAX_PLAYERS])
{
    values[0] = utility_read(table, values[0]);
    values[1] = -values[0] + 0.0;  /* + 0.0: never -0.0 */
}

void fam_utility_leaf(const Utility *u, FamValue *leaf)
{
    fam_utility_worths(u->leaf, leaf->v);
    double least = leaf->lo[0], most = leaf->hi[0];
    leaf->lo[0] = fmin(utility_read(u->finished, least), utility_read(u->leaf, least));
    leaf->hi[0] = fmax(utility_read(u->finished, most), utility_read(u->leaf, most));
    leaf->lo[1] = -leaf->hi[0] + 0.0;
    leaf->hi[1] = -leaf->lo[0] + 0.0;
}

void fam_utility_salt(const Utility *u, uint64_t *salts, int n)
{
    for (int i = 0; i < n; i++)
        salts[i] = fam_hash_word(salts[i] ^ u->key, SALT_UTILITY);
}
