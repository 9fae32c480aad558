// Renders one `/evaluate` answer as a readable tree: search → courts → cases → charges, with the
// queue and decision of every node as coloured labels that also say it in words, the rationale,
// cited rules, citations and classification (with its evidence) per charge, the identity breakdown per case, validation issues,
// timing, and the module that decided. DOM only through `h`, never through HTML strings.

import { LABEL_WORDS, QUEUE } from './vocabulary.js';

/**
 * Creates an element. `attrs` keys starting with `data-`/`aria-` or known properties are set as
 * attributes; children are nodes or text (null and false are skipped).
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'text') el.textContent = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const QUEUE_CLASS = { [QUEUE.Automation]: 'automation', [QUEUE.Auditor]: 'auditor', [QUEUE.InsufficientData]: 'insufficient' };

/** A decision label: colour for the eye, words for everyone. */
export function decisionChip(decision) {
  const cls = (decision ?? 'unknown').toLowerCase().replace(/_/g, '-');
  return h('span', { class: `chip decision ${cls}`, 'data-decision': decision }, LABEL_WORDS[decision] ?? String(decision));
}

export function queueChip(queue) {
  return h('span', { class: `chip queue ${QUEUE_CLASS[queue] ?? 'unknown'}`, 'data-queue': queue }, `Queue: ${queue}`);
}

/** Where a charge sits in the tree, to line up the same charge across two versions. */
export function chargeKey(court, kase, offense) {
  return `${court.court_search_id}\u0000${kase.case_number}\u0000${offense.offense_id}`;
}

/**
 * One result column.
 * @param {{status: number, body: object}} answer
 * @param {object} engine the module that answered (from loadModule)
 * @param {{label: string, differs?: Set<string>, onDownload: Function}} options
 */
export function renderResult(answer, engine, options) {
  const { status, body } = answer;
  const column = h('article', {
    class: 'result',
    'data-version': engine.info.engine_version,
    'data-dictionary': engine.dictionary?.version ?? null,
    'data-status': status,
    'aria-label': `${options.label}: engine ${engine.info.engine_version}`,
  });
  column.append(engineLine(engine, options.label));
  const data = body.data ?? {};
  const statusText = body.error ? body.error.code : data.status;
  column.append(h('p', { class: `http-status s${Math.floor(status / 100)}xx` },
    h('strong', {}, `HTTP ${status}`), ` ${statusText ?? ''}`));

  if (body.error) column.append(errorBox(body.error));
  if (Array.isArray(data.errors) && data.errors.length > 0) {
    column.append(h('div', { class: 'error-box', role: 'alert' },
      h('h3', {}, 'Service errors'), h('ul', {}, data.errors.map((e) => h('li', {}, e)))));
  }
  if (data.decision) column.append(decisionTree(data.decision, options.differs ?? new Set()));
  if (data.validation) column.append(validation(data.validation));
  if (data.timing) column.append(timing(data.timing));

  const download = h('button', { type: 'button', class: 'download' }, 'Download response JSON');
  download.addEventListener('click', options.onDownload);
  column.append(h('div', { class: 'actions' }, download));
  column.append(h('details', { class: 'raw' },
    h('summary', {}, 'Response JSON'),
    h('pre', { class: 'response-json', tabindex: '0' }, JSON.stringify(body, null, 2))));
  return column;
}

/** Engine version, rules version and sha256 of the module that made this result. */
function engineLine(engine, label) {
  const check = engine.verified
    ? h('span', { class: 'verified' }, 'sha256 matches the server’s')
    : h('span', { class: 'unverified' }, 'sha256 differs from what the server announced');
  return h('header', { class: 'engine-line' },
    h('h3', {}, label),
    h('dl', { class: 'inline' },
      h('dt', {}, 'Engine'), h('dd', { class: 'engine-version' }, engine.info.engine_version),
      h('dt', {}, 'Rules'), h('dd', { class: 'rules-version' }, engine.info.rules_version),
      h('dt', {}, 'sha256'), h('dd', { class: 'sha256' }, h('code', {}, engine.sha256)),
      engine.dictionary
        ? [h('dt', {}, 'Dictionary'), h('dd', { class: 'dictionary-version' }, `draft ${engine.dictionary.version}`)]
        : null,
    ),
    check);
}

