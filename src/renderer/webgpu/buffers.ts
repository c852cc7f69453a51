/** A buffer holding `data`, written at creation; sizes are rounded up to whole words (at least 16 bytes). */
export function uploadBuffer(device: GPUDevice, data: Float32Array | Uint8Array | Uint32Array, label: string, usage: GPUBufferUsageFlags): GPUBuffer {
  const size = Math.max(16, Math.ceil(data.byteLength / 4) * 4);
  const buffer = device.createBuffer({ label, size, usage, mappedAtCreation: true });
  new Uint8Array(buffer.getMappedRange()).set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  buffer.unmap();
  return buffer;
}
