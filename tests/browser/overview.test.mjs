// The reviewer page's overview above the tree (web-demo/summary.js, timeline.js, review.js) in
// Debian's Chromium: the time line (one row per charge, the engine's ages_out_on in words, focus
// shows the rationale, click goes to the charge), the summary and its filters, an axe-core check
// with no serious or critical violation, and the print layout. Screenshots of the summary, the
// time line and the printed report land in target/browser-artifacts/.
//
// Environment (set by tests/tests/browser.rs): LOOKBACK_BASE_URL, LOOKBACK_CORPUS_DIR,
// LOOKBACK_ARTIFACTS_DIR, LOOKBACK_CHROMIUM.

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { seriousAxeViolations } from './support.mjs';

const BASE = process.env.LOOKBACK_BASE_URL;
const CORPUS_DIR = process.env.LOOKBACK_CORPUS_DIR;
const ARTIFACTS = process.env.LOOKBACK_ARTIFACTS_DIR;
const CHROMIUM = process.env.LOOKBACK_CHROMIUM ?? '/usr/bin/chromium';
for (const [name, value] of Object.entries({ BASE, CORPUS_DIR, ARTIFACTS })) {
  assert.ok(value, `environment variable for ${name} is not set (run through tests/tests/browser.rs)`);
}
const PAGE = `${BASE}/demo/`;

let browser;
let samples;
const pageProblems = [];

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
  });
  samples = await (await fetch(`${PAGE}samples.json`)).json();
});

after(async () => {
  await browser?.close();
  assert.deepEqual(pageProblems, [], 'the page logged no error');
});

/** A page at a laptop's size with the corpus case `name` evaluated; `bypassCSP` only to inject axe. */
async function evaluated(name, { bypassCSP = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, bypassCSP });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') pageProblems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
  await page.goto(PAGE);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  const index = samples.findIndex((s) => s.id === `corpus/${name}`);
  assert.ok(index >= 0, `${name} is bundled`);
  await page.selectOption('#sample', String(index));
  await page.click('#evaluate');
  await page.waitForSelector('.result .timeline', { timeout: 30_000 });
  const body = await page.$eval('.result pre.response-json', (pre) => JSON.parse(pre.textContent));
  return { context, page, body };
}

function chargesOf(body) {
  return (body.data?.decision?.court_decisions ?? []).flatMap((court) =>
    (court.case_decisions ?? []).flatMap((kase) => kase.offenses ?? []));
}

/** The corpus file's own expectation of each charge's lookback, by offense id. */
function expectedLookbacks(name) {
  const expect = JSON.parse(readFileSync(join(CORPUS_DIR, `${name}.json`), 'utf8')).expect;
  return new Map(chargesOf({ data: expect }).map((o) => [o.offense_id, o.lookback]));
}

test('the time line has one row per charge with its ages_out_on in words', async () => {
  const name = 'nonconviction-seven-year-window';
  const { context, page, body } = await evaluated(name);
  const expected = expectedLookbacks(name);
  const rows = await page.$$eval('.result .tl-row', (els) => els.map((el) => ({
    id: el.dataset.offenseId, agesOut: el.dataset.agesOutOn, text: el.textContent,
  })));
  assert.equal(rows.length, chargesOf(body).length, 'one row per charge');
  assert.equal(rows.length, 3);
  for (const row of rows) {
    const want = expected.get(row.id).ages_out_on;
    assert.equal(row.agesOut, want, row.id);
    // OFF-2 aged out on the search date itself; the others age out later.
    const words = want <= '2025-11-06' ? `aged out ${want}` : `ages out ${want}`;
    assert.ok(row.text.includes(words), `${row.id}: "${row.text}" says "${words}"`);
  }
  assert.ok(rows.find((r) => r.id === 'OFF-2').text.includes('aged out 2025-11-06'));

  // Focus shows the rationale; Enter goes to the charge in the tree.
  const offense = chargesOf(body).find((o) => o.offense_id === 'OFF-3');
  await page.focus('.result .tl-row[data-offense-id="OFF-3"]');
  const detail = await page.textContent('.result .timeline-detail');
  assert.ok(detail.includes(offense.rationale) && detail.includes(expected.get('OFF-3').ages_out_on), detail);
  await page.keyboard.press('Enter');
  const focused = await page.evaluate(() => document.activeElement?.dataset?.offenseId);
  assert.equal(focused, 'OFF-3', 'Enter on a row focuses its charge');
  await page.locator('.result .timeline').screenshot({ path: join(ARTIFACTS, 'timeline.png') });
  await context.close();
});

