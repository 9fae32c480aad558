// Runs ABI v1 calls (docs/abi.md) off the page's main thread, so the page can stop a call that
// runs past its deadline (by terminating this worker) and stays responsive meanwhile.
//
// This file imports nothing: the page loads its text once and starts every worker from an
// in-memory blob: URL, so a replacement worker starts even with the network cut.
//
// One fresh instance per call, with an empty import object: the module has no imports, and
// nothing survives from one call to the next. Instantiating is most of a call's cost, so right
// after each call the worker instantiates the next one's instance while the page is busy or
// idle (`spare`); a call finds it ready instead of paying for it. The spare is never called
// before the call it is for, so every call still starts from the module's initial state.

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

self.onmessage = async ({ data: { id, module, moduleKey, name, input } }) => {
  // The page starts the deadline from this acknowledgement, not from posting the call, so a
  // worker still starting up on a busy machine does not eat into the module's time.
  self.postMessage({ id, started: true });
  try {
    self.postMessage({ id, text: await call(await freshInstance(module, moduleKey), name, input) });
  } catch (error) {
    self.postMessage({ id, error: `${error?.message ?? error}` });
  }
  prepareSpare(module, moduleKey);
};

self.postMessage({ ready: true });
