/** A buffer holding `data`, written at creation; sizes are rounded up to whole words (at least 16 bytes). */
export function uploadBuffer(device: GPUDevice, data: Float32Array | Uint8Array | Uint32Array, label: string, usage: GPUBufferUsageFlags): GPUBuffer {
  const size = Math.max(16, Math.ceil(data.byteLength / 4) * 4);
  const buffer = device.createBuffer({ label, size, usage, mappedAtCreation: true });
  new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  buffer.unmap();
  return buffer;
}

/**
 * Whether `count` elements of `a` from `aStart` equal those of `b` from `bStart`: what a buffer was
 * last written with against what a frame would write, so that an unchanged write is left out.
 */
export function sameElements(a: ArrayLike<number>, aStart: number, b: ArrayLike<number>, bStart: number, count: number): boolean {
  for (let i = 0; i < count; i++) if (a[aStart + i] !== b[bStart + i]) return false;
  return true;
}
