// Engine calls under a deadline. Each call runs in a worker (worker.js); a call past the deadline
// terminates the worker (the only way to stop running wasm) and a new one takes its place. Workers
// start from an in-memory blob: URL of worker.js, fetched once at load, so a replacement starts
// with the network cut too.
//
// A lane is one worker and its replacements. The single-record view uses the main lane; a batch
// runs on a small pool of lanes (`lanePool`), one record at a time on each, for throughput.

/** A call failed the way a module can fail (CallError in host/src/engine/limits.rs). */
export class StageError extends Error {}

let workerUrl = null;
let nextCallId = 0;
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

/** One worker at a time; a stopped worker is replaced at once. */
export class Lane {
  constructor() {
    this.current = null;
  }

  async take() {
    try {
      return await (this.current ??= spawn());
    } catch (error) {
      this.current = null;
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
    this.current = spawn();
    this.current.catch(() => { this.current = null; });
  }

  /** Stops this lane's worker for good (a finished batch). */
  close() {
    const current = this.current;
    this.current = null;
    current?.then((worker) => worker.terminate(), () => {});
  }
}

const mainLane = new Lane();

/** `size` fresh lanes for a batch; close them when it is done. */
export function lanePool(size) {
  return Array.from({ length: size }, () => new Lane());
}

/**
 * Runs `name` of `module` on `input` in a fresh instance and returns the output text; a trap,
 * the deadline or a dead worker throws a StageError with the host's wording.
 */
export async function callWithDeadline(module, name, input, deadlineMs, lane = mainLane) {
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
    worker.postMessage({ id, module, name, input });
  });
}
