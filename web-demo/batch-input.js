// Many records in: several files, a folder (opened or dropped), or NDJSON files of `/evaluate`
// bodies. Each record becomes the body text the single view would evaluate for it: a whole body
// as written; vendor XML as `{"record":{"xml":...}}`; a record_json object as a resubmission.

import { classifyRecord, decodeFile } from './request.js';

/** Files read from a folder; anything else in it (images, notes) is left out. */
const RECORD_FILE = /\.(json|xml|ndjson|jsonl)$/i;
const LINES_FILE = /\.(ndjson|jsonl)$/i;

/**
 * The body text for one record, as the single view composes it from the record box alone.
 * @param {string} text
 */
export function bodyOfRecord(text) {
  const content = classifyRecord(text);
  switch (content.kind) {
    case 'xml': return JSON.stringify({ record: { xml: content.value } });
    case 'record_json': return JSON.stringify({ record: { record_json: content.value, submission_type: 'resubmit' } });
    // A whole body, or text that is neither: evaluated exactly as written.
    default: return text;
  }
}

/**
 * The records of one file: one per non-empty line of an NDJSON file, else the file itself.
 * @param {string} name
 * @param {string} text
 * @returns {{source: string, text: string}[]}
 */
export function recordsOfText(name, text) {
  if (!LINES_FILE.test(name)) {
    return text.trim() === '' ? [] : [{ source: name, text: bodyOfRecord(text) }];
  }
  const out = [];
  text.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() !== '') out.push({ source: `${name}:${i + 1}`, text: bodyOfRecord(line) });
  });
  return out;
}

/**
 * The records of files, in name order; a file that is not text becomes a record with a problem.
 * @param {File[]} files
 * @returns {Promise<{source: string, text?: string, problem?: string}[]>}
 */
export async function recordsOfFiles(files) {
  const named = files.map((file) => ({ file, name: file.webkitRelativePath || file.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const out = [];
  for (const { file, name } of named) {
    try {
      out.push(...recordsOfText(name, decodeFile(new Uint8Array(await file.arrayBuffer()))));
    } catch (error) {
      out.push({ source: name, problem: error.message });
    }
  }
  return out;
}

/** Files chosen from a folder input: only the record files. */
export function recordFilesOf(fileList) {
  return [...fileList].filter((file) => RECORD_FILE.test(file.name));
}

/**
 * The files of a drop: dropped files as they are, dropped folders walked (their record files only).
 * @param {DataTransfer} transfer
 * @returns {Promise<File[]>}
 */
export async function droppedFiles(transfer) {
  const entries = [...(transfer.items ?? [])]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry?.())
    .filter(Boolean);
  if (entries.length === 0) return [...(transfer.files ?? [])];
  const files = [];
  for (const entry of entries) {
    if (entry.isDirectory) files.push(...recordFilesOf(await folderFiles(entry)));
    else files.push(await fileOf(entry));
  }
  return files;
}

/** A dropped file, named by its path inside the drop so rows say where a record came from. */
const fileOf = (entry) => new Promise((resolve, reject) => entry.file(resolve, reject))
  .then((file) => new File([file], entry.fullPath.replace(/^\//, ''), { type: file.type }));

/** Every file under a dropped folder; the reader answers in chunks until an empty one. */
async function folderFiles(directory) {
  const reader = directory.createReader();
  const files = [];
  for (;;) {
    const chunk = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
    if (chunk.length === 0) return files;
    for (const entry of chunk) {
      if (entry.isDirectory) files.push(...await folderFiles(entry));
      else files.push(await fileOf(entry));
    }
  }
}
