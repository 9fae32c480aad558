// The reviewer page (/demo/) in a real browser: Debian's Chromium driven by playwright-core,
// against the real server that tests/tests/browser.rs starts. Every bundled sample (the whole
// corpus and the vendor XML fixtures) is evaluated in the page and must answer exactly what the
// server's /evaluate answers for the same body, ignoring only decision_date, correlation ids and
// timings. Also: share links, offline after load, the version picker, bad input, keyboard use,
// labels, the CSP, and that no request ever carries record data.
//
// Environment (set by browser.rs): LOOKBACK_BASE_URL, LOOKBACK_API_KEY, LOOKBACK_CORPUS_DIR,
// LOOKBACK_ARTIFACTS_DIR, LOOKBACK_NEXT_VERSION, LOOKBACK_FAULTS_VERSION, LOOKBACK_CHROMIUM.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { serverEvaluate as serverEvaluateAt } from './support.mjs';

const BASE = process.env.LOOKBACK_BASE_URL;
const API_KEY = process.env.LOOKBACK_API_KEY;
const CORPUS_DIR = process.env.LOOKBACK_CORPUS_DIR;
const ARTIFACTS = process.env.LOOKBACK_ARTIFACTS_DIR;
const NEXT_VERSION = process.env.LOOKBACK_NEXT_VERSION;
const FAULTS_VERSION = process.env.LOOKBACK_FAULTS_VERSION;
const CHROMIUM = process.env.LOOKBACK_CHROMIUM ?? '/usr/bin/chromium';
for (const [name, value] of Object.entries({ BASE, API_KEY, CORPUS_DIR, ARTIFACTS, NEXT_VERSION, FAULTS_VERSION })) {
  assert.ok(value, `environment variable for ${name} is not set (run through tests/tests/browser.rs)`);
}
const PAGE = `${BASE}/demo/`;

// Flags that work in containers and CI: no sandbox (root), no GPU, nothing phoning home.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

let browser;
let token;
let samples;
let modules;
/** Every request any page made, for the privacy check at the end. */
const requests = [];
/** Console errors, page errors and CSP violations, which must stay empty. */
const pageProblems = [];

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  // launch() runs Chromium with a fresh, empty --user-data-dir of its own, removed on close.
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const auth = await fetch(`${BASE}/auth/token`, { method: 'POST', headers: { 'X-API-Key': API_KEY } });
  assert.equal(auth.status, 200);
  token = (await auth.json()).access_token;
  samples = await (await fetch(`${PAGE}samples.json`)).json();
  modules = (await (await fetch(`${BASE}/engine/modules`)).json()).modules;
});

after(async () => {
  await browser?.close();
});

