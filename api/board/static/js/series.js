/**
 * A game of sce2 with the cube (RULES.md "The game, the series, the cube and resignation"; issue
 * #40): you are player 0 against the computer, deal after deal, from deal 1 level or from the
 * deal and the lead the form says. Before each deal the cube hint of POST /v1/cube is shown
 * (gnubg's words and the equities); where you lead, with the cube in the middle or yours, you may
 * double, and the computer takes or passes by the tables (the hint's ``take``); where it leads
 * and the hint says double, the computer doubles and you take or pass; you may offer to resign
 * at 200 x the cube, which the computer accepts when the tables say so. A pass or an accepted
 * resignation ends the game. "Deal" deals the deal (the deal form's number and dealer set, the
 * computer at your opponent's side unless it plays both) and the board plays it; when it is
 * over (the board's "deal-over" event) its payoff is added to the lead. Players change seats
 * every two deals: you play NS in deals 1, 2, 5, 6, ... and EW in the others.
 *
 * A whole game (one from deal 1) is the game of its seed (the form's, or a new one): each deal is
 * that game's (POST /v1/game-record deals it, as eights play --series --seed does), and at any
 * moment "Game record" shows its record (the service writes it from the seed, the deals' moves,
 * the deal under way and the cube actions: the record eights play --series writes and eights
 * analyse-game reads), to copy or download, and "Analyse game" shows its analysis (POST
 * /v1/game-analysis: the cube and resignation errors beside the move errors, in equity, and each
 * player's rating). A game from a later deal has no record: a record starts at deal 1.
 *
 * The computer's moves in the game's deal are asked of /v1/bot-move with each position's game
 * context (``dealContext``), so that a solver bot plays them for the game, not the deal's points.
 */

import * as service from "./api.js";
import { copyText } from "./clipboard.js";
import { renderGameAnalysis } from "./game_analysis.js";

const $ = (id) => document.getElementById(id);
const DEALS = 15;
const PASS_POINTS = 200;
const SIDES = ["NS", "EW"];
const SEEDS = 2 ** 32; // a new game's seed is below this
const ANALYSIS_DEPTH = 4; // the game analysis's reference search, eights analyse-game's default
const PERSON = "human"; // how records name the person (eights play --series)
const DEFAULT_COMPUTER = "fair:time=100"; // the board's computer when "Bot" names none (the service's)

let board = null; // what the board gives the game: {startPosition(position), currentDeal()}

/** The side player 0 (you) plays in deal ``number``: NS when she sits South. */
const yourSide = (number) => (Math.floor((number - 1) / 2) % 2 === 0 ? "NS" : "EW");
const otherSide = (side) => (side === "NS" ? "EW" : "NS");
/** Who deals deal ``number``: player 0 the odd ones, from S or W as the seats change. */
const dealerSeat = (number) => (((number - 1) % 2 === 0) === (yourSide(number) === "NS") ? "S" : "W");

const game = {
  phase: "idle", // idle | before (the cube's turn) | answer (you answer the computer's double) | playing | over
  deal: 1, // the deal about to be (or being) played
  lead: 0, // your lead: the computer's total minus yours
  cube: 1,
  owner: null, // "you", "computer" or null (the middle)
  hint: null, // the answer of /v1/cube before the deal
  actions: [], // [{before_deal, player, action}] as a record writes them (you are player 0)
  first: 1, // the deal the game started from
  whole: false, // a game from deal 1: the game of ``seed``, with a record
  seed: null,
  deals: [], // each finished deal's moves (a whole game's)
  start: null, // the position the deal being played started from (a whole game's)
};

/** The game context before the deal, as /v1/cube reads it (the lead and the owner by side). */
function context() {
  const side = yourSide(game.deal);
  const owner = game.owner === null ? null : (game.owner === "you" ? side : otherSide(side));
  const asked = { deal_number: game.deal, lead: side === "NS" ? game.lead : -game.lead, cube: game.cube };
  return owner === null ? asked : { ...asked, cube_owner: owner };
}

/** The game context of ``played`` (the deal on the board), in the notation's compact form (docs/rules/game.md),
 * to add to its positions when it is the game's deal being played, else "": /v1/bot-move then plays
 * the computer's moves for the game, as /v1/hint reads the context. */
export function dealContext(played) {
  if (game.phase !== "playing" || !played || !isTheDeal(played)) return "";
  const { deal_number: deal, lead, cube, cube_owner: owner } = context();
  return ` deal:${deal} lead:${lead} cube:${cube}${owner ? `/${owner}` : ""}`;
}

const act = (player, action) => game.actions.push({ before_deal: game.deal, player, action });

