// The time line of one record, above the tree: one row per charge with its label and decision in
// words; the lookback windows that apply to it (`lookback.windows`) as spans ending at the search
// date (the window that decides it hatched, a federal 7-year window dotted, any other window
// lined), the date the deciding window counts from as a dot, and the day it ages out as a diamond with its date in words. Readable without
// colour (patterns, shapes, text) and printable. A window counting from a date the record lacks gets neither dot nor diamond: the
// row says the day is unknown and gives the lower bound in words. Hovering or focusing a row shows its windows and
// rationale below the picture; clicking it (or Enter) scrolls to the charge.

import { chargesOf } from './summary.js';
import { LABEL_WORDS } from './vocabulary.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 760;
const LABEL_W = 250;
const PLOT_X0 = LABEL_W + 10;
const PLOT_X1 = WIDTH - 20;
/** A row: the charge and its decision in two lines on the left; the bands across the middle of
 * the plot, with room under them for the words of a row that has no day to mark. */
const ROW_H = 42;
const TOP = 28;
const DECISION_TEXT = LABEL_WORDS;

/** Federal rules whose window is 7 years from the date of entry, whatever the state (docs/decisions.md §7.2). */
const FEDERAL_SEVEN_YEARS = ['FED_NONCONVICTION_7YR', 'FED_PENDING_CHARGE'];
const FEDERAL_YEARS = 7;

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children.flat()) if (c !== null && c !== undefined) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

const day = (iso) => (iso ? Date.parse(`${iso}T00:00:00Z`) : NaN);

/** `years` whole calendar years before an ISO date, as YYYY-MM-DD (29 February falls to 1 March). */
function yearsBefore(iso, years) {
  const d = new Date(day(iso));
  return new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate())).toISOString().slice(0, 10);
}

/** How a window's band is drawn: the deciding one hatched, a federal one dotted, any other lined. */
const PATTERN = { deciding: 'url(#tl-hatch)', federal: 'url(#tl-dots)', other: 'url(#tl-lines)' };

/**
 * The lookback windows that apply to a charge, each a span from its start to the search date, in
 * the engine's order (`lookback.windows`); the deciding one is the one with the same rule and clock
 * date as `lookback`. An answer from a module built before `windows` falls back to what it can
 * tell: the deciding window and the federal 7-year one when a federal 7-year rule is cited.
 * @returns {{rule: string, years: number, months: number, from: string, kind: 'deciding'|'federal'|'other'}[]}
 */
export function windowsOf(offense, searchDate) {
  const lb = offense.lookback ?? {};
  if (Array.isArray(lb.windows)) {
    return lb.windows.filter((w) => w.boundary_date).map((w) => {
      const deciding = w.rule === lb.rule && w.clock_date === lb.clock_date && w.window_years === lb.window_years;
      const kind = deciding ? 'deciding' : (FEDERAL_SEVEN_YEARS.includes(w.rule) ? 'federal' : 'other');
      return { rule: w.rule, years: w.window_years ?? 0, months: w.window_months ?? 0, from: w.boundary_date, kind };
    });
  }
  const out = [];
  if (lb.boundary_date && lb.rule) {
    out.push({ rule: lb.rule, years: lb.window_years ?? 0, months: lb.window_months ?? 0, from: lb.boundary_date, kind: 'deciding' });
  }
  const federal = FEDERAL_SEVEN_YEARS.find((rule) => (offense.cited_rules ?? []).includes(rule));
  if (federal && federal !== lb.rule) {
    out.push({ rule: federal, years: FEDERAL_YEARS, months: 0, from: yearsBefore(searchDate, FEDERAL_YEARS), kind: 'federal' });
  }
  return out;
}

/** A window in words, e.g. `the 7-year window of CA_CONVICTION_7YR (2018-11-06 to 2025-11-06)`. */
function windowWords(w, searchDate) {
  const length = `${w.years}-year${w.months ? ` ${w.months}-month` : ''}`;
  return `the ${length} window of ${w.rule} (${w.from} to ${searchDate})${w.kind === 'deciding' ? ', which decides it' : ''}`;
}

/** Whether the deciding window counts from a date the record lacks (docs/decisions.md §7.2). */
const clockMissing = (lb) => Boolean(lb.rule && lb.clock_field && !lb.clock_date && !lb.ages_out_on);

/** The words for a deciding window whose date is missing, with its lower bound when known. */
function missingWords(lb) {
  const bound = lb.lower_bound;
  const after = bound ? `; not before ${bound.ages_out_not_before} (${lb.clock_field} cannot precede ${bound.clock_field} ${bound.clock_date})` : '';
  return `ages-out date unknown: ${lb.rule} counts from ${lb.clock_field}, which the record lacks${after}`;
}

