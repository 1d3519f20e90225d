/**
 * The analysis of a family game's deal (/v1/analyse's answer for a game of the family, max-n):
 * the graph has one line per seat, her own value at the start and after each action (the
 * answer's ``graph``), each seat in its colour with a legend; each action is a point on its
 * mover's line, a link to the position after it, a mistake ringed in red (the largest, those
 * listed, with their loss). Beside it, per
 * seat: her loss, loss per decision, the luck of her draws and her mistakes of her decisions, and
 * her result (the payoffs once the deal is over, else her value now); then the mistakes, each a
 * link to the position it was made in. sce2's analysis (one line, for NS) is analysis.js's.
 */

import { budgetText } from "./analysis.js";
import { formatValue } from "./choices.js";
import { el, svgEl } from "./dom.js";
import { frame, titled } from "./graph.js";

/** A colour for each seat (up to 8), told apart on the white plot. */
const SEAT_COLOURS = ["#1f6b45", "#c8202f", "#2f5fb3", "#d98c00", "#7b3fa0", "#0f8b8d", "#8a5a2b", "#d1497a"];

/** The colour of ``seat``'s line. */
const seatColour = (seat) => SEAT_COLOURS[seat % SEAT_COLOURS.length];

/** The tooltip of action ``index`` (1 on): its mover, the move, the best and the loss. */
function pointTitle(index, step, value) {
  const verdict = step.mistake ? `; a mistake: best ${step.best}, lost ${step.loss.toFixed(1)}`
    : step.loss > 0 ? `; best ${step.best}, lost ${step.loss.toFixed(1)}, within what the search tells apart` : " (best)";
  const depth = step.depth === undefined ? "" : `; depth ${step.depth}${step.exact ? ", exact" : ""}`;
  return `${index}. seat ${step.to_act} ${step.played}: ${formatValue(value)} for seat ${step.to_act}${verdict}${depth}`;
}

/** The graph of ``analysis``: a line per seat, the movers' points; ``current`` the board's move count. */
function drawSeatsGraph(analysis, current, onPick) {
  const { steps, graph } = analysis;
  const { svg, x, y } = frame(graph.flat(), steps.length, "value for each seat", "Each seat's value after each action");
  graph.forEach((values, seat) => {
    const line = values.map((value, index) => `${index ? "L" : "M"}${x(index).toFixed(1)} ${y(value).toFixed(1)}`);
    const path = svgEl("path", { d: line.join(" "), class: "seat-line", stroke: seatColour(seat), "data-seat": seat });
    path.append(titled(`seat ${seat}`));
    svg.append(path);
  });
  const labelled = new Set(analysis.summary.mistakes.map((step) => step.step)); // the largest, as listed
  steps.forEach((step, at) => {
    const index = at + 1;
    const value = graph[step.to_act][index];
    const point = svgEl("circle", { cx: x(index), cy: y(value), r: step.mistake ? 6 : 4,
                                    class: `${step.mistake ? "seat-mistake" : "point"}${index === current ? " current" : ""}`,
                                    "data-index": index, "data-seat": step.to_act });
    point.style.fill = seatColour(step.to_act);
    point.append(titled(pointTitle(index, step, value)));
    point.addEventListener("click", () => onPick(index));
    svg.append(point);
    if (labelled.has(step.step)) {
      const label = svgEl("text", { x: x(index), y: y(value) - 11, class: "mistake-label" });
      label.textContent = `\u2212${step.loss.toFixed(1)}`;
      svg.append(label);
    }
  });
  return svg;
}

/** The legend: each seat's colour. */
function legend(players) {
  return el("div", "seat-legend", ...Array.from({ length: players }, (_, seat) => {
    const swatch = el("span", "swatch");
    swatch.style.background = seatColour(seat);
    return el("span", "", swatch, `seat ${seat}`);
  }));
}

/** Each seat's account (``summary.players``) and result, a row each. */
function seatsTable(summary) {
  const result = summary.over ? summary.payoffs : summary.result.map((value) => formatValue(value));
  const head = el("tr", "", el("th", "", ""),
    ...["loss", "per dec.", "luck", "mistakes", summary.over ? "payoff" : "now"].map((name) => el("th", "", name)));
  const rows = summary.players.map(({ player: seat, decisions, mistakes, loss, error_rate: rate, luck, draws }) => {
    const swatch = el("span", "swatch");
    swatch.style.background = seatColour(seat);
    const row = el("tr", "",
      el("th", "", swatch, String(seat)),
      el("td", "loss", loss.toFixed(1)),
      el("td", "rate", decisions ? rate.toFixed(2) : "\u2013"),
      el("td", "luck", draws ? formatValue(luck) : "\u2013"),
      el("td", "count", `${mistakes} of ${decisions}`),
      el("td", "result", String(result[seat])));
    row.dataset.seat = String(seat);
    return row;
  });
  return el("table", "sides", el("thead", "", head), el("tbody", "", ...rows));
}

/** One mistake (action ``index`` of the deal, from 0): its number, seat, the move, the best move and
 * the loss; a link to the position it was made in. (A step's own ``step`` counts the record's
 * events, the cards a draw brought among them.) */
function mistakeItem(step, index, onPick) {
  const link = el("button", "link", `${index + 1}. ${step.to_act} ${step.played}`);
  link.type = "button";
  link.addEventListener("click", () => onPick(index));
  return el("li", "", link, el("span", "loss", `\u2212${step.loss.toFixed(1)}`),
    el("span", "small", ` best ${step.best} (${formatValue(step.best_value)})`));
}

/** The action (from 0) a step of the summary is: its place among the analysis's steps. */
const actionOf = (analysis, step) => analysis.steps.findIndex((each) => each.step === step.step);

/**
 * Show ``analysis`` (/v1/analyse's answer for a family deal, searched at ``timeMs`` a position) in
 * ``graph`` and ``summary``; ``current`` is the number of moves on the board, ``onPick(count)``
 * moves the board.
 */
export function renderFamilyAnalysis(graph, summary, analysis, timeMs, current, onPick) {
  graph.replaceChildren(drawSeatsGraph(analysis, current, onPick), legend(analysis.player_names.length));
  const { mistakes } = analysis.summary;
  summary.replaceChildren(
    el("p", "searched small", `Searched at ${budgetText(analysis, timeMs)}, max-n: each seat for her own payoff.`),
    seatsTable(analysis.summary),
    mistakes.length
      ? el("ol", "mistakes", ...mistakes.map((step) => mistakeItem(step, actionOf(analysis, step), onPick)))
      : el("p", "no-mistakes", `No mistakes found at ${budgetText(analysis, timeMs)}.`));
}
