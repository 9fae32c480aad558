// What a result column shows above its decision tree: the summary, the filters and the time line,
// wired so that a click in the summary or the time line scrolls to the charge in the tree.

import { chargesOf, renderFilters, renderSummary } from './summary.js';
import { renderTimeline } from './timeline.js';

/** The search date an answer was decided as of: the body's, else the day of `now` (as the host does). */
export function searchDateOf(bodyText, now) {
  try {
    const date = JSON.parse(bodyText)?.record?.search_date;
    if (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  } catch {
    // Not JSON: the record is read as of today.
  }
  return now.slice(0, 10);
}

/** Adds the overview above the tree of a rendered result column (a no-op without a decision). */
export function addOverview(column, answer, searchDate) {
  const data = answer.body?.data ?? {};
  const tree = column.querySelector('.tree-section');
  if (!data.decision || !tree) return;
  const reveal = (offenseId, caseNumber) => {
    const target = [...column.querySelectorAll('.node.charge')]
      .find((el) => el.dataset.offenseId === offenseId && el.dataset.case === caseNumber);
    if (!target) return;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
    target.classList.add('revealed');
    setTimeout(() => target.classList.remove('revealed'), 1500);
  };
  const total = chargesOf(data.decision).length;
  tree.before(
    renderSummary(data.decision, data.validation, reveal),
    renderFilters(column, total),
    renderTimeline(data.decision, searchDate, reveal));
}
