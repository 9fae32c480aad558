// The engine module in the browser: hand-written glue against ABI v1 (docs/abi.md, docs/decisions.md §2)
// and the /evaluate flow of host/src/pipeline.rs, so the page answers exactly as the server does.
//
// The module has zero imports and is instantiated with an empty import object, in a fresh
// instance for every record (both stages in one, the record kept there between them, as the
// server does with one fresh store per request; modules without that pair get one instance per
// stage), so nothing leaks between records. Calls run in a worker under the server's per-stage
// deadline, so a module that loops is stopped and reported, not left to freeze the page. The
// engine reads no clock: `now` and the correlation id come from the caller.

import {
  StageError, callWithDeadline, interrupted, lanePool, prepareWorkers, primeMainLane, requestsWithDeadline,
  takeOverWarmUp, warmUp,
} from './runner.js';
import { ABI_VERSION, API_VERSION, STAGE_DEADLINE_MS } from './vocabulary.js';

export { lanePool, prepareWorkers };

const REQUIRED_EXPORTS = {
  memory: 'memory',
  lookback_alloc: 'function',
  lookback_free: 'function',
  lookback_info: 'function',
  lookback_transform: 'function',
  lookback_evaluate: 'function',
};

/** The optional pair that keeps stage 1's record in the instance (docs/abi.md). */
const KEEP_EXPORTS = ['lookback_transform_keep', 'lookback_evaluate_kept'];

/**
 * Fetches module bytes (a GET that carries no record data) and loads them.
 * @param {string} url
 */