/** A fresh context and page at a laptop's size, with requests and problems recorded. */
async function openPage(url = PAGE) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on('request', (r) => requests.push({ method: r.method(), url: r.url(), postData: r.postData() }));
  page.on('console', (m) => { if (m.type() === 'error') pageProblems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return { context, page };
}

/** `POST /evaluate` on the server; `version` pins a loaded module (`X-Engine-Version`). */
const serverEvaluate = (body, version = null) => serverEvaluateAt(BASE, token, body, version);

/** What may differ between two answers to the same body: ids and clocks. */
function comparable(body) {
  const b = structuredClone(body);
  if (b.meta) {
    delete b.meta.correlation_id;
    delete b.meta.process_time_ms;
  }
  if (b.data) {
    delete b.data.correlation_id;
    delete b.data.timing;
    if (b.data.decision) delete b.data.decision.decision_date;
  }
  return b;
}

function runCount(page) {
  return page.$eval('#columns', (el) => Number(el.dataset.run ?? 0));
}

async function waitForRun(page, previous) {
  await page.waitForFunction((n) => Number(document.getElementById('columns').dataset.run ?? 0) > n, previous, { timeout: 30_000 });
}

/** Clicks Evaluate and returns every result column's status, body and rendered charges. */
async function evaluateInPage(page) {
  const previous = await runCount(page);
  await page.click('#evaluate');
  await waitForRun(page, previous);
  return readResults(page);
}

async function readResults(page) {
  return page.$$eval('.result', (columns) => columns.map((column) => ({
    version: column.dataset.version,
    status: Number(column.dataset.status),
    body: JSON.parse(column.querySelector('pre.response-json').textContent),
    sha256: column.querySelector('.sha256').textContent,
    charges: [...column.querySelectorAll('.node.charge')].map((c) => ({
      offense_id: c.dataset.offenseId, decision: c.dataset.decision, queue: c.dataset.queue, differs: c.classList.contains('differs'),
    })),
    error: column.querySelector('.error-message')?.textContent ?? null,
  })));
}

function offensesOf(body) {
  return (body.data?.decision?.court_decisions ?? []).flatMap((court) =>
    (court.case_decisions ?? []).flatMap((kase) => kase.offenses ?? []));
}

test('the page is served with its CSP and shows the active module, verified', async () => {
  const response = await fetch(PAGE);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type'), /^text\/html/);
  const csp = response.headers.get('content-security-policy');
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(csp, /unsafe-inline/);

  const active = modules.find((m) => m.active);
  assert.ok(active, 'one module is active');
  const { context, page } = await openPage();
  const status = await page.textContent('#engine-status');
  assert.ok(status.includes(active.version) && status.includes(active.rules_version), status);
  assert.ok(status.includes(active.sha256) && status.includes('matches the server'), status);
  // Both stages of a record run in one instance, the record kept there (docs/abi.md), as on the server.
  const keepsRecord = await page.evaluate(async () => {
    const engine = await import(new URL('engine.js', location.href).href);
    return (await engine.fetchModule(new URL('../engine/active.wasm', location.href))).keepsRecord;
  });
  assert.equal(keepsRecord, true, 'the shipped module is driven through the kept-record pair');
  await context.close();
});

test('the page warms the engine up at load in a worker of its own, which then stops', async () => {
  // V8 optimises a function only after it has run a while; the page runs its bundled samples
  // through the active module at load (engine.js warmUpEngine) so a reviewer's first records do
  // not run on the baseline code. The warm-up's worker ends; the page's own workers stay.
  const { context, page } = await openPage();
  await page.waitForSelector('body[data-warm]', { timeout: 30_000 });
  assert.equal(await page.getAttribute('body', 'data-warm'), 'true', 'the warm-up ran to its end');
  // Playwright hears of a worker's end a moment after it: wait for it, a while at most.
  for (let i = 0; i < 50 && page.workers().length > 2; i += 1) await page.waitForTimeout(100);
  assert.ok(page.workers().length <= 2, `${page.workers().length} workers: the warm-up's has stopped`);
  // A warm-up that outlives its limit is stopped, and says so.
  const stopped = await page.evaluate(async () => {
    const runner = await import(new URL('runner.js', location.href).href);
    const engine = await import(new URL('engine.js', location.href).href);
    const loaded = await engine.fetchModule(new URL('../engine/active.wasm', location.href));
    const [sample] = await (await fetch('samples.json')).json();
    const body = typeof sample.body === 'string' ? sample.body : JSON.stringify(sample.body);
    const context = '{"context":{"now":"2026-11-22T05:00:00Z","correlation_id":"w"}}';
    return runner.warmUp(loaded.module, [{ input: body, context }], 1_000_000, 50);
  });
  assert.equal(stopped, false, 'a warm-up past its limit is reported unfinished');
  await context.close();
});

test('every bundled sample evaluates in the browser exactly as on the server', async () => {
  const corpusFiles = readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.json')).sort();
  const corpusSamples = samples.filter((s) => s.id.startsWith('corpus/'));
  assert.equal(corpusSamples.length, corpusFiles.length, 'every corpus case is bundled');
  for (const file of corpusFiles) {
    const sample = corpusSamples.find((s) => s.id === `corpus/${file.replace(/\.json$/, '')}`);
    assert.ok(sample, `${file} is bundled`);
    assert.deepEqual(sample.body, JSON.parse(readFileSync(join(CORPUS_DIR, file), 'utf8')).request, `${file}: bundled as is`);
  }
  assert.ok(samples.some((s) => s.id.startsWith('xml/')), 'vendor XML samples are bundled');

  const { context, page } = await openPage();
  const failures = [];
  const totals = { browser: [], server: [] };
  let decisions = 0;
  for (const [index, sample] of samples.entries()) {
    await page.selectOption('#sample', String(index));
    const [result] = await evaluateInPage(page);
    const server = await serverEvaluate(sample.body);
    try {
      assert.equal(result.status, server.status, 'HTTP status');
      assert.deepEqual(comparable(result.body), comparable(server.body), 'envelope');
      assert.deepEqual(
        result.charges.map(({ offense_id, decision, queue }) => ({ offense_id, decision, queue })),
        offensesOf(server.body).map((o) => ({ offense_id: o.offense_id, decision: o.charge_decision, queue: o.routing.queue })),
        'rendered tree');
      if (server.body.error) assert.equal(result.error, server.body.error.message, 'error message shown');
      if (server.body.data?.decision) decisions += 1;
      if (result.body.data?.timing) totals.browser.push(result.body.data.timing.total_ms);
      if (server.body.data?.timing) totals.server.push(server.body.data.timing.total_ms);
    } catch (error) {
      failures.push(`${sample.id}: ${error.message}`);
    }
  }
  await context.close();
  assert.deepEqual(failures, [], `${failures.length} of ${samples.length} samples differ`);
  assert.ok(decisions >= samples.length - 5, `most samples produce a decision (${decisions})`);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`# ${samples.length} samples evaluated in the browser and on the server: identical; `
    + `median total_ms browser ${median(totals.browser)}, server ${median(totals.server)}`);
});

