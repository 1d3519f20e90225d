/**
 * The table as at the card table: N at the top, S at the bottom, W and E at the sides,
 * and in the middle the upcard (and the suit an 8 called), the stock with the draw, the
 * discard count, the direction, any pending draw and the side to act. The hand to act
 * shows every legal card's value on the card, coloured from the best to the worst. In the
 * fair view one concealed hand is face down: its backs and its count, not its cards or points.
 * On the computer's turn, when it is about to move, its cards carry no values (none is asked).
 */

import { cardBack, cardFace, handCards, points, suitIcon } from "./cards.js";
import { isBest } from "./choices.js";
import { el } from "./dom.js";
import { faceDownHand, faceUpHand, valueBadge } from "./hands.js";
import { viewOf } from "./fair.js";
import { sideOf } from "./game.js";

const SEAT_NAMES = { N: "North", E: "East", S: "South", W: "West" };
const ROLES = { N: "dummy", E: "dummy", S: "concealed", W: "concealed" };

/** One seat: its name, role, side and points (a hidden hand: its count), and its hand. */
function seat(seatName, view, handlers) {
  const cards = handCards(view.norm.json.hands[seatName]);
  const acting = !view.norm.over && view.norm.turn === seatName;
  const hidden = view.hidden === seatName;
  const worth = hidden ? `${cards.length} cards` : `${cards.reduce((sum, card) => sum + points(card), 0)} pts`;
  const header = el("div", "seat-head",
    el("strong", "", SEAT_NAMES[seatName]),
    el("span", "role", `${ROLES[seatName]} · ${sideOf(seatName)}`),
    el("span", "points", worth),
    acting ? el("span", "tag to-act", "to act") : null,
    hidden ? el("span", "tag hidden", "hidden") : null,
    view.botSides.includes(sideOf(seatName)) ? el("span", "tag bot", "computer") : null,
    view.norm.json.penalised.includes(seatName) ? el("span", "tag penalty", "penalised") : null);
  return [header, hidden ? faceDownHand(cards.length) : faceUpHand(cards, acting, view, handlers)];
}

/** The upcard, with the suit an 8 called (or "any card" for an 8 that called none); the family's
 * tables show it so too. */
export function upcard(json) {
  const called = json.upcard[0] !== "8" ? null
    : json.called ? el("span", "called", "calls ", suitIcon(json.called)) : el("span", "called", "any card");
  return el("div", "pile", cardFace(json.upcard, "large"), el("span", "pile-label", "upcard"), called);
}

/** The draw button (with its value) and the draw of chosen cards. */
function drawButtons(view, handlers) {
  const { draw } = view.choices;
  const drawButton = el("button", "draw", draw && draw.effects.passes ? "Pass" : "Draw");
  drawButton.type = "button";
  drawButton.id = "draw";
  drawButton.disabled = !draw || view.busy;
  if (draw) {
    if (!view.computer) drawButton.append(valueBadge(draw, view.choices));
    if (isBest(draw.value, view.choices)) drawButton.classList.add("best");
    drawButton.addEventListener("click", handlers.onDraw);
  }
  const chooseButton = el("button", "choose", "Choose cards…");
  chooseButton.type = "button";
  chooseButton.id = "draw-chosen";
  chooseButton.disabled = !draw || draw.effects.draws === 0 || view.busy;
  chooseButton.addEventListener("click", handlers.onDrawChosen);
  return el("div", "draw-buttons", drawButton, chooseButton);
}

/** The stock with its count and, while the deal goes on, the draw buttons. */
function stock(view, handlers) {
  return el("div", "pile",
    cardBack(String(view.norm.stock)),
    el("span", "pile-label", `stock · discard ${view.norm.discard}`),
    view.norm.over ? null : drawButtons(view, handlers));
}

/** Direction, pending draw and extended play. */
function flow(json) {
  const clockwise = json.direction === "cw";
  return el("div", "flow",
    el("span", "chip", clockwise ? "↻ clockwise" : "↺ anticlockwise"),
    json.pending_draw ? el("span", "chip warn", `${json.pending_draw} to draw`) : null,
    json.extended_play ? el("span", "chip warn", "extended play") : null);
}

/** What the search behind the values reached: a hint's depth, or a fair hint's samples and seed. */
export function hintAbout(hint) {
  if ("asked" in hint) {
    const { samples, asked, seed, depths } = hint;
    return `best ${hint.best} · ${samples} of ${asked} samples · seed ${seed} · depth ${depths.min}..${depths.max}`;
  }
  return `best ${hint.best} · depth ${hint.depth}${hint.exact ? " · exact" : ""}`;
}

/** What the values are: the expected payoff, or in the fair view its mean over the deals sampled. */
function valuesMeaning({ norm, hidden }) {
  if (!hidden) return `values for ${norm.side}: its expected payoff`;
  if (sideOf(hidden) === norm.side) return `fair view: no values, ${hidden}'s hand is hidden`;
  return `fair values for ${norm.side}: its mean payoff over deals sampled from ${viewOf(norm.side)}'s view`;
}

/** Who acts and what the values mean, or the score once the deal is over. */
function status(view) {
  const { norm, hint, searching } = view;
  if (norm.over) {
    const { payoff_ns: payoff, against_ns: ns, against_ew: ew } = norm.score;
    const winner = payoff > 0 ? "NS" : payoff < 0 ? "EW" : null;
    return el("div", "status-box over",
      el("strong", "", "Deal over"),
      el("span", "", winner ? `${winner} win ${Math.abs(payoff)}` : "no points"),
      el("span", "small", `against NS ${ns} · against EW ${ew}`));
  }
  const about = view.computer ? "the computer moves…" : searching ? "searching…" : hint ? hintAbout(hint) : "no values";
  return el("div", "status-box",
    el("strong", "", `${norm.turn} to act (${norm.side})`),
    el("span", "small", valuesMeaning(view)),
    el("span", "small hint-about", about));
}

/** The table's state, for the page's style and its tests: busy, over, computer, searching or ready. */
export const tableState = (view) => (view.busy ? "busy" : view.norm.over ? "over" : view.computer ? "computer"
  : view.searching ? "searching" : "ready");

/** The table's places: the four seats around the centre. */
function skeleton() {
  const seatBox = (seatName) => {
    const box = el("div", "seat");
    box.id = `seat-${seatName}`;
    box.dataset.seat = seatName;
    return box;
  };
  const centre = el("div", "centre");
  centre.id = "centre";
  return [seatBox("N"), seatBox("W"), centre, seatBox("E"), seatBox("S")];
}

/**
 * Draw ``view`` ({norm, choices, hint, searching, hidden, computer, busy, botSides}) into the table;
 * ``handlers`` ({onPlay(card, choice), onDraw(), onDrawChosen()}) answer the clicks.
 */
export function renderTable(table, view, handlers) {
  if (!table.querySelector("#seat-N")) table.replaceChildren(...skeleton()); // after a family game's table
  table.classList.remove("ring-table");
  for (const seatName of ["N", "E", "S", "W"]) {
    const box = table.querySelector(`#seat-${seatName}`);
    box.replaceChildren(...seat(seatName, view, handlers));
    box.classList.toggle("acting", !view.norm.over && view.norm.turn === seatName);
  }
  table.dataset.state = tableState(view);
  table.querySelector("#centre").replaceChildren(
    el("div", "piles", upcard(view.norm.json), stock(view, handlers)),
    flow(view.norm.json),
    status(view));
}
