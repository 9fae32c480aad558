// A reviewer corrects a charge reading in the page (/demo/) and downloads the draft dictionary:
// Debian's Chromium driven by playwright-core against one replica that tests/tests/replicas/
// dictionary.rs starts (with PostgreSQL and a second replica). The record's first charge is one
// the built-in classifier misreads; "Correct this reading" makes it minor traffic; the draft then
// shows, side by side and over a batch, which charges it changes; the dictionary file is
// downloaded for the Rust side to upload as admin and check on every replica.
//
// Environment (set by dictionary.rs): LOOKBACK_BASE_URL, LOOKBACK_ARTIFACTS_DIR,
// LOOKBACK_CHROMIUM, LOOKBACK_DICTIONARY_BODY (the /evaluate body), LOOKBACK_DICTIONARY_BATCH
// (NDJSON of /evaluate bodies, the first of them that body).

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { chromium } from 'playwright-core';

import { seriousAxeViolations } from './support.mjs';

const BASE = process.env.LOOKBACK_BASE_URL;
const ARTIFACTS = process.env.LOOKBACK_ARTIFACTS_DIR;
const CHROMIUM = process.env.LOOKBACK_CHROMIUM ?? '/usr/bin/chromium';
const BODY = process.env.LOOKBACK_DICTIONARY_BODY;
const BATCH = process.env.LOOKBACK_DICTIONARY_BATCH;
for (const [name, value] of Object.entries({ BASE, ARTIFACTS, BODY, BATCH })) {
  assert.ok(value, `environment variable for ${name} is not set (run through tests/tests/replicas/dictionary.rs)`);
}
const PAGE = `${BASE}/demo/`;
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

let browser;
const requests = [];
const pageProblems = [];

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close();
});

function runCount(page) {
  return page.$eval('#columns', (el) => Number(el.dataset.run ?? 0));
}

async function waitForRun(page, previous) {
  await page.waitForFunction((n) => Number(document.getElementById('columns').dataset.run ?? 0) > n, previous, { timeout: 60_000 });
}

/** Each result column: its dictionary version (none: the module alone), answer and charges. */
function readColumns(page) {
  return page.$$eval('.result', (columns) => columns.map((column) => ({
    dictionary: column.dataset.dictionary ?? null,
    body: JSON.parse(column.querySelector('pre.response-json').textContent),
    charges: Object.fromEntries([...column.querySelectorAll('.node.charge')].map((c) => [c.dataset.offenseId, {
      decision: c.dataset.decision,
      differs: c.classList.contains('differs'),
      traffic: c.querySelector('.classification')?.dataset.traffic,
      readBy: c.querySelector('.read-by-dictionary')?.textContent ?? null,
    }])),
  })));
}