function errorBox(error) {
  const errors = Array.isArray(error.errors) ? error.errors : [];
  return h('div', { class: 'error-box', role: 'alert' },
    h('h3', {}, 'Invalid request'),
    h('p', { class: 'error-message' }, error.message),
    errors.length > 1 ? h('ul', { class: 'error-list' }, errors.map((e) => h('li', {}, String(e)))) : null);
}

function node(kind, title, decision, queue, ...content) {
  return h('li', { class: `node ${kind}` },
    h('details', { open: true },
      h('summary', {},
        h('span', { class: 'node-kind' }, kind[0].toUpperCase() + kind.slice(1)),
        h('span', { class: 'node-title' }, title),
        decisionChip(decision), queueChip(queue)),
      ...content));
}

function decisionTree(decision, differs) {
  const chargeNode = (court, kase) => (offense) => charge(offense, differs.has(chargeKey(court, kase, offense)), kase, court);
  const caseNode = (court) => (kase) => node('case', `${kase.case_number} (${kase.jurisdiction_state ?? '?'})`,
    kase.case_decision, kase.case_queue,
    identity(kase.id_match),
    h('ul', {}, (kase.offenses ?? []).map(chargeNode(court, kase))));
  const courts = (decision.court_decisions ?? []).map((court) =>
    node('court', court.court_search_id, court.court_decision, court.court_queue,
      h('ul', {}, (court.case_decisions ?? []).map(caseNode(court)))));
  const search = node('search', decision.search_id, decision.record_decision, decision.search_queue,
    h('dl', { class: 'inline facts' },
      h('dt', {}, 'Order'), h('dd', {}, `${decision.order_id ?? ''} / ${decision.order_number ?? ''}`),
      decision.client_search_type ? [h('dt', {}, 'Search type'), h('dd', {}, decision.client_search_type)] : null,
      h('dt', {}, 'Decided'), h('dd', {}, decision.decision_date)),
    courts.length > 0 ? h('ul', {}, courts) : h('p', { class: 'empty' }, 'No court records: a clear search.'));
  return h('section', { class: 'tree-section', 'aria-label': 'Decision tree' },
    h('h3', {}, 'Decision'), h('ul', { class: 'tree' }, search));
}

function charge(offense, differs, kase, court) {
  const routing = offense.routing ?? {};
  const flags = [
    routing.is_automatable ? 'automatable' : 'needs a person',
    routing.identity_insufficient ? 'identity data insufficient' : null,
    routing.reportability_insufficient ? 'charge data insufficient' : null,
    routing.third_id_required ? 'third identifier required' : null,
  ].filter(Boolean);
  return h('li', {
    class: `node charge${differs ? ' differs' : ''}`,
    'data-offense-id': offense.offense_id,
    'data-decision': offense.charge_decision,
    'data-queue': routing.queue,
    // For the overview's filters and jumps (review.js).
    'data-case': kase.case_number,
    'data-charge-text': offense.charge ?? '',
    'data-filterable': true,
    // For "Correct this reading" (draft-view.js): where the charge is and how it was read.
    'data-court': court.court_search_id,
    'data-jurisdiction': kase.jurisdiction_state ?? '',
    'data-disposition': offense.disposition ?? '',
    tabindex: '-1',
  },
  h('div', { class: 'charge-head' },
    h('span', { class: 'node-kind' }, 'Charge'),
    h('span', { class: 'node-title' }, offense.charge ?? '(no charge text)'),
    decisionChip(offense.charge_decision), queueChip(routing.queue),
    differs ? h('span', { class: 'chip differs-chip' }, 'Differs between versions') : null,
    h('button', { type: 'button', class: 'correct-reading' }, 'Correct this reading')),
  h('dl', { class: 'facts' },
    h('dt', {}, 'Offense id'), h('dd', {}, offense.offense_id),
    h('dt', {}, 'Type'), h('dd', {}, offense.type ?? '—'),
    h('dt', {}, 'Disposition'), h('dd', {}, offense.disposition ?? '—'),
    h('dt', {}, 'Rationale'), h('dd', { class: 'rationale' }, offense.rationale),
    h('dt', {}, 'Cited rules'), h('dd', { class: 'cited-rules' }, (offense.cited_rules ?? []).map((r) => h('code', {}, r))),
    h('dt', {}, 'Citations'), h('dd', { class: 'citations' },
      (offense.citations ?? []).length ? h('ul', {}, offense.citations.map((c) => h('li', {}, c))) : 'none'),
    h('dt', {}, 'Routing'), h('dd', {},
      `${routing.reportability ?? '—'}; identity ${routing.identity_level ?? '—'} (${fmt(routing.identity_score)}); ${flags.join('; ')}`),
    classification(offense.classification)));
}

