// A tenant's charge dictionary drafted in the page (core-wasm/src/dictionary/, docs/dictionary.md):
// the reviewer's corrections of charge readings collect here as entries, become the dictionary
// file an admin uploads (`PUT /admin/tenants/{tenant}/dictionary`), and the copy of it the engine
// reads (`context.charge_dictionary`), so the page can show what the draft changes before it goes
// live. The version is what the server makes it: the first 16 hex digits of the file's SHA-256.
// No DOM here.

/** Letters and digits a pattern needs (the engine's MIN_PATTERN_ALNUM). */
const MIN_PATTERN_ALNUM = 3;
const MAX_ID = 64;

/** What an entry matches: the field that names it, in the engine's words. */
export const KINDS = {
  charge: 'charge text',
  statute: 'statute',
  statute_prefix: 'statute prefix',
  disposition: 'disposition',
};

/** The charge text's display form, as the engine normalises it (upper case, spaces collapsed). */
export function normaliseText(raw) {
  return String(raw ?? '').toUpperCase().split(/\s+/).filter(Boolean).join(' ');
}

/** A statute as entries match it: upper case, without whitespace or section signs. */
export function statuteKey(raw) {
  return String(raw ?? '').replace(/[\s§]/g, '').toUpperCase();
}

function keyOf(kind, pattern) {
  return kind === 'statute' || kind === 'statute_prefix' ? statuteKey(pattern) : normaliseText(pattern);
}

function alnum(text) {
  return [...text].filter((c) => /[\p{L}\p{N}]/u.test(c)).length;
}

