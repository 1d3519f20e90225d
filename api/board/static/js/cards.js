/**
 * Cards as NOTATION.md writes them (rank then suit: "TS", "8D") and as the board draws
 * them: white faces with the rank in the corner and the suit as an SVG shape (so that no
 * font is needed for the symbols), hearts and diamonds red, spades and clubs black.
 */

import { el, svgEl } from "./dom.js";

export const SUITS = ["S", "H", "D", "C"];
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RED = new Set(["H", "D"]);
const RANK_LABELS = { T: "10" };

// Each suit's outline in a 100 x 100 box.
const SUIT_PATHS = {
  S: "M50 4C64 22 94 38 94 61c0 14-10 23-22 23-9 0-16-5-19-11 1 11 5 18 14 23H33c9-5 13-12 14-23-3 6-10 11-19 11C16 84 6 75 6 61 6 38 36 22 50 4Z",
  H: "M50 92C30 74 5 56 5 32 5 17 16 7 29 7c10 0 17 6 21 14 4-8 11-14 21-14 13 0 24 10 24 25 0 24-25 42-45 60Z",
  D: "M50 3 87 50 50 97 13 50Z",
  C: "M50 5a20 20 0 1 1 0 40a20 20 0 1 1 0-40ZM28 38a20 20 0 1 1 0 40a20 20 0 1 1 0-40ZM72 38a20 20 0 1 1 0 40a20 20 0 1 1 0-40ZM50 42a10 10 0 1 1 0 20a10 10 0 1 1 0-20ZM50 55c0 20-5 31-16 40h32c-11-9-16-20-16-40Z",
};

/** The cards of a hand written as four dot-separated groups ("K43.5.K82."), in that order. */
export function handCards(dotted) {
  return dotted.split(".").flatMap((ranks, index) => [...ranks].map((rank) => rank + SUITS[index]));
}

/** The card's suit letter. */
export const suitOf = (card) => card[card.length - 1];

/** True for hearts and diamonds. */
const isRed = (suit) => RED.has(suit);

/** The points a card left in a hand counts (RULES.md): 8 = 50, 2 = 20, pictures and 10 = 10, A = 1. */
export function points(card) {
  const rank = card[0];
  if (rank === "8") return 50;
  if (rank === "2") return 20;
  if ("KQJT".includes(rank)) return 10;
  if (rank === "A") return 1;
  return Number(rank);
}

/** An SVG of ``suit``'s shape, coloured by the CSS class of its suit. */
export function suitIcon(suit) {
  const svg = svgEl("svg", { viewBox: "0 0 100 100", class: `suit-icon suit-${suit}`, role: "img",
                            "aria-label": SUIT_NAMES[suit] });
  svg.append(svgEl("path", { d: SUIT_PATHS[suit] }));
  return svg;
}

/** A card's face; ``data-card`` holds its notation, for the page's handlers and for tests. */
export function cardFace(card, size = "") {
  const suit = suitOf(card);
  const rank = RANK_LABELS[card[0]] || card[0];
  const face = el("div", `card ${isRed(suit) ? "red" : "black"} ${size}`.trim(),
    el("span", "corner", el("span", "rank", rank), suitIcon(suit)),
    el("span", "pip", suitIcon(suit)));
  face.dataset.card = card;
  face.setAttribute("aria-label", `${rank} of ${SUIT_NAMES[suit]}`);
  return face;
}

/** A card's back, with a count written on it (the stock) unless ``label`` is null. */
export function cardBack(label) {
  return el("div", "card back", label === null ? null : el("span", "", label));
}
