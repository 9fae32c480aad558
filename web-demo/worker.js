// Runs ABI v1 calls (docs/abi.md) off the page's main thread, so the page can stop a call that
// runs past its deadline (by terminating this worker) and stays responsive meanwhile.
//
// This file imports nothing: the page loads its text once and starts every worker from an
// in-memory blob: URL, so a replacement worker starts even with the network cut.
//
// One fresh instance per message, with an empty import object: the module has no imports, and
// nothing survives from one message to the next. A message names one export, or `request`: both
// stages of one record in one instance, as the server runs them (stage 1 keeps its record in the
// instance, `lookback_transform_keep`, and stage 2 decides on it, `lookback_evaluate_kept`).
// Instantiating is most of a call's cost, so right after each message the worker instantiates
// the next one's instance while the page is busy or idle (`spare`); a call finds it ready
// instead of paying for it. The spare is never called before the message it is for, so every
// message still starts from the module's initial state.

const fromUtf8 = new TextDecoder('utf-8');

/** The instance prepared for the next call, and the module it is of. */
let spare = null;

/** A fresh instance of `module`: the spare when it is of the same module, else a new one. */
function freshInstance(module, moduleKey) {
  const ready = spare;
  spare = null;
  if (ready && ready.moduleKey === moduleKey) return ready.instance;
  return WebAssembly.instantiate(module, {});
}

/** Starts instantiating the next call's instance; a failure surfaces on that call. */
function prepareSpare(module, moduleKey) {
  const instance = WebAssembly.instantiate(module, {});
  instance.catch(() => {});
  spare = { moduleKey, instance };
}

/**
 * Calls one export: input in through `lookback_alloc`, output read from the packed
 * `ptr << 32 | len` result, then freed. Returns the output text; a trap throws.
 * @param {WebAssembly.Instance} instance a fresh one, used for this call only
 * @param {string} name
 * @param {Uint8Array | null} input null for exports without input (`lookback_info`)
 */
async function call(instance, name, input) {
  const { memory, lookback_alloc: alloc, lookback_free: free } = instance.exports;
  const fn = instance.exports[name];
  let packed;
  if (input === null) {
    packed = fn();
  } else {
    const ptr = alloc(input.length) >>> 0;
    new Uint8Array(memory.buffer, ptr, input.length).set(input);
    packed = fn(ptr, input.length);
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

/**
 * Both stages of one record in `instance`: stage 1, then, when it accepted the record, stage 2 on
 * the record it kept. `stage2` is told stage 1's answer as stage 2 starts. Returns the last
 * stage's output text.
 */
async function request(instance, body, context, stage2) {
  const transformed = await call(instance, 'lookback_transform_keep', body);
  let accepted = false;
  try {
    accepted = JSON.parse(transformed).ok === true;
  } catch {
    // Unreadable: the page reports it as stage 1's failure.
  }
  if (!accepted) return transformed;
  stage2(transformed);
  return call(instance, 'lookback_evaluate_kept', context);
}

self.onmessage = async ({ data: { id, module, moduleKey, name, input, context } }) => {
  // The page starts the deadline from this acknowledgement, not from posting the call, so a
  // worker still starting up on a busy machine does not eat into the module's time. A request's
  // stage 2 is acknowledged the same way, with stage 1's answer, and gets a deadline of its own.
  self.postMessage({ id, started: true });
  try {
    const instance = await freshInstance(module, moduleKey);
    const text = name === 'request'
      ? await request(instance, input, context, (transformed) => self.postMessage({ id, started: true, transformed }))
      : await call(instance, name, input);
    self.postMessage({ id, text });
  } catch (error) {
    self.postMessage({ id, error: `${error?.message ?? error}` });
  }
  prepareSpare(module, moduleKey);
};

self.postMessage({ ready: true });