/** Draw the panel from the game. */
function draw(message = "") {
  const panel = $("series");
  panel.dataset.phase = game.phase;
  panel.dataset.deal = String(game.deal);
  panel.dataset.cube = String(game.cube);
  panel.dataset.owner = game.owner ?? "middle";
  const standing = game.lead === 0 ? "level" : `you ${game.lead > 0 ? "lead" : "trail"} by ${Math.abs(game.lead)}`;
  const owner = game.owner === null ? "in the middle" : (game.owner === "you" ? "yours" : "the computer's");
  $("series-standing").textContent = game.phase === "idle" ? ""
    : `Deal ${game.deal} of ${DEALS}: ${standing}; the cube ${game.cube}, ${owner}. You play ${yourSide(game.deal)}.`;
  $("series-message").textContent = message;
  const hint = game.hint?.cube;
  $("cube-hint").textContent = !hint || game.phase === "over" ? "" : cubeHintText(hint);
  const before = game.phase === "before";
  $("series-double").hidden = !(before && hint?.doubler === yourSide(game.deal));
  $("series-double").textContent = game.owner === "you" ? "Redouble" : "Double";
  $("series-take").hidden = game.phase !== "answer";
  $("series-pass").hidden = game.phase !== "answer";
  $("series-resign").hidden = !before;
  $("series-next").hidden = !before;
  $("series-record").disabled = game.phase === "idle";
  $("series-analyse").disabled = game.phase === "idle";
}

/** The cube hint in gnubg's words, with the equities of the doubler's options. */
function cubeHintText(hint) {
  if (!hint.equities) return `Cube hint: ${hint.action} (${hint.reason}).`;
  const { no_double: none, double_take: take, double_pass: pass } = hint.equities;
  const signed = (value) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;
  return `Cube hint for ${hint.doubler}: ${hint.action}. No double ${signed(none)}, double/take ${signed(take)}, `
    + `double/pass ${signed(pass)} (points, to ${hint.doubler}).`;
}

/** Before the deal: the hints asked; the computer doubles when it may and the hint says so. */
async function beforeDeal(message = "") {
  game.phase = "before";
  game.hint = null;
  draw(message);
  try {
    game.hint = await service.cube(context());
  } catch (error) {
    game.hint = null;
    draw(`No cube hint: ${error.message}`);
    return;
  }
  const hint = game.hint.cube;
  if (hint.doubler === otherSide(yourSide(game.deal)) && hint.double) {
    act(1, "double");
    game.phase = "answer";
    draw(`The computer doubles to ${2 * game.cube}: take, or pass and lose ${PASS_POINTS * game.cube} points.`);
    return;
  }
  draw(message);
}

/** The game is over: ``payoff`` points to you. */
function over(payoff, how) {
  game.phase = "over";
  const result = payoff === 0 ? "a draw" : `you ${payoff > 0 ? "win" : "lose"} ${Math.abs(payoff)} points`;
  draw(`Game over (${how}): ${result}.`);
  $("series").dataset.payoff = String(payoff);
}

function onDouble() {
  const take = game.hint.cube.take;
  act(0, "double");
  act(1, take ? "take" : "pass");
  if (!take) {
    over(PASS_POINTS * game.cube, `the computer passed your double before deal ${game.deal}`);
    return;
  }
  game.cube *= 2;
  game.owner = "computer";
  beforeDeal(`The computer takes: the cube is at ${game.cube}, the computer's.`);
}

function onAnswer(take) {
  act(0, take ? "take" : "pass");
  if (!take) {
    over(-PASS_POINTS * game.cube, `you passed the computer's double before deal ${game.deal}`);
    return;
  }
  game.cube *= 2;
  game.owner = "you";
  game.phase = "before";
  draw(`You take: the cube is at ${game.cube}, yours.`);
  refreshHint();
}

/** The hints again after a take (the cube has changed); no one may double again before this deal. */
async function refreshHint() {
  try {
    game.hint = await service.cube(context());
  } catch (error) {
    game.hint = null;
  }
  draw($("series-message").textContent);
}

function onResign() {
  const answer = game.hint.resignations[SIDES.indexOf(yourSide(game.deal))];
  act(0, "resign");
  act(1, answer.action);
  if (answer.action === "accept") {
    over(-answer.points, `you resigned before deal ${game.deal}`);
    return;
  }
  draw(`The computer refuses your resignation (it expects ${answer.equity_before.toFixed(1)} points playing on).`);
}

/** Deal the deal, the computer at your opponent's side: a whole game's deal of its seed (from
 * /v1/game-record), else the deal form set to its number and dealer. */
async function onDeal() {
  game.phase = "playing";
  draw(`Deal ${game.deal} is being played.`);
  if ($("bot-side").value !== "both") $("bot-side").value = otherSide(yourSide(game.deal));
  if (game.whole) {
    let answer;
    try {
      answer = await service.gameRecord(recordRequest(false));
    } catch (error) {
      game.phase = "before";
      draw(`The deal could not be dealt: ${error.message}`);
      return;
    }
    game.start = answer.next_deal.position;
    await board.startPosition(game.start);
    return;
  }
  $("game").value = "sce2";
  $("game").dispatchEvent(new Event("change"));
  $("deal-number").value = String(game.deal);
  $("dealer").value = dealerSeat(game.deal);
  $("deal-form").requestSubmit();
}

