import { GalaxyLoadError } from '../loadTypes';

export type FetchLike = (url: string, init: { signal?: AbortSignal }) => Promise<Response>;

/** Bytes received so far and the expected total (undefined when the server does not say). */
export type DownloadProgress = (loaded: number, total: number | undefined) => void;

/** GET `url` into an ArrayBuffer with progress; failures as downloadChunks says. */
export async function download(
  url: string,
  fetchImpl: FetchLike,
  signal: AbortSignal | undefined,
  onProgress?: DownloadProgress,
): Promise<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  await downloadChunks(url, fetchImpl, signal, (chunk) => {
    chunks.push(chunk);
    length += chunk.byteLength;
  }, onProgress);
  return concat(chunks, length);
}

/**
 * GET `url`, handing each chunk of the body to `onChunk` as it arrives (so it can be decoded while
 * the rest downloads), mapping every failure to the docs/rules.md#errors texts: non-200 status, network
 * error (including a body cut short) and abort. An error thrown by `onChunk` ends the download.
 */
export async function downloadChunks(
  url: string,
  fetchImpl: FetchLike,
  signal: AbortSignal | undefined,
  onChunk: (chunk: Uint8Array) => void,
  onProgress?: DownloadProgress,
): Promise<void> {
  const { response, total } = await openDownload(url, fetchImpl, signal);
  if (!response.body) {
    onChunk(new Uint8Array(await response.arrayBuffer()));
    return;
  }

  const reader = response.body.getReader();
  let loaded = 0;
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await reader.read();
    } catch {
      throw bodyFailed(url, signal);
    }
    if (read.done) break;
    try {
      onChunk(read.value);
    } catch (error) {
      void reader.cancel().catch(() => undefined);
      throw error;
    }
    loaded += read.value.byteLength;
    onProgress?.(loaded, total);
  }
  if (total !== undefined && loaded < total) throw new GalaxyLoadError(`Failed to download ${url}`, 'network');
}

function cancelledDownload(url: string): GalaxyLoadError {
  return new GalaxyLoadError(`Cancelled download of ${url}`, 'cancelled');
}

/** The error of a body that could not be read to its end: cancelled, or the network's. */
export function bodyFailed(url: string, signal: AbortSignal | undefined): GalaxyLoadError {
  return signal?.aborted ? cancelledDownload(url) : new GalaxyLoadError(`Failed to download ${url}`, 'network');
}

/**
 * GET `url` up to its status, with the body's declared length when the server says it; failures as
 * downloadChunks says (a status other than 200 cancels the body).
 */
export async function openDownload(url: string, fetchImpl: FetchLike, signal: AbortSignal | undefined): Promise<{ response: Response; total: number | undefined }> {
  if (signal?.aborted) throw cancelledDownload(url);
  let response: Response;
  try {
    response = await fetchImpl(url, { signal });
  } catch {
    throw bodyFailed(url, signal);
  }
  if (response.status !== 200) {
    void response.body?.cancel().catch(() => undefined);
    throw new GalaxyLoadError(`Unexpected status code ${response.status} when calling ${url}`, 'status');
  }
  const lengthHeader = response.headers.get('Content-Length');
  const declared = lengthHeader === null ? undefined : Number(lengthHeader);
  return { response, total: declared !== undefined && Number.isFinite(declared) && declared > 0 ? declared : undefined };
}

function concat(chunks: Uint8Array[], length: number): ArrayBuffer {
  // A body that came in one chunk is its own buffer: no copy (a tile worker downloads shards by the hundred).
  const only = chunks.length === 1 ? chunks[0] : undefined;
  if (only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength && only.buffer instanceof ArrayBuffer) return only.buffer;
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
