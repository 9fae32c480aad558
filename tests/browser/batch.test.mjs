// Many records at once on the reviewer page (web-demo/batch-*.js) in Debian's Chromium: 200
// records from the corpus and the vendor XML fixtures (one NDJSON file and several single files)
// under the active module and the rules-next version; every row's "differs" mark must match what
// the server answers for the same bodies under both versions, and the CSV download must hold
// exactly those rows. Also: a folder, the progress bar of a 1,000-record batch (its time is
// reported, never asserted), records that loop or trap amid a batch, opening a row in the full
// view, and axe-core with the table shown.
// Screenshots: target/browser-artifacts/batch.png, batch-differences.png (only the differing rows).
//
// Environment (set by tests/tests/browser.rs): LOOKBACK_BASE_URL, LOOKBACK_API_KEY,
// LOOKBACK_ARTIFACTS_DIR, LOOKBACK_NEXT_VERSION, LOOKBACK_FAULTS_VERSION, LOOKBACK_CHROMIUM.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { seriousAxeViolations, serverEvaluate } from './support.mjs';

const BASE = process.env.LOOKBACK_BASE_URL;
const API_KEY = process.env.LOOKBACK_API_KEY;
const ARTIFACTS = process.env.LOOKBACK_ARTIFACTS_DIR;
const NEXT_VERSION = process.env.LOOKBACK_NEXT_VERSION;
const FAULTS_VERSION = process.env.LOOKBACK_FAULTS_VERSION;
const CHROMIUM = process.env.LOOKBACK_CHROMIUM ?? '/usr/bin/chromium';
for (const [name, value] of Object.entries({ BASE, API_KEY, ARTIFACTS, NEXT_VERSION, FAULTS_VERSION })) {
  assert.ok(value, `environment variable for ${name} is not set (run through tests/tests/browser.rs)`);
}
const PAGE = `${BASE}/demo/`;

let browser;
let token;
let samples;
let bodies;
let scratch;
let caVariants;
const pageProblems = [];

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  scratch = mkdtempSync(join(tmpdir(), 'lookback-batch-'));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  const auth = await fetch(`${BASE}/auth/token`, { method: 'POST', headers: { 'X-API-Key': API_KEY } });
  assert.equal(auth.status, 200);
  token = (await auth.json()).access_token;
  samples = await (await fetch(`${PAGE}samples.json`)).json();
  assert.ok(samples.some((s) => s.id.startsWith('corpus/')) && samples.some((s) => !s.id.startsWith('corpus/')),
    'the samples hold corpus cases and XML fixtures');
  // One line each: every sample's body as its NDJSON line would carry it.
  bodies = samples.map((s) => (typeof s.body === 'string' ? s.body : JSON.stringify(s.body)));
  // The corpus holds no record that rules-next (California's conviction lookback shortened from 7
  // to 5 years) decides differently, so the batch also carries the CA case with its conviction
  // disposed on dates around both boundaries (search date 2025-11-06).
  const ca = samples.find((s) => s.id === 'corpus/state-ca').body;
  caVariants = ['2018-11-05', '2018-11-06', '2019-06-01', '2020-11-06', '2020-11-07', '2021-01-01', '2023-03-03', '2019-12-31']
    .map((date) => {
      const body = structuredClone(ca);
      body.record.record_json.criminal_search_results[0].criminal_records[0].offenses[0].disposition_date = date;
      return JSON.stringify(body);
    });
});

after(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
  assert.deepEqual(pageProblems, [], 'the page logged no error');
});

/** `count` bodies cycling through every sample, every 25th one a CA variant. */
const batchOf = (count) => Array.from({ length: count }, (_, i) =>
  (i % 25 === 24 ? caVariants[Math.floor(i / 25) % caVariants.length] : bodies[i % bodies.length]));

async function openPage({ bypassCSP = false, query = '' } = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true, bypassCSP });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') pageProblems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
  await page.goto(`${PAGE}${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { context, page };
}

async function compareWith(page, version) {
  await page.selectOption('#compare', version);
  await page.waitForSelector(`#compare[data-loaded="${version}"]`);
}

