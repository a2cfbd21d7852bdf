// A Pyodide memory snapshot stored as its difference (XOR) from the memory a fresh
// instance starts with. Most of that memory is the wasm's data segment (3.5 MB), which
// the snapshot would otherwise send a second time; as a difference it is nearly all
// zeros. Used by the worker (to restore) and by buildtools/make_snapshot.mjs (to make).

let onFresh = null;
let hooked = false;

// Calls fn(HEAPU8) once, with the memory of the next Pyodide instance right after the
// wasm is instantiated (its data segment in place), before a snapshot is restored.
// Pyodide loads its runtime script, which sets globalThis._createPyodideModule, and then
// calls it with the module's settings: the wrapper puts a preRun step first.
export function whenMemoryIsFresh(fn) {
  onFresh = fn;
  if (hooked) return;
  hooked = true;
  let create = globalThis._createPyodideModule;
  Object.defineProperty(globalThis, "_createPyodideModule", {
    configurable: true,
    get: () => create && ((settings) => {
      const step = (Module) => {
        const call = onFresh;
        onFresh = null;
        if (call) call(Module.HEAPU8);
      };
      settings.preRun = [step, ...[settings.preRun ?? []].flat()];
      return create(settings);
    }),
    set: (value) => { create = value; },
  });
}

// XORs the memory image in a snapshot from Pyodide's makeMemorySnapshot() (a header,
// then the memory) with `memory`, in place: makes the difference and undoes it.
export function xorMemory(snapshot, memory) {
  const bytes = ArrayBuffer.isView(snapshot) ? new Uint8Array(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength)
    : new Uint8Array(snapshot);
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 2)[1]; // a multiple of 16
  const words = Math.min(memory.length, bytes.length - header) >>> 2;
  const a = new Uint32Array(bytes.buffer, bytes.byteOffset + header, words);
  const b = new Uint32Array(memory.buffer, memory.byteOffset, words);
  for (let i = 0; i < words; i++) a[i] ^= b[i];
}
