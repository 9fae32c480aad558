// Runs many records through one or two module versions on a small pool of workers (each
// instantiates the same compiled module, sent to it once; many records to a message), and
// reduces each answer to a row of outcomes. With two versions, a row differs when the HTTP
// status, the record's decision or queue, or any charge's decision or queue differs. No DOM here.

import { batchWarmsUp, evaluateMany, lanePool } from './engine.js';
import { chargesOf } from './summary.js';
import { differingCharges } from './render.js';
import { LABELS } from './vocabulary.js';

/**
 * Workers in a batch's pool: enough to use the cores, few enough to leave the page responsive.
 * `?workers=N` (1 to 8) in the page's address sets it, to measure what the pool gains.
 */
export function poolSize() {
  const asked = Number(new URLSearchParams(location.search).get('workers'));
  if (Number.isInteger(asked) && asked >= 1 && asked <= 8) return asked;
  return Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2)));
}

/** The outcome of one answer, as a batch row shows it. */
export function outcomeOf({ status, body }) {
  const data = body?.data ?? {};
  const decision = data.decision ?? null;
  const counts = Object.fromEntries(LABELS.map((label) => [label, 0]));
  for (const { offense } of chargesOf(decision)) {
    if (offense.charge_decision in counts) counts[offense.charge_decision] += 1;
  }
  return {
    status,
    searchId: data.search_id ?? null,
    decision: decision?.record_decision ?? null,
    queue: decision?.search_queue ?? null,
    counts,
    ms: body?.meta?.process_time_ms ?? null,
    error: body?.error?.message ?? (decision ? null : (data.errors ?? [])[0] ?? null),
  };
}

/** Why two answers for the same record differ, or null when they agree. */
export function differenceOf(a, b) {
  const reasons = [];
  const [x, y] = [outcomeOf(a), outcomeOf(b)];
  if (x.status !== y.status) reasons.push(`HTTP ${x.status} / ${y.status}`);
  if (x.decision !== y.decision) reasons.push('record decision');
  if (x.queue !== y.queue) reasons.push('search queue');
  const charges = [...differingCharges(a, b)].map((key) => key.split('\u0000').join('/'));
  return reasons.length === 0 && charges.length === 0 ? null : { reasons, charges };
}

/** Records in flight per worker: two messages, so a worker finds the next when it finishes one. */
const MESSAGES_IN_FLIGHT = 2;
/** Records per message at most; fewer near the end, so the workers finish together. */
const CHUNK = 16;

/**
 * Evaluates every record under each engine (the first is the active one) on a pool of workers,
 * many records to a message (engine.js `evaluateMany`).
 * @param {{source: string, text?: string, problem?: string}[]} records
 * @param {object[]} engines one or two loaded modules
 * @param {{now: string, onProgress: (done: number, total: number) => void, superseded: () => boolean}} options
 *   `superseded` says a newer batch has started: the workers stop taking records
 * @returns {Promise<object[]>} one row per record, in the records' order (incomplete if superseded)
 */
export async function runBatch(records, engines, { now, onProgress, superseded }) {
  const rows = new Array(records.length);
  const answers = records.map(() => []);
  let done = 0;
  const finish = (index) => {
    const record = records[index];
    const row = { index, source: record.source, text: record.text ?? null, outcomes: [], difference: null };
    if (record.problem !== undefined) {
      row.problem = record.problem;
    } else {
      const got = answers[index];
      row.outcomes = got.map(outcomeOf);
      if (got.length === 2) row.difference = differenceOf(got[0], got[1]);
    }
    answers[index] = null;
    rows[index] = row;
    done += 1;
    onProgress(done, records.length);
  };
  // Every (record, engine) pair still to run, in order; a record without a body is done at once.
  const queue = [];
  for (const [index, record] of records.entries()) {
    if (record.problem !== undefined) finish(index);
    else for (const engine of engines.keys()) queue.push({ index, engine });
  }
  batchWarmsUp(engines[0], queue.length / engines.length);
  const lanes = lanePool(Math.min(poolSize(), Math.max(1, queue.length)));

  /** One message's worth of pairs on `lane`; pairs its worker never started go back in front. */
  const runChunk = async (lane) => {
    const size = Math.max(1, Math.min(CHUNK, Math.floor(queue.length / (lanes.length * MESSAGES_IN_FLIGHT))));
    const chunk = queue.splice(0, size);
    const calls = chunk.map(({ index, engine }) => ({
      engine: engines[engine], bodyText: records[index].text, correlationId: crypto.randomUUID(),
    }));
    const leftover = await evaluateMany(calls, {
      now,
      lane,
      onAnswer: (i, answer) => {
        const { index, engine } = chunk[i];
        answers[index][engine] = answer;
        if (answers[index].filter(Boolean).length === engines.length) finish(index);
      },
    });
    queue.unshift(...leftover.map((i) => chunk[i]));
  };
  const work = async (lane) => {
    const inFlight = new Set();
    while (true) {
      while (inFlight.size < MESSAGES_IN_FLIGHT && queue.length > 0 && !superseded()) {
        const message = runChunk(lane).finally(() => inFlight.delete(message));
        inFlight.add(message);
      }
      if (inFlight.size === 0) return;
      await Promise.race(inFlight);
    }
  };
  try {
    await Promise.all(lanes.map(work));
  } finally {
    for (const lane of lanes) lane.close();
  }
  return rows;
}

/** One CSV field (RFC 4180), with a leading formula character defused for spreadsheets. */
function csvField(value) {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV of the rows that differ between the two versions. */
export function differencesCsv(rows, versions) {
  const header = ['source', 'search_id',
    'status_a', 'decision_a', 'queue_a', 'status_b', 'decision_b', 'queue_b',
    'version_a', 'version_b', 'differs_in', 'differing_charges'];
  const lines = [header.join(',')];
  for (const row of rows) {
    if (!row.difference) continue;
    const [a, b] = row.outcomes;
    lines.push([row.source, a.searchId ?? b.searchId,
      a.status, a.decision, a.queue, b.status, b.decision, b.queue,
      versions[0], versions[1],
      row.difference.reasons.join('; ') || 'charges',
      row.difference.charges.join(' ')].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
