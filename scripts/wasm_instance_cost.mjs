// What a fresh instance of an engine module costs V8 (Node, no page, no worker), for one or more
// module files compared in the same run: each file's layout (bytes, data segments, initial
// memory pages, memory after instantiation), then rounds that take every file in turn, each
// round timing instantiation alone, both stages of the body in a fresh instance, and both stages
// in one instance reused (the calls as tests/browser/bench.mjs's V8 section makes them), and
// instantiation of the same module with its data segments left out (what writing the memory
// image into each instance costs is the difference; that module is only instantiated). Medians
// over the rounds; the ratio fresh/reused is taken per round, so drift of the shared machine's
// load cancels. Prints one JSON line.
//
// usage: node scripts/wasm_instance_cost.mjs [--rounds N] [--body FILE] MODULE.wasm...

import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
let rounds = 2000;
let bodyFile = 'core-wasm/fixtures/ten-charges.json';
const files = [];
while (args.length > 0) {
  const arg = args.shift();
  if (arg === '--rounds') rounds = Number(args.shift());
  else if (arg === '--body') bodyFile = args.shift();
  else files.push(arg);
}
if (files.length === 0 || !(rounds >= 1)) {
  throw new Error('usage: node scripts/wasm_instance_cost.mjs [--rounds N] [--body FILE] MODULE.wasm...');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round3 = (x) => Math.round(x * 1000) / 1000;

/** Reads an unsigned LEB128 at `at`; returns [value, next offset]. */
function leb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (;;) {
    const byte = bytes[at];
    at += 1;
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if ((byte & 0x80) === 0) return [value, at];
  }
}

/** Sizes of the sections a fresh instance pays for: memory (initial pages) and data segments. */
function layout(bytes) {
  const out = { module_bytes: bytes.length, initial_pages: null, active_segments: 0, active_segment_bytes: 0, passive_segments: 0 };
  let at = 8;
  while (at < bytes.length) {
    const id = bytes[at];
    let size;
    [size, at] = leb(bytes, at + 1);
    const end = at + size;
    if (id === 5) {
      let p = leb(bytes, at)[1]; // count (one memory)
      const flags = bytes[p];
      [out.initial_pages] = leb(bytes, p + 1);
      if (flags > 1) throw new Error('unexpected memory flags');
    } else if (id === 11) {
      let [count, p] = leb(bytes, at);
      for (let i = 0; i < count; i += 1) {
        let kind;
        [kind, p] = leb(bytes, p);
        if (kind === 0) {
          // i32.const OFFSET end
          if (bytes[p] !== 0x41) throw new Error('data offset is not i32.const');
          p = leb(bytes, p + 1)[1];
          if (bytes[p] !== 0x0b) throw new Error('data offset expression too long');
          p += 1;
        } else if (kind !== 1) {
          throw new Error(`data segment kind ${kind} not read here`);
        }
        let len;
        [len, p] = leb(bytes, p);
        if (kind === 0) {
          out.active_segments += 1;
          out.active_segment_bytes += len;
        } else {
          out.passive_segments += 1;
        }
        p += len;
      }
    }
    at = end;
  }
  return out;
}

/** The module without its data and data-count sections (null if its code then fails to compile). */
function withoutData(bytes) {
  const kept = [bytes.subarray(0, 8)];
  let at = 8;
  while (at < bytes.length) {
    const [size, body] = leb(bytes, at + 1);
    if (bytes[at] !== 11 && bytes[at] !== 12) kept.push(bytes.subarray(at, body + size));
    at = body + size;
  }
  try {
    return new WebAssembly.Module(Buffer.concat(kept));
  } catch {
    return null;
  }
}

const utf8 = new TextEncoder();
const input = utf8.encode(readFileSync(bodyFile, 'utf8'));
const context = utf8.encode('{"context":{"now":"2026-11-22T05:00:00Z","correlation_id":"bench"}}');
const fromUtf8 = new TextDecoder();

/** One export called on `bytes`, as bench.mjs calls it; returns the answer's text. */
function call(instance, name, bytes) {
  const { memory, lookback_alloc: alloc, lookback_free: free } = instance.exports;
  const ptr = alloc(bytes.length) >>> 0;
  new Uint8Array(memory.buffer, ptr, bytes.length).set(bytes);
  const packed = BigInt.asUintN(64, BigInt(instance.exports[name](ptr, bytes.length)));
  const [outPtr, outLen] = [Number(packed >> 32n), Number(packed & 0xffffffffn)];
  const text = fromUtf8.decode(new Uint8Array(memory.buffer, outPtr, outLen));
  free(outPtr, outLen);
  return text;
}
const request = (instance) => [
  call(instance, 'lookback_transform_keep', input),
  call(instance, 'lookback_evaluate_kept', context),
];

const modules = files.map((file) => {
  const bytes = readFileSync(file);
  const module = new WebAssembly.Module(bytes);
  const probe = new WebAssembly.Instance(module, {});
  const answers = request(probe);
  // The answer apart from its timing, which differs run to run.
  const answer = answers[1].replace(/"(xml_transformer_ms|compliance_ms|total_ms|[a-z_]*_us)":[0-9.]+/g, '');
  return {
    file,
    module,
    bare: withoutData(bytes),
    reused: new WebAssembly.Instance(module, {}),
    layout: { ...layout(bytes), memory_bytes_after_instantiation: new WebAssembly.Instance(module, {}).exports.memory.buffer.byteLength },
    answer,
    instantiate: [],
    instantiateBare: [],
    fresh: [],
    again: [],
    ratio: [],
  };
});

// Long enough for V8 to move the hot functions to its optimising compiler.
for (let i = 0; i < 300; i += 1) for (const m of modules) request(new WebAssembly.Instance(m.module, {}));
for (let i = 0; i < rounds; i += 1) {
  for (const m of modules) {
    const t0 = performance.now();
    const instance = new WebAssembly.Instance(m.module, {});
    const t1 = performance.now();
    request(instance);
    const t2 = performance.now();
    request(m.reused);
    const t3 = performance.now();
    m.instantiate.push(t1 - t0);
    m.fresh.push(t2 - t0);
    m.again.push(t3 - t2);
    m.ratio.push((t2 - t0) / (t3 - t2));
    if (m.bare) {
      const t4 = performance.now();
      new WebAssembly.Instance(m.bare, {});
      m.instantiateBare.push(performance.now() - t4);
    }
  }
}

console.log(JSON.stringify({
  rounds,
  body: bodyFile,
  same_answers: modules.every((m) => m.answer === modules[0].answer),
  modules: modules.map((m) => ({
    file: m.file,
    ...m.layout,
    instantiate_ms: round3(median(m.instantiate)),
    instantiate_without_data_ms: m.bare ? round3(median(m.instantiateBare)) : null,
    fresh_ms: round3(median(m.fresh)),
    reused_ms: round3(median(m.again)),
    fresh_vs_reused: Math.round(median(m.ratio) * 100) / 100,
  })),
}));