/** Opens `files` as a batch and waits for the table of `count` rows. */
async function runBatch(page, selector, files, count) {
  await page.setInputFiles(selector, files);
  await page.waitForSelector(`#batch[data-done="${count}"]`, { timeout: 240_000 });
  return page.$$eval('#batch tbody tr', (trs) => trs.map((tr) => ({
    source: tr.cells[1].textContent,
    searchId: tr.cells[2].textContent,
    differs: tr.dataset.differs === 'true',
    decisions: [...tr.querySelectorAll('.chip.decision')].map((c) => c.dataset.decision),
  })));
}

/** The server's outcome for a body, pinned to `version` when given. */
async function serverOutcome(body, version = null) {
  const { status, body: answer } = await serverEvaluate(BASE, token, body, version);
  const decision = answer.data?.decision;
  const charges = {};
  for (const court of decision?.court_decisions ?? []) {
    for (const kase of court.case_decisions ?? []) {
      for (const o of kase.offenses ?? []) {
        charges[`${court.court_search_id}/${kase.case_number}/${o.offense_id}`] = `${o.charge_decision}|${o.routing?.queue}`;
      }
    }
  }
  return { status, decision: decision?.record_decision ?? null, queue: decision?.search_queue ?? null, charges };
}

function outcomesDiffer(a, b) {
  return a.status !== b.status || a.decision !== b.decision || a.queue !== b.queue
    || JSON.stringify(Object.entries(a.charges).sort()) !== JSON.stringify(Object.entries(b.charges).sort());
}

