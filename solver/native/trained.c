/* trained.c - the trained evaluation of a horizon leaf (see trained.h). */
#include <assert.h>
#include <string.h>
#include "trained.h"
#include "zobrist.h"

/* What the model sees of one hand; doubles, so that a draw's expectation fits. */
typedef struct {
    double cards, points, eights, twos, threes, aces;
} HandStats;

/* The seats of the four roles, seen from side NS (0) and side EW (1). */
static const int8_t ROLE_SEAT[2][TRAINED_ROLES] = {
    {SEAT_S, SEAT_N, SEAT_W, SEAT_E},
    {SEAT_W, SEAT_E, SEAT_S, SEAT_N},
};

/* The weights of one role's hand features, in trained.h's order. */
enum { W_CARDS, W_POINTS, W_EIGHTS, W_TWOS, W_THREES, W_ACES, W_OUT, W_ONE, W_TWO_CARDS };
/* The global features, after the hands'. */
enum {
    W_ACTOR_CONCEALED = TRAINED_ROLES * TRAINED_HAND_FEATURES, W_NEXT_CONCEALED, W_PENDING,
    W_DRAWABLE, W_BIAS,
};
/* One role's race features, after the globals: points, then 8s, against the
 * other side's shortest hand; 8s against the hand's own size. */
enum { W_POINTS_THREAT = 0, W_EIGHTS_THREAT = TRAINED_SHORT, W_EIGHTS_IN = 2 * TRAINED_SHORT };
enum {
    W_RACE_HANDS = W_BIAS + 1,
    W_RACE = W_RACE_HANDS + TRAINED_ROLES * TRAINED_RACE_HAND_FEATURES,
};
_Static_assert(W_RACE + TRAINED_RACE_BUCKETS * TRAINED_RACE_BUCKETS == TRAINED_FEATURES,
               "the race indicators end the features");

/* A hand's stats, summed suit by suit through one table of 13-bit suit
 * groups.  Packed entry (a field never overflows, even summed over 4 suits):
 *   bits  0-3  aces     bits  4-7  2s      bits  8-11  3s     bits 12-15  8s
 *   bits 16-21 cards    bits 22-31 points */
enum {
    PACK_ACES = 0, PACK_TWOS = 4, PACK_THREES = 8, PACK_EIGHTS = 12, PACK_CARDS = 16, PACK_POINTS = 22,
    PACK_RANK_MASK = 0xF, PACK_CARDS_MASK = 0x3F, PACK_POINTS_MASK = 0x3FF,
    SUIT_GROUPS = 1 << RANKS,
};
_Static_assert(DECK_POINTS <= PACK_POINTS_MASK && CARDS <= PACK_CARDS_MASK, "packed fields fit");
static uint32_t SUIT_STATS[SUIT_GROUPS];

void trained_tables_init(void)
{
    for (int group = 0; group < SUIT_GROUPS; group++) {
        uint32_t packed = 0;
        for (int rank = 0; rank < RANKS; rank++) {
            if (!(group >> rank & 1))
                continue;
            packed += (1u << PACK_CARDS) + ((uint32_t)card_points(rank) << PACK_POINTS);
            if (rank == RANK_ACE)
                packed += 1u << PACK_ACES;
            else if (rank == RANK_TWO)
                packed += 1u << PACK_TWOS;
            else if (rank == RANK_THREE)
                packed += 1u << PACK_THREES;
            else if (rank == RANK_EIGHT)
                packed += 1u << PACK_EIGHTS;
        }
        SUIT_STATS[group] = packed;
    }
}

