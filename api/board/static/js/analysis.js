/**
 * The analysis panel: the graph of the deal's value and, beside it, how the deal was searched,
 * each side's loss, error rate and luck, the result as the sum of where the deal started, the
 * skill shown and the luck of the draws, and the mistakes, each a link to the position it was
 * made in.
 *
 * A move is a mistake when the analysis says so (its step's ``mistake``: the loss is beyond what
 * the search can tell apart), not whenever its loss is above 0; finding none says at which budget
 * none was found, never that every move was the best one.
 */

import { formatValue } from "./choices.js";
import { el } from "./dom.js";
import { drawGraph } from "./graph.js";

const SIDES = ["NS", "EW"];

/** A search budget as the page writes it: "0.1 s", "1 s". */
export const seconds = (timeMs) => `${Number((timeMs / 1000).toFixed(3))} s`;

/** The indexes of the steps that are mistakes: those whose ``mistake`` is true; in an answer
 * whose steps do not say (a service older than the field), the summary's mistakes. */
export function mistakeSteps(analysis) {
  const { steps, summary } = analysis;
  if (steps.some((step) => typeof step.mistake === "boolean")) {
    return new Set(steps.filter((step) => step.mistake).map((step) => step.step));
  }
  return new Set(summary.mistakes.map((step) => step.step));
}

/** The budget the deal was searched at, as the page says it: "1 s a position" (the summary's
 * ``searched``; ``timeMs``, the budget the board asked, when the answer does not say), or
 * "depth 6" for a search by depth alone. */
export function budgetText(analysis, timeMs) {
  const searched = analysis.summary.searched ?? { time_ms: timeMs, depth: null };
  return searched.time_ms ? `${seconds(searched.time_ms)} a position` : depthText(searched.depth);
}

/** How the deal was searched: its budget and, when the answer says, the depth reached. */
function searchedText(analysis, timeMs) {
  const budget = budgetText(analysis, timeMs);
  const depth = analysis.summary.searched?.depth;
  return analysis.summary.searched?.time_ms && depth !== null && depth !== undefined
    ? `${budget} (${depthText(depth)})` : budget;
}

/** A depth as the summary gives it: a number, or the least and the most reached. */
function depthText(depth) {
  if (typeof depth === "number") return `depth ${depth}`;
  if (depth.min === depth.max) return `depth ${depth.max}`;
  return `depth ${depth.min}\u2013${depth.max}`;
}

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

/** A cell of the sides' table. */
const cell = (text, className = "") => el("td", className, text);

/** Each side's decisions, mistakes, loss, loss per decision and luck (``summary.sides``). */
function sidesTable(sides) {
  const head = el("tr", "", el("th", "", ""), ...["loss", "per decision", "luck", "mistakes"].map((name) => el("th", "", name)));
  const rows = SIDES.map((side) => {
    const { decisions, mistakes, loss, error_rate: rate, luck, draws } = sides[side];
    const row = el("tr", "",
      el("th", "", side),
      cell(loss.toFixed(1), "loss"),
      cell(decisions ? rate.toFixed(2) : "\u2013", "rate"),
      cell(draws ? formatValue(luck) : "\u2013", "luck"),
      cell(`${mistakes} of ${decisions}`, "count"));
    row.dataset.side = side;
    row.title = `${side}: ${decisions} decisions, ${mistakes} mistakes, lost ${loss.toFixed(2)} in all `
      + `(${decisions ? rate.toFixed(3) : 0} a decision); ${draws} draws, luck ${formatValue(luck)}`;
    return row;
  });
  return el("table", "sides", el("thead", "", head), el("tbody", "", ...rows));
}

/** The result for NS as the sum of its parts: start + skill + luck, and the drift (the searches'
 * own disagreement) when it is not 0. */
function identity(summary) {
  const { start_ns: start, skill_ns: skill, luck_ns: luck, drift_ns: drift, result_ns: result, over } = summary;
  const shownDrift = Math.round(drift * 10) !== 0;
  const parts = [`start ${formatValue(start)}`, `skill ${formatValue(skill)}`, `luck ${formatValue(luck)}`];
  if (shownDrift) parts.push(`drift ${formatValue(drift)}`);
  const line = el("p", "identity",
    el("strong", "", `${over ? "Result" : "Value now"} for NS ${formatValue(result)}`), ` = ${parts.join(" + ")}`);
  line.title = "start: the value of the deal's first position; skill: EW's loss minus NS's; luck: NS's luck "
    + "of the draws (each draw's value after it minus its expectation)"
    + (shownDrift ? "; drift: what the searches of consecutive positions disagree by" : "");
  return line;
}

/** Loss per side (and the result), for an answer without ``summary.sides``. */
function lossLine({ loss, over, score }) {
  return el("p", "", `Loss NS ${loss.NS.toFixed(1)} · EW ${loss.EW.toFixed(1)}`,
    over ? ` · result NS ${formatValue(score.payoff_ns).replace(".0", "")}` : " · deal not over");
}

/**
 * Show ``analysis`` (the /v1/analyse answer, searched at ``timeMs`` a position) in ``graph`` and
 * ``summary``; ``current`` is the number of moves on the board, ``moverOf(i)`` the seat of move i,
 * ``onPick(count)`` moves the board.
 */
export function renderAnalysis(graph, summary, analysis, timeMs, current, moverOf, onPick) {
  const mistakes = mistakeSteps(analysis);
  graph.replaceChildren(drawGraph(analysis, mistakes, current, moverOf, onPick));
  const { summary: facts } = analysis;
  const listed = facts.mistakes.filter((step) => mistakes.has(step.step));
  const parts = [
    el("p", "searched small", `Searched at ${searchedText(analysis, timeMs)}.`),
    ...(facts.sides ? [sidesTable(facts.sides), identity(facts)] : [lossLine(facts)]),
    listed.length
      ? el("ol", "mistakes", ...listed.map((step) => mistakeItem(step, moverOf, onPick)))
      : el("p", "no-mistakes", `No mistakes found at ${budgetText(analysis, timeMs)}.`),
  ];
  summary.replaceChildren(...parts);
}
