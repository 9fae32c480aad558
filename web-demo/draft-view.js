// The page's side of the charge dictionary draft: the "Correct this reading" dialog a charge opens
// (the entry it proposes: charge text, statute or statute prefix, within the case's jurisdiction
// or anywhere; the new traffic class, level or disposition class; a note), and the draft panel
// (its entries, the reviewer and tenant, its version, the download). The draft itself is
// dictionary.js; app.js re-evaluates when it changes.

import { KINDS, statuteOf } from './dictionary.js';
import { h } from './render.js';

const $ = (id) => document.getElementById(id);

/** The dialog's controls. */
function dialogUi() {
  return {
    dialog: $('correction'),
    form: $('correction-form'),
    charge: $('correction-charge'),
    scopes: [...document.querySelectorAll('input[name="correction-scope"]')],
    statute: $('correction-statute'),
    jurisdictionOnly: $('correction-jurisdiction-only'),
    jurisdictionLabel: $('correction-jurisdiction-label'),
    traffic: $('correction-traffic'),
    level: $('correction-level'),
    disposition: $('correction-disposition'),
    dispositionText: $('correction-disposition-text'),
    note: $('correction-note'),
    error: $('correction-error'),
    cancel: $('correction-cancel'),
  };
}

/** What "Correct this reading" knows of the charge whose button was pressed. */
function chargeOf(node, bodyText) {
  const read = node.querySelector('.classification');
  return {
    text: node.dataset.chargeText,
    offenseId: node.dataset.offenseId,
    jurisdiction: node.dataset.jurisdiction,
    disposition: node.dataset.disposition,
    statute: statuteOf(bodyText, node.dataset.court, node.dataset.case, node.dataset.offenseId),
    traffic: read?.dataset.traffic ?? '',
    severity: read?.dataset.severity ?? '',
    dispositionClass: read?.dataset.dispositionClass ?? '',
  };
}

/**
 * Wires the dialog once. `draft()` is the draft, `reviewer()` who is correcting, `onAdded(added)`
 * is told of each correction added (`[{entry, replaced}]`).
 */
export function correctionDialog({ draft, reviewer, onAdded }) {
  const ui = dialogUi();
  let charge = null;
  const showError = (message) => {
    ui.error.textContent = message;
    ui.error.hidden = !message;
  };
  ui.cancel.addEventListener('click', () => ui.dialog.close());
  ui.form.addEventListener('submit', (event) => {
    event.preventDefault();
    const scope = ui.scopes.find((s) => s.checked)?.value ?? 'charge';
    const jurisdiction = ui.jurisdictionOnly.checked ? charge.jurisdiction : '';
    const common = { jurisdiction, added_by: reviewer(), reason: ui.note.value };
    const proposals = [];
    if (ui.traffic.value || ui.level.value) {
      proposals.push({
        ...common,
        kind: scope,
        pattern: scope === 'charge' ? charge.text : ui.statute.value,
        traffic: ui.traffic.value,
        level: ui.level.value,
      });
    }
    if (ui.disposition.value) {
      proposals.push({ ...common, kind: 'disposition', pattern: charge.disposition, disposition_class: ui.disposition.value });
    }
    if (proposals.length === 0) {
      showError('Choose a new reading: a traffic class, a level or a disposition class.');
      return;
    }
    // All or nothing: tried on a copy of the draft first.
    const trial = draft().copy();
    let added;
    try {
      added = proposals.map((p) => trial.add(p));
    } catch (error) {
      showError(`This correction cannot be added: ${error.message}.`);
      return;
    }
    draft().entries = trial.entries;
    ui.dialog.close();
    onAdded(added);
  });

  return {
    /** Opens the dialog for the charge `node` (a `.node.charge` of a result). */
    open(node, bodyText) {
      charge = chargeOf(node, bodyText);
      showError('');
      ui.form.reset();
      ui.charge.textContent = `${charge.offenseId}: “${charge.text}” in ${charge.jurisdiction || 'an unknown jurisdiction'}, `
        + `read as traffic ${charge.traffic || '—'}, severity ${charge.severity || '—'}, disposition ${charge.dispositionClass || '—'}.`;
      ui.statute.value = charge.statute;
      ui.jurisdictionOnly.checked = Boolean(charge.jurisdiction);
      ui.jurisdictionOnly.disabled = !charge.jurisdiction;
      ui.jurisdictionLabel.textContent = charge.jurisdiction ? `only in ${charge.jurisdiction}` : 'only in this jurisdiction (the case names none)';
      ui.disposition.disabled = !charge.disposition;
      ui.dispositionText.textContent = charge.disposition ? `“${charge.disposition}”` : '(the charge has none)';
      ui.dialog.showModal();
      ui.traffic.focus();
    },
  };
}

/** Draws the draft panel: its entries (each removable), its version and the download button. */
export function showDraft(panel, draft, { version, onRemove }) {
  const list = panel.querySelector('#draft-entries');
  list.replaceChildren(...draft.entries.map((entry) => {
    const matched = Object.keys(KINDS).find((k) => k in entry);
    const sets = ['traffic', 'level', 'disposition_class'].filter((k) => entry[k]).map((k) => `${k} ${entry[k]}`);
    const remove = h('button', { type: 'button', class: 'remove-entry', 'aria-label': `Remove entry ${entry.id}` }, 'Remove');
    remove.addEventListener('click', () => onRemove(entry.id));
    return h('li', { class: 'draft-entry', 'data-entry-id': entry.id },
      h('code', {}, entry.id), `: ${KINDS[matched]} “${entry[matched]}”${entry.jurisdiction ? ` in ${entry.jurisdiction}` : ''} → ${sets.join(', ')}`,
      h('br'), h('span', { class: 'hint' }, `${entry.added_by}: ${entry.reason}`), ' ', remove);
  }));
  panel.querySelector('#draft-status').textContent = draft.size === 0
    ? 'No corrections yet: use “Correct this reading” on a charge.'
    : `${draft.size} entr${draft.size === 1 ? 'y' : 'ies'}, version ${version}. Pick “Draft dictionary” under “Compare with version” to see what it changes.`;
  panel.querySelector('#draft-download').disabled = draft.size === 0;
  panel.dataset.entries = String(draft.size);
  panel.dataset.version = version ?? '';
}
