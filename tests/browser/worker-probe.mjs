// Where an evaluation's CPU goes in Chromium's worker (issue 23, s36b): not part of the bench.
// 1. `pieces`: in a worker of the page's own kind (the module posted to it, as runner.js does),
//    N rounds of each piece of one call timed in a loop, no messages: instantiation, stage 1,
//    reading its answer, stage 2. Means over N, so performance.now()'s 100 µs grain averages out.
// 2. `profile`: the page's own evaluate() traced with V8's sampling profiler; self time of the
//    worker thread by function.
// Environment: LOOKBACK_BASE_URL, BENCH_BODY, PROBE_ROUNDS (default 300), PROBE_WARMUP (30).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const BASE = process.env.LOOKBACK_BASE_URL;
const body = readFileSync(process.env.BENCH_BODY, 'utf8');
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 300);
const WARMUP = Number(process.env.PROBE_WARMUP ?? 30);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ...(process.env.PROBE_JS_FLAGS ? [`--js-flags=${process.env.PROBE_JS_FLAGS}`] : [])];

const browser = await chromium.launch({ executablePath: process.env.LOOKBACK_CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
const page = await browser.newPage();
await page.goto(`${BASE}/demo/`);
await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });

const pieces = await page.evaluate(async ({ body, rounds }) => {
  const bytes = await (await fetch(new URL('../engine/active.wasm', location.href))).arrayBuffer();
  const module = await WebAssembly.compile(bytes);
  const source = `
    const utf8 = new TextEncoder(); const fromUtf8 = new TextDecoder();
    function call(instance, name, input) {
      const { memory, lookback_alloc: alloc, lookback_free: free } = instance.exports;
      const ptr = alloc(input.length) >>> 0;
      new Uint8Array(memory.buffer, ptr, input.length).set(input);
      const packed = BigInt.asUintN(64, BigInt(instance.exports[name](ptr, input.length)));
      const p = Number(packed >> 32n), n = Number(packed & 0xffffffffn);
      const text = fromUtf8.decode(new Uint8Array(memory.buffer, p, n)); free(p, n); return text;
    }
    onmessage = ({ data: { module, body, rounds, phase } }) => {
      const input = utf8.encode(body);
      const context = utf8.encode('{"context":{"now":"2026-11-22T05:00:00Z","correlation_id":"probe"}}');
      const t = { instantiate: 0, stage1: 0, parse: 0, stage2: 0, reused_both: 0 };
      const reused = new WebAssembly.Instance(module, {});
      let text = '';
      for (let i = 0; i < rounds; i += 1) {
        const a = performance.now();
        const instance = new WebAssembly.Instance(module, {});
        const b = performance.now();
        const s1 = call(instance, 'lookback_transform_keep', input);
        const c = performance.now();
        const ok = JSON.parse(s1).ok === true;
        const d = performance.now();
        text = call(instance, 'lookback_evaluate_kept', context);
        const e = performance.now();
        t.instantiate += b - a; t.stage1 += c - b; t.parse += d - c; t.stage2 += e - d;
      }
      for (let i = 0; i < rounds; i += 1) {
        const a = performance.now();
        call(reused, 'lookback_transform_keep', input); call(reused, 'lookback_evaluate_kept', context);
        t.reused_both += performance.now() - a;
      }
      for (const k of Object.keys(t)) t[k] = Math.round((t[k] / rounds) * 1000) / 1000;
      postMessage({ phase, ...t, answer_bytes: text.length });
    };`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  const run = (phase, n) => new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.postMessage({ module, body, rounds: n, phase });
  });
  const out = [];
  for (const [phase, n] of [['calls 1-30', 30], ['calls 31-60', 30], ['next 300', rounds], ['next 300 again', rounds]]) out.push(await run(phase, n));
  worker.terminate();
  return out;
}, { body, rounds: ROUNDS });
console.log(JSON.stringify({ pieces }, null, 1));

// The page's own evaluate, profiled.
const evaluateInPage = (n, warmup) => page.evaluate(async ({ body, n, warmup }) => {
  const engine = await import(new URL('engine.js', location.href).href);
  await engine.prepareWorkers();
  window.probeModule ??= await engine.fetchModule(new URL('../engine/active.wasm', location.href));
  const times = [];
  for (let i = 0; i < warmup + n; i += 1) {
    const answer = await engine.evaluate(window.probeModule, body, { now: engine.nowRfc3339(), correlationId: `p-${i}` });
    if (i >= warmup) times.push(answer.body.data.timing.total_ms);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}, { body, n, warmup });
console.log(JSON.stringify({ page_total_median_ms: await evaluateInPage(30, WARMUP) }));

/** Self time by function of each profiled thread in a trace (V8's sampling profiler). */
function printProfiles(path, what) {
  const events = JSON.parse(readFileSync(path, 'utf8')).traceEvents;
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}/${e.tid}`, e.args.name);
  // Profile chunks by profile id; the Profile event's thread says whose.
  const owner = new Map();
  for (const e of events) if (e.name === 'Profile') owner.set(e.id, names.get(`${e.pid}/${e.tid}`));
  const byProfile = new Map();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const p = byProfile.get(e.id) ?? { nodes: new Map(), samples: [], deltas: [] };
    byProfile.set(e.id, p);
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) p.nodes.set(n.id, n);
    p.samples.push(...(cp.samples ?? []));
    p.deltas.push(...(e.args.data.timeDeltas ?? []));
  }
  for (const [id, p] of byProfile) {
    const self = new Map();
    let total = 0;
    for (const [i, s] of p.samples.entries()) {
      const n = p.nodes.get(s);
      const dt = p.deltas[i + 1] ?? 0;
      const f = n?.callFrame ?? {};
      const key = `${f.functionName || '(anon)'} ${f.url?.startsWith('wasm') ? '[wasm]' : (f.url ?? '').split('/').pop()}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      total += dt;
    }
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
    console.log(`== ${what}: profile ${id} (${owner.get(id) ?? '?'}): ${(total / 1000).toFixed(1)} ms sampled`);
    console.log(top.join('\n'));
  }
}

const dir = mkdtempSync(join(tmpdir(), 'lookback-probe-'));
const CATEGORIES = ['toplevel', 'v8.wasm', 'disabled-by-default-v8.cpu_profiler'];
try {
  const path = join(dir, 'trace.json');
  await browser.startTracing(page, { path, categories: CATEGORIES });
  await evaluateInPage(100, 0);
  await browser.stopTracing();
  printProfiles(path, '100 evaluations');
  if (process.env.PROBE_BATCH) {
    const samples = await (await fetch(`${BASE}/demo/samples.json`)).json();
    const lines = samples.map((s) => (typeof s.body === 'string' ? s.body : JSON.stringify(s.body)));
    const file = join(dir, 'batch.ndjson');
    writeFileSync(file, `${Array.from({ length: 1000 }, (_, i) => lines[i % lines.length]).join('\n')}\n`);
    const fresh = await browser.newPage();
    await fresh.goto(`${BASE}/demo/`);
    await fresh.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const batchPath = join(dir, 'batch.json');
    await browser.startTracing(fresh, { path: batchPath, categories: CATEGORIES });
    await fresh.setInputFiles('#batch-files', file);
    await fresh.waitForSelector('#batch[data-done]', { timeout: 60_000 });
    await browser.stopTracing();
    printProfiles(batchPath, 'batch of 1000');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  await browser.close();
}
