/**
 * The analysis graph, drawn as SVG: the deal's value for NS at the start and after each
 * action (from /v1/analyse's steps), the zero line, the mistakes marked in red with their loss,
 * the moves whose best move was not the same at the last two depths of the search as hollow
 * points (the analysis is not sure of them), and the draws that were lucky (a green ▲) or
 * unlucky (a red ▼) for the side that drew by LUCK_SHOWN points or more. A point is a link to
 * the position it stands for; its tooltip, and a luck mark's, say what they mean.
 */

import { formatValue } from "./choices.js";
import { svgEl } from "./dom.js";

const WIDTH = 760;
const HEIGHT = 230;
const MARGIN = { left: 52, right: 18, top: 18, bottom: 34 };
const TICKS = 5;
const X_LABELS = 16; // at most this many move numbers under the axis
export const LUCK_SHOWN = 1; // a draw this lucky or unlucky (in points, for the side that drew) is marked

/** The value for NS of each point: the start, then after each step (``after_ns``: after a draw,
 * with the cards it brought; from a service older than the field, the played move's value, a
 * draw's expectation). */
function valuesForNS(steps) {
  if (!steps.length) return [];
  return [steps[0].value_ns, ...steps.map((step) => step.after_ns ?? step.played_value_ns)];
}

/** A step's luck when it is a draw lucky or unlucky enough to be marked, else null. */
function markedLuck(step) {
  const { luck } = step;
  return step.played.startsWith("draw") && typeof luck === "number" && Math.abs(luck) >= LUCK_SHOWN ? luck : null;
}

/** An SVG tooltip. */
export function titled(text) {
  const title = svgEl("title");
  title.textContent = text;
  return title;
}

/** A round tick spacing that cuts ``span`` into about TICKS parts. */
function tickStep(span) {
  const rough = span / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((step) => step >= rough);
}

/** The y scale: [low, high, step] covering ``values`` and zero on round ticks. */
function yRange(values) {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = tickStep(Math.max(high - low, 1));
  return [Math.floor(low / step) * step, Math.ceil(high / step) * step, step];
}

/** What a point's tooltip says: the move, the value after it, the verdict and how sure it is. */
function pointTitle(index, steps, mistakes, moverOf, value) {
  if (index === 0) return `start: ${formatValue(value)} for NS`;
  const step = steps[index - 1];
  const lost = `best ${step.best}, ${step.side} lost ${step.loss.toFixed(1)}`;
  const verdict = mistakes.has(step.step) ? `; a mistake: ${lost}`
    : step.loss > 0 ? `; ${lost}, within what the search tells apart` : " (best)";
  const depth = step.depth === undefined ? "" : `; depth ${step.depth}${step.exact ? ", exact" : ""}`;
  const sure = step.stable === false ? ", the best move not the same at the last two depths" : "";
  return `${index}. ${moverOf(index - 1)} ${step.played}: ${formatValue(value)} for NS${verdict}${depth}${sure}`;
}

/** What a luck mark's tooltip says. */
function luckTitle(index, step, moverOf, luck) {
  const side = step.side;
  return `${index}. ${moverOf(index - 1)} ${step.played}: ${luck > 0 ? "lucky" : "unlucky"} for ${side}, `
    + `${formatValue(luck)} points (the value after the draw minus the draw's expectation)`;
}

/**
 * An empty graph of ``count`` actions whose values span ``values`` (and zero): the plot, the value
 * ticks and the zero line, the action numbers, the axes' titles (``yTitle`` up the side), as an SVG
 * element labelled ``label``; ``{svg, x, y}``, ``x(index)`` and ``y(value)`` placing a point.
 * The family's graph (family_graph.js) draws on it too.
 */
export function frame(values, count, yTitle, label) {
  const [low, high, step] = yRange(values);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (index) => MARGIN.left + (count ? (index * plotWidth) / count : plotWidth / 2);
  const y = (value) => MARGIN.top + ((high - value) * plotHeight) / (high - low);

  const svg = svgEl("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "value-graph", role: "img", "aria-label": label });
  svg.append(svgEl("rect", { x: MARGIN.left, y: MARGIN.top, width: plotWidth, height: plotHeight, class: "plot" }));
  for (let tick = low; tick <= high + step / 2; tick += step) {
    svg.append(svgEl("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(tick), y2: y(tick),
                               class: tick === 0 ? "zero" : "grid" }));
    const text = svgEl("text", { x: MARGIN.left - 6, y: y(tick) + 4, class: "tick y" });
    text.textContent = formatValue(tick).replace(".0", "");
    svg.append(text);
  }
  const every = Math.max(1, Math.ceil(count / X_LABELS));
  for (let index = 0; index <= count; index += every) {
    const text = svgEl("text", { x: x(index), y: HEIGHT - MARGIN.bottom + 16, class: "tick x" });
    text.textContent = String(index);
    svg.append(text);
  }
  const axis = svgEl("text", { x: 12, y: MARGIN.top + plotHeight / 2, class: "axis-title",
                               transform: `rotate(-90 12 ${MARGIN.top + plotHeight / 2})` });
  axis.textContent = yTitle;
  svg.append(axis);
  const moves = svgEl("text", { x: MARGIN.left + plotWidth / 2, y: HEIGHT - 4, class: "axis-title" });
  moves.textContent = "actions";
  svg.append(moves);
  return { svg, x, y };
}

/**
 * The graph of ``analysis`` (the /v1/analyse answer) as an SVG element; ``mistakes`` holds the
 * indexes of the steps that are mistakes, ``current`` is the number of moves on the board,
 * ``moverOf(i)`` the seat that made move i, and ``onPick(count)`` is called with a point's move
 * count when it is clicked.
 */
export function drawGraph(analysis, mistakes, current, moverOf, onPick) {
  const { steps } = analysis;
  const values = valuesForNS(steps);
  const { svg, x, y } = frame(values, steps.length, "value for NS", "Value for NS after each action");

  const line = values.map((value, index) => `${index ? "L" : "M"}${x(index).toFixed(1)} ${y(value).toFixed(1)}`);
  svg.append(svgEl("path", { d: line.join(" "), class: "value-line" }));
  values.forEach((value, index) => {
    const step = index ? steps[index - 1] : null;
    const kind = step && mistakes.has(step.step) ? "mistake" : "point";
    const unsure = step && step.stable === false ? " unsure" : "";
    const point = svgEl("circle", { cx: x(index), cy: y(value), r: kind === "mistake" ? 6.5 : 4.5,
                                    class: `${kind}${unsure}${index === current ? " current" : ""}`, "data-index": index });
    point.append(titled(pointTitle(index, steps, mistakes, moverOf, value)));
    point.addEventListener("click", () => onPick(index));
    svg.append(point);
    if (kind === "mistake") {
      const label = svgEl("text", { x: x(index), y: y(value) - 11, class: "mistake-label" });
      label.textContent = `\u2212${step.loss.toFixed(1)}`;
      svg.append(label);
    }
    const luck = step ? markedLuck(step) : null;
    if (luck !== null) {
      const mark = svgEl("text", { x: x(index), y: y(value) + 19, class: `luck ${luck > 0 ? "lucky" : "unlucky"}`,
                                   "data-index": index });
      mark.textContent = luck > 0 ? "\u25b2" : "\u25bc";
      mark.append(titled(luckTitle(index, step, moverOf, luck)));
      svg.append(mark);
    }
  });
  return svg;
}
