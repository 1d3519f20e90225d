/**
 * A whole game's analysis on the board (POST /v1/game-analysis, as eights analyse-game gives
 * it): each player's account (moves with a choice, the error a move, the moves' error in equity,
 * the cube and resignation decisions and their error in equity, the rating in gnubg's words),
 * the cube and resignation errors, and the largest move errors.
 */

import { el } from "./dom.js";

const LARGEST = 5; // the move errors listed

const signed = (value) => `${value > 0 ? "+" : ""}${value}`;

/** The analysis ``answer`` drawn into ``box``. */
export function renderGameAnalysis(box, answer) {
  const how = answer.ended_by ? `ended by a ${answer.ended_by}` : `${answer.deals} deals played`;
  const head = el("p", "status", `${answer.game}: ${answer.players[0]} against ${answer.players[1]}, ${how}; `
    + `${answer.players[0]}'s payoff ${signed(answer.payoff)}. Moves searched ${answer.depth} deep (double dummy).`);
  const measures = [ // one row a measure, one column a player: the panel is narrow
    ["moves", (player) => String(player.moves)],
    ["error/move", (player) => player.error_rate.toFixed(3)],
    ["moves eq.", (player) => player.move_error_equity.toFixed(1)],
    ["cube decisions", (player) => String(player.cube_decisions)],
    ["cube eq.", (player) => player.cube_error.toFixed(1)],
    ["rating", (player) => (player.rating ? `${player.rating} (plays like ${player.plays_like})` : "no ladder")],
  ];
  const rows = measures.map(([name, of]) => el("tr", "", el("th", "", name),
    ...answer.summary.map((player) => el("td", "", of(player)))));
  const table = el("table", "game-analysis-table",
    el("thead", "", el("tr", "", el("th", ""), ...answer.summary.map((player) => el("th", "", player.name)))),
    el("tbody", "", ...rows));
  const wrong = answer.cube_decisions.filter((decision) => decision.error_kind);
  const name = (player) => answer.players[player];
  const cube = el("ul", "cube-errors", ...wrong.map((decision) => el("li", "",
    `Before deal ${decision.before_deal}, ${name(decision.player)}: ${decision.error_kind} (${decision.done}; `
    + `proper: ${decision.proper}), ${decision.error.toFixed(1)} points of equity`)));
  const largest = [...answer.move_errors].sort((a, b) => b.equity - a.equity).slice(0, LARGEST);
  const moves = el("ul", "move-errors", ...largest.map((error) => el("li", "",
    `Deal ${error.deal}, step ${error.step + 1}, ${name(error.player)}: ${error.move} (best ${error.best}), `
    + `${error.points.toFixed(1)} points, ${error.equity.toFixed(1)} of equity`)));
  box.replaceChildren(head, table,
    el("p", "status", wrong.length ? "Cube and resignation errors:" : "Cube and resignation errors: none."), cube,
    el("p", "status", largest.length ? "The largest move errors:" : "Move errors: none."), moves);
}
