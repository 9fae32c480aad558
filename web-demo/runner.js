// Engine calls under a deadline. Each call runs in a worker (worker.js); a call past the deadline
// terminates the worker (the only way to stop running wasm) and a new one takes its place. Workers
// start from an in-memory blob: URL of worker.js, fetched once at load, so a replacement starts
// with the network cut too.
//
// A lane is one or two workers and their replacements. The single-record view uses the main lane
// (two workers taken in turn); a batch runs on a small pool of one-worker lanes (`lanePool`), one
// record at a time on each, for throughput.

/** A call failed the way a module can fail (CallError in runtime/src/limits.rs). */
export class StageError extends Error {}

let workerUrl = null;
let nextCallId = 0;
/** A number per module, so a worker knows whether its prepared spare instance is of it. */
const moduleKeys = new WeakMap();
let nextModuleKey = 0;
/** For each live worker, how to fail its unfinished calls if it has to be stopped. */
const unfinished = new WeakMap();

/** Loads worker.js once and starts the main lane's worker; call at page load, while online. */
export async function prepareWorkers() {
  workerUrl ??= fetch(new URL('./worker.js', import.meta.url), { credentials: 'omit' })
    .then((response) => {
      if (!response.ok) throw new Error(`could not load the engine worker (HTTP ${response.status})`);
      return response.text();
    })
    .then((text) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' })));
  await mainLane.take();
}

/** A promise of a worker that has started and said it is ready. */
async function spawn() {
  const worker = new Worker(await workerUrl);
  await new Promise((resolve, reject) => {
    worker.addEventListener('message', ({ data }) => data?.ready && resolve(), { once: true });
    worker.addEventListener('error', () => reject(new Error('engine worker could not start')), { once: true });
  });
  return worker;
}

/**
 * A lane's workers, taken in turn; a stopped worker is replaced at once. With two, a call runs on
 * one while the other instantiates its spare for the next call (worker.js), so back-to-back
 * calls (transform, then evaluate) do not wait for instantiation.
 */
export class Lane {
  constructor(size = 1) {
    /** Per slot: the promise of its worker, and the worker once started. */
    this.slots = Array.from({ length: size }, () => null);
    this.workers = Array.from({ length: size }, () => null);
    this.turn = 0;
  }

  async take() {
    const slot = this.turn;
    this.turn = (this.turn + 1) % this.slots.length;
    try {
      const worker = await (this.slots[slot] ??= spawn());
      this.workers[slot] = worker;
      return worker;
    } catch (error) {
      this.slots[slot] = null;
      throw new StageError(`engine unavailable: ${error.message}; reload the page`);
    }
  }

  /**
   * Stops a worker whose call ran away (or broke) and starts its replacement at once. Calls
   * queued on the same worker fail too: they would never be answered.
   */
  retire(worker) {
    worker.terminate();
    for (const fail of unfinished.get(worker)?.values() ?? []) fail();
    const slot = this.workers.indexOf(worker);
    if (slot < 0) return;
    this.workers[slot] = null;
    const replacement = spawn();
    this.slots[slot] = replacement;
    replacement.catch(() => { if (this.slots[slot] === replacement) this.slots[slot] = null; });
  }

  /** Stops this lane's workers for good (a finished batch). */
  close() {
    const slots = this.slots;
    this.slots = slots.map(() => null);
    this.workers = this.workers.map(() => null);
    for (const current of slots) current?.then((worker) => worker.terminate(), () => {});
  }
}

const mainLane = new Lane(2);

/** `size` fresh lanes for a batch; close them when it is done. */
export function lanePool(size) {
  return Array.from({ length: size }, () => new Lane());
}

/**
 * Runs `name` of `module` on `input` in a fresh instance and returns the output text; a trap,
 * the deadline or a dead worker throws a StageError with the host's wording. `name` may be
 * `request` (worker.js): both stages of one record, `input` the body and `context` stage 2's
 * input; `onStage2(transformText)` is called as stage 2 starts, which gets a deadline of its own.
 */
export async function callWithDeadline(module, name, input, deadlineMs, lane = mainLane, { context, onStage2 } = {}) {
  if (!workerUrl) await prepareWorkers();
  const worker = await lane.take();
  const id = (nextCallId += 1);
  return new Promise((resolve, reject) => {
    let timer;
    const settle = (outcome) => {
      clearTimeout(timer);
      unfinished.get(worker)?.delete(id);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      outcome();
    };
    const onMessage = ({ data }) => {
      if (data?.id !== id) return;
      if (data.started) {
        clearTimeout(timer);
        if ('transformed' in data) onStage2?.(data.transformed);
        timer = setTimeout(() => settle(() => {
          lane.retire(worker);
          reject(new StageError(`deadline of ${deadlineMs} ms exceeded`));
        }), deadlineMs);
        return;
      }
      settle(() => ('text' in data ? resolve(data.text) : reject(new StageError(`module trapped: ${data.error}`))));
    };
    const onError = (event) => settle(() => {
      lane.retire(worker);
      reject(new StageError(`engine call failed: ${event.message ?? 'worker error'}`));
    });
    if (!unfinished.has(worker)) unfinished.set(worker, new Map());
    unfinished.get(worker).set(id, () => settle(() => reject(
      new StageError('engine call interrupted: another call on the engine worker was stopped'))));
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    if (!moduleKeys.has(module)) moduleKeys.set(module, (nextModuleKey += 1));
    worker.postMessage({ id, module, moduleKey: moduleKeys.get(module), name, input, context });
  });
}
