// Benchmark (scripts/bench.sh): the reviewer page's time per evaluation in Debian's Chromium
// against the server's, for the same body, in the same run. The page is driven through its own
// glue (web-demo/engine.js: the active module, a fresh instance per record in a worker, as a
// user's evaluation runs); the server through sequential `POST /evaluate` calls. Both report the
// same `data.timing` (stage 1, stages 2-3, total); the page's is measured with `performance.now()`.
// Both sides first answer BENCH_WARMUP unmeasured calls: V8 starts the module on its baseline
// compiler and moves hot functions to its optimising one only after they have run a while, so
// the first calls measure the tiering, not the page. Prints one JSON line of medians and the
// browser / server ratios.
//
// Environment: LOOKBACK_BASE_URL, LOOKBACK_BENCH_TOKEN (a bearer token), BENCH_BODY (a file),
// BENCH_ROUNDS (default 30), BENCH_WARMUP (default 30), LOOKBACK_CHROMIUM (default
// /usr/bin/chromium).

import { readFileSync } from 'node:fs';

import { chromium } from 'playwright-core';

const BASE = process.env.LOOKBACK_BASE_URL;
const TOKEN = process.env.LOOKBACK_BENCH_TOKEN;
const BODY_FILE = process.env.BENCH_BODY;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const CHROMIUM = process.env.LOOKBACK_CHROMIUM ?? '/usr/bin/chromium';
for (const [name, value] of Object.entries({ LOOKBACK_BASE_URL: BASE, LOOKBACK_BENCH_TOKEN: TOKEN, BENCH_BODY: BODY_FILE })) {
  if (!value) throw new Error(`${name} is not set`);
}
if (!(ROUNDS >= 1)) throw new Error('BENCH_ROUNDS must be a positive number');
if (!(WARMUP >= 0)) throw new Error('BENCH_WARMUP must be a number, 0 or more');
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

/** Medians of `data.timing` over answers that must all be 200. */
function summarise(where, answers) {
  const bad = answers.find((a) => a.status !== 200 || !a.timing);
  if (bad) throw new Error(`${where}: HTTP ${bad.status} without timing`);
  const of = (key) => Math.round(median(answers.map((a) => a.timing[key])) * 1000) / 1000;
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

async function browserRounds() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${BASE}/demo/`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
    const answers = await page.evaluate(async ({ body, rounds, warmup }) => {
      const engine = await import(new URL('engine.js', location.href).href);
      await engine.prepareWorkers();
      const module = await engine.fetchModule(new URL('../engine/active.wasm', location.href));
      const out = [];
      for (let i = 0; i < warmup + rounds; i += 1) {
        const answer = await engine.evaluate(module, body, { now: engine.nowRfc3339(), correlationId: `bench-${i}` });
        if (i >= warmup) out.push({ status: answer.status, timing: answer.body?.data?.timing });
      }
      return out;
    }, { body, rounds: ROUNDS, warmup: WARMUP });
    return summarise('browser', answers);
  } finally {
    await browser.close();
  }
}

const server = await serverRounds();
const page = await browserRounds();
const ratio = (key) => Math.round((page[key] / server[key]) * 100) / 100;
console.log(JSON.stringify({
  rounds: ROUNDS,
  warmup: WARMUP,
  server,
  browser: page,
  browser_vs_server: { transform: ratio('transform_ms'), evaluate: ratio('evaluate_ms'), total: ratio('total_ms') },
}));