/** What a reader hears and sees for one row, in words. */
export function rowWords(offense, searchDate) {
  const lb = offense.lookback ?? {};
  const decision = DECISION_TEXT[offense.charge_decision] ?? offense.charge_decision;
  const windows = windowsOf(offense, searchDate);
  const applies = windows.length ? ` Windows that apply: ${windows.map((w) => windowWords(w, searchDate)).join('; ')}.` : '';
  if (clockMissing(lb)) return `${offense.charge}: ${decision}; ${missingWords(lb)}.${applies}`;
  if (!lb.ages_out_on) return `${offense.charge}: ${decision}; no time limit decides it.${applies}`;
  const past = lb.ages_out_on <= searchDate;
  const window = lb.window_years !== null && lb.window_years !== undefined
    ? ` ${lb.window_years}-year window${lb.window_months ? ` and ${lb.window_months} month(s)` : ''} of ${lb.rule}`
    : ` ${lb.rule}`;
  const from = lb.clock_date ? ` from ${lb.clock_field} ${lb.clock_date}` : '';
  return `${offense.charge}: ${decision};${window}${from}; ${past ? 'aged out on' : 'ages out on'} ${lb.ages_out_on}.${applies}`;
}

/**
 * @param {object} decision `data.decision`
 * @param {string} searchDate YYYY-MM-DD
 * @param {(offenseId: string, caseNumber: string) => void} reveal scrolls to the charge
 */
