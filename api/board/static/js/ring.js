/**
 * The table for a game of the family: N seats (2 to 8) around the centre, the person's seat at
 * the bottom and the others clockwise from her left (RULES-FAMILY.md: seat i's left is seat
 * i+1), up the left side, along the top and down the right. Each seat shows its number, its
 * card count, whether it deals, acts, is the computer's or hidden, and its hand: face up (the
 * hand to act's legal cards with their values), or face down in the fair view. The centre shows
 * what the family's state reports: the upcard and the suit an 8 called, the stock and discard
 * counts with the draw and pass buttons, the direction (with more than two players, or when it
 * has turned), a pending draw-two, a draw under way, the draws of this turn and the passes in a
 * row, a free play; in the layout game, its eight piles (the top card of each, and how many lie
 * under it) and the pass. Then who acts and what the values mean, or each seat's payoff.
 */

import { cardBack, cardFace, handCards } from "./cards.js";
import { isBest } from "./choices.js";
import { el } from "./dom.js";
import { faceDownHand, faceUpHand, valueBadge } from "./hands.js";
import { hintAbout, tableState, upcard } from "./table.js";

/** How many of the N-1 other seats sit up the left side (as many down the right); the rest along the top. */
const sideSeats = (others) => Math.round(others / 3);

/** A dotted list of cards' count (a hand, the stock, the discard pile). */
const countOf = (dotted) => (dotted ? handCards(dotted).length : 0);

/** A payoff as the service writes it (an exact fraction, "-1/2"), signed with a true minus. */
const payoffText = (payoff) => (payoff === "0" ? "0" : payoff.startsWith("-") ? `\u2212${payoff.slice(1)}` : `+${payoff}`);

/** The seats in the order they sit from the bottom, clockwise: the person's first. */
function fromYou(players, you) {
  return Array.from({ length: players }, (_, offset) => String((Number(you) + offset) % players));
}

/** One seat's box: its head (number, count, tags, payoff at the end) and its hand. */
function seatBox(seat, view, handlers) {
  const { norm } = view;
  const { json } = norm;
  const cards = handCards(json.hands[Number(seat)]);
  const acting = !norm.over && String(norm.turn) === seat;
  const hidden = Boolean(view.hidden?.includes(seat));
  const you = seat === view.you;
  const head = el("div", "seat-head",
    el("strong", "", `Seat ${seat}`),
    you ? el("span", "tag you", "you") : null,
    el("span", "points", `${cards.length} card${cards.length === 1 ? "" : "s"}`),
    json.dealer === Number(seat) ? el("span", "role", "dealer") : null,
    acting ? el("span", "tag to-act", "to act") : null,
    hidden ? el("span", "tag hidden", "hidden") : null,
    view.botSeats.includes(seat) ? el("span", "tag bot", "computer") : null,
    norm.over ? el("span", "tag payoff", payoffText(norm.payoffs[Number(seat)])) : null);
  const hand = hidden ? faceDownHand(cards.length) : faceUpHand(cards, acting, view, handlers, you || acting ? "" : "small");
  const box = el("div", `seat${acting ? " acting" : ""}${you ? " yours" : ""}`, head, hand);
  box.id = `seat-${seat}`;
  box.dataset.seat = seat;
  return box;
}

/** A button for the draw or the pass, with its value (none on the computer's turn). */
function moveButton(id, label, choice, view, handlers) {
  const button = el("button", "draw", label);
  button.type = "button";
  button.id = id;
  button.disabled = !choice || view.busy;
  if (!choice) return button;
  if (!view.computer) button.append(valueBadge(choice, view.choices));
  if (isBest(choice.value, view.choices)) button.classList.add("best");
  button.addEventListener("click", () => handlers.onMove(choice.moves[0].move));
  return button;
}

/** The draw and the pass, while the deal goes on: each shown when the game allows it here. */
function moveButtons(view, handlers) {
  if (view.norm.over) return null;
  const { draw, pass } = view.choices;
  return el("div", "draw-buttons",
    draw ? moveButton("draw", "Draw", draw, view, handlers) : null,
    pass ? moveButton("pass", "Pass", pass, view, handlers) : null);
}

/** The upcard, and the stock with its count, the discard count and the buttons. */
function drawPiles(view, handlers) {
  const { json } = view.norm;
  return el("div", "piles", upcard(json), el("div", "pile",
    cardBack(String(countOf(json.stock))),
    el("span", "pile-label", `stock · discard ${countOf(json.discard)}`),
    moveButtons(view, handlers)));
}