/** Minimal RFC 4180 reader: the page quotes fields holding commas, quotes or line breaks. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i += 1; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n') { row.push(field.replace(/\r$/, '')); rows.push(row); row = []; field = ''; } else field += c;
  }
  return rows;
}

test('200 records from the corpus and XML fixtures, compared with rules-next, with the CSV of differences', async () => {
  const records = batchOf(200);
  // 190 records in one NDJSON file, the last 10 as files of their own.
  const ndjson = join(scratch, 'batch.ndjson');
  writeFileSync(ndjson, `${records.slice(0, 190).join('\n')}\n`);
  const singles = records.slice(190).map((body, i) => {
    const path = join(scratch, `single-${String(i).padStart(2, '0')}.json`);
    writeFileSync(path, body);
    return path;
  });
  const sourceOf = (i) => (i < 190 ? `batch.ndjson:${i + 1}` : `single-${String(i - 190).padStart(2, '0')}.json`);

  const { context, page } = await openPage();
  await compareWith(page, NEXT_VERSION);
  const rows = await runBatch(page, '#batch-files', [ndjson, ...singles], 200);
  assert.equal(rows.length, 200);
  assert.deepEqual(rows.map((r) => r.source), records.map((_, i) => sourceOf(i)), 'one row per record, in order');

  // The server's answers under both versions decide which rows must be marked.
  const expected = [];
  for (const [i, body] of records.entries()) {
    const [a, b] = [await serverOutcome(body), await serverOutcome(body, NEXT_VERSION)];
    if (outcomesDiffer(a, b)) expected.push(sourceOf(i));
    if (a.decision) assert.equal(rows[i].decisions[0], a.decision, `${sourceOf(i)}: the page decides as the server`);
    if (b.decision) assert.equal(rows[i].decisions.at(-1), b.decision, `${sourceOf(i)}: and as the server pinned to rules-next`);
  }
  const marked = rows.filter((r) => r.differs).map((r) => r.source);
  assert.ok(expected.length > 0, 'rules-next decides some record differently');
  assert.deepEqual(marked, expected, 'exactly the records whose outcome differs are marked');
  console.log(`# 200-record batch against ${NEXT_VERSION}: ${expected.length} record(s) differ, as on the server`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#batch-csv')]);
  const active = await page.$eval('.engine-status strong', (el) => el.textContent);
  assert.equal(download.suggestedFilename(), `lookback-differences-${active}-vs-${NEXT_VERSION}.csv`);
  const csv = parseCsv(readFileSync(await download.path(), 'utf8'));
  assert.deepEqual(csv[0].slice(0, 2), ['source', 'search_id']);
  const lines = csv.slice(1);
  assert.deepEqual(lines.map((l) => l[0]), expected, 'the CSV holds the differing records, and only them');
  for (const line of lines) {
    const row = rows.find((r) => r.source === line[0]);
    assert.equal(line[1], row.searchId);
    assert.deepEqual([line[8], line[9]], [active, NEXT_VERSION]);
    assert.notEqual(line[10], '', 'says what differs');
  }

  // Only the differing rows, then the table as a reviewer sees it.
  await page.check('#batch-only-differing');
  const shown = await page.$$eval('#batch tbody tr', (trs) => trs.filter((tr) => !tr.hidden).length);
  assert.equal(shown, expected.length);
  await page.locator('#batch').screenshot({ path: join(ARTIFACTS, 'batch-differences.png') });
  await page.uncheck('#batch-only-differing');
  await page.locator('#batch').screenshot({ path: join(ARTIFACTS, 'batch.png') });

  // A row opens the full single-record view with both versions, the differing charge marked.
  const first = rows.findIndex((r) => r.differs);
  await page.click(`#batch tbody tr[data-index="${first}"] .batch-open`);
  await page.waitForSelector('#columns.two .result .timeline');
  const opened = await page.$$eval('.result', (cols) => cols.map((c) => ({
    version: c.dataset.version,
    searchId: JSON.parse(c.querySelector('pre.response-json').textContent).data?.search_id,
    differs: c.querySelectorAll('.node.charge.differs').length,
  })));
  assert.equal(opened.length, 2);
  assert.equal(opened[1].version, NEXT_VERSION);
  for (const column of opened) assert.equal(column.searchId, rows[first].searchId);
  assert.ok(opened.every((c) => c.differs > 0), 'the charge that differs is marked in both columns');
  await context.close();
});

test('a folder of records: only its record files are read', async () => {
  const folder = join(scratch, 'folder');
  mkdirSync(join(folder, 'nested'), { recursive: true });
  const xml = bodies.find((b) => b.includes('"xml"'));
  writeFileSync(join(folder, 'a.json'), bodies[0]);
  writeFileSync(join(folder, 'nested', 'b.json'), xml);
  writeFileSync(join(folder, 'c.ndjson'), `${bodies[1]}\n\n${bodies[2]}\n`);
  writeFileSync(join(folder, 'notes.txt'), 'not a record');
  const { context, page } = await openPage();
  const rows = await runBatch(page, '#batch-folder', folder, 4);
  assert.deepEqual(rows.map((r) => r.source).sort(), ['folder/a.json', 'folder/c.ndjson:1', 'folder/c.ndjson:3', 'folder/nested/b.json']);
  const head = await page.$$eval('#batch thead th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(head, ['#', 'Source', 'Search id', 'Decision', 'Queue', 'Charges: reportable / not / review', 'Time (ms)'],
    'no version compared: one outcome per record');
  assert.ok(rows.every((r) => r.decisions.length <= 1));
  await context.close();
});

test('files dropped on the box are read as a batch', async () => {
  const { context, page } = await openPage();
  const lines = `${bodies[3]}\n${bodies[4]}\n`;
  await page.evaluate(({ lines, single }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([lines], 'dropped.ndjson', { type: 'application/x-ndjson' }));
    transfer.items.add(new File([single], 'dropped.json', { type: 'application/json' }));
    document.getElementById('batch-drop').dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, { lines, single: bodies[5] });
  await page.waitForSelector('#batch[data-done="3"]', { timeout: 60_000 });
  const sources = await page.$$eval('#batch tbody tr', (trs) => trs.map((tr) => tr.cells[1].textContent));
  assert.deepEqual(sources, ['dropped.json', 'dropped.ndjson:1', 'dropped.ndjson:2']);
  await context.close();
});

test('a 1,000-record batch shows its progress; its time is reported', async () => {
  const path = join(scratch, 'thousand.ndjson');
  writeFileSync(path, `${batchOf(1000).join('\n')}\n`);
  const { context, page } = await openPage();
  // Sample the progress bar while the batch runs.
  await page.evaluate(() => {
    window.progressSeen = [];
    const sample = () => {
      const bar = document.getElementById('batch-progress');
      if (bar) window.progressSeen.push([Number(bar.value), Number(bar.max)]);
      if (!document.getElementById('batch').dataset.done) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  const started = Date.now();
  const rows = await runBatch(page, '#batch-files', path, 1000);
  const elapsed = Date.now() - started;
  assert.equal(rows.length, 1000);
  const seen = await page.evaluate(() => window.progressSeen);
  assert.ok(seen.length > 0 && seen.every(([, max]) => max === 1000), 'a progress bar of 1,000 records');
  assert.ok(seen.some(([value]) => value > 0 && value < 1000), `the bar moved during the run: ${JSON.stringify(seen.slice(0, 5))}`);
  assert.deepEqual(rows.map((r) => r.source), Array.from({ length: 1000 }, (_, i) => `thousand.ndjson:${i + 1}`),
    'the table holds every record once, in order');
  const summary = await page.textContent('#batch .batch-summary');
  const workers = await page.evaluate(() => Math.max(1, Math.min(4, navigator.hardwareConcurrency || 2)));
  await context.close();

  // The same batch on a single worker, for what the pool gains (reported, not asserted).
  const single = await openPage({ query: '?workers=1' });
  const startedSingle = Date.now();
  await runBatch(single.page, '#batch-files', path, 1000);
  const elapsedSingle = Date.now() - startedSingle;
  await single.context.close();
  console.log(`# 1,000-record batch (one version): ${workers} workers ${elapsed} ms from choosing the file to the table `
    + `(page says "${summary}"); 1 worker ${elapsedSingle} ms; ratio ${(elapsedSingle / elapsed).toFixed(2)}`);
});

test('records that loop or trap in a batch are stopped and reported; the records sent with them are still answered', async () => {
  // Compared with the fault-injection build, which loops or traps on `FAULT:` search ids: many
  // records go to a worker in one message, so the records after a runaway one in that message
  // must run again on its replacement, and answer as the shipped module does.
  const sample = JSON.parse(bodies[samples.findIndex((s) => s.id === 'corpus/conviction-felony-high-identity')]);
  const withSearchId = (id) => {
    const body = structuredClone(sample);
    body.record.search_id = id;
    body.record.record_json.search.search_id = id;
    return JSON.stringify(body);
  };
  const faults = new Map([[5, 'FAULT:transform-loop'], [17, 'FAULT:evaluate-loop'], [23, 'FAULT:transform-trap']]);
  const records = batchOf(40).map((body, i) => (faults.has(i) ? withSearchId(faults.get(i)) : body));
  const path = join(scratch, 'faults.ndjson');
  writeFileSync(path, `${records.join('\n')}\n`);
  const { context, page } = await openPage();
  await compareWith(page, FAULTS_VERSION);
  const rows = await runBatch(page, '#batch-files', path, 40);
  const cells = await page.$$eval('#batch tbody tr', (trs) => trs.map((tr) => tr.textContent));
  for (const [i, row] of rows.entries()) {
    if (faults.has(i)) {
      assert.ok(row.differs, `${faults.get(i)}: marked`);
      const wanted = faults.get(i) === 'FAULT:transform-trap' ? 'xml_transformer failed: module trapped'
        : `${faults.get(i).includes('transform') ? 'xml_transformer' : 'compliance engine'} failed: deadline of 2000 ms exceeded`;
      assert.ok(cells[i].includes('HTTP 500') && cells[i].includes(wanted), `${faults.get(i)}: "${cells[i]}"`);
      continue;
    }
    const expected = await serverOutcome(records[i]);
    assert.equal(row.differs, false, `${row.source}: the two builds agree`);
    if (expected.decision) assert.deepEqual(row.decisions, [expected.decision, expected.decision], row.source);
  }
  await context.close();
});

test('axe-core finds no serious or critical violation with the batch table shown', async () => {
  const path = join(scratch, 'axe.ndjson');
  writeFileSync(path, `${batchOf(20).join('\n')}\n`);
  const { context, page } = await openPage({ bypassCSP: true });
  await compareWith(page, NEXT_VERSION);
  await runBatch(page, '#batch-files', path, 20);
  const { bad, report } = await seriousAxeViolations(page);
  assert.deepEqual(bad, []);
  console.log(`# with the batch table: ${report}, none serious or critical`);
  await context.close();
});
