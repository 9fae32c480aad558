// The reviewer page: wires the form, the samples, share links, the version picker and the charge
// dictionary draft to the engine glue. Record data stays in this page: the only requests are GETs
// for the page, the samples and module bytes.

import { evaluate, fetchModule, nowRfc3339, prepareWorkers, warmUpEngine, withDictionary } from './engine.js';
import { Draft } from './dictionary.js';
import { correctionDialog, showDraft } from './draft-view.js';
import { bodyText, classifyRecord, composeBody, decodeFile, decodeShare, encodeShare, sharedRecord, splitBody } from './request.js';
import { differingCharges, h, renderResult } from './render.js';
import { addOverview, searchDateOf } from './review.js';
import { droppedFiles, recordFilesOf, recordsOfFiles } from './batch-input.js';
import { differencesCsv, runBatch } from './batch-run.js';
import { showProgress, showTable } from './batch-view.js';

const $ = (id) => document.getElementById(id);
const ui = {
  status: $('engine-status'),
  form: $('request-form'),
  sample: $('sample'),
  sampleDescription: $('sample-description'),
  record: $('record'),
  recordFile: $('record-file'),
  dropZone: $('drop-zone'),
  rawNote: $('raw-note'),
  submissionType: $('f-submission_type'),
  extra: $('extra'),
  evaluate: $('evaluate'),
  copyLink: $('copy-link'),
  share: $('share'),
  shareUrl: $('share-url'),
  shareStatus: $('share-status'),
  inputError: $('input-error'),
  compare: $('compare'),
  columns: $('columns'),
  announce: $('announce'),
  results: $('results'),
  batch: $('batch'),
  batchFiles: $('batch-files'),
  batchFolder: $('batch-folder'),
  batchDrop: $('batch-drop'),
  draft: $('draft'),
  draftReviewer: $('draft-reviewer'),
  draftTenant: $('draft-tenant'),
  draftDownload: $('draft-download'),
  draftOpen: $('draft-open'),
};

/** The version picker's value for the active module reading records with the draft dictionary. */
const DRAFT = 'draft-dictionary';
const fieldControls = [...document.querySelectorAll('[data-field]')];

const state = {
  active: null,
  /** Loaded modules by version, fetched once each. */
  engines: new Map(),
  /** Public metadata from /engine/modules. */
  modules: [],
  samples: [],
  runs: 0,
  /** The records of the last batch, its rows and versions; a newer batch run supersedes an older one. */
  batch: null,
  batchRuns: 0,
  /** The reviewer's charge dictionary draft, and the active module reading with it. */
  draft: new Draft(),
  draftEngine: null,
  /** The body of the last evaluation (the statutes "Correct this reading" offers). */
  lastBody: '',
};

/** The engine picked under "Compare with version": a loaded version, or the draft dictionary. */
function comparedEngine() {
  if (ui.compare.value === DRAFT) return state.draftEngine;
  return ui.compare.value ? state.engines.get(ui.compare.value) : null;
}

// ---- the form as a request view -------------------------------------------------------------

/** Whether the form control of `name` holds `value` exactly (a date input refuses 2025-13-45). */
function fits(name, value) {
  const control = fieldControls.find((c) => c.dataset.field === name);
  if (!control) return false;
  const before = control.value;
  control.value = value;
  const ok = control.value === value;
  control.value = before;
  return ok;
}

function currentView() {
  const fields = {};
  for (const control of fieldControls) fields[control.dataset.field] = control.value;
  const extraText = ui.extra.value.trim();
  let extra = {};
  if (extraText !== '') {
    try {
      extra = JSON.parse(extraText);
    } catch (error) {
      throw new Error(`Other request fields are not valid JSON: ${error.message}`);
    }
    if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) {
      throw new Error('Other request fields must be a JSON object of record fields');
    }
  }
  return { raw: false, fields, recordText: ui.record.value, submissionType: ui.submissionType.value, extra };
}

/** Shows a body in the form, or as written when the form cannot show it exactly. */
function showBody(body) {
  const view = splitBody(body, fits);
  if (view.raw) {
    for (const control of fieldControls) control.value = '';
    ui.record.value = view.text;
    ui.extra.value = '';
    ui.submissionType.value = '';
  } else {
    for (const control of fieldControls) control.value = view.fields[control.dataset.field] ?? '';
    ui.record.value = view.recordText;
    ui.submissionType.value = view.submissionType;
    ui.extra.value = Object.keys(view.extra).length ? JSON.stringify(view.extra, null, 2) : '';
  }
  updateRawNote();
}

/** The record box changed (typed, pasted, dropped): a whole body fills the form. */
function recordChanged() {
  const content = classifyRecord(ui.record.value);
  if (content.kind === 'body') showBody(content.value);
  else if (content.kind === 'xml') ui.submissionType.value = '';
  else if (content.kind === 'record_json') ui.submissionType.value = 'resubmit';
  updateRawNote();
}

