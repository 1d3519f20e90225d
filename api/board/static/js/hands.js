/**
 * Hands as the tables draw them (table.js for sce2, ring.js for the family's N seats): face up in
 * a group for each suit, the hand to act's legal cards as buttons with their values on them
 * (coloured from the best to the worst, the best starred), or face down, a back for each card.
 */

import { cardBack, cardFace, SUITS, suitOf } from "./cards.js";
import { formatValue, isBest, valueColour } from "./choices.js";
import { el } from "./dom.js";

/** The value badge of a choice, or a placeholder while the search runs. */
export function valueBadge(choice, choices) {
  if (choice.value === null) return el("span", "value pending", "…");
  const badge = el("span", "value", formatValue(choice.value));
  badge.style.background = valueColour(choice.value, choices);
  return badge;
}

/** A card of the hand to act: legal (a button with its value, unless the computer is about to
 * move) or not (dimmed). */
function actingCard(card, view, handlers) {
  const { choices } = view;
  const face = cardFace(card);
  const choice = choices.cards.get(card);
  if (!choice) {
    face.classList.add("illegal");
    return face;
  }
  face.classList.add("legal");
  face.tabIndex = 0;
  face.setAttribute("role", "button");
  if (!view.computer) face.append(valueBadge(choice, choices));
  if (isBest(choice.value, choices)) {
    face.classList.add("best");
    face.append(el("span", "best-mark", "★"));
  }
  const play = () => handlers.onPlay(card, choice);
  face.addEventListener("click", play);
  face.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      play();
    }
  });
  return face;
}

/** A hand's cards face up, in a group for each suit; the hand to act's with their values, any
 * other's at ``size`` (cards.js: "small", or the full size). */
export function faceUpHand(cards, acting, view, handlers, size = "") {
  const face = (card) => (acting ? actingCard(card, view, handlers) : cardFace(card, size));
  const groups = SUITS.map((suit) => cards.filter((card) => suitOf(card) === suit)).filter((group) => group.length);
  const hand = el("div", "hand", ...groups.map((group) => el("div", "suit-group", ...group.map(face))));
  if (!cards.length) hand.append(el("span", "empty-hand", "out"));
  return hand;
}

/** A hand face down: a back for each card, the last one showing their count. */
export function faceDownHand(count) {
  const backs = Array.from({ length: count }, (_, index) => cardBack(index === count - 1 ? String(count) : null));
  return el("div", "hand face-down", count ? el("div", "backs", ...backs) : el("span", "empty-hand", "out"));
}
