/* family_tt.h - the family search's transposition table: a fixed block of
 * memory in two-entry buckets, each entry a key, a packed word and `width`
 * doubles, where the search decides the width (max-n: each seat's value and
 * bounds, 3N doubles; paranoid: a lower and an upper bound, 2).  sce2's table
 * (tt.h) is not shared: its entries hold one value to NS.
 *
 * The packed word `meta`:
 *
 *   bits  0..15  move        best move code (FAM_MOVE_NONE: none)
 *   bits 16..23  depth       remaining depth the entry holds at
 *   bits 24..31  generation  search generation that last wrote the entry
 *   bit  32      exact       the value holds at every depth >= `depth`
 *   bit  33      used        the entry holds something
 */
#ifndef EIGHTS_FAMILY_TT_H
#define EIGHTS_FAMILY_TT_H

#include <stddef.h>
#include <stdint.h>

#define FTT_MOVE_SHIFT 0
#define FTT_MOVE_MASK 0xFFFFull
#define FTT_DEPTH_SHIFT 16
#define FTT_DEPTH_MASK 0xFFull
#define FTT_GEN_SHIFT 24
#define FTT_GEN_MASK 0xFFull
#define FTT_EXACT_SHIFT 32
#define FTT_EXACT_MASK 0x1ull
#define FTT_USED_SHIFT 33
#define FTT_USED_MASK 0x1ull

enum {
    FTT_ENTRIES_PER_BUCKET = 2,   /* entry 0 kept by depth, entry 1 always replaced */
    FTT_MAX_WIDTH = 24,           /* 3 x 8 players */
    FTT_ALIGN = 64,
    FTT_AGE_WEIGHT = 4,           /* depth a generation of age is worth in replacement */
};

typedef struct {
    uint64_t key;
    uint64_t meta;
    double data[];                /* `width` doubles */
} FamTTEntry;

typedef struct {
    unsigned char *memory;
    size_t bytes;
    size_t stride;                /* bytes of one entry at the current width */
    uint64_t bucket_count;
    int width;
    uint8_t generation;
    uint64_t probes, hits, stores;
    int busy;                     /* set by the binding while a search runs */
} FamTable;

int ftt_init(FamTable *t, size_t megabytes);   /* 0 on success */
void ftt_free(FamTable *t);
void ftt_clear(FamTable *t);
/* Ready the table for a search whose entries hold `width` doubles (cleared
 * when the width changes) and start a new generation. */
void ftt_new_search(FamTable *t, int width);

/* The entry of `key` holding at `depth` (stored at it, or exact at a lesser
 * depth), or NULL; *move gets the entry's move whenever the key is found. */
const FamTTEntry *ftt_probe(FamTable *t, uint64_t key, int depth, uint16_t *move);
void ftt_store(FamTable *t, uint64_t key, int depth, int exact, uint16_t move, const double *data);

static inline int ftt_depth(const FamTTEntry *e) { return (int)(e->meta >> FTT_DEPTH_SHIFT & FTT_DEPTH_MASK); }
static inline int ftt_exact(const FamTTEntry *e) { return (int)(e->meta >> FTT_EXACT_SHIFT & FTT_EXACT_MASK); }

#endif