/** The layout game's eight centre piles (the top card, with how many lie under it), and the pass. */
function layoutPiles(view, handlers) {
  const piles = view.norm.json.piles.map((pile) => {
    const top = pile[pile.length - 1];
    const box = el("div", "pile", cardFace(top), el("span", "pile-label", pile.length > 1 ? `${pile.length - 1} under` : "\u00a0"));
    box.dataset.pile = top;
    return box;
  });
  return el("div", "layout-centre", el("div", "layout-piles", ...piles), moveButtons(view, handlers));
}

/** The state of the turn the family reports, as chips: direction, pending draw-two, a draw under
 * way, this turn's draws, the passes in a row, the deal's reshuffles ("Every deal ends"), a free
 * play, a hand gone out on an sce 2 or 3. */
function flow(norm) {
  const { json, players } = norm;
  const chips = [
    players > 2 || json.direction === "ccw"
      ? el("span", "chip", json.direction === "ccw" ? "\u21ba anticlockwise" : "\u21bb clockwise") : null,
    json.pending_draw ? el("span", "chip warn", `${json.pending_draw} to draw`) : null,
    json.owed ? el("span", "chip warn", `${json.owed} more to draw${json.penalty ? " (penalty)" : ""}`) : null,
    json.draws ? el("span", "chip", `${json.draws} drawn this turn`) : null,
    json.passes ? el("span", "chip", `${json.passes} pass${json.passes === 1 ? "" : "es"} in a row`) : null,
    json.reshuffles ? el("span", "chip", `${json.reshuffles} reshuffle${json.reshuffles === 1 ? "" : "s"} made`) : null,
    json.free ? el("span", "chip warn", "any card may be played") : null,
    json.extended_play ? el("span", "chip warn", "extended play") : null,
  ].filter(Boolean);
  return chips.length ? el("div", "flow", ...chips) : null;
}

/** What the values are: the player to act's own expected payoff, each player maximising her own (max-n):
 * in the fair view its mean over the deals sampled from her view, else double dummy. */
function valuesMeaning(view) {
  const turn = String(view.norm.turn);
  if (view.computer) return `seat ${turn} is the computer's`;
  if (!view.hidden) return `values for seat ${turn}: her own expected payoff (max-n), double dummy`;
  return `fair values for seat ${turn}: her mean payoff over deals sampled from her view (max-n)`;
}

/** Who acts and what the values mean, or each seat's payoff once the deal is over. */
function status(view) {
  const { norm, hint, searching } = view;
  if (norm.over) {
    const payoffs = norm.payoffs.map((payoff, seat) => `${seat}: ${payoffText(payoff)}`).join(" · ");
    return el("div", "status-box over", el("strong", "", "Deal over"), el("span", "payoffs", `payoffs ${payoffs}`));
  }
  const about = view.computer ? "the computer moves…" : searching ? "searching…" : hint ? hintAbout(hint) : "no values";
  return el("div", "status-box",
    el("strong", "", `Seat ${norm.turn} to act`),
    el("span", "small", valuesMeaning(view)),
    el("span", "small hint-about", about));
}

/**
 * Draw ``view`` ({norm, choices, hint, searching, hidden: the seats face down or null, computer,
 * busy, you: the person's seat, botSeats}) into ``table``; ``handlers`` ({onPlay(card, choice),
 * onMove(move)}) answer the clicks.
 */
export function renderRing(table, view, handlers) {
  const { norm } = view;
  const [yours, ...others] = fromYou(norm.players, view.you).map((seat) => seatBox(seat, view, handlers));
  const side = sideSeats(others.length);
  const left = others.slice(0, side).reverse(); // from the bottom up: drawn top first
  const top = others.slice(side, others.length - side);
  const right = others.slice(others.length - side);
  const centre = el("div", "centre",
    norm.json.piles ? layoutPiles(view, handlers) : drawPiles(view, handlers),
    flow(norm),
    status(view));
  centre.id = "centre";
  table.classList.add("ring-table");
  table.dataset.players = String(norm.players);
  table.dataset.state = tableState(view);
  table.replaceChildren(
    el("div", "ring-top", ...top),
    el("div", "ring-left", ...left),
    centre,
    el("div", "ring-right", ...right),
    el("div", "ring-bottom", yours));
}
