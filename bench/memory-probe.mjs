// @ts-nocheck: it patches WebAssembly globals, which the DOM and Node typings model as classes.
// Preloaded into the server by bench/memory.ts (`node --import ./bench/memory-probe.mjs …`): on SIGUSR2
// it writes the process's own view of its memory to MEMORY_PROBE_FILE, so the bench can say which part
// holds what (V8's heap, buffers outside it, WebAssembly memories such as PGlite's) beside the resident
// figure it reads from /proc. With MEMORY_PROBE_SNAPSHOT set it also writes a heap snapshot there.
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';

const memories = new Set();
const keep = (instance) => {
  for (const value of Object.values(instance?.exports ?? {})) {
    if (value instanceof WebAssembly.Memory) memories.add(new WeakRef(value));
  }
};
// Emscripten (PGlite, sharp has none: libvips is native) instantiates through one of these; its memory
// is exported by the instance or made by the JavaScript and handed in.
for (const name of ['instantiate', 'instantiateStreaming']) {
  const original = WebAssembly[name];
  WebAssembly[name] = async function (...args) {
    const result = await original.apply(this, args);
    keep(result instanceof WebAssembly.Instance ? result : result.instance);
    return result;
  };
}
const OriginalMemory = WebAssembly.Memory;
WebAssembly.Memory = function Memory(descriptor) {
  const memory = new OriginalMemory(descriptor);
  memories.add(new WeakRef(memory));
  return memory;
};
WebAssembly.Memory.prototype = OriginalMemory.prototype;

process.on('SIGUSR2', () => {
  let wasm = 0;
  for (const ref of memories) {
    const memory = ref.deref();
    if (memory) wasm += memory.buffer.byteLength;
    else memories.delete(ref);
  }
  const usage = process.memoryUsage();
  const heap = v8.getHeapSpaceStatistics().map((s) => ({ name: s.space_name, used: s.space_used_size }));
  const file = process.env.MEMORY_PROBE_FILE;
  if (process.env.MEMORY_PROBE_SNAPSHOT) v8.writeHeapSnapshot(process.env.MEMORY_PROBE_SNAPSHOT);
  if (file) writeFileSync(file, JSON.stringify({ ...usage, wasm, heap, at: Date.now() }));
});
