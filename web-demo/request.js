// The request the page evaluates: an `/evaluate` body, shown to the reviewer as a form (search
// fields, candidate, the record itself, other fields). Pure functions, no DOM.
//
// `splitBody` and `composeBody` are exact inverses or not used at all: a body the form cannot show
// exactly (a field of an unexpected type, keys beside `record`) is evaluated as written (raw), so
// the page always evaluates the very bytes a reviewer would send to the server.

/** Search fields on `record` shown in the form, in order. */
export const SEARCH_FIELDS = ['search_id', 'search_date', 'order_id', 'order_number', 'applicant_state', 'customer_state'];

/** Candidate fields shown in the form: `candidate_info.<name>`. */
export const CANDIDATE_FIELDS = ['first_name', 'middle_name', 'last_name', 'date_of_birth', 'ssn', 'address', 'annual_salary'];

/** Candidate fields that are numbers on the wire. */
const NUMBER_FIELDS = new Set(['annual_salary']);

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * What the record box holds: vendor XML, a record_json object, a whole `/evaluate` body, or text
 * that is none of these (sent as the body, so the engine answers it as the server would).
 * @param {string} text
 * @returns {{kind: 'empty'|'xml'|'record_json'|'body'|'raw', value?: any}}
 */
export function classifyRecord(text) {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  if (trimmed.startsWith('<')) return { kind: 'xml', value: text };
  try {
    const value = JSON.parse(trimmed);
    if (isObject(value) && 'record' in value) return { kind: 'body', value };
    if (isObject(value)) return { kind: 'record_json', value };
  } catch {
    // not JSON: evaluated as written
  }
  return { kind: 'raw', value: text };
}

/**
 * The form's view of a body. `fits(name, value)` says whether a form control can hold the value
 * exactly (a date input cannot hold `1980-13-45`, say).
 * @returns {{raw: false, fields: object, recordText: string, submissionType: string, extra: object} | {raw: true, text: string}}
 */
export function splitBody(body, fits = () => true) {
  const rawView = { raw: true, text: JSON.stringify(body, null, 2) };
  if (!isObject(body) || !isObject(body.record) || Object.keys(body).length !== 1) return rawView;
  const rest = { ...body.record };
  const fields = {};
  for (const name of SEARCH_FIELDS) {
    const value = rest[name];
    if (typeof value === 'string' && value !== '' && fits(name, value)) {
      fields[name] = value;
      delete rest[name];
    }
  }
  const candidate = rest.candidate_info;
  if (isObject(candidate) && Object.keys(candidate).length > 0
      && Object.entries(candidate).every(([k, v]) => candidateFits(k, v, fits))) {
    for (const [k, v] of Object.entries(candidate)) fields[`candidate.${k}`] = String(v);
    delete rest.candidate_info;
  }
  let recordText = '';
  if (isObject(rest.record_json) && classifyRecord(JSON.stringify(rest.record_json)).kind === 'record_json') {
    recordText = JSON.stringify(rest.record_json, null, 2);
    delete rest.record_json;
  } else if (typeof rest.xml === 'string' && classifyRecord(rest.xml).kind === 'xml') {
    recordText = rest.xml;
    delete rest.xml;
  }
  let submissionType = '';
  if (rest.submission_type === 'resubmit') {
    submissionType = 'resubmit';
    delete rest.submission_type;
  }
  const view = { raw: false, fields, recordText, submissionType, extra: rest };
  // Only an exact view is used: anything lost on the way back means evaluating as written.
  return sameJson(composeBody(view), body) ? view : rawView;
}

function candidateFits(name, value, fits) {
  if (!CANDIDATE_FIELDS.includes(name)) return false;
  const ok = NUMBER_FIELDS.has(name)
    ? typeof value === 'number' && Number.isFinite(value)
    : typeof value === 'string' && value !== '';
  return ok && fits(`candidate.${name}`, String(value));
}

/**
 * The body for a form view: the form's non-empty fields, the record box as `xml` or
 * `record_json`, `submission_type`, then the other fields (which win).
 * A raw view, or a record box that is a whole body or neither XML nor JSON, gives body text as is.
 * @returns {object | string} a body object, or the exact text to evaluate
 */
export function composeBody(view) {
  if (view.raw) return view.text;
  const record = {};
  for (const name of SEARCH_FIELDS) {
    const value = view.fields[name] ?? '';
    if (value !== '') record[name] = value;
  }
  const candidate = {};
  for (const name of CANDIDATE_FIELDS) {
    const value = view.fields[`candidate.${name}`] ?? '';
    if (value !== '') candidate[name] = NUMBER_FIELDS.has(name) ? Number(value) : value;
  }
  if (Object.keys(candidate).length > 0) record.candidate_info = candidate;
  const content = classifyRecord(view.recordText ?? '');
  switch (content.kind) {
    case 'xml': record.xml = content.value; break;
    case 'record_json': record.record_json = content.value; break;
    case 'body': return JSON.stringify(content.value);
    case 'raw': return content.value;
    default: break;
  }
  if (view.submissionType === 'resubmit') record.submission_type = 'resubmit';
  Object.assign(record, view.extra ?? {});
  return { record };
}

/** Deep equality of two JSON values, key order ignored. */
export function sameJson(a, b) {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameJson(v, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/** Body text to send: an object is serialised, text is sent as written. */
export function bodyText(body) {
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/**
 * A dropped or opened file's text: UTF-8, else ISO-8859-1 when an XML declaration names it
 * (byte for byte onto U+0000..U+00FF, as the engine's own reader does).
 * @param {Uint8Array} bytes
 */
export function decodeFile(bytes) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const head = String.fromCharCode(...bytes.subarray(0, 200)).toLowerCase();
    if (head.startsWith('<?xml') && /iso-?8859-1|iso_8859-1|latin-?1/.test(head)) {
      let text = '';
      for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
      return text;
    }
    throw new Error('the file is neither UTF-8 nor ISO-8859-1 text');
  }
}

/** base64url (RFC 4648 §5, no padding) of the UTF-8 bytes of `text`. */
export function encodeShare(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Inverse of encodeShare; throws a readable error for a damaged link. */
export function decodeShare(encoded) {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('the link holds characters that are not base64url');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  let binary;
  try {
    binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  } catch {
    throw new Error('the link is not valid base64url');
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('the link does not hold UTF-8 text');
  }
}

/** The `#record=` fragment of a location hash, or null. */
export function sharedRecord(hash) {
  const match = /^#record=(.*)$/s.exec(hash);
  return match ? match[1] : null;
}