static HandStats hand_stats(CardSet cards)
{
    uint32_t p = SUIT_STATS[cards & SUIT_MASK_0] + SUIT_STATS[cards >> 13 & SUIT_MASK_0]
               + SUIT_STATS[cards >> 26 & SUIT_MASK_0] + SUIT_STATS[cards >> 39 & SUIT_MASK_0];
    return (HandStats){
        p >> PACK_CARDS & PACK_CARDS_MASK, p >> PACK_POINTS & PACK_POINTS_MASK,
        p >> PACK_EIGHTS & PACK_RANK_MASK, p >> PACK_TWOS & PACK_RANK_MASK,
        p >> PACK_THREES & PACK_RANK_MASK, p >> PACK_ACES & PACK_RANK_MASK,
    };
}

static void add_scaled(HandStats *to, const HandStats *from, double share)
{
    to->points += share * from->points;
    to->eights += share * from->eights;
    to->twos += share * from->twos;
    to->threes += share * from->threes;
    to->aces += share * from->aces;
}

static double clamp_value(double v)
{
    return v < -DECK_POINTS ? -DECK_POINTS : v > DECK_POINTS ? DECK_POINTS : v;
}

/* A hand's size as a race bucket (1 or none, 2, 3, 4 or more): also the table
 * index of the other side's shortest hand. */
static inline int race_bucket(int cards)
{
    return cards < 1 ? 0 : cards > TRAINED_RACE_BUCKETS ? TRAINED_RACE_BUCKETS - 1 : cards - 1;
}
_Static_assert(TRAINED_THREATS == TRAINED_RACE_BUCKETS, "a threat is a race bucket");

/* The table index of a hand's own size (0, 1, 2, 3, 4 or more). */
static inline int size_index(int cards)
{
    return cards > TRAINED_SHORT + 1 ? TRAINED_SHORT + 1 : cards;
}

/* The most one card of any kind moves the value in a hand of `role` (threat and size as indices). */
static double largest_card_effect(const TrainedModel *m, int role, int threat, int size)
{
    const double *r = m->weight + role * TRAINED_HAND_FEATURES;
    double points = m->point_weight[role][threat], eights = m->eight_weight[role][threat][size];
    double most = 0.0;
    for (int rank = 0; rank < RANKS; rank++) {
        double effect = points * card_points(rank) + eights * (rank == RANK_EIGHT)
                      + r[W_TWOS] * (rank == RANK_TWO) + r[W_THREES] * (rank == RANK_THREE)
                      + r[W_ACES] * (rank == RANK_ACE);
        if (effect < 0)
            effect = -effect;
        if (effect > most)
            most = effect;
    }
    return most;
}

void trained_init(TrainedModel *m, const double weight[TRAINED_FEATURES])
{
    memcpy(m->weight, weight, sizeof m->weight);
    m->key = zobrist_weights_key(weight, TRAINED_FEATURES);
    m->card_effect = 0.0;
    for (int role = 0; role < TRAINED_ROLES; role++) {
        const double *r = weight + role * TRAINED_HAND_FEATURES;
        const double *race = weight + W_RACE_HANDS + role * TRAINED_RACE_HAND_FEATURES;
        for (int size = 0; size < TRAINED_SIZES; size++)
            m->size_weight[role][size] = r[W_OUT] * (size == 0) + r[W_ONE] * (size == 1)
                                       + r[W_TWO_CARDS] * (size == 2);
        for (int threat = 0; threat < TRAINED_THREATS; threat++) {
            int racing = threat < TRAINED_SHORT;
            m->point_weight[role][threat] = r[W_POINTS] + (racing ? race[W_POINTS_THREAT + threat] : 0.0);
            for (int size = 0; size < TRAINED_SIZES; size++) {
                int short_hand = size >= 1 && size <= TRAINED_SHORT;
                m->eight_weight[role][threat][size] = r[W_EIGHTS]
                    + (racing ? race[W_EIGHTS_THREAT + threat] : 0.0)
                    + (short_hand ? race[W_EIGHTS_IN + size - 1] : 0.0);
                double effect = largest_card_effect(m, role, threat, size);
                if (effect > m->card_effect)
                    m->card_effect = effect;
            }
        }
    }
}