// How stage 1 read the charge (docs/decisions.md §12), with the table entries that decided each class,
// and the tenant's dictionary when its entries read the charge.
function classification(read) {
  if (!read) return null;
  const summary = `severity ${read.severity ?? '—'}; traffic ${read.traffic ?? '—'}; disposition ${read.disposition_class ?? '—'}`;
  const dictionary = read.dictionary
    ? h('p', { class: 'read-by-dictionary', 'data-dictionary-version': read.dictionary.version },
      `Read by the charge dictionary ${read.dictionary.version}: entry ${(read.dictionary.entries ?? []).join(', ')}`)
    : null;
  return [
    h('dt', {}, 'Read as'),
    h('dd', { class: 'classification', 'data-traffic': read.traffic, 'data-severity': read.severity,
      'data-disposition-class': read.disposition_class }, summary, dictionary,
    h('ul', { class: 'evidence' }, (read.evidence ?? []).map((e) => h('li', {}, h('code', {}, e))))),
  ];
}

function identity(idMatch) {
  if (!idMatch) return null;
  const score = (name, value) => h('tr', {}, h('th', { scope: 'row' }, name), h('td', {}, fmt(value)));
  return h('details', { class: 'identity' },
    h('summary', {}, `Identity: ${idMatch.is_match ? 'match' : 'no match'}, score ${fmt(idMatch.match_score)} `
      + `(name ${fmt(idMatch.name_score)}, DOB ${fmt(idMatch.dob_score)}, SSN ${fmt(idMatch.ssn_score)}, address ${fmt(idMatch.address_score)})`),
    h('table', {},
      h('caption', {}, 'Identity breakdown'),
      h('tbody', {},
        score('Match score', idMatch.match_score),
        score('Name', idMatch.name_score),
        score('Date of birth', idMatch.dob_score),
        score('SSN', idMatch.ssn_score),
        score('Address', idMatch.address_score))),
    h('p', { class: 'identity-details' }, idMatch.details ?? ''));
}

function validation(report) {
  const issues = report.issues ?? {};
  const table = (title, list) => (list ?? []).length === 0 ? null : h('table', { class: 'issues' },
    h('caption', {}, `${title} (${list.length})`),
    h('thead', {}, h('tr', {}, ['Level', 'Field', 'Issue', 'Case', 'Offense'].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, list.map((i) => h('tr', {},
      h('td', {}, i.level), h('td', {}, h('code', {}, i.field)),
      h('td', {}, h('strong', {}, i.issue), h('br'), i.description),
      h('td', {}, i.case_number || '—'), h('td', {}, i.offense_id ?? '—')))));
  return h('section', { class: 'validation', 'aria-label': 'Validation issues' },
    h('h3', {}, `Validation: ${report.status}`),
    table('Errors', issues.errors),
    table('Warnings', issues.warnings));
}

function timing(t) {
  return h('p', { class: 'timing' },
    `Timing: stage 1 ${fmt(t.xml_transformer_ms)} ms, stages 2–3 ${fmt(t.compliance_ms)} ms, total ${fmt(t.total_ms)} ms (in this browser)`);
}

function fmt(n) {
  return typeof n === 'number' ? String(Math.round(n * 1000) / 1000) : '—';
}

/**
 * Charges whose decision or queue differ between two answers (by court, case and offense id),
 * including charges present in only one of them.
 */
export function differingCharges(a, b) {
  const index = (answer) => {
    const map = new Map();
    for (const court of answer?.body?.data?.decision?.court_decisions ?? []) {
      for (const kase of court.case_decisions ?? []) {
        for (const offense of kase.offenses ?? []) {
          map.set(chargeKey(court, kase, offense), `${offense.charge_decision}|${offense.routing?.queue}`);
        }
      }
    }
    return map;
  };
  const left = index(a);
  const right = index(b);
  const differs = new Set();
  for (const key of new Set([...left.keys(), ...right.keys()])) {
    if (left.get(key) !== right.get(key)) differs.add(key);
  }
  return differs;
}
