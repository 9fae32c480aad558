// The engine module in the browser: hand-written glue against ABI v1 (docs/abi.md, DECISIONS §2)
// and the /evaluate flow of host/src/pipeline.rs, so the page answers exactly as the server does.
//
// The module has zero imports and is instantiated with an empty import object, in a fresh
// instance for every record (both stages in one, the record kept there between them, as the
// server does with one fresh store per request; modules without that pair get one instance per
// stage), so nothing leaks between records. Calls run in a worker under the server's per-stage
// deadline, so a module that loops is stopped and reported, not left to freeze the page. The
// engine reads no clock: `now` and the correlation id come from the caller.

import { StageError, callWithDeadline, lanePool, prepareWorkers } from './runner.js';
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

const utf8 = new TextEncoder();

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
 *   seconds; `lane` the worker lane to run on (a batch's pool), else the page's own
 * @returns {Promise<{status: number, body: object}>}
 */
export async function evaluate(engine, bodyText, { now, correlationId, lane }) {
  const started = performance.now();
  const meta = () => ({
    api_version: API_VERSION,
    process_time_ms: roundMs(performance.now() - started),
    correlation_id: correlationId,
    engine: { version: engine.info.engine_version, rules_version: engine.info.rules_version, sha256: engine.sha256 },
  });

  const stages = engine.keepsRecord ? keptStages : v1Stages;
  const ran = await stages(engine, bodyText, stageContext(now, correlationId), lane);
  const { transformMs, complianceMs } = ran;
  if (ran.transformError !== undefined) {
    return stageFailed('transform', ran.transformError, probeSearchId(bodyText), correlationId,
      { xml_transformer_ms: transformMs, compliance_ms: 0 }, started, meta);
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
      { xml_transformer_ms: transformMs, compliance_ms: complianceMs }, started, meta);
  }
  const evaluated = ran.evaluated;

  const data = {
    search_id: out.search_id ?? null,
    correlation_id: correlationId,
    status: 'success',
    errors: [],
  };
  // Absent (not null) when the data is clean (SPEC).
  if (evaluated.validation !== undefined && evaluated.validation !== null) data.validation = evaluated.validation;
  data.decision = evaluated.decision;
  data.timing = { xml_transformer_ms: transformMs, compliance_ms: complianceMs, total_ms: roundMs(performance.now() - started) };
  return { status: 200, body: { success: true, data, meta: meta() } };
}

// The stage inputs, byte for byte as core-wasm/src/input.rs builds them for the server.

/** `context` of stages 2-3: `{"now", "correlation_id"}` (the page has no tenant overlay). */
function stageContext(now, correlationId) {
  return `{"now":${JSON.stringify(now)},"correlation_id":${JSON.stringify(correlationId)}}`;
}

/** `lookback_evaluate`'s input: the context and stage 1's record, spliced as JSON text. */
function evaluateInput(context, recordJson) {
  return `{"context":${context},"record":${recordJson}}`;
}

/** `lookback_evaluate_kept`'s input: the context alone (the record stayed in the instance). */
function evaluateKeptInput(context) {
  return `{"context":${context}}`;
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
 * record in the instance and stage 2 decides on it, as the server runs them.
 * @returns {Promise<{transformed?: object, evaluated?: object, transformError?: string,
 *   evaluateError?: string, transformMs: number, complianceMs: number}>}
 */
async function keptStages(engine, bodyText, context, lane) {
  const t0 = performance.now();
  let t1 = null; // stage 2's start: stage 1 accepted the record
  let stage1 = null;
  let last;
  let failure;
  try {
    last = await callWithDeadline(engine.module, 'request', utf8.encode(bodyText), STAGE_DEADLINE_MS, lane, {
      context: utf8.encode(evaluateKeptInput(context)),
      onStage2: (text) => { t1 = performance.now(); stage1 = text; },
    });
  } catch (error) {
    failure = error.message;
  }
  const end = performance.now();
  // The last stage's answer read by `read`, or why there is none, under `errorKey`.
  const outcome = (read, errorKey) => {
    if (failure !== undefined) return { [errorKey]: failure };
    try {
      return read();
    } catch (error) {
      return { [errorKey]: error.message };
    }
  };
  if (t1 === null) {
    return {
      transformMs: roundMs(end - t0),
      complianceMs: 0,
      ...outcome(() => ({ transformed: readStage('transform', last, transformAnswer(true)) }), 'transformError'),
    };
  }
  return {
    transformMs: roundMs(t1 - t0),
    complianceMs: roundMs(end - t1),
    transformed: readStage('transform', stage1, transformAnswer(true)),
    ...outcome(() => ({ evaluated: readStage('evaluate', last, evaluateAnswer) }), 'evaluateError'),
  };
}

/** ABI v1: each stage in a fresh instance of its own, the record crossing as JSON. */
async function v1Stages(engine, bodyText, context, lane) {
  const ran = { transformMs: 0, complianceMs: 0 };
  const t0 = performance.now();
  try {
    ran.transformed = await stage(engine, 'lookback_transform', utf8.encode(bodyText), transformAnswer(false), lane);
  } catch (error) {
    return { ...ran, transformMs: roundMs(performance.now() - t0), transformError: error.message };
  }
  ran.transformMs = roundMs(performance.now() - t0);
  if (!ran.transformed.ok) return ran;
  const input = evaluateInput(context, JSON.stringify(ran.transformed.record));
  const t1 = performance.now();
  try {
    ran.evaluated = await stage(engine, 'lookback_evaluate', utf8.encode(input), evaluateAnswer, lane);
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
function stageFailed(stage, reason, searchId, correlationId, timing, started, meta) {
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
        timing: { ...timing, total_ms: roundMs(performance.now() - started) },
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
