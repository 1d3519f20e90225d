/**
 * A game of the family on the board (RULES-FAMILY.md: sce, classic, openspiel, layout): what the
 * controller (main.js) asks of a game, for N seats numbered 0 to N-1. The person sits at "Your
 * seat" (at the bottom of the table); "Computer" plays nobody, every other seat, or every seat.
 * The fair view (the default) shows one hand face up, the person's: the seat to act when a person
 * plays it (with nobody to the computer, the person plays every seat in turn), else her own; the
 * others are face down, their counts shown, until the deal is over. The values on the cards are
 * the player to act's own expected payoff (max-n, each seat maximising her own): in the fair view
 * /v1/fair-hint's means over deals sampled from her view (which is all the board sends it), with it
 * off /v1/hint's double-dummy ones; /v1/apply gives them with a move when a person's seat is to act next. The
 * table for N seats is ring.js; sce2's counterpart of this module is sce2.js.
 */

import * as service from "./api.js";
import { handCards } from "./cards.js";
import { choicesOf, hintValues } from "./choices.js";
import { renderFamilyAnalysis } from "./family_graph.js";
import { renderRing } from "./ring.js";

const $ = (id) => document.getElementById(id);

/** "Computer"'s choices for a family game: [value, text]. */
const COMPUTER = [["others", "plays the other seats"], ["", "nobody"], ["all", "plays every seat"]];

/** The seats of a game of ``players``. */
export const seatsOf = (players) => Array.from({ length: players }, (_, seat) => String(seat));

/** The person's seat (the table's bottom), within the game's seats. */
const yourSeat = (players) => String(Math.min(Number($("your-seat").value) || 0, players - 1));

/** The seats the computer plays in a game of ``players``. */
function botSeats(players) {
  const choice = $("bot-side").value;
  if (choice === "all") return seatsOf(players);
  if (choice === "others") return seatsOf(players).filter((seat) => seat !== yourSeat(players));
  return [];
}

/** The seat whose hand the person sees in the fair view: the seat to act when a person plays it, else hers. */
function viewer(norm) {
  const turn = String(norm.turn);
  return !norm.over && !botSeats(norm.players).includes(turn) ? turn : yourSeat(norm.players);
}

/** The parts of a family position's JSON form that no seat sees: the stock, its order, the layout game's cards out of play. */
const UNSEEN = ["stock", "stock_order", "out"];

/** The position of ``json`` (its JSON form) as ``seat`` sees it (docs/rules/views.md, "The family"): her
 * hand, every other hand as its count, what no seat sees null, and ``view`` her seat; so that a fair hint
 * asks the service what a front end knowing only her hand would ask. */
export function viewFrom(json, seat) {
  const hands = json.hands.map((hand, other) => (other === seat ? hand : handCards(hand).length));
  const unseen = Object.fromEntries(UNSEEN.filter((key) => key in json).map((key) => [key, null]));
  return { ...json, hands, ...unseen, view: seat };
}

/** A family record's moves as /v1/apply plays them: a draw naming its cards as it is ("draw 7S,2C", as the
 * board writes it), or, in a record of the format before, a draw and the card events after it made one
 * ("draw", "card 7S", "card 2C": "draw 7S,2C"). */
function movesOf(events) {
  const moves = [];
  for (const event of events) {
    const card = /^card (\S+)$/.exec(event);
    if (!card) moves.push(event);
    else if (moves.length) moves[moves.length - 1] += `${/^draw$/.test(moves[moves.length - 1]) ? " " : ","}${card[1]}`;
  }
  return moves;
}

export const family = {
  family: true,
  computerChoices: COMPUTER,

  /** True when the computer is to act on ``norm``'s position. */
  computerActs: (norm) => botSeats(norm.players).includes(String(norm.turn)),

  /** The seats whose hands the fair view hides on ``norm``'s position (every seat but the
   * viewer's while the deal goes on), or null (double dummy, or the deal over). */
  hidden(norm, fair) {
    if (!fair || norm.over) return null;
    const seen = viewer(norm);
    return seatsOf(norm.players).filter((seat) => seat !== seen);
  },

  /** The values /v1/apply gave with the move: its fair hint with hands hidden, else its hint, or null. */
  given: (norm, hidden) => (hidden ? norm.fair_hint : norm.hint) ?? null,

  /** The values of ``position`` for the player to act (her own payoff, max-n): /v1/hint's, or with
   * hands hidden, /v1/fair-hint's of her view (``viewFrom``: the hidden hands are not sent); none when
   * her own hand is hidden (the computer's, on its turn after an undo): its values would tell of its cards. */
  askValues(position, norm, hidden, timeMs) {
    if (!hidden) return service.hint(position, timeMs);
    const seat = Number(norm.turn);
    return hidden.includes(String(seat)) ? null : service.familyFairHint(viewFrom(norm.json, seat), timeMs);
  },

  /** What /v1/apply is to hint with the position it reaches: the values for a person's seat (none for
   * the computer's), fair in the fair view, so that a person's move is one request. */
  nextHints(timeMs, fair, norm) {
    const bots = botSeats(norm.players);
    const people = seatsOf(norm.players).filter((seat) => !bots.includes(seat)).map(Number);
    return people.length ? service.nextHints(people, timeMs, fair, "players") : {};
  },

  /** The choices of the hand to act (choices.js) with ``hint``'s values. */
  choices: (legal, hint) => choicesOf(legal, hintValues(hint)),

  /** The family's deal record (engine/family/record.py) of the moves up to the board's position: its
   * rules, start and events, and ``result`` (the payoffs; null while the deal goes on, undefined to
   * leave it out). */
  record(game, result) {
    const rules = /^rules:(\S+)/.exec(game.start)[1];
    return { format: "eights-record", version: 2, kind: "deal", rules, position: game.start,
             moves: game.played, result };
  },

  /** The moves of a family deal record pasted, as /v1/apply plays them. */
  playable: (events) => movesOf(events),

  /** Show ``analysis`` (/v1/analyse's for a family deal): a line per seat. */
  renderAnalysis: (graph, summary, analysis, timeMs, game, onPick) =>
    renderFamilyAnalysis(graph, summary, analysis, timeMs, game.cursor, onPick),

  apply: (position, moves, seed, hints, norm) => service.apply(position, moves, seed, { rules: norm.json.rules, ...hints }),
  botMove: (position, bot, seed, norm) => service.botMove(position, bot, seed, norm.json.rules),

  /** Draw ``view`` on the table for N seats, the person's at the bottom. */
  render: (table, view, handlers) => renderRing(table, {
    ...view, you: yourSeat(view.norm.players), botSeats: botSeats(view.norm.players),
  }, handlers),
};
