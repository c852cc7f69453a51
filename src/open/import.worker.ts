/// <reference lib="webworker" />
import { detectFormat, importGraph, ImportError } from '../importers';
import { baseName } from '../importers/fileName';
import { encodeLabels, encodeLinks, encodePositions } from '../publish/encodeWire';
import type { ImportReply, ImportRequest } from './importProtocol';
import { KNOWN_FORMATS_TEXT } from './memoryBudget';
import { gzipUnpackedSize, readGraphBytes, TooBigError } from './readGraphBytes';
import { startingPositions } from './startingPositions';

declare const self: DedicatedWorkerGlobalScope;

function reply(message: ImportReply, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

/** An error meant for the visitor as it is. */
class OpenError extends Error {}

async function open(request: ImportRequest): Promise<{ stream: ReadableStream<Uint8Array>; total?: number; expected?: number; name: string }> {
  const { source } = request;
  if (source.kind === 'file') {
    const file = source.file;
    // Known ahead, so that a file too big is refused before any of it is read.
    let expected: number | undefined = file.size;
    if (/\.gz$/i.test(file.name) && file.size >= 18) {
      expected = gzipUnpackedSize(new Uint8Array(await file.slice(file.size - 4).arrayBuffer()));
    }
    return { stream: file.stream(), total: file.size, expected, name: file.name };
  }
  let response: Response;
  try {
    response = await fetch(source.url, { mode: 'cors' });
  } catch {
    throw new OpenError(
      `Failed to download ${source.url}: the host cannot be reached or does not allow other sites to read the file (CORS)`,
    );
  }
  if (!response.ok) throw new OpenError(`Unexpected status code ${response.status} when calling ${source.url}`);
  if (!response.body) throw new OpenError(`${source.url} sent no content`);
  const length = Number(response.headers.get('content-length') ?? NaN);
  const encoded = response.headers.get('content-encoding');
  const total = Number.isFinite(length) && !encoded ? length : undefined;
  return { stream: response.body, total, name: baseName(new URL(source.url).pathname) || 'graph' };
}

self.onmessage = async (event: MessageEvent<ImportRequest>) => {
  const request = event.data;
  try {
    const { stream, total, expected, name } = await open(request);
    const bytes = await readGraphBytes(stream, {
      total,
      expected,
      budget: request.budget,
      onProgress: (loaded) => reply({ type: 'progress', phase: 'reading', loaded, total }),
    });
    // Until an importer reports how far it is (those that read line by line do), the bar is indeterminate.
    reply({ type: 'progress', phase: 'parsing', loaded: 0, total: undefined });
    const format = request.format ?? detectFormat(name, bytes);
    if (!format) {
      throw new OpenError(`${name}: not a graph format this viewer knows. Known formats: ${KNOWN_FORMATS_TEXT}.`);
    }
    const inputBytes = total ?? bytes.length;
    let percentSent = -1;
    const graph = importGraph(bytes, name, format, (share) => {
      const percent = Math.floor(100 * share);
      if (percent === percentSent) return;
      percentSent = percent;
      reply({ type: 'progress', phase: 'parsing', loaded: Math.round(share * inputBytes), total: inputBytes });
    });
    const nodeCount = graph.labels.length;
    if (nodeCount === 0) throw new OpenError(`${name}: the file holds no nodes`);
    reply({ type: 'progress', phase: 'encoding', loaded: total ?? bytes.length, total });
    const positions = encodePositions(startingPositions(nodeCount));
    const links = encodeLinks(nodeCount, graph.sources, graph.targets);
    reply(
      {
        type: 'done',
        files: {
          format,
          nodeCount,
          edgeCount: graph.sources.length,
          stats: graph.stats,
          positions,
          links,
          labels: encodeLabels(graph.labels),
          inputBytes: total ?? bytes.length,
        },
      },
      [positions.buffer, links.buffer],
    );
  } catch (error) {
    if (error instanceof TooBigError) reply({ type: 'too-big', neededBytes: error.neededBytes, budget: error.budget });
    else if (error instanceof ImportError || error instanceof OpenError) reply({ type: 'error', message: error.message });
    else if (error instanceof RangeError) {
      // The engine ran out of room for a string or an array despite the estimate.
      reply({ type: 'too-big', neededBytes: request.budget * 2, budget: request.budget });
    } else {
      reply({ type: 'error', message: `Could not read the file: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
};
