/**
 * The board's controller: it keeps the deal being played (a Game) of the game chosen (sce2, or a
 * game of the family: what differs between them, sce2.js and family.js say), plays moves through
 * /v1/apply (random draws from the draw seed), whose answer is also the state of the position
 * reached (its forms, who acts, its legal moves), asks /v1/fair-hint for the values in the fair
 * view (the default; /v1/hint's double-dummy ones with it off), lets the computer move through
 * /v1/bot-move (played in the same call; against a person, the fair bot unless one is named):
 * one request an action, and one more for the values of a person's turn after the computer's.
 * A position whose state is not known yet (a pasted record's) is asked of /v1/moves. Every
 * failure is shown in the error banner. An answer about a position the board has left is dropped.
 *
 * The moves are analysed as a job (POST /v1/jobs, polled at /v1/jobs/ID, its progress shown) at
 * the analysis's own budget, deeper than the hints'; the job is cancelled (DELETE /v1/jobs/ID)
 * when the moves it covers change, when a new deal starts, when another analysis starts, on its
 * Cancel button and when the page leaves.
 */

import { seconds } from "./analysis.js";
import * as service from "./api.js";
import { handCards } from "./cards.js";
import { choicesOf } from "./choices.js";
import { copyText } from "./clipboard.js";
import { askPile, askSuit, chooseCards } from "./dialogs.js";
import { clearError, initErrors, showError } from "./errors.js";
import { family, seatsOf } from "./family.js";
import { Game } from "./game.js";
import { chosenGame, dealRequest, initChooser, showGame } from "./games.js";
import { renderMoves } from "./moves.js";
import { readPasted } from "./pasted.js";
import { sce2 } from "./sce2.js";
import { dealContext, initSeries } from "./series.js";

const BOT_PAUSE_MS = 250; // a bot's move waits this long, so that the table can be followed
const FIRST_POLL_MS = 100; // an analysis job is first asked after this long (one in the cache is done by then),
const MAX_POLL_MS = 500; // then twice as long each time, up to this
const JOB_OVER = new Set(["done", "failed", "cancelled", "lost"]);

const $ = (id) => document.getElementById(id);

const state = {
  game: null, // the deal on the board
  view: null, // what the service said of its position: {norm, legal, hint, searching, hidden, computer}
  analysis: null, // {answer, moves, timeMs}: the last analysis, the moves it covered and its budget
  job: null, // {id, moves, timeMs, started}: the analysis running (its id null until the service answers)
  generation: 0, // bumped for each new look at a position; older answers are dropped
  deals: 0, // bumped for each deal asked; an older deal's answer is dropped
  busy: false, // a move is on its way to the service
};

const budget = () => Number($("budget").value);
const analysisBudget = () => Number($("analysis-budget").value);
const drawSeed = () => Number($("draw-seed").value) || 0;
const fairView = () => $("fair-view").checked;

/** The game of a position's state: a family game's names its players. */
const kindOf = (norm) => (norm.players ? family : sce2);

/** Run ``task``; a failure goes to the error banner. */
async function guarded(task) {
  try {
    return await task();
  } catch (error) {
    showError(error);
    return undefined;
  }
}

/** Draw the table, the move list, the copy fields and the buttons from the state. */
function draw() {
  const { game, view } = state;
  renderMoves($("move-list"), game, goTo);
  $("undo").disabled = !game.canUndo || state.busy;
  $("redo").disabled = !game.canRedo || state.busy;
  $("position-text").value = game.position;
  if (!view) {
    $("table").dataset.state = "loading";
    return;
  }
  $("record-text").value = JSON.stringify(kindOf(view.norm).record(game, view.norm.over ? view.norm.score ?? view.norm.payoffs : null));
  $("bot-move").disabled = view.norm.over || state.busy;
  const kind = kindOf(view.norm);
  kind.render($("table"), { ...view, choices: kind.choices(view.legal, view.hint), busy: state.busy },
    { onPlay, onDraw: () => play("draw"), onDrawChosen, onMove: play });
  drawAnalysis();
}

/** True when the board's moves begin with ``moves``: an analysis of them still holds. */
const covers = (moves) => JSON.stringify(state.game.moves.slice(0, moves.length)) === JSON.stringify(moves);

/** Show the analysis if it still covers the moves on the board; cancel the one running if its
 * moves have changed. */
function drawAnalysis() {
  const { game } = state;
  if (state.analysis && !covers(state.analysis.moves)) {
    state.analysis = null;
    $("graph").replaceChildren();
    $("analysis-summary").replaceChildren();
    $("analysis-status").textContent = "The moves have changed since the last analysis.";
    $("analysis").dataset.state = "stale";
  }
  if (state.job && !covers(state.job.moves)) cancelAnalysis("the moves have changed");
  const { analysis } = state;
  if (!analysis) return;
  kindOf(game.states[0]).renderAnalysis($("graph"), $("analysis-summary"), analysis.answer, analysis.timeMs, game, goTo);
}