test('the time line shades the windows that apply: the deciding one hatched, a federal one dotted, others lined', async () => {
  // state-ca (search date 2025-11-06): a conviction inside California's 7-year window, a dismissal
  // barred by the state whatever its age (the federal and California windows still apply to it,
  // neither decides), a pending charge. The bands must be the corpus file's own `windows`.
  const name = 'state-ca';
  const { context, page, body } = await evaluated(name);
  const expected = expectedLookbacks(name);
  const searchDate = '2025-11-06';
  const bands = await page.$$eval('.result .tl-row', (rows) => rows.map((row) => ({
    id: row.dataset.offenseId,
    windows: [...row.querySelectorAll('.tl-window')].map((w) => ({
      rule: w.dataset.rule, from: w.dataset.from, deciding: w.classList.contains('deciding'),
      pattern: w.getAttribute('fill'), words: w.querySelector('title')?.textContent ?? '',
    })),
  })));
  const federal = ['FED_NONCONVICTION_7YR', 'FED_PENDING_CHARGE'];
  const kinds = new Set();
  for (const offense of chargesOf(body)) {
    const lb = expected.get(offense.offense_id);
    assert.ok(lb?.windows?.length, `${offense.offense_id}: the corpus names its windows`);
    const want = lb.windows.map((w) => {
      const deciding = w.rule === lb.rule && w.clock_date === lb.clock_date;
      const pattern = deciding ? 'url(#tl-hatch)' : (federal.includes(w.rule) ? 'url(#tl-dots)' : 'url(#tl-lines)');
      return { rule: w.rule, from: w.boundary_date, deciding, pattern };
    });
    const got = bands.find((b) => b.id === offense.offense_id).windows;
    assert.deepEqual(got.map(({ words, ...w }) => w), want, offense.offense_id);
    for (const w of got) {
      assert.ok(w.words.includes(w.rule) && w.words.includes(`${w.from} to ${searchDate}`), `${offense.offense_id}: "${w.words}"`);
      kinds.add(w.pattern);
    }
  }
  assert.deepEqual([...kinds].sort(), ['url(#tl-dots)', 'url(#tl-hatch)', 'url(#tl-lines)'], 'the case shows every kind of window');
  // The barred dismissal: California's window applies but does not decide; drawn lined with its rule.
  const dismissal = bands.find((b) => b.id === 'OFF-2').windows;
  assert.deepEqual(dismissal.map((w) => [w.rule, w.deciding, w.pattern]),
    [['FED_NONCONVICTION_7YR', false, 'url(#tl-dots)'], ['CA_CONVICTION_7YR', false, 'url(#tl-lines)']]);
  await page.focus('.result .tl-row[data-offense-id="OFF-2"]');
  const detail = await page.textContent('.result .timeline-detail');
  assert.ok(detail.includes('Windows that apply: the 7-year window of FED_NONCONVICTION_7YR (2018-11-06 to 2025-11-06); '
    + 'the 7-year window of CA_CONVICTION_7YR (2018-11-06 to 2025-11-06).'), detail);
  const legend = await page.textContent('.result .timeline-legend');
  assert.ok(legend.includes('Lined span'), legend);
  await page.locator('.result .timeline').screenshot({ path: join(ARTIFACTS, 'timeline-windows.png') });
  await context.close();
});

