/**
 * The service's endpoints, as the board calls them: JSON in, JSON out, on the page's own
 * origin (URLs relative to /board/, so a service mounted under a prefix works too).
 * A problem+json answer, or no answer at all, becomes a ServiceError carrying the
 * problem's code, detail and field, so that the page can always show what went wrong.
 */

const RETRIES = 3; // a 503 that says Retry-After is tried again this many times
const MAX_RETRY_WAIT_S = 5;
const FAIR_SAMPLES = 16; // deals a fair hint samples: the service's default, enough at a hint's budget

/** A refusal from the service (or its silence): status 0 means no answer came. */
export class ServiceError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || "error";
    this.detail = this.message;
    this.field = problem.field ?? null;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The answer's JSON, or a problem made of its status when the body is not JSON. */
async function answer(response) {
  try {
    return await response.json();
  } catch {
    return { code: "bad-answer", detail: `HTTP ${response.status} ${response.statusText}: not JSON` };
  }
}

/** ``method`` (POST with ``body``, GET or DELETE) on ``endpoint`` (under /v1/); the answer's JSON,
 * or a ServiceError. A 503 that says Retry-After is tried again, RETRIES times at most. */
async function call(method, endpoint, body = undefined) {
  for (let attempt = 0; ; attempt += 1) {
    let response;
    try {
      response = await fetch(`../v1/${endpoint}`, {
        method,
        headers: body === undefined ? { Accept: "application/json" }
          : { "Content-Type": "application/json", Accept: "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ServiceError(0, { code: "no-answer", detail: `the service did not answer (${error.message})` });
    }
    const retryAfter = Number(response.headers.get("Retry-After"));
    if (response.status === 503 && attempt < RETRIES && response.headers.has("Retry-After")) {
      await sleep(Math.min(retryAfter, MAX_RETRY_WAIT_S) * 1000);
      continue;
    }
    const data = await answer(response);
    if (!response.ok) throw new ServiceError(response.status, data);
    return data;
  }
}

const post = (endpoint, body) => call("POST", endpoint, body);

/** A starting position: ``request`` is /v1/deal's body (the game's ``rules``, sce2's when left out, the
 * deal number, the dealer, the seed: a random one when left out). */
export const deal = (request) => post("deal", request);

/** The cube and resignation hints before a deal of a game (POST /v1/cube): ``context`` its keys. */
export const cube = (context) => post("cube", context);

/** A whole game's record (POST /v1/game-record): ``game`` its seed, players, each finished deal's
 * moves, the deal under way's and the cube actions; the answer is the record (as eights play
 * --series writes it), whether the game is over, and the next deal to play ({number, position}). */
export const gameRecord = (game) => post("game-record", game);

/** A whole game's analysis (POST /v1/game-analysis): its cube, resignation and move errors, ratings. */
export const gameAnalysis = (record, depth) => post("game-analysis", { record, depth });

/** The canonical forms of ``position`` (either form), its counts and any score (a finished deal's too). */
export const normalise = (position) => post("positions/normalise", { position });

/** The state of ``position`` (either form) as /v1/deal and /v1/apply give it: its canonical forms,
 * the hand and side to act, the piles and its legal moves, each with what it does; a ServiceError
 * ``deal-over`` for a finished deal. */
export const legalMoves = (position) => post("moves", { position });

/** Every legal move's value for the side to act, searched for ``timeMs``. */
export const hint = (position, timeMs) => post("hint", { position, time_ms: timeMs });

/** Every legal move's mean value for the side to act over FAIR_SAMPLES deals sampled from
 * ``seat``'s view of ``position`` (the full position: the service forgets the hidden cards),
 * searched for ``timeMs`` in all. */
export const fairHint = (position, seat, timeMs) =>
  post("fair-hint", { position: `${position} view:${seat}`, samples: FAIR_SAMPLES, time_ms: timeMs });

/** A family game's fair hint of ``view`` (a position seen from the seat to act, which names its rules: her
 * hand, the other hands as their counts, ``view`` her seat): every legal move's mean value for her over
 * FAIR_SAMPLES deals sampled from what she cannot see, searched for ``timeMs`` in all. */
export const familyFairHint = (view, timeMs) =>
  post("fair-hint", { position: view, samples: FAIR_SAMPLES, time_ms: timeMs });

/** What /v1/apply is to hint with the position it reaches, when one of ``sides`` is to act there (a
 * family game's seats, by number, under ``key`` "players"):
 * with ``fair``, a fair hint (``fair_hint``: from the side to act's view, over FAIR_SAMPLES deals, as
 * ``fairHint`` asks it), else the double-dummy one (``hint``), searched for ``timeMs``. */
export const nextHints = (sides, timeMs, fair, key = "sides") => (fair
  ? { fair_hint: { [key]: sides, samples: FAIR_SAMPLES, time_ms: timeMs } }
  : { hint: { [key]: sides, time_ms: timeMs } });

/** ``moves`` played from ``position``; draws naming no cards take them from ``seed``. The answer is
 * also the state of the position reached (as ``legalMoves`` gives it), and with ``hints`` (as
 * ``nextHints`` makes them) its ``hint`` or ``fair_hint`` of that position when one of their sides
 * is to act there (or null). */
export const apply = (position, moves, seed, hints = {}) => post("apply", { position, moves, seed, ...hints });

/** The move of the computer, which plays against a person (``against: person``), for the side to
 * act, played: its ``played`` is /v1/apply's answer for it (its draws from ``seed`` too). ``bot``
 * empty leaves the bot to the service: its default against a person, the fair bot, which never sees
 * the person's concealed hand; a bot named is played as named (solver:... is double dummy). A family
 * game's position names its ``rules`` too. */
export const botMove = (position, bot, seed, rules = null) =>
  post("bot-move", { position, ...(rules ? { rules } : {}), against: "person", ...(bot ? { bot } : {}), seed, play: true });

/** Start the analysis of a deal ``record`` (each position searched for ``timeMs``) as a job: the
 * job (202), whose ``id`` the calls below take. The job's own ``kind`` (analyse) stands in the
 * body for the record's (deal), as POST /v1/jobs asks. */
export function startAnalysis(record, timeMs) {
  const fields = { ...record };
  delete fields.kind;
  return post("jobs", { kind: "analyse", ...fields, time_ms: timeMs });
}

/** A job: its ``state`` (queued, running, done, failed, cancelled, lost), ``progress`` ({done, total}),
 * and when done its ``result`` (for an analysis, /v1/analyse's answer), when failed its ``error``. */
export const job = (id) => call("GET", `jobs/${encodeURIComponent(id)}`);

/** Cancel job ``id``: its searches not yet under way never start. */
export const cancelJob = (id) => call("DELETE", `jobs/${encodeURIComponent(id)}`);

/** Cancel job ``id`` as the page leaves: the request outlives the page (``keepalive``), and
 * nobody waits for its answer. */
export function cancelJobAsThePageLeaves(id) {
  fetch(`../v1/jobs/${encodeURIComponent(id)}`, { method: "DELETE", keepalive: true }).catch(() => {});
}
