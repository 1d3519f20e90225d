/**
 * Reading what was pasted into "Set up": a compact position (one line), a JSON position
 * (an object with ``hands``), a deal record or a match record (engine/record.schema.json:
 * version 2, ``{"format": "eights-record", "version": 2, "kind": ...}``, and the older
 * version 1 and records with no version). When a match record is pasted, a list of its deals
 * (the finished ones, then the one under way) appears under the box: the deal chosen there is
 * the one set up.
 */

const FORMAT = "eights-record";
const VERSION = 2;
const OLD_VERSION = 1;

/** ``deal`` or ``match`` for a record, null for a position; throws an Error naming the field
 * of a record this board cannot read. */
export function recordKind(data) {
  if ("format" in data || data.version === VERSION) {
    if (data.format !== FORMAT) throw new Error(`format: a version ${VERSION} record says "format": "${FORMAT}"`);
    if (data.version !== VERSION) throw new Error(`version: unknown record version ${JSON.stringify(data.version)}`);
    if (data.kind !== "deal" && data.kind !== "match") throw new Error("kind: expected deal or match");
    return data.kind;
  }
  if ("version" in data && data.version !== OLD_VERSION) {
    throw new Error(`version: unknown record version ${JSON.stringify(data.version)} `
      + `(this board reads ${OLD_VERSION} and ${VERSION})`);
  }
  if ("deals" in data) return "match";
  return "moves" in data || "version" in data ? "deal" : null;
}

/** The deals of a match record that can be set up, each ``{label, record}``: the finished
 * ones, then the one under way. */
export function matchDeals(match) {
  if (!Array.isArray(match.deals)) throw new Error("deals: expected a list of deals");
  const players = Array.isArray(match.players) ? match.players : ["player 0", "player 1"];
  const seats = (south) => `${players[south]} NS, ${players[1 - south]} EW`;
  const deals = match.deals.map((entry, index) => {
    if (!entry || typeof entry.record !== "object") throw new Error(`deals[${index}].record: expected a deal record`);
    const [first, second] = entry.player_points ?? [];
    return {
      label: `Deal ${entry.number}, ${entry.dealer} deals: ${seats(entry.south_player)}; points ${first}–${second}`,
      record: entry.record,
    };
  });
  if (match.unfinished) {
    const number = deals.length + 1;
    const south = Math.floor((number - 1) / 2) % 2; // RULES.md "The match": seats change after every two deals
    const dealer = (number - 1) % 2 === south ? "S" : "W"; // player 0 deals the odd deals
    deals.push({ label: `Deal ${number}, ${dealer} deals: ${seats(south)}; under way when the match stopped`,
                 record: match.unfinished });
  }
  if (!deals.length) throw new Error("deals: the match has no deal to set up");
  return deals;
}

/** The list of a pasted match's deals, made the first time it is needed. */
function dealList() {
  let select = document.getElementById("paste-deal");
  if (select) return select;
  const label = document.createElement("label");
  label.id = "paste-deal-label";
  label.hidden = true;
  const text = document.createElement("span");
  text.className = "hint-text";
  text.textContent = "Deal of the match to set up";
  select = document.createElement("select");
  select.id = "paste-deal";
  label.append(text, select);
  document.getElementById("paste-button").before(label);
  return select;
}

/** Show the list of deals when the box holds a match record (keeping the choice while the
 * match's deals stay the same), hide it otherwise. */
function offerDeals() {
  const select = dealList();
  let deals = null;
  try {
    const pasted = JSON.parse(document.getElementById("paste").value);
    if (pasted && typeof pasted === "object" && recordKind(pasted) === "match") deals = matchDeals(pasted);
  } catch {
    deals = null; // not a match record (yet): Set up says what is wrong with it
  }
  select.parentElement.hidden = deals === null;
  const labels = (deals ?? []).map((deal) => deal.label);
  if (labels.join("\n") === [...select.options].map((option) => option.text).join("\n")) return;
  select.replaceChildren(...labels.map((label, index) => new Option(label, String(index))));
}

/** The index of the deal chosen in the list (0 when there is none). */
function chosenDeal() {
  const select = typeof document === "undefined" ? null : document.getElementById("paste-deal");
  return select ? Number(select.value) || 0 : 0;
}

/** ``{position}`` or ``{record}`` from ``text``; a match record gives the record of its deal
 * ``dealIndex`` (by default the one chosen in the list). Throws an Error naming the problem. */
export function readPasted(text, dealIndex = chosenDeal()) {
  const trimmed = text.trim();
  if (!trimmed) throw new Error("paste a position, a deal record or a match record first");
  if (!trimmed.startsWith("{")) return { position: trimmed };
  let data;
  try {
    data = JSON.parse(trimmed);
  } catch (error) {
    throw new Error(`not valid JSON: ${error.message}`);
  }
  const kind = recordKind(data);
  if (kind === null) return { position: data };
  if (kind === "deal") return { record: data };
  const deals = matchDeals(data);
  const deal = deals[Math.min(Math.max(dealIndex, 0), deals.length - 1)];
  recordKind(deal.record);
  return { record: deal.record };
}

if (typeof document !== "undefined" && document.getElementById("paste")) {
  document.getElementById("paste").addEventListener("input", offerDeals);
}
