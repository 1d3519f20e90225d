/**
 * The deal being played on the board: its start, the moves made (draws naming the cards
 * they took, as /v1/apply's steps give them), the position after each, and a cursor for
 * undo and redo. A move made after an undo replaces the moves that followed. The state of a
 * position (as /v1/deal, /v1/apply and /v1/moves give it: its forms, who acts, its legal moves)
 * is kept once known, so that going back to it asks the service nothing. Its record is a deal
 * record of version 2 (engine/record.schema.json), as eights replay and eights analyse read it.
 * A family game's positions name their rules (``rules:classic/4 ...``), and so does its record's.
 */

const RECORD_FORMAT = "eights-record";
const RECORD_VERSION = 2;

/** The hand to act in a compact position (its ``turn:`` field): sce2's seat letter, a family game's seat number. */
const turnOf = (position) => /(?:^| )turn:(\S+)/.exec(position)[1];

/** The side a seat plays for. */
export const sideOf = (seat) => ("NS".includes(seat) ? "NS" : "EW");

export class Game {
  /** A deal from ``start`` (canonical compact form) with ``steps`` ([{move, position}]) played;
   * ``dealt`` ({deal, dealer, seed}) says how the start was dealt, when known. */
  constructor(start, steps = [], dealt = null) {
    this.start = start;
    this.dealt = dealt;
    this.moves = steps.map((step) => step.move);
    this.positions = [start, ...steps.map((step) => step.position)];
    this.states = this.positions.map(() => null);
    this.cursor = this.moves.length;
  }

  /** The position on the board. */
  get position() {
    return this.positions[this.cursor];
  }

  /** The state of the position on the board, or null while it is not known. */
  get state() {
    return this.states[this.cursor];
  }

  /** Keep ``state`` as the state of the position on the board. */
  remember(state) {
    this.states[this.cursor] = state;
  }

  /** The moves made up to the board's position. */
  get played() {
    return this.moves.slice(0, this.cursor);
  }

  get canUndo() {
    return this.cursor > 0;
  }

  get canRedo() {
    return this.cursor < this.moves.length;
  }

  /** Record ``move`` (as played), reaching ``position`` (its ``state``, when known); the moves
   * after the cursor go. */
  play(move, position, state = null) {
    this.moves.splice(this.cursor, Infinity, move);
    this.positions.splice(this.cursor + 1, Infinity, position);
    this.states.splice(this.cursor + 1, Infinity, state);
    this.cursor += 1;
  }

  /** Put the board at the position after ``count`` moves. */
  goTo(count) {
    this.cursor = Math.max(0, Math.min(count, this.moves.length));
  }

  /** The seat that made move ``index``. */
  moverOf(index) {
    return turnOf(this.positions[index]);
  }

  /** The deal record (version 2) of the moves up to the board's position (``result``: the score,
   * null while the deal goes on, or undefined to leave it out); who played each side is not known
   * (a person and the computer may take turns at a side), so ``players`` is null. */
  record(result) {
    return { format: RECORD_FORMAT, version: RECORD_VERSION, kind: "deal", position: this.start,
             moves: this.played, result, dealt: this.dealt, players: null };
  }
}
