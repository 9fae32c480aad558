// Benchmark (scripts/bench.sh): the reviewer page in Debian's Chromium, and its module in V8 under
// Node, against the server, in the same run. Prints one JSON line.
//
// - Per evaluation: the page's time against the server's for the same body. The page is driven
//   through its own glue (web-demo/engine.js: the active module, a fresh instance per record in a
//   worker, as a user's evaluation runs); the server through sequential `POST /evaluate` calls.
//   Both report the same `data.timing` (stage 1, stages 2-3, total); the page's is measured with
//   `performance.now()`. Both sides first answer BENCH_WARMUP unmeasured calls: V8 starts the
//   module on its baseline compiler and moves hot functions to its optimising one only after
//   they have run a while, so the first calls measure the tiering, not the page; and the page's
//   own warm-up (960 calls in a worker of its own) is waited out, as a reviewer's first click
//   would: running beside it, the rounds shared the 2 cores with it. As many rounds
//   again are traced (`traced`): the worker's task per call (wall and CPU), whether the call found
//   its instance ready, the main thread's CPU per call and V8's tier-up meanwhile; the rest of the
//   page's time is the messages to the worker and back. Back to back, a call can meet the other
//   worker still instantiating its spare and the two share the cores; `paced` is as many rounds
//   again, each 50 ms after the last answer, as a reviewer's clicks come: the workers idle.
//   `messages_only`: the page's three messages a call (the body to a worker; stage 2's start and
//   the answer back, texts about as long) through a worker that does nothing else, back to
//   back and paced: what any page running the module off its main thread pays before the work.
//   `first_ms`: a reviewer's first record, 1 s after the browser's first page is ready.
// - A batch: BENCH_BATCH records (every bundled sample in turn) chosen as one NDJSON file in the
//   page's "Many records" input, timed in the page from the input's change event to the finished
//   table drawn (`all_rows_ms`: to every row drawn, a frame later), in a page just loaded (its
//   module compiled and tiered up during the batch, as a reviewer's first batch) and once more
//   in the same page. A Chrome trace of the first says
//   where the CPU went: the page's main thread (answers read, progress, the table), the workers
//   (of it, instantiation), V8's background threads (optimising compiler, garbage collector).
// - V8 alone (Node, no page, no worker): the module fetched from the server, both stages of the
//   body through the kept-record pair, in a fresh instance per round against one instance reused
//   (what isolation costs V8; wasmtime's figure is `request_breakdown`), and instantiation alone.
//
// Environment: LOOKBACK_BASE_URL, LOOKBACK_BENCH_TOKEN (a bearer token), BENCH_BODY (a file),
// BENCH_ROUNDS (default 30), BENCH_WARMUP (default 30), BENCH_BATCH (default 1000; 0 skips the
// batch), LOOKBACK_CHROMIUM (default /usr/bin/chromium).

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { chromium } from 'playwright-core';

const BASE = process.env.LOOKBACK_BASE_URL;
const TOKEN = process.env.LOOKBACK_BENCH_TOKEN;
const BODY_FILE = process.env.BENCH_BODY;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const BATCH = Number(process.env.BENCH_BATCH ?? 1000);
const CHROMIUM = process.env.LOOKBACK_CHROMIUM ?? '/usr/bin/chromium';
for (const [name, value] of Object.entries({ LOOKBACK_BASE_URL: BASE, LOOKBACK_BENCH_TOKEN: TOKEN, BENCH_BODY: BODY_FILE })) {
  if (!value) throw new Error(`${name} is not set`);
}
if (!(ROUNDS >= 1)) throw new Error('BENCH_ROUNDS must be a positive number');
if (!(WARMUP >= 0)) throw new Error('BENCH_WARMUP must be a number, 0 or more');
if (!(BATCH >= 0)) throw new Error('BENCH_BATCH must be a number, 0 or more');
const body = readFileSync(BODY_FILE, 'utf8');

// The browser test's flags (tests/browser/demo.test.mjs): containers, no GPU, nothing phoning home.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round3 = (ms) => Math.round(ms * 1000) / 1000;

/** Medians of `data.timing` over answers that must all be 200. */
function summarise(where, answers) {
  const bad = answers.find((a) => a.status !== 200 || !a.timing);
  if (bad) throw new Error(`${where}: HTTP ${bad.status} without timing`);
  const of = (key) => round3(median(answers.map((a) => a.timing[key])));
  return { transform_ms: of('xml_transformer_ms'), evaluate_ms: of('compliance_ms'), total_ms: of('total_ms') };
}

async function serverRounds() {
  const answers = [];
  for (let i = 0; i < WARMUP + ROUNDS; i += 1) {
    const response = await fetch(`${BASE}/evaluate`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body,
    });
    const answer = await response.json();
    if (i >= WARMUP) answers.push({ status: response.status, timing: answer?.data?.timing });
  }
  return summarise('server', answers);
}