export async function fetchModule(url) {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) {
    throw new Error(`could not load the engine module from ${url} (HTTP ${response.status})`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  return loadModule(bytes, response.headers.get('x-engine-sha256'));
}

/**
 * Compiles and checks module bytes: zero imports, every ABI export, `lookback_info` with ABI 1.
 * The sha256 is computed here over the exact bytes, never taken from the server.
 * @param {Uint8Array} bytes
 * @param {string | null} servedSha256 what the server said the digest is, if anything
 */
export async function loadModule(bytes, servedSha256 = null) {
  const module = await WebAssembly.compile(bytes);
  const imports = WebAssembly.Module.imports(module);
  if (imports.length > 0) {
    throw new Error(`module has ${imports.length} import(s); engine modules must have none`);
  }
  const exports = new Map(WebAssembly.Module.exports(module).map((e) => [e.name, e.kind]));
  for (const [name, kind] of Object.entries(REQUIRED_EXPORTS)) {
    if (exports.get(name) !== kind) {
      throw new Error(`module export \`${name}\` is missing or not a ${kind}`);
    }
  }
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  const sha256 = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  const info = JSON.parse(await callWithDeadline(module, 'lookback_info', null, STAGE_DEADLINE_MS));
  if (info.abi !== ABI_VERSION) {
    throw new Error(`module reports ABI version ${info.abi}; this page speaks ABI version ${ABI_VERSION}`);
  }
  return {
    module,
    info,
    /** Both stages run in one instance, the record kept there between them (as the server does). */
    keepsRecord: KEEP_EXPORTS.every((name) => exports.get(name) === 'function'),
    sha256,
    size: bytes.length,
    servedSha256,
    /** The digest computed here equals the one the server announced. */
    verified: servedSha256 === sha256,
  };
}

/**
 * Runs a stage under the deadline; a trap, the deadline or unreadable output becomes a StageError
 * with the host's wording (CallError in runtime/src/limits.rs).
 */
async function stage(engine, name, input, check, lane) {
  const text = await callWithDeadline(engine.module, name, input, STAGE_DEADLINE_MS, lane);
  return readStage(name.replace('lookback_', ''), text, check);
}

/** Milliseconds rounded to microseconds, as the host reports them. */
function roundMs(ms) {
  return Math.round(ms * 1000) / 1000;
}

/**
 * `POST /evaluate` in the browser: transform (stage 1: validation, parse, count gate) → evaluate
 * (stages 2-3) → the envelope, with the HTTP status the server would answer.
 * @param {object} engine from loadModule
 * @param {string} bodyText the request body, exactly as it would be sent
 * @param {{now: string, correlationId: string, lane?: object}} context `now` as RFC 3339 UTC
 *   seconds; `lane` the worker lane to run on, else the page's own
 * @returns {Promise<{status: number, body: object}>}
 */
export async function evaluate(engine, bodyText, { now, correlationId, lane }) {
  const started = performance.now();
  const stages = engine.keepsRecord ? keptStages : v1Stages;
  const ran = await stages(engine, bodyText, contextOf(now, correlationId, engine.dictionary), lane);
  return answerOf(engine, ran, bodyText, correlationId, () => roundMs(performance.now() - started));
}

/**
 * Many `POST /evaluate`s for a batch: `records` (`{engine, bodyText, correlationId}`) go to a
 * worker of `lane` in one message, each in a fresh instance of its own (modules with the
 * kept-record pair; others run one by one as `evaluate` runs them). `onAnswer(i, answer)` is
 * called as record `i` is answered, its timing the worker's own. Resolves with the records that
 * never started because the worker was stopped for another one's deadline: run them again.
 */
export async function evaluateMany(records, { now, lane, onAnswer }) {
  const kept = [];
  for (const [i, r] of records.entries()) {
    if (r.engine.keepsRecord) kept.push(i);
    else onAnswer(i, await evaluate(r.engine, r.bodyText, { now, correlationId: r.correlationId, lane }));
  }
  if (kept.length === 0) return [];
  const stage1 = kept.map(() => null);
  // Where the page saw each record start and its stage 2 start: the timing of a record that
  // failed, which the worker could not say.
  let previous = performance.now();
  const stage2At = kept.map(() => null);
  const answered = kept.map(() => false);
  const answer = (k, outcome) => {
    const r = records[kept[k]];
    const at = performance.now();
    const ms = outcome.ms ?? (stage2At[k] === null ? [at - previous, 0] : [stage2At[k] - previous, at - stage2At[k]]);
    previous = at;
    answered[k] = true;
    const ran = ranOf(stage1[k], outcome, ms);
    onAnswer(kept[k], answerOf(r.engine, ran, r.bodyText, r.correlationId, () => roundMs(ms[0] + ms[1])));
  };
  try {
    const calls = kept.map((i) => ({
      module: records[i].engine.module,
      input: records[i].bodyText,
      context: stage2Input(contextOf(now, records[i].correlationId, records[i].engine.dictionary)),
    }));
    const leftover = await requestsWithDeadline(calls, STAGE_DEADLINE_MS, lane, {
      onStage2: (k, text) => { stage1[k] = text; stage2At[k] = performance.now(); },
      onItem: answer,
    });
    return leftover.map((k) => kept[k]);
  } catch (error) {
    // No worker to run them (it could not start): each record fails as a lone call would.
    for (const k of kept.keys()) if (!answered[k]) answer(k, { error });
    return [];
  }
}

/**
 * Warm-up calls at load. V8 moves a function to its optimising compiler once it has run a set
 * amount, counted per function across every instance of the module, so functions doing little
 * per record take hundreds of records: after 160 calls V8 was still compiling during a
 * reviewer's records, after 960 no longer (README, Performance).
 */
const WARM_UP_CALLS = 960;
/** A warm-up still running by then is stopped (a module that loops on a sample). */
const WARM_UP_LIMIT_MS = 10_000;

/**
 * Readies the page for a reviewer's first record: the page's workers get `engine`'s module and a
 * spare instance of it, then `bodies` (the page's bundled samples, never a reviewer's record) run
 * through it in a worker of its own until V8 has moved the hot code to its optimising compiler,
 * so the first records neither wait for a worker's first instance nor run on (and wait for) the
 * baseline code. Answers are dropped. Resolves with whether the warm-up finished.
 * @param {object} engine from loadModule
 * @param {string[]} bodies request bodies
 */
export async function warmUpEngine(engine, bodies, now) {
  await primeMainLane(engine.module, STAGE_DEADLINE_MS);
  if (!engine.keepsRecord || bodies.length === 0) return false;
  const items = bodies.map((body, i) => ({ input: body, context: stage2Input(contextOf(now, `warm-up-${i}`)) }));
  return warmUp(engine.module, items, WARM_UP_CALLS, WARM_UP_LIMIT_MS);
}

/**
 * A batch about to run `records` records under `engine`: when they are at least as many as the
 * load-time warm-up's calls, they tier V8 up as it would, so a warm-up still running stops now
 * (and counts as done) instead of taking a core from the batch: its 960 calls take 0.6-0.8 s
 * of one core (README, Performance).
 */
export function batchWarmsUp(engine, records) {
  if (engine.keepsRecord && records >= WARM_UP_CALLS) takeOverWarmUp(engine.module);
}

// The stage inputs, byte for byte as core-wasm/src/input.rs builds them for the server.

/**
 * Stage 2's context as JSON: `now` and the correlation id come from the caller, as the host passes
 * them; a charge dictionary (`withDictionary`) is spliced in as the host splices a tenant's.
 */
function contextOf(now, correlationId, dictionary = null) {
  const read = dictionary ? `,"charge_dictionary":${dictionary.input}` : '';
  return `{"now":${JSON.stringify(now)},"correlation_id":${JSON.stringify(correlationId)}${read}}`;
}

/**
 * `engine` reading every record with a charge dictionary (`dictionary.js` `Draft.forEngine`), as
 * the server reads a tenant's: the same module, the dictionary in its context and in `meta`.
 * Throws for a module that reads no dictionaries (the server would send it none).
 */
export function withDictionary(engine, dictionary) {
  if (!(engine.info.charge_dictionary >= 1)) {
    throw new Error(`module ${engine.info.engine_version} does not read charge dictionaries`);
  }
  return { ...engine, dictionary };
}

/** `lookback_evaluate_kept`'s input: the context alone (the record stayed in the instance). */
function stage2Input(context) {
  return `{"context":${context}}`;
}

/** `lookback_evaluate`'s input: the context and stage 1's record, spliced as JSON text. */
function evaluateInput(context, recordJson) {
  return `{"context":${context},"record":${recordJson}}`;
}

/**
 * The answer to one request from what its stages gave (`ran`, see keptStages), as the server
 * would send it; `elapsed()` is the time it took, in milliseconds.
 */
function answerOf(engine, ran, bodyText, correlationId, elapsed) {
  // `read`: the answer's decision was made with the engine's dictionary (the server names it then only).
  const meta = (read = false) => ({
    api_version: API_VERSION,
    process_time_ms: elapsed(),
    correlation_id: correlationId,
    engine: { version: engine.info.engine_version, rules_version: engine.info.rules_version, sha256: engine.sha256 },
    ...(read && engine.dictionary
      ? { dictionary: { tenant_id: engine.dictionary.tenantId, version: engine.dictionary.version } } : {}),
  });
  const { transformMs, complianceMs } = ran;
  if (ran.transformError !== undefined) {
    return stageFailed('transform', ran.transformError, probeSearchId(bodyText), correlationId,
      { xml_transformer_ms: transformMs, compliance_ms: 0 }, elapsed, meta);
  }
  const out = ran.transformed;
  if (!out.ok) {
    if (out.http_status === 422) return validationRequired(out, correlationId, meta);
    const message = out.message ?? 'invalid request';
    const errors = Array.isArray(out.errors) && out.errors.length > 0 ? out.errors : [message];
    return {
      status: 400,
      body: { success: false, error: { code: 'INVALID_REQUEST', message, errors }, meta: meta() },
    };
  }
  // The server also checks record.tenant_id against the caller's token; the page has no token.
  if (ran.evaluateError !== undefined) {
    return stageFailed('compliance', ran.evaluateError, out.search_id ?? null, correlationId,
      { xml_transformer_ms: transformMs, compliance_ms: complianceMs }, elapsed, meta);
  }
  const evaluated = ran.evaluated;

  const data = {
    search_id: out.search_id ?? null,
    correlation_id: correlationId,
    status: 'success',
    errors: [],
  };
  // Absent (not null) when the data is clean (docs/api.md).
  if (evaluated.validation !== undefined && evaluated.validation !== null) data.validation = evaluated.validation;
  data.decision = evaluated.decision;
  data.timing = { xml_transformer_ms: transformMs, compliance_ms: complianceMs, total_ms: elapsed() };
  return { status: 200, body: { success: true, data, meta: meta(true) } };
}

/** Checks stage 1's answer: an accepted one must carry the record unless it was kept. */
function transformAnswer(kept) {
  return (o) => {
    if (!kept && o.ok === true && (o.record === undefined || o.record === null)) {
      throw new StageError('invalid module output: transform answer has no record');
    }
    return o;
  };
}

/** Checks stage 2's answer. */
function evaluateAnswer(o) {
  if (o.ok !== true) throw new StageError(o.message ?? 'no decision');
  if (o.decision === undefined || o.decision === null) {
    throw new StageError('invalid module output: evaluate answer has no decision');
  }
  return o;
}

/** Reads a stage's output text with `check`; unreadable output is a StageError. */
function readStage(name, text, check) {
  try {
    return check(JSON.parse(text));
  } catch (error) {
    if (error instanceof StageError) throw error;
    throw new StageError(`invalid module output: ${name} answer is not the expected JSON`);
  }
}

/**
 * Both stages in one fresh instance, one worker message (worker.js `request`): stage 1 keeps the
 * record in the instance and stage 2 decides on it, as the server runs them. The stages' times
 * are the worker's own, around each stage, as the server times its stages: the page hears stage
 * 2 start two messages between threads late, which put both into stage 1's figure (README,
 * Performance). A call the worker could not time (a trap, the deadline, a dead worker) is timed by
 * the page: to when it heard stage 2 start, and to the end.
 * @returns {Promise<{transformed?: object, evaluated?: object, transformError?: string,
 *   evaluateError?: string, transformMs: number, complianceMs: number}>}
 */
async function keptStages(engine, bodyText, context, lane) {
  const t0 = performance.now();
  let t1 = null; // when the page heard stage 2 start: stage 1 accepted the record
  let stage1 = null;
  let outcome = null; // stays null when the call never ran (interrupted): an Error only then
  try {
    await requestsWithDeadline([{ module: engine.module, input: bodyText, context: stage2Input(context) }],
      STAGE_DEADLINE_MS, lane, {
        onStage2: (_, text) => { t1 = performance.now(); stage1 = text; },
        onItem: (_, result) => { outcome = result; },
      });
  } catch (error) {
    outcome = { error };
  }
  const end = performance.now();
  const ms = outcome?.ms ?? (t1 === null ? [end - t0, 0] : [t1 - t0, end - t1]);
  return ranOf(stage1, outcome ?? { error: interrupted() }, ms);
}

/**
 * What a `request` gave: stage 1's answer when stage 2 ran (else null), the outcome of the last
 * stage (`{text}` or `{error}`), and the two stages' times.
 */
function ranOf(stage1, { text, error }, [transformMs, complianceMs]) {
  const ms = { transformMs: roundMs(transformMs), complianceMs: roundMs(complianceMs) };
  // The last stage's answer read by `read`, or why there is none, under `errorKey`.
  const outcome = (read, errorKey) => {
    if (error !== undefined) return { [errorKey]: error.message };
    try {
      return read();
    } catch (failure) {
      return { [errorKey]: failure.message };
    }
  };
  if (stage1 === null) {
    return { ...ms, ...outcome(() => ({ transformed: readStage('transform', text, transformAnswer(true)) }), 'transformError') };
  }
  return {
    ...ms,
    transformed: readStage('transform', stage1, transformAnswer(true)),
    ...outcome(() => ({ evaluated: readStage('evaluate', text, evaluateAnswer) }), 'evaluateError'),
  };
}

/** ABI v1: each stage in a fresh instance of its own, the record crossing as JSON. */
async function v1Stages(engine, bodyText, context, lane) {
  const ran = { transformMs: 0, complianceMs: 0 };
  const t0 = performance.now();
  try {
    ran.transformed = await stage(engine, 'lookback_transform', bodyText, transformAnswer(false), lane);
  } catch (error) {
    return { ...ran, transformMs: roundMs(performance.now() - t0), transformError: error.message };
  }
  ran.transformMs = roundMs(performance.now() - t0);
  if (!ran.transformed.ok) return ran;
  const input = evaluateInput(context, JSON.stringify(ran.transformed.record));
  const t1 = performance.now();
  try {
    ran.evaluated = await stage(engine, 'lookback_evaluate', input, evaluateAnswer, lane);
  } catch (error) {
    ran.evaluateError = error.message;
  }
  ran.complianceMs = roundMs(performance.now() - t1);
  return ran;
}

/** 422 `validation_required`: the count gate refused the cases[] mapping. */
function validationRequired(out, correlationId, meta) {
  const message = out.message ?? '';
  return {
    status: 422,
    body: {
      success: false,
      data: {
        search_id: out.search_id ?? null,
        correlation_id: correlationId,
        status: 'validation_required',
        errors: [`xml_transformer failed with HTTP error 422: ${message}`],
        degradation: {
          xml_transformer: { status: 'failed', error: message },
          compliance_engine: { status: 'not_called', error: null },
        },
      },
      meta: meta(),
    },
  };
}

/**
 * 500 `failed`: a stage trapped, ran out of time or answered garbage. After a good transform the
 * server answers 206 with its native fail-safe decision (every charge to human review); the page
 * has no native engine, so it reports the compliance failure without a decision instead.
 * @param {'transform' | 'compliance'} stage
 */
function stageFailed(stage, reason, searchId, correlationId, timing, elapsed, meta) {
  const inTransform = stage === 'transform';
  return {
    status: 500,
    body: {
      success: false,
      data: {
        search_id: searchId,
        correlation_id: correlationId,
        status: 'failed',
        errors: [`${inTransform ? 'xml_transformer' : 'compliance engine'} failed: ${reason}`],
        degradation: {
          xml_transformer: inTransform ? { status: 'failed', error: reason } : { status: 'available', error: null },
          compliance_engine: inTransform ? { status: 'not_called', error: null } : { status: 'failed', error: reason },
        },
        timing: { ...timing, total_ms: elapsed() },
      },
      meta: meta(),
    },
  };
}

/** `record.search_id` of a body, read only on the failure path (the module could not say it). */
function probeSearchId(bodyText) {
  try {
    const id = JSON.parse(bodyText)?.record?.search_id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

/** Now as RFC 3339 UTC with seconds precision, e.g. `2026-11-22T05:00:00Z`. */
export function nowRfc3339() {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}