test('a reviewer corrects a misread charge, sees what the draft changes, and downloads it', async () => {
  // bypassCSP only so axe-core can be injected below; the page itself is as served.
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true, bypassCSP: true });
  const page = await context.newPage();
  page.on('request', (r) => requests.push({ method: r.method(), url: r.url() }));
  page.on('console', (m) => { if (m.type() === 'error') pageProblems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => pageProblems.push(`page error: ${e.message}`));
  await page.goto(`${PAGE}#record=${Buffer.from(BODY).toString('base64url')}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 60_000 });
  await waitForRun(page, 0);
  let [alone] = await readColumns(page);
  assert.equal(alone.charges['OFF-1'].decision, 'REPORTABLE', 'the built-in reading reports the misread charge');
  assert.equal(alone.charges['OFF-1'].traffic, 'none');

  await page.fill('#draft-reviewer', 'reviewer@acme.example');
  await page.fill('#draft-tenant', 'acme');
  await page.dispatchEvent('#draft-tenant', 'change');

  // Nothing chosen: the dialog says so and adds nothing.
  await page.click('.node.charge[data-offense-id="OFF-1"] button.correct-reading');
  await page.waitForSelector('dialog#correction[open]');
  assert.match(await page.textContent('#correction-charge'), /NO VALID INSP STKR.*TX/);
  await page.click('#correction-add');
  assert.match(await page.textContent('#correction-error'), /Choose a new reading/);
  const axe = await seriousAxeViolations(page);
  assert.deepEqual(axe.bad, [], `the correction dialog: ${axe.report}`);

  const previous = await runCount(page);
  await page.selectOption('#correction-traffic', 'minor');
  await page.fill('#correction-note', "Harris County's abbreviation of no valid inspection certificate: a Class C traffic offense");
  await page.click('#correction-add');
  await waitForRun(page, previous);
  assert.equal(await page.$eval('#compare', (s) => s.value), 'draft-dictionary', 'the page compares with the draft at once');
  assert.equal(await page.$eval('#draft', (d) => d.dataset.entries), '1');
  const version = await page.$eval('#draft', (d) => d.dataset.version);
  assert.match(version, /^[0-9a-f]{16}$/);

  const [active, drafted] = await readColumns(page);
  assert.equal(active.dictionary, null);
  assert.equal(drafted.dictionary, version);
  assert.equal(drafted.charges['OFF-1'].decision, 'NOT_REPORTABLE');
  assert.equal(drafted.charges['OFF-1'].traffic, 'minor');
  assert.match(drafted.charges['OFF-1'].readBy, new RegExp(`dictionary ${version}`));
  assert.ok(active.charges['OFF-1'].differs && drafted.charges['OFF-1'].differs, 'the changed charge is marked in both columns');
  assert.equal(drafted.charges['OFF-2'].decision, active.charges['OFF-2'].decision);
  assert.ok(!drafted.charges['OFF-2'].differs, 'a charge the draft does not name keeps its reading');
  assert.deepEqual(drafted.body.meta.dictionary, { tenant_id: 'acme', version });
  writeFileSync(join(ARTIFACTS, 'dictionary-preview.json'), JSON.stringify(drafted.body, null, 2));
  await page.screenshot({ path: join(ARTIFACTS, 'dictionary-draft.png'), fullPage: false });

  // The batch preview: which records' charges the draft changes.
  await page.setInputFiles('#batch-files', [{ name: 'records.ndjson', mimeType: 'application/x-ndjson', buffer: Buffer.from(BATCH) }]);
  const lines = BATCH.trim().split('\n').length;
  await page.waitForSelector(`#batch[data-done="${lines}"]`, { timeout: 120_000 });
  const rows = await page.$$eval('#batch tbody tr', (trs) => trs.map((tr) => ({
    differs: tr.dataset.differs === 'true', text: tr.textContent,
  })));
  assert.equal(rows.length, lines);
  assert.deepEqual(rows.map((r) => r.differs), rows.map((_, i) => i === 0), 'only the record with the misread charge changes');
  assert.match(rows[0].text, /OFF-1/);
  await page.screenshot({ path: join(ARTIFACTS, 'dictionary-batch.png'), fullPage: false });

  // The draft as the dictionary file the admin uploads.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#draft-download')]);
  assert.equal(download.suggestedFilename(), 'acme.dictionary.json');
  const path = join(ARTIFACTS, 'dictionary-draft.json');
  await download.saveAs(path);

  // Removed, then started again from that file (as from the dictionary in force): the same
  // dictionary, version too.
  await page.click('#draft-entries .remove-entry');
  await page.waitForFunction(() => document.getElementById('draft').dataset.entries === '0');
  await page.setInputFiles('#draft-open', path);
  await page.waitForFunction(() => document.getElementById('draft').dataset.entries === '1');
  await page.waitForFunction((v) => document.getElementById('draft').dataset.version === v, version);
  assert.equal(await page.inputValue('#draft-tenant'), 'acme');
  await context.close();
});

test('the page sent no record anywhere and logged no error', () => {
  assert.ok(requests.length > 0);
  for (const { method, url } of requests) {
    assert.equal(method, 'GET', `${method} ${url}`);
    assert.ok(!url.includes('INSP'), `record data in ${url}`);
  }
  assert.deepEqual(pageProblems, []);
});