/** Whether ``played`` (a deal on the board) is the game's deal being played. */
const isTheDeal = (played) => (game.whole ? played.start === game.start : played.dealt?.deal === game.deal);

/** What /v1/game-record is asked: the whole game's seed, players, finished deals and cube
 * actions, with the deal on the board as the deal under way when ``underWay`` and it is the
 * game's (a double not answered yet left out). */
function recordRequest(underWay) {
  const current = board.currentDeal();
  const playing = underWay && game.phase === "playing" && current && isTheDeal(current);
  const actions = game.phase === "answer" ? game.actions.slice(0, -1) : game.actions;
  return { seed: game.seed, players: [PERSON, $("bot").value.trim() || DEFAULT_COMPUTER], deals: game.deals,
           under_way: playing ? current.played : null, cube_actions: actions };
}

/** The whole game's record as it stands (from /v1/game-record), or null with the reason shown. */
async function currentRecord() {
  if (!game.whole) {
    $("series-record-status").textContent = `This game started at deal ${game.first}: a game's record starts at `
      + "deal 1 (start one from deal 1).";
    return null;
  }
  try {
    return (await service.gameRecord(recordRequest(true))).record;
  } catch (error) {
    $("series-record-status").textContent = `No record: ${error.message}`;
    return null;
  }
}

/** Show the game's record, to copy or download. */
async function onRecord() {
  $("series-record-status").textContent = "Writing the game's record ...";
  const record = await currentRecord();
  if (!record) return;
  const text = JSON.stringify(record, null, 1);
  $("series-record-text").value = text;
  const link = $("series-download");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = `eights-game-${game.seed}.json`;
  $("series-record-box").hidden = false;
  const finished = record.deals.length;
  $("series-record-status").textContent = `The game's record, ${finished} deal${finished === 1 ? "" : "s"} finished`
    + `${record.unfinished ? " and one under way" : ""} (eights analyse-game reads it).`;
}

/** Show the game's analysis (its record's, as it stands). */
async function onAnalyse() {
  const record = await currentRecord();
  if (!record) return;
  const box = $("series-analysis");
  box.dataset.state = "running";
  $("series-record-status").textContent = "Analysing the game ...";
  try {
    renderGameAnalysis(box, await service.gameAnalysis(record, ANALYSIS_DEPTH));
    box.dataset.state = "done";
    $("series-record-status").textContent = "";
  } catch (error) {
    box.dataset.state = "failed";
    $("series-record-status").textContent = `No analysis: ${error.message}`;
  }
}

/** A deal on the board is over: the game's deal's payoff counted (once), then the next deal or the end. */
function onDealOver(event) {
  const { game: played, norm } = event.detail;
  if (game.phase !== "playing" || !isTheDeal(played) || !norm.score) return;
  const payoff = yourSide(game.deal) === "NS" ? norm.score.payoff_ns : -norm.score.payoff_ns;
  game.lead += payoff;
  if (game.whole) game.deals.push(played.played);
  const said = `Deal ${game.deal}: ${payoff >= 0 ? "+" : ""}${payoff} to you.`;
  if (game.deal === DEALS) {
    over(game.lead * game.cube, `${DEALS} deals played`);
    return;
  }
  game.deal += 1;
  beforeDeal(said);
}

/** A new game: from deal 1 level, or from the deal and your lead the form gives. */
function newGame(event) {
  event.preventDefault();
  const seedText = $("series-seed").value.trim();
  Object.assign(game, { deal: Number($("series-from").value) || 1, lead: Number($("series-lead").value) || 0,
                        cube: 1, owner: null, hint: null, actions: [], deals: [], start: null,
                        seed: seedText === "" ? Math.floor(Math.random() * SEEDS) : Number(seedText) });
  game.first = game.deal;
  game.whole = game.deal === 1;
  if (game.whole) game.lead = 0;
  $("series-seed").value = String(game.seed);
  delete $("series").dataset.payoff;
  $("series-record-box").hidden = true;
  $("series-analysis").replaceChildren();
  delete $("series-analysis").dataset.state;
  $("series-record-status").textContent = "";
  beforeDeal("A new game.");
}

/** ``given``: the board's {startPosition(position): start a deal from it, currentDeal(): the deal on the board}. */
export function initSeries(given) {
  board = given;
  $("series-form").addEventListener("submit", newGame);
  $("series-record").addEventListener("click", onRecord);
  $("series-analyse").addEventListener("click", onAnalyse);
  $("series-copy").addEventListener("click", async () => {
    $("series-record-status").textContent = await copyText($("series-record-text").value, $("series-record-text"));
  });
  $("series-double").addEventListener("click", onDouble);
  $("series-take").addEventListener("click", () => onAnswer(true));
  $("series-pass").addEventListener("click", () => onAnswer(false));
  $("series-resign").addEventListener("click", onResign);
  $("series-next").addEventListener("click", onDeal);
  document.addEventListener("deal-over", onDealOver);
  draw();
}