export function renderTimeline(decision, searchDate, reveal) {
  const charges = chargesOf(decision);
  const section = document.createElement('section');
  section.className = 'timeline';
  section.setAttribute('aria-label', 'Time line');
  const heading = document.createElement('h3');
  heading.textContent = 'Time line';
  section.append(heading);
  if (charges.length === 0) return section;

  const dates = [day(searchDate)];
  for (const { offense } of charges) {
    const lb = offense.lookback ?? {};
    for (const d of [lb.clock_date, lb.boundary_date, lb.ages_out_on]) if (d) dates.push(day(d));
    for (const w of windowsOf(offense, searchDate)) dates.push(day(w.from));
  }
  const valid = dates.filter(Number.isFinite);
  const year = 365.25 * 86_400_000;
  const lo = Math.min(...valid) - year / 2;
  const hi = Math.max(...valid) + year / 2;
  const x = (t) => PLOT_X0 + ((t - lo) / (hi - lo)) * (PLOT_X1 - PLOT_X0);
  const height = TOP + charges.length * ROW_H + 24;

  const detail = document.createElement('p');
  detail.className = 'timeline-detail';
  detail.setAttribute('aria-live', 'polite');
  detail.textContent = 'Hover or focus a row to read its rationale; click it to go to the charge.';

  const svg = s('svg', {
    viewBox: `0 0 ${WIDTH} ${height}`, width: '100%', class: 'timeline-svg', role: 'group',
    'aria-label': `Time line of ${charges.length} charge(s); the search date is ${searchDate}`,
  },
  s('defs', {},
    s('pattern', { id: 'tl-hatch', width: 6, height: 6, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
      s('rect', { width: 6, height: 6, class: 'tl-hatch-bg' }),
      s('line', { x1: 0, y1: 0, x2: 0, y2: 6, class: 'tl-hatch-line' })),
    s('pattern', { id: 'tl-dots', width: 5, height: 5, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 5, height: 5, class: 'tl-dots-bg' }),
      s('circle', { cx: 2.5, cy: 2.5, r: 1.1, class: 'tl-dots-dot' })),
    s('pattern', { id: 'tl-lines', width: 4, height: 4, patternUnits: 'userSpaceOnUse' },
      s('rect', { width: 4, height: 4, class: 'tl-lines-bg' }),
      s('line', { x1: 0, y1: 2, x2: 4, y2: 2, class: 'tl-lines-line' }))));

  // Year ticks along the top, and the search date as a line through every row.
  const first = new Date(lo).getUTCFullYear() + 1;
  const last = new Date(hi).getUTCFullYear();
  const step = Math.max(1, Math.ceil((last - first + 1) / 12));
  for (let y = first; y <= last; y += step) {
    const tx = x(Date.UTC(y, 0, 1));
    svg.append(s('line', { x1: tx, x2: tx, y1: TOP - 6, y2: height - 20, class: 'tl-grid' }),
      s('text', { x: tx, y: TOP - 10, class: 'tl-year', 'text-anchor': 'middle' }, String(y)));
  }
  // The label ends at the search date's line: the line sits near the right edge, where a label
  // centred on it would be cut off.
  const sx = x(day(searchDate));
  svg.append(s('line', { x1: sx, x2: sx, y1: TOP - 4, y2: height - 18, class: 'tl-search' }),
    s('text', { x: sx + 3, y: height - 6, class: 'tl-search-label', 'text-anchor': 'end' }, `search date ${searchDate}`));

  charges.forEach(({ kase, offense }, i) => {
    const y = TOP + i * ROW_H;
    const mid = y + ROW_H / 2;
    const lb = offense.lookback ?? {};
    const cls = (offense.charge_decision ?? '').toLowerCase().replace(/_/g, '-');
    const words = rowWords(offense, searchDate);
    const full = String(offense.charge ?? '(no charge text)');
    const label = full.length > 34 ? `${full.slice(0, 33)}…` : full;
    const decisionWords = DECISION_TEXT[offense.charge_decision] ?? '';
    const agesText = lb.ages_out_on ? `${lb.ages_out_on <= searchDate ? 'aged out' : 'ages out'} ${lb.ages_out_on}`
      : (clockMissing(lb) ? `ages out: unknown (no ${lb.clock_field})` : 'no time limit');
    // The row's name is its visible text (label, decision, ages out); focus or hover puts the
    // whole story and the rationale in the live line under the picture.
    const row = s('g', {
      class: `tl-row ${cls}`, tabindex: 0, role: 'button',
      'data-offense-id': offense.offense_id, 'data-case': kase.case_number,
      'data-decision': offense.charge_decision, 'data-charge-text': full,
      'data-filterable': '', 'data-ages-out-on': lb.ages_out_on ?? '',
    },
    s('rect', { x: 0, y: y + 1, width: WIDTH, height: ROW_H - 2, class: 'tl-row-bg' }),
    s('text', { x: 6, y: mid - 3, class: 'tl-label' }, label),
    s('text', { x: 6, y: mid + 11, class: `tl-decision ${cls}` }, decisionWords));
    // One band per window, stacked in the row: the deciding one hatched, a federal one dotted,
    // any other (state, local, the client's) lined.
    const windows = windowsOf(offense, searchDate);
    const band = 14 / Math.max(1, windows.length);
    windows.forEach((w, k) => {
      const x0 = Math.max(PLOT_X0, x(day(w.from)));
      row.append(s('rect', {
        x: x0, y: mid - 7 + k * band, width: Math.max(1, sx - x0), height: band,
        class: `tl-window ${w.kind}`, fill: PATTERN[w.kind],
        'data-rule': w.rule, 'data-from': w.from,
      }, s('title', {}, windowWords(w, searchDate))));
    });
    if (lb.clock_date) {
      row.append(s('circle', { cx: x(day(lb.clock_date)), cy: mid, r: 5, class: 'tl-clock' }));
    }
    if (lb.ages_out_on) {
      const ax = x(day(lb.ages_out_on));
      row.append(s('path', { d: `M${ax} ${mid - 7}L${ax + 7} ${mid}L${ax} ${mid + 7}L${ax - 7} ${mid}Z`, class: 'tl-ages-out' }),
        s('text', { x: ax + (ax > PLOT_X1 - 140 ? -10 : 10), y: mid + 4, class: 'tl-ages-out-text', 'text-anchor': ax > PLOT_X1 - 140 ? 'end' : 'start' },
          agesText));
    } else {
      // Under the bands, never across them.
      row.append(s('text', { x: PLOT_X0, y: mid + 17, class: 'tl-none' }, agesText));
    }
    const show = () => { detail.textContent = `${words} Rationale: ${offense.rationale ?? ''}`; };
    row.addEventListener('mouseenter', show);
    row.addEventListener('focus', show);
    row.addEventListener('click', () => reveal(offense.offense_id, kase.case_number));
    row.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); reveal(offense.offense_id, kase.case_number); }
    });
    svg.append(row);
  });

  const legend = document.createElement('p');
  legend.className = 'timeline-legend';
  legend.textContent = 'Hatched span: the lookback window that decides the charge, ending at the search date. '
    + 'Dotted span: a federal 7-year window that applies too. Lined span: any other window that applies (state, local '
    + 'or the client\'s) without deciding. Dot: the date the deciding window counts from. '
    + 'Diamond: the day the charge is no longer reportable (none when the record lacks the date it counts from).';
  section.append(svg, detail, legend);
  return section;
}
