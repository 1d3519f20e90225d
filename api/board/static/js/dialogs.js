/**
 * The two questions the board asks before a move: which suit an 8 names (each suit with
 * its value), and which cards a chosen draw takes from the stock.
 */

import { cardFace, SUIT_NAMES, SUITS, suitIcon, suitOf } from "./cards.js";
import { formatValue, isBest, valueColour } from "./choices.js";
import { el } from "./dom.js";

/** Open ``dialog`` and resolve with its return value when it closes. */
function ask(dialog) {
  return new Promise((resolve) => {
    dialog.addEventListener("close", () => resolve(dialog.returnValue), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

/** The move of the 8 ``card`` with the suit the user names ({moves: [{move, suit, value}]}), or null. */
export async function askSuit(card, choice) {
  const dialog = document.getElementById("suit-dialog");
  document.getElementById("suit-dialog-card").replaceChildren(cardFace(card, "small"));
  const values = choice.moves.map((option) => option.value).filter((value) => value !== null);
  const scale = { best: Math.max(...values), worst: Math.min(...values) };
  const buttons = choice.moves.map(({ move, suit, value }) => {
    const badge = value === null ? null : el("span", "value", formatValue(value));
    if (badge) badge.style.background = valueColour(value, scale);
    const button = el("button", `suit-choice suit-${suit}`, suitIcon(suit), el("span", "", SUIT_NAMES[suit]), badge);
    button.value = move;
    button.dataset.suit = suit;
    if (isBest(value, scale)) button.classList.add("best");
    return button;
  });
  document.getElementById("suit-choices").replaceChildren(...buttons);
  return (await ask(dialog)) || null;
}

/** ``count`` cards the user picks among ``cards`` (the stock), or null. */
export async function chooseCards(cards, count) {
  const dialog = document.getElementById("cards-dialog");
  const confirm = document.getElementById("cards-confirm");
  document.getElementById("cards-dialog-count").textContent = count === 1 ? "1 card" : `${count} cards`;
  const chosen = new Set();
  const faces = cards.map((card) => {
    const face = cardFace(card, "small");
    face.classList.add("pickable");
    face.addEventListener("click", () => {
      if (chosen.has(card)) chosen.delete(card);
      else if (chosen.size < count) chosen.add(card);
      face.classList.toggle("chosen", chosen.has(card));
      confirm.disabled = chosen.size !== count;
    });
    return face;
  });
  const rows = SUITS.map((suit) => el("div", "cards-row", ...faces.filter((face) => suitOf(face.dataset.card) === suit)));
  document.getElementById("cards-choices").replaceChildren(...rows.filter((row) => row.childElementCount));
  confirm.disabled = true;
  return (await ask(dialog)) === "draw" ? [...chosen] : null;
}