/** The state of ``position``: /v1/moves', or for a finished deal (``deal-over``) its
 * normalised forms and score, with no moves. */
async function lookUp(position) {
  try {
    return await service.legalMoves(position);
  } catch (error) {
    if (error.code !== "deal-over") throw error;
    return { ...(await service.normalise(position)), moves: [] };
  }
}

/** Look at the board's position: its state (kept from the move that reached it, else asked),
 * then the values; a bot to act moves instead when ``botMay``. At the end of a deal reached by
 * a move (``afterMove``), the analysis runs. */
async function refresh({ afterMove = false, botMay = afterMove } = {}) {
  const generation = ++state.generation;
  const { game } = state;
  const { position } = game;
  state.view = null;
  draw();
  const norm = game.state ?? await guarded(() => lookUp(position));
  if (!norm || generation !== state.generation) return;
  game.remember(norm);
  const kind = kindOf(norm);
  const computer = botMay && !norm.over && kind.computerActs(norm);
  state.view = { norm, legal: norm.moves, hint: null, searching: !norm.over && !computer,
                 hidden: kind.hidden(norm, fairView()), computer };
  draw();
  if (norm.over) {
    document.dispatchEvent(new CustomEvent("deal-over", { detail: { game, norm } })); // a game with the cube counts it
    if (afterMove) await analyse();
    return;
  }
  if (computer) {
    await botMoves(generation);
    return;
  }
  const given = kind.given(norm, state.view.hidden); // /v1/apply's, asked with the move
  const hint = given ?? await guarded(() => kind.askValues(position, norm, state.view.hidden, budget()));
  if (generation !== state.generation) return;
  state.view.hint = hint ?? null;
  state.view.searching = false;
  draw();
}

/** Start ``game`` (its first position's state known) on the board; a bot to act moves. */
async function start(game) {
  if (state.job) cancelAnalysis("a new deal");
  state.game = game;
  seatFields(game.state);
  $("table").dataset.games = String(Number($("table").dataset.games || 0) + 1);
  state.analysis = null;
  $("graph").replaceChildren();
  $("analysis-summary").replaceChildren();
  $("analysis-status").textContent = "";
  delete $("analysis").dataset.state;
  clearError();
  await refresh({ botMay: true });
}

/** Make "Computer" (and, for a family game, "Your seat") offer the seats of the game of ``norm``;
 * the choices are kept while the game's kind is. */
function seatFields(norm) {
  const kind = kindOf(norm);
  const computer = $("bot-side");
  if (computer.dataset.kind !== (kind.family ? "family" : "sce2")) {
    computer.replaceChildren(...kind.computerChoices.map(([value, text]) => new Option(text, value)));
    computer.dataset.kind = kind.family ? "family" : "sce2";
  }
  $("your-seat-field").hidden = !kind.family;
  if (!kind.family) return;
  const seat = $("your-seat");
  const kept = Math.min(Number(seat.value) || 0, norm.players - 1);
  seat.replaceChildren(...seatsOf(norm.players).map((value) => new Option(value, value)));
  seat.value = String(kept);
}

/** Play ``move`` (random draws from the draw seed and the move's number) and go on. */
async function play(move) {
  if (state.busy) return;
  state.busy = true;
  draw();
  const { game } = state;
  const kind = kindOf(game.state);
  const hints = kind.nextHints(budget(), fairView(), game.state);
  const answer = await guarded(() => kind.apply(game.position, [move], drawSeed() + game.cursor, hints, game.state));
  state.busy = false;
  if (!answer) {
    draw();
    return;
  }
  clearError();
  game.play(answer.steps[0].move, answer.steps[0].position, answer);
  await refresh({ afterMove: true });
}

/** A card clicked: its move, after asking an 8's suit or the layout game's pile. */
async function onPlay(card, choice) {
  const ask = choice.moves[0].pile ? askPile : askSuit;
  const move = choice.moves.length > 1 ? await ask(card, choice) : choice.moves[0].move;
  if (move) await play(move);
}

/** "Choose cards": a draw of the cards the user picks from the stock (or the pile it is remade from). */
async function onDrawChosen() {
  const { json } = state.view.norm;
  const count = choicesOf(state.view.legal, null).draw.effects.draws;
  const stock = handCards(json.stock);
  const cards = stock.length >= count ? stock : [...stock, ...handCards(json.discard)];
  const chosen = await chooseCards(cards, count);
  if (chosen) await play(`draw ${chosen.join(",")}`);
}

