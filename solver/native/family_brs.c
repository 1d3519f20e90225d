/* family_brs.c - which moves a node of the family's Best-Reply Search
 * considers (Schadd and Winands 2011, "Best Reply Search for Multiplayer
 * Games"; with the others' moves played, not passed, as Esser et al.'s BRS+,
 * 2013, since a hand of the family cannot give up its turn).
 *
 * BRS searches as paranoid does (family_paranoid.c: the named player's payoff,
 * maximised by her and minimised by every other hand, alpha-beta, Star1 at the
 * draws), over a smaller tree: between two turns of the player, one opponent
 * alone (the "branching" seat) answers with any of her moves; every other
 * opponent plays her default move (fam_brs_default_move), which spends no
 * depth when it is a play.  So depth counts the player's actions, the
 * branching opponent's and the others' draws and passes, and the player's own
 * moves reach deeper than paranoid's or max-n's at equal depth.  (A free draw
 * would be a chance node of every card in the stock, and a hand that cannot
 * play draws again and again: free draws would multiply without bound.)
 * With two players the one opponent always branches: BRS is paranoid.
 *
 * The node's branch state: FAM_BRS_OPEN until an opponent branches in the
 * current opponents' layer, then her seat; the player's turn opens it again.
 */
#define _POSIX_C_SOURCE 200809L   /* clock_gettime */
#include "family_search_internal.h"

uint16_t fam_brs_default_move(const FamRules *r, const uint16_t *moves, int n)
{
    /* the ordinary card of most points (the heuristic's "keep one's hand low"),
     * else the first play (an 8), else the first move (draw, else pass) */
    int best = -1, first_play = -1;
    for (int i = 0; i < n; i++) {
        if (!fam_is_play(moves[i]))
            continue;
        if (first_play < 0)
            first_play = i;
        int card = fam_move_card(moves[i]);
        if (rank_of(card) != RANK_EIGHT && (best < 0 || r->points[card] > r->points[fam_move_card(moves[best])]))
            best = i;
    }
    return moves[best >= 0 ? best : first_play >= 0 ? first_play : 0];
}

int fam_brs_open(const FamSearch *S, const FamState *s, int branch)
{
    return s->turn == S->player ? FAM_BRS_OPEN : branch;
}

int fam_replies(const FamSearch *S, const FamState *s, int branch, const uint16_t *moves, int n, FamReply *out)
{
    if (S->mode != FAM_MODE_BRS) {
        for (int i = 0; i < n; i++)
            out[i] = (FamReply){moves[i], 1, FAM_BRS_OPEN};
        return n;
    }
    int turn = s->turn, k = 0;
    if (turn == S->player || branch == turn || branch == FAM_BRS_OPEN) {
        int next = turn == S->player ? FAM_BRS_OPEN : turn;
        for (int i = 0; i < n; i++)
            out[k++] = (FamReply){moves[i], 1, next};
    }
    /* an opponent who does not branch plays her default move, a play free;
     * while the layer is open, a later opponent may still be the one who branches */
    if (turn != S->player && branch != turn && (branch != FAM_BRS_OPEN || S->r->players > 2)) {
        uint16_t move = fam_brs_default_move(S->r, moves, n);
        out[k++] = (FamReply){move, fam_is_play(move) ? 0 : 1, branch};
    }
    return k;
}