/** Whether two bounding boxes share any area. */
const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('the time line draws its words clear of the bands and inside the picture', async () => {
  // rules-local-philadelphia: three charges without a time limit, two of them with federal
  // windows across the row; the search date lies near the right edge. The missing-date case says
  // "ages out: unknown (no disposition_date)" in the same place, the longest words a row has.
  const cases = ['rules-local-philadelphia', 'missing-date-state-conviction-lookbacks', 'state-ca', 'nonconviction-seven-year-window'];
  for (const name of cases) {
    const { context, page } = await evaluated(name);
    const boxes = await page.$eval('.result .timeline-svg', (svg) => {
      const box = (el) => el.getBoundingClientRect().toJSON();
      return {
        svg: box(svg),
        search: box(svg.querySelector('.tl-search-label')),
        texts: [...svg.querySelectorAll('text')].map((t) => ({ text: t.textContent, ...box(t) })),
        rows: [...svg.querySelectorAll('.tl-row')].map((row) => ({
          id: row.dataset.offenseId,
          none: [...row.querySelectorAll('.tl-none')].map(box),
          bands: [...row.querySelectorAll('.tl-window')].map(box),
          others: [...row.querySelectorAll('text:not(.tl-none)')].map(box),
        })),
      };
    });
    const { svg, search } = boxes;
    assert.ok(search.left >= svg.left && search.right <= svg.right && search.bottom <= svg.bottom,
      `${name}: the search date label ${JSON.stringify(search)} lies inside the time line ${JSON.stringify(svg)}`);
    for (const t of boxes.texts) {
      assert.ok(t.left >= svg.left && t.right <= svg.right, `${name}: "${t.text}" is not cut off at the edges`);
    }
    for (const row of boxes.rows) {
      for (const words of row.none) {
        assert.ok(row.bands.every((band) => !overlap(words, band)), `${name} ${row.id}: "no time limit" is clear of the bands`);
        assert.ok(row.others.every((text) => !overlap(words, text)), `${name} ${row.id}: and of the row's other words`);
      }
    }
    if (name === 'missing-date-state-conviction-lookbacks') {
      assert.ok(boxes.rows.some((r) => r.bands.length > 0 && r.none.length > 0), 'rows with unknown days and bands are checked');
    }
    if (name === 'rules-local-philadelphia') {
      assert.equal(boxes.rows.flatMap((r) => r.none).length, 3, 'every charge says it has no time limit');
      assert.ok(boxes.rows.filter((r) => r.bands.length > 0 && r.none.length > 0).length >= 2,
        'rows with both the words and bands are checked');
      await page.locator('.result .timeline').screenshot({ path: join(ARTIFACTS, 'timeline-no-limit.png') });
    }
    await context.close();
  }
});

test('a deciding window whose date the record lacks gets no dot and no diamond, its lower bound in words', async () => {
  // missing-date-state-conviction-lookbacks (search date 2026-06-01, docs/decisions.md §7.2): each state
  // conviction lacks its disposition date. CA-1 (arrested 2024-11-13) is reportable whatever the
  // date; CA-2 (arrested 2018-05-02) goes to a person. Neither row may draw a date it does not have.
  const name = 'missing-date-state-conviction-lookbacks';
  const { context, page, body } = await evaluated(name);
  const expected = expectedLookbacks(name);
  const rows = await page.$$eval('.result .tl-row', (els) => els.map((el) => ({
    id: el.dataset.offenseId, agesOut: el.dataset.agesOutOn, text: el.textContent,
    diamonds: el.querySelectorAll('.tl-ages-out').length, dots: el.querySelectorAll('.tl-clock').length,
    deciding: [...el.querySelectorAll('.tl-window.deciding')].map((w) => w.dataset.rule),
  })));
  assert.equal(rows.length, chargesOf(body).length, 'one row per charge');
  let unknown = 0;
  for (const offense of chargesOf(body)) {
    const lb = offense.lookback;
    const row = rows.find((r) => r.id === offense.offense_id);
    if (lb.clock_date !== null || lb.rule === null) continue;
    unknown += 1;
    assert.equal(lb.ages_out_on, null, offense.offense_id);
    assert.deepEqual(lb.lower_bound, expected.get(offense.offense_id).lower_bound, offense.offense_id);
    assert.equal(row.diamonds, 0, `${row.id}: no diamond for an unknown day`);
    assert.equal(row.dots, 0, `${row.id}: no dot for an unknown clock date`);
    assert.equal(row.agesOut, '', row.id);
    assert.ok(row.text.includes(`ages out: unknown (no ${lb.clock_field})`), `${row.id}: "${row.text}"`);
    assert.deepEqual(row.deciding, [lb.rule], `${row.id}: the deciding window is still drawn`);
  }
  assert.equal(unknown, 22, 'every conviction of the case lacks its disposition date');
  await page.focus('.result .tl-row[data-offense-id="CA-1"]');
  const detail = await page.textContent('.result .timeline-detail');
  assert.ok(detail.includes('ages-out date unknown: CA_CONVICTION_7YR counts from disposition_date, which the record lacks; '
    + 'not before 2031-11-14 (disposition_date cannot precede arrest_date 2024-11-13)'), detail);
  await page.locator('.result .timeline').screenshot({ path: join(ARTIFACTS, 'timeline-missing-date.png') });
  await context.close();
});