function updateRawNote() {
  const kind = classifyRecord(ui.record.value).kind;
  ui.rawNote.hidden = !(kind === 'body' || kind === 'raw');
}

function showInputError(message) {
  ui.inputError.textContent = message;
  ui.inputError.hidden = !message;
}

// ---- evaluation ------------------------------------------------------------------------------

/** The /evaluate body the form describes, or null after showing why there is none. */
function formBodyText() {
  showInputError('');
  try {
    return bodyText(composeBody(currentView()));
  } catch (error) {
    showInputError(error.message);
    return null;
  }
}

async function evaluateForm() {
  const text = formBodyText();
  if (text === null) return;
  const engines = [state.active];
  const compared = comparedEngine();
  if (compared) engines.push(compared);
  state.lastBody = text;
  const context = { now: nowRfc3339(), correlationId: crypto.randomUUID() };
  const answers = [];
  for (const engine of engines) answers.push(await evaluate(engine, text, context));
  const differs = answers.length === 2 ? differingCharges(answers[0], answers[1]) : new Set();

  const searchDate = searchDateOf(text, context.now);
  ui.columns.replaceChildren(...answers.map((answer, i) => {
    const column = renderResult(answer, engines[i], {
      label: i === 0 ? 'Active module' : (engines[i].dictionary ? 'Active module, draft dictionary' : 'Compared version'),
      differs,
      onDownload: () => download(answer, engines[i]),
    });
    addOverview(column, answer, searchDate);
    return column;
  }));
  ui.columns.classList.toggle('two', answers.length === 2);
  document.body.classList.toggle('comparing', answers.length === 2);
  state.runs += 1;
  ui.columns.dataset.run = String(state.runs);
  ui.announce.textContent = summary(answers[0]) + (differs.size ? ` ${differs.size} charge(s) differ between versions.` : '');
}

function summary({ status, body }) {
  if (body.error) return `Invalid request: ${body.error.message}`;
  const decision = body.data?.decision;
  if (!decision) return `HTTP ${status}: ${body.data?.status ?? 'no decision'}`;
  return `Evaluated: ${decision.record_decision}, queue ${decision.search_queue}.`;
}

function download(answer, engine) {
  const id = answer.body.data?.search_id ?? 'response';
  saveFile(JSON.stringify(answer.body, null, 2), 'application/json', `lookback-${id}-${engine.info.engine_version}.json`);
}

/** Offers `text` as a download named `name`, made in the page (nothing is sent). */
function saveFile(text, type, name) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// ---- share links (docs/decisions.md §10) -------------------------------------------------------------

async function copyShareLink() {
  const text = formBodyText();
  if (text === null) return;
  const url = `${location.href.split('#')[0]}#record=${encodeShare(text)}`;
  // replaceState: the address bar shows the link without re-evaluating (no hashchange).
  history.replaceState(null, '', url);
  ui.share.hidden = false;
  ui.shareUrl.value = url;
  try {
    await navigator.clipboard.writeText(url);
    ui.shareStatus.textContent = 'Link copied to the clipboard.';
  } catch {
    ui.shareUrl.select();
    ui.shareStatus.textContent = 'Copy the selected link (Ctrl+C).';
  }
}

/** Opens and evaluates a `#record=` link, entirely in this page. */
async function openSharedRecord() {
  const encoded = sharedRecord(location.hash);
  if (encoded === null) return;
  let text;
  try {
    text = decodeShare(encoded);
  } catch (error) {
    showInputError(`This share link is damaged: ${error.message}`);
    return;
  }
  await evaluateText(text);
}

/** Shows body text in the form (exactly, or as written) and evaluates it. */
async function evaluateText(text) {
  ui.sample.value = '';
  ui.sampleDescription.textContent = '';
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (body === undefined) {
    ui.record.value = text;
    updateRawNote();
  } else {
    showBody(body);
  }
  await evaluateForm();
}

// ---- many records ----------------------------------------------------------------------------

/** The engines a batch runs with: the active one, and the compared version if one is picked. */
function batchEngines() {
  const compared = comparedEngine();
  return compared && compared !== state.active ? [state.active, compared] : [state.active];
}

/** A version label for a batch's columns and CSV: the draft says which dictionary. */
function versionOf(engine) {
  const version = engine.info.engine_version;
  return engine.dictionary ? `${version} + dictionary ${engine.dictionary.version}` : version;
}

async function evaluateFiles(files) {
  if (!state.active || files.length === 0) return;
  const records = await recordsOfFiles(files);
  if (records.length === 0) {
    showInputError('No records in the chosen files (.json, .xml, .ndjson or .jsonl).');
    return;
  }
  showInputError('');
  await evaluateBatch(records);
}

