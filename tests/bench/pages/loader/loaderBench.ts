import { loadGalaxy, prepareLoader } from '../../../../src/data/loader';
import { originalLinks, originalPositions } from '../../baseline/originalDecode';

/** Request-to-ready in this browser: ours (worker, typed arrays) against the original's main-thread approach. */
async function oursReady(name: string): Promise<number> {
  const start = performance.now();
  const loaded = await loadGalaxy(name, { dataRoot: '/data', scale: 1.75 });
  const elapsed = performance.now() - start;
  if (!('graph' in loaded) || loaded.graph.starCount === 0) throw new Error('empty graph');
  return elapsed;
}

async function fetchOk(url: string): Promise<Response> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`Unexpected status code ${response.status} when calling ${url}`);
  return response;
}

async function originalReady(name: string): Promise<number> {
  const start = performance.now();
  const manifest = (await (await fetchOk(`/data/${name}/manifest.json?nocache=${Date.now()}`)).json()) as { last: string };
  const base = `/data/${name}/${manifest.last}`;
  // The original fetched one file after another: positions, links, labels.
  const positions = originalPositions(await (await fetchOk(`${base}/positions.bin`)).arrayBuffer(), 1.75);
  const links = originalLinks(await (await fetchOk(`${base}/links.bin`)).arrayBuffer());
  const labels = (await (await fetchOk(`${base}/labels.json`)).json()) as string[];
  const elapsed = performance.now() - start;
  if (positions.length === 0 || links.outLinks.length === 0 || labels.length === 0) throw new Error('empty graph');
  return elapsed;
}

/**
 * The floor under any loader: the manifest, then the three files fetched at once into ArrayBuffers
 * and nothing else done with them. No approach that has to download the files can beat it.
 */
async function transferOnly(name: string): Promise<number> {
  const start = performance.now();
  const manifest = (await (await fetchOk(`/data/${name}/manifest.json?nocache=${Date.now()}`)).json()) as { last: string };
  const base = `/data/${name}/${manifest.last}`;
  const buffers = await Promise.all(
    ['positions.bin', 'links.bin', 'labels.json'].map(async (file) => (await fetchOk(`${base}/${file}`)).arrayBuffer()),
  );
  const elapsed = performance.now() - start;
  if (buffers.some((buffer) => buffer.byteLength === 0)) throw new Error('empty file');
  return elapsed;
}

prepareLoader();

/**
 * Runs `load` while a message loop measures the longest the main thread went without answering:
 * what a visitor feels as a frozen page during the download.
 */
async function withMainThreadWatch(load: () => Promise<number>): Promise<{ readyMs: number; longestBlockMs: number }> {
  const channel = new MessageChannel();
  let running = true;
  let last = performance.now();
  let longest = 0;
  channel.port1.onmessage = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) channel.port2.postMessage(0);
  };
  channel.port2.postMessage(0);
  const readyMs = await load();
  running = false;
  channel.port1.close();
  return { readyMs, longestBlockMs: longest };
}

interface Run {
  readyMs: number;
  longestBlockMs: number;
}

declare global {
  interface Window {
    runLoaderBench(name: string, rounds: number): Promise<{ ours: Run[]; original: Run[]; transferOnly: Run[] }>;
  }
}

window.runLoaderBench = async (name, rounds) => {
  const ours: Run[] = [];
  const original: Run[] = [];
  const transfer: Run[] = [];
  for (let i = 0; i < rounds; i++) {
    ours.push(await withMainThreadWatch(() => oursReady(name)));
    original.push(await withMainThreadWatch(() => originalReady(name)));
    transfer.push(await withMainThreadWatch(() => transferOnly(name)));
  }
  return { ours, original, transferOnly: transfer };
};
