// The batch table: a progress bar while records run, then one row per record (search id,
// decision, queue, charges by decision, time); with a second version, its outcome beside and the
// rows that differ marked in words, a "only differences" switch and a CSV download of them. The
// search id of a row opens the record in the full single-record view.

import { decisionChip, h, queueChip } from './render.js';
import { LABELS } from './vocabulary.js';

/** The charge counts' order, said once in the column head so the cells stay short. */
const COUNT_ORDER = LABELS;
const COUNTS_HEAD = 'Charges: reportable / not / review';

/** Milliseconds between two redraws of the progress bar. */
const PROGRESS_MS = 150;

/**
 * Rows drawn with the table; the rest follow in the next frame (`filling`). Laying out a
 * 1,000-row table took the page's main thread 130-250 ms after the last record, with the workers
 * idle; 50 rows fill the table's scroll box (style.css `.batch-scroll`) several times over.
 */
const FIRST_ROWS = 50;

/** The progress part, shown while a batch runs; returns the function that advances it. */
export function showProgress(section, total, versions) {
  const bar = h('progress', { id: 'batch-progress', max: String(total), value: '0', 'aria-labelledby': 'batch-progress-label' });
  const label = h('p', { id: 'batch-progress-label', class: 'batch-progress-label' },
    `Evaluating ${total} record(s) with ${versions.join(' and ')}…`);
  const count = h('p', { class: 'batch-count', role: 'status', 'aria-live': 'polite' }, `0 of ${total} done.`);
  section.replaceChildren(h('h2', { id: 'batch-heading-results' }, 'Outcomes of many records'), label, bar, count);
  section.hidden = false;
  let pending = false;
  let latest = 0;
  let shownAt = -Infinity;
  // Redrawn a few times a second, however fast records finish: each redraw lays out and paints
  // the page on the main thread, which shares the cores with the workers (and a screen reader
  // reads the count out).
  return (done) => {
    latest = done;
    if (pending) return;
    pending = true;
    setTimeout(() => requestAnimationFrame(() => {
      pending = false;
      shownAt = performance.now();
      bar.value = latest;
      count.textContent = `${latest} of ${total} done.`;
    }), Math.max(0, shownAt + PROGRESS_MS - performance.now()));
  };
}

function countsText(counts) {
  return COUNT_ORDER.map((key) => counts[key]).join(' / ');
}

/**
 * A table cell holding `children` (text or elements). A batch draws thousands of cells, and the
 * generic h() cost most of the page's script time in drawing them.
 */
function td(className, ...children) {
  const cell = document.createElement('td');
  if (className) cell.className = className;
  cell.append(...children);
  return cell;
}

function outcomeCells(outcome) {
  if (!outcome) return [td('', '—'), td('', '—'), td('', '—')];
  if (outcome.decision === null) {
    const error = document.createElement('span');
    error.className = 'batch-error';
    error.textContent = ` ${outcome.error ?? ''}`;
    return [td('batch-decision', `HTTP ${outcome.status}`, error), td('', '—'), td('batch-counts', '—')];
  }
  return [td('batch-decision', decisionChip(outcome.decision)), td('', queueChip(outcome.queue)),
    td('batch-counts', countsText(outcome.counts))];
}

/**
 * The finished table.
 * @param {Element} section
 * @param {object[]} rows from runBatch
 * @param {{versions: string[], elapsedMs: number, onOpen: (row) => void, onCsv: () => void}} options
 */
export function showTable(section, rows, { versions, elapsedMs, onOpen, onCsv }) {
  const comparing = versions.length === 2;
  const differing = rows.filter((r) => r.difference).length;
  const decided = rows.filter((r) => r.outcomes[0]?.decision).length;
  const summary = h('p', { class: 'batch-summary', role: 'status' },
    `${rows.length} record(s) in ${(elapsedMs / 1000).toFixed(1)} s; ${decided} decided`,
    comparing ? `; ${differing} differ between ${versions[0]} and ${versions[1]}.` : '.');

  const head = ['#', 'Source', 'Search id', 'Decision', 'Queue', COUNTS_HEAD, 'Time (ms)'];
  if (comparing) head.push('Compared: decision', 'Compared: queue', 'Compared: charges', 'Differs');
  const body = h('tbody', {}, rows.map((row) => rowOf(row, comparing)));
  // One listener for every row's button, not one each.
  body.addEventListener('click', ({ target }) => {
    const button = target.closest('.batch-open');
    if (button) onOpen(rows[Number(button.closest('tr').dataset.index)]);
  });
  const table = h('table', { class: 'batch-table' },
    h('caption', {}, comparing
      ? `Outcome of each record under ${versions[0]}, and under ${versions[1]} (compared)`
      : `Outcome of each record under ${versions[0]}`),
    h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col' }, c)))),
    body);

  const tools = h('div', { class: 'actions batch-tools' });
  if (comparing) {
    const only = h('input', { type: 'checkbox', id: 'batch-only-differing' });
    only.addEventListener('change', () => {
      for (const tr of body.rows) tr.hidden = only.checked && !tr.dataset.differs;
    });
    const csv = h('button', { type: 'button', id: 'batch-csv', disabled: differing === 0 }, `Download the ${differing} difference(s) as CSV`);
    csv.addEventListener('click', onCsv);
    tools.append(h('label', { class: 'inline-check' }, only, ' Only records that differ'), csv);
  }
  section.replaceChildren(h('h2', { id: 'batch-heading-results' }, 'Outcomes of many records'), summary, tools,
    h('div', { class: 'batch-scroll', tabindex: '0', role: 'region', 'aria-label': 'Batch outcomes' }, table));
  section.dataset.done = String(rows.length);
  drawInTwoSteps(section, table, rows.length);
}

/**
 * Every row is in the table (found, read, opened as soon as it is there), but past the first
 * `FIRST_ROWS` they are left out of the first frame's layout (style.css `.filling`) and drawn
 * in the next: the table and the rows a reviewer sees first come without waiting for the rest.
 * `data-shown` on the section says when every row is drawn.
 */
function drawInTwoSteps(section, table, count) {
  const shown = () => { section.dataset.shown = String(count); };
  if (count <= FIRST_ROWS) {
    shown();
    return;
  }
  table.classList.add('filling');
  requestAnimationFrame(() => setTimeout(() => {
    table.classList.remove('filling');
    // A newer batch may have replaced this table meanwhile: its section is not this one's to mark.
    if (table.isConnected) shown();
  }));
}

/** One record's row; its search id is a button that opens the record (see showTable). */
function rowOf(row, comparing) {
  const [a, b] = row.outcomes;
  const label = a?.searchId ?? row.source;
  const open = row.text === null ? h('span', {}, label)
    : h('button', { type: 'button', class: 'link batch-open', 'aria-label': `Open ${label} in the full view` }, label);
  const cells = row.problem !== undefined
    ? [h('td', { colspan: String(comparing ? 8 : 4), class: 'batch-error' }, `Not read: ${row.problem}`)]
    : [...outcomeCells(a), td('num', String(a?.ms ?? '—')),
      ...(comparing ? [...outcomeCells(b),
        td('batch-differs', row.difference
          ? h('span', { class: 'chip differs-chip' }, `Differs: ${[...row.difference.reasons, ...row.difference.charges].join(', ')}`)
          : 'Same')] : [])];
  const tr = document.createElement('tr');
  tr.dataset.index = String(row.index);
  if (row.difference) tr.dataset.differs = 'true';
  tr.append(td('num', String(row.index + 1)), td('batch-source', row.source), td('', open), ...cells);
  return tr;
}
