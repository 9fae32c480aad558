// The summary a reviewer reads first: counts by decision and queue, the charges that need a person
// with the one-line reason each, identity issues per case, validation issues; and the filters
// (decision, charge text) that hide the charges of the tree and the time line that do not match.

import { h } from './render.js';
import { LABELS, LABEL_WORDS, QUEUES } from './vocabulary.js';

const DECISIONS = LABELS.map((label) => [label, LABEL_WORDS[label]]);

/** Every charge of a decision tree with the court and case it sits in. */
export function chargesOf(decision) {
  const out = [];
  for (const court of decision?.court_decisions ?? []) {
    for (const kase of court.case_decisions ?? []) {
      for (const offense of kase.offenses ?? []) out.push({ court, kase, offense });
    }
  }
  return out;
}

/** The first sentence of a rationale: the one-line reason. */
function oneLine(text) {
  const t = String(text ?? '').trim();
  const end = t.search(/\.(\s|$)/);
  return end > 0 ? t.slice(0, end + 1) : t;
}

function countList(label, className, entries) {
  return h('div', { class: `summary-counts ${className}` },
    h('h4', {}, label),
    h('ul', {}, entries.map(([key, words, n]) =>
      h('li', { 'data-count-for': key }, h('span', { class: 'count' }, String(n)), ` ${words}`))));
}

/**
 * The summary section of one result column.
 * @param {object} decision `data.decision`
 * @param {object|undefined} validation `data.validation`
 * @param {(el: Element) => void} reveal scrolls to and focuses a charge of the same column
 */
export function renderSummary(decision, validation, reveal) {
  const charges = chargesOf(decision);
  const byDecision = DECISIONS.map(([key, words]) =>
    [key, words, charges.filter((c) => c.offense.charge_decision === key).length]);
  const byQueue = QUEUES.map((q) =>
    [q, q, charges.filter((c) => c.offense.routing?.queue === q).length]);

  const needPerson = charges.filter((c) => c.offense.routing?.is_automatable === false);
  const people = needPerson.length === 0
    ? h('p', { class: 'empty' }, 'No charge needs a person.')
    : h('ul', { class: 'need-person' }, needPerson.map(({ kase, offense }) => {
      const jump = h('button', { type: 'button', class: 'link' }, `${kase.case_number} / ${offense.offense_id}`);
      jump.addEventListener('click', () => reveal(offense.offense_id, kase.case_number));
      return h('li', { 'data-offense-id': offense.offense_id },
        jump, ` ${offense.charge ?? ''} (${offense.routing?.queue}): `, h('span', { class: 'reason' }, oneLine(offense.rationale)));
    }));

  const cases = (decision.court_decisions ?? []).flatMap((court) => court.case_decisions ?? []);
  const identityIssues = cases.filter((k) => !k.id_match?.is_match
    || (k.offenses ?? []).some((o) => o.routing?.identity_insufficient || o.routing?.third_id_required));
  const identity = identityIssues.length === 0
    ? h('p', { class: 'empty' }, 'Every case matches the candidate.')
    : h('ul', { class: 'identity-issues' }, identityIssues.map((k) => {
      const routing = k.offenses?.[0]?.routing ?? {};
      const notes = [
        k.id_match?.is_match ? 'match' : 'no match',
        `score ${k.id_match?.match_score ?? '—'}`,
        routing.identity_insufficient ? 'identity data insufficient' : null,
        routing.third_id_required ? 'third identifier required' : null,
      ].filter(Boolean);
      return h('li', { 'data-case': k.case_number }, h('strong', {}, k.case_number), `: ${notes.join(', ')}`);
    }));

  const errors = validation?.issues?.errors ?? [];
  const warnings = validation?.issues?.warnings ?? [];
  const issueLine = (i) => h('li', {}, h('strong', {}, i.issue), ` (${i.level}) `,
    i.case_number ? `case ${i.case_number}` : '', i.offense_id ? ` / ${i.offense_id}` : '');
  const issues = errors.length + warnings.length === 0
    ? h('p', { class: 'empty' }, `Validation: ${validation?.status ?? 'no issues'}.`)
    : h('div', {},
      h('p', {}, `${errors.length} error(s), ${warnings.length} warning(s).`),
      h('ul', { class: 'validation-issues' }, [...errors, ...warnings].map(issueLine)));

  return h('section', { class: 'summary', 'aria-label': 'Summary' },
    h('h3', {}, 'Summary'),
    h('div', { class: 'summary-grid' },
      countList('Charges by decision', 'by-decision', byDecision),
      countList('Charges by queue', 'by-queue', byQueue)),
    h('h4', {}, `Needs a person (${needPerson.length})`), people,
    h('h4', {}, `Identity issues (${identityIssues.length})`), identity,
    h('h4', {}, 'Validation issues'), issues);
}

/**
 * The filters of one result column: show only one decision, or charges whose text matches.
 * Filtering hides `[data-filterable]` elements of `scope` whose data does not match.
 */
export function renderFilters(scope, total) {
  const choice = h('select', { class: 'filter-decision' },
    h('option', { value: '' }, 'All decisions'),
    DECISIONS.map(([key, words]) => h('option', { value: key }, words)));
  const text = h('input', { type: 'search', class: 'filter-text' });
  const status = h('p', { class: 'filter-status', role: 'status', 'aria-live': 'polite' }, `Showing all ${total} charges.`);
  const apply = () => {
    const want = choice.value;
    const needle = text.value.trim().toLowerCase();
    let shown = 0;
    for (const el of scope.querySelectorAll('[data-filterable]')) {
      const ok = (!want || el.dataset.decision === want)
        && (!needle || (el.dataset.chargeText ?? '').toLowerCase().includes(needle));
      el.toggleAttribute('hidden', !ok);
      // SVG rows of the time line do not honour `hidden` everywhere: hide them by style too.
      el.style.display = ok ? '' : 'none';
      if (ok && el.classList.contains('charge')) shown += 1;
    }
    status.textContent = want || needle ? `Showing ${shown} of ${total} charges.` : `Showing all ${total} charges.`;
  };
  choice.addEventListener('change', apply);
  text.addEventListener('input', apply);
  return h('div', { class: 'filters', role: 'search', 'aria-label': 'Filter charges' },
    h('label', {}, 'Decision ', choice), h('label', {}, 'Charge text ', text), status);
}