/* The model's value to NS, unclamped: hands by seat, the hand to act, the
 * pending count it faces, the cards left to draw. */
static double model_value(const TrainedModel *m, const HandStats hands[SEATS], int actor, int direction,
                          int pending, int drawable)
{
    const double *w = m->weight;
    int own = side_of(actor), cards[TRAINED_ROLES];
    for (int role = 0; role < TRAINED_ROLES; role++)
        cards[role] = (int)hands[ROLE_SEAT[own][role]].cards;
    int shortest[2] = {cards[0] < cards[1] ? cards[0] : cards[1], cards[2] < cards[3] ? cards[2] : cards[3]};
    double v = 0.0;
    for (int role = 0; role < TRAINED_ROLES; role++) {
        const HandStats *h = &hands[ROLE_SEAT[own][role]];
        const double *r = w + role * TRAINED_HAND_FEATURES;
        int threat = race_bucket(shortest[1 - role / 2]), size = size_index(cards[role]);
        v += r[W_CARDS] * h->cards + m->point_weight[role][threat] * h->points
           + m->eight_weight[role][threat][size] * h->eights
           + r[W_TWOS] * h->twos + r[W_THREES] * h->threes + r[W_ACES] * h->aces
           + m->size_weight[role][size];
    }
    v += w[W_ACTOR_CONCEALED] * is_concealed(actor)
       + w[W_NEXT_CONCEALED] * is_concealed(next_seat(actor, direction))
       + w[W_PENDING] * pending
       + w[W_DRAWABLE] * drawable
       + w[W_BIAS]
       + w[W_RACE + race_bucket(shortest[0]) * TRAINED_RACE_BUCKETS + race_bucket(shortest[1])];
    return own == 0 ? v : -v;
}

double trained_leaf(const TrainedModel *m, const State *s)
{
    HandStats hands[SEATS];
    for (int seat = 0; seat < SEATS; seat++)
        hands[seat] = hand_stats(s->hand[seat]);
    return clamp_value(model_value(m, hands, s->turn, s->direction, s->pending,
                                   count_cards(s->stock | s->discard)));
}

int trained_draw_at_horizon(const TrainedModel *m, const State *s, double *value)
{
    assert(s->draw_left > 0 && (s->stock | s->discard));
    int drawer = s->turn;
    for (int seat = 0; seat < SEATS; seat++)
        if (seat != drawer && !s->hand[seat])
            return 0;                           /* the draw ends the deal */
    HandStats hands[SEATS];
    for (int seat = 0; seat < SEATS; seat++)
        hands[seat] = hand_stats(s->hand[seat]);

    /* Expected cards of each kind drawn: the stock first, then the reshuffled
     * discard pile; how many are drawn is certain. */
    int need = s->draw_left, in_stock = count_cards(s->stock), in_discard = count_cards(s->discard);
    int taken;
    HandStats stock = hand_stats(s->stock);
    if (need <= in_stock) {
        add_scaled(&hands[drawer], &stock, (double)need / in_stock);
        taken = need;
    } else {
        int rest = need - in_stock, from_discard = rest < in_discard ? rest : in_discard;
        add_scaled(&hands[drawer], &stock, 1.0);
        if (from_discard) {
            HandStats discard = hand_stats(s->discard);
            add_scaled(&hands[drawer], &discard, (double)from_discard / in_discard);
        }
        taken = in_stock + from_discard;
    }
    hands[drawer].cards += taken;

    /* After the draw (finish_draw) the next hand acts, nothing pending. */
    int actor = next_seat(drawer, s->direction);
    double v = model_value(m, hands, actor, s->direction, 0, in_stock + in_discard - taken);

    /* The expectation of the clamped value is the clamped expectation only
     * when no outcome reaches the clamp. */
    double spread = 2.0 * taken * m->card_effect;
    if ((v < 0 ? -v : v) + spread >= DECK_POINTS)
        return 0;
    *value = v;
    return 1;
}