test('a share link opens and evaluates at once, and "copy share link" makes one', async () => {
  const sample = samples.find((s) => s.id === 'corpus/exclusions-keep-rollups');
  const link = `${PAGE}#record=${Buffer.from(JSON.stringify(sample.body)).toString('base64url')}`;
  const { context, page } = await openPage(link);
  await waitForRun(page, 0);
  const [opened] = await readResults(page);
  const server = await serverEvaluate(sample.body);
  assert.deepEqual(comparable(opened.body), comparable(server.body));

  // Edit a field, copy the link, open it elsewhere: the edit travels with it.
  await page.fill('#f-search_id', 'S-SHARED-EDIT');
  await page.click('#copy-link');
  const copied = await page.inputValue('#share-url');
  assert.ok(copied.startsWith(`${PAGE}#record=`), copied);
  const shared = JSON.parse(Buffer.from(copied.split('#record=')[1], 'base64url').toString('utf8'));
  assert.deepEqual(shared, { record: { ...sample.body.record, search_id: 'S-SHARED-EDIT' } });
  const second = await openPage(copied);
  await waitForRun(second.page, 0);
  const [reopened] = await readResults(second.page);
  assert.equal(reopened.body.data.search_id, 'S-SHARED-EDIT');
  assert.deepEqual(comparable(reopened.body), comparable((await serverEvaluate(shared)).body));
  await second.context.close();

  // A damaged link says so instead of evaluating something else.
  await page.goto(`${PAGE}#record=%%%`);
  await page.waitForSelector('#input-error:not([hidden])');
  assert.match(await page.textContent('#input-error'), /share link is damaged/);
  await context.close();
});

test('the page keeps working with the network cut after load', async () => {
  const { context, page } = await openPage();
  await context.setOffline(true);
  const offlineFrom = requests.length;
  const index = samples.findIndex((s) => s.id === 'xml/01-felony-conviction');
  await page.selectOption('#sample', String(index));
  const [result] = await evaluateInPage(page);
  assert.equal(result.status, 200);
  assert.equal(result.body.data.status, 'success');
  assert.ok(result.charges.length > 0);
  assert.deepEqual(requests.slice(offlineFrom), [], 'no request while offline');
  await context.close();
});

test('the version picker shows another loaded version side by side', async () => {
  assert.ok(modules.some((m) => m.version === NEXT_VERSION), 'the test server holds the second version');
  // The CA case with its conviction disposed 6.4 years before the search date: inside
  // California's 7 years, outside the rules-next variant's 5 (tests/tests/build_flavours.rs).
  const body = structuredClone(samples.find((s) => s.id === 'corpus/state-ca').body);
  body.record.record_json.criminal_search_results[0].criminal_records[0].offenses[0].disposition_date = '2019-06-01';

  const { context, page } = await openPage(`${PAGE}#record=${Buffer.from(JSON.stringify(body)).toString('base64url')}`);
  await waitForRun(page, 0);
  const options = await page.$$eval('#compare option', (os) => os.map((o) => o.value));
  assert.deepEqual(options.filter(Boolean).sort(), modules.map((m) => m.version).sort());
  const previous = await runCount(page);
  await page.selectOption('#compare', NEXT_VERSION);
  await waitForRun(page, previous);
  const [active, next] = await readResults(page);
  assert.equal(next.version, NEXT_VERSION);
  assert.equal(next.sha256, modules.find((m) => m.version === NEXT_VERSION).sha256);
  assert.equal(next.body.meta.engine.version, NEXT_VERSION);
  assert.deepEqual(comparable(active.body), comparable((await serverEvaluate(body)).body));
  assert.deepEqual(comparable(next.body), comparable((await serverEvaluate(body, NEXT_VERSION)).body),
    'the compared column answers as the server pinned to that version');
  const charge = (r) => r.charges.find((c) => c.offense_id === 'OFF-1');
  assert.equal(charge(active).decision, 'REPORTABLE');
  assert.equal(charge(next).decision, 'NOT_REPORTABLE');
  assert.ok(charge(active).differs && charge(next).differs, 'the differing charge is marked in both columns');
  await page.screenshot({ path: join(ARTIFACTS, 'compare.png') });
  await context.close();
});

