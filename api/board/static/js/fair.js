/**
 * The fair view: the board as the person at it sees the deal. The concealed hand of the
 * person's opponents is face down, and the values come from /v1/fair-hint, from the side to
 * act's view (its concealed hand's), instead of /v1/hint's double-dummy ones. The person
 * plays the side the computer leaves them when it plays one side, so that the computer's
 * hand stays hidden while it moves; otherwise the person plays whichever side acts.
 */

const CONCEALED = { NS: "S", EW: "W" };
const OPPONENTS = { NS: "EW", EW: "NS" };

/** The side the person plays when ``side`` acts and the computer plays ``botSides``. */
const personSide = (side, botSides) => (botSides.length === 1 ? OPPONENTS[botSides[0]] : side);

/** The concealed hand the fair view hides when ``side`` acts: the person's opponents'. */
export const hiddenHand = (side, botSides) => CONCEALED[OPPONENTS[personSide(side, botSides)]];

/** The seat whose view a fair hint for ``side`` is asked from: its concealed hand. */
export const viewOf = (side) => CONCEALED[side];