async function openPage(browser) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  await page.goto(`${BASE}/demo/`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  return page;
}

/**
 * `warmup` then `rounds` evaluations of the body in the page, one after the other, each `gapMs`
 * after the last answer; their answers.
 */
function evaluateInPage(page, rounds, warmup, gapMs = 0) {
  return page.evaluate(async ({ body, rounds, warmup, gapMs }) => {
    const engine = await import(new URL('engine.js', location.href).href);
    await engine.prepareWorkers();
    window.benchModule ??= await engine.fetchModule(new URL('../engine/active.wasm', location.href));
    const out = [];
    for (let i = 0; i < warmup + rounds; i += 1) {
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const answer = await engine.evaluate(window.benchModule, body, { now: engine.nowRfc3339(), correlationId: `bench-${i}` });
      if (i >= warmup) out.push({ status: answer.status, timing: answer.body?.data?.timing });
    }
    return out;
  }, { body, rounds, warmup, gapMs });
}

/** Between two paced evaluations: a reviewer's clicks are far apart, the workers idle. */
const PACED_GAP_MS = 50;

/** Between a page's load and a reviewer's first record: choosing it. */
const READING_MS = 1000;

/**
 * A reviewer's first record: the browser's first page, `READING_MS` after it is ready, one
 * evaluation (its `total_ms`); first, so no earlier page's compiled code is there to share.
 */
async function firstEvaluation(browser) {
  const page = await openPage(browser);
  await page.waitForTimeout(READING_MS);
  const [answer] = await evaluateInPage(page, 1, 0);
  await page.close();
  return summarise('browser, first', [answer]).total_ms;
}

/**
 * `rounds` calls' time (ms, medians back to back and paced) through a worker that only answers:
 * the page's messages a call (worker.js `request`), texts about as long as the page's call moves.
 */
function messagesOnly(page, rounds, answer) {
  return page.evaluate(async ({ body, rounds, warmup, gapMs, stage1, answer }) => {
    const source = `onmessage = ({ data }) => { postMessage({ id: data.id, item: 0, transformed: ${JSON.stringify(stage1)} });`
      + ` postMessage({ id: data.id, item: 0, text: ${JSON.stringify(answer)}, ms: [0, 0] }); };`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const call = (id) => new Promise((resolve) => {
      const started = performance.now();
      worker.onmessage = ({ data }) => { if ('text' in data) resolve(performance.now() - started); };
      worker.postMessage({ id, add: [], name: 'request', items: [{ key: 1, input: body, context: '{"context":{}}' }] });
    });
    const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
    const out = {};
    for (const [name, gap] of [['back_to_back_ms', 0], ['paced_ms', gapMs]]) {
      const times = [];
      for (let i = 0; i < warmup + rounds; i += 1) {
        if (gap > 0) await new Promise((resolve) => setTimeout(resolve, gap));
        const ms = await call(i);
        if (i >= warmup) times.push(ms);
      }
      out[name] = Math.round(median(times) * 1000) / 1000;
    }
    worker.terminate();
    return out;
  }, { body, rounds, warmup: WARMUP, gapMs: PACED_GAP_MS, ...answer });
}

/** Stage 1's and the last stage's answer texts for the body, as the page's worker posts them. */
function answerTexts(page) {
  return page.evaluate(async ({ body }) => {
    const engine = await import(new URL('engine.js', location.href).href);
    const answer = await engine.evaluate(window.benchModule, body, { now: engine.nowRfc3339(), correlationId: 'bench-texts' });
    const { search_id: searchId } = answer.body.data;
    return {
      stage1: JSON.stringify({ ok: true, search_id: searchId, tenant_id: null }),
      answer: JSON.stringify({ ok: true, decision: answer.body.data.decision }),
    };
  }, { body });
}

