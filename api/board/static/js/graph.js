/**
 * The analysis graph, drawn as SVG: the deal's value for NS at the start and after each
 * action (from /v1/analyse's steps), the zero line, and the moves that lost value marked
 * as mistakes. A point is a link to the position it stands for.
 */

import { formatValue } from "./choices.js";
import { svgEl } from "./dom.js";

const WIDTH = 760;
const HEIGHT = 230;
const MARGIN = { left: 52, right: 18, top: 18, bottom: 34 };
const TICKS = 5;
const X_LABELS = 16; // at most this many move numbers under the axis

/** The value for NS of each point: the start, then after each step. */
function valuesForNS(steps) {
  if (!steps.length) return [];
  return [steps[0].value_ns, ...steps.map((step) => step.played_value_ns)];
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

/** What a point's tooltip says. */
function pointTitle(index, steps, moverOf, value) {
  if (index === 0) return `start: ${formatValue(value)} for NS`;
  const step = steps[index - 1];
  const verdict = step.loss > 0 ? `; best ${step.best}, ${step.side} lost ${step.loss.toFixed(1)}` : " (best)";
  return `${index}. ${moverOf(index - 1)} ${step.played}: ${formatValue(value)} for NS${verdict}`;
}

/**
 * The graph of ``analysis`` (the /v1/analyse answer) as an SVG element; ``current`` is the
 * number of moves on the board, ``moverOf(i)`` the seat that made move i, and ``onPick(count)``
 * is called with a point's move count when it is clicked.
 */
export function drawGraph(analysis, current, moverOf, onPick) {
  const { steps } = analysis;
  const values = valuesForNS(steps);
  const mistakes = new Set(analysis.summary.mistakes.map((step) => step.step + 1));
  const [low, high, step] = yRange(values);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (index) => MARGIN.left + (steps.length ? (index * plotWidth) / steps.length : plotWidth / 2);
  const y = (value) => MARGIN.top + ((high - value) * plotHeight) / (high - low);

  const svg = svgEl("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "value-graph", role: "img",
                             "aria-label": "Value for NS after each action" });
  svg.append(svgEl("rect", { x: MARGIN.left, y: MARGIN.top, width: plotWidth, height: plotHeight, class: "plot" }));
  for (let tick = low; tick <= high + step / 2; tick += step) {
    svg.append(svgEl("line", { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(tick), y2: y(tick),
                               class: tick === 0 ? "zero" : "grid" }));
    const label = svgEl("text", { x: MARGIN.left - 6, y: y(tick) + 4, class: "tick y" });
    label.textContent = formatValue(tick).replace(".0", "");
    svg.append(label);
  }
  const every = Math.max(1, Math.ceil(steps.length / X_LABELS));
  for (let index = 0; index <= steps.length; index += every) {
    const label = svgEl("text", { x: x(index), y: HEIGHT - MARGIN.bottom + 16, class: "tick x" });
    label.textContent = String(index);
    svg.append(label);
  }
  const axis = svgEl("text", { x: 12, y: MARGIN.top + plotHeight / 2, class: "axis-title",
                               transform: `rotate(-90 12 ${MARGIN.top + plotHeight / 2})` });
  axis.textContent = "value for NS";
  svg.append(axis);
  const moves = svgEl("text", { x: MARGIN.left + plotWidth / 2, y: HEIGHT - 4, class: "axis-title" });
  moves.textContent = "actions";
  svg.append(moves);

  const line = values.map((value, index) => `${index ? "L" : "M"}${x(index).toFixed(1)} ${y(value).toFixed(1)}`);
  svg.append(svgEl("path", { d: line.join(" "), class: "value-line" }));
  values.forEach((value, index) => {
    const kind = mistakes.has(index) ? "mistake" : "point";
    const point = svgEl("circle", { cx: x(index), cy: y(value), r: kind === "mistake" ? 6.5 : 4.5,
                                    class: `${kind}${index === current ? " current" : ""}`, "data-index": index });
    const title = svgEl("title");
    title.textContent = pointTitle(index, steps, moverOf, value);
    point.append(title);
    point.addEventListener("click", () => onPick(index));
    svg.append(point);
    if (kind === "mistake") {
      const label = svgEl("text", { x: x(index), y: y(value) - 11, class: "mistake-label" });
      label.textContent = `\u2212${steps[index - 1].loss.toFixed(1)}`;
      svg.append(label);
    }
  });
  return svg;
}