test('a module that loops or traps is stopped and reported, and the page stays usable', async () => {
  const { context, page } = await openPage();
  const sample = samples.find((s) => s.id === 'corpus/conviction-felony-high-identity');
  await page.selectOption('#compare', FAULTS_VERSION);
  await page.waitForSelector(`#compare[data-loaded="${FAULTS_VERSION}"]`);
  const withSearchId = (id) => {
    const body = structuredClone(sample.body);
    body.record.search_id = id;
    body.record.record_json.search.search_id = id;
    return JSON.stringify(body);
  };
  const cases = [
    { id: 'FAULT:evaluate-loop', error: 'compliance engine failed: deadline of 2000 ms exceeded' },
    // Offline from here: each runaway call's replacement worker starts from memory (blob: URL).
    { id: 'FAULT:transform-loop', error: 'xml_transformer failed: deadline of 2000 ms exceeded', offline: true },
    { id: 'FAULT:transform-trap', error: /^xml_transformer failed: module trapped: / },
    { id: 'FAULT:evaluate-loop', error: 'compliance engine failed: deadline of 2000 ms exceeded' },
    { id: 'S-AFTER-FAULTS' },
  ];
  for (const { id, error, offline } of cases) {
    if (offline) await context.setOffline(true);
    await page.fill('#record', withSearchId(id));
    await page.dispatchEvent('#record', 'change');
    const [active, faulty] = await evaluateInPage(page);
    assert.equal(active.status, 200, `${id}: the shipped module ignores fault markers`);
    assert.equal(faulty.version, FAULTS_VERSION);
    if (!error) {
      assert.equal(faulty.status, 200, `${id}: ${JSON.stringify(faulty.body.data?.errors)}`);
      continue;
    }
    assert.equal(faulty.status, 500, id);
    assert.equal(faulty.body.data.status, 'failed');
    assert.equal(faulty.body.data.decision, undefined);
    if (typeof error === 'string') assert.equal(faulty.body.data.errors[0], error);
    else assert.match(faulty.body.data.errors[0], error);
  }
  await context.close();
});

test('an opened file (ISO-8859-1 vendor XML) is read as the server reads it', async () => {
  const { context, page } = await openPage();
  const name = '12-nonstandard-dates.xml';
  const sample = samples.find((s) => s.id === `xml/${name.replace(/\.xml$/, '')}`);
  await page.selectOption('#sample', String(samples.indexOf(sample)));
  await page.fill('#record', '');
  const bytes = readFileSync(join(CORPUS_DIR, '..', 'fixtures', 'xml', name));
  assert.ok(bytes.includes(0xe9) || bytes.some((b) => b > 0x7f), 'the fixture holds Latin-1 bytes');
  await page.setInputFiles('#record-file', { name, mimeType: 'text/xml', buffer: bytes });
  await page.waitForFunction(() => document.getElementById('record').value.startsWith('<?xml'));
  const [result] = await evaluateInPage(page);
  assert.equal(result.status, 200);
  assert.deepEqual(comparable(result.body), comparable((await serverEvaluate(sample.body)).body));
  await context.close();
});

test('bad input shows the same message as the API', async () => {
  const { context, page } = await openPage();
  const cases = [
    { record: 'this is not JSON or XML' },
    { record: '', fields: { '#f-search_id': 'S-BAD', '#f-search_date': '2025-01-01', '#f-order_id': 'O', '#f-order_number': 'O.1' } },
    { record: '<ScreeningResults><unclosed></ScreeningResults>', fields: { '#f-search_id': 'S-XML', '#f-search_date': '2025-01-01', '#f-order_id': 'O', '#f-order_number': 'O.1' } },
  ];
  for (const { record, fields = {} } of cases) {
    await page.fill('#record', record);
    await page.dispatchEvent('#record', 'change');
    for (const [selector, value] of Object.entries(fields)) await page.fill(selector, value);
    const [result] = await evaluateInPage(page);
    // What the page evaluated is in its share link: send exactly that to the server.
    await page.click('#copy-link');
    const text = Buffer.from((await page.inputValue('#share-url')).split('#record=')[1], 'base64url').toString('utf8');
    const server = await serverEvaluate(text);
    assert.equal(server.status, 400, text);
    assert.equal(result.status, 400);
    assert.equal(result.error, server.body.error.message);
    assert.deepEqual(comparable(result.body), comparable(server.body));
    assert.equal(await page.isVisible('.result [role="alert"]'), true);
  }
  await page.screenshot({ path: join(ARTIFACTS, 'bad-input.png') });
  await context.close();
});

