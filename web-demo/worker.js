// Runs ABI v1 calls (docs/abi.md) off the page's main thread, so the page can stop a call that
// runs past its deadline (by terminating this worker) and stays responsive meanwhile.
//
// This file imports nothing: the page loads its text once and starts every worker from an
// in-memory blob: URL, so a replacement worker starts even with the network cut.
//
// A compiled module reaches a worker once (`modules`, by key) and is instantiated from then on:
// every worker shares the page's compiled code. One fresh instance per call, with an empty import
// object: the module has no imports, and nothing survives from one call to the next. A message
// names one export, or `request`: both stages of each of its records (`items`), each record in an
// instance of its own, as the server runs a request (stage 1 keeps its record in the instance,
// `lookback_transform_keep`, and stage 2 decides on it, `lookback_evaluate_kept`). A batch sends
// many records in one message, so the worker goes from one to the next without waiting for the
// page.
//
// Instantiating is much of a call's cost, so after each message the worker instantiates the next
// one's instance while it would otherwise wait (`spare`); a call finds it ready instead of paying
// for it. The spare is never called before the record it is for, so every record still starts
// from the module's initial state.
//
// Inputs come as text and are encoded here: the page posting a body as bytes cost its main thread
// about twice what posting the same text does (README, Performance).
//
// What the page hears, all tagged with the message's `id`, each one restarting its deadline:
// per record (`item`), `transformed` (stage 1's answer) as stage 2 starts, then `text` (the last
// stage's answer) or `error` (a trap), with `ms`, the time each stage took here. Nothing as a
// message is taken up: the page knows when that is (runner.js `queued`).
//
// A `warm` message (a worker of its own, at page load) runs bundled samples only, to get V8's
// tier-up done before a reviewer's record comes (`warmUp`); it answers once, when done.

const fromUtf8 = new TextDecoder('utf-8');
const toUtf8 = new TextEncoder();

/** Compiled modules sent by the page, by key. */
const modules = new Map();

/** The instance prepared for the next call, and the key of its module. */
let spare = null;

/** A fresh instance of module `key`: the spare when it is of that module, else a new one. */
function freshInstance(key) {
  const ready = spare;
  spare = null;
  if (ready?.key === key) return ready.instance;
  return new WebAssembly.Instance(modules.get(key), {});
}

/** Instantiates the next call's instance now; a failure shows on that call instead. */
function prepareSpare(key) {
  try {
    spare = { key, instance: new WebAssembly.Instance(modules.get(key), {}) };
  } catch {
    spare = null;
  }
}

/**
 * Calls one export: input in (as UTF-8) through `lookback_alloc`, output read from the packed
 * `ptr << 32 | len` result, then freed. Returns the output text; a trap throws.
 * @param {WebAssembly.Instance} instance a fresh one, used for this record only
 * @param {string} name
 * @param {string | null} input null for exports without input (`lookback_info`)
 */
function call(instance, name, input) {
  const { memory, lookback_alloc: alloc, lookback_free: free } = instance.exports;
  const fn = instance.exports[name];
  let packed;
  if (input === null) {
    packed = fn();
  } else {
    const bytes = toUtf8.encode(input);
    const ptr = alloc(bytes.length) >>> 0;
    new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
    packed = fn(ptr, bytes.length);
  }
  packed = BigInt.asUintN(64, BigInt(packed));
  const outPtr = Number(packed >> 32n);
  const outLen = Number(packed & 0xffffffffn);
  // Read through a fresh view: the call may have grown (and so replaced) the memory buffer.
  if (outPtr + outLen > memory.buffer.byteLength) {
    throw new RangeError('result lies outside the module memory');
  }
  const text = fromUtf8.decode(new Uint8Array(memory.buffer, outPtr, outLen));
  free(outPtr, outLen);
  return text;
}

/** Whether stage 1's answer accepted the record (an unreadable one did not: the page says so). */
function accepted(transformed) {
  try {
    return JSON.parse(transformed).ok === true;
  } catch {
    return false;
  }
}

/**
 * Both stages of one record in a fresh instance: stage 1, then, when it accepted the record,
 * stage 2 on the record it kept. `stage2(transformed)` is called as stage 2 starts. Returns the
 * last stage's output text and how long each stage took.
 */
function request(key, { input, context }, stage2) {
  const t0 = performance.now();
  const instance = freshInstance(key);
  const transformed = call(instance, 'lookback_transform_keep', input);
  const t1 = performance.now();
  if (!accepted(transformed)) return { text: transformed, ms: [t1 - t0, 0] };
  stage2(transformed);
  const text = call(instance, 'lookback_evaluate_kept', context);
  return { text, ms: [t1 - t0, performance.now() - t1] };
}

/**
 * Warm-up calls an instance serves before the next is made. V8 counts a function's run towards
 * its optimisation per module, not per instance, so this does not slow tier-up (one instance for
 * all calls measured no faster); it is there so the fresh-instance paths warm up too.
 */
const WARM_INSTANCE_CALLS = 8;

/**
 * Runs both stages of `items` (bundled samples, never a reviewer's record) in turn for `rounds`
 * calls, so V8 moves the hot functions to its optimising compiler before a reviewer's first
 * record: it does so only after a function has run a while, and its code is the module's, shared
 * by every worker and instance. Answers are dropped; an instance serves `WARM_INSTANCE_CALLS`
 * calls.
 */
function warmUp(key, items, rounds) {
  let instance = null;
  for (let i = 0; i < rounds; i += 1) {
    if (i % WARM_INSTANCE_CALLS === 0) instance = new WebAssembly.Instance(modules.get(key), {});
    const { input, context } = items[i % items.length];
    try {
      if (accepted(call(instance, 'lookback_transform_keep', input))) call(instance, 'lookback_evaluate_kept', context);
    } catch {
      instance = new WebAssembly.Instance(modules.get(key), {});
    }
  }
}

self.onmessage = ({ data: { id, add, key, name, input, items, rounds } }) => {
  for (const [k, module] of add ?? []) modules.set(k, module);
  if (name === 'warm') {
    warmUp(key, items, rounds);
    self.postMessage({ id, warmed: rounds });
    return;
  }
  if (name === 'request') {
    for (const [item, record] of items.entries()) {
      try {
        const done = request(record.key, record, (transformed) => self.postMessage({ id, item, transformed }));
        self.postMessage({ id, item, ...done });
      } catch (error) {
        self.postMessage({ id, item, error: `${error?.message ?? error}` });
      }
    }
    prepareSpare(items.at(-1).key);
    return;
  }
  try {
    self.postMessage({ id, item: 0, text: call(freshInstance(key), name, input) });
  } catch (error) {
    self.postMessage({ id, item: 0, error: `${error?.message ?? error}` });
  }
  prepareSpare(key);
};

self.postMessage({ ready: true });
