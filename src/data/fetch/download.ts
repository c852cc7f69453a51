import { GalaxyLoadError } from '../loadTypes';

export type FetchLike = (url: string, init: { signal?: AbortSignal }) => Promise<Response>;

/** Bytes received so far and the expected total (undefined when the server does not say). */
export type DownloadProgress = (loaded: number, total: number | undefined) => void;

/**
 * GET `url` into an ArrayBuffer with progress, mapping every failure to the SPEC section 8 texts:
 * non-200 status, network error (including a body cut short) and abort.
 */
export async function download(
  url: string,
  fetchImpl: FetchLike,
  signal: AbortSignal | undefined,
  onProgress?: DownloadProgress,
): Promise<ArrayBuffer> {
  const cancelled = () => new GalaxyLoadError(`Cancelled download of ${url}`, 'cancelled');
  if (signal?.aborted) throw cancelled();
  let response: Response;
  try {
    response = await fetchImpl(url, { signal });
  } catch {
    throw signal?.aborted ? cancelled() : new GalaxyLoadError(`Failed to download ${url}`, 'network');
  }
  if (response.status !== 200) {
    void response.body?.cancel().catch(() => undefined);
    throw new GalaxyLoadError(`Unexpected status code ${response.status} when calling ${url}`, 'status');
  }
  const lengthHeader = response.headers.get('Content-Length');
  const declared = lengthHeader === null ? undefined : Number(lengthHeader);
  const total = declared !== undefined && Number.isFinite(declared) && declared > 0 ? declared : undefined;
  if (!response.body) return response.arrayBuffer();

  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress?.(loaded, total);
    }
  } catch {
    throw signal?.aborted ? cancelled() : new GalaxyLoadError(`Failed to download ${url}`, 'network');
  }
  if (total !== undefined && loaded < total) throw new GalaxyLoadError(`Failed to download ${url}`, 'network');
  return concat(chunks, loaded);
}

function concat(chunks: Uint8Array[], length: number): ArrayBuffer {
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/** Progress text: a percentage when the size is known, else the bytes received so far. */
export function formatCompleted(loaded: number, total: number | undefined): string {
  if (total) return `${Math.min(100, Math.floor((loaded / total) * 100))}%`;
  return formatBytes(loaded);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
