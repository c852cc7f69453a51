/**
 * Loaded with `node --import` before anything else, so that libraries which keep a typed-array
 * constructor of their own (fflate does) count too: every typed array made with its own storage
 * (not a view over an existing buffer) adds its bytes to `globalThis.typedArrayBytes`.
 */
const counted = globalThis as typeof globalThis & { typedArrayBytes: number };
counted.typedArrayBytes = 0;

const constructors = ['Uint8Array', 'Int8Array', 'Uint16Array', 'Int16Array', 'Uint32Array', 'Int32Array', 'Float32Array', 'Float64Array'] as const;

for (const name of constructors) {
  const Base = globalThis[name] as unknown as new (...args: unknown[]) => ArrayBufferView;
  const Counting = class extends Base {
    constructor(...args: unknown[]) {
      super(...args);
      const first = args[0];
      if (!(first instanceof ArrayBuffer) && !(typeof SharedArrayBuffer !== 'undefined' && first instanceof SharedArrayBuffer)) counted.typedArrayBytes += this.byteLength;
    }
  };
  Object.defineProperty(Counting, 'name', { value: name });
  (globalThis as unknown as Record<string, unknown>)[name] = Counting;
}
