/**
 * The questions the board asks before a move: which suit an 8 names (each suit with its
 * value), which pile of the layout game's centre a card is laid on (each with its value), and
 * which cards a chosen draw takes from the stock.
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

/** A button of ``choice``'s moves for ``move`` (its ``value`` on the scale of them all), showing ``shown``. */
function optionButton(className, { move, value }, choice, ...shown) {
  const values = choice.moves.map((option) => option.value).filter((known) => known !== null);
  const scale = { best: Math.max(...values), worst: Math.min(...values) };
  const badge = value === null ? null : el("span", "value", formatValue(value));
  if (badge) badge.style.background = valueColour(value, scale);
  const button = el("button", className, ...shown, badge);
  button.value = move;
  if (isBest(value, scale)) button.classList.add("best");
  return button;
}

/** The move of the 8 ``card`` with the suit the user names ({moves: [{move, suit, value}]}), or null. */
export async function askSuit(card, choice) {
  const dialog = document.getElementById("suit-dialog");
  document.getElementById("suit-dialog-card").replaceChildren(cardFace(card, "small"));
  const buttons = choice.moves.map((option) => {
    const button = optionButton(`suit-choice suit-${option.suit}`, option, choice,
      suitIcon(option.suit), el("span", "", SUIT_NAMES[option.suit]));
    button.dataset.suit = option.suit;
    return button;
  });
  document.getElementById("suit-choices").replaceChildren(...buttons);
  return (await ask(dialog)) || null;
}

/** The move laying ``card`` on the pile the user picks ({moves: [{move, pile, value}]}: a pile by its
 * top card), or null. */
export async function askPile(card, choice) {
  const dialog = document.getElementById("pile-dialog");
  document.getElementById("pile-dialog-card").replaceChildren(cardFace(card, "small"));
  const buttons = choice.moves.map((option) => {
    const button = optionButton("pile-choice", option, choice, cardFace(option.pile, "small"));
    button.dataset.pile = option.pile;
    return button;
  });
  document.getElementById("pile-choices").replaceChildren(...buttons);
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