async function evaluateBatch(records) {
  const run = (state.batchRuns += 1);
  const engines = batchEngines();
  const versions = engines.map(versionOf);
  delete ui.batch.dataset.done;
  delete ui.batch.dataset.shown;
  const advance = showProgress(ui.batch, records.length, versions);
  const started = performance.now();
  const superseded = () => run !== state.batchRuns;
  const rows = await runBatch(records, engines, { now: nowRfc3339(), onProgress: advance, superseded });
  if (superseded()) return;
  state.batch = { records, rows, versions };
  showTable(ui.batch, rows, {
    versions,
    elapsedMs: performance.now() - started,
    onOpen: openBatchRow,
    onCsv: () => saveFile(differencesCsv(rows, versions), 'text/csv',
      `lookback-differences-${versions[0]}-vs-${versions[1]}.csv`),
  });
  ui.announce.textContent = `${rows.length} record(s) evaluated.`;
}

/** A batch row in the full single-record view, below the table. */
async function openBatchRow(row) {
  await evaluateText(row.text);
  ui.columns.scrollIntoView({ block: 'start' });
  ui.columns.querySelector('.result h3')?.setAttribute('tabindex', '-1');
  ui.columns.querySelector('.result h3')?.focus();
}

// ---- the charge dictionary draft -------------------------------------------------------------

/** The draft changed: its panel, its engine, the picker's draft option, and what it changes. */
async function draftChanged() {
  const comparing = ui.compare.value === DRAFT;
  state.draft.tenantId = ui.draftTenant.value.trim();
  const forEngine = state.draft.size > 0 ? await state.draft.forEngine() : null;
  try {
    state.draftEngine = forEngine ? withDictionary(state.active, forEngine) : null;
  } catch (error) {
    state.draftEngine = null;
    showInputError(error.message);
  }
  showDraft(ui.draft, state.draft, { version: forEngine?.version, onRemove: (id) => {
    state.draft.remove(id);
    draftChanged();
  } });
  let option = ui.compare.querySelector(`option[value="${DRAFT}"]`);
  if (state.draftEngine && !option) {
    option = h('option', { value: DRAFT }, 'Draft dictionary (active module)');
    ui.compare.append(option);
  } else if (!state.draftEngine && option) {
    if (ui.compare.value === DRAFT) ui.compare.value = '';
    option.remove();
  }
  if (comparing) await rerun();
}

/** Evaluates the shown record and the batch again (the compared engine changed). */
async function rerun() {
  if (ui.columns.dataset.run) await evaluateForm();
  if (state.batch) await evaluateBatch(state.batch.records);
}

/** Corrections were added: compare with the draft at once, so the reviewer sees what they do. */
async function correctionsAdded(added) {
  await draftChanged();
  if (state.draftEngine && ui.compare.value !== DRAFT) {
    ui.compare.value = DRAFT;
    await rerun();
  }
  const words = added.map(({ entry, replaced }) => (replaced ? `replaced entry ${replaced}` : `added entry ${entry.id}`));
  ui.announce.textContent = `Draft dictionary: ${words.join('; ')}.`;
}

// ---- samples, files, versions ----------------------------------------------------------------

function fillSamples(samples) {
  const groups = new Map();
  for (const [i, sample] of samples.entries()) {
    if (!groups.has(sample.group)) groups.set(sample.group, h('optgroup', { label: sample.group }));
    groups.get(sample.group).append(h('option', { value: String(i), 'data-id': sample.id }, sample.title));
  }
  ui.sample.append(...groups.values());
}

function sampleChosen() {
  const sample = state.samples[Number(ui.sample.value)];
  ui.sampleDescription.textContent = sample ? sample.description ?? '' : '';
  if (sample) showBody(sample.body);
}

async function readFile(file) {
  try {
    ui.record.value = decodeFile(new Uint8Array(await file.arrayBuffer()));
    recordChanged();
    showInputError('');
  } catch (error) {
    showInputError(`${file.name}: ${error.message}`);
  }
}

async function compareChosen() {
  const version = ui.compare.value;
  if (!version || version === DRAFT) {
    if (ui.columns.dataset.run) await evaluateForm();
    if (state.batch) await evaluateBatch(state.batch.records);
    return;
  }
  try {
    await loadVersion(version);
    ui.compare.dataset.loaded = version;
  } catch (error) {
    showInputError(`Version ${version} could not be loaded: ${error.message}`);
    ui.compare.value = '';
    return;
  }
  if (ui.columns.dataset.run) await evaluateForm();
  if (state.batch) await evaluateBatch(state.batch.records);
}

