/* tt.h - the transposition table: a fixed number of 64-byte buckets, never
 * growing; each entry holds a lower and an upper bound of a node's value at
 * one remaining depth, the best move, and the search generation that wrote it.
 */
#ifndef EIGHTS_TT_H
#define EIGHTS_TT_H

#include <stddef.h>
#include <stdint.h>

/* An entry's packed word `meta` (the key is kept whole beside it):
 *
 *   bits  0..15  move        best move code (MOVE_NONE = 0xFFFF: none)
 *   bits 16..23  depth       remaining depth the bounds hold at
 *   bits 24..31  generation  search generation that last wrote the entry
 *   bit  32      beyond      the bounds hold at every depth >= `depth` (the
 *                            searched subtree reached only finished deals)
 *   bit  33      used        the entry holds something
 */
#define TT_MOVE_SHIFT 0
#define TT_MOVE_MASK 0xFFFFull
#define TT_DEPTH_SHIFT 16
#define TT_DEPTH_MASK 0xFFull
#define TT_GEN_SHIFT 24
#define TT_GEN_MASK 0xFFull
#define TT_BEYOND_SHIFT 32
#define TT_BEYOND_MASK 0x1ull
#define TT_USED_SHIFT 33
#define TT_USED_MASK 0x1ull

enum { TT_ENTRIES_PER_BUCKET = 2, TT_BUCKET_BYTES = 64 };

/* Replacement keeps the entry worth more: depth minus TT_AGE_WEIGHT per
 * generation of age. */
enum { TT_AGE_WEIGHT = 4 };

typedef struct {
    uint64_t key;
    uint64_t meta;
    double lower;
    double upper;
} TTEntry;

typedef struct {
    TTEntry entry[TT_ENTRIES_PER_BUCKET];
} Bucket;

_Static_assert(sizeof(Bucket) == TT_BUCKET_BYTES, "a bucket is one 64-byte cache line");

typedef struct {
    Bucket *buckets;
    uint64_t bucket_count;
    uint64_t used;
    uint64_t probes;
    uint64_t hits;
    uint8_t generation;
    int busy;            /* set by the binding while a search runs */
} Table;

/* What a probe found: bounds valid at the depth asked for, and a move. */
typedef struct {
    int found;           /* 1: the bounds hold at the depth asked for */
    double lower;
    double upper;
    int reach;           /* for `beyond` entries: the stored depth, else -1 */
    uint16_t move;       /* MOVE_NONE when none (also when the key is absent) */
} TTProbe;

int tt_init(Table *t, size_t megabytes);   /* 0 on success */
void tt_free(Table *t);
void tt_clear(Table *t);
void tt_new_search(Table *t);
void tt_probe(Table *t, uint64_t key, int depth, TTProbe *out);
/* Store bounds at `depth`; beyond: they hold at every depth >= depth. */
void tt_store(Table *t, uint64_t key, int depth, int beyond, double lower, double upper,
              uint16_t move);
uint64_t tt_entry_count(const Table *t);

/* Start loading a key's bucket into the cache ahead of its probe. */
static inline void tt_prefetch(const Table *t, uint64_t key)
{
    __builtin_prefetch(&t->buckets[(uint64_t)(((unsigned __int128)key * t->bucket_count) >> 64)]);
}

#endif