test('keyboard only: every control is labelled and Evaluate works from the keyboard', async () => {
  const { context, page } = await openPage();
  const unlabelled = await page.$$eval('input:not([type="hidden"]), select, textarea',
    (els) => els.filter((e) => e.labels.length === 0 && !e.getAttribute('aria-label')).map((e) => e.id));
  assert.deepEqual(unlabelled, []);

  await page.focus('#sample');
  await page.keyboard.press('ArrowDown'); // the first sample
  let reached = false;
  for (let i = 0; i < 40 && !reached; i += 1) {
    await page.keyboard.press('Tab');
    reached = await page.evaluate(() => document.activeElement?.id === 'evaluate');
  }
  assert.ok(reached, 'Tab reaches the Evaluate button');
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'the focused button shows a focus outline');
  const previous = await runCount(page);
  await page.keyboard.press('Enter');
  await waitForRun(page, previous);
  assert.equal((await readResults(page)).length, 1);
  await context.close();
});

test('a rendered decision, saved as a screenshot', async () => {
  const { context, page } = await openPage();
  const index = samples.findIndex((s) => s.id === 'corpus/missing-disposition');
  await page.selectOption('#sample', String(index));
  const [result] = await evaluateInPage(page);
  assert.equal(result.body.data.decision.record_decision, 'MANUAL_REVIEW');
  // Laptop screen: the input panel and the result fit side by side without horizontal scrolling.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page scrolls sideways by ${overflow}px`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('.result button.download')]);
  assert.equal(download.suggestedFilename(), `lookback-S-MISS-1-${result.body.meta.engine.version}.json`);
  assert.deepEqual(JSON.parse(readFileSync(await download.path(), 'utf8')), result.body, 'the download is the response');
  const lowContrast = await page.evaluate(contrastFailures);
  assert.deepEqual(lowContrast, [], 'text below WCAG AA contrast');
  const path = join(ARTIFACTS, 'decision.png');
  await page.screenshot({ path });
  // And the whole result (validation issues, timing) on a taller window.
  await page.setViewportSize({ width: 1366, height: 1800 });
  await page.locator('.result').screenshot({ path: join(ARTIFACTS, 'decision-full.png') });
  console.log(`# screenshots: ${path}, decision-full.png`);
  await context.close();
});

/**
 * Runs in the page: every visible text whose colour against its effective background is below
 * WCAG AA (4.5:1, or 3:1 for large text).
 */
function contrastFailures() {
  const rgba = (css) => (css.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]) => {
    const lin = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const [r, g, b, a = 1] = rgba(getComputedStyle(e).backgroundColor);
      if (a > 0) return [r, g, b];
    }
    return [255, 255, 255];
  };
  const failures = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el.checkVisibility() || el.closest('.visually-hidden, option')) continue;
    const style = getComputedStyle(el);
    const l1 = luminance(rgba(style.color));
    const l2 = luminance(background(el));
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) failures.push(`${node.textContent.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
  }
  return [...new Set(failures)];
}

test('record data never left the browser, and the page logged no error', () => {
  assert.ok(requests.length > 0);
  const allowed = [
    /^\/demo\/$/, /^\/demo\/[a-z-]+\.(js|css|json|svg)$/, /^\/engine\/active\.wasm$/, /^\/engine\/modules$/, /^\/engine\/[^/]+\.wasm$/,
  ];
  const recordMarkers = ['QUENTIN', 'SAMPLETON', 'S-SHARED-EDIT', 'S-MISS-1'];
  for (const r of requests) {
    const url = new URL(r.url);
    // The engine workers start from blob: URLs of text the page already holds: nothing is sent.
    if (url.protocol === 'blob:') continue;
    assert.equal(r.method, 'GET', r.url);
    assert.equal(r.postData, null, r.url);
    assert.equal(url.origin, BASE, r.url);
    assert.ok(allowed.some((a) => a.test(url.pathname)), `unexpected request ${url.pathname}`);
    assert.equal(url.search, '', r.url);
    for (const marker of recordMarkers) assert.ok(!decodeURIComponent(r.url).includes(marker), r.url);
  }
  assert.deepEqual(pageProblems, []);
});
