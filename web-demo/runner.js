// Engine calls under a deadline. Each call runs in a worker (worker.js); a call past the deadline
// terminates the worker (the only way to stop running wasm) and a new one takes its place. Workers
// start from an in-memory blob: URL of worker.js, fetched once at load, so a replacement starts
// with the network cut too.
//
// A lane is one or two workers and their replacements. The single-record view uses the main lane
// (two workers taken in turn); a batch runs on a small pool of one-worker lanes (`lanePool`), many
// records to a message, for throughput. Each worker gets a compiled module once and keeps it.

/** A call failed the way a module can fail (CallError in runtime/src/limits.rs). */
export class StageError extends Error {}

let workerUrl = null;
let nextCallId = 0;
/** A number per compiled module: how workers name the modules they hold (worker.js). */
const moduleKeys = new WeakMap();
let nextModuleKey = 0;
/** For each live worker, the keys of the modules it holds. */
const workerModules = new WeakMap();
/** For each live worker, how to end its unfinished calls if it has to be stopped. */
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
   * queued on the same worker end too, their records unstarted: they would never be answered.
   */
  retire(worker) {
    worker.terminate();
    for (const end of [...unfinished.get(worker)?.values() ?? []]) end();
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

/** The key of a compiled module, given on first sight. */
function keyOf(module) {
  if (!moduleKeys.has(module)) moduleKeys.set(module, (nextModuleKey += 1));
  return moduleKeys.get(module);
}

/**
 * Sends one message to a worker of `lane` and follows it under the deadline: `count` records
 * (`items`) run in order there, each stage with `deadlineMs` of its own counted from the worker's
 * last word (worker.js), the first from when the worker takes the message up (`queued`).
 * `onStage2(item, transformText)` is called as a record's stage 2 starts;
 * `onItem(item, outcome)` as it ends, `outcome` being `{text, ms}` or `{error}` (a StageError in
 * the host's wording: a trap, the deadline, a dead worker). A record past the deadline stops the
 * worker (the only way to stop running wasm), and a new one takes its place. Resolves with the
 * records that never started (that worker was stopped first), for the caller to run again.
 * @param {Lane} lane
 * @param {Iterable<WebAssembly.Module>} used the modules the message names
 * @param {object} message worker.js's message, without `id` and `add`
 */
async function send(lane, used, message, count, deadlineMs, { onStage2, onItem }) {
  if (!workerUrl) await prepareWorkers();
  const worker = await lane.take();
  const id = (nextCallId += 1);
  const held = workerModules.get(worker) ?? new Set();
  workerModules.set(worker, held);
  // Messages reach a worker in order, so a module sent once serves every later message.
  const add = [];
  for (const module of used) {
    const key = keyOf(module);
    if (!held.has(key)) add.push([key, module]);
    held.add(key);
  }
  let next = 0; // the record the worker is on, or will start next
  return new Promise((resolve) => {
    let timer = null;
    let lastWord = 0;
    const settle = () => {
      clearTimeout(timer);
      timer = null;
      unfinished.get(worker)?.delete(id);
      worker.removeEventListener('message', onMessage);
      worker.removeEventListener('error', onError);
      resolve(Array.from({ length: count - next }, (_, i) => next + i));
      takeUpNext(worker, id);
    };
    // The record on the worker now fails with `reason`; the rest are left for another worker.
    const stop = (reason) => {
      onItem(next, { error: new StageError(reason) });
      next += 1;
      settle();
      lane.retire(worker);
    };
    // The deadline runs from the worker's last word. A word only notes its time: re-arming a
    // timer at every word cost a batch's main thread ~60 ms of 2,000 setTimeout/clearTimeout
    // pairs, so the one timer, when it fires, waits out what is left since the latest word.
    const watch = () => {
      const left = lastWord + deadlineMs - performance.now();
      if (left > 0) timer = setTimeout(watch, left);
      else stop(`deadline of ${deadlineMs} ms exceeded`);
    };
    const arm = () => {
      lastWord = performance.now();
      timer ??= setTimeout(watch, deadlineMs);
    };
    const onMessage = ({ data }) => {
      if (data?.id !== id) return;
      if ('transformed' in data) {
        onStage2?.(data.item, data.transformed);
      } else {
        next = data.item + 1;
        onItem(data.item, 'text' in data ? { text: data.text, ms: data.ms }
          : { error: new StageError(`module trapped: ${data.error}`) });
        if (next === count) {
          settle();
          return;
        }
      }
      arm();
    };
    const onError = (event) => stop(`engine call failed: ${event.message ?? 'worker error'}`);
    if (!unfinished.has(worker)) unfinished.set(worker, new Map());
    unfinished.get(worker).set(id, settle);
    worker.addEventListener('message', onMessage);
    worker.addEventListener('error', onError);
    worker.postMessage({ id, add, ...message });
    enqueue(worker, id, arm);
  });
}

/**
 * For each live worker, its messages not yet answered in full, in the order posted (`{id, begin}`).
 * A worker takes messages up one at a time, in that order, so a message's first record starts
 * when the worker is idle as it is posted, or else as the message before it is answered: its
 * deadline starts then (`begin`). Knowing this here saves the worker a word, and the page a
 * message, per call.
 */
const queued = new WeakMap();

/** Notes message `id` posted to `worker`; it starts now if the worker had nothing else to do. */
function enqueue(worker, id, begin) {
  if (!queued.has(worker)) queued.set(worker, []);
  const line = queued.get(worker);
  line.push({ id, begin });
  if (line.length === 1) begin();
}

/** Message `id` of `worker` is done: the one after it, if any, starts now. */
function takeUpNext(worker, id) {
  const line = queued.get(worker) ?? [];
  const at = line.findIndex((entry) => entry.id === id);
  if (at < 0) return;
  line.splice(at, 1);
  if (at === 0) line[0]?.begin();
}

/**
 * Gives each worker of the page's own lane `module` and a spare instance of it now (one
 * `lookback_info` call each), so a reviewer's first record finds both ready, as later ones do.
 */
export async function primeMainLane(module, deadlineMs) {
  for (let i = 0; i < mainLane.slots.length; i += 1) await callWithDeadline(module, 'lookback_info', null, deadlineMs);
}

/**
 * Runs both stages of `items` (`{input, context}` as text, bundled samples) `rounds` times in a worker of
 * its own, so V8 optimises the module's hot code before a reviewer's records run (worker.js
 * `warmUp`); the lanes' workers share that code. The worker is stopped when done or after
 * `limitMs`, whichever comes first: a module that loops keeps no core busy. Resolves with
 * whether it finished.
 */
export async function warmUp(module, items, rounds, limitMs) {
  if (!workerUrl) await prepareWorkers();
  if (takenOver.has(module)) return true;
  const worker = await spawn();
  if (takenOver.has(module)) {
    worker.terminate();
    return true;
  }
  const id = (nextCallId += 1);
  const key = keyOf(module);
  const finished = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), limitMs);
    const done = (outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    warming = { module, takenOver: () => done(true) };
    worker.addEventListener('message', ({ data }) => {
      if (data?.id === id) done(true);
    });
    worker.addEventListener('error', () => done(false));
    worker.postMessage({ id, add: [[key, module]], key, name: 'warm', items, rounds });
  });
  warming = null;
  worker.terminate();
  return finished;
}

