import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { importGraph, type ImportedGraph } from '../../src/importers';

/** Drops a file on the page as a visitor's drag and drop would (dragenter, then drop with a DataTransfer). */
export async function dropFile(page: Page, file: string, bytes: Uint8Array = readFileSync(file)): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name }) => {
      const binary = atob(base64);
      const data = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) data[i] = binary.charCodeAt(i);
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name));
      return transfer;
    },
    { base64: Buffer.from(bytes).toString('base64'), name: path.basename(file) },
  );
  await page.dispatchEvent('body', 'dragenter', { dataTransfer });
  await page.dispatchEvent('body', 'drop', { dataTransfer });
}

/** The graph as `galaxy build` reads the same file. */
export function importFixture(file: string): ImportedGraph {
  return importGraph(readFileSync(file), file);
}

export function degrees(graph: ImportedGraph): { inDegree: Uint32Array; outDegree: Uint32Array } {
  const inDegree = new Uint32Array(graph.labels.length);
  const outDegree = new Uint32Array(graph.labels.length);
  for (let k = 0; k < graph.sources.length; k++) {
    outDegree[graph.sources[k]]++;
    inDegree[graph.targets[k]]++;
  }
  return { inDegree, outDegree };
}

/** The node with the most links (in + out), first by id on ties. */
export function busiestNode(graph: ImportedGraph): number {
  const { inDegree, outDegree } = degrees(graph);
  let best = 0;
  for (let i = 1; i < graph.labels.length; i++) if (inDegree[i] + outDegree[i] > inDegree[best] + outDegree[best]) best = i;
  return best;
}

export const count = (value: number) => value.toLocaleString('en-US');

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Searches for the star named `label`, opens its details and checks its degrees against the file's. */
export async function expectDegrees(page: Page, graph: ImportedGraph, id: number): Promise<void> {
  const label = graph.labels[id];
  const { inDegree, outDegree } = degrees(graph);
  await page.getByPlaceholder('enter a search term').fill(`^${escapeRegex(label)}$`);
  const results = page.locator('[data-window-key="search-results"]');
  await results.getByRole('button', { name: label, exact: true }).click();
  const details = page.getByTestId('star-details');
  await expect(details).toContainText(label);
  await expect(details.getByTestId('degree-in')).toContainText(count(inDegree[id]));
  await expect(details.getByTestId('degree-out')).toContainText(count(outDegree[id]));
}

/** Galaxies kept in this page's IndexedDB, read straight from the store. */
export async function keptGalaxyNames(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('galaxy-local', 1);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('galaxies', { keyPath: 'name' });
          open.result.createObjectStore('files');
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction(['galaxies', 'files'], 'readonly').objectStore('files').getAllKeys();
          request.onsuccess = () => {
            resolve(request.result.map(String));
            db.close();
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}