/** The measured rounds, then as many again traced: where one evaluation's time goes. */
async function pageRounds(browser) {
  const page = await openPage(browser);
  // The page's warm-up ends with `data-warm` set (web-demo/app.js).
  await page.waitForSelector('body[data-warm]', { state: 'attached', timeout: 60_000 });
  const timing = summarise('browser', await evaluateInPage(page, ROUNDS, WARMUP));
  const paced = summarise('browser, paced', await evaluateInPage(page, ROUNDS, 0, PACED_GAP_MS));
  const messages = await messagesOnly(page, ROUNDS, await answerTexts(page));
  const dir = mkdtempSync(join(tmpdir(), 'lookback-bench-'));
  try {
    const path = join(dir, 'rounds.json');
    await browser.startTracing(page, { path, categories: ['toplevel', 'devtools.timeline', 'v8.wasm'] });
    await evaluateInPage(page, ROUNDS, 0);
    await browser.stopTracing();
    await page.close();
    return { ...timing, paced, messages_only: messages, traced: roundsOfTrace(JSON.parse(readFileSync(path, 'utf8'))) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The page's renderer process in a trace, its events by thread name. */
function rendererOf(trace) {
  const events = trace.traceEvents ?? trace;
  const threads = new Map();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}/${e.tid}`, e.args.name);
  }
  const thread = (e) => threads.get(`${e.pid}/${e.tid}`) ?? '';
  const pid = events.find((e) => e.ph === 'X' && thread(e) === 'DedicatedWorker thread')?.pid;
  return { thread, events: events.filter((e) => e.ph === 'X' && e.pid === pid) };
}

/**
 * Single evaluations traced: each call's task in its worker (both stages and the glue around
 * them, without instantiating the next call's instance after it; wall and CPU time), whether it
 * found its instance ready (its only instantiation is the one for the next call), the CPU of the
 * page's main thread per call, and of V8's background tier-up meanwhile.
 */
function roundsOfTrace(trace) {
  const { thread, events } = rendererOf(trace);
  const worker = events.filter((e) => thread(e) === 'DedicatedWorker thread');
  const calls = worker.filter((e) => e.name === 'HandlePostMessage').map((task) => {
    const made = worker.filter((e) => e.tid === task.tid && e.name === 'wasm.SyncInstantiate'
      && e.ts >= task.ts && e.ts < task.ts + task.dur);
    const next = made.at(-1);
    return { ms: (task.dur - (next?.dur ?? 0)) / 1000, cpu: (task.tdur - (next?.tdur ?? 0)) / 1000, spare: made.length === 1 };
  });
  const cpu = (filter) => events.filter(filter).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000;
  const main = cpu((e) => thread(e) === 'CrRendererMain' && e.name === 'ThreadControllerImpl::RunTask');
  return {
    calls: calls.length,
    worker_call_ms: round3(median(calls.map((c) => c.ms))),
    worker_call_cpu_ms: round3(median(calls.map((c) => c.cpu))),
    spare_instance_used: calls.filter((c) => c.spare).length,
    main_thread_ms_per_call: round3(main / Math.max(1, calls.length)),
    v8_tier_up_ms: round3(cpu((e) => thread(e).startsWith('ThreadPool') && e.name === 'wasm.ExecuteCompilationUnits')),
  };
}

/**
 * Chooses `file` in the batch input; milliseconds from the input's change event to the finished
 * table drawn (the frame after it: `table`), and to every row of it drawn (`all_rows`: the page
 * draws the first rows with the table and the rest a frame later, web-demo/batch-view.js),
 * measured in the page.
 */
async function timeBatch(page, file) {
  await page.setInputFiles('#batch-files', []);
  await page.evaluate(() => {
    const batch = document.getElementById('batch');
    delete batch.dataset.done;
    delete batch.dataset.shown;
    window.batchTime = new Promise((resolve) => {
      document.getElementById('batch-files').addEventListener('change', ({ timeStamp }) => {
        const drawn = () => new Promise((done) => requestAnimationFrame(() => setTimeout(() => done(Math.round(performance.now() - timeStamp)))));
        let table = null;
        const observer = new MutationObserver(() => {
          if (!batch.dataset.done) return;
          table ??= drawn();
          // A page that draws every row with the table says nothing more.
          const filling = batch.querySelector('.batch-table.filling');
          if (batch.dataset.shown !== batch.dataset.done && filling) return;
          observer.disconnect();
          Promise.all([table, drawn()]).then(([first, all]) => resolve({ table: first, all_rows: all }));
        });
        observer.observe(batch, { attributes: true, attributeFilter: ['data-done', 'data-shown'] });
      }, { once: true });
    });
  });
  await page.setInputFiles('#batch-files', file);
  return page.evaluate(() => window.batchTime);
}

/**
 * Where the CPU went during a traced batch, in milliseconds of thread time: the page's renderer
 * process only (its main thread, its workers, V8's background threads).
 */
function cpuOfTrace(trace) {
  const { thread, events } = rendererOf(trace);
  const cpu = (filter) => round3(events.filter(filter).reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0) / 1000);
  const count = (filter) => events.filter(filter).length;
  const task = (e) => e.name === 'ThreadControllerImpl::RunTask' || e.name === 'ThreadPool_RunTask';
  const main = (e) => thread(e) === 'CrRendererMain';
  const worker = (e) => thread(e) === 'DedicatedWorker thread';
  const background = (e) => thread(e).startsWith('ThreadPool');
  return {
    main_thread_ms: cpu((e) => main(e) && task(e)),
    main_thread_messages: { count: count((e) => main(e) && e.name === 'HandlePostMessage'), ms: cpu((e) => main(e) && e.name === 'HandlePostMessage') },
    main_thread_rendering_ms: cpu((e) => main(e) && ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint'].includes(e.name)),
    workers_ms: cpu((e) => worker(e) && task(e)),
    workers_instantiate: { count: count((e) => worker(e) && e.name === 'wasm.SyncInstantiate'), ms: cpu((e) => worker(e) && e.name === 'wasm.SyncInstantiate') },
    v8_background_ms: cpu((e) => background(e) && task(e)),
    v8_background_tier_up_ms: cpu((e) => background(e) && e.name === 'wasm.ExecuteCompilationUnits'),
  };
}

/** A BATCH-record NDJSON file in a fresh page (traced), then again in the same page. */
async function batchRounds(browser) {
  const samples = await (await fetch(`${BASE}/demo/samples.json`)).json();
  const lines = samples.map((s) => (typeof s.body === 'string' ? s.body : JSON.stringify(s.body)));
  const dir = mkdtempSync(join(tmpdir(), 'lookback-bench-'));
  try {
    const file = join(dir, 'batch.ndjson');
    writeFileSync(file, `${Array.from({ length: BATCH }, (_, i) => lines[i % lines.length]).join('\n')}\n`);
    const page = await openPage(browser);
    const workers = await page.evaluate(async () => (await import(new URL('batch-run.js', location.href).href)).poolSize());
    const tracePath = join(dir, 'trace.json');
    await browser.startTracing(page, { path: tracePath, categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.wasm'] });
    const first = await timeBatch(page, file);
    await browser.stopTracing();
    const pageSays = await page.textContent('#batch .batch-summary');
    const again = await timeBatch(page, file);
    await page.close();
    return {
      records: BATCH,
      workers,
      first_ms: first.table,
      again_ms: again.table,
      all_rows_ms: { first: first.all_rows, again: again.all_rows },
      page_says: pageSays,
      first_cpu: cpuOfTrace(JSON.parse(readFileSync(tracePath, 'utf8'))),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** V8 without the page: both stages of the body in a fresh instance per round vs one reused. */
async function v8Rounds() {
  const response = await fetch(`${BASE}/engine/active.wasm`);
  const module = await WebAssembly.compile(await response.arrayBuffer());
  const utf8 = new TextEncoder();
  const input = utf8.encode(body);
  const context = utf8.encode('{"context":{"now":"2026-11-22T05:00:00Z","correlation_id":"bench"}}');
  const call = (instance, name, bytes) => {
    const { memory, lookback_alloc: alloc, lookback_free: free } = instance.exports;
    const ptr = alloc(bytes.length) >>> 0;
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    const packed = BigInt.asUintN(64, BigInt(instance.exports[name](ptr, bytes.length)));
    free(Number(packed >> 32n), Number(packed & 0xffffffffn));
  };
  const request = (instance) => {
    call(instance, 'lookback_transform_keep', input);
    call(instance, 'lookback_evaluate_kept', context);
  };
  const reused = new WebAssembly.Instance(module, {});
  // Long enough for V8 to move the hot functions to its optimising compiler.
  for (let i = 0; i < Math.max(300, WARMUP * 10); i += 1) request(new WebAssembly.Instance(module, {}));
  const fresh = [];
  const again = [];
  const instantiate = [];
  for (let i = 0; i < Math.max(1000, ROUNDS * 30); i += 1) {
    const t0 = performance.now();
    const instance = new WebAssembly.Instance(module, {});
    const t1 = performance.now();
    request(instance);
    const t2 = performance.now();
    request(reused);
    const t3 = performance.now();
    instantiate.push(t1 - t0);
    fresh.push(t2 - t0);
    again.push(t3 - t2);
  }
  const [f, r] = [median(fresh), median(again)];
  return { fresh_ms: round3(f), reused_ms: round3(r), fresh_vs_reused: Math.round((f / r) * 100) / 100, instantiate_ms: round3(median(instantiate)) };
}

const server = await serverRounds();
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
let page;
let batch;
try {
  const first = await firstEvaluation(browser);
  page = { first_ms: first, ...await pageRounds(browser) };
  batch = BATCH > 0 ? await batchRounds(browser) : null;
} finally {
  await browser.close();
}
const v8 = await v8Rounds();
const ratio = (key) => Math.round((page[key] / server[key]) * 100) / 100;
console.log(JSON.stringify({
  rounds: ROUNDS,
  warmup: WARMUP,
  server,
  browser: page,
  browser_vs_server: { transform: ratio('transform_ms'), evaluate: ratio('evaluate_ms'), total: ratio('total_ms') },
  batch,
  v8_node: v8,
}));
