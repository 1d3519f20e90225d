/**
 * Super Crazy Eights For Two on the board: what the controller (main.js) asks of a game, for
 * sce2. Who the computer plays (a side, both or neither: "Computer"), which concealed hand the
 * fair view hides, where the values come from (/v1/fair-hint from the side to act's view in the
 * fair view, /v1/hint's double-dummy ones with it off; /v1/apply's, asked with the move), and
 * the four-seat table (table.js). The family's counterpart is family.js.
 */

import { renderAnalysis } from "./analysis.js";
import * as service from "./api.js";
import { choicesOf, hintValues } from "./choices.js";
import { hiddenHand, viewOf } from "./fair.js";
import { sideOf } from "./game.js";
import { renderTable } from "./table.js";

const $ = (id) => document.getElementById(id);

/** "Computer"'s choices for sce2: [value, text]. */
const COMPUTER = [["", "nobody"], ["EW", "plays EW"], ["NS", "plays NS"], ["both", "plays both"]];

/** The sides the computer plays. */
const botSides = () => ({ "": [], NS: ["NS"], EW: ["EW"], both: ["NS", "EW"] })[$("bot-side").value] ?? [];

export const sce2 = {
  family: false,
  computerChoices: COMPUTER,

  /** True when the computer is to act on ``norm``'s position. */
  computerActs: (norm) => botSides().includes(norm.side),

  /** The concealed hand the board hides on ``norm``'s position: in the fair view while the deal
   * goes on, else none. */
  hidden: (norm, fair) => (fair && !norm.over ? hiddenHand(norm.side, botSides()) : null),

  /** The values /v1/apply gave with the move (its fair hint with a hand hidden), or null. */
  given: (norm, hidden) => (hidden ? norm.fair_hint : norm.hint) ?? null,

  /** The values of ``position`` for the side to act: /v1/hint's, or with a hand ``hidden``,
   * /v1/fair-hint's from the side to act's view; none when the hidden hand is its own (the
   * computer's, on its turn): its values would tell of its cards. */
  askValues(position, norm, hidden, timeMs) {
    if (!hidden) return service.hint(position, timeMs);
    if (sideOf(hidden) === norm.side) return null;
    return service.fairHint(position, viewOf(norm.side), timeMs);
  },

  /** What /v1/apply is to hint with the position it reaches: the values for a person's turn
   * (none for the computer's), fair in the fair view, so that a person's move is one request. */
  nextHints(timeMs, fair) {
    const people = ["NS", "EW"].filter((side) => !botSides().includes(side));
    return people.length ? service.nextHints(people, timeMs, fair) : {};
  },

  /** The choices of the hand to act (choices.js) with ``hint``'s values. */
  choices: (legal, hint) => choicesOf(legal, hintValues(hint)),

  /** The deal record (version 2) of the moves up to the board's position (``result``: the score,
   * null while the deal goes on, undefined to leave it out). */
  record: (game, result) => game.record(result),

  /** The moves of a deal record pasted, as /v1/apply plays them: as they are. */
  playable: (moves) => moves,

  /** Show ``analysis`` (/v1/analyse's): the value for NS, each side's account. */
  renderAnalysis: (graph, summary, analysis, timeMs, game, onPick) =>
    renderAnalysis(graph, summary, analysis, timeMs, game.cursor, (i) => game.moverOf(i), onPick),

  apply: (position, moves, seed, hints) => service.apply(position, moves, seed, hints),
  botMove: (position, bot, seed) => service.botMove(position, bot, seed),

  /** Draw ``view`` on the four-seat table. */
  render: (table, view, handlers) => renderTable(table, { ...view, botSides: botSides() }, handlers),
};
