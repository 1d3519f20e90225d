/* family_tt.c - the family search's table (layout and policy in family_tt.h). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include "family_tt.h"

static inline uint64_t meta_get(uint64_t meta, int shift, uint64_t mask) { return meta >> shift & mask; }

static inline uint64_t meta_pack(uint16_t move, int depth, uint8_t generation, int exact)
{
    return ((uint64_t)move & FTT_MOVE_MASK) << FTT_MOVE_SHIFT
         | ((uint64_t)depth & FTT_DEPTH_MASK) << FTT_DEPTH_SHIFT
         | ((uint64_t)generation & FTT_GEN_MASK) << FTT_GEN_SHIFT
         | ((uint64_t)(exact != 0) & FTT_EXACT_MASK) << FTT_EXACT_SHIFT
         | FTT_USED_MASK << FTT_USED_SHIFT;
}

static inline FamTTEntry *entry_at(const FamTable *t, uint64_t bucket, int i)
{
    return (FamTTEntry *)(t->memory + (bucket * FTT_ENTRIES_PER_BUCKET + (uint64_t)i) * t->stride);
}

static inline uint64_t bucket_of(const FamTable *t, uint64_t key)
{
    return (uint64_t)(((unsigned __int128)key * t->bucket_count) >> 64);
}

int ftt_init(FamTable *t, size_t megabytes)
{
    memset(t, 0, sizeof *t);
    size_t bytes = megabytes << 20;
    if (megabytes == 0 || bytes >> 20 != megabytes)
        return -1;
    t->memory = aligned_alloc(FTT_ALIGN, bytes);
    if (!t->memory)
        return -1;
    t->bytes = bytes;
    t->width = -1;
    return 0;
}

void ftt_free(FamTable *t)
{
    free(t->memory);
    t->memory = NULL;
    t->bytes = 0;
}

void ftt_clear(FamTable *t)
{
    memset(t->memory, 0, t->bytes);
    t->probes = t->hits = t->stores = 0;
    t->generation = 0;
}

void ftt_new_search(FamTable *t, int width)
{
    assert(width > 0 && width <= FTT_MAX_WIDTH);
    if (width != t->width) {
        t->width = width;
        t->stride = sizeof(FamTTEntry) + (size_t)width * sizeof(double);
        t->bucket_count = t->bytes / (t->stride * FTT_ENTRIES_PER_BUCKET);
        ftt_clear(t);
    }
    t->generation = (uint8_t)(t->generation + 1);
}

const FamTTEntry *ftt_probe(FamTable *t, uint64_t key, int depth, uint16_t *move)
{
    uint64_t bucket = bucket_of(t, key);
    t->probes++;
    for (int i = 0; i < FTT_ENTRIES_PER_BUCKET; i++) {
        const FamTTEntry *e = entry_at(t, bucket, i);
        if (e->key != key || !meta_get(e->meta, FTT_USED_SHIFT, FTT_USED_MASK))
            continue;
        *move = (uint16_t)meta_get(e->meta, FTT_MOVE_SHIFT, FTT_MOVE_MASK);
        int stored = ftt_depth(e);
        if (stored == depth || (ftt_exact(e) && stored <= depth)) {
            t->hits++;
            return e;
        }
    }
    return NULL;
}

static int worth(const FamTable *t, const FamTTEntry *e)
{
    int age = (uint8_t)(t->generation - meta_get(e->meta, FTT_GEN_SHIFT, FTT_GEN_MASK));
    return ftt_depth(e) - FTT_AGE_WEIGHT * age;
}

void ftt_store(FamTable *t, uint64_t key, int depth, int exact, uint16_t move, const double *data)
{
    uint64_t bucket = bucket_of(t, key);
    FamTTEntry *keep = entry_at(t, bucket, 0), *victim = entry_at(t, bucket, 1);
    /* Step 1. The same key: overwrite where it is (an exact entry at a lesser
     * depth is worth more than any other entry of the key). */
    for (int i = 0; i < FTT_ENTRIES_PER_BUCKET; i++) {
        FamTTEntry *e = entry_at(t, bucket, i);
        if (e->key == key && meta_get(e->meta, FTT_USED_SHIFT, FTT_USED_MASK)) {
            if (ftt_exact(e) && !exact)
                return;
            victim = e;
            goto write;
        }
    }
    /* Step 2. The depth-preferred entry if the new one is worth as much, else the other. */
    if (!meta_get(keep->meta, FTT_USED_SHIFT, FTT_USED_MASK) || depth >= worth(t, keep))
        victim = keep;
write:
    t->stores++;
    victim->key = key;
    victim->meta = meta_pack(move, depth, t->generation, exact);
    memcpy(victim->data, data, (size_t)t->width * sizeof(double));
}