/** The computer's move for the side to act, played (random draws from the draw seed and the
 * move's number, as a person's), unless the board moved on or a person moved meanwhile: the bot
 * named, or with none the service's default against a person (the fair bot), whose spec the
 * empty field then shows. */
async function botMoves(generation = state.generation) {
  await new Promise((resolve) => setTimeout(resolve, BOT_PAUSE_MS));
  if (generation !== state.generation || state.busy) return;
  const { game } = state;
  const position = game.position + dealContext(game); // a game's deal: with its context, played for the game
  const answer = await guarded(() => kindOf(game.state).botMove(position, $("bot").value.trim(),
    drawSeed() + game.cursor, game.state));
  if (generation !== state.generation || state.busy) return;
  if (!answer) {
    Object.assign(state.view, { computer: false, searching: false });
    draw();
    return;
  }
  clearError();
  if (!$("bot").value.trim()) $("bot").placeholder = `${answer.bot} (the default)`; // the service's choice, shown
  const step = answer.played.steps[0];
  game.play(step.move, step.position, answer.played);
  await refresh({ afterMove: true });
}

/** Put the board at the position after ``count`` moves (no bot moves there by itself). */
async function goTo(count) {
  if (state.busy) return;
  state.game.goTo(count);
  await refresh();
}

/** Show the progress of the analysis running: ``progress`` ({done, total}; total 0 until it
 * has started), or none while it is not known; hide it when ``progress`` is false. */
function showProgress(progress) {
  const bar = $("analysis-progress");
  $("analysis-run").hidden = progress === false;
  if (!progress || !progress.total) {
    bar.removeAttribute("value"); // a bar with no value: under way, how far not known
    $("analysis-count").textContent = "starting…";
    return;
  }
  bar.max = progress.total;
  bar.value = progress.done;
  $("analysis-count").textContent = `${progress.done} of ${progress.total} positions`;
}

/** Cancel the analysis running (DELETE /v1/jobs/ID, once the job has its id) and say ``why``. */
function cancelAnalysis(why) {
  const run = state.job;
  if (!run) return;
  state.job = null;
  run.cancelled = true;
  if (run.id) guarded(() => service.cancelJob(run.id));
  showProgress(false);
  $("analysis-status").textContent = `Analysis cancelled: ${why}.`;
  $("analysis").dataset.state = "cancelled";
}

/** The analysis of ``run`` failed: say so (the banner has the problem). */
function analysisFailed(run, error) {
  if (state.job !== run) return;
  state.job = null;
  showProgress(false);
  if (error) showError(error);
  $("analysis-status").textContent = "The analysis failed (see the message above).";
  $("analysis").dataset.state = "failed";
}

/** The moves on the board, analysed as a job at the analysis budget; its progress shown while
 * it runs, then the graph and the summary. */
async function analyse() {
  const { game, view } = state;
  const status = $("analysis-status");
  if (!game.played.length) {
    status.textContent = "No moves to analyse yet.";
    return;
  }
  if (state.job) cancelAnalysis("another analysis started");
  const result = view ? (view.norm.over ? view.norm.score ?? view.norm.payoffs : null) : undefined; // undefined: not known yet, not sent
  const record = kindOf(game.states[0]).record(game, result);
  const run = { id: null, moves: game.played, timeMs: analysisBudget(), started: performance.now(), cancelled: false };
  state.job = run;
  status.textContent = `Analysing ${run.moves.length} moves at ${seconds(run.timeMs)} a position…`;
  $("analysis").dataset.state = "running";
  delete $("analysis").dataset.job;
  showProgress(null);
  let job;
  try {
    job = await service.startAnalysis(record, run.timeMs);
    run.id = job.id;
    if (run.cancelled) { // cancelled while the service was answering
      await service.cancelJob(job.id);
      return;
    }
    $("analysis").dataset.job = job.id;
    for (let wait = FIRST_POLL_MS; !JOB_OVER.has(job.state); wait = Math.min(2 * wait, MAX_POLL_MS)) {
      showProgress(job.progress);
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (state.job !== run) return;
      job = await service.job(run.id);
      if (state.job !== run) return;
    }
  } catch (error) {
    analysisFailed(run, error);
    return;
  }
  if (state.job !== run) return;
  if (job.state !== "done") {
    const problem = job.error ?? { code: `job-${job.state}`, detail: `the analysis job was ${job.state}` };
    analysisFailed(run, new service.ServiceError(problem.status ?? 500, problem));
    return;
  }
  finished(run, job.result);
}

