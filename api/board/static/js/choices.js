/**
 * The choices of the hand to act, as the table shows them: one per card it may play (an 8
 * that names a suit gathers its four moves, a layout card its piles, each with its value), the
 * draw and a pass (the family's), each with the value the hint gave it, and a colour from the
 * best value (green) to the worst (red).
 */

const BEST_HUE = 130;
const SAME = 1e-9; // values this close are one value, as the solver counts ties

/**
 * The choices from a position's legal moves (its state's ``moves``) and the hint's ``values`` ({move: value}, or
 * null while no hint has come): ``{cards: Map(card -> choice), draw: choice | null, pass: choice | null, best,
 * worst}``; a choice is ``{moves: [{move, suit, pile, value}], value, effects}`` (``effects``: sce2's only).
 */
export function choicesOf(legal, values) {
  const cards = new Map();
  let draw = null;
  let pass = null;
  for (const { move, move_json: json, effects } of legal) {
    const value = values ? values[move] ?? null : null;
    if (json.action === "draw" || json.action === "pass") {
      const choice = { moves: [{ move, suit: null, pile: null, value }], value, effects };
      if (json.action === "draw") draw = choice;
      else pass = choice;
      continue;
    }
    const choice = cards.get(json.card) || { moves: [], value: null, effects };
    choice.moves.push({ move, suit: json.suit ?? null, pile: json.pile ?? null, value });
    if (value !== null && (choice.value === null || value > choice.value)) choice.value = value;
    cards.set(json.card, choice);
  }
  const known = [...cards.values(), draw, pass].filter(Boolean).map((choice) => choice.value).filter((v) => v !== null);
  return {
    cards,
    draw,
    pass,
    best: known.length ? Math.max(...known) : null,
    worst: known.length ? Math.min(...known) : null,
  };
}

/** The values of a hint's answer by move (a fair hint's: their means; a family hint's: the player
 * to act's own), or null while none has come. */
export const hintValues = (hint) => (hint
  ? Object.fromEntries(hint.moves.map(({ move, value, mean }) => [move, value ?? mean]))
  : null);

/** True when ``value`` is the best value of ``choices``. */
export const isBest = (value, choices) => value !== null && choices.best !== null && choices.best - value < SAME;

/** The colour of ``value`` on the scale from the worst (red) to the best (green) of ``choices``. */
export function valueColour(value, choices) {
  const span = choices.best - choices.worst;
  const share = span < SAME ? 1 : (value - choices.worst) / span;
  return `hsl(${Math.round(share * BEST_HUE)} 68% 38%)`;
}

/** A value as the page writes it: signed, one decimal, a true minus sign. */
export function formatValue(value) {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return "0.0";
  return `${rounded > 0 ? "+" : "\u2212"}${Math.abs(rounded).toFixed(1)}`;
}