async function loadVersion(version) {
  if (state.engines.has(version)) return state.engines.get(version);
  const listed = state.modules.find((m) => m.version === version);
  const engine = await fetchModule(new URL(`../engine/${encodeURIComponent(version)}.wasm`, location.href));
  if (listed && listed.sha256 !== engine.sha256) {
    throw new Error('its sha256 differs from the one /engine/modules lists');
  }
  state.engines.set(version, engine);
  return engine;
}

async function fetchJson(path) {
  const response = await fetch(new URL(path, location.href), { cache: 'no-cache', credentials: 'omit' });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.json();
}

// ---- start -----------------------------------------------------------------------------------

async function start() {
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    evaluateForm();
  });
  ui.sample.addEventListener('change', sampleChosen);
  ui.record.addEventListener('change', recordChanged);
  ui.record.addEventListener('input', updateRawNote);
  ui.recordFile.addEventListener('change', () => ui.recordFile.files[0] && readFile(ui.recordFile.files[0]));
  ui.dropZone.addEventListener('dragover', (event) => {
    event.preventDefault();
    ui.dropZone.classList.add('dragging');
  });
  ui.dropZone.addEventListener('dragleave', () => ui.dropZone.classList.remove('dragging'));
  ui.dropZone.addEventListener('drop', (event) => {
    event.preventDefault();
    ui.dropZone.classList.remove('dragging');
    const file = event.dataTransfer?.files?.[0];
    if (file) readFile(file);
  });
  ui.copyLink.addEventListener('click', copyShareLink);
  ui.batchFiles.addEventListener('change', () => evaluateFiles([...ui.batchFiles.files]));
  ui.batchFolder.addEventListener('change', () => evaluateFiles(recordFilesOf(ui.batchFolder.files)));
  ui.batchDrop.addEventListener('dragover', (event) => {
    event.preventDefault();
    ui.batchDrop.classList.add('dragging');
  });
  ui.batchDrop.addEventListener('dragleave', () => ui.batchDrop.classList.remove('dragging'));
  ui.batchDrop.addEventListener('drop', async (event) => {
    event.preventDefault();
    ui.batchDrop.classList.remove('dragging');
    evaluateFiles(await droppedFiles(event.dataTransfer));
  });
  ui.compare.addEventListener('change', compareChosen);
  const correction = correctionDialog({
    draft: () => state.draft,
    reviewer: () => ui.draftReviewer.value,
    onAdded: correctionsAdded,
  });
  ui.columns.addEventListener('click', (event) => {
    const button = event.target.closest('button.correct-reading');
    const node = button?.closest('.node.charge');
    if (node) correction.open(node, state.lastBody);
  });
  ui.draftTenant.addEventListener('change', draftChanged);
  ui.draftOpen.addEventListener('change', async () => {
    const file = ui.draftOpen.files[0];
    if (!file) return;
    try {
      state.draft = Draft.fromFile(await file.text());
    } catch (error) {
      showInputError(`${file.name}: ${error.message}`);
      return;
    }
    ui.draftTenant.value = state.draft.tenantId;
    showInputError('');
    await draftChanged();
  });
  ui.draftDownload.addEventListener('click', () => {
    saveFile(state.draft.fileText(), 'application/json', state.draft.fileName());
  });
  window.addEventListener('hashchange', openSharedRecord);

  const [active, modules, samples] = await Promise.allSettled([
    fetchModule(new URL('../engine/active.wasm', location.href)),
    fetchJson('../engine/modules'),
    fetchJson('samples.json'),
    prepareWorkers(),
  ]);
  if (samples.status === 'fulfilled') {
    state.samples = samples.value;
    fillSamples(state.samples);
  }
  if (modules.status === 'fulfilled') {
    state.modules = modules.value.modules ?? [];
    for (const m of state.modules) {
      ui.compare.append(h('option', { value: m.version },
        `${m.version} (rules ${m.rules_version}${m.active ? ', active' : ''})`));
    }
  }
  if (active.status === 'rejected') {
    ui.status.textContent = `The engine module could not be loaded: ${active.reason.message}`;
    ui.status.classList.add('failed');
    return;
  }
  state.active = active.value;
  state.engines.set(state.active.info.engine_version, state.active);
  const { info, sha256, verified } = state.active;
  ui.status.replaceChildren(
    'Engine ', h('strong', {}, info.engine_version),
    ' · rules ', h('strong', {}, info.rules_version),
    ' · sha256 ', h('code', { class: 'sha256' }, sha256),
    verified ? ' (matches the server)' : ' (differs from what the server announced)');
  ui.evaluate.disabled = false;
  document.body.dataset.ready = 'true';
  warmUpEngine(state.active, state.samples.map((s) => bodyText(s.body)), nowRfc3339())
    .then((done) => { document.body.dataset.warm = String(done); }, () => { document.body.dataset.warm = 'false'; });
  await openSharedRecord();
}

start();