test('page weight and time to the first evaluation, reported', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(PAGE);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  await page.selectOption('#sample', String(samples.findIndex((s) => s.id === 'corpus/state-ca')));
  await page.click('#evaluate');
  await page.waitForSelector('.result .timeline', { timeout: 30_000 });
  const firstResultMs = Date.now() - started;
  const urls = await page.evaluate(() => performance.getEntriesByType('navigation')
    .concat(performance.getEntriesByType('resource')).map((e) => e.name));
  // Each response body once, by kind, as served and gzipped (what a compressing proxy would send).
  const weight = {};
  for (const url of new Set(urls)) {
    const path = new URL(url).pathname;
    const kind = path.endsWith('/') || path.endsWith('.html') ? 'html' : (path.match(/\.(js|css|wasm|json|svg)$/)?.[1] ?? 'other');
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    weight[kind] ??= { files: 0, bytes: 0, gzip: 0 };
    weight[kind].files += 1;
    weight[kind].bytes += bytes.length;
    weight[kind].gzip += gzipSync(bytes).length;
  }
  const total = Object.values(weight).reduce((t, w) => ({ bytes: t.bytes + w.bytes, gzip: t.gzip + w.gzip }), { bytes: 0, gzip: 0 });
  assert.ok(weight.html && weight.js && weight.css && weight.wasm, JSON.stringify(weight));
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`# page weight ${kib(total.bytes)} (gzip ${kib(total.gzip)}): ${Object.entries(weight).sort()
    .map(([k, w]) => `${k} ${w.files} file(s) ${kib(w.bytes)} (gzip ${kib(w.gzip)})`).join('; ')}; `
    + `load to first rendered evaluation ${firstResultMs} ms`);
  await context.close();
});

test('the summary counts decisions and queues, lists who needs a person, and the filters work', async () => {
  const { context, page, body } = await evaluated('state-ca');
  const charges = chargesOf(body);
  for (const decision of ['REPORTABLE', 'NOT_REPORTABLE', 'MANUAL_REVIEW']) {
    const shown = await page.textContent(`.result .by-decision [data-count-for="${decision}"] .count`);
    assert.equal(Number(shown), charges.filter((o) => o.charge_decision === decision).length, decision);
  }
  for (const queue of ['Automation', 'Auditor', 'Insufficient Data']) {
    const shown = await page.textContent(`.result .by-queue [data-count-for="${queue}"] .count`);
    assert.equal(Number(shown), charges.filter((o) => o.routing.queue === queue).length, queue);
  }
  const needPerson = await page.$$eval('.result .need-person li', (els) => els.map((el) => el.dataset.offenseId));
  assert.deepEqual(needPerson, charges.filter((o) => !o.routing.is_automatable).map((o) => o.offense_id));
  await page.locator('.result .summary').screenshot({ path: join(ARTIFACTS, 'summary.png') });

  const visible = () => page.$$eval('.result .node.charge', (els) =>
    els.filter((el) => el.checkVisibility()).map((el) => el.dataset.offenseId));
  await page.selectOption('.result .filter-decision', 'NOT_REPORTABLE');
  const notReportable = charges.filter((o) => o.charge_decision === 'NOT_REPORTABLE').map((o) => o.offense_id);
  assert.ok(notReportable.length > 0 && notReportable.length < charges.length, 'the case mixes decisions');
  assert.deepEqual(await visible(), notReportable);
  const rows = await page.$$eval('.result .tl-row', (els) => els.filter((el) => getComputedStyle(el).display !== 'none').length);
  assert.equal(rows, notReportable.length, 'the time line follows the filter');
  assert.equal(await page.textContent('.result .filter-status'), `Showing ${notReportable.length} of ${charges.length} charges.`);

  await page.selectOption('.result .filter-decision', '');
  await page.fill('.result .filter-text', 'theft');
  assert.deepEqual(await visible(), charges.filter((o) => /THEFT/.test(o.charge)).map((o) => o.offense_id));
  await page.fill('.result .filter-text', '');
  assert.equal((await visible()).length, charges.length);
  await context.close();
});

test('axe-core finds no serious or critical violation on a rendered result', async () => {
  const { context, page } = await evaluated('state-ca', { bypassCSP: true });
  const { bad, report } = await seriousAxeViolations(page);
  assert.deepEqual(bad, []);
  console.log(`# ${report}, none serious or critical`);
  await context.close();
});

test('the print layout is a one-record report with the time line', async () => {
  const { context, page } = await evaluated('nonconviction-seven-year-window');
  await page.emulateMedia({ media: 'print' });
  const shown = (selector) => page.$eval(selector, (el) => el.checkVisibility());
  assert.equal(await shown('.input-panel'), false, 'the form is not printed');
  assert.equal(await shown('.result .filters'), false, 'the filters are not printed');
  assert.equal(await shown('.result .timeline-svg'), true, 'the time line is printed');
  assert.equal(await shown('.result .summary'), true, 'the summary is printed');
  await page.setViewportSize({ width: 900, height: 2000 });
  await page.screenshot({ path: join(ARTIFACTS, 'print.png'), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  assert.ok(pdf.length > 10_000, `a PDF of ${pdf.length} bytes`);
  await context.close();
});
