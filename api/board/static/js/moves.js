/**
 * The move list: every move of the deal with the seat that made it, the board's position
 * marked, the moves an undo took back shown faded (redo brings them back). A move is a
 * link to the position after it.
 */

import { el } from "./dom.js";

/** Fill ``list`` with ``game``'s moves; ``onPick(count)`` moves the board. */
export function renderMoves(list, game, onPick) {
  const start = el("li", game.cursor === 0 ? "current start" : "start", linkTo(0, "start", onPick));
  const items = game.moves.map((move, index) => {
    const state = index + 1 === game.cursor ? "current" : index + 1 > game.cursor ? "undone" : "";
    const item = el("li", state, linkTo(index + 1, `${game.moverOf(index)} ${move}`, onPick));
    item.dataset.move = move;
    return item;
  });
  list.replaceChildren(start, ...items);
  const current = list.querySelector(".current");
  list.scrollTop = current.offsetTop - list.clientHeight / 2; // the list scrolls, not the page
}

function linkTo(count, text, onPick) {
  const link = el("button", "link", text);
  link.type = "button";
  link.addEventListener("click", () => onPick(count));
  return link;
}
