/**
 * The game chooser: Super Crazy Eights For Two (sce2, the board's first game) or a game of the
 * family (RULES-FAMILY.md), a preset and its number of players, with any further options of the
 * preset written as the ruleset's name writes them ("draw=one,skip=Q"). The chooser's fields
 * (game, players, options) and the deal form's deal number and dealer follow the game: sce2 and
 * sce number their deals (1 to 15), the others do not; sce2's dealer is S or W, a family game's a
 * seat number.
 */

/** Each game's players (least, most, the chooser's default) and whether its deals are numbered. */
export const PRESETS = {
  sce2: { label: "Super Crazy Eights For Two", players: null, numbered: true },
  sce: { label: "Super Crazy Eights", players: [3, 6, 4], numbered: true },
  classic: { label: "classic Crazy Eights", players: [2, 7, 4], numbered: false },
  openspiel: { label: "OpenSpiel's crazy_eights", players: [2, 8, 2], numbered: false },
  layout: { label: "the gambling layout", players: [2, 8, 6], numbered: false },
};

const $ = (id) => document.getElementById(id);

/** Fill ``select`` with ``values`` (text = value), keeping its value when it is among them, else ``fallback``. */
function offer(select, values, fallback) {
  const kept = values.map(String).includes(select.value) ? select.value : String(fallback);
  select.replaceChildren(...values.map((value) => new Option(String(value), String(value))));
  select.value = kept;
}

/** The range from ``low`` to ``high``, both in. */
const range = (low, high) => Array.from({ length: high - low + 1 }, (_, index) => low + index);

/** The game the chooser shows: ``{preset, players, rules, family}``; ``rules`` is the name /v1/deal
 * takes ("sce2", "classic/4", "classic/4,draw=one"), ``players`` null for sce2. */
export function chosenGame() {
  const preset = $("game").value;
  if (!PRESETS[preset].players) return { preset, players: null, rules: "sce2", family: false };
  const players = Number($("players").value);
  const options = $("rules-options").value.trim().replace(/\s+/g, "");
  return { preset, players, rules: `${preset}/${players}${options ? `,${options}` : ""}`, family: true };
}

/** Make the chooser's and the deal form's fields fit the game chosen: its players, whether its deals
 * are numbered, its dealers (S and W, or the seats). */
export function fitFields() {
  const { players, numbered } = PRESETS[$("game").value];
  $("players-field").hidden = !players;
  $("options-field").hidden = !players;
  $("deal-number").disabled = !numbered;
  if (players) offer($("players"), range(players[0], players[1]), players[2]);
  const seats = players ? range(0, Number($("players").value) - 1) : ["S", "W"];
  offer($("dealer"), seats, seats[0]);
}

/** Fill the chooser with the games, sce2 first, and fit the fields to it. */
export function initChooser(onChange) {
  $("game").replaceChildren(...Object.entries(PRESETS).map(([name, { label }]) => new Option(`${name} \u2014 ${label}`, name)));
  $("game").value = "sce2";
  fitFields();
  for (const id of ["game", "players"]) {
    $(id).addEventListener("change", () => {
      fitFields();
      onChange();
    });
  }
}

/** Set the chooser to the game of ``position`` (its ``rules:`` word; sce2 without one), and fit
 * the fields to it, so that Deal deals the game on the board (a pasted position's or record's).
 * A numbered game's ``deal=N`` goes to the deal form's deal number, the other options to the
 * chooser's. */
export function showGame(position) {
  const name = /^rules:(\S+)/.exec(position.trim())?.[1] ?? "sce2";
  const [head, ...options] = name.split(",");
  const [preset, players] = head.split("/");
  if (!(preset in PRESETS)) return;
  $("game").value = preset;
  fitFields();
  if (!PRESETS[preset].players) return;
  $("players").value = players;
  const dealNumber = options.find((option) => option.startsWith("deal="));
  if (dealNumber && PRESETS[preset].numbered) $("deal-number").value = dealNumber.slice("deal=".length);
  $("rules-options").value = options.filter((option) => option !== dealNumber).join(",");
  fitFields();
}

/** The body of /v1/deal for ``game`` (``chosenGame``'s): the deal number when its deals are numbered,
 * the dealer, the seed (null: a random one). */
export function dealRequest(game, seed) {
  const body = game.family ? { rules: game.rules, dealer: $("dealer").value } : { dealer: $("dealer").value };
  if (PRESETS[game.preset].numbered) body.deal = Number($("deal-number").value);
  if (seed !== null) body.seed = seed;
  return body;
}
