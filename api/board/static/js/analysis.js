/**
 * The analysis panel: the graph of the deal's value and, beside it, the loss of each side
 * and the largest mistakes, each a link to the position it was made in.
 */

import { formatValue } from "./choices.js";
import { el } from "./dom.js";
import { drawGraph } from "./graph.js";

/** One mistake: its move number, seat, the move, the best move and the loss. */
function mistakeItem(step, moverOf, onPick) {
  const link = el("button", "link", `${step.step + 1}. ${moverOf(step.step)} ${step.played}`);
  link.type = "button";
  link.addEventListener("click", () => onPick(step.step));
  return el("li", "",
    link,
    el("span", "loss", `\u2212${step.loss.toFixed(1)}`),
    el("span", "small", ` best ${step.best} (${formatValue(step.best_value)})`));
}

/**
 * Show ``analysis`` (the /v1/analyse answer) in ``graph`` and ``summary``; ``current`` is the
 * number of moves on the board, ``moverOf(i)`` the seat of move i, ``onPick(count)`` moves the board.
 */
export function renderAnalysis(graph, summary, analysis, current, moverOf, onPick) {
  graph.replaceChildren(drawGraph(analysis, current, moverOf, onPick));
  const { loss, mistakes, over, score } = analysis.summary;
  summary.replaceChildren(
    el("p", "", `Loss NS ${loss.NS.toFixed(1)} · EW ${loss.EW.toFixed(1)}`,
      over ? ` · result NS ${formatValue(score.payoff_ns).replace(".0", "")}` : " · deal not over"),
    mistakes.length
      ? el("ol", "mistakes", ...mistakes.map((step) => mistakeItem(step, moverOf, onPick)))
      : el("p", "small", "No mistakes: every move was the best one."));
}
