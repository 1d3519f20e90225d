/* tt.c - the transposition table (layout and policy in tt.h). */
#define _DEFAULT_SOURCE          /* madvise */
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include "tt.h"

enum { TT_BEYOND_BONUS = 8 };   /* a `beyond` entry serves every deeper search */

static inline uint64_t meta_get(uint64_t meta, int shift, uint64_t mask) { return meta >> shift & mask; }

static inline uint64_t meta_pack(uint16_t move, int depth, uint8_t generation, int beyond)
{
    return ((uint64_t)move & TT_MOVE_MASK) << TT_MOVE_SHIFT
         | ((uint64_t)depth & TT_DEPTH_MASK) << TT_DEPTH_SHIFT
         | ((uint64_t)generation & TT_GEN_MASK) << TT_GEN_SHIFT
         | ((uint64_t)(beyond != 0) & TT_BEYOND_MASK) << TT_BEYOND_SHIFT
         | TT_USED_MASK << TT_USED_SHIFT;
}

static inline Bucket *bucket_of(const Table *t, uint64_t key)
{
    return &t->buckets[(uint64_t)(((unsigned __int128)key * t->bucket_count) >> 64)];
}

int tt_init(Table *t, size_t megabytes)
{
    memset(t, 0, sizeof *t);
    size_t bytes = megabytes << 20;
    if (megabytes == 0 || bytes >> 20 != megabytes)
        return -1;
    t->bucket_count = bytes / sizeof(Bucket);
    t->buckets = aligned_alloc(TT_BUCKET_BYTES, t->bucket_count * sizeof(Bucket));
    if (!t->buckets)
        return -1;
#ifdef MADV_HUGEPAGE
    madvise(t->buckets, t->bucket_count * sizeof(Bucket), MADV_HUGEPAGE);   /* fewer TLB misses */
#endif
    tt_clear(t);
    return 0;
}

void tt_free(Table *t)
{
    free(t->buckets);
    t->buckets = NULL;
    t->bucket_count = 0;
}

void tt_clear(Table *t)
{
    memset(t->buckets, 0, t->bucket_count * sizeof(Bucket));
    t->used = t->probes = t->hits = 0;
    t->generation = 0;
}

void tt_new_search(Table *t)
{
    t->generation = (uint8_t)(t->generation + 1);
}

uint64_t tt_entry_count(const Table *t)
{
    return t->bucket_count * TT_ENTRIES_PER_BUCKET;
}

void tt_probe(Table *t, uint64_t key, int depth, TTProbe *out)
{
    Bucket *b = bucket_of(t, key);
    t->probes++;
    out->found = 0;
    out->reach = -1;
    out->move = (uint16_t)TT_MOVE_MASK;
    for (int i = 0; i < TT_ENTRIES_PER_BUCKET; i++) {
        TTEntry *e = &b->entry[i];
        if (e->key != key || !meta_get(e->meta, TT_USED_SHIFT, TT_USED_MASK))
            continue;
        int stored = (int)meta_get(e->meta, TT_DEPTH_SHIFT, TT_DEPTH_MASK);
        int beyond = (int)meta_get(e->meta, TT_BEYOND_SHIFT, TT_BEYOND_MASK);
        out->move = (uint16_t)meta_get(e->meta, TT_MOVE_SHIFT, TT_MOVE_MASK);
        if (stored == depth || (beyond && depth >= stored)) {
            out->found = 1;
            out->lower = e->lower;
            out->upper = e->upper;
            out->reach = beyond ? stored : -1;
            t->hits++;
        }
        return;
    }
}

static int worth(const Table *t, const TTEntry *e)
{
    int age = (uint8_t)(t->generation - meta_get(e->meta, TT_GEN_SHIFT, TT_GEN_MASK));
    return (int)meta_get(e->meta, TT_DEPTH_SHIFT, TT_DEPTH_MASK)
         + (meta_get(e->meta, TT_BEYOND_SHIFT, TT_BEYOND_MASK) ? TT_BEYOND_BONUS : 0)
         - TT_AGE_WEIGHT * age;
}

void tt_store(Table *t, uint64_t key, int depth, int beyond, double lower, double upper,
              uint16_t move)
{
    Bucket *b = bucket_of(t, key);
    TTEntry *victim = NULL;
    /* Step 1. The same node: merge bounds that hold at the same depth. */
    for (int i = 0; i < TT_ENTRIES_PER_BUCKET && !victim; i++) {
        TTEntry *e = &b->entry[i];
        if (e->key != key || !meta_get(e->meta, TT_USED_SHIFT, TT_USED_MASK))
            continue;
        int stored = (int)meta_get(e->meta, TT_DEPTH_SHIFT, TT_DEPTH_MASK);
        int was_beyond = (int)meta_get(e->meta, TT_BEYOND_SHIFT, TT_BEYOND_MASK);
        if (stored == depth && was_beyond == (beyond != 0)) {
            if (e->lower > lower)
                lower = e->lower;
            if (e->upper < upper)
                upper = e->upper;
        }
        if (move == (uint16_t)TT_MOVE_MASK)
            move = (uint16_t)meta_get(e->meta, TT_MOVE_SHIFT, TT_MOVE_MASK);
        victim = e;
    }
    /* Step 2. Otherwise an empty entry, else the one least worth keeping. */
    if (!victim) {
        for (int i = 0; i < TT_ENTRIES_PER_BUCKET; i++) {
            TTEntry *e = &b->entry[i];
            if (!meta_get(e->meta, TT_USED_SHIFT, TT_USED_MASK)) {
                victim = e;
                t->used++;
                break;
            }
            if (!victim || worth(t, e) < worth(t, victim))
                victim = e;
        }
    }
    victim->key = key;
    victim->meta = meta_pack(move, depth, t->generation, beyond);
    victim->lower = lower;
    victim->upper = upper;
}