/** An id made of the pattern's words, unique among `taken`. */
function idFor(kind, pattern, jurisdiction, taken) {
  const slug = `${kind === 'charge' ? 'text' : kind}-${keyOf(kind, pattern)}${jurisdiction ? `-${jurisdiction}` : ''}`
    .toLowerCase().replace(/[^a-z0-9._:-]+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '');
  const base = slug.slice(0, MAX_ID - 4) || 'entry';
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

/**
 * The draft: entries in the order they were made. A correction of a pattern the draft already
 * has (same kind, pattern and jurisdiction) replaces that entry: the engine refuses two entries
 * that read one charge differently.
 */
export class Draft {
  constructor() {
    /** @type {object[]} */
    this.entries = [];
    this.tenantId = '';
  }

  get size() {
    return this.entries.length;
  }

  /**
   * The draft a dictionary file starts (the tenant's dictionary in force, say, so the download
   * keeps its entries: an upload replaces the whole dictionary). Throws when it is not one.
   */
  static fromFile(text) {
    const file = JSON.parse(text);
    if (typeof file !== 'object' || file === null || !Array.isArray(file.entries)) {
      throw new Error('not a dictionary file: it has no "entries" list');
    }
    const draft = new Draft();
    draft.tenantId = typeof file.tenant_id === 'string' ? file.tenant_id : '';
    for (const entry of file.entries) {
      const kind = Object.keys(KINDS).find((k) => typeof entry?.[k] === 'string');
      if (!kind || typeof entry.id !== 'string') throw new Error(`entry ${JSON.stringify(entry?.id ?? null)} names nothing to match`);
      const copy = { ...entry };
      Object.defineProperty(copy, 'kind', { value: kind, enumerable: false });
      draft.entries.push(copy);
    }
    return draft;
  }

  /** A draft with the same entries (each shared) and tenant. */
  copy() {
    const copy = new Draft();
    copy.entries = [...this.entries];
    copy.tenantId = this.tenantId;
    return copy;
  }

  /**
   * Adds an entry; returns `{entry, replaced}` (`replaced`: the id it took the place of), or
   * throws an Error saying why the entry cannot be made.
   * @param {{kind: string, pattern: string, jurisdiction?: string, traffic?: string, level?: string,
   *   disposition_class?: string, added_by: string, reason: string}} proposal
   */
  add(proposal) {
    const { kind, jurisdiction = '', added_by: addedBy, reason } = proposal;
    if (!(kind in KINDS)) throw new Error(`unknown kind ${kind}`);
    const pattern = kind === 'statute' || kind === 'statute_prefix' ? proposal.pattern.trim() : normaliseText(proposal.pattern);
    if (alnum(keyOf(kind, pattern)) < MIN_PATTERN_ALNUM) {
      throw new Error(`the ${KINDS[kind]} “${pattern}” is too broad: it needs at least ${MIN_PATTERN_ALNUM} letters or digits`);
    }
    if (kind === 'statute_prefix' && !jurisdiction) {
      throw new Error('a statute prefix needs a jurisdiction: section numbers mean nothing outside their state');
    }
    const facts = kind === 'disposition'
      ? { disposition_class: proposal.disposition_class }
      : { traffic: proposal.traffic, level: proposal.level };
    for (const key of Object.keys(facts)) if (!facts[key]) delete facts[key];
    if (Object.keys(facts).length === 0) throw new Error('the correction sets nothing: choose a new reading');
    if (!String(addedBy ?? '').trim()) throw new Error('say who you are (Reviewer) before adding a correction');
    if (!String(reason ?? '').trim()) throw new Error('say why in the note: every entry carries who added it and why');
    const same = (e) => e.kind === kind && keyOf(kind, e[kind]) === keyOf(kind, pattern) && (e.jurisdiction ?? '') === jurisdiction;
    const at = this.entries.findIndex(same);
    const replaced = at >= 0 ? this.entries[at].id : null;
    const taken = new Set(this.entries.filter((_, i) => i !== at).map((e) => e.id));
    const entry = {
      id: replaced ?? idFor(kind, pattern, jurisdiction, taken),
      [kind]: pattern,
      ...(jurisdiction ? { jurisdiction } : {}),
      ...facts,
      added_by: addedBy.trim(),
      reason: reason.trim(),
      added_at: new Date().toISOString().slice(0, 10),
    };
    Object.defineProperty(entry, 'kind', { value: kind, enumerable: false });
    if (at >= 0) this.entries[at] = entry;
    else this.entries.push(entry);
    return { entry, replaced };
  }

  remove(id) {
    this.entries = this.entries.filter((e) => e.id !== id);
  }

  /** The dictionary file, as downloaded and uploaded. */
  fileText() {
    const file = { ...(this.tenantId ? { tenant_id: this.tenantId } : {}), entries: this.entries };
    return `${JSON.stringify(file, null, 2)}\n`;
  }

  /** The file's name: the tenant's, as `LOOKBACK_CLIENT_RULES_DIR` names it. */
  fileName() {
    return `${this.tenantId || 'tenant'}.dictionary.json`;
  }

  /**
   * What the engine reads: `{input, version, tenantId}` (the input is `context.charge_dictionary`,
   * without who added each entry and why, as the server sends it).
   */
  async forEngine() {
    const version = (await sha256Hex(this.fileText())).slice(0, 16);
    const entries = this.entries.map(({ added_by: _a, reason: _r, added_at: _d, ...rest }) => rest);
    return { input: JSON.stringify({ version, entries }), version, tenantId: this.tenantId };
  }
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The statute of a charge as the request body gives it (record_json bodies; none for XML, whose
 * statute the reviewer types), by court, case and offense id.
 */
export function statuteOf(bodyText, courtId, caseNumber, offenseId) {
  try {
    const results = JSON.parse(bodyText)?.record?.record_json?.criminal_search_results ?? [];
    for (const court of results) {
      if (court.court_search_id !== courtId) continue;
      for (const kase of court.criminal_records ?? []) {
        if (kase.case_number !== caseNumber) continue;
        const offense = (kase.offenses ?? []).find((o) => o.offense_id === offenseId);
        if (typeof offense?.statute === 'string') return offense.statute;
      }
    }
  } catch {
    // Not JSON (vendor XML typed into the box): no statute to offer.
  }
  return '';
}
