import { useCallback, useEffect, useRef, useState } from 'react';
import { baseName } from '../importers/fileName';
import type { GraphFormat } from '../importers/types';
import type { OpenGraphState } from '../panels/OpenGraphPanel';
import type { YourGalaxyItem } from '../panels/YourGalaxies';
import { timestampVersion } from '../publish/versionName';
import type { ImportSource } from './importProtocol';
import { importGraphFile } from './importGraphFile';
import { keptBytes, localGalaxies, type ListedGalaxy } from './localGalaxies';
import { galaxyNameFor, localRoute } from './localName';
import { browserMemoryBudget, buildCommand, formatBytes } from './memoryBudget';

function sourceName(source: ImportSource): string {
  if (source.kind === 'file') return source.file.name;
  try {
    return baseName(new URL(source.url).pathname) || source.url;
  } catch {
    return source.url;
  }
}

function toItem(galaxy: ListedGalaxy): YourGalaxyItem {
  return {
    name: galaxy.name,
    href: `#/galaxy/${localRoute(galaxy.name)}`,
    nodeCount: galaxy.nodeCount,
    edgeCount: galaxy.edgeCount,
    size: formatBytes(galaxy.bytes),
    settled: galaxy.settled,
    ...(galaxy.problem ? { problem: galaxy.problem } : {}),
  };
}

/** Whether a drag carries files (not text or a link dragged within the page). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Home's container for opening the visitor's own graph: the page-wide drop zone, the import in a
 * worker with progress and cancel, keeping the result in this browser, then opening it.
 * Nothing is written before the import has succeeded, so a failed or cancelled one leaves nothing.
 */
export function useOpenGraph(navigate: (hash: string) => void) {
  const [state, setState] = useState<OpenGraphState>({ kind: 'idle' });
  const [dragOver, setDragOver] = useState(false);
  const [format, setFormat] = useState<GraphFormat | undefined>(undefined);
  const [galaxies, setGalaxies] = useState<YourGalaxyItem[] | undefined>(undefined);
  const [storageError, setStorageError] = useState<string | undefined>(undefined);
  const active = useRef<AbortController | undefined>(undefined);

  const refresh = useCallback(() => {
    localGalaxies.list().then(
      (list) => {
        setGalaxies(list.map(toItem));
        setStorageError(undefined);
      },
      (error: unknown) => setStorageError(`Your galaxies cannot be listed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }, []);
  useEffect(refresh, [refresh]);
  useEffect(() => () => active.current?.abort(), []);

  const open = useCallback(
    async (source: ImportSource) => {
      if (active.current) return;
      const fileName = sourceName(source);
      const controller = new AbortController();
      active.current = controller;
      setState({ kind: 'importing', fileName, phase: 'reading', loaded: 0, total: source.kind === 'file' ? source.file.size : undefined });
      try {
        const outcome = await importGraphFile(source, {
          budget: browserMemoryBudget(),
          format,
          signal: controller.signal,
          onProgress: (progress) => {
            if (!controller.signal.aborted) setState({ kind: 'importing', fileName, ...progress });
          },
        });
        if (outcome.kind === 'cancelled') return setState({ kind: 'idle' });
        if (outcome.kind === 'error') return setState({ kind: 'error', fileName, message: outcome.message });
        const taken = new Set((await localGalaxies.list().catch(() => [])).map((galaxy) => galaxy.name));
        if (outcome.kind === 'too-big') {
          return setState({
            kind: 'too-big',
            fileName,
            needed: formatBytes(outcome.neededBytes),
            available: formatBytes(outcome.budget),
            command: buildCommand(fileName, galaxyNameFor(fileName, new Set())),
          });
        }
        const { files } = outcome;
        const name = galaxyNameFor(fileName, taken);
        const kept = { positions: files.positions.buffer as ArrayBuffer, links: files.links.buffer as ArrayBuffer, labels: files.labels };
        if (controller.signal.aborted) return setState({ kind: 'idle' });
        await localGalaxies.put(
          {
            name,
            version: timestampVersion(),
            sourceName: fileName,
            format: files.format,
            nodeCount: files.nodeCount,
            edgeCount: files.edgeCount,
            bytes: keptBytes(kept),
            createdAt: Date.now(),
            settled: false,
          },
          kept,
        );
        setState({ kind: 'idle' });
        navigate(`#/galaxy/${localRoute(name)}`);
      } catch (error) {
        setState({ kind: 'error', fileName, message: `This browser could not keep the galaxy: ${error instanceof Error ? error.message : String(error)}` });
      } finally {
        if (active.current === controller) active.current = undefined;
      }
    },
    [navigate, format],
  );

  const onFile = useCallback((file: File) => void open({ kind: 'file', file }), [open]);
  const onUrl = useCallback((url: string) => void open({ kind: 'url', url }), [open]);
  const onCancel = useCallback(() => {
    active.current?.abort();
    active.current = undefined;
    setState({ kind: 'idle' });
  }, []);
  const onDismiss = useCallback(() => setState({ kind: 'idle' }), []);
  const onRemove = useCallback(
    (name: string) => {
      localGalaxies.remove(name).then(refresh, (error: unknown) =>
        setStorageError(`${name} could not be removed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    [refresh],
  );

  // The whole page is the drop zone; a counter, since dragenter and dragleave fire for every child crossed.
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      setDragOver(true);
    };
    const over = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event) && !event.dataTransfer?.files.length) return;
      event.preventDefault();
      depth = 0;
      setDragOver(false);
      const file = event.dataTransfer?.files[0];
      if (file) onFile(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, [onFile]);

  return { state, dragOver, format, setFormat, galaxies, storageError, onFile, onUrl, onCancel, onDismiss, onRemove };
}