/** The warm-up running now, if any: its module, and how to end it as done by other calls. */
let warming = null;
/** Modules whose warm-up other calls took over: one not yet started never starts. */
const takenOver = new WeakSet();

/**
 * Stops a warm-up of `module` still running, or about to, as done: the caller is about to run at
 * least as many calls of that module itself, which tier V8 up as well (its budgets are the
 * module's), and the warm-up would only take a core from them. Its promise resolves with true.
 */
export function takeOverWarmUp(module) {
  takenOver.add(module);
  if (warming?.module === module) warming.takenOver();
}

/**
 * Runs `name` of `module` on `input` (text, or null) in a fresh instance and returns the output
 * text; a trap, the deadline or a dead worker throws a StageError with the host's wording.
 */
export async function callWithDeadline(module, name, input, deadlineMs, lane = mainLane) {
  let outcome = null;
  await send(lane, [module], { key: keyOf(module), name, input }, 1, deadlineMs, {
    onItem: (_, result) => { outcome = result; },
  });
  if (outcome === null) throw interrupted();
  if (outcome.error) throw outcome.error;
  return outcome.text;
}

/** Why a call never ran: another call on its worker was stopped first. */
export function interrupted() {
  return new StageError('engine call interrupted: another call on the engine worker was stopped');
}

/**
 * Both stages of each record in `records` (`{module, input, context}`: the body, stage 2's
 * input, both as text; the worker encodes them), each in a fresh instance of its module, in one message to a worker of `lane`
 * (worker.js `request`). Calls `onStage2(i, transformText)` as record `i`'s stage 2 starts, which
 * gets a deadline of its own, and `onItem(i, outcome)` as it ends (see `send`). Resolves with the
 * records that never started, for the caller to run again.
 */
export function requestsWithDeadline(records, deadlineMs, lane = mainLane, { onStage2, onItem } = {}) {
  const items = records.map(({ module, input, context }) => ({ key: keyOf(module), input, context }));
  const used = new Set(records.map((r) => r.module));
  return send(lane, used, { name: 'request', items }, records.length, deadlineMs, { onStage2, onItem });
}