/** Show the analysis ``answer`` of ``run``: how long it took and how much of it the cache had. */
function finished(run, answer) {
  state.job = null;
  showProgress(false);
  const took = (performance.now() - run.started) / 1000;
  const cached = answer.steps.filter((step) => step.cached).length;
  const fromCache = cached === answer.steps.length ? "all from the cache" : `${cached} from the cache`;
  state.analysis = { answer, moves: run.moves, timeMs: run.timeMs };
  $("analysis-status").textContent = `${run.moves.length} moves at ${seconds(run.timeMs)} a position, `
    + `${fromCache}, in ${took.toFixed(1)} s`;
  Object.assign($("analysis").dataset, { state: "done", steps: answer.steps.length, cached, seconds: took.toFixed(3) });
  drawAnalysis();
}

/** A new deal of the game chosen, from the form (its seed empty: a random one, then shown), started. */
async function deal(event) {
  event?.preventDefault();
  const seedText = $("deal-seed").value.trim();
  const asked = ++state.deals;
  const answer = await guarded(() => service.deal(dealRequest(chosenGame(), seedText === "" ? null : Number(seedText))));
  if (!answer || asked !== state.deals) return; // none, or a later deal was asked meanwhile
  const which = answer.deal ? `Deal ${answer.deal}, ` : "";
  const dealer = answer.players ? `${answer.rules}: seat ${answer.dealer}` : answer.dealer;
  $("deal-status").textContent = `${which}${dealer} deals, seed ${answer.seed}`;
  const dealt = answer.players ? { rules: answer.rules, dealer: answer.dealer, seed: answer.seed }
    : { deal: answer.deal, dealer: answer.dealer, seed: answer.seed };
  const started = new Game(answer.position, [], dealt);
  started.remember(answer);
  await start(started);
}

/** A deal from ``position`` (a whole game's next deal), started on the board. */
async function startPosition(position) {
  const asked = ++state.deals; // a deal asked before this one is dropped
  const norm = await guarded(() => lookUp(position));
  if (!norm || asked !== state.deals) return;
  const game = new Game(norm.position);
  game.remember(norm);
  showGame(game.start);
  await start(game);
}

/** A position or a deal record from the paste box; a record's moves are replayed. */
async function setUp(event) {
  event.preventDefault();
  const game = await guarded(async () => {
    const pasted = readPasted($("paste").value);
    const record = pasted.record ?? { position: pasted.position, moves: [] };
    const norm = await lookUp(record.position);
    const moves = kindOf(norm).playable(record.moves ?? []);
    const applied = moves.length ? await kindOf(norm).apply(norm.position, moves, drawSeed(), {}, norm) : null;
    const dealt = pasted.record?.format ? pasted.record.dealt ?? null : null; // a version 2 record's
    const game = new Game(norm.position, applied ? applied.steps : [], dealt);
    game.goTo(0);
    game.remember(norm);
    game.goTo(moves.length);
    if (applied) game.remember(applied);
    return game;
  });
  if (!game) return;
  showGame(game.start); // Deal deals the pasted game from now on
  await start(game);
}

/** Copy the text of ``field`` and say how it went. */
async function copyFrom(field) {
  $("copy-status").textContent = await copyText(field.value, field);
}

/** ← and → step through the moves, unless a field has the keys. */
function onKey(event) {
  if (event.target.closest("input, textarea, select, dialog") || !state.game) return;
  if (event.key === "ArrowLeft" && state.game.canUndo) goTo(state.game.cursor - 1);
  if (event.key === "ArrowRight" && state.game.canRedo) goTo(state.game.cursor + 1);
}

function init() {
  initErrors();
  initChooser(deal);
  initSeries({ startPosition, currentDeal: () => state.game });
  $("deal-form").addEventListener("submit", deal);
  $("paste-form").addEventListener("submit", setUp);
  $("copy-position").addEventListener("click", () => copyFrom($("position-text")));
  $("copy-record").addEventListener("click", () => copyFrom($("record-text")));
  $("undo").addEventListener("click", () => goTo(state.game.cursor - 1));
  $("redo").addEventListener("click", () => goTo(state.game.cursor + 1));
  $("analyse").addEventListener("click", analyse);
  $("analysis-cancel").addEventListener("click", () => cancelAnalysis("on request"));
  window.addEventListener("pagehide", () => {
    if (state.job?.id) service.cancelJobAsThePageLeaves(state.job.id);
  });
  $("bot-move").addEventListener("click", () => botMoves());
  $("budget").addEventListener("change", () => refresh());
  $("fair-view").addEventListener("change", () => refresh());
  $("bot-side").addEventListener("change", () => refresh({ botMay: true }));
  $("your-seat").addEventListener("change", () => refresh({ botMay: true }));
  document.addEventListener("keydown", onKey);
  deal(); // the deal the form shows: sce2's deal 1 (8 cards a hand), S deals, seed 1
}

init();
